"""Pieces every family's search shares: how a caller stops a search, where two solutions
differ, and the members of a bit set."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

Stop = Callable[[], bool]  # asked every STOP_EVERY nodes; True ends the search
STOP_EVERY = 64  # nodes between two calls of `stop`: a live check must end within ~ms


class Stopped(Exception):
    """The caller's `stop` callable asked the search to end."""


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
