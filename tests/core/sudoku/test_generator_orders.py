"""The capped removal tests of big grids scan the cells in a random order for the branch: the
searches answer as the plain search does, and a 16x16 comes out unique and minimal."""

import random

import pytest

from core.search import fewest_candidates
from core.sudoku import count
from core.sudoku.generator import CellOrder, Options, make, random_solution
from core.sudoku.model import Puzzle, Shape, geometry
from core.sudoku.solver import initial_candidates, search_candidates

pytestmark = pytest.mark.usefixtures("engine")  # on both engines

SHAPE = Shape.of_size(16)


def test_a_cell_order_is_a_permutation_the_branch_follows():
    geo = geometry(SHAPE)
    solution = random_solution(SHAPE, random.Random(1))
    order = CellOrder.drawn(geo, [1 << (v - 1) for v in solution], random.Random(2))
    assert sorted(order.cells) == list(range(SHAPE.cells)) != list(order.cells)
    cand = [1 << (v - 1) for v in solution]
    two = [order.cells[-1], order.cells[5], order.cells[9]]  # three cells of two candidates
    for c in two:
        cand[c] |= 1 << (solution[c] % 16)
    assert fewest_candidates(cand) == min(two)
    assert fewest_candidates(cand, order.cells) == order.cells[5]


@pytest.mark.parametrize("seed", range(6))
def test_a_renumbered_search_answers_as_the_plain_one(seed):
    rng = random.Random(seed)
    geo = geometry(SHAPE)
    solution = random_solution(SHAPE, rng)
    bits = [1 << (v - 1) for v in solution]
    order = CellOrder.drawn(geo, bits, rng)
    givens = list(solution)
    for cell in rng.sample(range(SHAPE.cells), 140):
        givens[cell] = 0
    answers = set()
    for cell in [c for c, v in enumerate(givens) if v][:12]:
        # a second solution that differs in `cell`, searched both ways
        without = givens[:]
        without[cell] = 0
        cand = initial_candidates(Puzzle(SHAPE, tuple(without)))
        cand[cell] &= ~bits[cell]
        plain = bool(search_candidates(cand[:], geo, 1, prefer=bits))
        assert order.search(cand, None, 0) == plain
        answers.add(plain)
    assert answers == {True, False}  # both kinds of answer were checked


@pytest.mark.slow
def test_16x16_without_symmetry_is_unique_and_minimal():
    made = make(Options(size=16), random.Random(3))
    puzzle = made.puzzle
    assert made.minimal
    assert count(puzzle).unique
    for cell in (c for c, v in enumerate(puzzle.givens) if v):
        fewer = list(puzzle.givens)
        fewer[cell] = 0
        assert count(Puzzle(SHAPE, tuple(fewer))).count == 2, cell
