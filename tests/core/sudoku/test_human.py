"""The human techniques both solvers share (core.sudoku.human): the ladder's board (rows,
columns, boxes) and the variants logic's (any houses, and groups of different digits such as
a cage) find the same steps in the same words through the one kernel."""

from core.sudoku import human, ladder
from core.sudoku.formats import parse
from core.variants import logic
from core.variants.model import make
from core.variants.shapes import Cage

QUAD = 0b1111  # digits 1-4


def boards():
    """An empty 9x9 as each solver holds it, digits 1-4 left only in r1c1-r1c4."""
    classic, variant = ladder.Board(parse("." * 81)), logic.Board(make(9))
    for c in range(4, 9):
        classic.cands[c] &= ~QUAD
        variant.cand[c] &= ~QUAD
    return classic, variant


def test_both_solvers_find_one_hidden_quad_for_the_same_reason():
    """The step and its reason are the kernel's; the eliminations each family says its way."""
    classic, variant = boards()
    found = [human.hidden_subset(4, 5.4)(board) for board in (classic, variant)]
    assert found[0].eliminations == found[1].eliminations == tuple(
        (c, v) for c in range(4) for v in range(5, 10))
    reasons = {step.text.split(", so ")[0] for step in found}
    assert reasons == {"hidden quad: 1234 fit only in r1c1, r1c2, r1c3, r1c4 in row 1"}
    assert found[0].text.endswith("so r1c1, r1c2, r1c3, r1c4 ≠ 5; r1c1, r1c2, r1c3, r1c4 ≠ 6; "
                                  "r1c1, r1c2, r1c3, r1c4 ≠ 7; r1c1, r1c2, r1c3, r1c4 ≠ 8; "
                                  "r1c1, r1c2, r1c3, r1c4 ≠ 9")
    assert found[1].text.endswith("so r1c1, r1c2, r1c3, r1c4 ≠ 5, 6, 7, 8, 9")


def test_naked_pairs_in_a_row_and_in_a_cage():
    """The ladder names the row of a naked pair; the variants logic looks at every group of
    different digits, a cage across rows and columns too, and names none."""
    classic = ladder.Board(parse("." * 81))
    classic.cands[0] = classic.cands[1] = 0b11
    step = human.naked_subset(2, 3.0)(classic)
    assert step.eliminations[:2] == ((2, 1), (2, 2))
    assert step.text.startswith("naked pair: r1c1, r1c2 hold only 12 in row 1, so ")
    board = logic.Board(make(9, cages=[Cage((0, 12, 24))]))  # no row, column or box
    board.cand[0] = board.cand[12] = 0b11
    step = human.naked_subset(2, 3.0)(board)
    assert step.text == "naked pair: r1c1, r2c4 hold only 12, so r3c7 ≠ 1, 2"


def test_hidden_singles_take_the_passes_in_order():
    """The ladder scans the boxes (1.2) before the lines (1.5); a pass ends at its first."""
    board = ladder.Board(parse("." * 81))
    for c in (1, 2, 9, 10, 11, 18, 19, 20):  # 9 only in r1c1 within box 1
        board.cands[c] &= ~(1 << 8)
    step = ladder.hidden_single(board)
    assert (step.placements, step.score) == (((0, 9),), 1.2)
    assert step.text == "r1c1 = 9: hidden single in box 1"
    step = human.hidden_single(board, ((board.houses[:9], 1.5),))  # the rows alone
    assert step is None


def test_solving_stops_at_a_cell_without_digits():
    board = logic.Board(make(9))
    board.cand[40] = 0
    assert human.solve(board, [human.naked_single]) == []
    assert human.rating([], False, "estimate").level == "needs-guessing"
