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


# --- as text: a grid of small grids, one a cell ---------------------------------------------

def grid_text(found: TrueCandidates, size: int, regions, givens, symbols: str) -> str:
    """The candidates as a picture: each cell a small grid holding its digits in their places
    (1 top left; `.` for a digit no solution holds there); a cell whose only candidate is
    known stands alone in its middle, in brackets when the search found it (not a given).
    Region borders drawn between cells of different regions (`regions`: one a cell)."""
    def cell(c: int) -> list[str]:
        lone = found.single(c)
        if lone is not None:
            mark = symbols[lone - 1] if givens[c] else f"({symbols[lone - 1]})"
            return centred(mark, size)
        return places(size, lambda d: symbols[d - 1] if d in found.support[c] else ".")
    return framed([cell(c) for c in range(size * size)], size, regions)


def support_text(found: TrueCandidates, size: int, regions) -> str:
    """Each candidate's support in its place: the number of solutions holding it (+ for 10
    or more), * at the cap (at least that many), `.` where no solution holds it."""
    def mark(c: int, d: int) -> str:
        k = found.support[c].get(d, 0)
        return "." if not k else "*" if k >= found.cap else str(k) if k < 10 else "+"
    return framed([places(size, lambda d, c=c: mark(c, d)) for c in range(size * size)],
                  size, regions)


def pictures(found: TrueCandidates, size: int, regions, givens, symbols: str,
             with_support: bool) -> str:
    """grid_text, and with `with_support` support_text under it, each under its heading."""
    text = grid_text(found, size, regions, givens, symbols)
    if not with_support:
        return text
    return (f"{text}\n\nsupport: solutions holding each candidate, * for {found.cap} or "
            f"more\n\n{support_text(found, size, regions)}")


def _side(size: int) -> int:
    return next(k for k in range(1, size + 1) if k * k >= size)


def places(size: int, mark) -> list[str]:
    """A cell's small grid: `mark(digit)` in each digit's place, rows of _side(size)."""
    k = _side(size)
    rows = -(-size // k)
    return ["".join(mark(d) if d <= size else " " for d in range(r * k + 1, r * k + k + 1))
            for r in range(rows)]


def centred(text: str, size: int) -> list[str]:
    k, rows = _side(size), -(-size // _side(size))
    width = max(k, len(text))
    return [text.center(width) if r == (rows - 1) // 2 else " " * width for r in range(rows)]


def framed(cells: list[list[str]], size: int, regions) -> str:
    """Cells (each a list of equal lines) in a grid; `|` and `-` where regions meet."""
    width = max(len(line) for lines in cells for line in lines)
    lines = []
    for r in range(size):
        row = [cells[r * size + c] for c in range(size)]
        if r:
            lines.append(_border(r, size, regions, width))
        for i in range(len(row[0])):
            text = ""
            for c, lines_ in enumerate(row):
                if c:
                    text += " | " if regions[r * size + c - 1] != regions[r * size + c] else "   "
                text += lines_[i].ljust(width)
            lines.append(text.rstrip())
    return "\n".join(lines)


def _border(r: int, size: int, regions, width: int) -> str:
    """The line between rows r-1 and r: dashes under cells whose region changes there, and
    at each gap a joint of the borders that meet in it."""
    def cut(c: int) -> bool:  # a border between (r-1, c) and (r, c)
        return regions[(r - 1) * size + c] != regions[r * size + c]

    def wall(row: int, c: int) -> bool:  # a border between (row, c-1) and (row, c)
        return regions[row * size + c - 1] != regions[row * size + c]
    text = ""
    for c in range(size):
        if c:
            left, right = cut(c - 1), cut(c)
            up, down = wall(r - 1, c), wall(r, c)
            joint = "+" if (up or down) and (left or right) else "|" if up or down else (
                "-" if left or right else " ")
            text += ("-" if left else " ") + joint + ("-" if right else " ")
        text += ("-" if cut(c) else " ") * width
    return text.rstrip()
