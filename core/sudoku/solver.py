"""Counting Sudoku solutions: bitmask candidates, singles propagated to a fixpoint, then a branch
on the cell with the fewest candidates.

A candidate set is an int with bit v-1 set when symbol v may stand in the cell. The functions
here run on the compiled engine (core/native/sudoku.c) when it is built; the Python code
below is its reference, step for step: the same counts, first solutions and search nodes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from core import native
from core.candidates import Switched, Tally, TrueCandidates
from core.counting import KEPT, Count, Found
from core.search import STOP_EVERY, Stopped, fewest_candidates, where_differ
from core.singles import hidden_singles, naked_singles
from core.sudoku.model import Geometry, Puzzle, geometry


class Undecided(Exception):
    """A search ran past its node cap: the question stays open (the caller keeps a given)."""


@dataclass
class _Search:
    geo: Geometry
    limit: int
    stop: Callable[[], bool] | None
    solutions: Found = field(default_factory=Found)  # all counted, the first KEPT kept
    nodes: int = 0
    prefer: list[int] | None = None  # a candidate bit per cell to try first (a known solution)
    max_nodes: int = 0  # 0: no cap; else Undecided past it
    order: Sequence[int] | None = None  # the cells in the order the branch scans them

    def poll(self) -> None:
        """Every STOP_EVERY nodes: the caller's stop, then the node cap."""
        if self.stop is not None and self.stop():
            raise Stopped
        if self.max_nodes and self.nodes > self.max_nodes:
            raise Undecided


def clashes(puzzle: Puzzle) -> tuple[tuple[int, int], ...]:
    """Pairs of cells that hold the same given within one unit."""
    pairs = set()
    for unit in geometry(puzzle.shape).units:
        seen = {}
        for cell in unit:
            v = puzzle.givens[cell]
            if v:
                if v in seen:
                    pairs.add((seen[v], cell))
                else:
                    seen[v] = cell
    return tuple(sorted(pairs))


def initial_candidates(puzzle: Puzzle) -> list[int] | None:
    """Candidates after propagating the givens, or None when they contradict each other."""
    return _initial(puzzle.givens, geometry(puzzle.shape), propagate)


def _initial(givens: Sequence[int], geo: Geometry, propagate) -> list[int] | None:
    full = (1 << geo.size) - 1
    cand = [1 << (v - 1) if v else full for v in givens]
    if not propagate(cand, geo, [c for c, v in enumerate(givens) if v], 0):
        return None
    return cand


def propagate(cand: list[int], geo: Geometry, placed: list[int], dirty: int = 0) -> bool:
    """Naked and hidden singles to a fixpoint, in place. `placed` lists cells newly reduced to
    one candidate. False when a cell or a unit runs out of places for a symbol.

    Only units whose candidates changed are searched for hidden singles (`dirty`, a bit set of
    unit indices, to which the units of `placed` are added)."""
    if native.sudoku is not None:
        return native.sudoku.propagate(geo.shape.box_rows, geo.shape.box_cols, cand, placed,
                                       dirty)
    return _propagate(cand, geo, placed, dirty)


def _propagate(cand: list[int], geo: Geometry, placed: list[int], dirty: int) -> bool:
    peers, units, unit_bits = geo.peers, geo.units, geo.unit_bits
    full = (1 << geo.size) - 1
    for c in placed:
        dirty |= unit_bits[c]
    while True:
        touched = naked_singles(cand, peers, placed, unit_bits)
        if touched < 0:
            return False
        dirty = hidden_singles(cand, units, dirty | touched, full, placed)
        if dirty < 0:
            return False
        if not placed:
            return True
        for c in placed:
            dirty |= unit_bits[c]


def _search(cand: list[int], s: _Search) -> None:
    s.nodes += 1
    if s.nodes % STOP_EVERY == 0:
        s.poll()
    cell = fewest_candidates(cand, s.order)
    if cell < 0:
        s.solutions.append(cand)
        return
    m = cand[cell]
    # A known solution's symbol first: on big grids a second solution is usually a small
    # change of the first, and this finds it in a few nodes instead of thousands.
    first = s.prefer[cell] & m if s.prefer is not None else 0
    rest = m ^ first
    while True:
        if first:
            bit, first = first, 0
        elif rest:
            bit = rest & -rest
            rest ^= bit
        else:
            return
        child = cand[:]
        child[cell] = bit
        if _propagate(child, s.geo, [cell], 0):
            _search(child, s)
            if len(s.solutions) >= s.limit:
                return


DONE, STOPPED, UNDECIDED = 0, 1, 2  # how a search ended (the compiled engine's numbers)


def explore(cand: list[int], geo: Geometry, limit: int, stop: Callable[[], bool] | None = None,
            prefer: list[int] | None = None, max_nodes: int = 0,
            order: Sequence[int] | None = None, givens: bool = False
            ) -> tuple[list[tuple[int, ...]], int, int, int]:
    """(the first KEPT solutions found from propagated candidates `cand`, as symbols; how many
    were found, up to `limit`; the search nodes; DONE, STOPPED or UNDECIDED), trying the
    symbols of `prefer` first and scanning the cells in `order` for the branch. With
    `givens`, `cand` holds symbols (0 for a blank), propagated first; a contradiction is no
    solution and no node."""
    if limit < 1:
        raise ValueError(f"a count needs a limit of at least 1, not {limit}")
    if native.sudoku is not None:
        shape = geo.shape
        return native.sudoku.search(shape.box_rows, shape.box_cols, cand, limit, stop, prefer,
                                    order, max_nodes, givens, KEPT)
    if givens:
        if not all(0 <= v <= geo.size for v in cand):
            raise ValueError(f"givens: a cell holds no symbol of {geo.size}")
        cand = _initial(cand, geo, _propagate)
        if cand is None:
            return [], 0, 0, DONE
    s = _Search(geo, limit, stop, prefer=prefer, max_nodes=max_nodes, order=order)
    status = DONE
    try:
        _search(cand, s)
    except Stopped:
        status = STOPPED
    except Undecided:
        status = UNDECIDED
    return [values(c) for c in s.solutions], len(s.solutions), s.nodes, status


def search_candidates(cand: list[int] | None, geo: Geometry, limit: int,
                      stop: Callable[[], bool] | None = None, prefer: list[int] | None = None,
                      max_nodes: int = 0, order: Sequence[int] | None = None
                      ) -> list[tuple[int, ...]]:
    """Up to `limit` solutions (as symbols) reachable from propagated candidates `cand`,
    trying the symbols of `prefer` first; Stopped when `stop` says so, Undecided past
    `max_nodes` search nodes."""
    if cand is None:
        return []
    solutions, _, _, status = explore(cand, geo, limit, stop, prefer, max_nodes, order)
    if status == STOPPED:
        raise Stopped
    if status == UNDECIDED:
        raise Undecided
    return solutions


def values(cand: list[int]) -> tuple[int, ...]:
    return tuple(m.bit_length() for m in cand)


def count(puzzle: Puzzle, limit: int = 2, stop: Callable[[], bool] | None = None) -> Count:
    """Count solutions up to `limit` (2 answers "is it unique?")."""
    found, counted, _, status = explore(puzzle.givens, geometry(puzzle.shape), limit, stop,
                                        givens=True)
    if not found:  # equal givens in a unit are why, when there are any
        return Count(0, limit, clashes=clashes(puzzle), stopped=status == STOPPED)
    found = tuple(found)
    differs = where_differ(found[0], found[1]) if len(found) >= 2 else ()
    return Count(counted, limit, found, differs, stopped=status == STOPPED)


def solve(puzzle: Puzzle) -> tuple[int, ...] | None:
    """One solution (the first found), or None."""
    return count(puzzle, limit=1).solution


def true_candidates(puzzle: Puzzle, support: int = 1,
                    stop: Callable[[], bool] | None = None) -> TrueCandidates:
    """Each cell's digits in some solution, with how many solutions hold each up to
    `support` (core/candidates.py: one search over every solution, leaving out branches
    whose candidates are all at the cap; on an open grid, a search a candidate instead).
    `stop` ends it early with a partial result."""
    geo = geometry(puzzle.shape)
    tally = Tally(geo.shape.cells, support)
    root = _initial(puzzle.givens, geo, propagate)
    if root is None:
        return tally.result(False, 0)
    stopped = False
    if native.sudoku is not None:
        counts, found, nodes, stopped, skipped, switched, seen = native.sudoku.support(
            geo.shape.box_rows, geo.shape.box_cols, root, support, stop, tally.switch_at,
            tally.switch_min)
        tally.load(counts, geo.size, found, seen, skipped, switched)
    else:
        nodes_in = [0]
        try:
            _support(root[:], geo, tally, stop, nodes_in)
        except Stopped:
            stopped = True
        except Switched:
            pass
        nodes = nodes_in[0]
    if tally.switched:
        more, stopped = tally.targeted(
            root, lambda cell, bit, prefer: _count_from(root, cell, bit, geo, support, stop,
                                                        prefer), stop)
        nodes += more
    return tally.result(stopped, nodes)


def _support(cand: list[int], geo: Geometry, tally: Tally, stop, nodes: list[int]) -> None:
    """Phase 1: _search without a limit, each solution credited, branches nothing under the
    cap left out (after their propagation, before they count as a node)."""
    nodes[0] += 1
    if nodes[0] % STOP_EVERY == 0 and stop is not None and stop():
        raise Stopped
    tally.switch(nodes[0])
    cell = fewest_candidates(cand)
    if cell < 0:
        tally.credit(values(cand))
        return
    m = cand[cell]
    while m:
        bit = m & -m
        m ^= bit
        child = cand[:]
        child[cell] = bit
        if _propagate(child, geo, [cell], 0) and tally.wanted(child):
            _support(child, geo, tally, stop, nodes)


def _count_from(root: list[int], cell: int, bit: int, geo: Geometry, limit: int, stop,
                prefer: list[int]) -> tuple[list, int, bool]:
    """Phase 2's search: up to `limit` solutions with `bit` at `cell`, `prefer`'s digits
    first."""
    cand = root[:]
    cand[cell] = bit
    if not propagate(cand, geo, [cell], 0):
        return [], 0, False
    solutions, _, nodes, status = explore(cand, geo, limit, stop, prefer)
    return solutions, nodes, status == STOPPED
