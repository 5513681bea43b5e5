"""The logic solver for 虫食算 and 覆面算 (core/arith/logic.py) and the rating on the
workbench arithmetic scale (core/arith/rating.py): steps in words, soundness against the
exact counter and a brute force, levels that order as asked."""

import random

import pytest

from core.arith import Options, count, generate, parse
from core.arith.alphametic import generate_alphametic
from core.arith.logic import CARRY, CASE_SPLIT, UNITS, solve
from core.arith.model import Rules
from core.arith.rating import LEVELS, level_of, rate
from tests import DATA
from tests.core.arith.soundness import case, check
from tests.core.arith.test_arith import brute_force

SAMPLES = ("long_division.txt", "long_multiplication.txt", "send_more_money.txt")


def test_send_more_money_step_by_step():
    solved = solve(parse("SEND+MORE=MONEY"))
    texts = [step.text for step in solved.steps]
    assert texts[0] == "S, M start a number, so not 0"
    assert texts[1].startswith("M = 1") and solved.steps[1].technique == CARRY
    assert solved.complete and solved.rows == ("9567", "1085", "10652")
    assert solved.steps[-1].technique == UNITS and solved.steps[-1].text.startswith("Y = 2")


def test_a_masked_multiplication_is_solved_cell_by_cell():
    puzzle = parse("  *2*\nx  *3\n-----\n  ***\n ***\n-----\n ****\n")
    truth = count(puzzle)
    solved = solve(puzzle)
    if truth.unique:
        assert not solved.complete or solved.rows == truth.solution
    assert all(" (" in step.text for step in solved.steps)  # each says why


def test_a_working_number_printed_on_the_dividends_line_is_one_digit_with_it():
    """Working 1 is the dividend's head and rest 1 the head of working 2: C and A stand on
    the 1s printed there, so both would be 1, and different letters cannot be."""
    puzzle = parse("19*0 / 2 = 950\nC9 - 18 = A\n1* - 10 = *\n\n")
    assert count(puzzle).count == 0
    solved = solve(puzzle)
    assert not solved.complete and "would both be 1" in solved.contradiction
    fixed = parse("19*0 / 2 = 950\nC9 - 18 = 1\n1* - 10 = *\n\n")
    assert solve(fixed).rows == count(fixed).solution


def test_the_rating_names_its_scale():
    rating = rate(parse("SEND+MORE=MONEY"))
    assert rating.level == "medium" and rating.hardest == "two columns"
    assert "score 2.5, workbench arithmetic scale" in rating.summary()
    assert rating.as_dict()["scale"] == "workbench arithmetic"
    assert rating.walkthrough()[0] == "  1. S, M start a number, so not 0"


def test_levels_cut_the_score():
    assert [level_of(s) for s in (1.0, 1.99, 2.0, 2.99, 3.0, 3.9, 4.0, 9.9)] == [
        "easy", "easy", "medium", "medium", "hard", "hard", "expert", "expert"]


@pytest.mark.parametrize("name", SAMPLES)
def test_every_sample_gets_a_level_and_steps(name):
    from pathlib import Path

    puzzle = parse((Path(__file__).parents[3] / "puzzles" / "arith" / name).read_text())
    rating = rate(puzzle)
    assert rating.level in LEVELS and len(rating.walkthrough()) > 5
    if rating.complete:
        assert solve(puzzle).rows == count(puzzle).solution


def test_the_shared_calculations_are_never_solved_wrong():
    """Every shared puzzle: where the steps finish, it is the one answer; where they find
    no answer, there is none; no answer's digit is ever ruled out."""
    folder = DATA / "arith" / "mushikuizan"
    texts = [f.read_text() for f in sorted(folder.glob("[MD]0[1-8]_*")) if "M02" not in f.name]
    lines = (DATA / "arith" / "alphametics.tsv").read_text().splitlines()[1:25]
    outcomes = [check(parse(text)) for text in [*texts, *(ln.split("\t")[-1] for ln in lines)]]
    assert outcomes.count("finished") >= 12 and outcomes.count("no answer") == 2


def test_steps_are_sound_on_random_small_calculations():
    """A few hundred random calculations of both kinds: the steps never rule out a digit of
    an answer, finish only a calculation of one answer (that answer), and find "no answer"
    only where there is none. The finished ones agree with a brute force too."""
    rng = random.Random(27)
    outcomes, brute = {}, 0
    for _ in range(300):
        puzzle = case(rng)
        outcome = check(puzzle)
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
        if outcome == "finished" and small(puzzle):
            assert brute_force(puzzle, 2) == 1, puzzle
            brute += 1
    assert outcomes["finished"] > 80 and outcomes["no answer"] > 3  # the cases exercise it
    assert brute > 20


def small(puzzle) -> bool:
    """Few enough blanks for the brute force, and none of the rules it leaves out."""
    blanks = sum(cells.count("*") for _, cells in puzzle.rows())
    return puzzle.op != "div" and blanks <= 3 and puzzle.rules == Rules()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_generated_easy_calculations_rate_easier_than_hard_ones(seed):
    made = {}
    for level in ("easy", "hard"):
        puzzle, _ = generate(Options(op="mul", digits=(3, 2), level=level),
                             random.Random(seed))
        made[level] = rate(puzzle)
        assert made[level].level == level and count(puzzle).unique
    assert made["easy"].score < made["hard"].score
    assert made["easy"].techniques.get(CASE_SPLIT, 0) == 0


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_generated_easy_alphametics_rate_easier_than_hard_ones(seed):
    words = ["SLEEP", "STEEL", "EVENTS", "THESE", "CHOSE", "HOTELS", "LEVEL", "LIVER",
             "GIGGLE", "SMITH", "TOOTH", "MONTHS", "SOLIDS", "REVERE", "RELIEF", "PEBBLE",
             "SPENT", "FEVER", "RIVER", "SHOOT", "VISION", "PLUGS", "BULLET", "SPELT"]
    # the seed decides the puzzle; the budget only caps the wall time, which load stretches
    made = {level: rate(generate_alphametic(3, random.Random(seed), words, 600, None, level))
            for level in ("easy", "hard")}
    assert made["easy"].level == "easy" and made["hard"].level == "hard"
    assert made["easy"].score < made["hard"].score
    assert made["easy"].techniques.get(CASE_SPLIT, 0) == 0


def test_an_easy_rating_never_has_a_case_split():
    """Whatever the calculation, a case split scores 3.0 or more: never easy."""
    rng = random.Random(5)
    for _ in range(150):
        puzzle = case(rng)
        if count(puzzle).unique:
            rating = rate(puzzle)
            assert rating.level != "easy" or CASE_SPLIT not in rating.techniques
