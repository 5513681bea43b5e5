"""The capped removal tests of big grids search with the cells renumbered in a random order:
the renumbered grid has the same rules, the searches answer as the plain search does, and a
16x16 comes out unique and minimal."""

import random

import pytest

from core.sudoku import count
from core.sudoku.generator import CellOrder, Options, make, random_solution
from core.sudoku.model import Puzzle, Shape, geometry
from core.sudoku.solver import initial_candidates, search_candidates

SHAPE = Shape.of_size(16)


def test_a_renumbered_grid_keeps_its_units_and_peers():
    geo = geometry(SHAPE)
    solution = random_solution(SHAPE, random.Random(1))
    order = CellOrder.drawn(geo, [1 << (v - 1) for v in solution], random.Random(2))
    assert sorted(order.old) == list(range(SHAPE.cells)) and list(order.old) != sorted(order.old)
    new = {c: i for i, c in enumerate(order.old)}
    for i, c in enumerate(order.old):
        assert {order.old[p] for p in order.geo.peers[i]} == set(geo.peers[c])
        for u in order.geo.cell_units[i]:
            assert i in order.geo.units[u]
    assert {frozenset(order.old[i] for i in unit) for unit in order.geo.units} == \
        {frozenset(unit) for unit in geo.units}
    assert order.prefer[new[0]] == 1 << (solution[0] - 1)


@pytest.mark.parametrize("seed", range(6))
def test_a_renumbered_search_answers_as_the_plain_one(seed):
    rng = random.Random(seed)
    geo = geometry(SHAPE)
    solution = random_solution(SHAPE, rng)
    bits = [1 << (v - 1) for v in solution]
    order = CellOrder.drawn(geo, bits, rng)
    givens = list(solution)
    for cell in rng.sample(range(SHAPE.cells), 140):
        givens[cell] = 0
    answers = set()
    for cell in [c for c, v in enumerate(givens) if v][:12]:
        # a second solution that differs in `cell`, searched both ways
        without = givens[:]
        without[cell] = 0
        cand = initial_candidates(Puzzle(SHAPE, tuple(without)))
        cand[cell] &= ~bits[cell]
        plain = bool(search_candidates(cand[:], geo, 1, prefer=bits))
        assert order.search(cand, None, 0) == plain
        answers.add(plain)
    assert answers == {True, False}  # both kinds of answer were checked


@pytest.mark.slow
def test_16x16_without_symmetry_is_unique_and_minimal():
    made = make(Options(size=16), random.Random(3))
    puzzle = made.puzzle
    assert made.minimal
    assert count(puzzle).unique
    for cell in (c for c, v in enumerate(puzzle.givens) if v):
        fewer = list(puzzle.givens)
        fewer[cell] = 0
        assert count(Puzzle(SHAPE, tuple(fewer))).count == 2, cell
