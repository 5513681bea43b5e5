"""One rating story: a 9x9 Sudoku's score, level, hardest step and walkthrough are Sudoku
Explainer's; other sizes say the workbench scale; levels are bands of the score."""

from pathlib import Path

import pytest

from core.sudoku import count, parse, rate
from core.sudoku.authoring import boards_before
from core.sudoku.explainer import explain
from core.sudoku.logic import technique_of
from core.sudoku.rating import LEVEL_BANDS, LEVELS, level_of_score, score_range
from tests.core.sudoku.helpers import se_sample

PUZZLES = Path(__file__).resolve().parents[3] / "puzzles" / "sudoku"

# r1c1.. from Sudoku Explainer's easiest band in the SE-rated sample (rated 2.5 there)
EASY = "570060003030005060601007000053000001000080000900000270000800402080100030200040019"


def test_the_score_is_sudoku_explainers_on_either_scale():
    for text, sukaku, classic in se_sample(40):
        puzzle = parse(text)
        assert rate(puzzle).score == sukaku, text
        assert rate(puzzle, scale="classic").score == classic, text


def test_the_hardest_step_is_the_one_the_rating_names():
    for text, sukaku, _ in se_sample(40):
        rating = rate(parse(text))
        at = rating.hardest_index()
        hardest = rating.steps[at]
        assert hardest.score == rating.score == sukaku
        assert hardest.technique == rating.hardest
        assert all(step.score <= hardest.score for step in rating.steps)
        assert all(step.score < hardest.score for step in rating.steps[:at])  # the first
        marked = [line for line in rating.walkthrough() if line.endswith("◀ hardest")]
        assert marked == [rating.walkthrough()[at]]
        assert f"{hardest.score:4.1f} {hardest.text}" in marked[0]


def test_level_is_the_band_of_the_score():
    assert [level_of_score(s) for s in (1.2, 2.0, 2.3, 3.4, 3.6, 4.4, 4.5, 6.2, 6.5, 9.0, 9.1,
                                         20.0)] == [
        "easy", "easy", "medium", "medium", "hard", "hard", "expert", "expert", "master",
        "master", "needs-guessing", "needs-guessing"]
    assert [score_range(level, 12.0) for level in LEVELS] == [
        (0.0, 2.0), (2.1, 3.4), (3.5, 4.4), (4.5, 6.2), (6.3, 9.0), (9.1, 12.0)]
    for text, _, _ in se_sample(60):
        rating = rate(parse(text))
        low, high = score_range(rating.level, 20.0)
        assert low <= rating.score <= high
    assert LEVELS == tuple(level for level, _ in LEVEL_BANDS)


def test_every_step_is_sound_and_the_boards_replay_sudoku_explainers():
    """No step places a wrong digit or removes the right one, and the boards the stepper
    shows are SE's own (its candidates after each step)."""
    for text, _, _ in se_sample(30):
        puzzle = parse(text)
        truth = count(puzzle).solution
        rating = rate(puzzle)
        assert rating.solved
        boards = boards_before(puzzle, rating.steps)
        for step, board in zip(rating.steps, boards, strict=True):
            for cell, v in step.placements:
                assert truth[cell] == v and board.values[cell] == 0, step.text
            for cell, v in step.eliminations:
                assert truth[cell] != v and board.candidates[cell] >> (v - 1) & 1, step.text
            assert step.placements or step.eliminations, step.text


def test_steps_say_what_they_see_then_what_they_conclude():
    rating = rate(parse(EASY))
    first = rating.steps[0]
    cell, v = first.placements[0]
    assert first.technique == "Hidden Single"
    assert first.text.startswith("Hidden Single: ")
    assert first.text.endswith(f", so r{cell // 9 + 1}c{cell % 9 + 1} = {v}")
    assert rating.summary().startswith(f"{rating.level}, SE {rating.score:.1f} "
                                       "(Sukaku Explainer scale), hardest: ")
    assert rating.as_dict() == {"score": rating.score, "level": rating.level,
                                "hardest": rating.hardest, "techniques": rating.techniques,
                                "scale": "sukaku"}
    assert sum(rating.techniques.values()) == len(rating.steps)


def test_the_classic_scale_is_named():
    rating = rate(parse(EASY), scale="classic")
    assert "SE 2.5 (Sudoku Explainer classic scale)" in rating.headline()
    first = rating.steps[0]  # a step's number names its scale too (the stepper shows it)
    assert rating.step_label(first) == (f"{first.technique} · SE {first.score:.1f} "
                                        "(Sudoku Explainer classic scale)")
    assert rating.score == explain(parse(EASY).givens, "classic").rating


def test_other_sizes_say_the_workbench_scale_never_se():
    for name in ("six_by_six.txt", "sixteen.txt"):
        rating = rate(parse((PUZZLES / name).read_text()))
        assert rating.scale == "workbench"
        assert rating.score_text() == f"score {rating.score:.1f} (workbench scale)"
        assert rating.headline().startswith(f"{rating.level}, score {rating.score:.1f} "
                                            "(workbench scale), hardest: ")
        _never_se(rating)


def _never_se(rating):
    for said in (rating.summary(), *rating.walkthrough(), rating.step_label(rating.steps[0])):
        assert "SE" not in said and "Explainer" not in said and "sukaku" not in said


def test_se_codes_are_not_part_of_the_technique():
    assert technique_of("WXYZ-Wing 137") == "WXYZ-Wing"
    assert technique_of("Grouped Skyscraper 01") == "Grouped Skyscraper"
    assert technique_of("3-String Kite 1112 (Using 1 grouped strong link)") == "3-String Kite"
    assert technique_of("3 Strong links (including blocks) 2001 (Using 2 grouped strong "
                        "links)") == "3 Strong links (including blocks)"
    assert technique_of("Unique Rectangle type 2") == "Unique Rectangle type 2"
    assert technique_of("Dynamic Forcing Chains (+)") == "Dynamic Forcing Chains (+)"


def test_not_unique_cannot_be_rated():
    with pytest.raises(ValueError, match="not unique"):
        rate(parse("." * 81))
    with pytest.raises(ValueError, match="no solution"):
        rate(parse("11" + "." * 79))
