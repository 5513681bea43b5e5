"""Each kind of clue on a group of cells that is neither a line nor a cage (quadruples, clones,
extra regions, indexers, given candidates), declared once: a `GroupKind` record holds
everything the workbench knows of it, and every aspect loops over GROUPS instead of naming
kinds:

  model     field (the Variant's tuple of its clues), normal (how `make` stores them), cells
            (the cells a clue covers), check (what the model refuses), called (in the model's,
            a broken rule's and the editor's words)
  rules     broken (what a filled grid breaks, in words; a region: none, it is a house)
  engine    compile (its propagators, its handler in core/variants/lines.py), place (where
            every aspect takes it among the other kinds: "" after the lines, "region" where
            the rules over the whole grid are, "late" after the minima and maxima)
  logic     steps (technique, score, words by the propagator's key), facts (fill the
            words), item (its clues' class: a pair's source names its kind so)
  text      word (the text format's word)
  shape     corner: a clue on the corner where four cells meet, its digits (at most `most`)
            in a white circle (`circle`: its width in SudokuPad, in cells); `make` makes one
            of its cells and digits, `at_corner` of the top-left cell, `digits_of` reads them
            back. The text format (`quad: r4c4=1379`), f-puzzles (cells and values), SudokuPad
            (a circle on the corner), ISS (Type~top-left~digits), print, the terminal and the
            editor read, write and draw every kind of a shape alike.
            twin: two shapes paired cell for cell (`twin` makes one, `shapes` reads them
            back), whose pairs keep `relation`; f-puzzles' item and SudokuPad's metadata
            give the second shape under `other`; the text format `word: CELLS | CELLS`
            (`example`); ISS a pair table a clue, named by its word and number; print shades
            them (`fill`), lettered when several; the terminal: `glyph` and `tints`; the
            editor: `key` (shown as `typed`) takes one shape, then the other.
            region: a group of cells whose digits differ (a house of rules.units: no
            propagator, step or broken rule of its own), shaded (the terminal: `tints`);
            the text format `word: CELLS`, f-puzzles' `cells` items, SudokuPad's cages
            styled with its f-puzzles key, ISS's `iss` type, ipuz's zones of n cells;
            `windows`: the hyper windows are of its kind (DIFFERENT: the kind other
            readers' groups of different digits are read as).
            ways: single cells each marked one of several ways (`ways`, each a `Way`: a
            row, column or box indexer), a clue a (way, cell) pair; each way has its own
            key (text format, f-puzzles), add-on cage (SudokuPad's style), print fill,
            terminal tint and glyph, words and ISS letter; `from_zero`: why it is not read
            on a grid of digits from 0; the editor's key cycles a cell through the ways.
            pencil: a cell's given digits (a clue a (cell, bits) pair), small in the cell;
            they narrow the engine's masks (no propagator), the logic says them as `step`s;
            f-puzzles' grid cell key `pencil`, SudokuPad's cell key `marks`, ISS a cell's
            allowed digits among the givens; place "given": first among the broken rules
  f-puzzles fpuzzles (its key)
  ISS       iss (its type); merged (ISS keeps one clue a place: how two on one place become one)
  print     caption; the terminal: legend (its words there) and sample (as the grid shows it)
  wording   words (its name and rules sentence, English and Japanese), sentence (the
            fields its words need)
  editor    key (the key that asks for one at the cursor), prompt (what it asks), said (its
            words on a cell)

Like the outside clues these compile into propagators above the model: the package imports
this module first, and it fills core.variants.model.GROUP_RECORDS, which the model and rules
read. tests/core/variants/test_groups.py checks every record.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from core.variants import lines
from core.variants.model import GROUP_RECORDS, ModelError, Variant, cell_name
from core.variants.records import Step, Words


@dataclass(frozen=True)
class Way:
    """One way a cell of the ways shape is marked (a row indexer): its name (the first of a
    clue's pair), its key in the text format and f-puzzles, the cage f-puzzles' add-on
    draws round its cells (name, colour; SudokuPad styles it by the name), its print fill,
    terminal tint and glyph, its words, and ISS's letter for it ("": ISS has none)."""

    name: str
    key: str
    addon: tuple[str, str]
    fill: str
    tint: str
    glyph: str
    words: Words
    iss: str = ""

    @property
    def caption(self) -> str:
        return f"{self.name} indexer"

    @property
    def style(self) -> str:
        """SudokuPad's style of the add-on's cage."""
        return "fp" + self.addon[0].replace(" ", "")

    def cells(self, p: Variant, field: str) -> list[int]:
        return [c for way, c in getattr(p, field) if way == self.name]


@dataclass(frozen=True)
class GroupKind:
    field: str
    word: str
    called: str
    caption: str
    words: Words | None  # None: each way's (the ways shape)
    fpuzzles: str
    iss: str
    legend: str
    sample: str
    key: str
    prompt: str
    normal: Callable[[object, tuple, int], tuple]  # the clues given, the givens, the size
    cells: Callable[[object], tuple[int, ...]]
    check: Callable[[Variant], None]
    broken: Callable[[Variant, list], list[str]] | None
    compile: Callable[[Variant], list] | None
    said: Callable[[Variant, object, int], str] | None
    steps: dict[str, Step] = field(default_factory=dict)
    facts: dict[str, Callable] = field(default_factory=dict)
    place: str = ""
    # the corner shape: a clue where four cells meet, its digits in a circle
    make: Callable[[tuple[int, ...], tuple[int, ...]], object] | None = None
    digits_of: Callable[[object], tuple[int, tuple[int, ...]]] | None = None
    merged: Callable[[list], list] | None = None
    most: int = 0  # the most digits a corner's circle lists
    circle: float = 0.0  # its circle's width in cells in SudokuPad (what tells kinds apart)
    # the twin shape: two shapes paired cell for cell in reading order
    twin: Callable[[tuple[int, ...], tuple[int, ...]], object] | None = None
    shapes: Callable[[object], tuple[tuple[int, ...], tuple[int, ...]]] | None = None
    relation: Callable[[int, int], bool] | None = None  # of a pair's digits (ISS's table)
    other: str = ""  # the second shape's key beside "cells" (f-puzzles, SudokuPad's metadata)
    example: str = ""  # one in the text format
    typed: str = ""  # the key as the editor's help shows it
    glyph: str = ""  # the terminal: in its empty cells
    tints: tuple[str, ...] = ()  # the terminal: its cells' tints, a tint a clue
    fill: str = ""  # print: its cells' shading
    sentence: Callable[[Variant], dict] | None = None  # the fields its rule's words need
    item: type = object  # the class of its clues (a tie's source names its kind)
    # the region shape: a group of cells whose digits differ, shaded
    region: bool = False
    windows: str = ""  # ISS's type for the hyper windows (rules: hyper), when of its kind
    # the ways shape: single cells, each marked one of several ways (a row indexer, ...)
    ways: tuple[Way, ...] = ()
    from_zero: str = ""  # why it is not read on a grid of digits from 0 ("": it is)
    # the pencil shape: a cell's given digits, small in the cell (a clue a (cell, bits) pair)
    pencil: str = ""  # f-puzzles' key for them on a grid cell
    marks: str = ""  # SudokuPad's key for them on a cell
    step: Callable[[int, int], object] | None = None  # the logic's step for a cell's digits

    def items(self, p: Variant) -> tuple:
        return getattr(p, self.field)

    def at_corner(self, corner: int, digits: tuple[int, ...], n: int):
        """A clue of the corner shape where the cell `corner` meets the three below-right."""
        return self.make((corner, corner + 1, corner + n, corner + n + 1), tuple(digits))


# --- quadruples ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Quad:
    """A quadruple: each digit appears in the four cells of a 2x2 at least as often as listed."""

    cells: tuple[int, int, int, int]
    digits: tuple[int, ...]


def _quads_normal(given, *_) -> tuple[Quad, ...]:
    return tuple(sorted({Quad(tuple(sorted(q.cells)), tuple(sorted(q.digits))) for q in given},
                        key=lambda q: (q.cells, q.digits)))


def _quads_check(p: Variant) -> None:
    n = p.size
    for q in p.quads:
        r, c = divmod(q.cells[0], n)
        if q.cells != (q.cells[0], q.cells[0] + 1, q.cells[0] + n, q.cells[0] + n + 1) or (
                c == n - 1):
            raise ModelError(f"a quadruple's circle sits where four cells meet; "
                             f"{', '.join(p.name(x) for x in q.cells)} are not a 2x2")
        if not 1 <= len(q.digits) <= 4 or any(not 1 <= d <= n for d in q.digits):
            raise ModelError(f"the quadruple at {p.name(q.cells[0])} lists 1 to 4 digits of "
                             f"1 to {n}")
        if any(q.digits.count(d) > 2 for d in q.digits):
            raise ModelError(f"the quadruple at {p.name(q.cells[0])} lists a digit more than "
                             "twice; a 2x2 holds it at most twice")


def _quads_broken(p: Variant, values) -> list[str]:
    found = []
    for q in p.quads:
        held = [values[c] for c in q.cells]
        if any(held.count(d) < q.digits.count(d) for d in q.digits):
            found.append(f"the quadruple at {p.name(q.cells[0])} misses a digit")
    return found


def _quads_merged(quads) -> list[tuple[int, tuple[int, ...]]]:
    """ISS keeps one quadruple a place: each digit as often as the most that list it."""
    merged: dict[int, dict[int, int]] = {}
    for q in quads:
        counts = merged.setdefault(q.cells[0], {})
        for d in set(q.digits):
            counts[d] = max(counts.get(d, 0), q.digits.count(d))
    return [(top, tuple(d for d in sorted(counts) for _ in range(counts[d])))
            for top, counts in merged.items()]


def _quadruple_facts(board, prop, trial) -> dict:
    return {"cell": board.name(prop.cells[0]),
            "digits": ", ".join(board.p.digit(v) for v in prop.digits)}


def _shown(p: Variant, digits) -> str:
    return "".join(p.digit(d) for d in digits)


QUADRUPLES = GroupKind(
    "quads", "quad", "quadruple", "quadruple",
    Words("Quadruple", "クアドラプル",
          "The digits in a circle where four cells meet appear in those four cells.",
          "4マスの交点の丸の中の数字は、その4マスのどこかに入ります。"),
    "quadruple", "Quad", "quadruple (on its corner)", "1379", "q",
    "1 to 4 digits (empty: none)",
    normal=_quads_normal, cells=lambda q: q.cells, check=_quads_check, broken=_quads_broken,
    compile=lambda p: [lines.Quadruple(q.cells, q.digits) for q in p.quads],
    said=lambda p, q, cell: f"quadruple {_shown(p, q.digits)}",
    steps={"Quadruple": Step("quadruple", 2.0, "the quadruple at {cell} needs {digits} among "
                                               "{cells}")},
    facts={"Quadruple": _quadruple_facts}, item=Quad,
    make=Quad, digits_of=lambda q: (q.cells[0], q.digits), merged=_quads_merged, most=4,
    circle=0.7)


# --- clones --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Clone:
    """Two shapes whose cells hold the same digits, cell for cell."""

    a: tuple[int, ...]
    b: tuple[int, ...]


def _clones_normal(given, *_) -> tuple[Clone, ...]:
    return tuple(sorted({c if c.a <= c.b else Clone(c.b, c.a) for c in given},
                        key=lambda c: (c.a, c.b)))


def _clones_check(p: Variant) -> None:
    for clone in p.clones:
        if len(clone.a) != len(clone.b) or not clone.a or set(clone.a) & set(clone.b) or (
                len(set(clone.a)) != len(clone.a) or len(set(clone.b)) != len(clone.b)):
            raise ModelError("a clone is two shapes of as many different cells, apart")


def lettered(p: Variant) -> bool:
    """Whether twin shapes need a letter to pair them: several of them, or other shaded
    cells (extra regions, indexers) beside them."""
    return sum(len(kind.items(p)) for kind in TWINS) > 1 or any(
        kind.items(p) for kind in (*REGIONS, *WAYS))


def _clone_sentence(p: Variant) -> dict:
    pair = "with the same letter" if lettered(p) else "of the same size"
    return {"clone_pair": pair,
            "clone_pair_ja": "同じ文字の" if pair.startswith("with") else "同じ形の"}


CLONES = GroupKind(
    "clones", "clone", "clone", "clone",
    Words("Clone", "クローン",
          "Shaded shapes {clone_pair} hold the same digits in the same places.",
          "{clone_pair_ja}色のついた形どうしは、同じ位置に同じ数字が入ります。"),
    "clone", "clone", "clone", "≡", "equals_sign", "",
    normal=_clones_normal, cells=lambda c: c.a + c.b, check=_clones_check,
    broken=lambda p, values: [f"the clone of {p.name(c.a[0])} differs" for c in p.clones
                              if [values[x] for x in c.a] != [values[x] for x in c.b]],
    compile=lambda p: [lines.Tie(a, b, "equal", p.size, c) for c in p.clones
                       for a, b in zip(c.a, c.b, strict=True)],
    said=lambda p, c, cell: "clone of " + " ".join(p.name(x) for x in (c.b if cell in c.a
                                                                        else c.a)),
    steps={"Tie clone": Step("clone", 1.7, "the clone of {shape} at {other} says {a} and {b} "
                                           "{relation}")},
    facts={"Tie clone": lambda board, prop, trial: {
        "shape": board.names_of(prop.source.a), "other": board.names_of(prop.source.b)}},
    twin=Clone, shapes=lambda c: (c.a, c.b), relation=lambda x, y: x == y, other="cloneCells",
    example="r1c1 r1c2 | r9c8 r9c9", typed="=", glyph="≡",
    tints=("#5a4a2a", "#2a4a5a", "#4a2a5a", "#2a5a3a"), fill="#e6e6e6",
    sentence=_clone_sentence, item=Clone)


# --- extra regions -------------------------------------------------------------------------

def _regions_normal(given, *_) -> tuple[tuple[int, ...], ...]:
    return tuple(sorted({tuple(sorted(set(r))) for r in given}))


def _regions_check(p: Variant) -> None:
    n = p.size
    for region in p.extra:
        if not 2 <= len(region) <= n:
            raise ModelError(f"an extra region has 2 to {n} cells; found {len(region)}")


EXTRA_REGIONS = GroupKind(
    "extra", "extra", "extra region", "extra regions",
    Words("Extra Regions", "エクストラリージョン", "Digits may not repeat within a shaded region.",
          "色のついた各領域にも同じ数字は入りません。"),
    "extraregion", "AllDifferent", "", "", "", "",
    normal=_regions_normal, cells=lambda region: region, check=_regions_check,
    broken=None, compile=None, said=None,  # a house of rules.units: counted and said so
    place="region", region=True, windows="Windoku",
    tints=("#444444",))


# --- indexers ------------------------------------------------------------------------------

INDEXING = (
    Way("row", "rowindexer", ("Row Indexer", "#7CC77C"), "#c4ecc4", "#24482a", "↕",
        Words("Row Indexer", "行インデクサー",
              "A digit D in a green cell in column C says where its row number goes in column "
              "C: in row D.",
              "緑のマスの数字Dは、同じ列のD行目にそのマスの行番号が入ることを表します。"), "R"),
    Way("column", "columnindexer", ("Column Indexer", "#C77C7C"), "#e8a0a0", "#4e2626", "↔",
        Words("Column Indexer", "列インデクサー",
              "A digit D in a red cell in row R says where its column number goes in row R: "
              "in column D.",
              "赤いマスの数字Dは、同じ行のD列目にそのマスの列番号が入ることを表します。"), "C"),
    Way("box", "boxindexer", ("Box Indexer", "#7C7CC7"), "#8c8cdc", "#28285a", "⊞",
        Words("Box Indexer", "ブロックインデクサー",
              "A digit D in a blue cell says where its place in its box (in reading order) "
              "goes: in the box's D-th cell.",
              "青いマスの数字Dは、同じブロックのD番目のマス(左上から読む順)に"
              "そのマスの番号が入ることを表します。")),
)
WAY_NAMES = tuple(way.name for way in INDEXING)


def _indexers_check(p: Variant) -> None:
    for kind, _ in p.indexers:
        if kind not in WAY_NAMES:
            raise ModelError(f"unknown indexer {kind!r}; indexers: {', '.join(WAY_NAMES)}")


def _indexers_broken(p: Variant, values) -> list[str]:
    found = []
    for kind, c in p.indexers:
        target, digit = lines.indexer_target(p, kind, c, values[c])
        if values[target] != digit:
            found.append(f"the {kind} indexer {p.name(c)} points at {p.name(target)}, "
                         f"which is not {digit}")
    return found


def _indexer_facts(board, prop, trial) -> dict:
    r, c = divmod(prop.cell, board.n)
    region = "region" if board.p.jigsaw else "box"
    what = {"row": f"row of column {c + 1}", "column": f"column of row {r + 1}",
            "box": f"cell of {region} {board.p.regions[prop.cell] + 1} (in reading order)"}
    return {"kind": prop.kind, "cell": board.name(prop.cell), "what": what[prop.kind],
            "digit": prop.digit}


INDEXERS = GroupKind(
    "indexers", "", "indexer", "indexer", None,
    "", "Indexing", "", "", "i", "",
    normal=lambda given, *_: tuple(sorted(set(given))), cells=lambda item: (item[1],),
    check=_indexers_check, broken=_indexers_broken,
    compile=lambda p: [lines.Indexer(p, kind, c) for kind, c in p.indexers],
    said=lambda p, item, cell: f"{item[0]} indexer",
    steps={"Indexer": Step("indexer", 2.5, "the {kind} indexer {cell} names the {what} that "
                                           "holds {digit}")},
    facts={"Indexer": _indexer_facts}, place="late", ways=INDEXING,
    from_zero="which cell does a 0 point at?")


# --- given candidates ----------------------------------------------------------------------

def _pencil_normal(pairs, givens, n: int) -> tuple[tuple[int, int], ...]:
    """(cell, digits) with one entry a cell; digits that allow everything, and those of a
    given cell that hold its given, say nothing and are dropped (a given outside its
    candidates stays: the puzzle has no solution, and the counter says so)."""
    found: dict[int, int] = {}
    for cell, digits in pairs:
        if cell in found:
            raise ModelError(f"{cell_name(cell, n) if 0 <= cell < n * n else cell} has its "
                             "candidates given twice")
        found[cell] = digits
    full = (1 << n) - 1
    return tuple(sorted((c, d) for c, d in found.items() if d != full and not (
        0 <= c < len(givens) and givens[c] and d >> (givens[c] - 1) & 1)))


def _pencil_check(p: Variant) -> None:
    for cell, digits in p.candidates:
        if not 0 < digits < 1 << p.size:
            raise ModelError(f"the candidates of {p.name(cell)} are digits 1 to {p.size}")


class GivenCandidates:
    """The setter's given candidates of a cell, as a step (the engine applies them at once)."""

    __slots__ = ("cells", "digits")

    def __init__(self, cell: int, digits: int):
        self.cells, self.digits = (cell,), digits

    def prune(self, cand):
        cell = self.cells[0]
        if not cand[cell] & ~self.digits:
            return []
        cand[cell] &= self.digits
        return [cell]


def _candidates_facts(board, prop, trial) -> dict:
    said = [board.p.digit(v) for v in range(1, board.n + 1) if prop.digits >> (v - 1) & 1]
    return {"cell": board.name(prop.cells[0]),
            "digits": said[0] if len(said) == 1 else f"{', '.join(said[:-1])} or {said[-1]}"}


def _pencil_said(p: Variant, item, cell: int) -> str:
    return "candidates " + " ".join(p.digit(v + 1) for v in range(p.size) if item[1] >> v & 1)


CANDIDATES = GroupKind(
    "candidates", "candidates", "candidates", "given candidates",
    Words(None, None, "Small digits in a cell are the only digits it may hold.",
          "マスの小さな数字は、そのマスに入りうる数字のすべてです。"),
    "", "", "given candidates", "135", "p", "the digits it may hold",
    normal=_pencil_normal, cells=lambda item: (item[0],), check=_pencil_check,
    broken=lambda p, values: [f"{p.name(c)} is not one of its given candidates"
                              for c, digits in p.candidates
                              if not digits >> (values[c] - 1) & 1],
    compile=None, said=_pencil_said, place="given",
    steps={"GivenCandidates": Step("given candidates", 1.0, "{cell} is {digits}")},
    facts={"GivenCandidates": _candidates_facts}, pencil="givenPencilMarks",
    marks="centremarks", step=GivenCandidates)


GROUP_RECORDS.update({kind.field: kind for kind in (QUADRUPLES, CLONES, EXTRA_REGIONS,
                                                     INDEXERS, CANDIDATES)})
GROUPS: dict[str, GroupKind] = GROUP_RECORDS
CORNERS = tuple(kind for kind in GROUPS.values() if kind.make)
REGIONS = tuple(kind for kind in GROUPS.values() if kind.region)
WAYS = tuple(kind for kind in GROUPS.values() if kind.ways)
PENCILS = tuple(kind for kind in GROUPS.values() if kind.pencil)
# the kind any other group of different digits is read as (ISS's jigsaw pieces over its
# boxes, its disjoint sets off boxes): the one the hyper windows are of
DIFFERENT = next(kind for kind in REGIONS if kind.windows)
TWINS = tuple(kind for kind in GROUPS.values() if kind.twin)
OF_ITEM = {kind.item: kind for kind in GROUPS.values() if kind.item is not object}


def placed(place: str) -> tuple[GroupKind, ...]:
    """The kinds every aspect takes at one place among the other kinds, in their order."""
    return tuple(kind for kind in GROUPS.values() if kind.place == place)
