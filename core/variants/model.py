"""Sudoku variants: a classic grid (rows, columns and regions, boxes or a jigsaw) plus a set of
constraints. One immutable `Variant` holds them all; `make` checks and normalises them, so two
puzzles with the same rules compare equal.

Cells are numbered row by row from 0; digits are held as 1..size (SYMBOLS from classic Sudoku
names them). `first` is the digit the grid starts at as shown: 1 (digits 1 to N) or 0 (digits
0 to N-1, ISS's `Shape~9x9~0-8`); a held value v shows as v - 1 + first (`symbol(v, first)`),
so givens, candidates and the digits clues list are held the same way whatever the grid shows,
while clue numbers (cage and arrow sums, a rule's formula or pattern) mean the digits as shown.

Between-cell marks join orthogonal neighbours; each kind is a record of
core.variants.marks (MARKS). A mark that takes a number may carry another amount than its
usual one (`Mark.value`; 0 is the usual).

`negative` names the mark kinds whose absence says something (a record with a `rule`): no
such mark between two neighbours, their digits do not keep its relation. A pair carrying any
mark of the same family is exempt, as in the usual "all dots are given" rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from functools import cache
from itertools import combinations

from core.sudoku.model import BOX_SHAPES, SYMBOLS, cell_name
from core.variants import grid_rules
from core.variants.cell_clues import CELL_KINDS
from core.variants.grid_rules import GRID_RULES
from core.variants.marks import MARK_KINDS, MARKS, NEGATIVE_KINDS

MIN_SIZE, MAX_SIZE = 4, 16
RULES = tuple(GRID_RULES)  # the rules over the whole grid (core.variants.grid_rules)
DIRECTIONS = {"DR": (1, 1), "DL": (1, -1), "UR": (-1, 1), "UL": (-1, -1)}
META_KEYS = ("title", "author", "rules")
# Each kind of line's record by its name, in the plan's order: core.variants.kinds fills it
# (the package imports it first), since the records compile into propagators above the model.
LINE_RECORDS: dict = {}
# Each kind of a rule no kind names (Rule.kind) by its name: core.variants.custom fills it.
RULE_RECORDS: dict = {}
# Each kind of outside clue's record by its name: core.variants.outside fills it, the same way.
OUTSIDE_RECORDS: dict = {}
# Each kind of shape's record by its field (the name the Variant keeps its items under):
# core.variants.shapes fills it.
SHAPE_RECORDS: dict = {}
# Each kind of clue on a group of cells by its field: core.variants.groups fills it, the same
# way.
GROUP_RECORDS: dict = {}
# The boxes of each size, as f-puzzles and other solvers draw them (classic Sudoku's and
# 2x5, 2x7, 3x5); a size with none (5, 7, 11, 13) needs its regions given.
BOXES = {**{n: shape for n, shape in BOX_SHAPES.items() if n <= MAX_SIZE},
         10: (2, 5), 14: (2, 7), 15: (3, 5)}


@dataclass(frozen=True)
class Mark:
    """A mark between two orthogonal neighbours; for a directed kind (a sign), `a` holds
    the smaller digit. `value`: the amount a dot stands for when not its usual one."""

    kind: str
    a: int
    b: int
    value: int = 0

    @property
    def amount(self) -> int:
        """The amount (a difference, a ratio) the mark stands for."""
        return self.value or MARKS[self.kind].usual or 1


@dataclass(frozen=True)
class Line:
    """A line of a kind of core.variants.kinds through `cells`, in order; `value`: the number
    a kind that takes one carries (a whisper's least difference), else 0."""

    kind: str
    cells: tuple[int, ...]
    value: int = 0


@dataclass(frozen=True)
class Outside:
    """A clue outside the grid, read from its side: X-sum (the first X digits add up to the
    clue, X being the first digit) or skyscraper (how many digits are seen, each taller than
    all before it). `reverse`: the clue sits right of the row or below the column."""

    kind: str  # a record of core.variants.outside
    line: str  # row or col
    index: int  # 0-based
    reverse: bool
    total: int


@dataclass(frozen=True)
class Rule:
    """A rule no kind names, stated by the setter on cells they pick (each kind's record is in
    core/variants/custom.py; make one with the functions below, which take the cells and the
    rule's data):

      relation   `groups`: one line; each digit a and the next digit b along it keep `text`, a
                 formula of a and b (core.variants.formula: `abs(a-b) >= 4`) or a table
                 (`table 13 31`: the pairs a, b allowed)
      pairs      `groups`: one group of cells; every two of them keep `text`, a being the one
                 first in reading order (the cells are stored so)
      pattern    `groups`: one line; its digits, read from its first cell, spell a word of the
                 pattern `text` (core.variants.pattern: `(1|2)3*4`)
      sums       `groups`: two or more groups of cells with one sum
      contains   `groups`: one group; it holds each digit of `text` exactly as often as listed
      atleast    ... at least as often as listed (`text`: the digits, e.g. "122")
      either     `parts`: two or more rules, at least one of which holds (`groups`: their
                 cells, filled in by make)
    """

    kind: str
    groups: tuple[tuple[int, ...], ...]
    text: str = ""
    parts: tuple[Rule, ...] = ()

    @property
    def cells(self) -> tuple[int, ...]:
        return tuple(c for g in self.groups for c in g)


def relation(cells, formula: str) -> Rule:
    """Neighbouring digits along the line `cells` keep `formula` (of a, then b), or a table
    `table 13 31 ...` of the pairs allowed."""
    return Rule("relation", (tuple(cells),), formula)


def relation_table(cells, pairs) -> Rule:
    """Neighbouring digits along the line `cells` are one of `pairs`: (a, b) digits."""
    return relation(cells, "table " + " ".join(symbol(a) + symbol(b) for a, b in pairs))


def every_pair(cells, formula: str) -> Rule:
    """Every two of `cells` keep `formula` (a: the one first in reading order), or a table."""
    return Rule("pairs", (tuple(cells),), formula)


def pattern(cells, regex: str) -> Rule:
    """The digits along the line `cells`, from its first, spell a word of `regex`."""
    return Rule("pattern", (tuple(cells),), regex)


def automaton(cells, start: int, accept, moves) -> Rule:
    """The digits along the line `cells` are a word the automaton accepts: states 0 to 63,
    `start` one of them, `accept` those a word may end in, `moves` (from, digits, to): from
    state `from`, any of `digits` leads to `to` (a nondeterministic automaton: ISS's NFA)."""
    said = " ".join(f"{a}:{''.join(symbol(d) for d in sorted(set(digits)))}>{b}"
                    for a, digits, b in moves)
    ends = ",".join(str(s) for s in sorted(set(accept)))
    return Rule("pattern", (tuple(cells),), f"nfa start={start} accept={ends} {said}".strip())


def either(*rules: Rule) -> Rule:
    """At least one of `rules` holds (an or of rules; an and is the rules side by side)."""
    return Rule("either", (), "", tuple(rules))


def equal_sums(groups) -> Rule:
    """Every group of cells in `groups` has the same sum."""
    return Rule("sums", tuple(tuple(g) for g in groups))


def contains(cells, digits, at_least: bool = False, first: int = 1) -> Rule:
    """The cells hold each of `digits` (held digits, a multiset: [1, 2, 2]) exactly as often
    as listed (`at_least`: at least as often; other digits may fill the other cells either
    way); written as shown on a grid whose digits start at `first`."""
    return Rule("atleast" if at_least else "contains", (tuple(cells),),
                "".join(symbol(d, first) for d in sorted(digits)))


@dataclass(frozen=True, init=False)
class Variant:
    """A grid and its constraints. The kinds of core.variants.shapes, groups and cell_clues
    keep their items in `clues`, as (the record's field, its items) for each record with any,
    in the records' order, so two puzzles with the same rules compare equal (`meta` is not
    compared). A record's items are given by its field's name to the constructor, make() or
    dataclasses.replace (`kinds`), and read as the attribute it names (`getattr(p,
    kind.field)`, () when none): set from `clues`, not a field of its own."""

    size: int
    givens: tuple[int, ...]
    regions: tuple[int, ...]  # the region (0..size-1) of each cell
    rules: frozenset[str]
    marks: tuple[Mark, ...]
    negative: frozenset[str]
    lines: tuple[Line, ...]
    outside: tuple[Outside, ...]
    custom: tuple[Rule, ...]  # rules no kind names (Rule)
    clues: tuple[tuple[str, tuple], ...]  # (a record's field, its items), the records' order
    first: int  # the smallest digit as shown: 1 (1 to N) or 0 (0 to N-1)
    meta: tuple[tuple[str, str], ...] = field(compare=False)

    def __init__(self, size: int, givens, regions, rules=frozenset(), marks=(),
                 negative=frozenset(), lines=(), outside=(), custom=(), clues=(), first=1,
                 meta=(), **kinds):
        found, order = {**dict(clues), **kinds}, stored()
        for name in found:
            if name not in order:
                raise TypeError(f"a Variant has no field {name!r}")
        clues = tuple(sorted(((name, items) for name, items in found.items() if items),
                             key=lambda clue: order[clue[0]]))
        for name, value in zip(OWN_FIELDS, (size, givens, regions, rules, marks, negative,
                                            lines, outside, custom, clues, first, meta),
                               strict=True):
            object.__setattr__(self, name, value)
        for name in order:  # each record's items, read as a plain attribute (no lookup)
            object.__setattr__(self, name, found.get(name) or ())

    def __repr__(self) -> str:
        """Every field by name, the records' too, in the order of constraint_fields()."""
        shown = ("size", "givens", "regions", *constraint_fields(), "first", "meta")
        return f"Variant({', '.join(f'{name}={getattr(self, name)!r}' for name in shown)})"

    @property
    def cells(self) -> int:
        return self.size * self.size

    @property
    def clue_count(self) -> int:
        return sum(1 for v in self.givens if v)

    def with_givens(self, givens) -> Variant:
        return replace(self, givens=tuple(givens))

    def name(self, cell: int) -> str:
        return cell_name(cell, self.size)

    @property
    def shift(self) -> int:
        """A held digit less the digit shown (1 on a grid of 0 to N-1, else 0)."""
        return 1 - self.first

    def digit(self, v: int) -> str:
        """A held digit as shown ('.' for none)."""
        return symbol(v, self.first)

    @property
    def jigsaw(self) -> bool:
        return self.regions != box_regions(self.size)

    @property
    def classic(self) -> bool:
        """No constraint beyond rows, columns and boxes (of a size classic Sudoku has)."""
        return (self.size in BOX_SHAPES and not self.jigsaw
                and self == blank(self.size, self.givens))

    def allowed(self, cell: int) -> int:
        """The digits the setter's given digits of a cell (its candidates: the pencil shape
        of core.variants.groups) leave it, as bits (all: none given)."""
        found = (1 << self.size) - 1
        for kind in GROUP_RECORDS.values():
            if kind.pencil:
                found &= dict(kind.items(self)).get(cell, found)
        return found

    def lines_of(self, kind: str) -> tuple[Line, ...]:
        return tuple(line for line in self.lines if line.kind == kind)

    def title(self) -> str:
        return dict(self.meta).get("title", "")


class ModelError(ValueError):
    """A constraint that cannot be: what is wrong, in the puzzle's words."""


class NotReadFromZero(ModelError):
    """A kind of clue not read yet on a grid of digits from 0 (what and why, in words)."""


OWN_FIELDS = tuple(f.name for f in fields(Variant))  # in the constructor's order


def constraint_fields() -> tuple[str, ...]:
    """The parts of a Variant that carry rules beyond the grid, each by the name make() takes
    it by: its own fields and each record's field, where the record's place puts it among
    them (as every aspect takes them): the region groups with the rules, the parity cells
    before the marks, the shapes after them, the given candidates before the lines, the other
    groups after them, then the extreme cells, and the late groups before the outside clues."""
    return _in_order(len(SHAPE_RECORDS), len(GROUP_RECORDS))


def stored() -> dict[str, int]:
    """The records' fields (those the Variant keeps in `clues`), each to its rank."""
    return _stored(len(SHAPE_RECORDS), len(GROUP_RECORDS))


@cache
def _in_order(*_counts) -> tuple[str, ...]:
    """(Cached by the records' count: the package's import fills them before any puzzle.)"""
    groups = {place: [kind.field for kind in GROUP_RECORDS.values() if kind.place == place]
              for place in ("region", "given", "", "late")}
    cells = {group: [kind.field for kind in CELL_KINDS.values() if kind.group == group]
             for group in ("parity", "extreme")}
    return ("rules", *groups["region"], *cells["parity"], "marks", "negative", *SHAPE_RECORDS,
            *groups["given"], "lines", *groups[""], *cells["extreme"], *groups["late"],
            "outside", "custom")


@cache
def _stored(*counts) -> dict[str, int]:
    return {name: i for i, name in enumerate(f for f in _in_order(*counts)
                                             if f not in OWN_FIELDS)}


def parts_of(p: Variant) -> dict:
    """Every constraint of a puzzle by field name, as make() takes them."""
    return {name: getattr(p, name) for name in constraint_fields()}


def features(p: Variant) -> set[str]:
    """The kinds of constraint a puzzle uses, finely enough for a writer or a drawing to say
    which one it cannot carry: rule names, 'negative white', mark kinds ('white 3' for an
    unusual difference), line kinds, 'jigsaw', and the other fields' names."""
    found = {"jigsaw"} if p.jigsaw else set()
    if p.first != 1:
        found.add(f"digits from {p.first}")
    for name, value in parts_of(p).items():
        if not value:
            continue
        if name == "rules":
            found |= set(value)
        elif name == "negative":
            found |= {f"negative {kind}" for kind in value}
        elif name == "marks":
            found |= {f"{m.kind} {m.value}" if m.value else m.kind for m in value}
        elif name == "lines":
            found |= {line.kind for line in value}
        elif name == "custom":
            found |= {f"rule {rule.kind}" for rule in value}
            found |= {f"rule {part.kind}" for rule in value for part in rule.parts}
        else:
            found.add(name)
    return found


# What every writer and drawing carried before today's constraints joined.
CLASSIC_FEATURES = frozenset({"jigsaw", *RULES, *(f"negative {k}" for k in NEGATIVE_KINDS),
                              *MARK_KINDS, *(k.field for k in CELL_KINDS.values()
                                                     if k.digits)})


def refuse_unless(p: Variant, carried, where: str) -> None:
    """ModelError naming what `where` (a format, a drawing) cannot carry, so no writer drops a
    rule in silence; `carried` holds feature names as features() gives them."""
    missing = sorted(features(p) - set(carried))
    if missing:
        raise ModelError(f"{where} cannot carry {', '.join(missing)}")


@cache
def box_regions(size: int) -> tuple[int, ...] | None:
    """The boxes of a classic grid of this size, or None when the size has no boxes."""
    if size not in BOXES:
        return None
    rows, cols = BOXES[size]
    return tuple((r // rows) * (size // cols) + c // cols
                 for r in range(size) for c in range(size))


def blank(size: int, givens=None) -> Variant:
    """A classic grid of this size (boxes), with no constraint."""
    regions = box_regions(size)
    if regions is None:
        raise ModelError(f"a {size}x{size} grid has no boxes: give its regions")
    return Variant(size, tuple(givens) if givens else (0,) * size * size, regions)


def neighbours(a: int, b: int, size: int) -> bool:
    """Orthogonally adjacent."""
    ra, ca = divmod(a, size)
    rb, cb = divmod(b, size)
    return abs(ra - rb) + abs(ca - cb) == 1


def orthogonal(c: int, size: int) -> tuple[int, ...]:
    """The cells orthogonally adjacent to c, in reading order (a min/max cell's
    neighbours, asked per solution: a scan of the grid for them cost more than the check)."""
    r, col = divmod(c, size)
    return tuple(x for x, ok in ((c - size, r > 0), (c - 1, col > 0), (c + 1, col < size - 1),
                                 (c + size, r < size - 1)) if ok)


def touching(a: int, b: int, size: int) -> bool:
    """Adjacent orthogonally or diagonally (thermometers and arrows may turn corners)."""
    ra, ca = divmod(a, size)
    rb, cb = divmod(b, size)
    return a != b and max(abs(ra - rb), abs(ca - cb)) == 1



def windows(size: int) -> tuple[tuple[int, ...], ...]:
    """The windoku (hyper) windows: boxes set one cell in from the corners, 9x9 and alike."""
    if size not in BOXES:
        return ()
    rows, cols = BOXES[size]
    found = []
    for top in range(1, size - rows, rows + 1):
        for left in range(1, size - cols, cols + 1):
            found.append(tuple((top + r) * size + left + c for r in range(rows)
                               for c in range(cols)))
    return tuple(found)


def diagonal_cells(size: int, anti: bool = False) -> tuple[int, ...]:
    return grid_rules.diagonal_cells(size, anti)


def disjoint_groups(size: int) -> tuple[tuple[int, ...], ...]:
    """Cells at the same place in every box."""
    return grid_rules.same_places(box_regions(size))


# --- making a checked, normalised puzzle ------------------------------------------------------

def make(size: int, givens=None, regions=None, **parts) -> Variant:
    """A checked Variant with its parts in a fixed order (every field a sort key: two clues
    at one place come out in one order, however read); ModelError says what is wrong."""
    unknown = set(parts) - {*constraint_fields(), "first", "meta"}
    if unknown:  # a caller's slip, not the puzzle's: no part is dropped in silence
        raise TypeError(f"make() takes no part {sorted(unknown)[0]!r}")
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise ModelError(f"a grid has {MIN_SIZE} to {MAX_SIZE} rows; found {size}")
    n = size
    givens = tuple(givens) if givens is not None else (0,) * n * n
    if len(givens) != n * n or any(not 0 <= v <= n for v in givens):
        raise ModelError(f"a {n}x{n} grid has {n * n} cells holding 0 to {n}")
    regions = tuple(regions) if regions is not None else box_regions(n)
    if regions is None:
        raise ModelError(f"a {n}x{n} grid has no boxes: give its regions")
    _check_regions(regions, n)
    variant = Variant(
        n, givens, regions,
        rules=frozenset(parts.get("rules", ())),
        marks=tuple(sorted(set(_mark(m) for m in parts.get("marks", ())),
                           key=lambda m: (m.kind, m.a, m.b, m.value))),
        negative=frozenset(parts.get("negative", ())),
        **{name: kind.normal(parts.get(name, ()), n) for name, kind in SHAPE_RECORDS.items()},
        lines=_lines(parts.get("lines", ()), n),
        **{name: kind.normal(parts.get(name, ()), givens, n)
           for name, kind in GROUP_RECORDS.items()},
        **{name: tuple(sorted(set(parts.get(name, ())))) for name in CELL_KINDS},
        outside=tuple(sorted(set(parts.get("outside", ())),
                             key=lambda o: (o.kind, o.line, o.index, o.reverse, o.total))),
        custom=_rules(parts.get("custom", ())),
        first=parts.get("first", 1),
        meta=tuple((k, v) for k, v in parts.get("meta", ()) if v),
    )
    check(variant)
    return variant


def _lines(given, n: int) -> tuple[Line, ...]:
    """The lines in their kinds' order (the records': the plan compiles them so), each
    normalised: a line that takes a number and has none takes its kind's usual one (a
    whisper's (n+1)//2, 5 on 9x9); a line whose rule reads the same both ways is stored from
    its smaller end, so one line drawn either way is one line (a directed one, a slow
    thermometer, keeps its first cell first). An unknown kind sorts first; check() names it."""
    order = {name: i for i, name in enumerate(LINE_RECORDS)}

    def normal(line: Line) -> Line:
        kind = LINE_RECORDS.get(line.kind)
        usual = kind.usual if kind is not None else None
        value = line.value or (usual(n) if usual is not None else 0)
        cells = tuple(line.cells)
        if not (kind is not None and kind.directed) and cells[::-1] < cells:
            cells = cells[::-1]
        return Line(line.kind, cells, value)

    return tuple(sorted(set(map(normal, given)), key=lambda line: (
        order.get(line.kind, -1), line.cells, line.value)))


def _rules(given) -> tuple[Rule, ...]:
    """The rules in their kinds' order, each as its record writes it (spaces run together, a
    multiset's digits sorted); an unknown kind sorts first, and check() names it."""
    order = {name: i for i, name in enumerate(RULE_RECORDS)}
    found = set()
    for rule in given:
        kind = RULE_RECORDS.get(rule.kind)
        parts = _rules(rule.parts) if rule.parts else ()
        groups = tuple(tuple(g) for g in rule.groups)
        if parts:  # an or of rules: its cells are its parts'
            groups = (tuple(dict.fromkeys(c for part in parts for c in part.cells)),)
        groups = kind.arrange(groups) if kind else groups
        found.add(Rule(rule.kind, groups, kind.normal(rule.text) if kind else rule.text,
                       parts))
    return tuple(sorted(found, key=lambda r: (order.get(r.kind, -1), r.groups, r.text,
                                              repr(r.parts))))


def _mark(mark: Mark) -> Mark:
    usual = MARKS[mark.kind].usual if mark.kind in MARKS else 0
    value = 0 if mark.value == usual or not usual else mark.value
    if (mark.kind in MARKS and MARKS[mark.kind].directed) or mark.a < mark.b:
        return Mark(mark.kind, mark.a, mark.b, value)
    return Mark(mark.kind, mark.b, mark.a, value)


def _check_regions(regions: tuple[int, ...], n: int) -> None:
    if len(regions) != n * n or any(not 0 <= r < n for r in regions):
        raise ModelError(f"a {n}x{n} grid needs a region 1 to {n} for each of its {n * n} cells")
    for region in range(n):
        found = regions.count(region)
        if found != n:
            raise ModelError(f"region {region + 1} has {found} cells; each region has {n}")


def check(p: Variant) -> None:
    """Every constraint fits the grid and makes sense on its own (ModelError otherwise)."""
    n, cells = p.size, p.size * p.size
    _check_first(p)
    unknown = p.rules - set(RULES)
    if unknown:
        raise ModelError(f"unknown rule {sorted(unknown)[0]!r}; rules: {', '.join(RULES)}")
    for name in sorted(p.rules):
        if GRID_RULES[name].boxes and p.jigsaw:
            raise ModelError(f"{GRID_RULES[name].called} need the boxes of a classic grid, "
                             "not a jigsaw")
    if p.negative - set(NEGATIVE_KINDS):
        raise ModelError(f"negative constraints exist for {', '.join(NEGATIVE_KINDS)}")
    every = [c for group in (*(kind.cells(p) for kind in CELL_KINDS.values()),
                             *(kind.cells(x) for kind in SHAPE_RECORDS.values()
                               for x in kind.of(p)),
                             *(line.cells for line in p.lines),
                             *(kind.cells(item) for kind in GROUP_RECORDS.values()
                               for item in kind.items(p)),
                             *(r.cells for r in p.custom))
             for c in group]
    every += [c for m in p.marks for c in (m.a, m.b)]
    if any(not 0 <= c < cells for c in every):
        raise ModelError(f"a cell outside the {n}x{n} grid")
    for a, b in combinations(CELL_KINDS.values(), 2):  # one clue of a group a cell
        both = set(a.cells(p)) & set(b.cells(p)) if a.group == b.group else set()
        if both:
            raise ModelError(f"{p.name(min(both))} is marked both {a.called} and {b.called}")
    for kind in GROUP_RECORDS.values():
        if kind.place == "region":
            kind.check(p)
    _check_marks(p)
    for kind in SHAPE_RECORDS.values():
        kind.check(p)
    _check_new_lines(p)
    _check_cell_clues(p)
    _check_outside(p)
    _check_rules(p)




def _check_first(p: Variant) -> None:
    if p.first not in (0, 1):
        raise ModelError(f"digits start at 0 or 1, not {p.first}")
    if p.first == 1:
        return
    if p.first + p.size - 1 > 15:
        raise ModelError(f"digits 0 to {p.size - 1}: one symbol a digit reaches 0 to F (a "
                         "16x16 grid)")
    top = symbol(p.size, 0)
    for kind in SHAPE_RECORDS.values():
        what, why = kind.from_zero(p) or ("", "")
        if what:
            raise NotReadFromZero(f"{what} on a grid of digits 0 to {top} is not read yet"
                                  + (f" ({why})" if why else ""))
    for o in p.outside:
        record = OUTSIDE_RECORDS.get(o.kind)
        if record is not None and record.from_zero:
            raise NotReadFromZero(f"{record.called} clue on a grid of digits 0 to {top} is not "
                                  f"read yet ({record.from_zero})")
    for kind in GROUP_RECORDS.values():
        if kind.from_zero and kind.items(p):
            raise NotReadFromZero(f"an {kind.called} on a grid of digits 0 to {top} is not "
                                  f"read yet ({kind.from_zero})")


def _check_rules(p: Variant) -> None:
    for rule in p.custom:
        kind = RULE_RECORDS.get(rule.kind)
        if kind is None:
            raise ModelError(f"unknown kind of rule {rule.kind!r}; kinds: "
                             f"{', '.join(RULE_RECORDS)}")
        kind.check(p, rule)


def _check_marks(p: Variant) -> None:
    seen: dict[tuple[int, int], str] = {}
    for m in p.marks:
        if m.kind not in MARK_KINDS:
            raise ModelError(f"unknown mark {m.kind!r}; marks: {', '.join(MARK_KINDS)}")
        if not neighbours(m.a, m.b, p.size):
            raise ModelError(f"a {m.kind} mark joins {p.name(m.a)} and {p.name(m.b)}, "
                             "which are not neighbours")
        pair = (min(m.a, m.b), max(m.a, m.b))
        if pair in seen:
            raise ModelError(f"{p.name(pair[0])} and {p.name(pair[1])} carry two marks "
                             f"({seen[pair]} and {m.kind})")
        seen[pair] = m.kind
        if m.value and (not MARKS[m.kind].valued or not 2 <= m.value < p.size):
            raise ModelError(f"the {m.kind} mark between {p.name(m.a)} and {p.name(m.b)} "
                             f"stands for {m.value}: a white dot's difference or a black "
                             f"dot's ratio is 1 to {p.size - 1}")
    for kind in p.negative:
        if not MARKS[kind].rule.with_other and any(
                m.kind == kind and m.value for m in p.marks):
            word = MARKS[kind].amount
            raise ModelError(f"the negative {kind}-dot rule with dots of another {word} than "
                             f"{MARKS[kind].usual} is not read (which {word}s would it rule "
                             "out?)")


def _check_new_lines(p: Variant) -> None:
    n = p.size
    for line in p.lines:
        kind = LINE_RECORDS.get(line.kind)
        if kind is None:
            raise ModelError(f"unknown line {line.kind!r}; lines: {', '.join(LINE_RECORDS)}")
        what = f"a {line.kind} line at {p.name(line.cells[0])}" if line.cells else "a line"
        if kind.loops:
            pass  # its rule is on each step, so it may come back to a cell (a loop)
        elif len(line.cells) > 2 and line.cells[0] == line.cells[-1]:
            loops = ", ".join(k.title + "s" for k in LINE_RECORDS.values() if k.loops)
            raise ModelError(f"{what} closes into a loop (it ends where it starts): loops "
                             f"are read for {loops} only")
        elif len(set(line.cells)) != len(line.cells):
            twice = next(c for c in line.cells if line.cells.count(c) > 1)
            raise ModelError(f"{what} passes through {p.name(twice)} twice")
        if len(line.cells) < kind.shortest:
            raise ModelError(f"{what} needs {kind.shortest} or more different cells")
        if kind.distinct and len(line.cells) > n:
            raise ModelError(f"{what} has {len(line.cells)} cells; its digits differ, so at "
                             f"most {n}")
        if kind.usual is not None and not 1 <= line.value < n:
            raise ModelError(f"{what}: a {kind.name}'s {kind.number} is 1 to {n - 1}, not "
                             f"{line.value}")
        if kind.usual is None and line.value:
            raise ModelError(f"{what} takes no number")
        check_path(p, line.cells, f"{line.kind} line")


def _check_cell_clues(p: Variant) -> None:
    for place in ("given", "", "late"):  # the records' places (core.variants.groups)
        for kind in GROUP_RECORDS.values():
            if kind.place == place:
                kind.check(p)


def _check_outside(p: Variant) -> None:
    n = p.size
    for o in p.outside:
        if o.kind not in OUTSIDE_RECORDS or o.line not in ("row", "col") or not (
                0 <= o.index < n):
            raise ModelError(f"an outside clue {o.kind} names {o.line} {o.index + 1}")
        top = OUTSIDE_RECORDS[o.kind].top(n)
        if not 1 <= o.total <= top:
            raise ModelError(f"a {o.kind} clue is 1 to {top}, not {o.total}")


def check_path(p: Variant, cells, what: str) -> None:
    for a, b in zip(cells, cells[1:], strict=False):
        if not touching(a, b, p.size):
            raise ModelError(f"a {what} jumps from {p.name(a)} to {p.name(b)}")


DIGITS = "0" + SYMBOLS  # the symbol of each digit as shown, from 0


def symbol(v: int, first: int = 1) -> str:
    """A held digit v (1..N) as shown on a grid whose digits start at `first`; '.' for 0."""
    return DIGITS[v - 1 + first] if v else "."


def digit_of(ch: str, first: int = 1) -> int:
    """The held digit (1..) a symbol shows on a grid starting at `first`; 0: not a digit."""
    at = DIGITS.find(ch.upper()) if ch else -1
    return at + 1 - first if at >= first else 0
