"""The sums ISS's sum optimizer adds at compile time (core/variants/shapes.py: hidden_sums,
leftovers), speed only: each must hold in every solution, so the counts stay those of the
brute force, on both engines; and they must narrow what the cages and little killers alone
leave (else they are no gain)."""

import random

import pytest

from core.variants import engine, generator, shapes
from core.variants.engine import count
from core.variants.model import make
from core.variants.propagators import SignedSum, SumBounds
from core.variants.shapes import Cage, LittleKiller, grow_cages
from tests.core.variants.corpus import community
from tests.core.variants.helpers import brute_count, solution_grid

pytestmark = pytest.mark.usefixtures("engine")  # on both engines


def _clues(n: int, s, rng, many: int) -> list[LittleKiller]:
    found = []
    for _ in range(many):
        k = rng.randrange(n)
        row, col, direction = rng.choice([(-1, k, "DR"), (-1, k, "DL"), (k, -1, "DR"),
                                          (k, n, "DL"), (n, k, "UR"), (n, k, "UL")])
        cells = shapes.diagonal_cells(row, col, direction, n)
        if len(cells) > 1:
            found.append(LittleKiller(row, col, direction, sum(s[c] for c in cells)))
    return found


def dense_killer(n: int, rng: random.Random, givens: int):
    """A grid cut into cages, most with their sums, a few little killers and givens: the
    houses are crossed by many sums, so the optimizer finds outies and crossing sums."""
    s = solution_grid(n, rng)
    cages = [Cage(tuple(sorted(c)), sum(s[x] for x in c) if rng.random() < 0.8 else None)
             for c in grow_cages(s, n, rng, generator, singles=False) or []]
    shown = [s[c] if c in rng.sample(range(n * n), givens) else 0 for c in range(n * n)]
    return make(n, shown, None, cages=[c for c in cages if len(c.cells) > 1],
                little=_clues(n, s, rng, rng.randint(0, 3)))


def hidden(p) -> list:
    plan = engine.plan_of(engine.shape_of(p))
    return shapes.hidden_sums(engine.held_sums(engine.shape_of(p)), plan.houses,
                              [set(q) for q in plan.peers])


@pytest.mark.parametrize("n, givens, many", [(4, 1, 40), (6, 9, 12)])
def test_counts_with_the_hidden_sums_match_brute_force(n, givens, many):
    rng = random.Random(f"hidden sums {n}")
    found = 0
    for _ in range(many):
        p = dense_killer(n, rng, givens)
        found += len(hidden(p))
        assert count(p, 300).count == brute_count(p, 300), p
    assert found > many  # the sums were there to be checked


def test_a_cage_sticking_out_of_a_row_by_one_cell_ties_the_cell_outside_to_the_row():
    """Row 1 of a 9x9: a cage of 22 over r1c6-r1c9, a cage of 28 over r1c2-r1c5 and r2c5
    (one cell out of the row): the row's 45 less 22 less (28 - r2c5) leaves r1c1, so
    r1c1 - r2c5 = -5 and r2c5 is 6 to 9; the cages alone leave it any digit."""
    p = make(9, [0] * 81, None, cages=[Cage((5, 6, 7, 8), 22), Cage((1, 2, 3, 4, 13), 28)])
    outies = [x for x in hidden(p) if isinstance(x, SignedSum)]
    assert [(x.plus, x.minus, x.total - 10) for x in outies] == [((0,), (13,), -5)]
    cand = engine.start(p, engine.plan_of(engine.shape_of(p)))
    assert cand[13] == 0b111100000


def test_hailstone_s_little_killers_cover_a_diagonal_and_add_up_to_iss_s_hidden_sums():
    """ISS's optimizer finds, on Hailstone (an X-sudoku with little killers crossing both
    diagonals), two 12-cell sums of 81 and 83 (its _addSumIntersectionHandler); so do we (they
    took its search from 43,507 nodes to 5,701: bench/bench_variant_nodes.py)."""
    p = dict(community())["iss Hailstone - little killer"]
    found = {(x.cells, x.low) for x in hidden(p) if isinstance(x, SumBounds)}
    names = {(tuple(sorted(f"r{c // 9 + 1}c{c % 9 + 1}" for c in cells)), total)
             for cells, total in found}
    assert ((("r2c4", "r3c4", "r3c5", "r4c2", "r4c3", "r5c3", "r5c7", "r6c7", "r6c8",
              "r7c5", "r7c6", "r8c6"), 81) in names)
    assert ((("r2c6", "r3c5", "r3c6", "r4c7", "r4c8", "r5c3", "r5c7", "r6c2", "r6c3",
              "r7c4", "r7c5", "r8c4"), 83) in names)


def snake_cages(s, rng, most: int = 6) -> list[tuple[int, ...]]:
    """The grid cut along a snake (down the rows or the columns) into cages of up to `most`
    cells whose digits differ in solution `s`."""
    order = [r * 9 + (c if r % 2 == 0 else 8 - c) for r in range(9) for c in range(9)]
    if rng.random() < 0.5:
        order = [(c if r % 2 == 0 else 8 - c) * 9 + r for r in range(9) for c in range(9)]
    cages, cage = [], []
    for c in order:
        if len(cage) == most or s[c] in [s[x] for x in cage]:
            cages.append(tuple(sorted(cage)))
            cage = []
        cage.append(c)
    return cages + [tuple(sorted(cage))]


def test_9x9_killers_of_long_cages_count_as_cpsat_with_the_combined_and_gap_sums():
    """9x9 killers cut whole into cages of 6 cells or so (they merge: ISS's combined sums),
    a small cage or two without its number (the cells left, under 9, add up to the rest:
    ISS's gap sum), little killers, a few givens: counts as CP-SAT's."""
    from tests.core.variants.cpsat import cpsat_count

    rng = random.Random("long cages")
    merged = gaps = 0
    for _ in range(8):
        s = solution_grid(9, rng)
        cut = snake_cages(s, rng)
        blank = {c for c in cut if len(c) < 5 and rng.random() < 0.6}
        cages = [Cage(c, None if c in blank else sum(s[x] for x in c)) for c in cut]
        shown = set(rng.sample(range(81), rng.randint(4, 10)))
        p = make(9, [s[c] if c in shown else 0 for c in range(81)], None, cages=cages,
                 little=_clues(9, s, rng, rng.randint(0, 2)))
        peers = [set(q) for q in engine.plan_of(engine.shape_of(p)).peers]
        merged += len(shapes.combined_sums(p, peers))
        gaps += 0 < sum(len(c) for c in blank) < 9
        assert count(p, 2).count == cpsat_count(p, 2), p
    assert merged and gaps  # the sums were there to be checked


def test_the_hard_killer_s_two_long_cages_merge_into_iss_s_combined_sum():
    """ISS's _makeCombinedSumHandlers merges, on Killer sudoku [0 cage, hard], the cages of
    28 (r6c2-4, r7c1-2, r8c1) and 21 (r7c3-6, r8c2-3) into one sum of 49; so do we."""
    p = dict(community())["iss Killer sudoku [0 cage, hard]"]
    peers = [set(q) for q in engine.plan_of(engine.shape_of(p)).peers]
    found = [(x.cells, x.low) for x in shapes.combined_sums(p, peers)]
    assert found == [((46, 47, 48, 54, 55, 56, 57, 58, 59, 63, 64, 65), 49)]
    assert count(p, 2).count == 1


def test_the_cages_of_a_row_leave_the_rest_of_the_row_the_digits_they_lack():
    """Row 1: a cage of 5 over r1c5-6 ({1, 4} or {2, 3}) and one of 13 over r1c7-9. The
    innie r1c1-4 adds up to 27, so the five cage cells hold a set of 18 (ISS's complement
    cells of the innie's sum): with the pair's 5, r1c7-9 hold 13 without 1 and 4, or without
    2 and 3, so never a 9 (9 would need 1 and 3, or 3 and 1). The cages and the innie alone
    leave the 9."""
    p = make(9, [0] * 81, None, cages=[Cage((4, 5), 5), Cage((6, 7, 8), 13)])
    cand = engine.start(p, engine.plan_of(engine.shape_of(p)))
    assert [m >> 8 & 1 for m in cand[6:9]] == [0, 0, 0]


def test_a_little_killer_whole_in_a_box_leaves_the_rest_of_the_box_what_is_left():
    """6x6: a little killer of 10 over r1c2 and r2c1, both in box 1 (its bounds leave them 4
    to 6); the rest of box 1 adds up to 21 - 10 = 11 in four different digits: 1, 2, 3 and 5
    (ISS's hidden cage over a little killer), and the 5 that set requires leaves r1c2 and
    r2c1, which see all its places (the required digits' step): they hold 4 and 6. The
    little killer alone leaves them any."""
    p = make(6, [0] * 36, None, little=[LittleKiller(-1, 2, "DL", 10)])
    assert p.little[0].cells == (1, 6)
    cand = engine.start(p, engine.plan_of(engine.shape_of(p)))
    assert [cand[c] for c in (1, 6)] == [0b101000] * 2
    assert [cand[c] for c in (0, 2, 7, 8)] == [0b010111] * 4


def test_cliques_group_cells_that_all_see_each_other():
    """propagators.cliques (a sum's groups of different digits, the optimizer's scores):
    every position once, each group's cells pairwise peers; a cell twice stays alone."""
    from core.variants.propagators import cliques

    p = make(9, [0] * 81, None)
    peers = [set(q) for q in engine.plan_of(engine.shape_of(p)).peers]
    assert cliques((0, 1, 9, 40), peers) == ((0, 1, 2), (3,))
    assert cliques((0, 0, 1), peers) in (((0, 2), (1,)), ((0,), (1, 2)), ((0,), (1,), (2,)))
    rng = random.Random("cliques")
    for _ in range(300):
        cells = tuple(rng.sample(range(81), rng.randint(1, 30)))
        groups = cliques(cells, peers)
        assert sorted(i for g in groups for i in g) == list(range(len(cells)))
        for g in groups:
            assert all(cells[j] in peers[cells[i]] for i in g for j in g if i != j)
        row = tuple(range(9 * (cells[0] // 9), 9 * (cells[0] // 9) + 9))
        assert len(cliques(row, peers)) == 1
