"""Solving as a person does: every step is sound (its letters are the unique answer's), a
puzzle the steps finish is unique, and the level follows the steps that need crossing
entries at once."""

import random

import pytest

from core.numcro import count, parse
from core.numcro.generator import Options, generate, to_level
from core.numcro.logic import CROSSING, ONLY_WORD, level, solve
from core.numcro.wordsets import WordSets
from dictionaries.normalize import normalize
from dictionaries.store import FILL

GRID = "lang: ja\n 7 4 9 3 4\n 4 ■ 7 4 ■\n 7 7 ■ 7 5\n ■ 5 3 ■ 9\n 9 3 7 5 3\ngivens: 9:ト 7:キ\n"
WORDS = ("キントウン キン キキ キヨ ヨウ トウキヨウ キンキ キヨウ トキ ウキ ウンキ ヨトウ "
         "キユ ユウ トウキユウ キユウ ユトウ")


def test_a_small_grid_step_by_step():
    """Two answers with these words (ヨ and ユ): the steps fix what both share and stop."""
    words = WordSets.from_words((w, FILL) for w in WORDS.split())
    puzzle = parse(GRID)
    solved = solve(puzzle, words)
    answers = count(puzzle, words, limit=10).solutions
    assert len(answers) == 2 and not solved.complete
    assert all(dict(a)[n] == letter for a in answers for n, letter in solved.letters)
    assert solved.steps[0].kind == ONLY_WORD
    assert solved.steps[0].text == "across r1c1 (7-4-9-3-4): only キントウン fits, so 4=ン, 3=ウ"
    assert solved.level == "expert"


def test_levels():
    assert level(False, 0, 0) == "expert"
    assert [level(True, n, 0) for n in (0, 1, 2, 5)] == ["easy", "medium", "hard", "hard"]


@pytest.fixture(scope="module")
def japanese():
    from wordfreq import top_n_list

    words = {normalize(w, "ja")[0] for w in top_n_list("ja", 100_000)} - {None}
    return WordSets.from_words((w, FILL) for w in words)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_steps_are_sound_and_easy_means_no_crossing_step(japanese, seed):
    made = generate(Options(size=9, lang="ja", seconds=60), japanese, japanese,
                    random.Random(seed))
    answer = dict(made.solution)
    solved = made.solved
    assert all(answer[n] == letter for n, letter in solved.letters)
    if solved.complete:
        assert solved.letters == made.solution
    easy = to_level(made, japanese, "easy")
    assert easy.solved.level == "easy" and easy.solved.used(CROSSING) == 0
    assert count(easy.puzzle, japanese).unique
    assert set(made.puzzle.givens) <= set(easy.puzzle.givens)  # letters were only added
