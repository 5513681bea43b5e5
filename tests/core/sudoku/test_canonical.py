"""The minlex form against a brute force over every arrangement on small grids, and on 9x9:
every transformed copy of a puzzle has the same form, distinct puzzles have distinct forms."""

import random
from itertools import permutations, product

import pytest

from core.sudoku.canonical import minlex
from core.sudoku.generator import random_solution
from core.sudoku.model import Puzzle, Shape

pytestmark = pytest.mark.usefixtures("engine")  # on both engines

DIGITS = "0123456789"


def line_orders(size: int, width: int):
    """Every order of lines that keeps them in their groups of `width` (bands or stacks)."""
    groups = [list(range(g * width, (g + 1) * width)) for g in range(size // width)]
    for group_order in permutations(groups):
        for inner in product(*(list(permutations(g)) for g in group_order)):
            yield [line for part in inner for line in part]


def relabelled(grid: list[int]) -> str:
    labels, out = {}, []
    for v in grid:
        if v and v not in labels:
            labels[v] = len(labels) + 1
        out.append(DIGITS[labels[v]] if v else "0")
    return "".join(out)


def brute_force_minlex(puzzle: Puzzle) -> str:
    n, shape = puzzle.size, puzzle.shape
    rows = [puzzle.givens[r * n:(r + 1) * n] for r in range(n)]
    grids = [rows]
    if shape.box_rows == shape.box_cols:
        grids.append([tuple(column) for column in zip(*rows, strict=True)])
    best = None
    for grid in grids:
        for row_order in line_orders(n, shape.box_rows):
            for column_order in line_orders(n, shape.box_cols):
                form = relabelled([grid[r][c] for r in row_order for c in column_order])
                best = form if best is None or form < best else best
    return best


def random_puzzle(size: int, rng: random.Random, keep: float) -> Puzzle:
    shape = Shape.of_size(size)
    solution = random_solution(shape, rng)
    return Puzzle(shape, tuple(v if rng.random() < keep else 0 for v in solution))


def transformed(puzzle: Puzzle, rng: random.Random) -> Puzzle:
    """A random member of the puzzle's symmetry class."""
    n, shape = puzzle.size, puzzle.shape
    rows = [list(puzzle.givens[r * n:(r + 1) * n]) for r in range(n)]
    if shape.box_rows == shape.box_cols and rng.random() < 0.5:
        rows = [list(column) for column in zip(*rows, strict=True)]
    row_order = rng.choice(list(line_orders(n, shape.box_rows)))
    column_order = rng.choice(list(line_orders(n, shape.box_cols)))
    symbols = list(range(1, n + 1))
    rng.shuffle(symbols)
    return Puzzle(shape, tuple(symbols[rows[r][c] - 1] if rows[r][c] else 0
                               for r in row_order for c in column_order))


@pytest.mark.parametrize("size, keep", [(4, 0.3), (4, 0.6), (6, 0.3), (6, 0.5)])
def test_minlex_equals_the_brute_force_on_small_grids(size, keep):
    rng = random.Random(size * 100 + int(keep * 10))
    for _ in range(30 if size == 4 else 6):
        puzzle = random_puzzle(size, rng, keep)
        assert minlex(puzzle) == brute_force_minlex(puzzle)


def test_every_transformed_copy_has_the_same_form():
    rng = random.Random(5)
    for keep in (0.2, 0.3, 0.5):
        puzzle = random_puzzle(9, rng, keep)
        form = minlex(puzzle)
        assert all(minlex(transformed(puzzle, rng)) == form for _ in range(20))
        again = Puzzle(puzzle.shape, tuple(int(ch) for ch in form))
        assert minlex(again) == form  # the form is a member of the class
        # the same givens, relabelled: as many of each symbol, in some order
        counts = sorted(form.count(d) for d in DIGITS)
        assert counts == sorted(puzzle.givens.count(v) for v in range(10))


def test_distinct_puzzles_have_distinct_forms():
    rng = random.Random(9)
    puzzle = random_puzzle(9, rng, 0.35)
    other = list(puzzle.givens)
    cell = next(c for c, v in enumerate(other) if not v)
    other[cell] = 1 + (other[cell - 1] % 9 if other[cell - 1] else 0)
    forms = {minlex(puzzle), minlex(Puzzle(puzzle.shape, tuple(other)))}
    forms |= {minlex(random_puzzle(9, rng, 0.35)) for _ in range(10)}
    assert len(forms) == 12


def test_big_grids_are_refused():
    with pytest.raises(ValueError, match="minlex"):
        minlex(Puzzle(Shape.of_size(16), (0,) * 256))
