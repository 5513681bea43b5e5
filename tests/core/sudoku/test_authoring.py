import random
from pathlib import Path

import pytest

from core.sudoku import SYMBOLS, count, parse, rate
from core.sudoku.authoring import (
    boards_before,
    candidates,
    cells_named,
    making_unique,
    step_cells,
    symmetry_of,
)
from core.sudoku.model import Puzzle, Shape, geometry

pytestmark = pytest.mark.usefixtures("engine")  # on both engines

SAMPLE = Path(__file__).resolve().parents[3] / "puzzles" / "sudoku" / "hard_rot180.txt"


def test_pencil_marks_are_the_symbols_no_peer_given_rules_out():
    puzzle = parse(SAMPLE.read_text())
    geo = geometry(puzzle.shape)
    for cell, mask in enumerate(candidates(puzzle)):
        if puzzle.givens[cell]:
            assert mask == 0
            continue
        seen = {puzzle.givens[p] for p in geo.peers[cell]}
        assert {v for v in range(1, 10) if mask >> (v - 1) & 1} == set(range(1, 10)) - seen


def test_every_board_before_a_step_keeps_the_true_digit():
    puzzle = parse(SAMPLE.read_text())
    solution = count(puzzle).solution
    rating = rate(puzzle)
    boards = boards_before(puzzle, rating.steps)
    assert len(boards) == len(rating.steps) and boards[0].values == puzzle.givens
    for board, step in zip(boards, rating.steps, strict=True):
        for cell, v in enumerate(board.values):
            assert v in (0, solution[cell])
            assert v or board.candidates[cell] >> (solution[cell] - 1) & 1
        for cell, v in step.placements:
            assert solution[cell] == v and board.values[cell] == 0


def test_the_cells_a_step_names_before_its_conclusion():
    text = "X-Wing: 4 in r2c3, r2c8, r7c3 and r7c8, so r5c3 ≠ 4"
    assert cells_named(text, 9) == (11, 16, 56, 61)
    assert cells_named("r1c1 = 5: hidden single in box 1", 9) == ()


def test_a_steps_cells_are_its_named_cells_and_its_units_cells_with_the_digit():
    puzzle = parse(SAMPLE.read_text())
    rating = rate(puzzle)
    boards = boards_before(puzzle, rating.steps)
    geo = geometry(puzzle.shape)
    for step, board in zip(rating.steps, boards, strict=True):
        used = step_cells(step, board, puzzle.shape)
        if step.technique == "pointing":  # "4 in box 4 lies in row 4, so ..."
            box = geo.units[2 * 9 + 3]
            assert set(used) == {c for c in box if board.candidates[c] >> 3 & 1}
        if step.technique == "hidden single":
            assert step.placements[0][0] in used
        assert not {c for c, _ in step.eliminations} & set(used)


def test_suggested_givens_make_the_puzzle_unique_and_none_is_missed():
    """On 4x4 puzzles, against trying every single given."""
    rng = random.Random(5)
    shape = Shape(2, 2)
    checked = 0
    while checked < 25:
        solution = count(Puzzle(shape, tuple(rng.choice([0, 0, 0, rng.randint(1, 4)])
                                     for _ in range(16))), 1).solution
        if solution is None:
            continue
        puzzle = Puzzle(shape, tuple(v if rng.random() < 0.3 else 0 for v in solution))
        if count(puzzle).count < 2:
            continue
        checked += 1
        truth = set()
        for cell, v in enumerate(puzzle.givens):
            for symbol in range(1, 5) if not v else ():
                trial = list(puzzle.givens)
                trial[cell] = symbol
                if count(puzzle.with_givens(trial)).unique:
                    truth.add(((cell, symbol),))
        found = making_unique(puzzle)
        singles = {s for s in found if len(s) == 1}
        assert singles <= truth
        assert bool(found) == bool(truth) or any(len(s) > 1 for s in found)
        for added in found:
            trial = list(puzzle.givens)
            for cell, symbol in added:
                trial[cell] = symbol
            assert count(puzzle.with_givens(trial)).unique


def test_a_symmetric_puzzle_gets_symmetric_suggestions_first():
    puzzle = parse(SAMPLE.read_text())
    assert symmetry_of(puzzle) == "rot180"
    givens = list(puzzle.givens)
    first = next(c for c, v in enumerate(givens) if v)
    givens[first] = givens[80 - first] = 0
    looser = puzzle.with_givens(givens)
    found = making_unique(looser)
    assert found and len(found[0]) == 2
    (a, _), (b, _) = found[0]
    assert a + b == 80  # an orbit of the 180-degree turn
    assert all(SYMBOLS[v - 1] for _, v in found[0])
