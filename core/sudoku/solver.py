"""Counting Sudoku solutions: bitmask candidates, singles propagated to a fixpoint, then a branch
on the cell with the fewest candidates.

A candidate set is an int with bit v-1 set when symbol v may stand in the cell.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from core.counting import Count, Found
from core.search import STOP_EVERY, Stopped, fewest_candidates, where_differ
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
    geo = geometry(puzzle.shape)
    full = (1 << puzzle.size) - 1
    cand = [1 << (v - 1) if v else full for v in puzzle.givens]
    placed = [c for c, v in enumerate(puzzle.givens) if v]
    if not propagate(cand, geo, placed):
        return None
    return cand


def propagate(cand: list[int], geo: Geometry, placed: list[int], dirty: int = 0) -> bool:
    """Naked and hidden singles to a fixpoint, in place. `placed` lists cells newly reduced to
    one candidate. False when a cell or a unit runs out of places for a symbol.

    Only units whose candidates changed are searched for hidden singles (`dirty`, a bit set of
    unit indices, to which the units of `placed` are added)."""
    peers, units, unit_bits = geo.peers, geo.units, geo.unit_bits
    full = (1 << geo.size) - 1
    for c in placed:
        dirty |= unit_bits[c]
    while True:
        while placed:
            c = placed.pop()
            m = cand[c]
            for p in peers[c]:
                pm = cand[p]
                if pm & m:
                    pm ^= m
                    if not pm:
                        return False
                    cand[p] = pm
                    dirty |= unit_bits[p]
                    if not pm & (pm - 1):
                        placed.append(p)
        while dirty:
            low = dirty & -dirty
            dirty ^= low
            unit = units[low.bit_length() - 1]
            once = twice = solved = 0
            for c in unit:
                m = cand[c]
                twice |= once & m
                once |= m
                if not m & (m - 1):
                    solved |= m
            if once != full:
                return False
            hidden = once & ~twice & ~solved
            if hidden:
                for c in unit:
                    h = cand[c] & hidden
                    if h:
                        if h & (h - 1):
                            return False  # two symbols have only this cell
                        cand[c] = h
                        placed.append(c)
            if placed:
                break
        if not placed:
            return True
        for c in placed:
            dirty |= unit_bits[c]


def _search(cand: list[int], s: _Search) -> None:
    s.nodes += 1
    if s.nodes % STOP_EVERY == 0:
        s.poll()
    cell = fewest_candidates(cand)
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
        if propagate(child, s.geo, [cell]):
            _search(child, s)
            if len(s.solutions) >= s.limit:
                return


def search_candidates(cand: list[int] | None, geo: Geometry, limit: int,
                      stop: Callable[[], bool] | None = None, prefer: list[int] | None = None,
                      max_nodes: int = 0) -> list[list[int]]:
    """Up to `limit` solved candidate lists reachable from propagated candidates `cand`,
    trying the symbols of `prefer` first; Undecided past `max_nodes` search nodes."""
    if cand is None:
        return []
    s = _Search(geo, limit, stop, prefer=prefer, max_nodes=max_nodes)
    _search(cand, s)
    return s.solutions


def values(cand: list[int]) -> tuple[int, ...]:
    return tuple(m.bit_length() for m in cand)


def count(puzzle: Puzzle, limit: int = 2, stop: Callable[[], bool] | None = None) -> Count:
    """Count solutions up to `limit` (2 answers "is it unique?")."""
    same = clashes(puzzle)
    if same:
        return Count(0, limit, clashes=same)
    geo = geometry(puzzle.shape)
    s = _Search(geo, limit, stop)
    stopped = False
    cand = initial_candidates(puzzle)
    if cand is not None:
        try:
            _search(cand, s)
        except Stopped:
            stopped = True
    found = tuple(values(c) for c in s.solutions)
    differs = where_differ(found[0], found[1]) if len(found) >= 2 else ()
    return Count(len(s.solutions), limit, found, differs, stopped=stopped)


def solve(puzzle: Puzzle) -> tuple[int, ...] | None:
    """One solution (the first found), or None."""
    return count(puzzle, limit=1).solution
