import random

import pytest

from core.arith import BLANK, Options, count, generate, parse
from core.arith.formats import parse_shape
from core.arith.generator import _columns, long_division
from core.errors import ParseError


@pytest.mark.parametrize("op, digits", [("add", (4, 4, 3)), ("sub", (5, 3)), ("mul", (3, 2)),
                                        ("mul", (2, 1)), ("div", (2, 3))])
def test_generated_puzzles_are_unique_and_come_from_their_answer(op, digits):
    puzzle, answer = generate(Options(op=op, digits=digits), random.Random(4))
    result = count(puzzle)
    assert result.unique
    assert result.solution == tuple(cells for _, cells in answer.rows())
    blanks = sum(cells.count(BLANK) for _, cells in puzzle.rows())
    assert blanks > 0


def test_same_seed_same_puzzle():
    options = Options(op="mul", digits=(3, 3))
    assert generate(options, random.Random(9)) == generate(options, random.Random(9))


def test_keep_leaves_that_share_of_digits_shown():
    puzzle, _ = generate(Options(op="mul", digits=(3, 3), keep=0.5), random.Random(2))
    cells = [ch for _, row in puzzle.rows() for ch in row]
    shown = sum(1 for ch in cells if ch != BLANK)
    assert shown == -(-len(cells) // 2)


def test_one_blank_per_column():
    puzzle, _ = generate(Options(op="add", digits=(4, 4, 4), one_blank_per_column=True),
                         random.Random(5))
    columns = _columns(puzzle)
    blank_columns = [columns[(r, c)] for r, (_, row) in enumerate(puzzle.rows())
                     for c, ch in enumerate(row) if ch == BLANK]
    assert len(blank_columns) == len(set(blank_columns)) > 0


def test_long_division_layout_round_trips():
    p = long_division(1050000, 48)  # Enigma 226: quotient 21875
    assert p.result == "21875" and p.steps[-1].remainder == "0"
    from core.arith import format
    assert parse(format(p, "file")) == p
    assert count(p).unique


def test_bad_options():
    with pytest.raises(ValueError, match="unknown operation"):
        Options(op="pow")
    with pytest.raises(ValueError, match="two digit counts"):
        Options(op="mul", digits=(3,))
    with pytest.raises(ValueError, match="digit counts"):
        Options(op="add", digits=(0, 3))


def test_shape_first_fills_the_authors_cells():
    from core.arith.generator import generate_from_shape

    shape = parse_shape("   @*@\nx   *@\n------\n  *@*@\n  @*@\n------\n @@*@*\n")
    puzzle, answer = generate_from_shape(shape, random.Random(1), seconds=20)
    for (_, want), (_, got) in zip(shape.rows(), puzzle.rows(), strict=True):
        assert len(want) == len(got)
        for a, b in zip(want, got, strict=True):
            assert (a == "@" and b.isdigit()) or a == b
    assert count(puzzle).unique
    assert count(puzzle).solution == tuple(cells for _, cells in answer.rows())


def test_shape_with_letters_and_a_shape_that_cannot_work():
    from core.arith.generator import GenerationFailed, generate_from_shape

    puzzle, _ = generate_from_shape(parse_shape("AB@+@CB=@@D@"), random.Random(2), seconds=20)
    assert count(puzzle).unique and "A" in puzzle.operands[0]
    with pytest.raises(GenerationFailed, match="no numbers fit"):
        generate_from_shape(parse_shape("@@+@@=@@@@@"), random.Random(3), seconds=5)
    with pytest.raises(ValueError, match="no @ cell"):
        parse_shape("AB+CD=EF")


def test_a_shape_is_not_a_puzzle():
    """`@` cells are for the generator: reading a shape as a puzzle says so, where."""
    with pytest.raises(ParseError, match="line 2, column 6: `@` marks a digit") as error:
        parse("   1*2\nx   *@\n------\n   ***\n")
    assert "generate arith --shape" in str(error.value)


@pytest.mark.parametrize("seed", range(4))
def test_generated_divisions_stay_unique_as_printed(seed):
    from core.arith import format

    puzzle, answer = generate(Options(op="div", digits=(2, 3)), random.Random(seed))
    printed = parse(format(puzzle, "vertical"))
    result = count(printed)
    assert result.unique
    assert result.solution[:3] == tuple(cells for _, cells in answer.rows())[:3]


def test_sample_puzzles_are_unique():
    from pathlib import Path

    from core.arith import parse as parse_arith
    folder = Path(__file__).resolve().parents[3] / "puzzles" / "arith"
    paths = sorted(folder.glob("*.txt"))
    assert len(paths) >= 3  # a division, a multiplication and an alphametic
    for path in paths:
        assert count(parse_arith(path.read_text())).unique, path.name


def test_a_shape_filled_to_a_level():
    from core.arith.generator import generate_from_shape
    from core.arith.rating import rate

    shape = parse_shape("   @*@\nx   *@\n------\n  *@*@\n  @*@\n------\n @@*@*\n")
    puzzle, _ = generate_from_shape(shape, random.Random(1), 30, level="easy")
    assert count(puzzle).unique and rate(puzzle).level == "easy"


def test_a_level_search_stopped_ends_cleanly():
    from core.arith.generator import GenerationFailed
    from core.arith.rating import fits_level, level_of_puzzle

    puzzle = parse("SEND+MORE=MONEY")
    assert level_of_puzzle(puzzle, lambda: True) is None  # the rating was stopped
    assert not fits_level(puzzle, "expert", lambda: True)
    calls = [0]

    def stop() -> bool:
        calls[0] += 1
        return calls[0] > 3

    with pytest.raises(GenerationFailed):
        generate(Options(op="div", digits=(2, 3), level="hard"), random.Random(1), stop)
