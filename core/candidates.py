"""True candidates: the digits each cell holds in some solution, and for each how many
solutions hold it, up to a cap the author sets (f-puzzles' "true candidates"; the Interactive
Sudoku Solver's "all possibilities" with its "candidate support").

One depth-first search over all solutions, so no solution is ever met twice: each solution
it finds credits every candidate it holds (up to the cap), and a branch is left out once its
propagated candidates are all at the cap already, as ISS does: every solution in it would
credit nothing. A candidate under the cap at the end is therefore held by exactly that many
solutions, and one at the cap by at least that many. Each family's engine runs the search
(core/sudoku/solver.py, core/variants/engine.py, and their C twins); this module keeps the
tally and the result they share.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import log

MAX_SUPPORT = 255  # ISS's own bound; a higher cap only asks for more solutions


def check_support(support) -> int:
    """The cap, checked: a whole number from 1 to MAX_SUPPORT (ValueError otherwise)."""
    if isinstance(support, bool) or not isinstance(support, int):
        raise ValueError(f"support {support!r}? a whole number from 1 to {MAX_SUPPORT}")
    if not 1 <= support <= MAX_SUPPORT:
        raise ValueError(f"support {support}? from 1 to {MAX_SUPPORT}")
    return support


@dataclass(frozen=True)
class TrueCandidates:
    """For each cell in reading order, digit -> solutions holding it (capped at `cap`; only
    digits some solution holds). `partial`: stopped before the end, so a digit may be
    missing and a support low; `solutions`: the solutions the search met (every solution
    when `exhaustive`, else a lower bound: branches whose candidates were all at the cap
    were left out); `nodes`: search nodes, the effort."""

    support: tuple[dict[int, int], ...]
    cap: int
    partial: bool = False
    solutions: int = 0
    nodes: int = 0
    exhaustive: bool = False  # `solutions` counts every solution (nothing left out, not stopped)

    def digits(self, cell: int) -> tuple[int, ...]:
        """The cell's true candidates, lowest first (found so far, when partial)."""
        return tuple(sorted(self.support[cell]))

    def single(self, cell: int) -> int | None:
        """The cell's digit when exactly one solution digit is possible there (every
        solution holds it); None when it has several or none, or the search was stopped
        (a stopped search cannot tell that a second digit is impossible)."""
        found = self.support[cell]
        if self.partial or len(found) != 1:
            return None
        return next(iter(found))

    def count(self, cell: int, digit: int) -> int:
        """Solutions holding `digit` at `cell`, capped (0: none, or none found yet)."""
        return self.support[cell].get(digit, 0)

    def pairs(self) -> list[list[list[int]]]:
        """For each cell, [digit, support] pairs, lowest digit first (the JSON shape)."""
        return [[[d, s[d]] for d in sorted(s)] for s in self.support]

    @property
    def none(self) -> bool:
        """No solution at all (proven: the search ran to its end)."""
        return not self.partial and self.solutions == 0


class Tally:
    """The candidates' support as a search finds solutions: `credit` a solution, and ask
    `wanted` whether a branch's candidates still hold one under the cap."""

    def __init__(self, cells: int, cap: int):
        self.cap = check_support(cap)
        self.support: list[dict[int, int]] = [{} for _ in range(cells)]
        self.done = [0] * cells  # per cell, the digits at the cap, as a bit set
        self.solutions = 0
        self.skipped = False  # a branch was left out: `solutions` is a lower bound

    def credit(self, values) -> None:
        self.solutions += 1
        cap, done = self.cap, self.done
        for c, (v, held) in enumerate(zip(values, self.support, strict=True)):
            k = held.get(v, 0)
            if k < cap:
                held[v] = k + 1
                if k + 1 == cap:
                    done[c] |= 1 << (v - 1)

    def wanted(self, cand: list[int]) -> bool:
        """Whether some cell's candidates hold a digit not yet at the cap."""
        if any(m & ~d for m, d in zip(cand, self.done, strict=True)):
            return True
        self.skipped = True
        return False

    def result(self, partial: bool, nodes: int) -> TrueCandidates:
        return TrueCandidates(tuple(self.support), self.cap, partial, self.solutions, nodes,
                              not partial and not self.skipped)


def from_counts(counts, cells: int, size: int, cap: int, solutions: int, nodes: int,
                partial: bool, skipped: bool) -> TrueCandidates:
    """The result of a compiled search: `counts` holds, cell by cell, each digit's support
    (size numbers a cell, digit 1 first)."""
    if len(counts) != cells * size:
        raise ValueError(f"support: {len(counts)} numbers for {cells} cells of {size} digits")
    support = tuple({d + 1: counts[c * size + d] for d in range(size) if counts[c * size + d]}
                    for c in range(cells))
    return TrueCandidates(support, cap, partial, solutions, nodes, not partial and not skipped)


def helpful_givens(found: TrueCandidates, most: int = 3) -> list[tuple[int, int, int]]:
    """Where a given would help the author of a puzzle with several solutions: (cell, digit,
    solutions it leaves, capped), best first. A digit only one solution holds makes the
    puzzle unique; otherwise the cells whose digits split the solutions most evenly come
    first (any digit there cuts the most), each offered with its least-held digit. Nothing
    from a stopped search (a digit it missed might be better)."""
    if found.partial:
        return []
    open_cells = [c for c, held in enumerate(found.support) if len(held) > 1]

    def rank(cell: int) -> tuple:
        counts = found.support[cell].values()
        total = sum(counts)
        evenness = -sum(k / total * log(k / total) for k in counts)
        return min(counts) != 1, -evenness, cell

    best = sorted(open_cells, key=rank)[:most]
    return [(c, d, found.support[c][d]) for c in best
            for d in [min(found.support[c], key=lambda d: (found.support[c][d], d))]]
