"""Big grids and budgets: the unavoidable sets the generator rejects removals with, the time
budget (the best unique puzzle so far, marked not minimal) and the progress it reports."""

import random

import pytest

from core.sudoku import count
from core.sudoku.generator import Options, cycles_by_cell, make, random_solution
from core.sudoku.model import Puzzle, Shape
from tests.core.sudoku.helpers import is_valid_solution

pytestmark = pytest.mark.usefixtures("engine")  # on both engines


@pytest.mark.parametrize("size", [6, 9, 16])
def test_each_cycle_is_an_unavoidable_set(size):
    shape = Shape.of_size(size)
    solution = random_solution(shape, random.Random(size))
    cycles = {cycle for per_cell in cycles_by_cell(solution, shape) for cycle in per_cell}
    assert cycles
    for cycle in cycles:
        # the cycle's cells come in pairs of one line each: swapping them is another grid
        swapped = list(solution)
        for a, b in zip(cycle[::2], cycle[1::2], strict=True):
            swapped[a], swapped[b] = solution[b], solution[a]
        assert swapped != list(solution)
        assert is_valid_solution(Puzzle(shape, (0,) * shape.cells), tuple(swapped))


def test_a_budget_returns_a_unique_puzzle_marked_not_minimal():
    # the budget ends after 40 removal tests (a time budget is the same stop; how fast the
    # engine is must not decide whether the puzzle is finished)
    seen = []
    made = make(Options(size=16, seconds=600), random.Random(3), stop=lambda: len(seen) >= 40,
                progress=lambda givens, elapsed: seen.append((givens, elapsed)))
    result = count(made.puzzle)
    assert result.unique and result.solution == made.solution
    assert not made.minimal
    givens = [g for g, _ in seen]
    assert givens == sorted(givens, reverse=True) and givens[-1] == made.puzzle.clue_count
    assert 40 <= len(seen) < 45


def test_16x16_without_a_budget_is_unique():
    made = make(Options(size=16, symmetry="rot180"), random.Random(2))
    assert count(made.puzzle).unique
    assert made.puzzle.clue_count < 0.5 * 256


@pytest.mark.parametrize("seconds", [0, -1, float("nan"), 10 ** 9])
def test_bad_budgets_are_refused(seconds):
    with pytest.raises(ValueError, match="--seconds"):
        Options(seconds=seconds)
