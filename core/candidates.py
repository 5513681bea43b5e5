"""True candidates: the digits each cell holds in some solution, and for each how many
solutions hold it, up to a cap the author sets (f-puzzles' "true candidates"; the Interactive
Sudoku Solver's "all possibilities" with its "candidate support").

Two phases, each exact:
1. One depth-first search over all solutions, as ISS's all possibilities: each solution met
   credits every candidate it holds (up to the cap), and a branch is left out once its
   propagated candidates are all at the cap already (every solution in it would credit
   nothing). No solution is met twice. A candidate under the cap at the end is held by
   exactly that many solutions; puzzles of few solutions end here.
2. When that search has met many solutions early (SWITCH_SOLUTIONS a unit of the cap by its
   SWITCH_NODES-th node: an open grid, where a depth-first search meets thousands of
   near-identical solutions), it stops, and each candidate still under the cap gets a search
   of its own, for up to `cap` solutions with that digit in that cell: its count is then
   exact, and each solution it finds credits the others' candidates too, once (solutions are
   remembered, so one found twice is never credited twice). A candidate already at the cap is
   never searched.
Each family's engine runs the searches (core/sudoku/solver.py, core/variants/engine.py, and
their C twins); this module keeps the tally, runs phase 2 and holds the result they share.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import log

from core.search import bits

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
    missing and a support low; `solutions`: the distinct solutions met (every solution when
    `exhaustive`, else a lower bound: the searches leave out solutions whose candidates are
    all at the cap); `nodes`: search nodes, the effort."""

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

    def pairs(self, shift: int = 0) -> list[list[list[int]]]:
        """For each cell, [digit, support] pairs, lowest digit first (the JSON shape); each
        digit as shown (held less `shift`: 1 on a grid of digits from 0)."""
        return [[[d - shift, s[d]] for d in sorted(s)] for s in self.support]

    @property
    def none(self) -> bool:
        """No solution at all (proven: the search ran to its end)."""
        return not self.partial and self.solutions == 0


SWITCH_NODES = 1024  # phase 1 decides at this node whether to go on ...
SWITCH_SOLUTIONS = 4  # ... to its end: unless it met this many solutions per unit of the cap


class Switched(Exception):
    """Phase 1 met many solutions early: phase 2 takes over."""


class Tally:
    """The candidates' support as searches find solutions: `credit` a solution, and ask
    `wanted` whether a branch's candidates still hold one under the cap."""

    def __init__(self, cells: int, cap: int):
        self.cap = check_support(cap)
        self.support: list[dict[int, int]] = [{} for _ in range(cells)]
        self.done = [0] * cells  # per cell, the digits at the cap, as a bit set
        self.solutions = 0  # solutions credited (each held a candidate under the cap)
        self.seen: set[tuple[int, ...]] = set()  # those, for phase 2 (from phase 1: early ones)
        self.skipped = False  # phase 1 left a branch out: `solutions` may be a lower bound
        self.switched = False  # phase 2 ran
        # phase 1's checkpoint (read here, so a test can move it)
        self.switch_at, self.switch_min = SWITCH_NODES, SWITCH_SOLUTIONS * self.cap
        self.remember = True  # credited solutions go into `seen` (phase 1 past its checkpoint: no)

    def credit(self, values: tuple[int, ...]) -> bool:
        """Credit a solution not credited before; whether it held a candidate under the cap
        (one that held none is not remembered: it never will)."""
        if values in self.seen:
            return False
        cap, done, fresh = self.cap, self.done, False
        for c, (v, held) in enumerate(zip(values, self.support, strict=True)):
            k = held.get(v, 0)
            if k < cap:
                fresh = True
                held[v] = k + 1
                if k + 1 == cap:
                    done[c] |= 1 << (v - 1)
        if fresh:
            self.solutions += 1
            if self.remember:
                self.seen.add(values)
        return fresh

    def wanted(self, cand: list[int]) -> bool:
        """Whether some cell's candidates hold a digit not yet at the cap."""
        if any(m & ~d for m, d in zip(cand, self.done, strict=True)):
            return True
        self.skipped = True
        return False

    def switch(self, nodes: int) -> None:
        """Phase 1's checkpoint, asked at every node: Switched at SWITCH_NODES when it has
        met SWITCH_SOLUTIONS solutions per unit of the cap; until then each solution is
        remembered (phase 2 must not credit it again), after it none is."""
        if nodes == self.switch_at:
            if self.solutions >= self.switch_min:
                self.switched = True
                raise Switched
            self.seen.clear()
            self.remember = False

    def load(self, counts, size: int, solutions: int, seen, skipped: bool,
             switched: bool) -> None:
        """Phase 1's answer from the compiled engine: `counts`, cell by cell, each digit's
        support (size numbers a cell, digit 1 first), and the solutions it remembered."""
        if len(counts) != len(self.support) * size:
            raise ValueError(f"support: {len(counts)} numbers for {len(self.support)} cells "
                             f"of {size} digits")
        for c, held in enumerate(self.support):
            for d in range(size):
                k = counts[c * size + d]
                if k:
                    held[d + 1] = k
                    if k >= self.cap:
                        self.done[c] |= 1 << d
        self.solutions, self.skipped, self.switched = solutions, skipped, switched
        self.seen = set(seen) if switched else set()

    def targeted(self, root: list[int], count_from, stop) -> tuple[int, bool]:
        """Phase 2: each candidate of the propagated `root` still under the cap, in reading
        order, lowest digit first: `count_from(cell, bit, prefer)` finds up to `cap`
        solutions with that digit there, trying first in each cell the digit of `prefer`
        (one not yet at the cap: solutions that credit new candidates come first, and fewer
        searches are left), as (solutions, nodes, stopped); each is credited. (nodes,
        stopped); `stop` is also asked before each search."""
        nodes = 0
        for c, m in enumerate(root):
            for d in bits(m):
                if self.support[c].get(d + 1, 0) >= self.cap:
                    continue
                if stop is not None and stop():
                    return nodes, True
                solutions, more, stopped = count_from(c, 1 << d, self.fresh(root))
                nodes += more
                for values in solutions:
                    self.credit(tuple(values))
                if stopped:
                    return nodes, True
        return nodes, False

    def fresh(self, root: list[int]) -> list[int]:
        """Per cell, the bit of its lowest candidate (of `root`) not yet at the cap (its
        lowest when all are; as good as the least supported, measured in nodes, and cheap)."""
        found = []
        for m, done in zip(root, self.done, strict=True):
            m = m & ~done or m
            found.append(m & -m)
        return found

    def result(self, partial: bool, nodes: int) -> TrueCandidates:
        # every solution was met when phase 1 ran to its end leaving nothing out, or when a
        # cell's candidates are all under the cap (each solution holds one of them, and
        # those were counted to the end)
        every = not partial and (not self.switched and not self.skipped or any(
            all(k < self.cap for k in held.values()) for held in self.support))
        return TrueCandidates(tuple(self.support), self.cap, partial, self.solutions, nodes,
                              every)


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
