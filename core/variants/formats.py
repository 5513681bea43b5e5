"""The text format of Sudoku variants (documented in README.md, "Sudoku variants"):

    kind: variants
    title: Little thermo
    author: A. Setter
    note: Normal Sudoku rules apply.   the setter's rules: a line each (of their text)
    5 3 . | . 7 . | . . .        the grid: a line a row (blanks . or 0; | and rule lines skipped)
    ...
    digits: 0-8                  digits 0 to N-1 (ISS's 0-indexed grids; 0 is then a digit and
                                 only . a blank; sums and formulas mean the digits as shown)
    regions:                     a jigsaw: a line a row, a letter a region (A-P)
    AAABBBCCC
    rules: diagonal antidiagonal hyper disjoint antiknight antiking nonconsecutive
    negative: white black x v    marks whose absence says something
    even: r1c1 r2c2              odd: r3c3
    extra: r1c1 r1c2 r2c1 r2c2   an extra region (a line each)
    white: r1c1-r1c2             also black, bar, x, v
    less: r1c1<r1c2 r2c1>r3c1    不等号
    cage 15: r1c1 r1c2 r2c1      (cage: ... without a sum)
    thermo: r1c1 r2c1 r3c1       from the bulb
    arrow: r5c5 | r4c4 r3c3      bulb (a pill: several cells) | shaft
    little 23: r0c1 DR           a clue outside the grid (row 0 or size+1, column alike)
    sandwich row 3: 15           (sandwich col 2: 0)
    candidates: r1c1=123 r4c5=89 the setter's given candidates of a cell
    whisper: r1c1 r1c2 r2c3      German whispers (differ by 5 or more on 9x9); whisper 4: Dutch
    renban: ...  regionsum: ...  palindrome: ...  between: ...  entropic: ...  modular: ...
    zipper: ...  doublearrow: ...  slowthermo: ... (from the bulb)  nabner: ...  lockout: ...
                                 a line each: every kind of core.variants.kinds, by its name
    white 3: r1c1-r1c2           a white dot of difference 3 (black 3: ratio 3)
    quad: r4c4=1379              the four cells from r4c4 (r4c4 r4c5 r5c4 r5c5) hold 1 3 7 9
    clone: r1c1 r1c2 | r9c8 r9c9 the two shapes hold the same digits, cell for cell
    minimum: r2c2  maximum: r5c5 smaller (larger) than each orthogonal neighbour
    rowindexer: r1c5 ...         also columnindexer, boxindexer
    xsum 15: r3c0                the first X digits of row 3 from the left add up to 15
    skyscraper 4: r10c5          4 digits are seen in column 5 from below

Rules no kind names (core/variants/custom.py), each the cells and then the rule's data:
    relation: r1c1 r1c2 r1c3 abs(a-b) >= 4   neighbours a, b along the line keep the formula
    relation: r1c1 r1c2 table 13 31 24       ... or are one of the pairs listed (a then b)
    pairs: r1c1 r2c5 r3c9 a + b != 10        every two cells (a: the first in reading order)
    pattern: r1c1 r1c2 r1c3 r1c4 (1|2)3*4    the line's digits, from r1c1, follow the pattern
    pattern: r1c1 r1c2 nfa start=0 accept=1 0:12>1   ... or an automaton's moves
    sums: r1c1 r1c2 | r3c3 | r5c5 r6c6       groups of cells with one sum
    contains: r1c1 r1c2 r2c1 122             the cells hold 1 once and 2 twice, exactly
    contains atleast: r1c1 r1c2 r2c1 12      ... at least
    either: relation: r1c1 r1c2 a < b || pattern: r1c1 r1c2 9[1-3]   one of them at least

Lines are parsed, never evaluated; every error names its line and column.
"""

from __future__ import annotations

import re
import sys

from core.errors import ParseError
from core.variants import formula, model, pattern
from core.variants.cell_clues import CELL_KINDS, EXTREMES, PARITY
from core.variants.custom import RULE_KINDS
from core.variants.groups import CORNERS, DIFFERENT, GROUPS, PENCILS, REGIONS, TWINS, WAYS
from core.variants.kinds import LINE_KINDS, LINES
from core.variants.marks import ALONE, MARK_KINDS, MARKS, NEGATIVE_KINDS
from core.variants.model import (
    Line,
    Mark,
    ModelError,
    Outside,
    Rule,
    Variant,
    windows,
)
from core.variants.outside import OUTSIDE
from core.variants.shapes import SHAPES, ranked

MAX_TEXT = 1_000_000
# [0-9], not \d: \d also matches other scripts' digits (fullwidth １), which are refused
KEY = re.compile(r"^\s*([a-z]+)(?:\s+([a-z]+))?(?:\s+(\d+))?\s*:(.*)$", re.IGNORECASE)
CELL = re.compile(r"r([0-9]{1,2})c([0-9]{1,2})", re.IGNORECASE)
PAIR = re.compile(r"^r([0-9]{1,2})c([0-9]{1,2})\s*([-<>])\s*r([0-9]{1,2})c([0-9]{1,2})$",
                  re.IGNORECASE)
REGION_LETTERS = "ABCDEFGHIJKLMNOP"
# each way's key of the ways shape: its record and way
WAY_KEYS = {way.key: (kind, way) for kind in WAYS for way in kind.ways}
CELL_WORDS = {kind.word: kind for kind in CELL_KINDS.values()}  # even, odd, minimum, ...
SHAPE_WORDS = {kind.word: kind for kind in SHAPES.values()}  # cage, ...
GROUP_WORDS = {kind.word: kind for kind in GROUPS.values() if kind.word}
SHAPE_KEYS = {"regions", "rules", "negative", *CELL_WORDS, *MARK_KINDS, *SHAPE_WORDS,
              *(k.word for k in PENCILS),
              *GROUP_WORDS, *OUTSIDE, *LINE_KINDS,
              *WAY_KEYS, *RULE_KINDS}
# a rule's word in the text (`contains atleast:` is the at-least kind)
CUSTOM_WORDS = {("relation", ""): "relation", ("pairs", ""): "pairs", ("pattern", ""): "pattern",
              ("sums", ""): "sums", ("contains", ""): "contains",
              ("contains", "atleast"): "atleast", ("either", ""): "either"}
SHAPE_KEYS -= {"atleast"}
DIGITS_AT = re.compile(r"^r([0-9]{1,2})c([0-9]{1,2})=([0-9A-Za-z]{1,17})$", re.IGNORECASE)
# keys that take a number before their colon (a line's is checked by its kind: whispers';
# a sandwich's is its row or column), and those where 0 would read as the usual value
NUMBERED = {*(name for name, kind in MARKS.items() if kind.valued),
            *(word for word, kind in SHAPE_WORDS.items() if kind.numbered),
            *OUTSIDE, *LINE_KINDS}
NOT_ZERO = {**{name: f"a {kind.amount} is {kind.usual} or more (`{name}:` alone is the usual "
                   f"{kind.usual})" for name, kind in MARKS.items() if kind.valued},
            **{name: f"a {kind.number} is 1 or more (`{name}:` alone is the usual, "
                     f"{kind.usual(9)} on 9x9)" for name, kind in LINES.items() if kind.usual}}
META = {"title": "title", "author": "author", "note": "rules"}
RULE_WORDS = {*model.RULES, "hyper", *ALONE}


class _Reader:
    """The parts of a puzzle as the lines give them, each with where it was said."""

    def __init__(self):
        self.rows: list[tuple[int, str]] = []
        self.region_rows: list[tuple[int, str]] = []
        self.size: int | None = None
        self.parts: dict[str, list] = {k: [] for k in
                                       ("rules", *CELL_KINDS, "marks", "negative",
                                        *SHAPES,
                                        "meta", "lines", *GROUPS,
                                        "outside", "custom")}
        self.first_line = 1
        self.kind_line: int | None = None  # where `kind: variants` was
        self.first = 1  # the first digit as shown (`digits: 0-8`)
        self.digits_at: tuple[int, int] | None = None  # where `digits:` was


KIND_LINE = re.compile(r"^\s*kind\s*:", re.IGNORECASE)


def iter_puzzles(text: str):
    """(line, puzzle or ParseError) for each puzzle of a file: each starts at its `kind:`
    line (as `generate --count` writes them); line numbers are the file's."""
    lines = text.splitlines()
    starts = [n for n, line in enumerate(lines, 1) if KIND_LINE.match(line)]
    starts = [1] + starts[1:] if starts else [1]
    for start, end in zip(starts, [*starts[1:], len(lines) + 1], strict=True):
        try:
            yield start, parse("\n" * (start - 1) + "\n".join(lines[start - 1:end - 1]))
        except ParseError as error:
            yield error.line, error


def parse(text: str) -> Variant:
    if len(text) > MAX_TEXT:
        raise ParseError(f"the text is too long ({len(text)} characters; at most {MAX_TEXT})",
                         1, 1)
    reader = _Reader()
    block = "grid"
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        key = KEY.match(line)
        if key is None:
            (reader.rows if block == "grid" else reader.region_rows).append((number, line))
            continue
        block = _keyed(reader, key, number, line) or "grid"
    return _build(reader)


def _keyed(reader: _Reader, key: re.Match, number: int, line: str) -> str | None:
    """Take a `key: value` line; the block that plain lines now belong to."""
    name, word, total = key.group(1).lower(), (key.group(2) or "").lower(), key.group(3)
    value, at = key.group(4).strip(), key.start(4) + 1 + len(key.group(4)) - len(
        key.group(4).lstrip())
    if total is not None:
        _key_number(name, total, number, key.start(3) + 1)
    if name == "kind":
        if value.lower() != "variants":
            raise ParseError(f"kind is '{value}', not variants", number, at)
        if reader.kind_line is not None:
            raise ParseError(f"a second `kind:` line (the first is on line {reader.kind_line}):"
                             f" one puzzle here; a file of many is read puzzle by puzzle",
                             number, 1)
        reader.kind_line = number
    elif name in META and not word:
        _meta(reader.parts["meta"], META[name], value)
    elif name == "size":
        reader.size = _number(value, number, at)
        if not model.MIN_SIZE <= reader.size <= model.MAX_SIZE:  # before a grid is made of it
            raise ParseError(f"size {reader.size}: grids of {model.MIN_SIZE} to "
                             f"{model.MAX_SIZE} are read", number, at)
    elif name == "digits" and not word:
        _digits_line(reader, value, number, at)
    elif name == "regions":
        if value:
            raise ParseError("regions: the rows follow on their own lines", number, at)
        return "regions"
    elif name in SHAPE_KEYS:
        worded = name in SHAPE_WORDS and SHAPE_WORDS[name].worded
        if word and not worded and name not in RULE_KINDS:  # else it would be lost
            raise ParseError(f"`{name} {word}:`: {name} takes no word before its colon",
                             number, key.start(2) + 1)
        _shape(reader, name, word, total, value, number, at)
    else:
        raise ParseError(f"unknown line {name!r}: the keys are "
                         f"{', '.join(sorted(SHAPE_KEYS | set(META) | KEYS))}",
                         number, key.start(1) + 1)
    return None


KEYS = {"kind", "size", "digits"}
DIGIT_RANGE = re.compile(r"^([0-9])\s*-\s*([0-9A-Ga-g])$")


def _digits_line(reader: _Reader, value: str, number: int, at: int) -> None:
    """`digits: 0-8` (the grid's digits 0 to N-1) or `digits: 1-9` (the usual)."""
    match = DIGIT_RANGE.match(value)
    if match is None or match.group(1) not in "01":
        raise ParseError(f"digits: {value!r} is not read: a grid's digits run from 0 "
                         "(digits: 0-8 on 9x9) or from 1 (digits: 1-9)", number, at)
    if reader.digits_at is not None:
        raise ParseError(f"a second `digits:` line (the first is on line "
                         f"{reader.digits_at[0]})", number, 1)
    reader.first = int(match.group(1))
    reader.last = model.DIGITS.find(match.group(2).upper())
    reader.digits_at = (number, at)


def _key_number(name: str, total: str, number: int, at: int) -> None:
    """The number before a key's colon: only where it means something, never 0 where `name:`
    alone says the usual value, and of at most four digits."""
    if name not in NUMBERED:
        raise ParseError(f"`{name}` takes no number before its colon", number, at)
    if not total.isascii():
        raise ParseError(f"{total!r}: a number in the digits 0-9", number, at)
    if len(total) > 4:
        raise ParseError(f"{total}: a number of at most 4 digits", number, at)
    if int(total) == 0 and name in NOT_ZERO:
        raise ParseError(f"`{name} 0`: {NOT_ZERO[name]}", number, at)


def _shape(reader: _Reader, name, word, total, value, number, at) -> None:
    parts = reader.parts
    where = (number, at)
    if name == "rules":
        for w in value.lower().split():
            if w not in RULE_WORDS:
                raise ParseError(f"unknown rule {w!r}; rules: {', '.join(sorted(RULE_WORDS))}",
                                 number, at + value.lower().index(w))
            parts["rules"].append((w, where))
    elif name == "negative":
        for w in value.lower().split():
            if w not in NEGATIVE_KINDS:
                raise ParseError(f"negative constraints exist for "
                                 f"{', '.join(NEGATIVE_KINDS)}, not {w!r}",
                                 number, at + value.lower().index(w))
            parts["negative"].append(w)
    elif name in CELL_WORDS:
        parts[CELL_WORDS[name].field] += [(c, where) for c in _cells(value, number, at)]
    elif name in GROUP_WORDS and GROUP_WORDS[name].region:
        parts[GROUP_WORDS[name].field].append((_cells(value, number, at), where))
    elif name in MARK_KINDS:
        amount = int(total) if total is not None else 0
        parts["marks"] += [(m + (amount,), where) for m in _marks(name, value, number, at)]
    elif name in LINE_KINDS:
        parts["lines"].append((name, _cells(value, number, at), int(total or 0), where))
    elif name in WAY_KEYS:
        kind, way = WAY_KEYS[name]
        parts[kind.field] += [((way.name, c), where) for c in _cells(value, number, at)]
    elif name in GROUP_WORDS and (GROUP_WORDS[name].make or GROUP_WORDS[name].pencil):
        parts[GROUP_WORDS[name].field] += [
            (item, where) for item in _digits_at(value, number, at)]
    elif name in GROUP_WORDS and GROUP_WORDS[name].twin:
        parts[GROUP_WORDS[name].field].append((value, where))
    elif name in OUTSIDE:
        parts["outside"].append((name, total, value, where))
    elif name in SHAPE_WORDS:
        kind = SHAPE_WORDS[name]
        parts[kind.field].append((kind.read_text(  # with this module's checks
            total, word, value, lambda text: _cells(text, number, at), sys.modules[__name__]),
            where))
    elif name in RULE_KINDS:
        kind = CUSTOM_WORDS.get((name, word))
        if kind is None:
            said = " or ".join(f"`{' '.join(k).strip()}:`" for k in CUSTOM_WORDS if k[0] == name)
            raise ParseError(f"`{name} {word}:` is not a rule: {said}", number, at)
        found = _either(value, number, at) if kind == "either" else _rule(kind, value, number, at)
        parts["custom"].append((found, where))


def _either(value: str, line: int, column: int) -> tuple:
    """`either: RULE || RULE ...`, each RULE a rule's own line (`relation: r1c1 r1c2 a<b`)."""
    found, pos = [], 0
    for part in value.split("||"):
        key = KEY.match(part)
        at = column + pos + (len(part) - len(part.lstrip()))
        name, word = (key.group(1).lower(), (key.group(2) or "").lower()) if key else ("", "")
        kind = CUSTOM_WORDS.get((name, word))
        if key is None or kind in (None, "either") or key.group(3):
            raise ParseError("an or of rules is `either: RULE || RULE`, each RULE a rule's line "
                             "(relation: r1c1 r1c2 a < b)", line, at)
        found.append(_rule(kind, key.group(4), line, column + pos + key.start(4)))
        pos += len(part) + 2
    if len(found) < 2:
        raise ParseError("an or of rules joins two rules or more, split by ||", line, column)
    return "either", [], "", found


def _rule(kind: str, value: str, line: int, column: int) -> tuple:
    """(kind, groups of (row, column), its text): the cells, then the rule's own data, its
    syntax checked here (so an error names its column); the digits against the size later."""
    if kind == "sums":
        groups, pos = [], 0
        for part in value.split("|"):
            groups.append(_cells(part, line, column + pos))
            pos += len(part) + 1
        if len(groups) < 2:
            raise ParseError("equal sums are groups of cells split by |: sums: r1c1 r1c2 | "
                             "r3c3", line, column)
        return kind, groups, ""
    tokens = list(re.finditer(r"\S+", value))
    cut = next((t.start() for t in tokens if not CELL.fullmatch(t.group())), len(value))
    cells, text = _cells(value[:cut], line, column), value[cut:].strip()
    at = column + cut
    if not text:
        what = {"pattern": "a pattern ((1|2)3*4)", "contains": "its digits (122)",
                "atleast": "its digits (122)"}.get(kind, "a formula of a and b (a < b)")
        raise ParseError(f"after the cells, {what}", line, column + len(value))
    try:
        if kind == "pattern":
            pattern.parse(text)
        elif kind in ("relation", "pairs"):
            formula.check(text, 17, 0)  # any digit 0-G here; the grid's are checked by make
    except (formula.FormulaError, pattern.PatternError) as error:
        raise ParseError(error.message, line, at + error.column - 1) from None
    if kind in ("contains", "atleast"):
        bad = next((i for i, ch in enumerate(text) if ch.upper() not in model.DIGITS[:17]),
                   None)
        if bad is not None:
            raise ParseError(f"{text[bad]!r}: the digits held are written together (122)",
                             line, at + bad)
    return kind, [cells], text


def _number(value: str, line: int, column: int) -> int:
    if not value.isascii() or not value.isdigit() or len(value) > 4:
        raise ParseError(f"expected a whole number, found {value!r}", line, column)
    return int(value)


def _cells(value: str, line: int, column: int) -> list[tuple[int, int]]:
    """(row, column) pairs, 1-based as written; checked against the size later."""
    found, pos = [], 0
    for token in value.split():
        start = value.index(token, pos)
        pos = start + len(token)
        match = CELL.fullmatch(token)
        if match is None:
            raise ParseError(f"expected a cell like r3c5, found {token!r}", line, column + start)
        found.append((int(match.group(1)), int(match.group(2))))
    if not found:
        raise ParseError("expected cells like r3c5", line, column)
    return found


def _digits_at(value: str, line: int, column: int) -> list[tuple[tuple[int, int], str]]:
    """`r1c1=123` items: a cell and its digits (symbols above 9 as letters)."""
    found, pos = [], 0
    for token in value.split():
        start = value.index(token, pos)
        pos = start + len(token)
        match = DIGITS_AT.match(token)
        if match is None:
            raise ParseError(f"expected a cell and digits like r1c1=123, found {token!r}",
                             line, column + start)
        found.append(((int(match.group(1)), int(match.group(2))), match.group(3).upper()))
    if not found:
        raise ParseError("expected cells and digits like r1c1=123", line, column)
    return found


def _marks(kind: str, value: str, line: int, column: int) -> list:
    found, pos = [], 0
    for token in value.split():
        start = value.index(token, pos)
        pos = start + len(token)
        match = PAIR.match(token)
        directed = MARKS[kind].directed
        if match is None or (match.group(3) == "-") == directed:
            form = "r1c1<r1c2 or r1c2>r1c1" if directed else "r1c1-r1c2"
            raise ParseError(f"expected a pair of cells like {form}, found {token!r}",
                             line, column + start)
        a, b = (int(match.group(1)), int(match.group(2))), (int(match.group(4)),
                                                           int(match.group(5)))
        found.append((kind, b, a) if match.group(3) == ">" else (kind, a, b))
    return found


def _build(reader: _Reader) -> Variant:
    size, givens = _grid(reader)
    n, first = size, reader.first
    if reader.digits_at is not None and reader.last != first + n - 1:
        raise ParseError(f"digits {first}-{model.DIGITS[reader.last]}: a {n}x{n} grid holds "
                         f"{n} digits, {first} to {model.DIGITS[first + n - 1]}",
                         *reader.digits_at)

    def cell(rc, where) -> int:
        r, c = rc
        if not (1 <= r <= n and 1 <= c <= n):
            raise ParseError(f"r{r}c{c} is outside the {n}x{n} grid", *where)
        return (r - 1) * n + c - 1

    p = reader.parts

    def shapes(kinds) -> dict:  # the records' (in the order the text has always held them)
        return {kind.field: [(made(lambda rc, w=w: cell(rc, w), n, w), w)
                             for made, w in p[kind.field]] for kind in kinds}

    rules = {w for w, _ in p["rules"]}
    negative = set(p["negative"]) | {ALONE[w] for w in rules if w in ALONE}
    hyper = []
    if "hyper" in rules:
        if not windows(n):
            raise ParseError(f"a {n}x{n} grid has no hyper windows", *p["rules"][0][1])
        hyper += windows(n)
    located = dict(
        **{kind.field: [(tuple(cell(rc, w) for rc in cells), w) for cells, w in p[kind.field]]
           for kind in REGIONS},
        **{kind.field: [(cell(rc, w), w) for rc, w in p[kind.field]] for kind in PARITY},
        marks=[(Mark(kind, cell(a, w), cell(b, w), amount), w)
               for (kind, a, b, amount), w in p["marks"]],
        **shapes(ranked("text")),
        **{kind.field: [((cell(rc, w), _digit_bits(digits, n, w, first)), w)
                        for (rc, digits), w in p[kind.field]] for kind in PENCILS},
        lines=[(Line(kind, tuple(cell(rc, w) for rc in cells), value), w)
               for kind, cells, value, w in p["lines"]],
        **{kind.field: [(_corner(kind, cell(rc, w), digits, n, w, first), w)
                        for (rc, digits), w in p[kind.field]] for kind in CORNERS},
        **{kind.field: [(_twin(kind, value, w, cell), w) for value, w in p[kind.field]]
           for kind in TWINS},
        **{kind.field: [(cell(rc, w), w) for rc, w in p[kind.field]] for kind in EXTREMES},
        **{kind.field: [((way, cell(rc, w)), w) for (way, rc), w in p[kind.field]]
           for kind in WAYS},
        outside=[(_outside(kind, total, value, w, n), w)
                 for kind, total, value, w in p["outside"]],
        custom=[(_made_rule(found, cell, w), w) for found, w in p["custom"]])
    parts = {key: [item for item, _ in items] for key, items in located.items()}
    parts[DIFFERENT.field] += hyper  # the windows are regions of that kind
    regions = _regions(reader, n)
    try:
        return model.make(n, givens, regions, rules=rules & set(model.RULES),
                          negative=negative, meta=p["meta"], first=first, **parts)
    except ModelError as error:
        raise ParseError(str(error), *_culprit(n, regions, located, reader)) from None


def _culprit(n: int, regions, located: dict, reader: _Reader) -> tuple[int, int]:
    """Where the first constraint that is wrong on its own was written."""
    try:
        model.make(n, None, regions)
    except ModelError:
        return (reader.region_rows or [(reader.first_line, "")])[0][0], 1
    for key, items in located.items():
        for item, where in items:
            try:
                model.make(n, None, regions, first=reader.first, **{key: [item]})
            except ModelError:
                return where
    return reader.first_line, 1


def _made_rule(found: tuple, cell, where) -> Rule:
    """A rule as read (kind, groups of (row, column), text[, its parts]), on the grid."""
    kind, groups, text, *parts = found
    return Rule(kind, tuple(tuple(cell(rc, where) for rc in g) for g in groups), text,
                tuple(_made_rule(part, cell, where) for part in (parts[0] if parts else ())))


def _grid(reader: _Reader) -> tuple[int, tuple[int, ...]]:
    rows = [(number, [(col, ch) for col, ch in enumerate(line, 1) if ch not in "|+ \t"])
            for number, line in reader.rows if not set(line) <= set("-+|= \t")]
    if not rows:
        if reader.size is None:
            raise ParseError("no grid: give its rows, or `size: 9` for an empty one", 1, 1)
        return reader.size, (0,) * reader.size ** 2
    reader.first_line = rows[0][0]
    if len(rows) == 1 and round(len(rows[0][1]) ** 0.5) ** 2 == len(rows[0][1]):
        size = round(len(rows[0][1]) ** 0.5)  # the whole grid on one line
        rows = [(rows[0][0], rows[0][1][i * size:(i + 1) * size]) for i in range(size)]
    size = len(rows[0][1])
    if not model.MIN_SIZE <= size <= model.MAX_SIZE:
        raise ParseError(f"a grid row has {model.MIN_SIZE} to {model.MAX_SIZE} symbols; "
                         f"found {size}", rows[0][0], 1)
    if reader.size is not None and reader.size != size:
        raise ParseError(f"size is {reader.size}, but the rows have {size} symbols",
                         rows[0][0], 1)
    for number, cells in rows:
        if len(cells) != size:
            raise ParseError(f"this row has {len(cells)} symbols; the first row has {size}",
                             number, cells[-1][0] if cells else 1)
    if len(rows) != size:
        raise ParseError(f"found {len(rows)} rows; a {size}x{size} grid has {size}",
                         rows[-1][0], 1)
    return size, tuple(_symbol(ch, size, number, col, reader.first) for number, cells in rows
                       for col, ch in cells)


def _symbol(ch: str, size: int, line: int, column: int, first: int = 1) -> int:
    if ch == "." or (ch == "0" and first):
        return 0
    value = model.digit_of(ch, first)
    if not 1 <= value <= size:
        blanks = ". or 0 is a blank" if first else ". is a blank; the digits are 0 to " + (
            model.symbol(size, first))
        raise ParseError(f"symbol {ch!r} is not one of the {size} of a {size}x{size} grid "
                         f"({blanks})", line, column)
    return value


def _regions(reader: _Reader, n: int) -> tuple[int, ...] | None:
    if not reader.region_rows:
        return None
    rows = [(number, [(col, ch) for col, ch in enumerate(line, 1) if not ch.isspace()])
            for number, line in reader.region_rows]
    if len(rows) != n:
        raise ParseError(f"regions: found {len(rows)} rows; the grid has {n}",
                         rows[-1][0], 1)
    found = []
    for number, cells in rows:
        if len(cells) != n:
            raise ParseError(f"regions: this row has {len(cells)} letters; the grid has {n} "
                             "columns", number, 1)
        for col, ch in cells:
            region = REGION_LETTERS.find(ch.upper())
            if not 0 <= region < n:
                raise ParseError(f"regions: {ch!r} is not one of the letters "
                                 f"{REGION_LETTERS[:n]}", number, col)
            found.append(region)
    return tuple(found)


def _two_shapes(value: str, where, cell, usage: str) -> tuple[tuple[int, ...], ...]:
    """`CELLS | CELLS`: an arrow's bulb and shaft, a twin clue's two shapes."""
    first, bar, second = value.partition("|")
    if not bar:
        raise ParseError(usage, *where)
    return tuple(tuple(cell(rc, where) for rc in _cells(part, *where))
                 for part in (first, second))


def _digit_bits(digits: str, n: int, where, first: int = 1) -> int:
    bits = 0
    for ch in digits:
        value = model.digit_of(ch, first)
        if not 1 <= value <= n:
            raise ParseError(f"{ch!r} is not a digit of a {n}x{n} grid", *where)
        bits |= 1 << (value - 1)
    return bits


def _corner(kind, corner: int, digits: str, n: int, where, first: int = 1):
    """A clue on the corner where four cells meet, named by its top-left cell."""
    if corner % n == n - 1 or corner // n == n - 1:
        raise ParseError(f"a {kind.called} is named by its top-left cell; the 2x2 must fit in "
                         "the grid", *where)
    _digit_bits(digits, n, where, first)
    return kind.at_corner(corner, tuple(model.digit_of(ch, first) for ch in digits), n)


def _twin(kind, value: str, where, cell):
    """Two shapes paired cell for cell."""
    return kind.twin(*_two_shapes(value, where, cell, f"a {kind.called} is `{kind.word}: "
                                                      f"CELLS | CELLS`, e.g. {kind.word}: "
                                                      f"{kind.example}"))


def _outside(kind: str, total, value: str, where, n: int) -> Outside:
    match = CELL.fullmatch(value.strip())
    if total is None or match is None:
        raise ParseError(f"{kind} is `{kind} CLUE: r0c3` (the clue's place just outside the "
                         "grid)", *where)
    r, c = (int(v) for v in match.groups())
    if r in (0, n + 1) and 1 <= c <= n:
        return Outside(kind, "col", c - 1, r == n + 1, int(total))
    if c in (0, n + 1) and 1 <= r <= n:
        return Outside(kind, "row", r - 1, c == n + 1, int(total))
    raise ParseError(f"r{r}c{c}: {kind} clues sit just outside the grid, beside a row or "
                     "column", *where)


# The reading above, as the records' own readers use it (core.variants.shapes).
two_shapes, number_at = _two_shapes, _number


# --- writing -------------------------------------------------------------------------------

def name(cell: int, n: int) -> str:
    return f"r{cell // n + 1}c{cell % n + 1}"


def names(cells, n: int) -> str:
    return " ".join(name(c, n) for c in cells)


def format(p: Variant, style: str = "grid") -> str:  # noqa: A001 - the family interface
    if style not in ("grid", "line"):
        raise ValueError(f"unknown variants text style {style!r} (grid or line)")
    n = p.size
    out = ["kind: variants"]
    out += [f"{key}: {value}".rstrip() for key, value in _meta_lines(p)]
    if p.first != 1:
        out.append(f"digits: {p.digit(1)}-{p.digit(n)}")
    if style == "line":
        out.append("".join(p.digit(v) for v in p.givens))
    else:
        out += [" ".join(p.digit(v) for v in p.givens[r * n:(r + 1) * n])
                for r in range(n)]
    if p.jigsaw:
        out.append("regions:")
        out += ["".join(REGION_LETTERS[p.regions[r * n + c]] for c in range(n))
                for r in range(n)]
    out += _constraint_lines(p)
    return "\n".join(out) + "\n"


def _meta_lines(p: Variant):
    """A line a line of each text: the setter's rules keep their paragraphs."""
    back = {v: k for k, v in META.items()}
    return [(back[key], line.strip()) for key, value in p.meta if key in back
            for line in value.split("\n")]


def _meta(meta: list, key: str, value: str) -> None:
    """A `note:` (title:, author:) line after one of its kind is the text's next line."""
    if meta and meta[-1][0] == key:
        meta[-1] = (key, f"{meta[-1][1]}\n{value}")
    else:
        meta.append((key, value))


def _constraint_lines(p: Variant) -> list[str]:
    n, out = p.size, []
    hyper = set(windows(n))
    rules = sorted(p.rules) + (["hyper"] if hyper and hyper <= set(DIFFERENT.items(p)) else [])
    if rules:
        out.append("rules: " + " ".join(rules))
    if p.negative:
        out.append("negative: " + " ".join(k for k in NEGATIVE_KINDS if k in p.negative))
    for kind in PARITY:
        if kind.cells(p):
            out.append(f"{kind.word}: {names(kind.cells(p), n)}")
    out += [f"{kind.word}: {names(r, n)}" for kind in REGIONS for r in kind.items(p)
            if not (kind.windows and rules and "hyper" in rules and r in hyper)]
    for kind in MARK_KINDS:
        for amount in sorted({m.value for m in p.marks if m.kind == kind}):
            marks = [m for m in p.marks if m.kind == kind and m.value == amount]
            sep = "<" if MARKS[kind].directed else "-"
            head = f"{kind} {amount}" if amount else kind
            out.append(f"{head}: " + " ".join(f"{name(m.a, n)}{sep}{name(m.b, n)}"
                                              for m in marks))
    for kind in ranked("text"):
        out += kind.write_text(p, sys.modules[__name__])  # the records use its names()
    return out + _new_lines(p)


def _new_lines(p: Variant) -> list[str]:
    n, out = p.size, []
    for kind in PENCILS:
        if kind.items(p):
            out.append(f"{kind.word}: " + " ".join(f"{name(c, n)}={_symbols(d, n, p.first)}"
                                                   for c, d in kind.items(p)))
    for line in p.lines:
        usual = LINES[line.kind].usual is not None and line.value == LINES[line.kind].usual(n)
        head = f"{line.kind} {line.value}" if line.value and not usual else line.kind
        out.append(f"{head}: {names(line.cells, n)}")
    for kind in CORNERS:
        if kind.items(p):
            out.append(f"{kind.word}: " + " ".join(
                f"{name(corner, n)}=" + "".join(p.digit(d) for d in digits)
                for corner, digits in map(kind.digits_of, kind.items(p))))
    out += [f"{kind.word}: {names(a, n)} | {names(b, n)}" for kind in TWINS
            for a, b in map(kind.shapes, kind.items(p))]
    for kind in EXTREMES:
        if kind.cells(p):
            out.append(f"{kind.word}: {names(kind.cells(p), n)}")
    for kind in WAYS:
        for way in kind.ways:
            if way.cells(p, kind.field):
                out.append(f"{way.key}: {names(way.cells(p, kind.field), n)}")
    for o in p.outside:
        at = o.index + 1
        where = (f"r{at}c{n + 1 if o.reverse else 0}" if o.line == "row"
                 else f"r{n + 1 if o.reverse else 0}c{at}")
        out.append(f"{o.kind} {o.total}: {where}")
    out += [_rule_line(rule, n) for rule in p.custom]
    return out


def _rule_line(rule: Rule, n: int) -> str:
    if rule.kind == "either":
        return "either: " + " || ".join(_rule_line(part, n) for part in rule.parts)
    head = {"atleast": "contains atleast"}.get(rule.kind, rule.kind)
    cells = " | ".join(names(g, n) for g in rule.groups)
    return f"{head}: {cells} {rule.text}".rstrip()


def _symbols(bits: int, n: int, first: int = 1) -> str:
    return "".join(model.symbol(v, first) for v in range(1, n + 1) if bits >> (v - 1) & 1)


def recognise(text: str) -> int:
    """2 when a line has a key only variants use (cage, thermo, regions, ...)."""
    for line in text.splitlines()[:400]:
        key = KEY.match(line)
        if key and key.group(1).lower() in SHAPE_KEYS:
            return 3
    return 0
