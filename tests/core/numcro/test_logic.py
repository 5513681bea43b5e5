"""Solving as a person does: every step is sound (its letters are the unique answer's), a
puzzle the steps finish is unique, and the level follows the steps that need crossing
entries at once."""

import random
from dataclasses import replace

import pytest

from core.numcro import count, parse
from core.numcro.generator import Options, generate, to_level
from core.numcro.logic import CROSSING, ONLY_WORD, WHAT_IF, Logic, level, solve
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
    assert level(True, 0, 1) == level(True, 1, 1) == "hard"  # a what-if is hard


# A 3x4 codeword: entries 1-2-3-4 and 7-8-9-10 across, 1-5-7 and 3-6-9 down. No entry alone
# and no crossing of entries decides a letter: 9 may be E or J. With 9=E, 7-8-9-10 must be
# BGEH, so 7=B, 1-5-7 is DCB and 1=D: 1-2-3-4 would need DEFC, but E is taken.
CODEWORD = "lang: en\n 1 2 3 4\n 5 ■ 6 ■\n 7 8 9 10\n"
BY_LETTER = "BEH BGDC BGEH BHGI CHE DCB DEFC DIJ FCE GJE HAJF JDCA JFH"
BY_WORD = "BDJ BGHI BHAF CFGB CGA CHG HAC HDCJ JDB JECI"  # 1-2-3-4 has three words left


def without_what_if(puzzle, words, monkeypatch):
    with monkeypatch.context() as patched:
        patched.setattr(Logic, "what_if", lambda self: None)
        return solve(puzzle, words)


@pytest.mark.parametrize(("words", "first"), [
    (BY_LETTER, "9 = J: with E, across r1c1 (1-2-3-4) would have no word left"),
    (BY_WORD, "across r1c1 (1-2-3-4): JECI, so 1=J, 2=E, 3=C, 4=I: with BGHI or HDCJ, "
              "across r3c1 (7-8-9-10) would have no word left")])
def test_only_a_what_if_finishes(words, first, monkeypatch):
    """A letter (or a word) tried out and refuted finishes a grid the other steps cannot
    start: the level is hard, and the answer is the one the counter finds."""
    words = WordSets.from_words((w, FILL) for w in words.split())
    puzzle = parse(CODEWORD)
    answers = count(puzzle, words, limit=10).solutions
    assert len(answers) == 1
    assert not without_what_if(puzzle, words, monkeypatch).complete
    solved = solve(puzzle, words)
    assert solved.complete and solved.letters == answers[0]
    assert [s.kind for s in solved.steps][0] == WHAT_IF and solved.used(WHAT_IF) == 1
    assert solved.steps[0].text == first
    assert solved.level == "hard"


def test_steps_that_fix_every_number_of_a_grid_without_answer_do_not_finish_it():
    """ADA and DEB leave down 1-4-5 as AEB, no word: the steps fixed every number, yet the
    grid has no answer, so it is not finished (a finished grid is the unique answer)."""
    words = WordSets.from_words((w, FILL) for w in ("ADA", "AFD", "DEB"))
    puzzle = parse("lang: en\n 1 2 1\n 3 ■ 4\n 2 4 5\n")
    solved = solve(puzzle, words)
    assert len(solved.letters) == 5 and count(puzzle, words).count == 0
    assert not solved.complete and solved.level == "expert"


GRIDS = ("lang: en\n 1 2 3\n 4 ■ 5\n 6 7 8\n", CODEWORD, "lang: en\n 1 2 3\n 4 5 6\n 7 8 9\n",
         "lang: en\n 1 2 1\n 3 ■ 4\n 2 4 5\n")


def test_every_step_is_sound_against_a_brute_force():
    """On small grids and random dictionaries (most holding an answer), every letter the
    steps fix is every answer's, and a grid they finish has exactly one answer."""
    rng = random.Random(5)
    tried_out = finished = 0
    for _ in range(1500):
        puzzle = parse(rng.choice(GRIDS))
        numbers = puzzle.numbers()
        alphabet = "ABCDEFGHIJK"[:len(numbers) + rng.randint(0, 2)]
        answer = dict(zip(numbers, rng.sample(alphabet, len(numbers)), strict=True))
        chosen = {"".join(answer[n] for n in e.numbers) for e in puzzle.entries()
                  } if rng.random() < 0.8 else set()
        lengths = sorted({len(e.numbers) for e in puzzle.entries()})
        for _ in range(rng.randint(2, 16)):
            chosen.add("".join(rng.choice(alphabet) for _ in range(rng.choice(lengths))))
        words = WordSets.from_words((w, FILL) for w in chosen)
        answers = count(puzzle, words, limit=1000).solutions
        solved = solve(puzzle, words)
        assert all(dict(a)[n] == letter for a in answers for n, letter in solved.letters)
        assert not solved.complete or len(answers) == 1
        tried_out += solved.used(WHAT_IF) > 0
        finished += solved.complete
    assert tried_out > 30 and finished > 300  # the cases exercise the steps


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
    for given in easy.puzzle.givens:  # each letter given is one an easy solve needs
        fewer = replace(easy.puzzle, givens=tuple(g for g in easy.puzzle.givens if g != given))
        assert solve(fewer, japanese).level != "easy"
