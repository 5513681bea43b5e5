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
