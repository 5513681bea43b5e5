"""The workbench ladder (core.sudoku.ladder): the rater of the grids Sudoku Explainer does not
rate, tried here on 9x9 puzzles, where hard ones are known."""

from collections import Counter

import pytest

from core.sudoku import count, parse
from core.sudoku.ladder import (
    TECHNIQUE_NAMES,
    Board,
    chain_bonus,
    hidden_subset,
    level_of,
    rate_by_ladder,
    solvable_with,
    solve_logically,
    techniques_up_to,
)
from core.sudoku.rating import LEVELS
from tests.core.sudoku.helpers import sample, se_sample

# r1c1.. from Sudoku Explainer's easiest band in the SE-rated sample (rated 2.5 there)
EASY = "570060003030005060601007000053000001000080000900000270000800402080100030200040019"


def assert_sound(puzzle):
    """Replay the logical solution: no step places a wrong symbol or removes the right one."""
    truth = count(puzzle).solution
    result = solve_logically(puzzle)
    for step in result.steps:
        for cell, v in step.placements:
            assert truth[cell] == v, step.text
        for cell, v in step.eliminations:
            assert truth[cell] != v, step.text
    return result


def test_walkthrough_in_words():
    result = solve_logically(parse(EASY))
    assert result.solved
    first = result.steps[0]
    assert first.technique in ("full house", "hidden single", "naked single")
    cell, v = first.placements[0]
    assert first.text.startswith(f"r{cell // 9 + 1}c{cell % 9 + 1} = {v}: ")


def test_rating_of_an_easy_puzzle_is_on_the_workbench_scale():
    rating = rate_by_ladder(parse(EASY))
    assert rating.solved and rating.scale == "workbench"
    assert rating.level in ("easy", "medium")
    assert rating.score == max(step.score for step in rating.steps)
    assert sum(rating.techniques.values()) == len(rating.steps)
    assert "SE" not in rating.summary() and "Explainer" not in rating.summary()


def test_steps_are_sound_and_every_technique_is_used():
    used = Counter()
    for puzzle, _, _ in se_sample(2):
        result = assert_sound(parse(puzzle))
        assert result.solved
        used.update(step.technique for step in result.steps)
    # a hidden quad is nearly always found first as a naked subset: see the crafted test below
    families = {"pointing", "claiming"} | set(TECHNIQUE_NAMES)
    missing = families - {"locked candidates", "hidden quad"} - set(used)
    assert not missing, f"never used on the sample: {missing}"


def test_level_constraints_limit_the_techniques():
    """A level is the band of the hardest step's score: its techniques solve the puzzle and
    the level below's do not."""
    for text, se, _ in se_sample(20):
        puzzle = parse(text)
        level = level_of(puzzle)
        assert solvable_with(puzzle, techniques_up_to(level))
        if level != "easy":
            below = LEVELS[LEVELS.index(level) - 1]
            assert not solvable_with(puzzle, techniques_up_to(below)), (se, level)


def test_hard_puzzles_are_solved_or_said_to_need_guessing():
    for puzzle in sample("top1465_sample.txt", 8):
        result = assert_sound(puzzle)
        assert result.solved or not all(result.values)


@pytest.mark.slow
def test_logic_is_never_wrong_on_the_top1465_sample():
    for puzzle in sample("top1465_sample.txt"):
        assert_sound(puzzle)


def test_chain_length_bonus_grows_slowly():
    assert [chain_bonus(n) for n in (4, 5, 7, 9, 13, 17)] == [0, 0.1, 0.2, 0.3, 0.4, 0.5]


def test_board_starts_with_candidates_from_the_givens():
    board = Board(parse(EASY))
    assert board.cands[0] == 0  # a given
    assert not board.cands[2] & (1 << 4)  # r1c3 sees the 5 of r1c1


def test_hidden_quad_on_a_crafted_row():
    board = Board(parse("." * 81))
    quad = 0b1111  # symbols 1-4 fit only in r1c1-r1c4
    for c in range(4, 9):
        board.cands[c] &= ~quad
    step = hidden_subset(4, 5.4)(board)
    assert step.technique == "hidden quad"
    assert set(step.eliminations) == {(c, v) for c in range(4) for v in range(5, 10)}
    assert "1234 fit only in r1c1, r1c2, r1c3, r1c4 in row 1" in step.text


def test_chains_have_the_shape_their_name_says():
    """X-chains stay on one symbol; XY-chains' strong links stay inside bivalue cells."""
    seen = set()
    for puzzle in sample("top1465_sample.txt", 10):
        for step in solve_logically(puzzle).steps:
            if step.technique not in ("X-chain", "XY-chain"):
                continue
            seen.add(step.technique)
            chain = step.text.split(": ")[1]
            links = chain.replace(" = ", " =").replace(" - ", " -").split(" ")
            nodes = [link.lstrip("=-") for link in links]
            if step.technique == "X-chain":
                assert len({node[0] for node in nodes}) == 1, step.text
            else:
                for i in range(0, len(nodes) - 1, 2):
                    assert nodes[i][1:] == nodes[i + 1][1:], step.text
    assert seen == {"X-chain", "XY-chain"}
