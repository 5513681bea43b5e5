"""What no grid can give is said before the search: a block pattern cut off, with a cell in no
entry, with entries too long for the fill words or that no fill word fits with its crossings
(checked against a brute-force fill on small cases), and a count of numbers out of reach."""

import itertools
import random

import pytest

from core.numcro.formats import parse_blocks
from core.numcro.generator import Options, runs
from core.numcro.reach import REFILL_REACH, _numbers_held, numbers_faults, pattern_faults
from core.numcro.wordsets import WordSets
from dictionaries.store import FILL


def words(*listed: str) -> WordSets:
    return WordSets.from_words((w, FILL) for w in listed)


def faults(text: str, fill: WordSets) -> list[str]:
    size, blocks = parse_blocks(text)
    return pattern_faults(blocks, size, fill)


def test_white_cells_cut_off_are_named_by_region():
    said = faults("..#..\n..#..\n#####\n..#..\n..#..\n", words("AB", "BA", "AA", "BB"))
    assert said == ["the white cells are in 4 regions cut off from one another (4 cells from "
                    "r1c1, 4 cells from r1c4, 4 cells from r4c1, 4 cells from r4c4): a "
                    "ナンクロ's whites are connected"]


def test_a_white_cell_in_no_entry():
    said = faults("...\n#.#\n.##\n", words("ABC", "BCA", "CAB"))
    assert "r3c1: in no entry (a block or the edge on every side)" in said


def test_entries_longer_than_any_fill_word():
    said = faults("......\n.#.#.#\n......\n.#.#.#\n......\n.#.#.#\n", words("ABC", "ABCDE"))
    assert said[0].startswith("6 entries of 6 letters (across r1c1, across r3c1, across r5c1, "
                              "down r1c1 and 2 more): no fill word is that long (the longest "
                              "has 5 letters)")


def test_entries_of_a_length_no_fill_word_has():
    said = faults("..#..\n.....\n#...#\n.....\n..#..\n", words("ABC", "ABCDE"))
    assert said[0] == ("8 entries of 2 letters (across r1c1, across r1c4, across r5c1, across "
                       "r5c4 and 4 more): no fill word has 2 letters")


def test_crossing_entries_that_agree_on_no_letter():
    """Across r1c1's middle letter is B or Y; down r1c2 starts with A or X."""
    said = faults("...\n#.#\n#.#\n", words("ABC", "XYZ"))
    assert said == ["2 entries of 3 letters (across r1c1, down r1c2): none of the 2 fill words "
                    "of 3 letters fits with the entries crossing them"]
    assert faults("...\n#.#\n#.#\n", words("ABC", "BYZ")) == []  # ABC across, BYZ down


def brute_force_fills(blocks, size, fill: WordSets) -> bool:
    """Whether any choice of a fill word per entry agrees on every shared cell."""
    slots = [tuple(run) for run in runs(list(blocks), size) if len(run) >= 2]
    options = [[fill.length(len(s)).words[i] for i in range(len(fill.length(len(s)).words))]
               for s in slots]
    for choice in itertools.product(*options):
        grid = {}
        if all(grid.setdefault(cell, letter) == letter
               for slot, word in zip(slots, choice, strict=True)
               for cell, letter in zip(slot, word, strict=True)):
            return True
    return False


@pytest.mark.parametrize("seed", range(40))
def test_no_fit_is_only_said_when_no_fill_exists(seed):
    """On random 4x4 patterns and word lists, an entry said to have no word is never wrong
    (a brute force over every choice of words finds no fill either)."""
    rng = random.Random(seed)
    blocks = tuple(rng.random() < 0.25 for _ in range(16))
    fill = words(*{"".join(rng.choice("AB") for _ in range(n))
                   for n in (2, 3, 4) for _ in range(rng.randint(1, 3))})
    said = [f for f in pattern_faults(blocks, 4, fill) if "fill word" in f]
    if said:
        assert not brute_force_fills(blocks, 4, fill), said


def test_numbers_out_of_the_range_the_grids_hold(english):
    options = Options(size=9, lang="en", seconds=60)
    held = _numbers_held(options, english)
    assert len(held) == 8 and all(3 <= n <= 26 for n in held)
    high = max(held) + REFILL_REACH + 1
    too_many = Options(size=9, lang="en", house=(("numbers", f"{high}-26"),))
    said = numbers_faults(too_many, english)
    assert said.startswith(f"--numbers {high}-26: en 9x9 grids hold {min(held)}-{max(held)} "
                           f"numbers") and said.endswith("or a larger --size")
    low = min(held) - REFILL_REACH - 1
    assert numbers_faults(Options(size=9, lang="en", house=(("numbers", f"1-{low}"),)),
                          english).startswith(f"--numbers 1-{low}: en 9x9 grids hold")
    near = Options(size=9, lang="en", house=(("numbers", f"{max(held)}-26"),))
    assert numbers_faults(near, english) is None


@pytest.fixture(scope="module")
def english():
    """Common English words fill (as in test_generator)."""
    from core.numcro.wordsets import FillOnly
    from dictionaries.importers import common_english
    from dictionaries.normalize import normalize

    fill = {normalize(w, "en")[0] for w, _, _ in common_english()} - {None}
    return FillOnly(WordSets.from_words((w, FILL) for w in fill))


def test_fill_words_that_fill_no_grid_are_said_at_once():
    """A dictionary that fills no 11x11 grid: said in well under a second, not blamed on
    --numbers after the whole search (it searched 60 s, then said 'no grid filled ...
    keeping the house rules (numbers=5-8)')."""
    import time

    from core.numcro.reach import in_reach

    tiny = words("CAT", "DOG", "ACT", "GOD", "TAG", "COT", "TOGA", "COAT")
    options = Options(size=11, lang="en", seconds=60, house=(("numbers", "5-8"),))
    start = time.monotonic()
    with pytest.raises(ValueError) as said:
        in_reach(options, tiny)
    assert time.monotonic() - start < 5
    assert str(said.value).startswith("the fill words fill no en 11x11 grid with these "
                                      "settings (none of 32 drawn filled, --numbers 5-8 aside)")
