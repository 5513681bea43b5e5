"""Pieces every family's search shares: how a caller stops a search, where two solutions
differ, and the members of a bit set."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

Stop = Callable[[], bool]  # asked every STOP_EVERY nodes; True ends the search
STOP_EVERY = 64  # nodes between two calls of `stop`: a live check must end within ~ms


class Stopped(Exception):
    """The caller's `stop` callable asked the search to end."""


def with_deadline(stop: Stop | None, seconds: float | None, start: float | None = None
                  ) -> Stop | None:
    """The caller's stop, or the end of a time budget of `seconds` from `start` (now when
    None); the caller's stop alone when there is no budget."""
    if seconds is None:
        return stop
    end = (time.monotonic() if start is None else start) + seconds
    return lambda: time.monotonic() > end or (stop is not None and stop())


def with_cpu_budget(stop: Stop | None, seconds: float) -> Stop:
    """The caller's stop, or the end of `seconds` of this process's CPU time from now: work
    weighed against other work (a summary line's rating against the making) is measured in
    CPU, so a busy machine does not change the answer."""
    end = time.process_time() + seconds
    return lambda: time.process_time() > end or (stop is not None and stop())


def node_capped(stop: Stop | None, polls: int) -> Stop:
    """The caller's stop, or true from its `polls`-th call on: a search asks every STOP_EVERY
    nodes, so this caps it at about polls * STOP_EVERY nodes, in any family's search."""
    calls = [0]

    def capped() -> bool:
        calls[0] += 1
        return calls[0] >= polls or (stop is not None and stop())
    return capped


def fewest_candidates(cand: list[int], order: Sequence[int] | None = None) -> int:
    """The undecided cell (candidates as bit sets) with the fewest candidates, the first of
    them in `order` (reading order when None; a cell of two ends the scan), or -1 when every
    cell is decided."""
    best, fewest = -1, 1 << 30
    for c, m in (enumerate(cand) if order is None else ((c, cand[c]) for c in order)):
        if m & (m - 1):
            n = m.bit_count()
            if n < fewest:
                best, fewest = c, n
                if n == 2:
                    break
    return best


class Budget:
    """Counts search nodes and asks the caller's `stop` every STOP_EVERY of them."""

    def __init__(self, stop: Stop | None):
        self.stop, self.nodes = stop, 0

    def tick(self) -> None:
        self.nodes += 1
        if self.stop is not None and self.nodes % STOP_EVERY == 0 and self.stop():
            raise Stopped


def where_differ(first: Sequence, second: Sequence) -> tuple[int, ...]:
    """The positions where two solutions of the same shape differ."""
    return tuple(i for i, (a, b) in enumerate(zip(first, second, strict=True)) if a != b)


def bits(mask: int) -> Iterator[int]:
    """The indices of the set bits of `mask`, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@contextmanager
def recursion_room(depth: int):
    """Room for a search that recurses `depth` calls deep (an addition of 1,000 blanks): the
    interpreter's limit is raised for the search and put back after. Python-to-Python calls
    do not grow the C stack (3.11+), so a deep limit is safe for these searches."""
    old = sys.getrecursionlimit()
    if depth + 200 > old:
        sys.setrecursionlimit(depth + 200)
    try:
        yield
    finally:
        sys.setrecursionlimit(old)
