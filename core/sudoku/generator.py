"""Sudoku generation: a random full grid, then greedy removal of clues (single cells or symmetry
orbits) while the puzzle stays unique, and optionally while it stays solvable by chosen logic."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from core.removal import remove_greedily
from core.sudoku.model import BOX_SHAPES, Geometry, Puzzle, Shape, geometry
from core.sudoku.solver import _branch_cell, propagate, search_candidates, values
from core.symmetry import SYMMETRIES, orbits


class GenerationFailed(Exception):
    """The constraints could not be met within the attempts allowed."""


@dataclass(frozen=True)
class Options:
    size: int = 9
    symmetry: str = "none"
    clues: int | None = None  # stop removing at this many clues (and retry until reached)
    minimal: bool = False  # after orbit removal, also try every single clue
    mask: tuple[bool, ...] | None = None  # the author's pattern: givens exactly on these cells
    attempts: int = 1000  # random grids to try before giving up

    def __post_init__(self):
        if self.size not in BOX_SHAPES:
            raise ValueError(f"no Sudoku of size {self.size}; sizes: {sorted(BOX_SHAPES)}")
        if self.symmetry not in SYMMETRIES:
            raise ValueError(f"unknown symmetry {self.symmetry!r}; one of {', '.join(SYMMETRIES)}")
        if self.mask is not None and len(self.mask) != self.size ** 2:
            raise ValueError(f"the mask has {len(self.mask)} cells; the grid has {self.size ** 2}")


def random_solution(shape: Shape, rng: random.Random) -> tuple[int, ...]:
    """A uniformly relabelled random full grid: randomised depth-first search with restarts."""
    geo = geometry(shape)
    full = (1 << shape.size) - 1
    # The first row may be 1..n: the relabelling below makes it a uniform random permutation.
    start = [1 << c for c in range(shape.size)] + [full] * (shape.cells - shape.size)
    propagate(start, geo, list(range(shape.size)))
    while True:
        found = _random_fill(start[:], geo, rng, [0])
        if found is not None:
            break
    relabel = list(range(1, shape.size + 1))
    rng.shuffle(relabel)
    return tuple(relabel[v - 1] for v in values(found))


def _random_fill(cand, geo: Geometry, rng: random.Random, budget: list[int]):
    budget[0] += 1
    if budget[0] > 20 * geo.shape.cells:
        return None  # a heavy tail on large grids: restart rather than dig deeper
    cell = _branch_cell(cand)
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


class UniquenessTest:
    """Does a unique puzzle stay unique without a group of its givens? The puzzle with the group
    removed is unique exactly when no solution differs from the known one inside the group, so
    each test is a few searches for a single solution, and singles settle most of them."""

    def __init__(self, solution: tuple[int, ...], shape: Shape):
        self.bits = [1 << (v - 1) for v in solution]
        self.geo = geometry(shape)
        self.full = (1 << shape.size) - 1
        self.all_units = (1 << len(self.geo.units)) - 1

    def __call__(self, rest: frozenset, group: tuple) -> bool:
        geo, bits, full = self.geo, self.bits, self.full
        # Candidates seen by the remaining givens, computed from unit masks: cheaper than
        # eliminating each given from its peers again.
        unit_mask = [0] * len(geo.units)
        for c in rest:
            for u in geo.cell_units[c]:
                unit_mask[u] |= bits[c]
        base = [full ^ (unit_mask[a] | unit_mask[b] | unit_mask[c]) for a, b, c in geo.cell_units]
        for c in rest:
            base[c] = bits[c]
        if self._singles_settle(base[:], group):
            return True
        for i, cell in enumerate(group):
            cand = base[:]
            for earlier in group[:i]:
                cand[earlier] = bits[earlier]
            cand[cell] &= ~bits[cell]
            if 0 in cand:
                continue  # this branch has no solution
            placed = [d for d, m in enumerate(cand) if not m & (m - 1) and d not in rest]
            if (propagate(cand, geo, placed, self.all_units)
                    and search_candidates(cand, geo, 1)):
                return False
        return True

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


Accept = Callable[[Puzzle], bool]


def generate(options: Options = Options(), rng: random.Random | None = None, *,
             accept_removal: Accept | None = None, accept_result: Accept | None = None,
             stop: Callable[[], bool] | None = None) -> tuple[Puzzle, tuple[int, ...]]:
    """A unique puzzle and its solution. `accept_removal` may veto a removal (e.g. "still solvable
    with singles"; a puzzle solved by sound logic is unique, so it replaces the uniqueness test);
    `accept_result` may reject a finished puzzle, and another grid is tried."""
    rng = rng or random.Random()
    shape = Shape.of_size(options.size)
    n = options.size
    for _ in range(options.attempts):
        if stop is not None and stop():
            break
        solution = random_solution(shape, rng)
        if options.mask is not None:
            puzzle = _on_mask(solution, shape, options.mask)
            if puzzle is not None and (accept_result is None or accept_result(puzzle)):
                return puzzle, solution
            continue
        can_remove = _removal_test(solution, shape, accept_removal)
        kept = remove_greedily(range(shape.cells), orbits(n, options.symmetry), can_remove, rng,
                               target=options.clues, stop=stop)
        if options.minimal and options.symmetry != "none":
            kept = remove_greedily(kept, [(c,) for c in kept], can_remove, rng,
                                   target=options.clues, stop=stop)
        if options.clues is not None and len(kept) > options.clues:
            continue
        puzzle = Puzzle(shape, tuple(solution[c] if c in kept else 0 for c in range(shape.cells)))
        if accept_result is None or accept_result(puzzle):
            return puzzle, solution
    raise GenerationFailed(f"no puzzle met the constraints in {options.attempts} attempts")


def _removal_test(solution, shape: Shape, accept_removal: Accept | None):
    if accept_removal is None:
        return UniquenessTest(solution, shape)

    def can_remove(rest: frozenset, group: tuple) -> bool:
        givens = tuple(solution[c] if c in rest else 0 for c in range(shape.cells))
        return accept_removal(Puzzle(shape, givens))

    return can_remove


def _on_mask(solution, shape: Shape, mask) -> Puzzle | None:
    """The solution's givens on the author's cells, when that puzzle is unique."""
    givens = tuple(v if keep else 0 for v, keep in zip(solution, mask, strict=True))
    geo = geometry(shape)
    full = (1 << shape.size) - 1
    cand = [1 << (v - 1) if v else full for v in givens]
    propagate(cand, geo, [c for c, v in enumerate(givens) if v])
    if len(search_candidates(cand, geo, 2)) == 1:
        return Puzzle(shape, givens)
    return None
