"""Sudoku text formats: one-line puzzles (also many to a file), and grids with optional box rules.

Read: `.`, `0` or `*` for a blank, symbols 1-9 then A-Z; `#` comments; `key: value` headers;
box rules and Simple Sudoku's and HoDoKu's frames (`*-----------*`);
`id puzzle rating` lines; qqwing's readable, compact, one-line and CSV output (its prose and
statistics lines are skipped). Write: one line, or a readable grid with box rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from core.errors import ParseError
from core.sudoku.model import BOX_SHAPES, SYMBOLS, Puzzle, Shape

MAX_TEXT = 5_000_000  # characters; a larger "puzzle file" is a mistake, not a puzzle
BLANKS = ".0*"
SIZE_BY_CELLS = {n * n: n for n in BOX_SHAPES}
RULE_CHARS = set("-+|= ")
# a frame's corner where rules meet: Simple Sudoku's and HoDoKu's `*-----------*`, and
# HoDoKu's `.-------.-------.`; only beside a `-`, so a row of blanks is never one
FRAME_CORNER = re.compile(r"(?<=-)[*.]|[*.](?=-)")
HEADER = re.compile(r"^\s*([A-Za-z][A-Za-z _-]*):(.*)$")
PROSE = re.compile(r"^\s*[A-Z][a-z]+\b")  # qqwing's "The solution ...", "Number of ...", "Puzzle,"
TOKEN = re.compile(r"[^\s,;]+")


def parse(text: str) -> Puzzle:
    """Exactly one puzzle, in any of the formats above."""
    puzzles = list(iter_puzzles(text))
    if not puzzles:
        raise ParseError("no puzzle found", 1, 1)
    for _, item in puzzles:
        if isinstance(item, ParseError):
            raise item
    if len(puzzles) > 1:
        raise ParseError(f"the text holds {len(puzzles)} puzzles; expected one", puzzles[1][0], 1)
    return puzzles[0][1]


def iter_puzzles(text: str) -> Iterator[tuple[int, Puzzle | ParseError]]:
    """(line number, puzzle or the error of that puzzle) for each puzzle in the text, in order."""
    if len(text) > MAX_TEXT:
        raise ParseError(f"the text is too long ({len(text)} characters; at most {MAX_TEXT})", 1, 1)
    lines = _content_lines(text)
    if not lines:
        return
    if _is_collection(lines):
        for number, line in lines:
            try:
                yield number, _parse_line(number, line)
            except ParseError as error:
                yield number, error
    else:
        try:
            yield lines[0][0], _parse_grid(lines)
        except ParseError as error:
            yield error.line, error


def _content_lines(text: str) -> list[tuple[int, str]]:
    """Lines that may hold puzzle symbols, with their 1-based numbers."""
    lines = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped or stripped.startswith("#") or PROSE.match(line):
            continue
        header = HEADER.match(line)
        if header:
            key, value = header.group(1).strip().lower(), header.group(2).strip().lower()
            if key == "kind" and value != "sudoku":
                column = len(line) - len(line[line.index(":") + 1:].lstrip()) + 1
                raise ParseError(f"kind is '{value}', not sudoku", number, column)
            continue
        lines.append((number, line))
    return lines


def _puzzle_token(line: str) -> re.Match | None:
    """The longest token of a line that has the length of a whole one-line puzzle."""
    tokens = [m for m in TOKEN.finditer(line) if len(m.group()) in SIZE_BY_CELLS]
    return max(tokens, key=lambda m: len(m.group()), default=None)


def _is_collection(lines: list[tuple[int, str]]) -> bool:
    first = _puzzle_token(lines[0][1])
    if first is None:
        return len(lines) == 1  # one line that is not a grid row: report it as a bad one-liner
    # n rows of n symbols is a grid even when n*n... happens to be a one-line length (16x16 vs 4x4)
    width = len(first.group())
    return not (len(lines) == width and width in BOX_SHAPES)


def _parse_line(number: int, line: str) -> Puzzle:
    token = _puzzle_token(line)
    if token is None:
        text = max(TOKEN.findall(line), key=len, default="")
        start = line.index(text) + 1 if text else 1
        lengths = ", ".join(str(c) for c in SIZE_BY_CELLS)
        raise ParseError(
            f"a one-line Sudoku has {lengths} cells; found {len(text)} characters", number, start
        )
    size = SIZE_BY_CELLS[len(token.group())]
    start = token.start() + 1
    values = [_symbol(ch, size, number, start + i) for i, ch in enumerate(token.group())]
    return Puzzle(Shape.of_size(size), tuple(values))


def _is_rule(line: str) -> bool:
    """A line of box rules (`---+---`), or of a frame (`*-----------*`), without a cell."""
    return set(FRAME_CORNER.sub("-", line)) <= RULE_CHARS


def _parse_grid(lines: list[tuple[int, str]]) -> Puzzle:
    rows = []
    for number, line in lines:
        if _is_rule(line):
            continue
        cells = [(col, ch) for col, ch in enumerate(line, 1) if ch not in "|+ \t"]
        rows.append((number, cells))
    if not rows:
        raise ParseError("only rule lines: no grid row with symbols", lines[0][0], 1)
    size = len(rows[0][1])
    if size not in BOX_SHAPES:
        sizes = ", ".join(str(n) for n in BOX_SHAPES)
        raise ParseError(f"a grid row has {sizes} symbols; found {size}", rows[0][0], 1)
    for number, cells in rows:
        if len(cells) != size:
            column = cells[size][0] if len(cells) > size else (cells[-1][0] + 1 if cells else 1)
            raise ParseError(f"this row has {len(cells)} symbols; the first row has {size}",
                             number, column)
    if len(rows) != size:
        number = rows[size][0] if len(rows) > size else rows[-1][0]
        raise ParseError(f"found {len(rows)} rows; a {size}x{size} grid has {size}", number, 1)
    values = [_symbol(ch, size, number, col) for number, cells in rows for col, ch in cells]
    return Puzzle(Shape.of_size(size), tuple(values))


def _symbol(ch: str, size: int, line: int, column: int) -> int:
    if ch in BLANKS:
        return 0
    value = SYMBOLS.find(ch) + 1
    if value == 0:
        raise ParseError(f"unknown symbol {ch!r} (use 1-9, A-Z, and . or 0 for a blank)",
                         line, column)
    if value > size:
        raise ParseError(f"symbol {ch!r} is beyond the {size} symbols of a {size}x{size} grid",
                         line, column)
    return value


MASK_GIVEN = "#xX" + SYMBOLS  # a symbol too: a puzzle is its own pattern
MASK_EMPTY = ".0"


def parse_mask(text: str) -> tuple[bool, ...]:
    """An author's pattern of givens (`generate sudoku --mask`), True for a given cell: a row
    a line (spaces, `|` and rule lines of `-+=` skipped) or one line of every cell; `#`, `x`
    or a symbol (1-9, A-Z) marks a given, `.` or `0` an empty cell. No comments: `#` is a
    given. ParseError with line and column for anything else."""
    if len(text) > MAX_TEXT:
        raise ParseError(f"the text is too long ({len(text)} characters)", 1, 1)
    rows = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or (set(line) <= RULE_CHARS | {"\t"} and set(line) & set("-+=")):
            continue
        cells = [(col, ch) for col, ch in enumerate(line, 1) if ch not in "|+ \t"]
        for col, ch in cells:
            if ch not in MASK_GIVEN + MASK_EMPTY:
                raise ParseError(f"{ch!r} is not a mask cell: # x or a digit for a given, . or "
                                 f"0 for an empty cell", number, col)
        rows.append((number, [ch in MASK_GIVEN for _, ch in cells]))
    if not rows:
        raise ParseError("no mask rows: # x or a digit for a given, . or 0 for an empty cell",
                         1, 1)
    if len(rows) == 1 and len(rows[0][1]) in SIZE_BY_CELLS:  # one line of every cell
        return tuple(rows[0][1])
    size = len(rows[0][1])
    if size not in BOX_SHAPES:
        sizes = ", ".join(str(n) for n in BOX_SHAPES)
        lines = ", ".join(str(n) for n in SIZE_BY_CELLS)
        raise ParseError(f"a mask row has {sizes} cells (or one line has all {lines}); found "
                         f"{size}", rows[0][0], 1)
    for number, cells in rows:
        if len(cells) != size:
            raise ParseError(f"this row has {len(cells)} cells; the first row has {size}",
                             number, 1)
    if len(rows) != size:
        raise ParseError(f"found {len(rows)} rows; a {size}x{size} mask has {size}",
                         rows[min(size, len(rows) - 1)][0], 1)
    return tuple(given for _, cells in rows for given in cells)


def format_line(puzzle: Puzzle) -> str:
    return "".join(SYMBOLS[v - 1] if v else "." for v in puzzle.givens)


def format_grid(puzzle: Puzzle) -> str:
    """Rows of space-separated symbols with `|` between boxes and `-+-` rules between bands."""
    n, br, bc = puzzle.size, puzzle.shape.box_rows, puzzle.shape.box_cols
    rule = "-+-".join("-" * (2 * bc - 1) for _ in range(n // bc))
    out = []
    for r in range(n):
        if r and r % br == 0:
            out.append(rule)
        row = [SYMBOLS[v - 1] if v else "." for v in puzzle.givens[r * n:(r + 1) * n]]
        out.append(" | ".join(" ".join(row[c:c + bc]) for c in range(0, n, bc)))
    return "\n".join(out) + "\n"


def format(puzzle: Puzzle, style: str = "grid") -> str:  # noqa: A001 - the family interface
    if style == "line":
        return format_line(puzzle) + "\n"
    if style == "grid":
        return format_grid(puzzle)
    raise ValueError(f"unknown Sudoku text style {style!r} (line or grid)")
