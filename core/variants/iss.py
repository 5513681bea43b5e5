"""The Interactive Sudoku Solver's constraint strings (github.com/sigh/Interactive-Sudoku-Solver,
MIT: its js/sudoku_constraint.js serialises each type, js/sudoku_parser.js reads them), read
into a Variant and written from one:

    .Shape~6x6.~R1C1_5~R2C3_2_4_6.Thermo~R1C1~R1C2~R1C3.Cage~10~R2C1~R2C2

Each item starts with '.', its arguments follow '~'; a cell is R<row>C<column> in base 17
(column 10 is 'a'); the item with no type holds givens and a cell's allowed digits (`R2C3_2_4_6`). A
link carries the string URL-encoded after `?q=` (links.py). What each type means is what ISS's
builder (js/solver/sudoku_builder.js) makes of it.

Read strictly, as the f-puzzles reader reads JSON: each type is applied (READERS) or refused
with its name and the reason (NO_KIND: the rules no kind here holds), never skipped. The text
is parsed, never evaluated; its size is capped. ISS's generic constraints become the rules no
kind names (core/variants/custom.py): pair tables (`.Pair~<key>`) are read bit by bit (a kind
where the table is exactly its relation), automata and patterns decoded as data
(core/variants/iss_generic.py), `.Or` ... `.End` an or of rules, `.And` its items side by side.

Written so that reading the link gives the same puzzle back: ISS's own type where it means the
same (`.Thermo`, `.Renban`, `.StrictKropki`, ...), else a pair table named after the
workbench's word for it (`.Pair~<x<=y>~_slowthermo~R1C1~R1C2~R1C3`), which ISS counts by its
table and this reader takes back only when the table is the kind's relation (WORKBENCH_PAIRS).
What does not come back as it was: a consecutive bar comes back as a white dot (ISS has no
bar: the rule is the same), a cell whose candidates are one digit as a given, candidates that
are exactly the even (odd) digits as an even (odd) cell; the title, author and rules text do
not travel (ISS's string has no place for them). A way of the ways shape with no ISS letter
has no ISS form: refused.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from functools import partial
from urllib.parse import unquote

from core.variants import custom, formula, grid_rules, iss_generic, marks, model, pattern, rules
from core.variants.cell_clues import EXTREMES, PARITY
from core.variants.grid_rules import GRID_RULES
from core.variants.groups import CORNERS, DIFFERENT, PENCILS, REGIONS, TWINS, WAYS
from core.variants.kinds import LINES
from core.variants.marks import MARKS
from core.variants.model import (
    Line,
    Mark,
    Outside,
    Variant,
)
from core.variants.outside import OUTSIDE
from core.variants.shapes import SHAPES

MAX_TEXT = 1_000_000  # characters of constraint string
MAX_ITEMS = 20_000  # items ('.' ...) in one string
BASE17 = "0123456789abcdefg"
BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
HOME = "https://sigh.github.io/Interactive-Sudoku-Solver/"
NUMBER = re.compile(r"^-?[0-9]{1,6}$")

# ISS's types this workbench has no kind for, each refused by name with why. ISS's generic
# constraints that map exactly onto the workbench's rules no kind names (pair tables, automata,
# patterns, equal sums, sum lines, multisets, and/or) have readers in READERS instead; a form of
# one that does not map (an asymmetric all-pairs table, an automaton of too many states, a
# pattern outside the workbench's language) is refused by name with why.
NO_KIND = {
    "Replicate": "constraints copied onto other cells (generic: no kind reads it yet)",
    "End": "the end of an Or, And or Replicate, with none open",
    "LookAndSay": "cells holding digits as counted by a clue (generic: no kind reads it yet)",
    "Sum": "cells adding up to a total, digits may repeat, that are not a little killer's "
           "diagonal or an arrow (generic: no kind reads it yet)",
    "SameValues": "sets of cells holding the same digits (generic: no kind reads it yet)",
    "Var": "extra cells outside the grid (generic: no kind reads it yet)",
    "HiddenSkyscraper": "hidden skyscraper clues (no kind for them)",
    "NumberedRoom": "numbered room clues (no kind for them)",
    "FullRank": "full rank clues (no kind for them)",
    "FullRankTies": "the full rank ties option (no kind for full rank)",
    "Lunchbox": "lunchbox cages (no kind for them)",
    "RellikCage": "rellik cages (no kind for them)",
    "EqualityCage": "equality cages (no kind for them)",
    "CountingCircles": "counting circles (no kind for them)",
    "CountDistinct": "a count of different digits (no kind for it)",
    "ValueIndexing": "value indexing arrows (no kind for them)",
    "AntiTaxicab": "the anti-taxicab rule (no kind for it)",
    "GlobalEntropy": "global entropy (no kind for it)",
    "GlobalMod": "global mod 3 (no kind for it)",
    "DutchFlatmates": "Dutch flatmates (no kind for it)",
    "Doppelganger": "doppelganger (no kind for it; digits 0 to N)",
    "ChaosConstruction": "chaos construction regions (no kind for them)",
    "ChaosArrow": "chaos construction arrows (no kind for them)",
    "ChaosCount": "chaos construction counts (no kind for them)",
    "RegionSameValues": "regions holding the same digits (no kind for it)",
    "ConnectedValues": "connected digits (no kind for it)",
}


class IssError(ValueError):
    """What in a constraint string cannot be read (or a puzzle ISS cannot hold), in words;
    `line` and `column` (1-based) of the item when read from text."""

    def __init__(self, message: str, line: int = 0, column: int = 0, kind: str | None = None):
        super().__init__(message)
        self.line, self.column, self.kind = line, column, kind  # kind: the item's type


# --- cells, keys and ISS's own geometry -----------------------------------------------------

def cell_id(cell: int, n: int) -> str:
    """ISS's cell id: row and column in base 17 (column 10 is 'a')."""
    r, c = divmod(cell, n)
    return f"R{BASE17[r + 1]}C{BASE17[c + 1]}"


def binary_key(fits, n: int) -> str:
    """ISS's key of a relation between a first digit x and a second y (fnToBinaryKey): the
    n*n answers, x major, six to a base64url character, least bit first, trailing zeros
    trimmed."""
    chars, v, bit = [], 0, 0
    for x in range(1, n + 1):
        for y in range(1, n + 1):
            v |= bool(fits(x, y)) << bit
            bit += 1
            if bit == 6:
                chars.append(v)
                v = bit = 0
    chars.append(v)
    while chars and not chars[-1]:
        chars.pop()
    return "".join(BASE64[c] for c in chars)


def key_table(key: str, n: int) -> tuple[bool, ...] | None:
    """The n*n answers a key holds (x major), or None when it is not a key of this size."""
    bits = []
    for ch in key:
        v = BASE64.find(ch)
        if v < 0:
            return None
        bits += [bool(v >> i & 1) for i in range(6)]
    if any(bits[n * n:]):
        return None
    return tuple((bits + [False] * (n * n))[:n * n])


def table_of(fits, n: int) -> tuple[bool, ...]:
    return tuple(bool(fits(x, y)) for x in range(1, n + 1) for y in range(1, n + 1))


def iss_boxes(n: int) -> tuple[int, ...] | None:
    """The region of each cell under ISS's default boxes (CellGeometry.boxDimsForSize), or
    None when ISS gives this size none."""
    dims = _box_dims(n)
    if dims is None:
        return None
    height, width = dims
    return tuple((r // height) * (n // width) + c // width for r in range(n) for c in range(n))


def _box_dims(n: int) -> tuple[int, int] | None:
    for small in range(int(n ** 0.5), 1, -1):
        if n % small == 0:
            return small, n // small
    return None


def iss_windows(n: int) -> list[tuple[int, ...]]:
    """ISS's windoku windows (Windoku.regions)."""
    dims = _box_dims(n)
    if dims is None:
        return []
    height, width = dims
    return [tuple(sorted((top + k % height) * n + left + k // height for k in range(n)))
            for left in range(1, n - width, width + 1) for top in range(1, n - height, height + 1)]


def iss_disjoint_sets(n: int) -> list[tuple[int, ...]]:
    """ISS's disjoint sets: the cells at one place in every box."""
    height, width = _box_dims(n) or (0, 0)
    groups: dict[tuple[int, int], list[int]] = {}
    for cell in range(n * n if height else 0):
        r, c = divmod(cell, n)
        groups.setdefault((r % height, c % width), []).append(cell)
    return [tuple(g) for g in groups.values()]


def same_partition(a, b) -> bool:
    if a is None or b is None:
        return False
    first: dict = {}
    return all(first.setdefault(x, y) == y for x, y in zip(a, b, strict=True)) and len(
        set(first.values())) == len(first)


# Each kind of line as ISS holds it (core.variants.kinds: its record's `iss`): ISS's own
# type, or a pair table of its relation named after it.
ISS_LINES = {name: kind.iss for name, kind in LINES.items()
             if kind.iss and kind.iss.relation is None}
TABLE_LINES = {name: kind.iss for name, kind in LINES.items()
               if kind.iss and kind.iss.relation is not None}
# Relations of the workbench's kinds that ISS holds only as a pair table.
RELATIONS = {
    **{name: form.relation for name, form in TABLE_LINES.items()},
    **{kind.word: kind.relation for kind in TWINS},
    **{kind.word: (lambda x, y, smaller=kind.smaller: x < y if smaller else x > y)
       for kind in EXTREMES},
    **{f"not{kind}": (lambda x, y, k=kind: not rules.RELATIONS[k](x, y))
       for kind in model.NEGATIVE_KINDS},
}
EXTREME_WORDS = {kind.word: kind for kind in EXTREMES}
TWIN_WORDS = {kind.word: kind for kind in TWINS}
NEGATIVE_FAMILIES = {kind: marks.family(kind) for kind in model.NEGATIVE_KINDS}
# ISS's strict rules (StrictKropki: the negative rules of a family, exempting the pairs its
# marks join) and its rules for one kind alone (AntiConsecutive: exempting none), each with
# the negative kinds it rules, in the records' order.
STRICT = {word: tuple(k for k in model.NEGATIVE_KINDS if MARKS[k].rule.iss == word)
          for word in dict.fromkeys(MARKS[k].rule.iss for k in model.NEGATIVE_KINDS) if word}
STRICT_ALONE = {MARKS[k].rule.iss_alone: k for k in model.NEGATIVE_KINDS
                if MARKS[k].rule.iss_alone}


# --- reading -------------------------------------------------------------------------------

@dataclass
class Item:
    """One '.'-item: its type ('' for givens), arguments, and where it starts."""

    type: str
    args: list[str]
    line: int = 0
    column: int = 0
    number: int = 0

    def where(self) -> str:
        name = f".{self.type}" if self.type else "the givens item '.~'"
        return name if self.line else f"{name} (item {self.number})"  # else: line and column

    def error(self, message: str) -> IssError:
        return IssError(f"{self.where()}: {message}", self.line, self.column, self.type)


def looks_like(text: str) -> bool:
    """Text that is a constraint string: its first item (after # comment lines) is the
    givens' (.~) or names a type ISS has (so a grid line such as .A.B... is not one)."""
    body = "".join(line for line in text[:MAX_TEXT].split("\n")
                   if not line.lstrip().startswith("#"))
    match = re.match(r"\s*\.\s*(~|[A-Za-z]+)", body)
    return bool(match) and (match.group(1) in ("~", "Or", "And") or match.group(1) in READERS
                            or match.group(1) in NO_KIND)


def items(text: str, located: bool = True) -> list[Item]:
    """The items of a constraint string; whitespace and lines starting with # (ISS's
    comments) are dropped, as ISS does. `located`: give each its line and column."""
    if len(text) > MAX_TEXT:
        raise IssError(f"the constraint string is too long ({len(text)} characters; at most "
                       f"{MAX_TEXT})")
    found: list[Item] = []
    current: tuple[list[str], int, int] | None = None  # the item being read, and where
    for number, row in enumerate(text.split("\n"), 1):
        if row.lstrip().startswith("#"):
            continue
        for col, ch in enumerate(row, 1):
            if ch.isspace():
                continue
            if ch == ".":
                if current is not None:
                    found.append(_item(*current, len(found) + 1))
                    if len(found) > MAX_ITEMS:
                        raise IssError(f"more than {MAX_ITEMS} items in one string")
                current = ([], number, col)
            elif current is None:
                raise IssError("an ISS constraint string starts with '.' (such as .Thermo~R1C1~"
                               f"R1C2), not {ch!r}", number if located else 0,
                               col if located else 0)
            else:
                current[0].append(ch)
    if current is None:
        raise IssError("the constraint string holds no item (.Type~argument~...)")
    found.append(_item(*current, len(found) + 1))
    if not located:
        for item in found:
            item.line = item.column = 0
    return found


def _item(chars: list[str], line: int, column: int, number: int) -> Item:
    kind, *args = "".join(chars).split("~")
    item = Item(kind, args, line, column, number)
    if not re.fullmatch(r"[A-Za-z]*", kind):
        raise item.error(f"{kind[:30]!r} is not a constraint type (letters only)")
    return item


@dataclass
class Reading:
    """What the items say, gathered before the puzzle is made."""

    n: int
    first: int = 1  # the grid's first digit as shown (ISS's Shape~9x9~0-8: 0)
    parts: dict = field(default_factory=lambda: {"rules": set(), "negative": set(),
                                                  "marks": []})
    allowed: dict[int, list[int]] = field(default_factory=dict)  # each Given's digit sets
    no_boxes: bool = False
    layout: tuple[int, ...] | None = None  # the Jigsaw's regions
    strict: set = field(default_factory=set)  # StrictKropki, StrictXV, AntiConsecutive
    named: dict = field(default_factory=dict)  # name -> [(item, cells)] of the writer's pairs
    # clues ISS keeps one of at a place (its uniqueness keys): the last one read
    placed: dict = field(default_factory=dict)  # (type, place) -> (field, value)

    def add(self, name: str, *values) -> None:
        self.parts.setdefault(name, []).extend(values)


def read(text: str, located: bool = True) -> Variant:
    """The Variant a constraint string describes (IssError, or ModelError)."""
    found = items(text, located)
    reading = Reading(_size(found), _first(found))
    for node in _tree(found):
        _apply(reading, node)
    return _made(reading, found)


def _reader(item: Item):
    if item.type in NO_KIND and item.type not in READERS:
        raise item.error(f"ISS's {item.type}: {NO_KIND[item.type]}")
    reader = READERS.get(item.type)
    if reader is None:
        raise item.error(f"unknown ISS constraint type {item.type!r}")
    return reader


# --- ISS's Or and And ------------------------------------------------------------------------

# The types ISS allows inside an Or or And that the workbench reads (its categories
# LinesAndSets, GivenCandidates, OutsideClue, Composite, Pairwise, StateMachine).
COMPOSABLE = {"", *(form.type for form in ISS_LINES.values()), "SumLine", "Regex", "NFA",
              *(kind.iss for kind in MARKS.values() if kind.iss),
              *(t for kind in SHAPES.values() for t in kind.iss), "Sum",
              *(kind.iss for kind in OUTSIDE.values()),
              "ContainAtLeast", "ContainExact", "EqualSum", "Pair",
              "PairX", "Or", "And", *(kind.iss for kind in (*CORNERS, *REGIONS, *WAYS))}
# Inside an Or, each branch must be one rule no kind names: these types give one.
AS_RULES = {"", "Pair", "PairX", "Regex", "NFA", "SumLine", "ContainExact", "ContainAtLeast",
            "EqualSum", *(t for kind in SHAPES.values() for t in kind.iss_or), "Or", "And"}
OR_SHAPES = ", ".join(kind.field for kind in SHAPES.values() if kind.iss_or)
MAX_DEPTH = 20  # Or and And inside each other


def _tree(found: list[Item]) -> list:
    """The items as a tree: an Or or And is (item, its children) up to its End."""
    stack: list[tuple[Item | None, list]] = [(None, [])]
    for item in found:
        if item.type == "End":
            if len(stack) == 1:
                raise item.error("an End with no Or or And open")
            _no_args(None, item)
            done = stack.pop()
            stack[-1][1].append(done)
        elif item.type in ("Or", "And", "Replicate"):  # Replicate: refused when applied
            if item.type != "Replicate":
                _no_args(None, item)
            if len(stack) > MAX_DEPTH:
                raise item.error(f"Or and And nested more than {MAX_DEPTH} deep")
            stack.append((item, []))
        else:
            stack[-1][1].append(item)
    if len(stack) > 1:
        raise stack[-1][0].error(f"an {stack[-1][0].type} without its End")
    return stack[0][1]


def _apply(reading: Reading, node) -> None:
    if isinstance(node, Item):
        _reader(node)(reading, node)
        return
    item, children = node
    if item.type == "Replicate":
        _reader(item)  # refused by name
    _composable(item, children)
    if item.type == "Or":
        rule = _or_rule(reading, item, children)
        if rule is not None:
            reading.add("custom", rule)
        return
    placed, reading.placed = reading.placed, {}  # ISS keeps one clue a place inside an And
    for child in children:
        _apply(reading, child)
    for name, value in reading.placed.values():
        reading.add(name, value)
    reading.placed = placed


def _composable(item: Item, children) -> None:
    for child in children:
        inner = child if isinstance(child, Item) else child[0]
        if inner.type not in COMPOSABLE:
            if inner.type in ("Binary", "BinaryX") or inner.type in READERS:
                raise inner.error(f"inside an {item.type} (ISS does not allow it there)")
            _reader(inner)  # refused by name, or unknown


def _or_rule(reading: Reading, item: Item, children):
    """ISS's Or as an or of rules: each child a branch (an item giving several constraints,
    or an And, is one branch of them all); a branch holding nothing makes the Or hold."""
    parts: list = []
    for child in children:
        rules = _branch(reading, item, child)
        if rules is None:
            continue  # an item that names no cells: no branch, as in ISS
        if not rules:
            return None  # an empty branch holds: so does the Or
        if len(rules) > 1:
            raise _where(child).error("a branch of several constraints inside an Or (ISS's And "
                                      "of them): the workbench's or joins single rules")
        parts += list(rules[0].parts) if rules[0].kind == "either" else [rules[0]]
    if not parts:
        raise item.error("an Or with no branch (ISS counts no solution; the workbench refuses "
                         "it)")
    if len(parts) > custom.MAX_PARTS:
        raise item.error(f"an Or of {len(parts)} rules (read are up to {custom.MAX_PARTS})")
    return parts[0] if len(parts) == 1 else model.either(*parts)


def _where(node) -> Item:
    return node if isinstance(node, Item) else node[0]


def _branch(reading: Reading, item: Item, node) -> list | None:
    """The rules one branch of an Or says (None: the item names no cells)."""
    inner = _where(node)
    if inner.type not in AS_RULES:
        raise inner.error(f"inside an Or: the workbench's or joins rules no kind names (pair "
                          f"tables, patterns, automata, sums, multisets, givens, {OR_SHAPES}), "
                          f"not {inner.type}")
    scratch = Reading(reading.n, reading.first)
    if isinstance(node, Item) and node.type == "":
        return _given_rules(scratch, node)
    for kind in SHAPES.values():
        if isinstance(node, Item) and node.type in kind.iss_or:
            return kind.iss_or[node.type](scratch, node, sys.modules[__name__])
    if isinstance(node, Item):
        _reader(node)(scratch, node)
    elif node[0].type == "Or":
        _composable(node[0], node[1])
        rule = _or_rule(scratch, node[0], node[1])
        return [] if rule is None else [rule]
    else:
        _composable(node[0], node[1])
        for child in node[1]:
            scratch.add("custom", *(_branch(scratch, item, child) or []))
    rules = list(scratch.parts.get("custom", []))
    if isinstance(node, Item) and not rules:
        return None
    return rules


def _given_rules(scratch: Reading, item: Item) -> list | None:
    """Givens inside an Or: each cell in its digits, as one pattern along the cells."""
    _givens(scratch, item)
    if not scratch.allowed:
        return None
    classes = []
    for cell, sets in scratch.allowed.items():
        digits = -1
        for s in sets:
            digits &= s
        if not digits:
            raise item.error(f"{cell_id(cell, scratch.n)} can hold no digit (ISS counts no "
                             "solution for this branch; the workbench refuses it)")
        listed = [model.symbol(d, scratch.first) for d in range(1, scratch.n + 1)
                  if digits >> (d - 1) & 1]
        classes.append(listed[0] if len(listed) == 1 else "[" + "".join(listed) + "]")
    return [model.pattern(tuple(scratch.allowed), "".join(classes))]


def _size(found: list[Item]) -> int:
    """The grid's size from the .Shape item (9 without one); a shape the workbench has no
    grid for is refused by name."""
    return _shape(found)[0]


def _first(found: list[Item]) -> int:
    """The grid's first digit as shown: 0 for ISS's `Shape~9x9~0-8`, else 1."""
    return _shape(found)[1]


def _shape(found: list[Item]) -> tuple[int, int]:
    shapes = [item for item in found if item.type == "Shape"]
    if len(shapes) > 1:
        raise shapes[1].error("a second Shape (one grid a puzzle)")
    if not shapes:
        return 9, 1
    item = shapes[0]
    spec = "~".join(item.args)
    match = re.fullmatch(r"([0-9]{1,2})x([0-9]{1,2})(?:~([0-9]{1,2})(?:-([0-9]{1,2}))?)?", spec)
    if match is None:
        raise item.error(f"Shape {spec[:40]!r}: read are square grids like 6x6 (no value "
                         "range or grid type)")
    rows, cols, low, high = match.groups()
    n = int(rows)
    if int(cols) != n:
        raise item.error(f"Shape {spec}: a grid of {rows} rows and {cols} columns (square grids "
                         "are read)")
    digits = (1, n) if low is None else ((int(low), int(high)) if high else (1, int(low)))
    if digits not in ((1, n), (0, n - 1)):
        more = (f"{digits[1] - digits[0] + 1} digits on a grid of {n} rows: houses of "
                "different digits, not every digit, are not read" if digits[0] in (0, 1)
                else "")
        raise item.error(f"Shape {spec}: digits {digits[0]} to {digits[1]} (read are digits 1 "
                         f"to {n} or 0 to {n - 1} on a {n}x{n} grid" + (f"; {more})" if more
                                                                        else ")"))
    if not model.MIN_SIZE <= n <= model.MAX_SIZE:
        raise item.error(f"Shape {spec}: grids of {model.MIN_SIZE} to {model.MAX_SIZE} rows are "
                         "read")
    return n, digits[0]


def _cell(token: str, n: int, item: Item) -> int:
    if len(token) == 4 and token[0] in "Rr" and token[2] in "Cc":
        r, c = BASE17.find(token[1].lower()) - 1, BASE17.find(token[3].lower()) - 1
        if 0 <= r < n and 0 <= c < n and "0" not in (token[1], token[3]):
            return r * n + c
        raise item.error(f"{token} is outside the {n}x{n} grid")
    if token[:1] == "V":
        raise item.error(f"{token[:20]}: ISS's extra cells (Var) are not read")
    raise item.error(f"{token[:20]!r} is not a cell (such as R1C1; column 10 is 'a')")


def _cells(reading: Reading, item: Item, tokens=None, least: int = 1) -> tuple[int, ...]:
    tokens = item.args if tokens is None else tokens
    if len(tokens) < least:
        raise item.error(f"needs {least} or more cells")
    return tuple(_cell(t, reading.n, item) for t in tokens)


def _number(token: str, item: Item, what: str) -> int:
    if not NUMBER.match(token):
        raise item.error(f"{what} {token[:20]!r} is not a whole number")
    return int(token)


def _no_args(reading: Reading, item: Item) -> None:
    if any(item.args):
        raise item.error("takes no argument")


def _givens(reading: Reading, item: Item) -> None:
    """R1C1_5 (a given), R2C3_2_4_6 (the digits a cell may hold)."""
    n, shift = reading.n, 1 - reading.first
    for token in item.args:
        if not token:
            continue
        cell_token, *values = token.split("_")
        cell = _cell(cell_token, n, item)
        digits = {_number(v, item, f"a digit of {cell_token}") + shift for v in values}
        if not values or any(not 1 <= d <= n for d in digits):
            raise item.error(f"{token[:30]}: a cell and its digits, {reading.first} to "
                             f"{n - shift}, such as {cell_token}_5")
        reading.allowed.setdefault(cell, []).append(sum(1 << (d - 1) for d in digits))


def _strict(reading: Reading, item: Item) -> None:
    _no_args(reading, item)
    reading.strict.add(item.type)


def _no_boxes(reading: Reading, item: Item) -> None:
    _no_args(reading, item)
    reading.no_boxes = True


def _ignored(reading: Reading, item: Item) -> None:
    """Shape is read first (_size); SearchPriority only orders ISS's search."""


def _region_size(reading: Reading, item: Item) -> None:
    if item.args != [str(reading.n)]:
        raise item.error(f"regions of {'~'.join(item.args)[:10]} cells on a {reading.n}x"
                         f"{reading.n} grid (read are regions of {reading.n})")


def _jigsaw(reading: Reading, item: Item) -> None:
    n = reading.n
    if not 1 <= len(item.args) <= 2 or len(item.args[-1]) != n * n:
        raise item.error(f"a jigsaw's layout names the region of each of the {n * n} cells")
    layout = item.args[-1]
    own = [BASE17.find(ch.lower()) if ch.isascii() else -1 for ch in layout]
    if all(0 <= r < n for r in own):  # the region numbers as written (ours, and ISS's)
        regions = own
    else:
        first: dict[str, int] = {}
        regions = [first.setdefault(ch, len(first)) for ch in layout]
    if len(set(regions)) == 1:
        return  # one region: ISS adds no constraint
    if reading.layout is not None:
        raise item.error("a second Jigsaw layout")
    for region in set(regions):
        if regions.count(region) != n:
            raise item.error(f"region {layout[regions.index(region)]!r} has "
                             f"{regions.count(region)} cells; each region has {n}")
    reading.layout = tuple(regions)


def _grid_rule(reading: Reading, item: Item) -> None:
    """A rule over the whole grid (core.variants.grid_rules), its argument part of its name
    (Diagonal~1)."""
    forms = [kind for kind in GRID_RULES.values() if kind.iss.split("~")[0] == item.type]
    said = "~".join([item.type, *item.args])
    kind = next((kind for kind in forms if kind.iss == said), None)
    if kind is None and len(forms) == 1:
        _no_args(reading, item)
    if kind is None:
        raise item.error(" or ".join(f"{k.iss} ({k.glyph})"
                                     for k in sorted(forms, key=lambda k: k.slant)))
    reading.parts["rules"].add(kind.name)


def _windows(reading: Reading, item: Item) -> None:
    _no_args(reading, item)
    reading.add(DIFFERENT.field, *iss_windows(reading.n))


def _region(kind):
    """A region shape's group of cells whose digits differ."""
    def read(reading: Reading, item: Item) -> None:
        cells = _cells(reading, item)
        if len(cells) > 1:  # a single cell differs from nothing: no rule
            reading.add(kind.field, cells)
    return read


def _adjacent_pairs(reading: Reading, item: Item) -> list[tuple[int, int]]:
    """ISS's pairs of a dot, X, V or > over several cells: each cell with the later cells
    beside it (earlier first)."""
    cells = _cells(reading, item, least=2)
    found = [(a, b) for i, a in enumerate(cells) for b in cells[i + 1:]
             if model.neighbours(a, b, reading.n)]
    if not found:
        raise item.error("joins no two neighbouring cells")
    return found


def _mark(reading: Reading, item: Item) -> None:
    """ISS's dots, letters and signs: the first kind of that ISS type (a white dot, not a
    bar); a sign names the bigger cell first."""
    kind = next(name for name, k in MARKS.items() if k.iss == item.type)
    for a, b in _adjacent_pairs(reading, item):
        reading.parts["marks"].append(Mark(kind, b, a) if MARKS[kind].directed
                                      else Mark(kind, a, b))


def _sum(reading: Reading, item: Item) -> None:
    """A little killer's diagonal, or an arrow (0 = the shaft less the bulb's number), as the
    writer puts them; any other sum is ISS's generic one."""
    if not item.args:
        raise item.error("Sum~total~cells")
    head, *tokens = item.args
    cells = _cells(reading, item, tokens)
    parts = head.split("_")
    for kind in SHAPES.values():
        clue = (kind.iss_sum(cells, parts, item, reading.n, sys.modules[__name__])
                if kind.iss_sum else None)
        if clue is not None:
            reading.add(kind.field, clue)
            return
    raise item.error(f"ISS's Sum: {NO_KIND['Sum']}")


def _line_of(token: str, n: int, item: Item) -> tuple[str, int]:
    match = re.fullmatch(r"([RC])([0-9]{1,2})", token)
    if match is None or not 1 <= int(match.group(2)) <= n:
        raise item.error(f"{token[:10]!r} is not a row or column (R1 to R{n}, C1 to C{n})")
    return ("row" if match.group(1) == "R" else "col"), int(match.group(2)) - 1


def _outside(kind: str):
    def read_outside(reading: Reading, item: Item) -> None:
        if len(item.args) != 3:
            raise item.error(f"{item.type}~R1 (or C1)~clue from the start~clue from the end")
        line, index = _line_of(item.args[0], reading.n, item)
        for reverse, token in enumerate(item.args[1:]):
            if token:
                reading.placed[(item.type, line, index, reverse)] = ("outside", Outside(
                    kind, line, index, bool(reverse), _number(token, item, "the clue")))
    return read_outside


def _line(kind: str):
    """A line of a kind, as its record's ISS form says: `valued`: it takes its number first
    (a whisper's difference; ISS's German whispers leave it out: 5); `value(n)`: the one
    number the workbench's kind has on an n x n grid, which ISS's carries first (another is
    refused)."""
    form = LINES[kind].iss
    valued, value = form.valued, form.value

    def read_line(reading: Reading, item: Item) -> None:
        args, number = item.args, 0
        if valued or value:
            if args and NUMBER.match(args[0]):
                number, args = int(args[0]), args[1:]
            elif value:
                raise item.error(f"{item.type}~number~cells")
            else:
                number = 5  # ISS's default whisper
        if value and number != value(reading.n):
            raise item.error(f"{item.type} with {number}: the workbench's {kind} lines take "
                             f"{value(reading.n)} on a {reading.n}x{reading.n} grid")
        if form.from_zero and reading.first != 1:
            raise item.error(form.from_zero)
        cells = _cells(reading, item, args)
        reading.add("lines", Line(kind, cells, number if valued else 0))
    return read_line


def _corner(kind):
    """A clue on a corner: Type~top-left cell~digits."""
    def read(reading: Reading, item: Item) -> None:
        if not item.args:
            raise item.error(f"{kind.iss}~top-left cell~digits")
        n = reading.n
        top = _cell(item.args[0], n, item)
        digits = tuple(_number(d, item, "a digit") + 1 - reading.first for d in item.args[1:])
        if top % n == n - 1 or top // n == n - 1:
            raise item.error(f"{item.args[0]} is the top left of no 2x2 square")
        reading.placed[(kind.iss, top)] = (kind.field, kind.at_corner(top, digits, n))
    return read


def _ways(kind):
    """Cells marked one way: Type~letter of the way~cells."""
    letters = {way.iss: way for way in kind.ways if way.iss}

    def read(reading: Reading, item: Item) -> None:
        if not item.args or item.args[0] not in letters:
            raise item.error(f"{kind.iss}~" + " or ~".join(
                f"{letter} ({way.name})" for letter, way in letters.items()) + ", then its cells")
        way = letters[item.args[0]]
        reading.add(kind.field, *((way.name, c) for c in _cells(reading, item, item.args[1:])))
    return read


# The pair tables the writer names after the workbench's kinds: name -> (ISS type, relation
# in RELATIONS, or the mark kind whose difference or ratio the table says).
WORKBENCH_PAIRS = {**{name: (form.type, name) for name, form in TABLE_LINES.items()},
                   **{kind.word: ("Pair", kind.word) for kind in TWINS},
                   **{kind.word: ("Pair", kind.word) for kind in EXTREMES},
                   **{name: ("Pair", name) for name, kind in MARKS.items() if kind.valued},
                   **{f"not{k}": ("Pair", f"not{k}") for k in model.NEGATIVE_KINDS}}


def _named_groups(item: Item) -> list[tuple[str, list[str]]]:
    """ISS's named cell groups (parseNamedCellGroups): `_name` starts a group of that name,
    an empty argument another of the same name."""
    groups: list[tuple[str, list[str]]] = []
    name, cells = "", []
    for token in item.args[1:] + [""]:
        if token and token[0] != "_":
            cells.append(token)
            continue
        if cells:
            groups.append((name, cells))
        cells = []
        if token:
            name = unquote(token[1:])
    return groups


def _pairs(reading: Reading, item: Item) -> None:
    """The writer's named tables (WORKBENCH_PAIRS) that are exactly their kind's relation, as
    that kind; any other group is ISS's generic pair relation, a rule no kind names (Pair:
    along the line; PairX: every two cells). Binary and BinaryX are ISS's older spellings,
    their keys with - and _ swapped."""
    if not item.args:
        raise item.error(f"{item.type}~key~cells")
    kind = item.type.replace("Binary", "Pair")
    key = item.args[0]
    if item.type != kind:
        key = key.translate(str.maketrans("-_", "_-"))
    table = key_table(key, reading.n)
    if table is None:
        raise item.error(f"{key[:20]!r} is no pair table of a {reading.n}x{reading.n} grid "
                         "(base64url, at most one bit a pair of digits)")
    folded: dict[str, list] = {}
    for name, tokens in _named_groups(item):
        cells = _cells(reading, item, tokens)
        if kind == "Pair" and name.startswith(EVERY_PAIR):
            folded.setdefault(name, []).append(cells)
        elif not _workbench_pair(reading, item, kind, name, table, cells):
            _generic_pair(reading, item, kind, name, table, cells)
    for name, groups in folded.items():
        _every_pair(reading, item, name, table, groups)


EVERY_PAIR = "every pair: "  # the writer's name of a pairs rule whose table is not symmetric


def _every_pair(reading: Reading, item: Item, name: str, table, groups) -> None:
    """The writer's pair table on each two cells of a pairs rule (in reading order) as that
    rule; groups that are not exactly every such pair read one by one."""
    cells = tuple(sorted({c for g in groups for c in g}))
    every = [(a, b) for i, a in enumerate(cells) for b in cells[i + 1:]]
    text = name[len(EVERY_PAIR):]
    if sorted(map(tuple, groups)) == every and len(cells) > 2:
        reading.add("custom", model.every_pair(cells, _table_text(table, reading.n, text,
                                                                  reading.first)))
        return
    for group in groups:
        _generic_pair(reading, item, "Pair", text, table, group)


def _workbench_pair(reading, item, kind, name, table, cells) -> bool:
    """A group of the writer's named tables taken as its kind; False when it is not one."""
    word = re.sub(r"[^a-z0-9]", "", name.lower())  # ISS's own "Nabner" too
    numbered = word.rstrip("0123456789")  # the writer numbers twin shapes' tables
    base = numbered if numbered in TWIN_WORDS else word
    known = WORKBENCH_PAIRS.get(base)
    if known is None or known[0] != kind or len(cells) < 2:
        return False
    relation = known[1]
    shift = 1 - reading.first
    if relation in MARKS:  # a dot of another difference or ratio
        value = _mark_value(relation, table, reading.n, shift)
        if value is None or len(cells) != 2:
            return False
        reading.parts["marks"].append(Mark(relation, *cells, value))
        return True
    if table != table_of(shown(RELATIONS[relation], shift), reading.n):
        return False
    reading.named.setdefault(word if base in TWIN_WORDS else base, []).append((item, cells))
    return True


def _generic_pair(reading, item, kind, name, table, cells) -> None:
    """ISS's pair table on a group as a relation line (Pair) or a pairs rule (PairX); a name
    that is a formula saying the same table is kept as the rule's text."""
    if len(cells) < 2:
        return  # one cell: no pair, and ISS ties none
    text = _table_text(table, reading.n, name, reading.first)
    if kind == "PairX":
        n = reading.n
        if any(table[(x - 1) * n + y - 1] != table[(y - 1) * n + x - 1]
               for x in range(1, n + 1) for y in range(x + 1, n + 1)):
            raise item.error("an all-pairs table that is not symmetric (ISS takes only "
                             "symmetric ones for every two cells)")
        _distinct(reading, item, cells)
        reading.add("custom", model.every_pair(cells, text))
        return
    body = cells[:-1] if len(cells) > 2 and cells[0] == cells[-1] else cells
    if len(set(body)) == len(body):
        reading.add("custom", model.relation(cells, text))
        return
    for a, b in zip(cells, cells[1:], strict=False):  # a line through a cell twice: pair by pair
        if a == b:
            raise item.error(f"ties {cell_id(a, reading.n)} to itself")
        reading.add("custom", model.relation((a, b), text))


def _table_text(table, n: int, name: str = "", first: int = 1) -> str:
    """A rule's text for a table (of held digits): the name when it is a formula with exactly
    this table, else the pairs listed as shown (`a != a` for none)."""
    if name and len(name) <= formula.MAX_TEXT:
        try:
            if not formula.is_table(name) and table_of(formula.holds(name, n, first),
                                                        n) == table:
                return formula.normal(name)
        except (formula.FormulaError, RecursionError):
            pass
    pairs = [model.symbol(x, first) + model.symbol(y, first) for x in range(1, n + 1)
             for y in range(1, n + 1) if table[(x - 1) * n + y - 1]]
    return "table " + " ".join(pairs) if pairs else "a != a"


def _distinct(reading: Reading, item: Item, cells) -> None:
    twice = next((c for i, c in enumerate(cells) if c in cells[:i]), None)
    if twice is not None:
        raise item.error(f"lists {cell_id(twice, reading.n)} twice in one group (read are "
                         "groups of different cells)")


def _cell_groups(reading: Reading, item: Item, tokens, cut: str = "") -> list[tuple[int, ...]]:
    """The cell groups of tokens cut at `cut` (an empty token, or ISS's segment mark '-')."""
    groups, now = [], []
    for token in [*tokens, cut]:
        if token == cut:
            if now:
                groups.append(tuple(now))
            now = []
        else:
            now.append(_cell(token, reading.n, item))
    return groups


def _contain(at_least: bool):
    def read_contain(reading: Reading, item: Item) -> None:
        if len(item.args) < 2:
            raise item.error(f"{item.type}~digits (1_2_2)~cells")
        shift = 1 - reading.first
        digits = [_number(v, item, "a digit") + shift for v in item.args[0].split("_")]
        if any(not 1 <= d <= reading.n for d in digits):
            raise item.error(f"digits {reading.first} to {reading.n - shift} (not "
                             f"{item.args[0][:20]})")
        cells = _cells(reading, item, item.args[1:])
        _distinct(reading, item, cells)
        if len(digits) > len(cells):
            raise item.error(f"{len(digits)} digits in {len(cells)} cells (ISS counts no "
                             "solution; the workbench refuses it)")
        reading.add("custom", model.contains(cells, digits, at_least, reading.first))
    return read_contain


def _equal_sum(reading: Reading, item: Item) -> None:
    """ISS's EqualSum: its segments ('-' between them; an empty one adds nothing) have one sum.
    Groups that share cells are tied pairwise by what each has that the other has not."""
    groups = _cell_groups(reading, item, item.args, "-")
    for group in groups:
        _distinct(reading, item, group)
    if len(groups) < 2:
        return
    if len({c for g in groups for c in g}) == sum(map(len, groups)):
        reading.add("custom", model.equal_sums(groups))
        return
    first = groups[0]
    for other in groups[1:]:
        a = tuple(c for c in first if c not in other)
        b = tuple(c for c in other if c not in first)
        if not a and not b:
            continue
        if not a or not b:
            raise item.error("a segment whose cells all lie in another one that has more (its "
                             "sum would be 0: ISS counts no solution; the workbench refuses it)")
        reading.add("custom", model.equal_sums([a, b]))


def _sum_line(reading: Reading, item: Item) -> None:
    """ISS's SumLine: the line cut into segments each adding up to the sum; a loop (LOOP last)
    cut anywhere: an or of the automata starting at each partial sum."""
    args = list(item.args)
    loop = bool(args) and args[-1] == "LOOP"
    args = args[:-1] if loop else args
    if not args:
        raise item.error("SumLine~sum~cells")
    total = _number(args[0], item, "the sum")
    if not 1 <= total <= 30:
        raise item.error(f"a sum of {total} (ISS's sum lines take 1 to 30)")
    cells = _cells(reading, item, args[1:])
    _distinct(reading, item, cells)
    if not loop:
        reading.add("custom", model.pattern(cells, iss_generic.sum_line_text(
            total, reading.n, 0, reading.first)))
        return
    if total > custom.MAX_PARTS:
        raise item.error(f"a loop of sum {total} (read are loops of sum up to "
                         f"{custom.MAX_PARTS}: an or of one automaton a partial sum)")
    parts = [model.pattern(cells, iss_generic.sum_line_text(total, reading.n, start,
                                                             reading.first))
             for start in range(total)]
    reading.add("custom", parts[0] if total == 1 else model.either(*parts))


def _nfa(reading: Reading, item: Item) -> None:
    """ISS's NFA: each named group's digits, in order, are a word its automaton accepts."""
    if not item.args:
        raise item.error("NFA~automaton~cells")
    try:
        text = iss_generic.nfa_rule_text(item.args[0], reading.n, reading.first)
    except iss_generic.GenericError as error:
        raise item.error(str(error)) from None
    for name, tokens in _named_groups(item):
        if "-" in tokens:
            raise item.error("an automaton over several segments ('-'): read are single lines")
        cells = _cells(reading, item, tokens)
        _distinct(reading, item, cells)
        said = text  # the writer's own automaton, by its name, when it accepts the same
        if pattern.is_nfa(name) and iss_generic.same_words(name, text, reading.n,
                                                           first=reading.first):
            said = pattern.normal(name)
        reading.add("custom", model.pattern(cells, said))


def _regex(reading: Reading, item: Item) -> None:
    """ISS's Regex: each group's digits, in order, match the pattern (empty tokens part the
    groups)."""
    if not item.args:
        raise item.error("Regex~pattern~cells")
    try:
        text = iss_generic.regex_rule_text(iss_generic.decode_regex(item.args[0]), reading.n,
                                           reading.first)
    except iss_generic.GenericError as error:
        raise item.error(str(error)) from None
    for cells in _cell_groups(reading, item, item.args[1:]):
        _distinct(reading, item, cells)
        reading.add("custom", model.pattern(cells, text))


def _mark_value(kind: str, table, n: int, shift: int = 0) -> int | None:
    """The difference (white) or ratio (black) other than the usual whose relation the table
    (of held digits) is, else None."""
    for k in range(MARKS[kind].usual + 1, n):
        if table == table_of(shown(rules.RELATIONS[f"{kind}{k}"], shift), n):
            return k
    return None


def shown(fits, shift: int):
    """A relation of the digits as shown, asked of held digits (held less `shift`)."""
    return fits if not shift else lambda x, y: fits(x - shift, y - shift)


# The checked reading above, as the records' own readers use it (core.variants.shapes).
cells_of, number_of, cell_of, distinct = _cells, _number, _cell, _distinct
line_of = _line_of

READERS = {
    "": _givens, "Shape": _ignored, "SearchPriority": _ignored, "RegionSize": _region_size,
    "NoBoxes": _no_boxes, "Jigsaw": _jigsaw,
    **{kind.iss.split("~")[0]: _grid_rule for kind in GRID_RULES.values()},
    **{kind.windows: _windows for kind in REGIONS if kind.windows},
    **{kind.iss: _region(kind) for kind in REGIONS},
    **dict.fromkeys([*STRICT, *STRICT_ALONE], _strict),
    **{kind.iss: _mark for kind in MARKS.values() if kind.iss},
    **{t: partial(read, iss=sys.modules[__name__])  # with this module's checks
       for kind in SHAPES.values() for t, read in kind.iss.items()},
    "Sum": _sum,

    **{kind.iss: _outside(name) for name, kind in OUTSIDE.items()},
    **{form.type: _line(name) for name, form in ISS_LINES.items()},
    **{kind.iss: _corner(kind) for kind in CORNERS},
    **{kind.iss: _ways(kind) for kind in WAYS}, "Pair": _pairs, "PairX": _pairs, "Binary": _pairs,
    "BinaryX": _pairs, "ContainExact": _contain(False), "ContainAtLeast": _contain(True),
    "EqualSum": _equal_sum, "SumLine": _sum_line, "NFA": _nfa, "Regex": _regex,
}


# --- the puzzle, from what was read ---------------------------------------------------------

def _made(reading: Reading, found: list[Item]) -> Variant:
    n, parts = reading.n, reading.parts
    for name, value in reading.placed.values():
        reading.add(name, value)
    regions = _regions(reading, found)
    givens = _cells_given(reading, parts)
    for kind in GRID_RULES.values():  # ISS's disjoint sets beside regions that are no boxes
        if kind.boxes and kind.name in parts["rules"] and regions != model.box_regions(n):
            parts["rules"].discard(kind.name)
            parts.setdefault(DIFFERENT.field, []).extend(iss_disjoint_sets(n))
    _named(reading, parts)
    _negatives(reading, found, parts)
    try:
        return model.make(n, givens, regions, first=reading.first, **parts)
    except model.NotReadFromZero as error:  # refused by name, as the grid's digits make it
        raise next(item for item in found if item.type == "Shape").error(str(error)) from None


def _regions(reading: Reading, found: list[Item]) -> tuple[int, ...]:
    """ISS's boxes, unless NoBoxes; a Jigsaw is the regions where there are no boxes and
    groups of different digits beside them. With neither, the rows stand as regions (they add
    nothing)."""
    n = reading.n
    boxes = None if reading.no_boxes else iss_boxes(n)
    if boxes is not None and reading.layout is not None:
        pieces: dict[int, list[int]] = {}
        for cell, region in enumerate(reading.layout):
            pieces.setdefault(region, []).append(cell)
        reading.add(DIFFERENT.field, *map(tuple, pieces.values()))
    if boxes is not None:
        return model.box_regions(n) if same_partition(boxes, model.box_regions(n)) else boxes
    if reading.layout is not None:
        return reading.layout
    needs = {form.type: form.regions for form in ISS_LINES.values() if form.regions}
    line = next((item for item in found if item.type in needs), None)
    if line is not None:
        raise line.error(needs[line.type])
    return tuple(cell // n for cell in range(n * n))


def _cells_given(reading: Reading, parts: dict) -> list[int]:
    """Each cell's Given items: one digit is a given, exactly the even (odd) digits an even
    (odd) cell, any other set the cell's candidates (several: all of them hold)."""
    n, full = reading.n, (1 << reading.n) - 1
    shift = 1 - reading.first  # even and odd as shown
    parity = {kind.digits(n, shift): kind.field for kind in PARITY}  # a set that is a parity
    givens = [0] * (n * n)
    for cell, sets in reading.allowed.items():
        first = next((i for i, s in enumerate(sets) if s & (s - 1) == 0), None)
        if first is not None:
            givens[cell] = sets[first].bit_length()
        rest = [s for i, s in enumerate(sets) if i != first]
        allowed = full
        for digits in rest:
            if digits in parity:
                parts.setdefault(parity[digits], []).append(cell)
            else:
                allowed &= digits
        if allowed != full:  # a cell's given digits: the first pencil kind's
            parts.setdefault(PENCILS[0].field, []).append((cell, allowed))
    return givens


def _named(reading: Reading, parts: dict) -> None:
    """The writer's named pair tables as the kinds they stand for: a line each (slow
    thermometers, Nabner lines), a twin clue of the pairs one name holds, and the minima or
    maxima their pairs say, checked to be exactly the pairs those cells make."""
    n = reading.n
    for name, groups in reading.named.items():
        item = groups[0][0]
        if name in TABLE_LINES:
            parts.setdefault("lines", []).extend(Line(name, cells) for _, cells in groups)
            continue
        if any(len(cells) != 2 for _, cells in groups):
            raise item.error(f"the {name!r} table's groups are pairs of cells")
        pairs = [cells for _, cells in groups]
        twin = TWIN_WORDS.get(name.rstrip("0123456789"))
        if twin:
            parts.setdefault(twin.field, []).append(twin.twin(tuple(a for a, _ in pairs),
                                                              tuple(b for _, b in pairs)))
        elif name in EXTREME_WORDS:
            cells = {a for a, _ in pairs}
            field_name = EXTREME_WORDS[name].field
            expected = {(c, x) for c in cells for x in range(n * n)
                        if x not in cells and model.neighbours(c, x, n)}
            if set(pairs) != expected or len(pairs) != len(expected):
                raise item.error(f"the {name!r} pairs are not each such cell with every "
                                 "neighbour that is not one too")
            parts[field_name] = sorted(cells)


def _negatives(reading: Reading, found: list[Item], parts: dict) -> None:
    """ISS's strict rules and the writer's `not...` tables as the workbench's negative
    constraints, each only where it means the same: ISS exempts only pairs marked by its
    own dots (StrictKropki) or letters (StrictXV), AntiConsecutive none."""
    marks = parts["marks"]
    where = {item.type: item for item in found}
    for word, kinds in STRICT.items():
        family = [m for m in marks if m.kind in NEGATIVE_FAMILIES[kinds[0]]]
        if word in reading.strict:
            if any(m.value for m in family):
                raise where[word].error("beside a dot of another difference or ratio (ISS "
                                        "does not exempt its pair; the workbench does)")
            parts["negative"] |= set(kinds)
        for alone, kind in STRICT_ALONE.items():
            if kind in kinds and alone in reading.strict:
                if family:
                    raise where[alone].error(
                        f"beside {MARKS[kind].family} dots: ISS applies it to the dotted pairs "
                        f"too, the workbench's {MARKS[kind].rule.alone_caption} rule exempts "
                        "them")
                parts["negative"].add(kind)
    for kind in model.NEGATIVE_KINDS:
        groups = reading.named.pop(f"not{kind}", None)
        if groups is None:
            continue
        marked = {(min(m.a, m.b), max(m.a, m.b)) for m in marks
                  if m.kind in NEGATIVE_FAMILIES[kind]}
        expected = {pair for pair in _neighbour_pairs(reading.n) if pair not in marked}
        said = [tuple(sorted(cells)) for _, cells in groups]
        if any(len(cells) != 2 for _, cells in groups) or set(said) != expected or len(
                said) != len(expected):
            raise groups[0][0].error(f"the 'not{kind}' pairs are not every pair of neighbours "
                                     f"without a mark of its family")
        parts["negative"].add(kind)


def _neighbour_pairs(n: int) -> list[tuple[int, int]]:
    return [(a, b) for a in range(n * n) for b in (a + 1, a + n)
            if b < n * n and model.neighbours(a, b, n)]


# --- writing -------------------------------------------------------------------------------

def write(p: Variant) -> str:
    """The puzzle as ISS's constraint string (IssError for what ISS cannot hold)."""
    n = p.size
    parts = [f".Shape~{n}x{n}"] if n != 9 else []
    if p.first != 1:
        parts = [f".Shape~{n}x{n}~{p.first}-{p.first + n - 1}"]
    parts += _regions_out(p) + _givens_out(p) + _rules_out(p) + _marks_out(p)
    parts += _negatives_out(p) + _shapes_out(p) + _lines_out(p) + _cell_clues_out(p)
    parts += _outside_out(p) + [_rule_out(rule, n, p.first) for rule in p.custom]
    return "".join(parts)


def link(p: Variant) -> str:
    """The puzzle as a link that opens it in ISS."""
    from urllib.parse import quote

    return f"{HOME}?q={quote(write(p), safe='.~_-')}"


def _ids(cells, n: int) -> str:
    return "~".join(cell_id(c, n) for c in cells)


def _pair_table(relation, groups: list[tuple[str, tuple[int, ...]]], n: int,
                pair_type: str = "Pair") -> str:
    """One ISS table with the workbench's name on each group (read back by _pairs)."""
    said, last = [], None
    for name, cells in groups:
        said.append(f"_{name}" if name != last else "")
        said.append(_ids(cells, n))
        last = name
    return f".{pair_type}~{binary_key(relation, n)}~" + "~".join(said)


def _regions_out(p: Variant) -> list[str]:
    n = p.size
    if p.regions == model.box_regions(n) and same_partition(p.regions, iss_boxes(n)):
        return []
    return [".NoBoxes", f".Jigsaw~{''.join(BASE17[r] for r in p.regions)}"]


def _givens_out(p: Variant) -> list[str]:
    """Each given, and each cell's allowed digits (candidates, even, odd) as sets of their
    own, which ISS intersects."""
    n, said, s = p.size, [], p.shift  # ISS writes the digits as shown
    sets: dict[int, list] = {}
    for c, digits in (item for kind in PENCILS for item in kind.items(p)):
        sets.setdefault(c, []).append([d for d in range(1, n + 1) if digits >> (d - 1) & 1])
    for kind in PARITY:
        for c in kind.cells(p):
            sets.setdefault(c, []).append([d for d in range(1, n + 1) if kind.allows(d, n, s)])
    for c in range(p.cells):
        if p.givens[c]:
            said.append(f"{cell_id(c, n)}_{p.givens[c] - s}")
            if any(p.givens[c] not in digits for digits in sets.get(c, [])):
                raise IssError(f"{p.name(c)}: its given is not among its allowed digits (ISS "
                               "refuses a cell that can hold no digit)")
        said += ["_".join([cell_id(c, n), *(str(d - s) for d in digits)])
                 for digits in sets.get(c, [])]
    return [".~" + "~".join(said)] if said else []


def _rules_out(p: Variant) -> list[str]:
    n, said = p.size, []
    said += ["." + kind.iss for kind in grid_rules.written(p.rules)]  # on boxes: ISS's are ours
    hyper = iss_windows(n)
    for kind in REGIONS:
        regions = list(kind.items(p))
        if kind.windows and hyper and all(w in regions for w in hyper):
            said.append(f".{kind.windows}")
            regions = [r for r in regions if r not in hyper]
        said += [f".{kind.iss}~{_ids(r, n)}" for r in regions]
    return said


def _marks_out(p: Variant) -> list[str]:
    """ISS's dots and letters; > with the bigger cell first; a dot of another difference or
    ratio as a table named after its kind."""
    n, said, odd = p.size, [], []
    for m in p.marks:
        kind = MARKS[m.kind]
        if m.value:
            odd.append((m.kind, shown(rules.RELATIONS[rules.mark_relation(m)], p.shift),
                        (m.a, m.b)))
        elif not kind.iss:
            raise IssError(f"{kind.called} between {p.name(m.a)} and {p.name(m.b)}: ISS has "
                           "no type for it")
        else:
            cells = (m.b, m.a) if kind.directed else (m.a, m.b)
            said.append(f".{kind.iss}~{_ids(cells, n)}")
    for kind, relation, cells in sorted(odd, key=lambda t: (t[0], t[2])):
        said.append(_pair_table(relation, [(kind, cells)], n))
    return said


def _negatives_out(p: Variant) -> list[str]:
    """ISS's strict rules where they mean the same (they exempt the pairs ISS's own dots or
    letters mark; AntiConsecutive none), else a table of the pairs each rule ties."""
    n, said, left = p.size, [], set(p.negative)
    for word, kinds in STRICT.items():
        family = [m for m in p.marks if m.kind in NEGATIVE_FAMILIES[kinds[0]]]
        if set(kinds) <= left and not any(m.value for m in family):
            said.append(f".{word}")
            left -= set(kinds)
        for alone, kind in STRICT_ALONE.items():
            if kind in kinds and left & set(kinds) == {kind} and not family:
                said.append(f".{alone}")
                left.discard(kind)
    for kind in sorted(left):
        marked = {(min(m.a, m.b), max(m.a, m.b)) for m in p.marks
                  if m.kind in NEGATIVE_FAMILIES[kind]}
        pairs = [(f"not{kind}", pair) for pair in _neighbour_pairs(n) if pair not in marked]
        if pairs:
            said.append(_pair_table(shown(RELATIONS[f"not{kind}"], p.shift), pairs, n))
    return said


def _shapes_out(p: Variant) -> list[str]:
    said = [x for kind in SHAPES.values() for x in kind.write_iss(p, sys.modules[__name__])]
    return said


def _lines_out(p: Variant) -> list[str]:
    n, said = p.size, []
    for line in p.lines:
        form = LINES[line.kind].iss
        refused = form and form.written and form.written(n, p.first)
        if refused:
            raise IssError(refused)
        if line.kind in ISS_LINES:
            number = form.number(line, n)
            value = f"~{number}" if number is not None else ""
            said.append(f".{form.type}{value}~{_ids(line.cells, n)}")
        elif line.kind in TABLE_LINES:
            said.append(_pair_table(RELATIONS[line.kind], [(line.kind, line.cells)], n,
                                    form.type))
        else:
            raise IssError(f"a {line.kind} line has no ISS form yet")
    return said


def _cell_clues_out(p: Variant) -> list[str]:
    n, said = p.size, []
    for kind in CORNERS:  # ISS keeps one a place
        said += [f".{kind.iss}~{cell_id(top, n)}~" + "~".join(str(d - p.shift) for d in digits)
                 for top, digits in kind.merged(kind.items(p))]
    for kind in TWINS:  # a pair table a clue, named by its word and number
        for i, (a, b) in enumerate(map(kind.shapes, kind.items(p)), 1):
            pairs = [(f"{kind.word}{i}", pair) for pair in zip(a, b, strict=True)]
            said.append(_pair_table(kind.relation, pairs, n))
    for kind in EXTREMES:
        name, cells = kind.word, kind.cells(p)
        pairs = [(name, (c, x)) for c in cells for x in range(n * n)
                 if x not in cells and model.neighbours(c, x, n)]
        if pairs:
            said.append(_pair_table(RELATIONS[name], pairs, n))
    for kind in WAYS:
        letters = {way.name: way.iss for way in kind.ways}
        for way, c in kind.items(p):
            if not letters[way]:
                raise IssError(f"a {way} {kind.called} ({p.name(c)}): ISS indexes "
                               + " and ".join(f"{w.name}s" for w in kind.ways if w.iss)
                               + " only")
            said.append(f".{kind.iss}~{letters[way]}~{cell_id(c, n)}")
    return said


def _outside_out(p: Variant) -> list[str]:
    clues: dict[tuple[str, str, int], list[str]] = {}
    for o in p.outside:
        key = (OUTSIDE[o.kind].iss, "R" if o.line == "row" else "C", o.index)
        side = clues.setdefault(key, ["", ""])
        if side[o.reverse]:
            raise IssError(f"two {o.kind} clues at one place (ISS keeps one)")
        side[o.reverse] = str(o.total)
    return [f".{kind}~{line}{index + 1}~{ahead}~{back}"
            for (kind, line, index), (ahead, back) in clues.items()]


# --- rules no kind names, as ISS's generic constraints ----------------------------------------

def _name(text: str) -> str:
    """A group's name as ISS writes one (encodeURIComponent, then . and ~)."""
    from urllib.parse import quote

    return "_" + quote(text, safe="-_!*'()").replace(".", "%2E").replace("~", "%7E")


def _rule_out(rule, n: int, first: int = 1) -> str:
    """One rule as one ISS item: a relation as a pair table (Pair), a pairs rule as an
    all-pairs table (PairX) or, when its table is not symmetric, a pair table on each two cells
    in reading order; a pattern as a Regex, an automaton as an NFA; equal sums as EqualSum; a
    multiset as ContainExact or ContainAtLeast; an or as Or ... End. A formula travels as the
    group's name (read back when it says the same table)."""
    kind, cells = rule.kind, rule.cells
    if kind == "either":
        return ".Or" + "".join(_rule_out(part, n, first) for part in rule.parts) + ".End"
    if kind in ("relation", "pairs"):
        fits = formula.holds(rule.text, n, first)
        key = binary_key(fits, n)
        name = [] if formula.is_table(rule.text) else [_name(rule.text)]
        symmetric = all(fits(x, y) == fits(y, x) for x in range(1, n + 1)
                        for y in range(x + 1, n + 1))
        if kind == "relation":
            return f".Pair~{key}~" + "~".join(name + [cell_id(c, n) for c in cells])
        if symmetric:
            return f".PairX~{key}~" + "~".join(name + [cell_id(c, n) for c in cells])
        pairs = [_ids((a, b), n) for i, a in enumerate(cells) for b in cells[i + 1:]]
        said = "" if formula.is_table(rule.text) else rule.text
        return f".Pair~{key}~{_name(EVERY_PAIR + said)}~" + "~~".join(pairs)
    if kind == "pattern":
        if pattern.is_nfa(rule.text):
            key = iss_generic.rule_nfa_key(rule.text, n, first)
            return f".NFA~{key}~{_name(rule.text)}~" + _ids(cells, n)
        return f".Regex~{iss_generic.rule_regex(rule.text)}~{_ids(cells, n)}"
    if kind == "sums":
        return ".EqualSum~" + "~-~".join(_ids(g, n) for g in rule.groups)
    digits = "_".join(str(model.DIGITS.find(ch)) for ch in rule.text)  # as shown
    return (f".{'ContainAtLeast' if kind == 'atleast' else 'ContainExact'}~{digits}~"
            f"{_ids(cells, n)}")
