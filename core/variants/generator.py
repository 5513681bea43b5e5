"""Making unique Sudoku variants. Every puzzle returned has been counted unique by the exact
counter (core.variants.engine); the ways of making them:

  jigsaw    random connected regions of equal size (optionally symmetric), a random filling,
            then givens removed while the puzzle stays unique
  killer    cages grown over a random filling, each sum from the filling; cages are split
            (or a cell handed to a neighbouring cage) where two solutions differ until one
            is left: the "zero-given killer", with no one-cell cage unless asked for (the
            cages' record makes it: its `mode`, core/variants/shapes.py)
  marks     kropki dots, X/V or inequality signs read off a random filling: all of them with
            the negative constraint, or a minimal set; then givens removed
  rules     diagonals, windoku windows, disjoint groups, anti-knight, anti-king, even/odd:
            a filling that keeps them, then givens removed (symmetry as for classic)
  shapes    thermometers, arrows (pills too), little killers, sandwich sums, killer cages
            without sums, today's lines (German and Dutch whispers, renban, region-sum,
            palindrome, between, entropic, modular, zipper, double arrow, slow thermometer,
            Nabner) or X-sum and skyscraper clues read off a random filling, then givens
            removed; lines are drawn as setters draw them (core/variants/paths.py)
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass, field, replace
from functools import partial

from core.errors import GenerationFailed
from core.family import Field, Generator
from core.removal import remove_greedily
from core.search import STOP_EVERY, Stop, Stopped, fewest_candidates
from core.symmetry import SYMMETRIES, SYMMETRY_WORDS, orbits
from core.variants import engine, model, paths, rules
from core.variants.cell_clues import PARITY
from core.variants.grid_rules import GRID_RULES, SLANTS
from core.variants.groups import DIFFERENT
from core.variants.kinds import LINES
from core.variants.marks import ALONE, MADE, MARKS
from core.variants.model import (
    Mark,
    Outside,
    Variant,
    make,
    neighbours,
)
from core.variants.outside import OUTSIDE
from core.variants.shapes import SHAPES, ranked

# the shapes generator's default: the first record's word drawn in its room (a thermometer)
FIRST_SHAPE = next(word for kind in SHAPES.values() if kind.grow_path
                   for word in kind.grow_path[0])


@dataclass(frozen=True)
class Options:
    kind: str = "jigsaw"  # jigsaw, killer, marks, rules
    size: int = 9
    symmetry: str = "none"  # of the givens (and of a jigsaw's regions: rot180 only)
    rules: tuple[str, ...] = ()  # for kind rules: diagonal antidiagonal hyper ...
    marks: tuple[str, ...] = MADE  # for kind marks
    all_marks: bool = False  # every mark that fits, with the negative constraint
    givens: bool = True  # killer: may add givens if cages alone do not make it unique
    singles: bool = False  # killer: one-cell cages allowed (each is a given in disguise)
    shapes: tuple[str, ...] = (FIRST_SHAPE,)  # kind shapes: SHAPE_WORDS
    seconds: float = 60.0  # give up after this long
    extra: dict = field(default_factory=dict, compare=False)

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"unknown kind {self.kind!r}; one of {', '.join(KINDS)}")
        if not model.MIN_SIZE <= self.size <= model.MAX_SIZE:
            raise ValueError(f"size {self.size}: {model.MIN_SIZE} to {model.MAX_SIZE}")
        if self.kind != "jigsaw" and model.box_regions(self.size) is None:
            raise ValueError(f"a {self.size}x{self.size} grid has no boxes: make a jigsaw")
        if self.symmetry not in SYMMETRIES:
            raise ValueError(f"unknown symmetry {self.symmetry!r}")
        unknown = [r for r in self.rules if r not in RULE_WORDS]
        if unknown:
            raise ValueError(f"unknown rule {unknown[0]!r}; one of {', '.join(RULE_WORDS)}")
        bad = [m for m in self.marks if m not in model.MARK_KINDS]
        if bad:
            raise ValueError(f"unknown mark {bad[0]!r}; one of {', '.join(model.MARK_KINDS)}")
        bad = [w for w in self.shapes if w not in SHAPE_WORDS]
        if bad:
            raise ValueError(f"unknown shape {bad[0]!r}; one of {', '.join(SHAPE_WORDS)}")


# the kinds with a generator mode of their own (a killer), by its word
MODES = {kind.mode.word: kind.mode for kind in SHAPES.values() if kind.mode}
KINDS = ("jigsaw", *MODES, "marks", "rules", "shapes")
# today's lines by their kinds' names (a kind that takes a number: its usual one), and the
# other styles of such a kind by their names (Dutch whispers; whisper: German whispers)
STYLE_WORDS = {style: name for name, kind in LINES.items() if kind.usual is not None
               for style in list(kind.addon)[1:]}
LINE_WORDS = tuple(word for name in LINES
                   for word in (name, *(s for s, k in STYLE_WORDS.items() if k == name)))
SHAPE_WORDS = (*(word for kind in ranked("generator")
                 for word in (kind.grow_path[0] if kind.grow_path else kind.grow[:1])),
               *LINE_WORDS, *OUTSIDE)
# the diagonals, the windows, the other rules over the whole grid, even/odd, non-consecutive
RULE_WORDS = (*(kind.name for kind in SLANTS), "hyper",
              *(name for name, kind in GRID_RULES.items() if not kind.slant), "evenodd", *ALONE)


def _deadline(options: Options, stop: Stop | None) -> Stop:
    end = time.monotonic() + options.seconds
    return lambda: time.monotonic() > end or bool(stop and stop())


def generate(options: Options, rng: random.Random, stop: Stop | None = None
             ) -> tuple[Variant, tuple[int, ...]]:
    done = _deadline(options, stop)
    here = sys.modules[__name__]
    make_one = {"jigsaw": _jigsaw,
                **{word: partial(mode.make, generator=here) for word, mode in MODES.items()},
                "marks": _marks, "rules": _rules, "shapes": _shapes}
    while not done():
        try:
            made = make_one[options.kind](options, rng, done)
        except Stopped:
            break
        if made is not None:
            puzzle, solution = made
            if engine.count(puzzle, 2).unique:  # proven once more, whatever the path
                return puzzle, solution
    raise GenerationFailed(f"no unique {options.kind} puzzle in {options.seconds:.0f} s")


# --- fillings ----------------------------------------------------------------------------

def random_filling(p: Variant, rng: random.Random, nodes: int = 20_000):
    """A random solution of p (its givens kept), or None within the node budget."""
    plan = engine.plan_of(engine.shape_of(p))
    cand = engine.start(p, plan)
    budget = [nodes]

    def fill(cand):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        cell = fewest_candidates(cand)
        if cell < 0:
            values = tuple(m.bit_length() for m in cand)
            return values if not engine.rules.broken(p, values) else None
        digits = [1 << i for i in range(p.size) if cand[cell] >> i & 1]
        rng.shuffle(digits)
        for bit in digits:
            child = cand[:]
            child[cell] = bit
            if engine.propagate(child, plan, [cell]):
                found = fill(child)
                if found is not None or budget[0] < 0:
                    return found
        return None

    return fill(cand) if cand is not None else None


# A given whose removal the counter cannot settle within this many search nodes stays: the
# puzzle stays unique, and a puzzle of many lines, nearly unique without givens, does not
# spend minutes on its last few (nodes, not seconds, so a seed gives the same puzzle).
REMOVAL_NODES = 1024


def _unique_without(puzzle: Variant, solution, stop: Stop):
    """A removal test for core.removal: the puzzle stays unique without the group's givens."""
    def can_remove(rest: frozenset, group: tuple) -> bool:
        if stop():
            raise Stopped
        givens = tuple(solution[c] if c in rest else 0 for c in range(puzzle.cells))
        asked = [0]

        def enough() -> bool:
            asked[0] += 1
            return asked[0] * STOP_EVERY >= REMOVAL_NODES or stop()
        return engine.count(puzzle.with_givens(givens), 2, enough).unique
    return can_remove


def _fewer_givens(puzzle: Variant, solution, options: Options, rng, stop: Stop) -> Variant:
    """Givens removed, a symmetry orbit at a time, while the puzzle stays unique."""
    full = puzzle.with_givens(solution)
    kept = remove_greedily(range(puzzle.cells), orbits(puzzle.size, options.symmetry),
                           _unique_without(full, solution, stop), rng)
    return full.with_givens(solution[c] if c in kept else 0 for c in range(puzzle.cells))


# --- jigsaw --------------------------------------------------------------------------------

def jigsaw_regions(n: int, rng: random.Random, symmetric: bool = False, swaps: int = 0
                   ) -> tuple[int, ...]:
    """Random connected regions of n cells each: boxes (or a snake of the rows) reshaped by
    swapping cells between neighbouring regions; with `symmetric`, every swap is mirrored
    through the centre."""
    regions = list(model.box_regions(n) or _snake(n))
    for _ in range(swaps or 40 * n):
        a = rng.randrange(n * n)
        b = rng.choice([c for c in around(a, n) if regions[c] != regions[a]] or [a])
        if regions[a] == regions[b]:
            continue
        trial = regions[:]
        _swap(trial, a, b, n, rng)
        if symmetric:
            ra, rb = n * n - 1 - a, n * n - 1 - b
            if {ra, rb} & {a, b} or not _mirror(trial, regions, a, b, ra, rb, n):
                continue
        if _connected(trial, n) and (not symmetric or _symmetric(trial, n)):
            regions = trial
    return tuple(_renumbered(regions))


def _snake(n: int) -> list[int]:
    order = [r * n + (c if r % 2 == 0 else n - 1 - c) for r in range(n) for c in range(n)]
    regions = [0] * (n * n)
    for i, cell in enumerate(order):
        regions[cell] = i // n
    return regions


def around(cell: int, n: int) -> list[int]:
    r, c = divmod(cell, n)
    return [rr * n + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= rr < n and 0 <= cc < n]


def _swap(regions: list[int], a: int, b: int, n: int, rng: random.Random) -> None:
    """Cell a joins b's region; a cell of b's region beside a's region goes the other way."""
    ra, rb = regions[a], regions[b]
    back = [c for c in range(n * n) if regions[c] == rb and c != b
            and any(regions[d] == ra for d in around(c, n))]
    if not back:
        return
    regions[a], regions[rng.choice(back)] = rb, ra


def _mirror(trial, before, a, b, ra, rb, n) -> bool:
    """Repeat the swap through the centre: the mirrored cells swap the mirrored regions."""
    changed = [c for c in range(n * n) if trial[c] != before[c]]
    for c in changed:
        m = n * n - 1 - c
        if m in changed:
            return False
        trial[m] = _mirror_region(trial[c], before, n)
    return True


def _mirror_region(region: int, before, n: int) -> int:
    cells = [c for c in range(n * n) if before[c] == region]
    return before[n * n - 1 - cells[0]]


def _symmetric(regions, n: int) -> bool:
    pairs = {}
    for c in range(n * n):
        pair = pairs.setdefault(regions[c], regions[n * n - 1 - c])
        if pair != regions[n * n - 1 - c]:
            return False
    return all(regions.count(k) == n for k in range(n))


def _connected(regions, n: int) -> bool:
    for k in range(n):
        cells = [c for c in range(n * n) if regions[c] == k]
        if len(cells) != n:
            return False
        seen, todo = {cells[0]}, [cells[0]]
        while todo:
            for d in around(todo.pop(), n):
                if regions[d] == k and d not in seen:
                    seen.add(d)
                    todo.append(d)
        if len(seen) != n:
            return False
    return True


def _renumbered(regions) -> list[int]:
    order: dict[int, int] = {}
    for r in regions:
        order.setdefault(r, len(order))
    return [order[r] for r in regions]


def _jigsaw(options: Options, rng, stop):
    n = options.size
    regions = jigsaw_regions(n, rng, options.symmetry == "rot180")
    blank = make(n, None, regions)
    solution = random_filling(blank, rng)
    if solution is None:
        return None
    return _fewer_givens(blank, solution, options, rng, stop), solution


# --- marks ---------------------------------------------------------------------------------

def marks_of(solution, n: int, kinds) -> list[Mark]:
    """Every mark of these kinds that the filling keeps (white before black on a 1-2 pair)."""
    from core.variants.rules import RELATIONS

    found = []
    for a in range(n * n):
        for b in (a + 1, a + n):
            if b >= n * n or not neighbours(a, b, n):
                continue
            for kind in kinds:
                if MARKS[kind].directed:  # a sign always fits, one way or the other
                    keeps = RELATIONS[kind](solution[a], solution[b])
                    found.append(Mark(kind, a, b) if keeps else Mark(kind, b, a))
                    break
                if RELATIONS[kind](solution[a], solution[b]):
                    found.append(Mark(kind, a, b))
                    break
    return found


def _marks(options: Options, rng, stop):
    n = options.size
    base = make(n, None, None)
    solution = random_filling(base, rng)
    marks = marks_of(solution, n, options.marks)
    negative = {MARKS[k].negative for k in options.marks
                if MARKS[k].negative} if options.all_marks else set()
    puzzle = replace(base, marks=tuple(marks), negative=frozenset(negative))
    if not options.all_marks and engine.count(puzzle, 2, stop).unique:
        kept = remove_greedily(range(len(marks)), [(i,) for i in range(len(marks))],
                               _marks_test(puzzle, marks, stop), rng)
        puzzle = replace(base, marks=tuple(m for i, m in enumerate(marks) if i in kept))
    return _fewer_givens(puzzle, solution, options, rng, stop), solution


def _marks_test(puzzle, marks, stop):
    """A mark may go while the marks left, with no givens, still make the puzzle unique."""
    def can_remove(rest: frozenset, group: tuple) -> bool:
        if stop():
            raise Stopped
        trial = replace(puzzle, marks=tuple(m for i, m in enumerate(marks) if i in rest))
        return engine.count(trial, 2, stop).unique
    return can_remove


# --- global rules --------------------------------------------------------------------------

def _rules(options: Options, rng, stop):
    n = options.size
    words = set(options.rules)
    hyper = {DIFFERENT.field: model.windows(n)} if "hyper" in words else {}
    negative = {ALONE[w] for w in words if w in ALONE}
    base = make(n, None, None, rules=words & set(model.RULES), negative=negative, **hyper)
    solution = random_filling(base, rng)
    if solution is None:
        return None
    if "evenodd" in words:  # a quarter of the cells marked with their parity
        cells = rng.sample(range(n * n), n * n // 4)
        base = replace(base, **{kind.field: tuple(sorted(
            c for c in cells if kind.allows(solution[c], n, base.shift))) for kind in PARITY})
    return _fewer_givens(base, solution, options, rng, stop), solution


# --- shapes read off a filling ------------------------------------------------------------

def _shapes(options: Options, rng, stop):
    n = options.size
    solution = random_filling(make(n, None, None), rng)
    if solution is None:
        return None
    puzzle = make(n, None, None, **shapes_off(solution, options.shapes, n, rng))
    return _fewer_givens(puzzle, solution, options, rng, stop), solution


def shapes_off(solution, shapes, n: int, rng) -> dict:
    """The shapes named, read off a filling and drawn in one room, as make()'s keyword
    arguments: the generator's shapes without its givens removed (in milliseconds, so that
    a test can measure their geometry over hundreds of seeds)."""
    base = make(n, None, None)
    words, room = set(shapes), paths.Room(n)
    parts: dict = {}
    for kind in SHAPES.values():  # drawn in the room first, as they always were
        grown = kind.grow_path[1](solution, n, rng, room, words) if kind.grow_path and (
            words & set(kind.grow_path[0])) else []
        if grown:
            parts[kind.field] = grown
    lines = [line for word in LINE_WORDS if word in words
             for line in (paths.line_of(base, *line_kind(word, n), solution, room, rng)
                          for _ in range(n // 2)) if line]
    if lines:
        parts["lines"] = lines
    outside = [clue for word in OUTSIDE if word in words
               for clue in _outside_clues(base, word, solution, rng)]
    if outside:
        parts["outside"] = outside
    for kind in SHAPES.values():
        if kind.grow and kind.grow[0] in words:
            parts[kind.field] = kind.grow[1](solution, n, rng, sys.modules[__name__])
    return parts


def line_kind(word: str, n: int) -> tuple[str, int]:
    """The line kind and value of a shape word: a kind's usual number (German whispers
    differ by half the size, rounded up: 5 on 9x9), a style's its own (Dutch whispers: one
    less, 4 on 9x9)."""
    name = STYLE_WORDS.get(word, word)
    kind = LINES[name]
    if kind.usual is None:
        return name, 0
    return name, kind.values(n)[word] if word in STYLE_WORDS else kind.usual(n)


def _outside_clues(p: Variant, kind: str, solution, rng) -> list[Outside]:
    """X-sum or skyscraper clues read off the filling, on `size` of the grid's four sides'
    rows and columns, chosen at random."""
    n = p.size
    places = [(line, k, back) for line in ("row", "col") for k in range(n)
              for back in (False, True)]
    found = []
    for line, k, back in rng.sample(places, n):
        digits = [solution[c] for c in rules.outside_cells(p, Outside(kind, line, k, back, 1))]
        found.append(Outside(kind, line, k, back, OUTSIDE[kind].clue(digits)))
    return found


# --- the registry's view -------------------------------------------------------------------

def _words(text: str | None) -> tuple[str, ...]:
    return tuple(w for w in (text or "").replace(",", " ").split() if w)


def _options(kind: str):
    def options(values: dict) -> Options:
        return Options(kind=kind, size=values.get("size") or 9,
                       symmetry=values.get("symmetry") or "none",
                       rules=_words(values.get("rules")),
                       marks=_words(values.get("marks")) or MADE,
                       all_marks=bool(values.get("all_marks")),
                       singles=bool(values.get("singles")),
                       shapes=_words(values.get("shapes")) or (FIRST_SHAPE,),
                       seconds=values.get("seconds") or 60.0)
    return options


def _generators() -> tuple[Generator, ...]:
    size = Field("size", "rows of the grid", int, 9, label="Size (rows of the grid)")
    symmetry = Field("symmetry", "of the givens", str, "none", SYMMETRIES,
                     label="Symmetry of the givens", words=SYMMETRY_WORDS)
    seconds = Field("seconds", "give up after this long", float, 60.0,
                    label="Time budget (seconds)", more=True)
    return (
        Generator("jigsaw", "a unique jigsaw (irregular regions) Sudoku",
                  (Field("size", "rows of the grid (4 to 16)", int, 9,
                         label="Size (rows of the grid, 4 to 16)"),
                   Field("symmetry", "of the regions and givens (rot180 or none)", str,
                         "none", ("none", "rot180"), label="Symmetry of regions and givens",
                         words=("none", "rot180: a half turn")), seconds),
                  _options("jigsaw"), "grid", "grid"),
        *(Generator(word, mode.says, (size, Field(mode.option[0], mode.option[1], bool, False,
                                                  label=mode.option[2]), seconds),
                    _options(word), "grid", "grid") for word, mode in MODES.items()),
        Generator("marks", "kropki, XV or inequality marks from a solution",
                  (size, symmetry, Field("marks", "mark kinds: white black bar x v less",
                                         str, "white black",
                                         label="Marks, any of: white black bar x v less"),
                   Field("all_marks", "every mark, with the negative constraint", bool, False,
                         label="Every mark (the negative constraint)"),
                   seconds), _options("marks"), "grid", "grid"),
        Generator("shapes", ", ".join(kind.grown for kind in ranked("generator") if kind.grown)
                  + ", today's lines or "
                  + " and ".join(kind.called.split(" ", 1)[1] for kind in OUTSIDE.values())
                  + " clues, read off a solution",
                  (size, symmetry, Field("shapes", f"any of: {' '.join(SHAPE_WORDS)}", str,
                                         FIRST_SHAPE,
                                         label="Shapes (words, see the help line)",
                                         known=lambda: SHAPE_WORDS),
                   seconds), _options("shapes"), "grid", "grid"),
        Generator("rules", "a unique Sudoku with global rules: diagonal, hyper, disjoint, "
                  "anti-knight, anti-king, even/odd",
                  (size, symmetry, Field("rules", f"any of: {' '.join(RULE_WORDS)}", str,
                                         "diagonal antidiagonal",
                                         label="Rules (words, see the help line)",
                                         known=lambda: RULE_WORDS), seconds),
                  _options("rules"), "grid", "grid"),
    )


GENERATORS = _generators()
