"""An independent brute-force counter (plain backtracking, no bit sets, no propagation) to check
the real solver against on small grids, and the Sudoku sets of tests/data."""

from core.sudoku import iter_puzzles
from core.sudoku.model import Puzzle
from tests import DATA


def brute_force_count(puzzle: Puzzle, limit: int = 1000) -> int:
    return len(brute_force_solutions(puzzle, limit))


def brute_force_solutions(puzzle: Puzzle, limit: int = 1000) -> list[tuple[int, ...]]:
    """The puzzle's solutions, up to `limit`, in the order plain backtracking meets them."""
    n, br, bc = puzzle.size, puzzle.shape.box_rows, puzzle.shape.box_cols
    grid = list(puzzle.givens)

    def ok(i: int, v: int) -> bool:
        r, c = divmod(i, n)
        top, left = r - r % br, c - c % bc
        for k in range(n):
            if grid[r * n + k] == v and k != c or grid[k * n + c] == v and k != r:
                return False
        for rr in range(top, top + br):
            for cc in range(left, left + bc):
                if (rr, cc) != (r, c) and grid[rr * n + cc] == v:
                    return False
        return True

    if any(v and not ok(i, v) for i, v in enumerate(grid)):
        return []
    empty = [i for i, v in enumerate(grid) if not v]
    found = []

    def fill(k: int) -> bool:
        if k == len(empty):
            found.append(tuple(grid))
            return len(found) >= limit
        i = empty[k]
        for v in range(1, n + 1):
            if ok(i, v):
                grid[i] = v
                if fill(k + 1):
                    return True
                grid[i] = 0
        return False

    fill(0)
    return found


def is_valid_solution(puzzle: Puzzle, solution) -> bool:
    from core.sudoku.model import geometry

    geo = geometry(puzzle.shape)
    full = set(range(1, puzzle.size + 1))
    return (all(g in (0, s) for g, s in zip(puzzle.givens, solution, strict=True))
            and all({solution[c] for c in unit} == full for unit in geo.units))


# the sets of tests/data/sudoku and their sizes: a file cut short fails, never checks nothing
SETS = {"clue17_sample.txt": 200, "forum_hardest_1106_sample.txt": 125,
        "forum_hardest_se11plus_sample.txt": 100, "top1465_sample.txt": 293}
SE_SAMPLE = 443


def sample(name: str, step: int = 1) -> list[Puzzle]:
    """Every `step`-th puzzle of a set of tests/data/sudoku."""
    items = list(iter_puzzles((DATA / "sudoku" / name).read_text()))
    assert len(items) == SETS[name], name
    return [p for _, p in items[::step]]


def se_sample(step: int = 1) -> list[tuple[str, float, float]]:
    """Every `step`-th puzzle of the SE-rated sample: (puzzle, sukaku rating, classic rating)."""
    rows = []
    for line in (DATA / "sudoku" / "se_sample.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            puzzle, classic, sukaku, _ = line.split()
            rows.append((puzzle, float(sukaku), float(classic)))
    assert len(rows) == SE_SAMPLE
    return rows[::step]
