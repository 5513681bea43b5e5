"""The answer of every family's `count`: solutions found up to a limit, and where two differ."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Count:
    """`solutions` and `differs` are in the family's own terms (Sudoku: symbols and cell
    indices; arithmetic: filled rows and (row, column) pairs)."""

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
