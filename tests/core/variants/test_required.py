"""A digit every fitting set of a cage (or every run of a renban) holds, with two or more
places left, leaves every cell that sees all those places (propagators.required_places, as
ISS's HandlerUtil.enforceRequiredValueExclusions): at the root on both engines, against the
brute force of the prune itself, and counts against the brute force on small grids."""

import random

import pytest

from core import native
from core.variants import compiled
from core.variants.engine import count, plan_of, shape_of, start
from core.variants.lines import Renban
from core.variants.model import Line, make
from core.variants.propagators import CageSum, digit_sets
from core.variants.shapes import Cage
from tests.core.variants.helpers import brute_count, brute_kept, propagated, random_mixed


def _root(p):
    """The candidates of p after propagation at the root, on the engine the test runs."""
    plan = plan_of(shape_of(p))
    program = compiled.program(plan)[0] if native.variants is not None else None
    return start(p, plan, program)



def _cell(n, name):
    return (int(name[1]) - 1) * n + int(name[3]) - 1


def test_a_renbans_required_digits_leave_the_row_around_them(engine):
    # five different consecutive digits of 1-6 are 1-5 or 2-6: 2, 3, 4 and 5 always, and
    # all in row 1, so r1c6 holds 1 or 6
    p = make(6, None, lines=[Line("renban", tuple(range(5)))])
    cand = _root(p)
    assert cand[5] == 0b100001
    assert all(m == 0b111111 for m in cand[:5])
    assert count(p, 2).count == 2


def test_a_renbans_run_whose_digit_has_one_place_holds_it_there(engine):
    # r1c1 r1c2 r1c3 of 1-2-4-5 / 3-4 / 3-4: the run 1-3 would need 1 and 2 both in r1c1;
    # in 2-4 r1c1 is 2 (its only place), in 3-5 it is 5: r1c1 holds 2 or 5
    p = make(6, None, lines=[Line("renban", (0, 1, 2))])
    cand = [0b111111] * 36
    cand[0], cand[1], cand[2] = 0b11011, 0b1100, 0b1100
    got = propagated(p, cand)
    assert got[0] == 0b10010
    assert got[1] == got[2] == 0b1100


def test_a_cages_required_digits_leave_the_cells_seeing_all_of_them(engine):
    # r1c3 r1c4 r2c4 add up to 6: 1, 2 and 3, each in one of them; r1c5 and r1c6 see all
    # three (row 1, box 2), no other cell does, and no house holds the whole cage
    n = 9
    cage = Cage(tuple(_cell(n, x) for x in ("r1c3", "r1c4", "r2c4")), 6)
    p = make(n, None, cages=[cage])
    cand = _root(p)
    for name in ("r1c5", "r1c6"):
        assert cand[_cell(n, name)] == 0b111111000, name
    for name in ("r1c1", "r1c7", "r2c5", "r3c4", "r2c3"):
        assert cand[_cell(n, name)] == 0b111111111, name


@pytest.mark.parametrize("shape", ["renban", "cage"])
def test_the_prune_keeps_what_some_assignment_keeps_and_removes_what_none_does(shape):
    """Random candidates on 3-4 rule cells and 4 outside cells, each outside cell seeing a
    random part of the rule: the prune never removes a digit some assignment keeps (the
    outside cells' digits among them), and it does take digits from outside cells."""
    rng = random.Random(f"required-{shape}")
    n, tried = 6, 0
    for _ in range(400):
        k = rng.choice([3, 4])
        cells, outside = tuple(range(k)), tuple(range(k, k + 4))
        seen_by = {c: {q for q in outside if rng.random() < 0.6} for c in cells}
        cand = [rng.randint(1, 63) | rng.randint(1, 63) for _ in range(k + 4)]
        if shape == "renban":
            prop = Renban(cells, n)
            sets = {frozenset(range(low, low + k)) for low in range(1, n - k + 2)}
        else:
            total = rng.randint(k * (k + 1) // 2, sum(range(n - k + 1, n + 1)))
            prop = CageSum(cells, digit_sets(n, k, total))
            sets = {frozenset(d + 1 for d in range(n) if m >> d & 1) for m in prop.combos}
        prop.seen = tuple(sum(1 << q for q in seen_by[c]) for c in cells)
        got = cand[:]
        changed = prop.prune(got)
        want = brute_kept(cand, cells, outside, seen_by, lambda digits, sets=sets: (
            len(set(digits)) == len(digits) and frozenset(digits) in sets))
        if want is None:
            continue  # the prune may or may not see it: the engine's search does
        assert changed is not None, (cand, seen_by)
        for c, m in want.items():
            assert got[c] & m == m, (c, cand, got, want)  # never removes a kept digit
        tried += any(got[q] != cand[q] for q in outside)
    assert tried >= 20  # the exclusions ran on enough of them to mean something


@pytest.mark.parametrize("n", [4, 6])
def test_renbans_and_cages_count_as_the_brute_force(engine, n):
    rng = random.Random(f"required-count-{n}")
    for _ in range(8 if n == 4 else 5):
        choices = [("renban", "renban", "cage"), ("cage", "cage", "renban"),
                   ("renban", "antiknight"), ("cage", "extra")]
        p = random_mixed(n, rng, choices, (0, 2) if n == 4 else (6, 10))
        assert count(p, 300).count == brute_count(p, 300), p
