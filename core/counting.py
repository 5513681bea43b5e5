"""The answer of every family's `count`: solutions found up to a limit, and where two differ."""

from __future__ import annotations

from dataclasses import dataclass

KEPT = 1000  # solutions a count keeps: a count to a million keeps only the first of them


class Found:
    """The solutions a search finds: every one counted (`len`), the first KEPT kept (iterated
    and indexed), so a count to a large limit does not hold them all in memory."""

    def __init__(self):
        self.kept: list = []
        self.count = 0

    def append(self, solution) -> None:
        self.count += 1
        if len(self.kept) < KEPT:
            self.kept.append(solution)

    def __len__(self) -> int:
        return self.count

    def __iter__(self):
        return iter(self.kept)

    def __getitem__(self, index):
        return self.kept[index]


@dataclass(frozen=True)
class Count:
    """`solutions` (the first KEPT found) and `differs` are in the family's own terms
    (Sudoku: symbols and cell indices; arithmetic: filled rows and (row, column) pairs);
    `count` is every one found, up to `limit`."""

    count: int
    limit: int
    solutions: tuple = ()
    differs: tuple = ()
    clashes: tuple = ()  # Sudoku: pairs of equal givens in one unit
    stopped: bool = False  # the count is a lower bound: `stop` ended the search
    nodes: int = 0  # search effort, where a family reports it (ナンクロ)

    @property
    def unique(self) -> bool:
        """Exactly one solution: proven only by a finished count that looked for two."""
        return self.count == 1 and self.limit >= 2 and not self.stopped

    @property
    def solution(self):
        return self.solutions[0] if self.solutions else None
