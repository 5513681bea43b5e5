"""Lines read off a filling, drawn as setters draw them: thermometers, arrows and today's line
constraints (whispers, renban, region-sum lines, palindromes, ...). A line runs through free
cells (no cell of another shape), steps to a touching cell, never crosses another line or
itself (two diagonal steps across one square) and never turns sharper than a right angle
(measured on cell centres: consecutive steps never point against each other). Each line is
found by a small random depth-first search that keeps a path only while its digits can still
keep the line's rule."""

from __future__ import annotations

from collections.abc import Callable

from core.variants import rules
from core.variants.kinds import LINES
from core.variants.model import Line, Variant

Path = tuple[int, ...]


def corners(a: int, b: int, n: int) -> tuple[int, ...]:
    """The other two cells of the square a diagonal step a-b crosses (none for a straight
    step)."""
    (ra, ca), (rb, cb) = divmod(a, n), divmod(b, n)
    return (ra * n + cb, rb * n + ca) if ra != rb and ca != cb else ()


class Room:
    """The cells the shapes drawn so far take, and their diagonal steps."""

    def __init__(self, n: int):
        self.n, self.cells, self.diagonals = n, set(), set()

    def start(self, rng) -> Path:
        """A free cell, at random, to start a line from (none when the grid is full)."""
        free = [c for c in range(self.n * self.n) if c not in self.cells]
        return (rng.choice(free),) if free else ()

    def fits(self, path) -> bool:
        """Can this line be drawn: free cells, each touching the last, no sharp turn, no
        diagonal step across another (drawn before, or of this line)?"""
        n = self.n
        if len(set(path)) != len(path) or self.cells & set(path):
            return False
        moves = [(b // n - a // n, b % n - a % n) for a, b in zip(path, path[1:], strict=False)]
        if any(max(abs(dr), abs(dc)) != 1 for dr, dc in moves):
            return False
        if any(r1 * r2 + c1 * c2 < 0 for (r1, c1), (r2, c2) in zip(moves, moves[1:],
                                                                   strict=False)):
            return False  # a turn of more than 90 degrees
        drawn = self.diagonals | _diagonals(path, n)
        return not any(frozenset(corners(a, b, n)) in drawn
                       for a, b in zip(path, path[1:], strict=False) if corners(a, b, n))

    def steps(self, path) -> list[int]:
        """The cells the line may step to from its last cell."""
        r, c = divmod(path[-1], self.n)
        return [x * self.n + y for x in (r - 1, r, r + 1) for y in (c - 1, c, c + 1)
                if 0 <= x < self.n and 0 <= y < self.n and self.fits((*path, x * self.n + y))]

    def take(self, line) -> None:
        self.cells.update(line)
        self.diagonals |= _diagonals(line, self.n)


def _diagonals(path, n: int) -> set[frozenset]:
    return {frozenset((a, b)) for a, b in zip(path, path[1:], strict=False) if corners(a, b, n)}


def grow(room: Room, rng, start: Path, ok: Callable[[Path], bool],
         done: Callable[[Path], bool], longest: int, both_ends: bool = False,
         nodes: int = 200) -> Path | None:
    """A line from `start` by a random depth-first search of at most `nodes` paths: each
    step adds a cell at the end (or, `both_ends`, one at each end), and a path is followed
    while it fits the room and ok(path); the first path that is done, up to `longest`."""
    budget = [nodes]

    def longer(path: Path) -> list[Path]:
        if not both_ends:
            return [(*path, x) for x in room.steps(path)]
        return [(a, *path, b) for a in room.steps(path[::-1]) for b in room.steps(path)
                if a != b and room.fits((a, *path, b))]

    def search(path: Path) -> Path | None:
        if done(path):
            return path
        budget[0] -= 1
        if budget[0] < 0 or len(path) + (2 if both_ends else 1) > longest:
            return None
        paths = [q for q in longer(path) if ok(q)]
        rng.shuffle(paths)
        for q in paths:
            found = search(q)
            if found is not None:
                return found
        return None

    return search(start) if start and room.fits(start) and ok(start) else None


def rising_path(solution, room: Room, rng) -> Path | None:
    """A thermometer: digits rise from its bulb, 3 to 6 cells."""
    for _ in range(30):
        length = rng.randint(3, 6)
        path = grow(room, rng, room.start(rng),
                    lambda p: solution[p[-1]] > solution[p[-2]] if len(p) > 1 else True,
                    lambda p, k=length: len(p) == k, length)
        if path:
            room.take(path)
            return path
    return None


# --- today's lines -----------------------------------------------------------------------

def could_keep(p: Variant, line: Line, solution, length: int) -> bool:
    """Can a line that starts (or, grown from its middle, is centred) like this one still
    keep its rule at `length` cells? (its record's `partial`; none: every part keeps it)"""
    partial = LINES[line.kind].partial
    if partial is None:
        return rules.line_holds(p, line, solution)
    return partial(p, line, solution, length)


def keeps(p: Variant, line: Line, solution) -> bool:
    """The line keeps its rule, and says something (its record's `telling`: a region-sum
    line crosses a border)."""
    telling = LINES[line.kind].telling
    return rules.line_holds(p, line, solution) and (telling is None or telling(p, line))


def line_of(p: Variant, kind: str, value: int, solution, room: Room, rng,
            shortest: int = 3, longest: int = 7) -> Line | None:
    """A line of this kind (a whisper's least difference `value`) that the filling keeps,
    `shortest` to `longest` cells, drawn in the room's free cells (None when none is found)."""
    n, record = p.size, LINES[kind]
    if record.longest is not None:  # (a renban of every digit would only say they differ)
        longest = min(longest, record.longest(n))
    if longest < shortest:
        return None
    for _ in range(40):
        length = rng.randint(shortest, longest)
        start = room.start(rng)
        if record.middle_out and length % 2 == 0 and start:
            beside = room.steps(start)
            if not beside:
                continue
            start = (start[0], rng.choice(beside))
        path = _line_path(p, Line(kind, start, value), solution, room, rng, length)
        if path:
            room.take(path)
            return Line(kind, path, value)
    return None


def _line_path(p: Variant, line: Line, solution, room: Room, rng, length: int) -> Path | None:
    """A path of `length` cells from the line's cells (its start, or its middle) that keeps
    the line's rule."""
    def ok(path: Path) -> bool:
        return could_keep(p, Line(line.kind, path, line.value), solution, length)

    def done(path: Path) -> bool:
        return len(path) == length and keeps(p, Line(line.kind, path, line.value), solution)

    return grow(room, rng, line.cells, ok, done, length,
                both_ends=LINES[line.kind].middle_out)
