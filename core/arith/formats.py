"""Text formats of masked arithmetic.

Read (the kind is told by the content):
- one line: `SEND+MORE=MONEY`, `ABC-DE=FG`, `4*F* x *O* = ***R***` (no partial products),
  `****/**=**` (exact) or `****/**=** r *`;
- mushikui_solver's multiplication file: `a b`, multiplicand, multiplier, one partial product a
  line (the multiplier's last digit first), product;
- the long-division file: `dividend / divisor = quotient`, then one `x - y = z` line per quotient
  digit (an empty line for a digit 0), and `# extra:` side conditions;
- a vertical layout as printed: right-aligned rows, an operator (+ - x ×) before the last
  operand, rule lines of `-` between the sections.
Write: the one-line form, the vertical layout (add, sub, mul) and the two files.
"""

from __future__ import annotations

import re

from core.arith.model import (
    BLANK,
    BLANK_CHARS,
    SHOWN,
    BlanksNot,
    DivisionStep,
    NotDigit,
    Puzzle,
    Rules,
    filled,
)
from core.errors import ParseError

MAX_ROW = 400  # cells in one row: a longer "number" is a mistake, not a puzzle
MAX_ROWS = 500
OPERATORS = {"+": "add", "-": "sub", "x": "mul", "X": "mul", "×": "mul", "/": "div", "÷": "div"}
RULE = re.compile(r"^\s*[-=_─━]{2,}\s*$")
MUL_HEADER = re.compile(r"^\s*([0-9]{1,6})\s+([0-9]{1,6})\s*$")
DIV_HEADER = re.compile(r"^\s*(\S+)\s*[/÷]\s*(\S+)\s*=\s*(\S+)\s*$")
DIV_STEP = re.compile(r"^\s*(\S+)\s*-\s*(\S+)\s*=\s*(\S+)\s*$")
NOT_DIGIT = re.compile(r"^\s*(\S)\s*(?:!=|≠)\s*([0-9])\s*$")
BLANKS_NOT = re.compile(r"^\s*blanks in (.+?) are not ([0-9])\b")
ROLE_WORDS = ("dividend", "divisor", "quotient", "multiplicand", "multiplier", "product",
              "result", "working", "subtrahend", "rest", "partial", "operand")


def _content(lines: list[str]) -> list[tuple[int, str]]:
    return [(n, line) for n, line in enumerate(lines, 1)
            if line.strip() and not line.lstrip().startswith("#")
            and not re.match(r"^\s*kind\s*:", line, re.IGNORECASE)]


def iter_puzzles(text: str):
    """(line, puzzle or its ParseError) for each puzzle: a file of one-line calculations (a
    TSV's last column, as in alphametics.tsv) holds many; any other layout holds one."""
    lines = text.splitlines()
    content = [(n, line) for n, line in _content(lines)
               if line.split("\t")[-1].strip() != "puzzle"]  # a TSV's header
    first = content[0][1] if content else ""
    many = (len(content) > 1 and not MUL_HEADER.match(first) and not DIV_HEADER.match(first)
            and all("=" in line and not RULE.match(line) for _, line in content))
    if not many:
        try:
            yield (content[0][0] if content else 1), parse(text)
        except ParseError as error:
            yield error.line, error
        return
    for number, line in content:
        expression = line.split("\t")[-1]
        column = len(line) - len(expression)
        try:
            yield number, _one_line(number, expression, Rules())
        except ParseError as error:
            yield number, ParseError(error.message, number, error.column + column)


def parse(text: str) -> Puzzle:
    """One calculation. A shape (its `@` cells are digits a generator is to choose) is not a
    puzzle: parse_shape reads those."""
    puzzle = _parse(text)
    if any(SHOWN in cells for _, cells in puzzle.rows()):
        line, column = _first(text, SHOWN)
        raise ParseError(f"`{SHOWN}` marks a digit for the generator to choose: this is a shape "
                         f"for `generate arith --shape`, not a puzzle", line, column)
    return puzzle


def parse_shape(text: str) -> Puzzle:
    """An author's shape for the generator: `@` a digit to choose and show, `*` a blank,
    letters letters, digits fixed."""
    shape = _parse(text)
    if not any(SHOWN in cells for _, cells in shape.rows()):
        raise ParseError(f"the shape has no {SHOWN} cell for the generator to fill", 1, 1)
    return shape


def _first(text: str, ch: str) -> tuple[int, int]:
    """Line and column of the first `ch` outside comments."""
    for number, line in enumerate(text.splitlines(), 1):
        if ch in line and not line.lstrip().startswith("#"):
            return number, line.index(ch) + 1
    return 1, 1


def _parse(text: str) -> Puzzle:
    lines = text.splitlines()
    if len(lines) > MAX_ROWS:
        raise ParseError(f"too many lines ({len(lines)}; at most {MAX_ROWS})", MAX_ROWS + 1, 1)
    content = _content(lines)
    if not content:
        raise ParseError("no calculation found", 1, 1)
    extras = _extras(lines)
    first_number, first = content[0]
    if MUL_HEADER.match(first):
        return _multiplication_file(content, extras)
    if DIV_HEADER.match(first) and len(content) > 1:
        return _division_file(lines, first_number, extras)
    if len(content) == 1 and "=" in first:
        return _one_line(first_number, first, extras)
    if any(")" in line for _, line in content):
        return _vertical_division(content, extras)
    return _vertical(content, extras)


# --- rows and side conditions --------------------------------------------------------------

def _row(text: str, line: int, column: int) -> str:
    """The cells of one number, blanks written as BLANK; errors point at the bad character."""
    if not text:
        raise ParseError("an empty row", line, column)
    if len(text) > MAX_ROW:
        raise ParseError(f"a row of {len(text)} cells (at most {MAX_ROW})", line, column)
    cells = []
    for i, ch in enumerate(text):
        if ch in BLANK_CHARS:
            cells.append(BLANK)
        elif ch.isspace() or ch in "+-=/×÷|()<>,;:\"'`\\" or not ch.isprintable():
            raise ParseError(f"unexpected character {ch!r} in a number", line, column + i)
        elif ch.isdigit() and not ch.isascii():
            raise ParseError(f"use ASCII digits, not {ch!r}", line, column + i)
        else:
            cells.append(ch)
    return "".join(cells)


LEADING_ZEROS = "leading zeros allowed"
BLANKS_DISTINCT = "blanks differ from letters"


def _extras(lines: list[str]) -> Rules:
    """The rules in `# extra:` lines: side conditions, and the two switches."""
    conditions = []
    switches = {LEADING_ZEROS: False, BLANKS_DISTINCT: False}
    for number, line in enumerate(lines, 1):
        match = re.match(r"^\s*#\s*extra\s*:\s*(.*)$", line)
        if not match:
            continue
        rule, column = match.group(1), match.start(1) + 1
        if rule.strip().lower() in switches:
            switches[rule.strip().lower()] = True
        elif m := NOT_DIGIT.match(rule):
            conditions.append(NotDigit(m.group(1), int(m.group(2))))
        elif m := BLANKS_NOT.match(rule):
            roles = tuple(w for w in ROLE_WORDS if re.search(rf"\b{w}", m.group(1)))
            if not roles:
                raise ParseError(f"no row named in {m.group(1)!r}", number, column)
            conditions.append(BlanksNot(roles, int(m.group(2))))
        else:
            raise ParseError(f"unknown side condition; write `X != 5`, `blanks in dividend "
                             f"and quotient are not 7`, `{LEADING_ZEROS}` or "
                             f"`{BLANKS_DISTINCT}`", number, column)
    return Rules(leading_zeros=switches[LEADING_ZEROS],
                 blanks_distinct=switches[BLANKS_DISTINCT], extras=tuple(conditions))


# --- the one-line form ---------------------------------------------------------------------

def _one_line(number: int, line: str, rules: Rules) -> Puzzle:
    left, _, right = line.partition("=")
    offset = len(left) + 1
    remainder = None
    if m := re.match(r"^(.*?)\s+[rR]\s+(\S+)\s*$", right):
        right, remainder = m.group(1), m.group(2)
    result = _row(right.strip(), number, offset + len(right) - len(right.lstrip()) + 1)
    mul = re.split(r"\s+[xX]\s+|×", left)
    if len(mul) == 2:
        rows = _terms(mul, left, number)
        return Puzzle("mul", tuple(rows), result, rules=rules)
    div = re.split(r"[/÷]", left)
    if len(div) == 2:
        rows = _terms(div, left, number)
        rest = _row(remainder, number, len(line) - len(remainder) + 1) if remainder else "0"
        return Puzzle("div", tuple(rows), result, remainder=rest, rules=rules)
    if "-" in left and "+" not in left:
        parts = left.split("-")
        if len(parts) != 2:
            raise ParseError("a subtraction has two numbers", number, len(parts[0]) + 1)
        return Puzzle("sub", tuple(_terms(parts, left, number)), result, rules=rules)
    parts = left.split("+")  # one part alone is a sum of one number (`A=B`)
    return Puzzle("add", tuple(_terms(parts, left, number)), result, rules=rules)


def _terms(parts: list[str], left: str, line: int) -> list[str]:
    rows, start = [], 0
    for part in parts:
        at = left.index(part, start)
        stripped = part.strip()
        rows.append(_row(stripped, line, at + len(part) - len(part.lstrip()) + 1))
        start = at + len(part) + 1  # past the operator
    return rows


# --- mushikui_solver's multiplication file -------------------------------------------------

def _multiplication_file(content: list[tuple[int, str]], rules: Rules) -> Puzzle:
    (header_line, header), *rows = content
    m = MUL_HEADER.match(header)
    a, b = int(m.group(1)), int(m.group(2))
    if a < 1 or b < 1 or a > MAX_ROW or b > MAX_ROW:
        raise ParseError("digit counts must be between 1 and 400", header_line, 1)
    expected = 2 + b + 1 if b > 1 else 3
    if len(rows) != expected:
        raise ParseError(f"a {b}-digit multiplier needs {b} partial products: expected "
                         f"{expected} rows after the header, found {len(rows)}",
                         rows[-1][0] if rows else header_line, 1)
    cells = [(n, _row(text.strip(), n, len(text) - len(text.lstrip()) + 1)) for n, text in rows]
    multiplicand, multiplier = cells[0][1], cells[1][1]
    for (n, row), want, role in ((cells[0], a, "multiplicand"), (cells[1], b, "multiplier")):
        if len(row) != want:
            raise ParseError(f"the {role} has {len(row)} digits; the header says {want}", n, 1)
    partials = tuple(row for _, row in cells[2:-1]) if b > 1 else ()
    return Puzzle("mul", (multiplicand, multiplier), cells[-1][1], partials=partials, rules=rules)


# --- the long-division file ----------------------------------------------------------------

def _division_file(lines: list[str], header_line: int, rules: Rules) -> Puzzle:
    header = lines[header_line - 1]
    m = DIV_HEADER.match(header)
    dividend, divisor, quotient = (_row(m.group(i), header_line, m.start(i) + 1)
                                   for i in (1, 2, 3))
    steps = []
    body = [(n, line) for n, line in enumerate(lines[header_line:], header_line + 1)
            if not line.lstrip().startswith("#")]
    for n, line in body[:len(quotient)]:
        if not line.strip():
            steps.append(None)
            continue
        s = DIV_STEP.match(line)
        if not s:
            raise ParseError("a step reads `working - subtrahend = rest` (or is empty for a "
                             "quotient digit 0)", n, 1)
        steps.append(DivisionStep(*(_row(s.group(i), n, s.start(i) + 1) for i in (1, 2, 3))))
    if len(steps) != len(quotient) or any(line.strip() for _, line in body[len(quotient):]):
        last = body[-1][0] if body else header_line
        raise ParseError(f"the quotient has {len(quotient)} digits: expected that many step "
                         f"lines, found {len([ln for ln in body if ln[1].strip()])}", last, 1)
    if all(step is None for step in steps):
        raise ParseError("no subtraction shown", header_line, 1)
    return Puzzle("div", (dividend, divisor), quotient, steps=tuple(steps), rules=rules)


# --- the vertical layout -------------------------------------------------------------------

def _vertical(content: list[tuple[int, str]], rules: Rules) -> Puzzle:
    """Sections between rule lines; the operator stands before the last operand."""
    sections: list[list[tuple[int, int, str]]] = [[]]  # (line, column of last cell, cells)
    op = None
    for number, line in content:
        if RULE.match(line):
            sections.append([])
            continue
        stripped = line.strip()
        start = len(line) - len(line.lstrip()) + 1
        if stripped[0] in OPERATORS and len(stripped) > 1 and stripped[1].isspace():
            if op is not None:
                raise ParseError("a second operator", number, start)
            op = OPERATORS[stripped[0]]
            rest = stripped[1:].lstrip()
            start = start + len(stripped) - len(rest)
            stripped = rest
        cells = _row(stripped, number, start)
        sections[-1].append((number, start + len(stripped) - 1, cells))
    sections = [s for s in sections if s]
    if op is None:
        raise ParseError("no operator (+ - x ×) before the last operand", content[0][0], 1)
    right = sections[0][0][1]
    for section in sections:
        for number, end, _ in section:
            shifted = op == "mul" and section is not sections[0] and section is not sections[-1]
            if end != right and not shifted:
                raise ParseError(f"this row ends in column {end}; the rows above end in column "
                                 f"{right}: align numbers on the right", number, end)
    rows = [[cells for _, _, cells in section] for section in sections]
    if op in ("add", "sub"):
        if len(sections) != 2 or len(rows[1]) != 1:
            raise ParseError("an addition is operands, a rule line, then one result",
                             content[-1][0], 1)
        if op == "sub" and len(rows[0]) != 2:
            raise ParseError("a subtraction has two numbers above the rule", content[0][0], 1)
        return Puzzle(op, tuple(rows[0]), rows[1][0], rules=rules)
    if op == "mul":
        return _vertical_multiplication(sections, rows, rules)
    raise ParseError("write a long division in the division file format", content[0][0], 1)


def _vertical_division(content: list[tuple[int, str]], rules: Rules) -> Puzzle:
    """Quotient over a rule, `divisor ) dividend`, then for each subtraction the subtrahend, a
    rule, and the next working number (the rest with the digits brought down); the last line is
    the final remainder. Rows are placed by the column of their last digit."""
    at = next(i for i, (_, line) in enumerate(content) if ")" in line)
    number, line = content[at]
    left, _, right = line.partition(")")
    origin = len(left) + 1 + len(right) - len(right.lstrip())  # the dividend's first column
    divisor = _row(left.strip(), number, len(left) - len(left.lstrip()) + 1)
    dividend = _row(right.strip(), number, origin + 1)
    above = [(n, text) for n, text in content[:at] if not RULE.match(text)]
    if len(above) != 1:
        raise ParseError("one quotient line goes above the dividend", number, 1)
    q_line, q_text = above[0]
    quotient = _row(q_text.strip(), q_line, len(q_text) - len(q_text.lstrip()) + 1)
    last_column = origin + len(dividend) - 1
    if len(q_text.rstrip()) - 1 != last_column:
        raise ParseError("the quotient's last digit goes over the dividend's last digit",
                         q_line, len(q_text.rstrip()))
    below = []
    for n, text in content[at + 1:]:
        if not RULE.match(text):
            start = len(text) - len(text.lstrip())
            below.append((n, _row(text.strip(), n, start + 1), len(text.rstrip()) - 1))
    if not below or len(below) % 2:
        raise ParseError("below the dividend: a subtrahend, a rule and a line for each step, "
                         "and the remainder last", below[-1][0] if below else number, 1)
    width = len(dividend) - len(quotient) + 1
    steps: list[DivisionStep | None] = [None] * len(quotient)
    working = dividend[:width]
    places = []
    for i in range(0, len(below), 2):
        n, subtrahend, end = below[i]
        digit = end - (origin + width - 1)
        if not 0 <= digit < len(quotient) or (places and digit <= places[-1]):
            raise ParseError("this subtrahend is not under a quotient digit's working number",
                             n, end + 1)
        places.append(digit)
        nxt_n, nxt, nxt_end = below[i + 1]
        later = below[i + 2][2] - (origin + width - 1) if i + 2 < len(below) else None
        if later is None:
            rest = nxt
        else:
            brought = later - digit
            rest = nxt[:len(nxt) - brought] or "0"
        steps[digit] = DivisionStep(working, subtrahend, rest)
        working = nxt
    return Puzzle("div", (dividend, divisor), quotient, steps=tuple(steps), rules=rules)


def _vertical_multiplication(sections, rows, rules: Rules) -> Puzzle:
    if len(rows[0]) != 2:
        raise ParseError("a multiplication has two numbers above the first rule",
                         sections[0][0][0], 1)
    multiplicand, multiplier = rows[0]
    if len(sections) == 2:
        return Puzzle("mul", (multiplicand, multiplier), rows[1][0], rules=rules)
    if len(sections) != 3 or len(rows[2]) != 1:
        raise ParseError("a multiplication is: two numbers, a rule, the partial products, a "
                         "rule, the product", sections[-1][-1][0], 1)
    right = sections[0][0][1]
    partials = rows[1]
    if len(partials) != len(multiplier):
        raise ParseError(f"{len(partials)} partial products for a {len(multiplier)}-digit "
                         f"multiplier", sections[1][-1][0], 1)
    for i, (number, end, _) in enumerate(sections[1]):
        if end != right - i:
            raise ParseError(f"partial product {i + 1} should end in column {right - i}",
                             number, end)
    return Puzzle("mul", (multiplicand, multiplier), rows[2][0], partials=tuple(partials),
                  rules=rules)


# --- writers -------------------------------------------------------------------------------

def format_line(puzzle: Puzzle) -> str:
    a = puzzle.operands
    if puzzle.op == "add":
        return "+".join(a) + "=" + puzzle.result
    if puzzle.op == "sub":
        return f"{a[0]}-{a[1]}={puzzle.result}"
    if puzzle.op == "mul":
        return f"{a[0]} x {a[1]} = {puzzle.result}"
    rest = "" if puzzle.remainder in ("", "0") else f" r {puzzle.remainder}"
    return f"{a[0]}/{a[1]}={puzzle.result}{rest}"


def format_division_vertical(puzzle: Puzzle) -> str:
    """The long division as printed (see _vertical_division). A rest and the next working
    number share one line: the working number's cells are written."""
    dividend, divisor = puzzle.operands
    quotient = puzzle.result
    head = f"{divisor} ) "
    origin = len(head)
    width = len(dividend) - len(quotient) + 1
    lines = [" " * (origin + len(dividend) - len(quotient)) + quotient,
             " " * origin + "-" * len(dividend), head + dividend]

    def at(cells: str, end: int) -> str:
        return " " * (end - len(cells) + 1) + cells

    shown = [(digit, step) for digit, step in enumerate(puzzle.steps) if step is not None]
    # the first working number is the dividend's head: one line shows what both rows know
    lines[-1] = head + _merged(dividend, shown[0][1].working)
    for i, (digit, step) in enumerate(shown):
        end = origin + width - 1 + digit
        lines.append(at(step.subtrahend, end))
        lines.append(at("-" * max(len(step.working), len(step.subtrahend)), end))
        if i + 1 < len(shown):
            later, following = shown[i + 1]
            working = following.working
            if len(working) == len(step.remainder) + later - digit:  # rest, then digits down
                working = _merged(working, step.remainder)
            lines.append(at(working, origin + width - 1 + later))
        else:
            lines.append(at(step.remainder, end))
    return _with_extras(puzzle, "\n".join(lines) + "\n")


def _merged(row: str, head: str) -> str:
    """`row` with its first cells taken from `head` where the row has a blank: the two rows
    are the same digits, and the printed line shows what either row shows."""
    cells = [h if r == BLANK else r for r, h in zip(row, head, strict=False)]
    return "".join(cells) + row[len(cells):]


def format_vertical(puzzle: Puzzle) -> str:
    if puzzle.op == "div":
        return format_division_vertical(puzzle) if puzzle.steps else format_line(puzzle) + "\n"
    symbol = {"add": "+", "sub": "-", "mul": "x"}[puzzle.op]
    bottom = [puzzle.result]
    middle = list(puzzle.partials)
    width = 2 + max([len(r) for r in [*puzzle.operands, *bottom]]
                    + [len(p) + i for i, p in enumerate(middle)])
    lines = [row.rjust(width) for row in puzzle.operands[:-1]]
    lines.append(symbol + puzzle.operands[-1].rjust(width - 1))
    rule = "-" * width
    lines.append(rule)
    if middle:
        lines += [(p + " " * i).rjust(width).rstrip() for i, p in enumerate(middle)]
        lines.append(rule)
    lines.append(puzzle.result.rjust(width))
    return _with_extras(puzzle, "\n".join(lines) + "\n")


def format_multiplication_file(puzzle: Puzzle) -> str:
    multiplicand, multiplier = puzzle.operands
    rows = [f"{len(multiplicand)} {len(multiplier)}", multiplicand, multiplier,
            *puzzle.partials, puzzle.result]
    return _with_extras(puzzle, "\n".join(rows) + "\n")


def format_division_file(puzzle: Puzzle) -> str:
    dividend, divisor = puzzle.operands
    lines = [f"{dividend} / {divisor} = {puzzle.result}"]
    for step in puzzle.steps:
        lines.append("" if step is None else
                     f"{step.working} - {step.subtrahend} = {step.remainder}")
    return _with_extras(puzzle, "\n".join(lines) + "\n")


def _with_extras(puzzle: Puzzle, text: str) -> str:
    if puzzle.rules.leading_zeros:
        text += f"# extra: {LEADING_ZEROS}\n"
    if puzzle.rules.blanks_distinct:
        text += f"# extra: {BLANKS_DISTINCT}\n"
    for extra in puzzle.rules.extras:
        if isinstance(extra, NotDigit):
            text += f"# extra: {extra.letter} != {extra.digit}\n"
        else:
            text += f"# extra: blanks in {' and '.join(extra.roles)} are not {extra.digit}\n"
    return text


def format(puzzle: Puzzle, style: str = "vertical") -> str:  # noqa: A001 - the family interface
    if style == "line":
        return _with_extras(puzzle, format_line(puzzle) + "\n")
    if style == "vertical":
        return format_vertical(puzzle)
    if style == "file":
        if puzzle.op == "mul" and puzzle.partials:
            return format_multiplication_file(puzzle)
        if puzzle.op == "div" and puzzle.steps:
            return format_division_file(puzzle)
        return format_line(puzzle) + "\n"
    raise ValueError(f"unknown arithmetic text style {style!r} (line, vertical or file)")


PROBE = "〇"  # a character no calculation prints: it finds where a row's cells stand


def printed_cells(puzzle: Puzzle) -> dict[tuple[int, int], tuple[int, int]]:
    """Where each cell of the model, (row, column) in `rows()` order, stands in the vertical
    text, as (line, column) counted from 0. Found by printing the calculation with every cell
    blank and one row marked: the layout depends on row lengths only, and a long division's
    shared line shows whichever of its two rows is not blank."""
    rows = [cells for _, cells in puzzle.rows()]
    blank = [BLANK * len(cells) for cells in rows]
    places: dict[tuple[int, int], tuple[int, int]] = {}
    for r, cells in enumerate(rows):
        probe = filled(puzzle, (*blank[:r], PROBE * len(cells), *blank[r + 1:]))
        marks = [(y, x) for y, line in enumerate(format_vertical(probe).split("\n"))
                 for x, ch in enumerate(line) if ch == PROBE]
        places.update(((r, c), at) for c, at in enumerate(marks))
    return places


def shared_cells(puzzle: Puzzle) -> list[tuple[tuple[int, int], ...]]:
    """Cells printed as one: single cells, except in a long division, where a working
    number's head is printed on one line with the dividend (the first) or the rest before
    it (the others). The generator shows or blanks them together, so the file and the
    printed layout agree; the logic solver takes them for one digit."""
    rows = puzzle.rows()
    index = {role: r for r, (role, _) in enumerate(rows)}
    partner: dict[tuple[int, int], tuple[int, int]] = {}
    shown = [(d, s) for d, s in enumerate(puzzle.steps, 1) if s is not None]
    if shown:
        width = len(puzzle.operands[0]) - len(puzzle.result) + 1
        if shown[0][0] == 1 and len(shown[0][1].working) == width:  # the dividend's head
            for c in range(width):
                partner[(index["working 1"], c)] = (index["dividend"], c)
        for (digit, step), (later, following) in zip(shown, shown[1:], strict=False):
            if len(following.working) == len(step.remainder) + later - digit:
                for c in range(len(step.remainder)):
                    partner[(index[f"working {later}"], c)] = (index[f"rest {digit}"], c)
    groups: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for r, (_, cells) in enumerate(rows):
        for c in range(len(cells)):
            key = partner.get((r, c), (r, c))
            groups.setdefault(key, []).append((r, c))
    return [tuple(group) for group in groups.values()]
