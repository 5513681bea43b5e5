"""An author's words put in the grid first (core/numcro/seeding.py): the board stays arc
consistent, the fill around them keeps them and every rule of a fill, and of the words that
fit a grid most are in it (it held 0-4 of 6-26 when they were only tried first)."""

import random
from collections import Counter
from pathlib import Path

import pytest

from core.numcro import count, generator, seeding
from core.numcro.generator import (
    Options,
    block_pattern,
    entries,
    entry_words,
    fill_around,
    generate,
    house_settings,
    shortfall,
)
from core.numcro.tailoring import word_list
from core.numcro.wordsets import FillOnly, Tailored, WordSets
from dictionaries.importers import common_english
from dictionaries.normalize import normalize
from dictionaries.store import CHECK, FILL

WORDS = Path(__file__).resolve().parents[3] / "puzzles" / "words"


def theme(name: str) -> tuple[str, ...]:
    return word_list((WORDS / f"{name}.txt").read_text(), name[-2:], "--prefer")


@pytest.fixture(scope="module")
def english():
    """Common English words fill; every wordfreq word of the top 50k checks."""
    from wordfreq import top_n_list

    fill = {normalize(w, "en")[0] for w, _, _ in common_english()} - {None}
    check = {normalize(w, "en")[0] for w in top_n_list("en", 50_000)} - {None}
    return WordSets.from_words([*((w, CHECK) for w in check), *((w, FILL) for w in fill)])


def with_own(words: WordSets, own) -> tuple[WordSets, WordSets]:
    """The fill words (the author's marked first) and the check words, as `generate` gets
    them from the family."""
    sets = Tailored(words, lambda word, marks: False, own)
    return FillOnly(sets), sets


def a_pattern(size, lang, seed):
    rng, blocks = random.Random(seed), None
    while blocks is None:
        blocks = block_pattern(size, "rot180", lang, 8 if lang == "en" else 6, rng)
    return blocks


def test_a_placed_word_leaves_its_crossings_only_words_that_agree(english):
    fill, _ = with_own(english, ())
    slots, crossing = entries(a_pattern(9, "en", 1), 9)
    board = seeding.Board(slots, crossing, fill)
    assert board.ok
    slot = max(slots, key=len)
    length = fill.length(len(slot))
    word = next(length.words[i] for i in seeding.members(board.domains[slot]))
    assert board.put(slot, word)
    for other in crossing[slot]:
        cell = (set(slot) & set(other)).pop()
        words = {fill.length(len(other)).words[i] for i in seeding.members(board.domains[other])}
        assert words and {w[other.index(cell)] for w in words} == {word[slot.index(cell)]}
        assert word not in words  # no word twice


def test_a_word_that_leaves_an_entry_no_word_is_refused():
    """A 3x3 square from CAT ARE TEN CAR ATE XYZ: CAT across leaves the first column only
    CAR (CAT is used), and no word starts the third row with R: an entry is emptied and the
    word refused. XYZ never fits (no word starts a column with X)."""
    words = WordSets.from_words((w, FILL) for w in ("CAT", "ARE", "TEN", "CAR", "ATE", "XYZ"))
    slots, crossing = entries((False,) * 9, 3)
    board = seeding.Board(slots, crossing, words)
    first_across = slots[0]
    assert board.ok and not board.domains[first_across] & board.bit("XYZ")
    assert not board.put(first_across, "CAT") and board.emptied in slots
    square = seeding.Board(slots, crossing, words)
    assert not square.put(first_across, "XYZ")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_fill_around_the_words_keeps_them_and_the_rules_of_a_fill(english, seed):
    own = list(theme("kitchen_en"))
    fill, _ = with_own(english, own)
    blocks = a_pattern(9, "en", seed)
    rules = house_settings(Options(size=9, lang="en"))
    letters, why = fill_around(blocks, 9, fill, random.Random(seed), own, rules)
    assert letters is not None and shortfall(letters, rules) == 0
    slots, _ = entries(blocks, 9)
    words = ["".join(letters[c] for c in slot) for slot in slots]
    assert len(words) == len(set(words)), "a word used twice"
    fills = {n: {fill.length(n).words[i] for i in seeding.members(fill.length(n).fill)}
             for n in {len(w) for w in words}}
    assert all(w in fills[len(w)] for w in words)
    placed = [w for w in own if w in words]
    assert sorted([*placed, *why]) == sorted(own)  # each word placed, or said why not
    lengths = Counter(map(len, slots))
    for word, reason in why.items():
        if reason == seeding.NO_ENTRY:
            assert len(word) not in lengths
        elif reason == seeding.ENTRIES_TAKEN:
            assert sum(len(w) == len(word) for w in words if w in own) == lengths[len(word)]


def placed_of_fitting(made, own) -> tuple[int, int]:
    words = entry_words(made.puzzle, made.solution)
    lengths = {len(w) for w in words}
    return sum(w in words for w in own), sum(len(w) in lengths for w in own)


def test_most_of_the_words_that_fit_are_in_the_grid(english):
    """Two themes (6 and 12 words), seeds 1-4, counted: of the words whose length the grid
    has, 41 of 56 are in it (pets 20 of 24, garden 21 of 32). Tried first in the fill order,
    25 of 56 were (14 of 24, 11 of 32)."""
    placed = fitting = 0
    for name in ("pets_en", "garden_en"):
        own = theme(name)
        fill, check = with_own(english, own)
        for seed in range(1, 5):
            made = generate(Options(size=9, lang="en", seconds=60), fill, check,
                            random.Random(seed))
            assert count(made.puzzle, check).unique
            got, fit = placed_of_fitting(made, own)
            placed, fitting = placed + got, fitting + fit
            missing = set(own) - set(entry_words(made.puzzle, made.solution))
            assert set(dict(made.own_unplaced)) >= missing  # each one said why
    assert placed * 3 > fitting * 2, (placed, fitting)


@pytest.fixture(scope="module")
def english_wide():
    """The common English fill, checked against wordfreq's top 200k: a grid around the
    author's words is then more often no puzzle (not unique with the letters given), as
    with the built-in dictionaries."""
    from wordfreq import top_n_list

    fill = {normalize(w, "en")[0] for w, _, _ in common_english()} - {None}
    check = {normalize(w, "en")[0] for w in top_n_list("en", 200_000)} - {None}
    return WordSets.from_words([*((w, CHECK) for w in check), *((w, FILL) for w in fill)])


def test_a_short_english_list_is_placed_again_on_fresh_patterns(english_wide):
    """Where the grid around the words is no puzzle, a short English list is placed on
    fresh patterns (its words moved, the pattern given up where they fail), not left to the
    plain fill, which only tries them first. Seeds 1-4, counted: 60 of the 132 words that
    fit (pets 18 of 24, garden 15 of 32, kitchen 27 of 76); one pattern around them, then
    the plain fill (7ca411e..e565c62): 52 (16, 12, 24)."""
    placed = fitting = 0
    for name in ("pets_en", "garden_en", "kitchen_en"):
        own = theme(name)
        fill, check = with_own(english_wide, own)
        for seed in range(1, 5):
            made = generate(Options(size=9, lang="en", seconds=60), fill, check,
                            random.Random(seed))
            got, fit = placed_of_fitting(made, own)
            placed, fitting = placed + got, fitting + fit
    assert placed >= 56, (placed, fitting)


def test_a_seed_makes_the_same_grid_around_the_same_words(english):
    own = theme("pets_en")
    fill, check = with_own(english, own)
    made = [generate(Options(size=9, lang="en", seconds=60), fill, check, random.Random(7))
            for _ in range(2)]
    assert made[0].puzzle == made[1].puzzle and made[0].own_unplaced == made[1].own_unplaced


@pytest.fixture(scope="module")
def japanese():
    """wordfreq's kana words (fragments, fine for the mechanism); Japanese grids keep the
    house rule that costs most around an author's words: every kana used twice."""
    from wordfreq import top_n_list

    words = {normalize(w, "ja")[0] for w in top_n_list("ja", 100_000)} - {None}
    return WordSets.from_words((w, FILL) for w in words)


@pytest.mark.parametrize("seed", [8, 10, 11])
def test_where_the_rules_on_letters_fail_around_many_words_the_plain_fill_follows_at_once(
        japanese, seed, monkeypatch):
    """Seeds where the fill around food_ja's words (more placed than MOVING_MOST) kept no
    house rule on letters: the plain fill completes the same pattern (around the words still
    placed, else from nothing) after one round of seeded fills, where 6 rounds of moving
    words gave the pattern up after up to 18 fills (the diary: 7 s median a puzzle, against
    0.4 s before words were placed first)."""
    own = list(theme("food_ja"))
    fill, _ = with_own(japanese, own)
    rules = house_settings(Options(size=9, lang="ja"))
    blocks = a_pattern(9, "ja", seed)
    fills = Counter()
    real_fill = generator.fill

    def counted(*args, **kwargs):
        fills["fill"] += 1
        return real_fill(*args, **kwargs)
    monkeypatch.setattr(generator, "fill", counted)
    letters, why = fill_around(blocks, 9, fill, random.Random(seed), own, rules)
    assert letters is not None and shortfall(letters, rules) == 0
    assert fills["fill"] <= generator.SEEDED_FILLS + 2
    slots, _ = entries(blocks, 9)
    words = ["".join(letters[c] for c in slot) for slot in slots]
    assert len(words) == len(set(words))
    assert sorted([*(w for w in own if w in words), *why]) == sorted(own)


def test_short_kana_words_are_placed_on_patterns_of_shorter_entries():
    """Under the rule that each kana is used twice, a word list whose words are all short
    (seasons_ja: 2 and 3 kana) is placed on patterns whose entries have at most
    SEEDED_LONGEST letters: around placed words, 5- and 6-kana entries crossing one another
    left no fill keeping the rule. A list with a 6-kana word, and English codewords (no
    such rule), keep the grid's longest entries."""
    ja, en = Options(size=9, lang="ja"), Options(size=9, lang="en")
    seasons = list(theme("seasons_ja"))
    assert generator.seeded_longest(ja, seasons, house_settings(ja)) == \
        generator.SEEDED_LONGEST < ja.longest
    assert generator.seeded_longest(ja, [*seasons, "ナツヤスミダ"], house_settings(ja)) == 6
    assert generator.seeded_longest(en, list(theme("pets_en")), house_settings(en)) == 8
    for seed in range(1, 6):
        blocks = generator.roomiest_pattern(ja, seasons, random.Random(seed),
                                            house_settings(ja))
        lengths = Counter(map(len, entries(blocks, 9)[0]))
        assert max(lengths) <= generator.SEEDED_LONGEST
        assert lengths[2] >= sum(len(w) == 2 for w in seasons)  # room for ハル ナツ アキ...


@pytest.mark.parametrize("seed", [4, 6])
def test_most_of_a_short_kana_list_is_held_with_each_kana_used_twice(japanese, seed):
    """seasons_ja (6 words) on the pattern drawn for them: the fill around the words keeps
    every kana used twice and holds 4 or more of the 6 (counted: 6 and 6). Before, on
    patterns with entries of up to 6 kana, these seeds gave no grid at all."""
    own = list(theme("seasons_ja"))
    fill, _ = with_own(japanese, own)
    options = Options(size=9, lang="ja")
    rules = house_settings(options)
    rng = random.Random(seed)
    blocks = generator.roomiest_pattern(options, own, rng, rules)
    letters, why = fill_around(blocks, 9, fill, rng, own, rules, most=generator.MOVING_MOST)
    assert letters is not None and shortfall(letters, rules) == 0
    slots, _ = entries(blocks, 9)
    words = ["".join(letters[c] for c in slot) for slot in slots]
    assert len(words) == len(set(words))
    placed = [w for w in own if w in words]
    assert len(placed) >= 4, (placed, why)
    assert sorted([*placed, *why]) == sorted(own)  # each word placed, or said why not


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_board_fill_keeps_each_kana_used_twice(japanese, seed):
    """Under the house rule the rule is part of the board fill's search: a full board it
    returns uses every kana at least twice (the fill before it ignored the rule and left
    8-18 uses short; the refills after it then failed around an author's words). The board
    as the author's words meet it: a pattern of short entries, words of the commonest kana."""
    fill, _ = with_own(japanese, ())
    options = Options(size=9, lang="ja")
    rules = house_settings(options)
    rng = random.Random(seed)
    slots, crossing = entries(generator.roomiest_pattern(options, list(theme("seasons_ja")),
                                                         rng, rules), 9)
    board = seeding.Board(slots, crossing, fill)
    assert board.keep_letters(seeding.common_letters(fill, {len(s) for s in slots},
                                                     generator.COMMON_LETTERS))
    solved = board.filled(rng, uses=2, tries=generator.KANA_TRIES)
    assert solved is not None
    uses = Counter(ch for ch in generator._letters(solved, 9) if ch is not None)
    assert min(uses.values()) >= 2, sorted(uses.items(), key=lambda kv: kv[1])[:5]
    assert len(set(solved.values())) == len(solved)  # no word twice


@pytest.mark.parametrize(("name", "seeds", "least"), [
    ("seasons_ja", 4, 23), ("theme_ja", 4, 25), ("food_ja", 2, 15)])
def test_most_of_an_authors_kana_words_are_held_with_each_kana_used_twice(
        japanese, name, seeds, least):
    """The author's kana words on the patterns drawn for them, seeds 1 to `seeds`, counted:
    seasons_ja (6 words) 24 of 24, theme_ja (12) 27 of 48, food_ja (26) 16 of 52. Placed
    all at once with the house rule repaired after the fill (main before this), 21 of
    seasons_ja's were held, theme_ja's pattern of seed 1 was given up with no grid and 5 of
    food_ja's were held. Every grid keeps the rules of a fill and each kana used twice, and
    each word not held is said why."""
    own = list(theme(name))
    fill, _ = with_own(japanese, own)
    options = Options(size=9, lang="ja")
    rules = house_settings(options)
    held = 0
    for seed in range(1, seeds + 1):
        rng = random.Random(seed)
        blocks = generator.roomiest_pattern(options, own, rng, rules)
        letters, why = fill_around(blocks, 9, fill, rng, own, rules)
        assert letters is not None and shortfall(letters, rules) == 0
        words = ["".join(letters[c] for c in slot) for slot in entries(blocks, 9)[0]]
        assert len(words) == len(set(words))
        placed = [w for w in own if w in words]
        assert sorted([*placed, *why]) == sorted(own)
        held += len(placed)
    assert held >= least, held


def test_a_japanese_puzzle_says_why_each_word_it_does_not_hold_is_not_there(japanese):
    """Through `generate` (numbers, givens, level): theme_ja's words the puzzle does not
    hold each come with a reason, among them the house rule's own ('no fill around them
    ... kept each kana used at least twice'), and the puzzle keeps that rule."""
    own = theme("theme_ja")
    fill, check = with_own(japanese, own)
    reasons = set()
    for seed in (1, 2):
        made = generate(Options(size=9, lang="ja", seconds=60), fill, check,
                        random.Random(seed))
        letters = dict(made.solution)
        grid = [None if n == generator.BLOCK else letters[n] for n in made.puzzle.cells]
        assert shortfall(grid, house_settings(Options(size=9, lang="ja"))) == 0
        words = entry_words(made.puzzle, made.solution)
        why = dict(made.own_unplaced)
        assert set(why) == set(own) - set(words)  # each word not held said why, no other
        reasons |= set(why.values())
    assert seeding.KANA_TWICE in reasons, reasons


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_pattern_is_drawn_around_the_words_laid_out_crossing(seed):
    """pattern_around (core/numcro/layout.py): the author's words laid out first (crossing
    one another where they share a kana and the blocks allow it); each is then exactly an
    entry of the pattern (its letters agreeing where two cross), the pattern keeps the house
    rules on blocks (rot180, no two blocks side by side, white corners, every white in an
    entry) and has at most TWO_LETTER_ROOM two-letter entries."""
    own = list(theme("food_ja"))
    options = Options(size=9, lang="ja")
    rules = house_settings(options)
    blocks, laid = generator.pattern_around(options, own, random.Random(seed), rules, 12)
    assert 6 <= len(laid) <= 12, laid
    slots = entries(blocks, 9)[0]
    letters = {}
    for word, slot in laid.items():
        assert slot in slots and len(slot) == len(word)
        for cell, ch in zip(slot, word, strict=True):
            assert letters.setdefault(cell, ch) == ch
    assert blocks == blocks[::-1]  # rot180
    assert generator.acceptable(list(blocks), 9, "ja", rules.corners, rules.unchecked)
    assert sum(len(s) == 2 for s in slots) <= generator.TWO_LETTER_ROOM


def test_words_lost_to_the_givens_asked_say_how_many_letters_would_keep_them(japanese):
    """food_ja with 2 letters given (seed 2): the grids holding most of its words were
    unique only with 3, so the puzzle holds fewer (8); the words they held and it does not
    are said to need 3 letters given, with the --givens that allows them, and asking for
    that holds more of the author's words (9). Without the note (main) those words read
    "no fill around them ... kept each kana used at least twice", which was not why."""
    own = theme("food_ja")
    fill, check = with_own(japanese, own)

    def held(made):
        return set(own) & set(entry_words(made.puzzle, made.solution))

    made = generate(Options(size=9, lang="ja", seconds=600, givens=(2, 2)), fill, check,
                    random.Random(2))
    said = seeding.MORE_GIVENS.format(needed=3, low=2, high=2)
    lost = [word for word, why in made.own_unplaced if why == said]
    assert lost and not set(lost) & held(made), made.own_unplaced
    assert "--givens 2-3" in said
    more = generate(Options(size=9, lang="ja", seconds=600, givens=(2, 3)), fill, check,
                    random.Random(2))
    assert len(held(more)) > len(held(made)), (held(more), held(made))
    assert len(more.puzzle.givens) == 3


def test_short_words_left_out_by_the_cap_on_a_large_grid_say_so_not_time(japanese):
    """A 17x17 ナンクロ (above KANA_LARGEST: the words placed all at once) around food_ja
    (none of its words longer than 4 kana) places at most MOVING_MOST of them on a pattern
    of shorter entries: the words left out say that cap, not "could not be filled in time"
    (before), which no clock decided. Each word not held is said why, and none held is said
    left out (the plain fill may put some in: on seeds 1-3 it held 2, 3 and 5 of the words
    said left out before)."""
    own = theme("food_ja")
    fill, check = with_own(japanese, own)
    for seed in (1, 2, 3):
        made = generate(Options(size=17, lang="ja", seconds=600), fill, check,
                        random.Random(seed))
        held = set(own) & set(entry_words(made.puzzle, made.solution))
        why = dict(made.own_unplaced)
        assert set(why) == set(own) - held
    said = seeding.SHORT_MOST.format(most=generator.MOVING_MOST, longest=5)
    assert said in why.values() and seeding.TOO_MANY not in why.values(), why
    assert "at most 6 of your words" in said and "longer than 5 letters" in said


def _theme_held(japanese, size: int, seeds, name: str = "theme_ja") -> int:
    """A list's words held over `seeds` through `generate` (a long --seconds: counted, not
    timed), each word not held said why."""
    own = theme(name)
    fill, check = with_own(japanese, own)
    held = 0
    for seed in seeds:
        made = generate(Options(size=size, lang="ja", seconds=600), fill, check,
                        random.Random(seed))
        words = entry_words(made.puzzle, made.solution)
        assert set(dict(made.own_unplaced)) == set(own) - set(words)
        held += sum(w in words for w in own)
    return held


def test_most_of_a_kana_theme_is_held_in_the_puzzle(japanese):
    """theme_ja (12 words, every one with an entry of its length) through `generate`
    (numbers, givens, level), seeds 1-3: counted, 9 10 9 of 12 held; with one pattern
    drawn by its entries' lengths and no layout (main before this) 8 6 6. A long --seconds:
    the grids are counted, not timed, so the count does not hang on the machine's load."""
    assert _theme_held(japanese, 9, (1, 2, 3)) >= 24


def test_most_of_a_kana_theme_is_held_in_an_11x11_puzzle(japanese):
    """theme_ja on 11x11 through `generate`, seeds 1-2: its words kept one at a time around a
    layout as on 9x9 (KANA_LARGEST 11), counted, 10 and 12 of 12 held; placed all at once
    (main, where 11x11 took that path) 7 and 6. Each word not held is said why."""
    assert _theme_held(japanese, 11, (1, 2)) >= 20


def test_most_of_a_long_kana_list_is_held_in_a_13x13_puzzle(japanese):
    """food_ja (26 words) on 13x13 through `generate`, seed 1: its words kept one at a time
    around a layout (KANA_LARGEST 13), up to kana_most(13) = 25 in a first grid, counted:
    19 of 26 held; placed all at once (main, where 13x13 took that path) 6. Each word not
    held is said why."""
    assert generator.kana_most(13) == 25
    assert _theme_held(japanese, 13, (1,), "food_ja") >= 15


def test_a_fill_given_an_earlier_fill_finds_it_again_and_a_word_takes_its_laid_entry(
        japanese):
    """Board.filled with `hint` (an earlier fill of the same board) tries its words first:
    the board allows every one, so the fill is the earlier one, whatever the random choices;
    put_word with `at` puts the word in that entry (the one a layout left for it)."""
    own = list(theme("theme_ja"))
    fill, _ = with_own(japanese, own)
    options = Options(size=9, lang="ja")
    rules = house_settings(options)
    blocks, laid = generator.pattern_around(options, own, random.Random(2), rules, 12)
    slots, crossing = entries(blocks, 9)
    board = seeding.Board(slots, crossing, fill)
    first = board.filled(random.Random(1))
    assert first is not None
    assert board.filled(random.Random(7), hint=first) == first
    assert board.filled(random.Random(7)) != first  # without it, another fill
    word, slot = next(iter(laid.items()))
    made = seeding.Placement()
    after, why = seeding.put_word(word, slots, made, seeding.Board(slots, crossing, fill),
                                  random.Random(3), at=slot)
    assert why is None and made.seeds == {slot: word}


def test_a_list_longer_than_the_grid_holds_is_told_the_size_that_held_more(japanese):
    """food_ja's 26 words on 9x9 through `generate`: some are left out for want of room or
    of letters given, and the notes name the sizes and --givens that held more of a list as
    long (core/numcro/held.py's measured medians: --size 11, 13, 15, --givens 2-6); on
    15x15, where nothing measured held more, no such note. A list whose words all fit (seasons,
    6) gets none either."""
    from core.numcro.family import _own_notes
    from core.numcro.held import MEASURED, more_room

    own = theme("food_ja")
    fill, check = with_own(japanese, own)
    food = next(m for m in MEASURED if m.name == "food_ja")
    options = Options(size=9, lang="ja", seconds=600, prefer=own)
    notes = _own_notes(generate(options, fill, check, random.Random(1)), check, options)
    said, held = notes["for_more_of_your_words"], len(notes["own_words_in_grid"])
    assert notes["own_words_not_placed"] and held < food.held[(13, None)]
    for key, asked in (((11, None), "--size 11"), ((13, None), "--size 13"),
                       ((15, None), "--size 15"), ((9, (2, 6)), "--givens 2-6")):  # named
        # where it held more
        more = food.held[key] > max(held, food.held[(9, None)])
        assert (f"{asked} held {food.held[key]}" in said) == more, said
    assert f"held a median {food.held[(9, None)]} on 9x9" in said
    assert more_room("ja", 15, None, len(own), 10) is None  # nothing measured held more
    short = theme("seasons_ja")
    fill, check = with_own(japanese, short)
    options = Options(size=9, lang="ja", seconds=600, prefer=short)
    assert "for_more_of_your_words" not in _own_notes(
        generate(options, fill, check, random.Random(1)), check, options)
