import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.errors import ParseError
from core.sudoku import Puzzle, Shape, format, iter_puzzles, parse
from core.sudoku.model import BOX_SHAPES, SYMBOLS
from tests import DATA
from tests.core.sudoku.helpers import SE_SAMPLE, SETS

TOP1 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"

QQWING_READABLE = """\
 4 . . | 1 6 . | 5 2 .
 . . . | . . . | . . .
 . . . | 7 . 5 | . . 4
-------|-------|-------
 . . . | 3 7 . | . 5 .
 . 3 9 | . . . | 6 . 2
 . . . | . . . | 9 . .
-------|-------|-------
 1 . . | 2 4 . | . 6 3
 2 . . | . 3 7 | . . .
 . . . | 5 . . | . . .

"""


def test_one_line_and_grid_read_the_same_puzzle():
    p = parse(TOP1)
    assert p.shape == Shape(3, 3)
    assert p.givens[:5] == (4, 0, 0, 0, 3)
    assert p.clue_count == 18
    assert parse(format(p, "grid")) == p
    assert parse(TOP1.replace(".", "0")) == p


def test_qqwing_readable_output():
    p = parse(QQWING_READABLE)
    assert p.givens[:9] == (4, 0, 0, 1, 6, 0, 5, 2, 0)
    assert p.givens[-9:] == (0, 0, 0, 5, 0, 0, 0, 0, 0)


SIMPLE_SUDOKU = """\
*-----------*
|53.|.7.|...|
|6..|195|...|
|.98|...|.6.|
|---+---+---|
|8..|.6.|..3|
|4..|8.3|..1|
|7..|.2.|..6|
|---+---+---|
|.6.|...|28.|
|...|419|..5|
|...|.8.|.79|
*-----------*
"""
SIMPLE_SUDOKU_LINE = ("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28...."
                      "419..5....8..79")


def test_a_simple_sudoku_or_hodoku_framed_grid():
    """Simple Sudoku's `.ss` grid, as HoDoKu copies it: a frame of `*` corners."""
    assert parse(SIMPLE_SUDOKU) == parse(SIMPLE_SUDOKU_LINE)
    dotted = SIMPLE_SUDOKU.replace("*-----------*", ".---.---.---.")
    assert parse(dotted) == parse(SIMPLE_SUDOKU_LINE)
    # a row of blanks written with `*` is a row, not a frame
    blank_row = SIMPLE_SUDOKU.replace("|...|419|..5|", "|***|***|***|")
    assert parse(blank_row).givens[63:72] == (0,) * 9
    with pytest.raises(ParseError) as caught:  # a short row inside a frame: its own line
        parse(SIMPLE_SUDOKU.replace("|4..|8.3|..1|", "|4..|8.3|.1|"))
    assert (caught.value.line, caught.value.column) == (7, 12)


def test_qqwing_csv_and_statistics_lines_are_skipped():
    text = ("Puzzle,\n" + TOP1 + ",\n" + TOP1.replace("4", "5", 1) + ",\n"
            "Number of Givens: 17\nDifficulty: Expert\nThe solution to the puzzle is unique.\n")
    items = list(iter_puzzles(text))
    assert [line for line, _ in items] == [2, 3]
    assert items[1][1].givens[0] == 5


def test_id_puzzle_rating_lines_and_comments():
    text = "# a comment\n000694f16758 " + TOP1 + " 2.5\n\nabc123 " + TOP1 + " 9.1\n"
    items = list(iter_puzzles(text))
    assert [line for line, _ in items] == [2, 4]
    assert all(p == parse(TOP1) for _, p in items)


def test_public_sets_load_as_they_are():
    """Comment headers, and `puzzle classic sukaku id` lines in the SE-rated sample."""
    expected = {**SETS, "se_sample.txt": SE_SAMPLE}
    for name, total in expected.items():
        items = list(iter_puzzles((DATA / "sudoku" / name).read_text()))
        assert len(items) == total, name
        assert all(isinstance(p, Puzzle) for _, p in items), name


def test_sixteen_by_sixteen_grid_is_not_sixteen_small_puzzles():
    rows = ["1234" + "." * 12] * 16
    p = parse("\n".join(rows))
    assert p.size == 16


@pytest.mark.parametrize("size", sorted(BOX_SHAPES))
def test_round_trip_every_size(size):
    givens = tuple((i * 7 + i // size) % (size + 1) for i in range(size * size))
    p = Puzzle(Shape.of_size(size), givens)
    assert parse(format(p, "line")) == p
    assert parse(format(p, "grid")) == p


@st.composite
def puzzles(draw):
    size = draw(st.sampled_from(sorted(BOX_SHAPES)))
    givens = draw(st.lists(st.integers(0, size), min_size=size * size, max_size=size * size))
    return Puzzle(Shape.of_size(size), tuple(givens))


@given(puzzles(), st.sampled_from(["line", "grid"]))
@settings(max_examples=60, deadline=None)
def test_parse_format_round_trip(p, style):
    assert parse(format(p, style)) == p


@given(st.text(alphabet=".0123456789ABCxyz|-+ #:\n\t,", max_size=300))
@settings(max_examples=300, deadline=None)
def test_random_text_gives_a_puzzle_or_a_clean_error(text):
    try:
        parse(text)
    except ParseError as error:
        assert error.line >= 1 and error.column >= 1
        assert str(error).startswith(f"line {error.line}, column {error.column}: ")


@pytest.mark.parametrize("text, line, column, words", [
    (TOP1[:-1], 1, 1, "found 80 characters"),
    ("# c\n" + TOP1[:40] + "x" + TOP1[41:], 2, 41, "unknown symbol 'x'"),
    (TOP1[:10] + "A" + TOP1[11:], 1, 11, "beyond the 9 symbols"),
    ("123\n456\n789\n", 1, 1, "a grid row has"),
    ("\n".join(["1234", "3412", "21", "4321"]), 3, 3, "this row has 2 symbols"),
    ("\n".join(["1234", "3412", "2143"]), 3, 1, "found 3 rows"),
    ("kind: arith\n" + TOP1, 1, 7, "not sudoku"),
    ("-\n-", 1, 1, "only rule lines"),  # found by hypothesis in CI
])
def test_bad_input_names_line_and_column(text, line, column, words):
    with pytest.raises(ParseError) as caught:
        parse(text)
    assert (caught.value.line, caught.value.column) == (line, column)
    assert words in caught.value.message


def test_symbols_beyond_nine_for_large_grids():
    p = Puzzle(Shape.of_size(16), tuple(range(1, 17)) + (0,) * 240)
    line = format(p, "line").strip()
    assert line.startswith(SYMBOLS[:16])
    assert parse(line) == p


def test_several_puzzles_where_one_is_expected():
    with pytest.raises(ParseError, match="holds 2 puzzles") as caught:
        parse(TOP1 + "\n" + TOP1 + "\n")
    assert caught.value.line == 2


MASK_MARKS = """# . . | x . . | 1 5 9
x . . | . . . | # # .
. . . | . # . | . . .
------+-------+------
. # . | . . x | . . X
. . # | # . # | . . .
. . . | . . . | . . .
======+=======+======
# . # | . . . | . . .
. . . | . . # | . . #
# # . | . . # | . # .
"""


def test_a_mask_marks_givens_with_hash_x_or_a_symbol():
    from core.sudoku.formats import parse_mask

    mask = parse_mask(MASK_MARKS)
    marked = {i for i, ch in enumerate(c for c in MASK_MARKS if c in "#xX159.")
              if ch != "."}
    assert len(mask) == 81 and {i for i, given in enumerate(mask) if given} == marked
    line = "".join("#" if given else "0" for given in mask)
    assert parse_mask(line + "\n") == mask  # one line of every cell
    puzzle = "2..3..851\n5.....24.\n" + ".........\n" * 7  # a puzzle is its own pattern
    assert sum(parse_mask(puzzle)) == 8


@pytest.mark.parametrize(("text", "line", "column", "said"), [
    ("#..x\n....\n..?.\n....\n", 3, 3, "'?' is not a mask cell: # x or a digit for a given"),
    ("# my pattern\n", 1, 3, "'m' is not a mask cell"),  # no comments: # is a given
    ("*...\n....\n....\n....\n", 1, 1, "'*' is not a mask cell"),  # a blank or a given?
    ("#..x\n...\n....\n....\n", 2, 1, "this row has 3 cells; the first row has 4"),
    ("#..x\n....\n....\n", 3, 1, "found 3 rows; a 4x4 mask has 4"),
    ("#..x.\n", 1, 1, "a mask row has 4, 6, 8, 9, 12, 16, 25 cells"),
    ("\n-+-\n", 1, 1, "no mask rows"),
])
def test_a_bad_mask_names_line_and_column(text, line, column, said):
    from core.sudoku.formats import parse_mask

    with pytest.raises(ParseError) as error:
        parse_mask(text)
    assert (error.value.line, error.value.column) == (line, column)
    assert said in error.value.message
