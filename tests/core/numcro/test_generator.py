import dataclasses
import random
import re

import pytest

from core.numcro import count
from core.numcro.family import NUMCRO
from core.numcro.generator import Options, acceptable, block_pattern, generate, own_words, runs
from core.numcro.logic import WHAT_IF, solve
from core.numcro.wordsets import WordSets
from core.symmetry import orbits
from dictionaries.importers import common_english
from dictionaries.normalize import normalize
from dictionaries.store import CHECK, FILL


@pytest.fixture(scope="module")
def english():
    """Common English words fill; every wordfreq word of the top 50k checks."""
    from wordfreq import top_n_list

    fill = {normalize(w, "en")[0] for w, _, _ in common_english()} - {None}
    check = {normalize(w, "en")[0] for w in top_n_list("en", 50_000)} - {None}
    return WordSets.from_words([*((w, CHECK) for w in check), *((w, FILL) for w in fill)])


@pytest.fixture(scope="module")
def japanese():
    """wordfreq's kana words: not fit for real puzzles (fragments), fine for the mechanism."""
    from wordfreq import top_n_list

    words = {normalize(w, "ja")[0] for w in top_n_list("ja", 100_000)} - {None}
    return WordSets.from_words((w, FILL) for w in words)


def words_of(puzzle, solution):
    letters = dict(solution)
    return ["".join(letters[n] for n in e.numbers) for e in puzzle.entries()]


def assert_well_made(made, words, symmetry):
    puzzle, solution = made.puzzle, made.solution
    size = puzzle.width
    entries = words_of(puzzle, solution)
    assert len(entries) == len(set(entries)), "a word used twice"
    for word in entries:
        length = words.length(len(word))
        assert word in {length.words[i] for i in range(len(length.words))
                        if length.tiers[i] == FILL}, word
    blocks = [c == 0 for c in puzzle.cells]
    for orbit in orbits(size, symmetry):
        assert len({blocks[c] for c in orbit}) == 1
    result = count(puzzle, words)
    assert result.unique and result.solution == solution
    assert len(set(dict(solution).values())) == len(solution)  # numbers: distinct letters
    # a person finishes it without trial and error, and the clean-up left no given above
    # the fewest printed (2, or 3 from 13x13) that they would finish it without
    assert made.solved.without_trial
    fewest = Options(size=size, lang=puzzle.lang).given_range[0]
    for n, _ in puzzle.givens if len(puzzle.givens) > fewest else ():
        rest = tuple(g for g in puzzle.givens if g[0] != n)
        assert not solve(dataclasses.replace(puzzle, givens=rest), words).without_trial


@pytest.mark.parametrize("size, seed", [(9, 1), (11, 2), (13, 3)])
def test_english_codewords_are_unique_and_well_made(english, size, seed):
    made = generate(Options(size=size, lang="en", symmetry="rot180"), english, english,
                    random.Random(seed))
    assert_well_made(made, english, "rot180")
    assert made.level in ("easy", "medium", "hard", "expert")


@pytest.mark.parametrize("seed", [1, 2])
def test_japanese_grids_are_unique_and_well_made(japanese, seed):
    made = generate(Options(size=9, lang="ja", symmetry="rot90"), japanese, japanese,
                    random.Random(seed))
    assert_well_made(made, japanese, "rot90")


@pytest.mark.parametrize("seed", range(6))
def test_japanese_block_patterns_follow_the_rules(seed):
    size, longest = 11, 6
    blocks = None
    rng = random.Random(seed)
    while blocks is None:
        blocks = block_pattern(size, "rot180", "ja", longest, rng)
    assert acceptable(list(blocks), size, "ja")  # connected, covered, no blocks side by side
    assert max(len(run) for run in runs(list(blocks), size)) <= longest
    for i, block in enumerate(blocks):
        assert block == blocks[size * size - 1 - i]


@pytest.mark.parametrize(("lang", "size", "seed"), [
    ("en", 9, 1), ("en", 11, 2), ("en", 13, 3), ("ja", 9, 1), ("ja", 11, 2)])
def test_by_default_a_few_givens_and_no_trial_and_error(english, japanese, lang, size, seed):
    """What a publisher prints: 2-4 letters given up to 11x11 (3-5 on 13x13), and a person
    finishes it with no letter tried out."""
    words = english if lang == "en" else japanese
    options = Options(size=size, lang=lang)
    made = generate(options, words, words, random.Random(seed))
    low, high = (2, 4) if size <= 11 else (3, 5)
    assert options.given_range == (low, high)
    assert low <= len(made.puzzle.givens) <= high
    assert made.solved.complete and made.solved.used(WHAT_IF) == 0
    assert made.solved.letters == made.solution
    assert count(made.puzzle, words).unique


def test_the_givens_asked_for(english):
    made = generate(Options(size=13, lang="en", givens=(5, 6)), english, english,
                    random.Random(3))
    assert 5 <= len(made.puzzle.givens) <= 6
    assert count(made.puzzle, english).unique


def test_a_level_asked_for_may_need_more_givens_than_printed():
    assert Options(size=11, level="easy").given_range == (2, 81)
    assert Options(size=11, lang="en", level="expert").given_range == (2, 26)
    assert Options(size=11, no_hints=True).given_range == (0, 0)
    assert Options(size=11, givens=(3, 3), level="easy").given_range == (3, 3)
    starters = (("pangram", ""), ("starters", "2-3"))
    assert Options(size=13, lang="en", house=starters).given_range == (2, 3)


@pytest.mark.parametrize(("options", "said"), [
    ({"givens": (4, 2)}, "--givens 4-2? a range such as 2-4"),
    ({"givens": (2, 4), "no_hints": True}, "--givens 2-4 and --no-hints: both say"),
    ({"givens": (2, 4), "lang": "en", "house": (("starters", "2-3"),)},
     "--givens 2-4 and --starters: both say"),
])
def test_givens_that_contradict_are_refused(options, said):
    with pytest.raises(ValueError, match=re.escape(said)):
        Options(**options)
    Options(**{**options, "givens": None})  # each alone is fine


def test_the_same_seed_makes_the_same_puzzle(english):
    made = [generate(Options(size=9, lang="en"), english, english, random.Random(7))
            for _ in range(2)]
    assert made[0] == made[1]


def test_an_authors_own_words_fill_the_grid(english):
    from wordfreq import top_n_list

    mine = sorted({normalize(w, "en")[0] for w in top_n_list("en", 3000)} - {None})
    fill, check = own_words(mine)
    made = generate(Options(size=9, lang="en"), fill, check, random.Random(1))
    assert set(words_of(made.puzzle, made.solution)) <= set(mine)
    assert count(made.puzzle, check).unique


def test_an_authors_block_pattern_is_kept(english):
    blocks = None
    rng = random.Random(4)
    while blocks is None:
        blocks = block_pattern(9, "vertical", "en", 8, rng)
    made = generate(Options(size=9, lang="en", blocks=blocks), english, english,
                    random.Random(5))
    assert tuple(c == 0 for c in made.puzzle.cells) == blocks
    full = NUMCRO.filled(made.puzzle, made.solution)
    assert count(full, english).unique


def test_bad_options_are_refused():
    with pytest.raises(ValueError, match="sizes 4 to 25"):
        Options(size=2)
    with pytest.raises(ValueError, match="unknown language"):
        Options(lang="fr")
    with pytest.raises(ValueError, match="10 cells, a 9x9 grid 81"):
        Options(size=9, blocks=(True,) * 10)


def test_english_pangram_codeword_with_two_or_three_starters(english):
    from core.numcro.rules import broken

    house = (("pangram", ""), ("starters", "2-3"))
    made = generate(Options(size=13, lang="en", house=house, seconds=60), english, english,
                    random.Random(1))
    assert len(set(dict(made.solution).values())) == 26
    assert 2 <= len(made.puzzle.givens) <= 3 and made.puzzle.house == house
    assert broken(made.puzzle, made.solution) == []
    assert count(made.puzzle, english).unique
