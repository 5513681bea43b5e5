"""The variants search's branching as the Interactive Sudoku Solver branches (engine.Search):
its cell order, the conflicts a failed branch charges, and the binary branches (a cell's digit,
else the cell without it and the best cell chosen again), which must still split a node's
solutions between its branches. Both engines take the same branches (test_engines.py)."""

import random

from core.variants import engine
from core.variants.model import make
from tests.core.variants.corpus import python_engine
from tests.core.variants.helpers import brute_count, random_puzzle


def search_of(p):
    return engine.Search(p, engine.plan_of(engine.shape_of(p)), 2, None)


def test_decided_cells_go_to_the_front_as_iss_forced_steps_move_them():
    search = search_of(make(4, (0,) * 16))
    cand = [0b1111] * 16
    for c in (5, 6, 9):
        cand[c] = 0b0001
    # the first decided cell swapped to the front, each other one swapped in after it
    assert search.singles_to_front(cand, 2) == 5
    assert search.order == [0, 1, 5, 6, 9, 2, 3, 7, 8, 4, 10, 11, 12, 13, 14, 15]
    assert [search.where[c] for c in search.order] == list(range(16))

    search = search_of(make(4, (0,) * 16))
    cand = [0b1111] * 16
    for c in (2, 3, 7):
        cand[c] = 0b0010
    # found at the front: the decided cells right after it stay where they are
    assert search.singles_to_front(cand, 2) == 5
    assert search.order == [0, 1, 2, 3, 7, 5, 6, 4, 8, 9, 10, 11, 12, 13, 14, 15]


def test_a_branch_failing_in_its_own_round_charges_its_cell_alone():
    # ISS charges a guess whose own propagation fails: cell 0 takes 1, cells 1 and 2 are
    # left 2 (placed only in the next round), and row 1 then has 3 and 4 only in cell 3
    p = make(4, (0,) * 16)
    for order in ([0, 1, 2, 3], [0, 2, 1, 3]):
        search = search_of(p)
        search.order[:4] = order
        search.where[:4] = [order.index(c) for c in range(4)]
        cand = [0b0011, 0b0011, 0b0011] + [0b1111] * 13  # three cells of a row, two digits
        before = list(search.score)
        assert not search.branch(cand, 0, 0, 0b0001, [], -1)
        assert [c for c in range(16) if search.score[c] != before[c]] == [0]
        assert search.score[0] == before[0] + 1
        assert search.digit_score[:2] == [1, 0]


def test_a_branch_failing_in_a_later_round_charges_that_rounds_first_cell():
    # ISS charges the forced step that fails: r1c1 takes 1 and leaves r2c1 and r2c2 both 2,
    # which holds until they are placed together (the next round): the first of the two in
    # the order is charged, not the branch's cell
    p = make(9, (0,) * 81)
    for order, charged in (([0, 9, 10], 9), ([0, 10, 9], 10)):
        search = search_of(p)
        for at, c in enumerate(order):
            search.swap_to(at, c)
        cand = [0b111111111] * 81
        cand[9] = cand[10] = 0b11
        before = list(search.score)
        assert not search.branch(cand, 0, 0, 0b1, [], -1)
        assert [c for c in range(81) if search.score[c] != before[c]] == [charged]
        assert search.digit_score[:2] == [0, 1]


def test_binary_branches_split_each_nodes_solutions_and_count_right(monkeypatch):
    """Each node's branches: a cell takes a digit that no earlier branch of the node gave it
    and that the node no longer holds (so no solution is met twice), and after a digit the
    next branch may be another cell; the counts stay the brute force's."""
    nodes, switched = {}, [0]
    taken = engine.Search.branch

    def spy(search, cand, front, cell, bit, lost, expect):
        _, tried = nodes.setdefault(id(cand), (cand, []))  # the node kept: its id stays its
        for q, b in tried:
            assert not cand[q] & b  # an earlier branch's digit is out of the node
        if tried and tried[-1][0] != cell:
            switched[0] += 1
        tried.append((cell, bit))
        return taken(search, cand, front, cell, bit, lost, expect)

    rng = random.Random(11)
    with python_engine():
        monkeypatch.setattr(engine.Search, "branch", spy)
        for i in range(16):
            p = random_puzzle(("thermo", "cage", "renban", "x")[i % 4], 6, rng, 4)
            nodes.clear()
            assert engine.count(p, 50).count == brute_count(p, 50)
    assert switched[0] > 0  # some node chose another cell after a digit
