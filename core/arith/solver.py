"""Counting the solutions of masked arithmetic.

Every operation reduces to a search over its free digits (the operands of an addition, the two
factors of a multiplication, divisor, quotient and remainder of a division), pruned as digits
are fixed; each complete candidate is then checked row by row against the printed cells by one
`Checker` (core.arith.checker).
"""

from __future__ import annotations

from collections.abc import Callable

from core.arith import search
from core.arith.checker import Checker
from core.arith.model import Puzzle
from core.counting import Count, Found
from core.search import Stopped, recursion_room


def count(puzzle: Puzzle, limit: int = 2, stop: Callable[[], bool] | None = None,
          rng=None) -> Count:
    """Solutions up to `limit`; with `rng`, the search tries digits in random order, so that
    count(p, 1, rng=rng) gives a random solution (used by the shape-first generator)."""
    found = Found()  # every solution counted, the first KEPT kept
    stopped = False
    cells = sum(len(cells) for _, cells in puzzle.rows())  # no search recurses deeper
    nodes = 0
    try:
        with recursion_room(cells):
            nodes = search.SEARCHES[puzzle.op](puzzle, Checker(puzzle, rng), found, limit, stop)
    except Stopped:
        stopped = True
    differs = ()
    if len(found) >= 2:
        differs = tuple((r, c) for r, (a, b) in enumerate(zip(found[0], found[1], strict=True))
                        for c in range(len(a)) if a[c] != b[c])
    return Count(len(found), limit, tuple(found), differs, stopped=stopped, nodes=nodes)


def solve(puzzle: Puzzle) -> tuple[str, ...] | None:
    return count(puzzle, limit=1).solution
