import pytest

from core.arith import count, format, parse
from core.arith.shape import (
    ShapeError,
    fewer_rows,
    letter_key,
    longer,
    more_rows,
    shorter,
    switched,
)


def reads_back(puzzle):
    """A changed shape is one the text formats write and read again."""
    assert parse(format(puzzle)) == puzzle
    return puzzle


def test_a_multiplier_digit_brings_its_partial_product():
    puzzle = parse("  *2*\nx  *3\n-----\n  ***\n ***\n-----\n ****\n")
    wider = reads_back(more_rows(puzzle))
    assert len(wider.operands[1]) == 3 and len(wider.partials) == 3
    assert reads_back(fewer_rows(wider)) .partials == puzzle.partials
    single = reads_back(fewer_rows(puzzle))
    assert single.partials == () and len(single.operands[1]) == 1
    assert len(reads_back(more_rows(single)).partials) == 2


def test_rows_grow_and_shrink_at_their_front():
    puzzle = parse("SEND+MORE=MONEY")
    assert reads_back(longer(puzzle, 0)).operands[0] == "*SEND"
    assert reads_back(shorter(puzzle, 2)).result == "ONEY"
    with pytest.raises(ShapeError, match="at least one digit"):
        shorter(parse("1+2=3"), 0)


def test_additions_gain_operands_and_operations_switch():
    puzzle = parse("12+34=46")
    three = reads_back(more_rows(puzzle))
    assert len(three.operands) == 3
    assert reads_back(fewer_rows(three)) == puzzle
    sub = reads_back(switched(puzzle))
    assert sub.op == "sub" and sub.operands == ("12", "34")
    mul = reads_back(switched(sub))
    assert mul.op == "mul" and len(mul.partials) == 2
    assert reads_back(switched(mul)).op == "add"
    with pytest.raises(ShapeError, match="generator"):
        switched(parse("****/**=** r *"))


def test_the_letter_key_of_a_solution():
    puzzle = parse("SEND+MORE=MONEY")
    key = letter_key(puzzle, count(puzzle).solution)
    assert key == {"S": "9", "E": "5", "N": "6", "D": "7", "M": "1", "O": "0", "R": "8",
                   "Y": "2"}
