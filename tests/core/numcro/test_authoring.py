from core.numcro import BLOCK, parse
from core.numcro.authoring import (
    entries_without_words,
    letters_of,
    numbered_from_letters,
    renumbered,
)
from core.numcro.wordsets import WordSets

GRID = "lang: ja\n 7 4 9\n 4 ■ 7\n 9 7 2\ngivens: 7:キ\n"


def test_renumbering_is_reading_order_without_gaps_and_keeps_givens():
    puzzle = renumbered(parse(GRID))
    assert puzzle.cells == (1, 2, 3, 2, BLOCK, 1, 3, 1, 4)
    assert puzzle.givens == ((1, "キ"),)


def test_typed_letters_number_the_grid():
    puzzle = parse(GRID)
    letters = ["キ", "ン", "ト", "ン", None, "キ", "ト", "キ", None]
    made = numbered_from_letters(puzzle, letters)
    assert made.cells == (1, 2, 3, 2, BLOCK, 1, 3, 1, 4)
    assert made.givens == ((1, "キ"),)  # キ was given: it stays given on its new number
    assert letters_of(made, [(2, "ン"), (3, "ト")])[:4] == ["キ", "ン", "ト", "ン"]


class Words:
    """Stands in for an opened dictionary: the solver reads its word sets from `derived`."""

    def __init__(self, *words: str):
        self.derived = {"word_sets": WordSets.from_words([(w, 1) for w in words])}


def test_the_entries_no_word_fits_are_named():
    puzzle = parse("lang: ja\n1 2 3\n2 ■ 2\n3 2 1\ngivens: 1:キ\n")
    dead = entries_without_words(puzzle, Words("キンウ"))  # nothing ends in キ
    assert sorted((e.direction, e.numbers) for e in dead) == [("A", (3, 2, 1)),
                                                              ("D", (3, 2, 1))]
    assert entries_without_words(puzzle, Words("キンウ", "ウンキ")) == []


def _disguised(puzzle, rng):
    """The same puzzle with its numbers relabelled at random, transposed half the time."""
    from dataclasses import replace

    from core.numcro.authoring import transposed

    numbers = puzzle.numbers()
    relabel = dict(zip(numbers, rng.sample(range(1, 100), len(numbers)), strict=True))
    puzzle = replace(puzzle, cells=tuple(relabel.get(n, BLOCK) for n in puzzle.cells),
                     givens=tuple(sorted((relabel[n], ch) for n, ch in puzzle.givens)))
    return transposed(puzzle) if rng.random() < 0.5 else puzzle


def test_canonical_form_sees_through_numbering_and_transposition():
    import random

    from core.kinds import by_name

    family = by_name("numcro")
    text = ("lang: ja\n 1 2 3 ■ 4\n 5 ■ 6 7 3\n 2 8 9 ■ 1\n ■ 3 ■ 2 5\n"
            "givens: 3:カ 8:ン\nkeyword: r1c1 r3c3 r4c4\n")
    puzzle = parse(text)
    rng = random.Random(5)
    form = family.canonical(puzzle)
    for _ in range(20):
        assert family.canonical(_disguised(puzzle, rng)) == form
    # another given, another keyword cell, or the grid turned (words read backwards) differ
    assert family.canonical(parse(text.replace("8:ン", "8:キ"))) != form
    assert family.canonical(parse(text.replace("r4c4", "r4c2"))) != form
    turned = parse("lang: ja\n 5 2 ■ 3 ■\n 1 ■ 9 8 2\n 3 7 6 ■ 5\n 4 ■ 3 2 1\n"
                   "givens: 3:カ 8:ン\n")
    assert family.canonical(turned) != family.canonical(parse(text.split("keyword")[0]))


def test_canonical_form_of_a_codeword_without_a_grid_renumbers_its_entries():
    from core.kinds import by_name
    from core.numcro.model import Puzzle

    family = by_name("numcro")
    one = Puzzle("en", ((7, "A"),), entry_numbers=((7, 3, 9), (9, 3, 4)))
    other = Puzzle("en", ((2, "A"),), entry_numbers=((2, 5, 1), (1, 5, 8)))
    assert family.canonical(one) == family.canonical(other)
    assert family.canonical(one) != family.canonical(Puzzle("en", ((9, "A"),),
                                                            entry_numbers=one.entry_numbers))
