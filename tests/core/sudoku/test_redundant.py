"""The givens that could go (check --json's `redundant`): each answer against a count of the
puzzle without that given, and the pass bounded by its stop (issue 29: a generated 25x25
searched for minutes in reading order)."""

import random

import pytest

from core import kinds
from core.sudoku import Puzzle, count
from core.sudoku.generator import Options, generate, redundant_givens
from tests.core.sudoku.helpers import brute_force_count

pytestmark = pytest.mark.usefixtures("engine")  # on both engines


def with_more_givens(size: int, seed: int, extra: int) -> tuple[Puzzle, tuple[int, ...]]:
    """A generated puzzle and `extra` more of its solution's cells: some givens can go."""
    puzzle, solution = generate(Options(size=size), random.Random(seed))
    rng = random.Random(seed)
    empty = [c for c, v in enumerate(puzzle.givens) if not v]
    shown = set(rng.sample(empty, extra))
    givens = tuple(solution[c] if c in shown else v for c, v in enumerate(puzzle.givens))
    return Puzzle(puzzle.shape, givens), solution


def without(puzzle: Puzzle, cell: int) -> Puzzle:
    return Puzzle(puzzle.shape, puzzle.givens[:cell] + (0,) + puzzle.givens[cell + 1:])


def givens_of(puzzle: Puzzle) -> list[int]:
    return [c for c, v in enumerate(puzzle.givens) if v]


@pytest.mark.parametrize("seed", [1, 2])
def test_9x9_against_a_brute_force(seed):
    puzzle, solution = with_more_givens(9, seed, 12)
    expected = tuple(c for c in givens_of(puzzle)
                     if brute_force_count(without(puzzle, c), 2) == 1)
    assert 0 < len(expected) < len(givens_of(puzzle))
    assert redundant_givens(puzzle, solution) == (expected, ())


def test_16x16_in_capped_passes_against_the_counter():
    """Node caps, new cell orders and the last uncapped pass decide every given of a 16x16
    (the counter, checked against a brute force elsewhere, says which can go)."""
    puzzle, solution = with_more_givens(16, 3, 30)
    found, undecided = redundant_givens(puzzle, solution)
    expected = tuple(c for c in givens_of(puzzle) if count(without(puzzle, c)).unique)
    assert undecided == () and found == expected and len(expected) >= 30


def test_a_stop_leaves_the_rest_undecided():
    puzzle, solution = with_more_givens(16, 3, 30)
    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) > 40

    found, undecided = redundant_givens(puzzle, solution, stop)
    expected = {c for c in givens_of(puzzle) if count(without(puzzle, c)).unique}
    assert undecided and set(found) <= expected
    assert set(found) | set(undecided) >= expected  # what it did say is right, none lost
    assert redundant_givens(puzzle, solution, lambda: True) == ((), tuple(givens_of(puzzle)))


def test_the_family_check_passes_its_budget_and_says_what_is_undecided():
    family = kinds.by_name("sudoku")
    puzzle, _ = with_more_givens(9, 1, 12)
    checked = family.check(puzzle, with_redundant=True)
    assert checked.count.unique and checked.redundant and checked.undecided == ()
    # the budget is asked before each given: none is decided (the count, fewer nodes than
    # a stop is asked after, has finished)
    stopped = family.check(puzzle, 2, None, with_redundant=True, seconds=1e-9)
    assert stopped.count.unique
    assert (stopped.redundant, stopped.undecided) == ((), tuple(givens_of(puzzle)))
