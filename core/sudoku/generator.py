"""Sudoku generation: a random full grid, then greedy removal of clues (single cells or symmetry
orbits) while the puzzle stays unique, and optionally while it stays solvable by chosen logic.
A level or a highest technique is met by the puzzle's own rater (core.sudoku.logic): on 9x9,
Sudoku Explainer's (through core.sudoku.targets); on other sizes, the workbench ladder."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, partial
from itertools import pairwise

from core import native
from core.errors import GenerationFailed
from core.removal import removal_order, remove_greedily
from core.search import Stopped, fewest_candidates, with_deadline
from core.sudoku.ladder import TECHNIQUE_NAMES, level_of, solvable_with, techniques_up_to
from core.sudoku.model import BOX_SHAPES, Geometry, Puzzle, Shape, geometry
from core.sudoku.rating import LEVELS
from core.sudoku.solver import (
    Undecided,
    count,
    propagate,
    search_candidates,
    values,
)
from core.symmetry import SYMMETRIES, orbits


@dataclass(frozen=True)
class Options:
    size: int = 9
    symmetry: str = "none"
    clues: int | None = None  # stop removing at this many clues (and retry until reached)
    minimal: bool = False  # after orbit removal, also try every single clue
    mask: tuple[bool, ...] | None = None  # the author's pattern: givens exactly on these cells
    level: str | None = None  # exactly this level: a band of the rating (core.sudoku.rating)
    # solvable with this technique and the easier ones: on 9x9 Sudoku Explainer's (checked
    # by core.sudoku.targets, on the target's scale), else the workbench ladder's
    max_technique: str | None = None
    attempts: int = 1000  # random grids to try before giving up
    seconds: float | None = None  # time budget: then the best unique puzzle so far

    def __post_init__(self):
        if self.size not in BOX_SHAPES:
            raise ValueError(f"no Sudoku of size {self.size}; sizes: {sorted(BOX_SHAPES)}")
        if self.symmetry not in SYMMETRIES:
            raise ValueError(f"unknown symmetry {self.symmetry!r}; one of {', '.join(SYMMETRIES)}")
        if self.clues is not None and not least_clues(self.size) <= self.clues <= self.size ** 2:
            raise ValueError(f"--clues {self.clues}: a unique {self.size}x{self.size} needs "
                             f"{least_clues(self.size)} to {self.size ** 2} clues")
        if self.seconds is not None and not 0 < self.seconds <= MAX_SECONDS:
            raise ValueError(f"--seconds {self.seconds}: from 0 to {MAX_SECONDS}")
        if self.mask is not None and len(self.mask) != self.size ** 2:
            side = round(len(self.mask) ** 0.5)
            raise ValueError(f"the mask is {side}x{side}; the grid is {self.size}x{self.size} "
                             f"(--size {side} for the mask's)")
        if self.mask is not None:
            never_unique(self.mask, Shape.of_size(self.size))
        if self.level is not None and self.level not in LEVELS:
            raise ValueError(f"unknown level {self.level!r}; one of {', '.join(LEVELS)}")
        if (self.max_technique is not None and self.size != 9
                and self.max_technique not in TECHNIQUE_NAMES):
            raise ValueError(f"unknown technique {self.max_technique!r}; on {self.size}x"
                             f"{self.size} one of {', '.join(TECHNIQUE_NAMES)}")

    @property
    def rated_by_se(self) -> bool:
        """A level or a highest technique that Sudoku Explainer judges (9x9)."""
        return self.size == 9 and (self.level is not None or self.max_technique is not None)

    def allowed_techniques(self) -> frozenset[str] | None:
        """The ladder's techniques the puzzle must be solvable with, or None for any unique
        puzzle."""
        allowed = None
        if self.level is not None and self.level != "needs-guessing":
            allowed = techniques_up_to(self.level)
        if self.max_technique is not None:
            upto = frozenset(TECHNIQUE_NAMES[:TECHNIQUE_NAMES.index(self.max_technique) + 1])
            allowed = upto if allowed is None else allowed & upto
        return allowed


MAX_SECONDS = 7 * 24 * 3600  # a week: past that a budget is a typo
KNOWN_LEAST_CLUES = {4: 4, 6: 8, 9: 17}  # proven minimums (9x9: McGuire et al., 2012)


def least_clues(size: int) -> int:
    """No unique puzzle has fewer clues: the proven minimum, else size - 1 (with two symbols
    missing, swapping them gives a second solution)."""
    return KNOWN_LEAST_CLUES.get(size, size - 1)


def never_unique(mask: tuple[bool, ...], shape: Shape) -> None:
    """ValueError for a mask no unique puzzle fits, said with why: too few givens, or two
    empty rows of one band (columns of one stack), which any solution can swap."""
    n, givens = shape.size, sum(mask)
    if givens < least_clues(n):
        raise ValueError(f"the mask marks {givens} given{'s' * (givens != 1)}; a unique {n}x{n} "
                         f"needs at least {least_clues(n)}")
    for what, across, side in (("rows", lambda i, j: mask[i * n + j], shape.box_rows),
                               ("columns", lambda i, j: mask[j * n + i], shape.box_cols)):
        empty = [i for i in range(n) if not any(across(i, j) for j in range(n))]
        for a, b in pairwise(empty):
            if a // side == b // side:
                raise ValueError(f"{what} {a + 1} and {b + 1} of the mask are empty and in one "
                                 f"{'band' if what == 'rows' else 'stack'}: swapping them in "
                                 "any solution gives another, so no puzzle on it is unique")


def random_solution(shape: Shape, rng: random.Random) -> tuple[int, ...]:
    """A uniformly relabelled random full grid: randomised depth-first search with restarts
    (up to 9x9, plain backtracking cell by cell, three times as fast; its tail is short)."""
    geo = geometry(shape)
    full = (1 << shape.size) - 1
    if shape.size <= 9:
        relabel = list(range(1, shape.size + 1))
        rng.shuffle(relabel)
        if native.sudoku is not None:  # the same draws, the same grid
            filled = native.sudoku.filled_by_rows(shape.box_rows, shape.box_cols, rng.random)
        else:
            filled = _filled_by_rows(geo, rng)
        return tuple(relabel[v - 1] for v in filled)
    while True:
        # Boxes on the diagonal share no row or column: any permutations fit them at once.
        start = [full] * shape.cells
        bands, stacks = shape.size // shape.box_rows, shape.size // shape.box_cols
        diagonal = [geo.units[2 * shape.size + i * stacks + i] for i in range(min(bands, stacks))]
        for box in diagonal:
            for cell, v in zip(box, rng.sample(range(shape.size), shape.size), strict=True):
                start[cell] = 1 << v
        if not propagate(start, geo, [c for box in diagonal for c in box]):
            continue
        found = _random_fill(start, geo, rng, [0])
        if found is not None:
            break
    relabel = list(range(1, shape.size + 1))
    rng.shuffle(relabel)
    return tuple(relabel[v - 1] for v in values(found))


@cache
def _symbol_lists(n: int) -> tuple[list[int], ...]:
    """For each set of n symbols (a bit set), its symbols' bits."""
    return tuple([1 << k for k in range(n) if free >> k & 1] for free in range(1 << n))


def _filled_by_rows(geo: Geometry, rng: random.Random) -> list[int]:
    """A full grid filled cell by cell in reading order, each cell's symbols tried in random
    order (drawn one at a time: most cells keep their first), backtracking on a dead end
    (row, column and box masks: no propagation needed)."""
    n = geo.size
    full = (1 << n) - 1
    symbols = _symbol_lists(n)
    boxes_of = [units[2] - 2 * n for units in geo.cell_units]
    draw = rng.random
    rows, cols, boxes, grid = [0] * n, [0] * n, [0] * n, [0] * (n * n)
    choices: list[list[int] | None] = [None] * (n * n)
    i = 0
    while i < n * n:
        r, c, b = i // n, i % n, boxes_of[i]
        left = choices[i]
        if left is None:
            free = full & ~(rows[r] | cols[c] | boxes[b])
            left = choices[i] = symbols[free][:]
        else:  # back here from a dead end: take this cell's symbol back
            bit = grid[i]
            rows[r] ^= bit
            cols[c] ^= bit
            boxes[b] ^= bit
        if left:
            bit = grid[i] = left.pop(int(draw() * len(left)))
            rows[r] |= bit
            cols[c] |= bit
            boxes[b] |= bit
            i += 1
        else:
            choices[i] = None
            i -= 1
    return [bit.bit_length() for bit in grid]


def _random_fill(cand, geo: Geometry, rng: random.Random, budget: list[int]):
    budget[0] += 1
    if budget[0] > 20 * geo.shape.cells:
        return None  # a heavy tail on large grids: restart rather than dig deeper
    cell = fewest_candidates(cand)
    if cell < 0:
        return cand
    bits = [1 << i for i in range(geo.size) if cand[cell] >> i & 1]
    rng.shuffle(bits)
    for bit in bits:
        child = cand[:]
        child[cell] = bit
        if propagate(child, geo, [cell]):
            found = _random_fill(child, geo, rng, budget)
            if found is not None:
                return found
        if budget[0] > 20 * geo.shape.cells:
            return None
    return None


def cycles_by_cell(solution: tuple[int, ...], shape: Shape) -> list[list[tuple[int, ...]]]:
    """Unavoidable sets of a full grid, listed under each of their cells. Where two columns of
    one stack hold, in some rows, the same symbols in a cycle (a b / b c / c a), swapping
    the two columns' symbols in those rows gives another grid: a unique puzzle keeps a given
    among those cells. Likewise for two rows of one band."""
    n = shape.size
    found: list[list[tuple[int, ...]]] = [[] for _ in range(shape.cells)]
    columns = [[i * n + j for i in range(n)] for j in range(n)]
    rows = [[j * n + i for i in range(n)] for j in range(n)]
    for lines, block in ((columns, shape.box_cols), (rows, shape.box_rows)):
        for first in range(n):
            for second in range(first + 1, first - first % block + block):
                for cycle in _swap_cycles(solution, lines[first], lines[second]):
                    for c in cycle:
                        found[c].append(cycle)
    return found


def _swap_cycles(solution, first: list[int], second: list[int]):
    """The cells of each cycle (shorter than the whole line) of two parallel lines."""
    n = len(first)
    where = [0] * (n + 1)  # symbol -> its place along the first line
    for i, c in enumerate(first):
        where[solution[c]] = i
    seen = [False] * n
    for start in range(n):
        if seen[start]:
            continue
        cycle, i = [], start
        while not seen[i]:
            seen[i] = True
            cycle.append(i)
            i = where[solution[second[i]]]
        if 1 < len(cycle) < n:
            yield tuple(c for j in cycle for c in (first[j], second[j]))


# Big grids: search nodes a removal test may take, pass by pass (a test past its cap keeps
# its given, to be tried again in the next pass). A 25x25 test past ~100 nodes rarely ends
# soon, so without a time budget one pass is made; a budget adds passes until it runs out.
NODE_CAPS = {16: (1000, 8000, 64000), 25: (100,)}
MORE_CAPS = (1000, 10000, 100000)  # passes a time budget adds on 25x25


@dataclass(frozen=True)
class CellOrder:
    """The grid's cells in a random order, in which the search scans them for the first of
    the cells with fewest candidates to branch on: a new order sends it down other branches
    and changes nothing else. A capped search's length swings tenfold with that choice, and
    reading order is a bad one: 16x16 without symmetry, seeds 1-10, 7 removal tests past
    1,000 nodes instead of 57 and 143,000 propagations instead of 578,000 (416,000 in
    reading order with the same random draws)."""

    cells: tuple[int, ...]
    geo: Geometry
    prefer: list[int]  # the known solution's symbols

    @classmethod
    def drawn(cls, geo: Geometry, prefer: list[int], rng: random.Random) -> CellOrder:
        return cls(tuple(rng.sample(range(len(prefer)), len(prefer))), geo, prefer)

    def search(self, cand: list[int], stop, max_nodes: int) -> bool:
        """Some solution from `cand`; Undecided past `max_nodes`."""
        return bool(search_candidates(cand, self.geo, 1, stop, self.prefer, max_nodes,
                                      self.cells))


class Eliminated:
    """The candidates a set of givens leaves before any propagation (each given's symbol
    struck from its peers), kept for the last set asked and updated where the next set
    differs: consecutive removal tests differ in a cell or two, and building every cell anew
    was a fifth of a 9x9 puzzle's time."""

    REBUILD = 8  # cells changed past which a fresh build is cheaper

    def __init__(self, bits: list[int], geo: Geometry):
        self.bits, self.geo, self.full = bits, geo, (1 << geo.size) - 1
        self.givens = frozenset(range(len(bits)))
        self.masks = [self.full] * len(geo.units)  # the givens' symbols in each unit
        self.cand = bits[:]
        self.singles: set[int] = set()  # cells left empty with one candidate

    def to(self, givens: frozenset) -> list[int]:
        """The candidates `givens` leave (the caller must not change the list)."""
        gone, back = self.givens - givens, givens - self.givens
        if len(gone) + len(back) > self.REBUILD:
            self._build(givens)
        else:
            self._update(givens, gone, back)
        self.givens = givens
        return self.cand

    def _build(self, givens: frozenset) -> None:
        geo, bits, full = self.geo, self.bits, self.full
        masks = self.masks = [0] * len(geo.units)
        for c in givens:
            for u in geo.cell_units[c]:
                masks[u] |= bits[c]
        cand = self.cand = [full ^ (masks[a] | masks[b] | masks[c]) for a, b, c in geo.cell_units]
        for c in givens:
            cand[c] = bits[c]
        self.singles = {c for c, m in enumerate(cand) if not m & (m - 1) and c not in givens}

    def _update(self, givens: frozenset, gone: frozenset, back: frozenset) -> None:
        geo, bits, full, masks, cand = self.geo, self.bits, self.full, self.masks, self.cand
        for d in gone:
            for u in geo.cell_units[d]:
                masks[u] ^= bits[d]  # a unit holds each symbol once
        for d in back:
            for u in geo.cell_units[d]:
                masks[u] |= bits[d]
        singles = self.singles
        for d in gone | back:
            for p in (d, *geo.peers[d]):
                if p in givens:
                    cand[p] = bits[p]
                    singles.discard(p)
                else:
                    a, b, c = geo.cell_units[p]
                    m = cand[p] = full ^ (masks[a] | masks[b] | masks[c])
                    if m & (m - 1):
                        singles.discard(p)
                    else:
                        singles.add(p)


class UniquenessTest:
    """Does a unique puzzle stay unique without a group of its givens? The puzzle with the group
    removed is unique exactly when no solution differs from the known one inside the group, so
    each test is a few searches for a single solution, and singles settle most of them."""

    def __init__(self, solution: tuple[int, ...], shape: Shape, stop: Callable | None = None,
                 rng: random.Random | None = None):
        self.bits = [1 << (v - 1) for v in solution]
        self.geo = geometry(shape)
        self.full = (1 << shape.size) - 1
        self.all_units = (1 << len(self.geo.units)) - 1
        self.cycles = cycles_by_cell(solution, shape)
        self.stop = stop
        # Big grids: a search past this many nodes leaves its given in (the puzzle stays
        # unique, maybe not minimal); those groups are tried again with a larger cap.
        self.max_nodes = NODE_CAPS[shape.size][0] if shape.size in NODE_CAPS else 0
        self.undecided: set[tuple] = set()
        # Capped searches scan the cells in a random order, a new one for each pass: an order
        # that sent a test past the cap is likely a bad one for it.
        self.rng = rng or random.Random(0)
        self.order = self._new_order() if self.max_nodes else None
        self.left = Eliminated(self.bits, self.geo)

    def __call__(self, rest: frozenset, group: tuple) -> bool:
        geo, bits = self.geo, self.bits
        if any(rest.isdisjoint(cycle) for c in group for cycle in self.cycles[c]):
            return False  # a swap of two lines' symbols would be a second solution
        if all(self._seen_by_peers(c, rest) for c in group):
            return True  # the givens left see every other symbol from each cell of the group
        base = self.left.to(rest)
        if self._singles_settle(base[:], group):
            return True
        for i, cell in enumerate(group):
            cand = base[:]
            for earlier in group[:i]:
                cand[earlier] = bits[earlier]
            cand[cell] &= ~bits[cell]
            if 0 in cand:
                continue  # this branch has no solution
            placed = [d for d in self.left.singles if d not in group]
            placed += [d for d in group[:i + 1] if not cand[d] & (cand[d] - 1)]
            if propagate(cand, geo, placed, self.all_units) and self._solvable(cand, group):
                return False
        self.undecided.discard(group)
        return True

    def next_pass(self, max_nodes: int) -> None:
        """The undecided groups are to be tried again with a larger cap, in a new cell order."""
        self.max_nodes, self.order = max_nodes, self._new_order()
        self.undecided.clear()

    def _new_order(self) -> CellOrder:
        return CellOrder.drawn(self.geo, self.bits, self.rng)

    def _solvable(self, cand: list[int], group: tuple) -> bool:
        """Some solution from `cand`; a search past the cap (or stopped) counts as one, so
        the group stays in."""
        try:
            if self.order is None:
                return bool(search_candidates(cand, self.geo, 1, self.stop, self.bits))
            return self.order.search(cand, self.stop, self.max_nodes)  # 0: no cap
        except (Undecided, Stopped):
            self.undecided.add(group)
            return True

    def _seen_by_peers(self, cell: int, rest: frozenset) -> bool:
        bits, seen = self.bits, 0
        for p in self.geo.peers[cell]:
            if p in rest:
                seen |= bits[p]
        return seen | bits[cell] == self.full

    def _singles_settle(self, cand: list[int], group: tuple) -> bool:
        """Cheap sufficient test: the group's cells follow one by one as naked or hidden singles
        of the candidates the givens leave."""
        geo, bits = self.geo, self.bits
        todo = list(group)
        while todo:
            cell = next((c for c in todo if self._single(cand, c)), None)
            if cell is None:
                return False
            todo.remove(cell)
            cand[cell] = bits[cell]
            for p in geo.peers[cell]:
                cand[p] &= ~bits[cell]
        return True

    def _single(self, cand: list[int], cell: int) -> bool:
        bit = self.bits[cell]
        if cand[cell] == bit:
            return True
        units = self.geo.units
        for u in self.geo.cell_units[cell]:
            if not any(cand[d] & bit for d in units[u] if d != cell):
                return True
        return False


def redundant_givens(puzzle: Puzzle, solution: tuple[int, ...],
                     stop: Callable[[], bool] | None = None
                     ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(the givens of a unique puzzle that could go, one at a time, and leave it unique; the
    givens not decided before `stop`). Big grids: every given is tried with a small node cap
    first (singles settle most), then those past it with larger caps, each pass in a new
    cell order, and last without a cap: one hard test no longer holds up the rest (a
    generated 25x25 of 275 givens searched for minutes in reading order)."""
    test = UniquenessTest(solution, puzzle.shape, stop)
    givens = frozenset(c for c, v in enumerate(puzzle.givens) if v)
    found, left = [], sorted(givens)
    for number, cap in enumerate(_redundant_caps(puzzle.size)):
        if number:
            test.next_pass(cap)
        for i, cell in enumerate(left):
            if stop is not None and stop():
                undecided = {c for (c,) in test.undecided} | set(left[i:])
                return tuple(sorted(found)), tuple(sorted(undecided))
            if test(givens - {cell}, (cell,)):
                found.append(cell)
        left = sorted(c for (c,) in test.undecided)
        if not left:
            break
    return tuple(sorted(found)), tuple(left)


def _redundant_caps(size: int) -> tuple[int, ...]:
    """The node caps of the redundant givens' passes, the last 0 (none): a big grid's
    removal caps, then larger ones."""
    caps = NODE_CAPS.get(size, ())
    if caps:
        caps += tuple(cap for cap in MORE_CAPS if cap > caps[-1])
    return caps + (0,)


@dataclass(frozen=True)
class Made:
    """A generated puzzle. `minimal`: the removal ran to its end with every test decided; False
    when a time budget or a node cap left givens that might go (the puzzle is still unique)."""

    puzzle: Puzzle
    solution: tuple[int, ...]
    minimal: bool = True


Progress = Callable[[int, float], None]  # (givens left, seconds elapsed), after each test


def generate(options: Options = Options(), rng: random.Random | None = None,
             stop: Callable[[], bool] | None = None, progress: Progress | None = None
             ) -> tuple[Puzzle, tuple[int, ...]]:
    """A unique puzzle that meets the options, and its solution (GenerationFailed if none was
    found in `options.attempts` random grids or `options.seconds`)."""
    made = make(options, rng, stop, progress)
    return made.puzzle, made.solution


def make(options: Options = Options(), rng: random.Random | None = None,
         stop: Callable[[], bool] | None = None, progress: Progress | None = None) -> Made:
    """`generate`, telling whether the puzzle is minimal. On a time budget the puzzle being
    reduced when time runs out is returned (it is unique at every step) if it meets the
    options."""
    if options.rated_by_se:  # a target SE judges: the puzzles made here are its candidates
        raise ValueError("a 9x9 level or highest technique is met through core.sudoku.targets "
                         "(core.sudoku.generate chooses)")
    rng = rng or random.Random()
    shape = Shape.of_size(options.size)
    allowed = options.allowed_techniques()
    start = time.monotonic()
    stop = with_deadline(stop, options.seconds, start)
    for _ in range(options.attempts):
        if stop is not None and stop():
            break
        solution = random_solution(shape, rng)
        minimal = True
        if options.mask is not None:
            puzzle = _on_mask(solution, shape, options.mask, rng)
        else:
            puzzle, minimal = _reduce(solution, shape, options, allowed, rng, stop,
                                      _reporting(progress, start))
        if puzzle is None:
            continue
        if options.level is not None and level_of(puzzle) != options.level:
            continue
        if options.mask is not None and allowed is not None and not solvable_with(puzzle, allowed):
            continue
        return Made(puzzle, solution, minimal)
    if options.seconds is not None:
        raise GenerationFailed(f"no puzzle met the constraints in {options.seconds:g} s")
    raise GenerationFailed(f"no puzzle met the constraints in {options.attempts} attempts")


def _reporting(progress: Progress | None, start: float):
    """Wraps a removal test so that each answer reports the givens left and the time."""
    if progress is None:
        return None

    def wrap(can_remove):
        def test(rest: frozenset, group: tuple) -> bool:
            removed = can_remove(rest, group)
            progress(len(rest) + (0 if removed else len(group)), time.monotonic() - start)
            return removed
        return test

    return wrap


def _reduce(solution, shape: Shape, options: Options, allowed, rng, stop, report=None
            ) -> tuple[Puzzle | None, bool]:
    """Greedy removal over symmetry orbits (then single cells, for a minimal puzzle); on big
    grids the groups a capped search left undecided are tried again with larger caps."""
    unique = UniquenessTest(solution, shape, stop, rng)
    can_remove = _removal_test(solution, shape, allowed, unique)
    if report is not None:
        can_remove = report(can_remove)
    compiled = None  # the same answers in one call, where every answer is exact
    if native.sudoku is not None and allowed is None and report is None and not unique.max_nodes:
        compiled = _CompiledRemoval(solution, shape)
    remove = compiled.remove if compiled else partial(remove_greedily, can_remove=can_remove)
    kept = remove(range(shape.cells), orbits(options.size, options.symmetry), rng=rng,
                  target=options.clues, stop=stop)
    if options.minimal and options.symmetry != "none":
        kept = remove(kept, [(c,) for c in sorted(kept)], rng=rng, target=options.clues,
                      stop=stop)
    caps = NODE_CAPS.get(shape.size, (0,))
    if options.seconds:
        caps += tuple(cap for cap in MORE_CAPS if cap > caps[-1])
    for cap in caps[1:]:
        if not unique.undecided or (stop is not None and stop()):
            break
        groups = sorted(unique.undecided)
        unique.next_pass(cap)
        kept = remove_greedily(kept, groups, can_remove, rng, target=options.clues, stop=stop)
    if options.clues is not None and len(kept) > options.clues:
        return None, False
    stopped = compiled is not None and compiled.stopped
    minimal = not unique.undecided and not stopped and not (stop is not None and stop())
    givens = tuple(solution[c] if c in kept else 0 for c in range(shape.cells))
    return Puzzle(shape, givens), minimal


class _CompiledRemoval:
    """The greedy pass of core/removal.py with UniquenessTest's answers, run by the compiled
    engine in one call (grids without node caps, where every answer is exact, so the pass keeps
    the same givens as the Python one)."""

    def __init__(self, solution, shape: Shape):
        self.solution, self.shape, self.stopped = solution, shape, False

    def remove(self, clues, groups, *, rng, target=None, stop=None) -> frozenset:
        kept, order = removal_order(clues, groups, rng)
        shape = self.shape
        kept, stopped = native.sudoku.reduce(shape.box_rows, shape.box_cols, self.solution,
                                             sorted(kept), order,
                                             -1 if target is None else target, stop)
        self.stopped |= stopped
        return frozenset(kept)


SINGLES = frozenset({"full house", "hidden single", "naked single"})


def _removal_test(solution, shape: Shape, allowed: frozenset[str] | None,
                  unique: UniquenessTest | None = None):
    """Unique, and solvable with the allowed techniques: singles are exactly what `propagate`
    does, so they need no logic solver; other sets run the solver on puzzles already unique."""
    unique = unique or UniquenessTest(solution, shape)
    if allowed is None:
        return unique
    geo, full = geometry(shape), (1 << shape.size) - 1

    def can_remove(rest: frozenset, group: tuple) -> bool:
        if not unique(rest, group):
            return False
        givens = [solution[c] if c in rest else 0 for c in range(shape.cells)]
        if allowed <= SINGLES:
            cand = [1 << (v - 1) if v else full for v in givens]
            return propagate(cand, geo, list(rest)) and all(not m & (m - 1) for m in cand)
        return solvable_with(Puzzle(shape, tuple(givens)), allowed)

    return can_remove
MASK_CAP = 64  # solutions counted while fitting symbols to an author's mask
MASK_STEPS = 400  # changes tried per random grid


def _on_mask(solution, shape: Shape, mask, rng: random.Random) -> Puzzle | None:
    """Symbols for the author's cells that make the puzzle unique: start from a random grid and
    change one given at a time, keeping changes that do not add solutions (local search on the
    number of solutions, counted up to MASK_CAP)."""
    cells = [c for c, keep in enumerate(mask) if keep]
    givens = [solution[c] if keep else 0 for c, keep in enumerate(mask)]
    solutions = _count_capped(shape, givens)
    for _ in range(MASK_STEPS):
        if solutions == 1:
            return Puzzle(shape, tuple(givens))
        cell = rng.choice(cells)
        old = givens[cell]
        givens[cell] = rng.choice([v for v in range(1, shape.size + 1) if v != old])
        found = _count_capped(shape, givens)
        if 0 < found <= solutions:
            solutions = found
        else:
            givens[cell] = old
    return None


def _count_capped(shape: Shape, givens: list[int]) -> int:
    return count(Puzzle(shape, tuple(givens)), limit=MASK_CAP).count
