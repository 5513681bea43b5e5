"""The workbench's own ladder of human techniques, for the grids Sudoku Explainer does not
rate (every size but 9x9): techniques in order of difficulty, each step recorded in words,
and a rating on the workbench scale from the hardest step (core.sudoku.logic.rate chooses).

The board keeps a candidate bit set per empty cell (bit v-1 for symbol v; 0 once solved).
Each technique looks at the board and returns one Step (placements and/or eliminations) or None.
Singles, locked candidates and subsets are core.sudoku.human' (shared with the variants
logic) on the rows, columns and boxes; the fish, wings and chains are the ladder's own.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache, partial
from itertools import combinations

from core.search import bits
from core.sudoku import human
from core.sudoku.human import Candidates, Finder, House, digits, hidden_subset, naked_subset
from core.sudoku.model import SYMBOLS, Geometry, Puzzle, Shape, cell_name, geometry
from core.sudoku.rating import Rating, Step, said, score_range
from core.sudoku.solver import propagate

CHAIN_LIMIT = 24  # longest chain (in candidates) that the chain techniques look for


@cache
def houses_of(shape: Shape) -> tuple[House, ...]:
    """The rows, then the columns, then the boxes, by name (Geometry.units' order)."""
    geo = geometry(shape)
    return tuple(House(tuple(unit), geo.unit_name(u)) for u, unit in enumerate(geo.units))


class Board(Candidates):
    def __init__(self, puzzle: Puzzle):
        self.geo: Geometry = geometry(puzzle.shape)
        self.houses = self.groups = houses_of(puzzle.shape)
        self.n = n = puzzle.size
        # hidden singles: in the boxes (easier to scan) before the lines
        self.singles = ((self.houses[2 * n:], 1.2), (self.houses[:2 * n], 1.5))
        self.full = (1 << self.n) - 1
        self.values = list(puzzle.givens)
        self.cands = [0 if v else self.full for v in self.values]
        self._links: Links | None = None  # the chain techniques' links, until the next step
        for cell, v in enumerate(self.values):
            if v:
                self._clear_peers(cell, v)

    def _clear_peers(self, cell: int, v: int) -> None:
        mask = ~(1 << (v - 1))
        for p in self.geo.peers[cell]:
            self.cands[p] &= mask

    def place(self, cell: int, v: int) -> None:
        self.values[cell] = v
        self.cands[cell] = 0
        self._clear_peers(cell, v)

    def apply(self, step: Step) -> None:
        self._links = None
        for cell, v in step.placements:
            self.place(cell, v)
        for cell, v in step.eliminations:
            self.cands[cell] &= ~(1 << (v - 1))

    def open(self) -> list[int]:
        return self.cands  # 0 once placed already

    @property
    def broken(self) -> bool:
        return any(not m and not v for m, v in zip(self.cands, self.values, strict=True))

    def name(self, cell: int) -> str:
        return cell_name(cell, self.n)

    def sym(self, v: int) -> str:
        return SYMBOLS[v - 1]

    def said(self, eliminations) -> str:
        return said((), eliminations, self.n)

    def cells_with(self, cells, v: int) -> list[int]:
        bit = 1 << (v - 1)
        return [c for c in cells if self.cands[c] & bit]

    def links(self) -> Links:
        if self._links is None:
            self._links = Links(self)
        return self._links

    def sees(self, a: int, b: int) -> bool:
        ua, ub = self.geo.cell_units[a], self.geo.cell_units[b]
        return a != b and (ua[0] == ub[0] or ua[1] == ub[1] or ua[2] == ub[2])


def sym(v: int) -> str:
    return SYMBOLS[v - 1]


# --- singles -----------------------------------------------------------------------------------

def full_house(board: Board) -> Step | None:
    for u, unit in enumerate(board.geo.units):
        empty = [c for c in unit if not board.values[c]]
        if len(empty) == 1 and board.cands[empty[0]]:
            cell, v = empty[0], board.cands[empty[0]].bit_length()
            if board.cands[cell] == 1 << (v - 1):
                return Step("full house", 1.0, placements=((cell, v),),
                            text=f"{board.name(cell)} = {sym(v)}: full house in "
                                 f"{board.geo.unit_name(u)}")
    return None


def hidden_single(board: Board) -> Step | None:
    return human.hidden_single(board, board.singles)


naked_single = human.naked_single


# --- intersections and subsets -----------------------------------------------------------------

def locked_candidates(board: Board) -> Step | None:
    """Pointing (a box's candidates lie in one line) before claiming (a line's lie in one box)."""
    n, houses = board.n, board.houses
    return human.locked_candidates(board, (
        ("pointing", 2.6, houses[2 * n:], partial(_through, board, (0, 1))),
        ("claiming", 2.8, houses[:2 * n], partial(_through, board, (2,)))))


def _through(board: Board, kinds, house: House, cells: list[int]) -> Iterator[House]:
    """The house of each kind (0 row, 1 column, 2 box) that holds all of `cells`, but `house`."""
    cell_units = board.geo.cell_units
    for kind in kinds:
        target = {cell_units[c][kind] for c in cells}
        if len(target) == 1 and (other := board.houses[target.pop()]) is not house:
            yield other


FISH_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}


def fish(k: int, score: float) -> Finder:
    """k lines where a symbol's places fall in k cross lines: the cross lines lose it elsewhere."""
    def find(board: Board) -> Step | None:
        geo, n = board.geo, board.n
        for v in range(1, n + 1):
            for base_kind in (0, 1):
                cover_kind = 1 - base_kind
                lines = []
                for line in range(n):
                    cells = board.cells_with(geo.units[base_kind * n + line], v)
                    if 2 <= len(cells) <= k:
                        covers = frozenset(geo.cell_units[c][cover_kind] for c in cells)
                        lines.append((line, covers))
                for combo in combinations(lines, k):
                    covers = frozenset().union(*(cv for _, cv in combo))
                    if len(covers) != k:
                        continue
                    base = {base_kind * n + line for line, _ in combo}
                    elims = [(c, v) for t in covers for c in board.cells_with(geo.units[t], v)
                             if geo.cell_units[c][base_kind] not in base]
                    bases = ", ".join(geo.unit_name(b) for b in sorted(base))
                    crosses = ", ".join(geo.unit_name(t) for t in sorted(covers))
                    step = board.eliminate(FISH_NAMES[k], score, elims,
                                           f"{sym(v)} in {bases} lies in {crosses}")
                    if step:
                        return step
        return None
    return find


# --- wings -------------------------------------------------------------------------------------

def xy_wing(board: Board) -> Step | None:
    cands = board.cands
    pairs = [c for c, m in enumerate(cands) if m.bit_count() == 2]
    for pivot in pairs:
        pm = cands[pivot]
        wings = [c for c in pairs if c != pivot and board.sees(pivot, c)
                 and (cands[c] & pm).bit_count() == 1 and cands[c] != pm]
        for a, b in combinations(wings, 2):
            z = cands[a] & ~pm
            if z != cands[b] & ~pm or cands[a] & cands[b] & pm:
                continue
            step = _wing_step(board, "XY-Wing", 4.2, (pivot, a, b), z.bit_length(),
                              range(len(cands)), "one wing is")
            if step:
                return step
    return None


def xyz_wing(board: Board) -> Step | None:
    cands = board.cands
    for pivot, pm in enumerate(cands):
        if pm.bit_count() != 3:
            continue
        wings = [c for c in board.geo.peers[pivot] if cands[c].bit_count() == 2
                 and cands[c] & pm == cands[c]]
        for a, b in combinations(wings, 2):
            if cands[a] | cands[b] != pm:
                continue
            step = _wing_step(board, "XYZ-Wing", 4.4, (pivot, a, b),
                              (cands[a] & cands[b]).bit_length(), board.geo.peers[pivot],
                              "one of them is")
            if step:
                return step
    return None


def _wing_step(board: Board, technique: str, score: float, cells: tuple[int, int, int],
               v: int, among, said: str) -> Step | None:
    """A wing's step: `v` leaves the cells `among` that see both wings."""
    pivot, a, b = cells
    elims = [(c, v) for c in board.cells_with(among, v)
             if c not in (a, b) and board.sees(a, c) and board.sees(b, c)]
    return board.eliminate(technique, score, elims, f"pivot {board.name(pivot)} with wings "
                           f"{board.name(a)}, {board.name(b)}: {said} {sym(v)}")


def w_wing(board: Board) -> Step | None:
    """Two equal bivalue cells {x,y} joined by a strong link on x: one of them is y."""
    geo, cands = board.geo, board.cands
    pairs = [c for c, m in enumerate(cands) if m.bit_count() == 2]
    for a, b in combinations(pairs, 2):
        if cands[a] != cands[b] or board.sees(a, b):
            continue
        for x in digits(cands[a]):
            y = (cands[a] & ~(1 << (x - 1))).bit_length()
            for u, unit in enumerate(geo.units):
                link = board.cells_with(unit, x)
                if len(link) != 2 or a in link or b in link:
                    continue
                p, q = link
                if not ((board.sees(p, a) and board.sees(q, b))
                        or (board.sees(p, b) and board.sees(q, a))):
                    continue
                elims = [(c, y) for c in board.cells_with(geo.peers[a], y) if board.sees(b, c)]
                step = board.eliminate(
                    "W-Wing", 4.4, elims,
                    f"{board.name(a)} and {board.name(b)} hold {sym(x)}{sym(y)} and "
                    f"the {sym(x)}s of {geo.unit_name(u)} see them: one is {sym(y)}")
                if step:
                    return step
    return None


# --- chains ------------------------------------------------------------------------------------

def chain_bonus(length: int) -> float:
    """Sudoku Explainer's length bonus: 0.1 for each of 4, 6, 8, 12, 16, 24, ... exceeded."""
    bonus, limit, step = 0.0, 4, 0
    while length > limit:
        bonus += 0.1
        limit = limit + 2 if step < 2 else limit * 3 // 2 if step % 2 else limit * 4 // 3
        step += 1
    return round(bonus, 1)


@dataclass
class Links:
    """Candidates (node = cell * n + symbol - 1) with their strong and weak links, in bit sets."""

    board: Board
    present: int = 0
    strong: dict[int, int] = field(default_factory=dict)
    _weak: dict[int, int] = field(default_factory=dict)

    def __post_init__(self):
        b, n = self.board, self.board.n
        for cell, m in enumerate(b.cands):
            for v in digits(m):
                self.present |= 1 << (cell * n + v - 1)
            if m.bit_count() == 2:
                x, y = digits(m)
                self._link(cell * n + x - 1, cell * n + y - 1)
        for unit in b.geo.units:
            for v in range(1, n + 1):
                cells = b.cells_with(unit, v)
                if len(cells) == 2:
                    self._link(cells[0] * n + v - 1, cells[1] * n + v - 1)

    def _link(self, a: int, b: int) -> None:
        self.strong[a] = self.strong.get(a, 0) | 1 << b
        self.strong[b] = self.strong.get(b, 0) | 1 << a

    def weak(self, node: int) -> int:
        """Candidates that cannot be true together with `node`."""
        known = self._weak.get(node)
        if known is not None:
            return known
        b, n = self.board, self.board.n
        cell, v = divmod(node, n)
        same_cell = ((1 << n) - 1) << (cell * n)
        same_symbol = 0
        for p in b.geo.peers[cell]:
            same_symbol |= 1 << (p * n + v)
        self._weak[node] = result = (same_cell | same_symbol) & self.present & ~(1 << node)
        return result

    def node_text(self, node: int) -> str:
        cell, v = divmod(node, self.board.n)
        return f"{sym(v + 1)}{self.board.name(cell)}"


def _path(came_from: dict, start: int, end: int) -> list[int]:
    """Walk back from `end` (on) to the root `start` (off); links alternate on/off."""
    path, node, on = [end], end, True
    while on or node != start:
        node = came_from[(node, on)]
        on = not on
        path.append(node)
    return path[::-1]


def alternating_chain(board: Board, technique: str, base: float, strong_ok, weak_ok,
                      starts) -> Step | None:
    """The shortest alternating inference chain A = ... = Z (strong links at both ends) that
    eliminates something: one of A and Z is true, so a candidate weakly linked to both is false.
    `strong_ok(a, b)`/`weak_ok(a, b)` say which links the chain's kind may use."""
    links = board.links()
    best = None  # (length, path, eliminated)
    for start in starts(links):
        weak_start = links.weak(start)
        # breadth first: "on" nodes are true if `start` is false, "off" nodes then false
        on = [z for z in bits(links.strong.get(start, 0)) if strong_ok(start, z)]
        came_from = {(z, True): start for z in on}
        off_seen, on_seen = 1 << start, sum(1 << z for z in on)
        length = 2
        while on and length <= CHAIN_LIMIT and (best is None or length < best[0]):
            end = next((z for z in on if weak_start & links.weak(z)), None)
            if end is not None:
                best = (length, _path(came_from, start, end), weak_start & links.weak(end))
                break
            off = []
            for z in on:
                for y in bits(links.weak(z) & ~off_seen):
                    if weak_ok(z, y):
                        off_seen |= 1 << y
                        came_from[(y, False)] = z
                        off.append(y)
            on = []
            for y in off:
                for z in bits(links.strong.get(y, 0) & ~on_seen):
                    if strong_ok(y, z):
                        on_seen |= 1 << z
                        came_from[(z, True)] = y
                        on.append(z)
            length += 2
    if best is None:
        return None
    length, path, elim = best
    n = board.n
    eliminations = [(divmod(e, n)[0], divmod(e, n)[1] + 1) for e in bits(elim)]
    chain = " ".join(links.node_text(p) + (" =" if i % 2 == 0 else " -")
                     for i, p in enumerate(path))[:-2]
    return board.eliminate(technique, base + chain_bonus(len(path)), eliminations,
                           f"{chain}: one end is true")


def x_chain(board: Board) -> Step | None:
    n = board.n
    for v in range(n):
        step = alternating_chain(
            board, "X-chain", 6.5,
            strong_ok=lambda a, b, v=v: b % n == v, weak_ok=lambda a, b, v=v: b % n == v,
            starts=lambda links, v=v: [s for s in links.strong if s % n == v])
        if step:
            return step
    return None


def xy_chain(board: Board) -> Step | None:
    n, cands = board.n, board.cands

    def in_pair(node):
        return cands[node // n].bit_count() == 2

    # strong links only inside bivalue cells; weak links only between such cells
    return alternating_chain(
        board, "XY-chain", 6.6,
        strong_ok=lambda a, b: a // n == b // n and in_pair(b),
        weak_ok=lambda a, b: a // n != b // n and in_pair(b),
        starts=lambda links: [s for s in links.strong if in_pair(s)])


def aic(board: Board) -> Step | None:
    return alternating_chain(board, "AIC", 7.0, strong_ok=lambda a, b: True,
                             weak_ok=lambda a, b: True, starts=lambda links: list(links.strong))


def forcing_chain(board: Board) -> Step | None:
    """Contradiction: assume a candidate, follow naked and hidden singles; if the board breaks,
    the candidate is false. The shortest contradiction is reported."""
    geo = board.geo
    state = [m if m else 1 << (board.values[c] - 1) for c, m in enumerate(board.cands)]
    best = None
    order = sorted((c for c, m in enumerate(board.cands) if m),
                   key=lambda c: board.cands[c].bit_count())
    for cell in order:
        for v in digits(board.cands[cell]):
            trial = state[:]
            trial[cell] = 1 << (v - 1)
            if not propagate(trial, geo, [cell]):
                steps = sum(1 for a, b in zip(state, trial, strict=True)
                            if a != b and not b & (b - 1))
                if best is None or steps < best[0]:
                    best = (steps, cell, v)
    if best is None:
        return None
    steps, cell, v = best
    return board.eliminate("forcing chain", 7.5 + chain_bonus(steps), [(cell, v)],
                           f"{board.name(cell)} = {sym(v)} leads by singles to a contradiction "
                           f"after {steps} placements")


# Easiest first: the solver always takes the easiest step available. Each technique's score
# is Sudoku Explainer's for the same technique (the highest of its kinds; chains add their
# length bonus), so that the levels' bands (core.sudoku.logic) read the same on both scales.
TECHNIQUES: tuple[tuple[str, float, Finder], ...] = tuple(
    (name, score, find(score) if isinstance(find, partial) else find)  # a partial takes it
    for name, score, find in (
        ("full house", 1.0, full_house),
        ("hidden single", 1.5, hidden_single),  # 1.2 in a box
        ("naked single", 2.3, naked_single),
        ("locked candidates", 2.8, locked_candidates),  # pointing 2.6, claiming 2.8
        ("naked pair", 3.0, partial(naked_subset, 2)),
        ("X-Wing", 3.2, partial(fish, 2)),
        ("hidden pair", 3.4, partial(hidden_subset, 2)),
        ("naked triple", 3.6, partial(naked_subset, 3)),
        ("Swordfish", 3.8, partial(fish, 3)),
        ("hidden triple", 4.0, partial(hidden_subset, 3)),
        ("XY-Wing", 4.2, xy_wing),
        ("XYZ-Wing", 4.4, xyz_wing),
        ("W-Wing", 4.4, w_wing),
        ("naked quad", 5.0, partial(naked_subset, 4)),
        ("Jellyfish", 5.2, partial(fish, 4)),
        ("hidden quad", 5.4, partial(hidden_subset, 4)),
        ("X-chain", 6.5, x_chain),
        ("XY-chain", 6.6, xy_chain),
        ("AIC", 7.0, aic),
        ("forcing chain", 7.5, forcing_chain),
    ))
TECHNIQUE_NAMES = tuple(name for name, _, _ in TECHNIQUES)


def techniques_up_to(level: str) -> frozenset[str]:
    """The techniques a solver of this level knows: those whose score lies in its band or
    below."""
    _, top = score_range(level, math.inf)
    return frozenset(name for name, score, _ in TECHNIQUES if score <= top)


@dataclass
class LogicResult:
    steps: list[Step]
    values: list[int]  # the board when the solver stopped (0 = still empty)
    solved: bool


def solve_logically(puzzle: Puzzle, allowed: frozenset[str] | None = None,
                    stop: Callable[[], bool] | None = None) -> LogicResult:
    """Apply the easiest allowed technique again and again until solved or stuck."""
    board = Board(puzzle)
    finders = [find for name, _, find in TECHNIQUES if allowed is None or name in allowed]
    steps = human.solve(board, finders, stop)
    return LogicResult(steps, board.values, board.solved)


def solvable_with(puzzle: Puzzle, allowed: frozenset[str]) -> bool:
    """Solved to the end by these techniques (and so unique: every step was forced)."""
    return solve_logically(puzzle, allowed).solved


def rate_by_ladder(puzzle: Puzzle, stop: Callable[[], bool] | None = None) -> Rating:
    """The ladder's rating on the workbench scale: the hardest step's score, its band's level
    (needs-guessing where the ladder gets stuck), and every step."""
    result = solve_logically(puzzle, stop=stop)
    return human.rating(result.steps, result.solved, "workbench")


def level_of(puzzle: Puzzle, stop: Callable[[], bool] | None = None) -> str:
    """The ladder's level alone (no uniqueness check)."""
    return rate_by_ladder(puzzle, stop).level
