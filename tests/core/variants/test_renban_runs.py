"""A renban's run, tried digit set by digit set, keeps in each cell exactly the digits the cell
takes in some way of giving the line's cells the run's digits one each (lines.run_matchings,
C's run_matchings): a cell whose only digit of the run is 7 takes the 7 from the others
(ISS's BinaryPairwise takes it out pairwise; the search of Hard renban 2 kept such digits).
Against the brute force of the rule on random candidates, at the root on both engines, and
counts against the brute force on small grids with renbans and anti-king."""

import itertools
import random

import pytest

from core.variants.engine import count
from core.variants.lines import Renban, run_matchings
from core.variants.model import Line, make
from tests.core.variants.helpers import brute_count, propagated, random_mixed


def _bits(digits: str) -> int:
    return sum(1 << (int(d) - 1) for d in digits)


def test_a_cells_only_digit_of_a_run_leaves_the_other_cells(engine):
    # r1c1 r1c2 r1c3 of 27 / 1568 / 3-9: in the run 5-7 r1c1 is the 7, so r1c3 holds 5 or 6
    # there; 6-8 leaves it 6 or 8, 7-9 the 9 and 1-3 the 3: never the 7 (main kept it)
    p = make(9, None, lines=[Line("renban", (0, 1, 2))])
    cand = [0b111111111] * 81
    cand[0], cand[1], cand[2] = _bits("27"), _bits("1568"), _bits("356789")
    got = propagated(p, cand)
    assert got[2] == _bits("35689")
    assert got[0] == _bits("27") and got[1] == _bits("1568")


def test_a_run_whose_cells_cannot_all_differ_is_out(engine):
    # 4 / 4 / 345 on a line of three: the runs 2-4, 3-5 and 4-6 all need the 4 twice
    p = make(6, None, lines=[Line("renban", (0, 7, 14))])
    cand = [0b111111] * 36
    cand[0], cand[7], cand[14] = _bits("4"), _bits("45"), _bits("45")
    assert propagated(p, cand) is None


def _brute_kept(cand, k: int, n: int) -> list[int] | None:
    """Per cell, the digits some filling of the line keeps (different digits forming a run of
    k consecutive ones, each its cell's candidate); None: there is none."""
    kept, found = [0] * k, False
    for digits in itertools.product(*[[d for d in range(1, n + 1) if m >> (d - 1) & 1]
                                      for m in cand]):
        if len(set(digits)) == k and max(digits) - min(digits) == k - 1:
            found = True
            for i, d in enumerate(digits):
                kept[i] |= 1 << (d - 1)
    return kept if found else None


@pytest.mark.parametrize("n", [6, 9])
def test_the_prune_keeps_exactly_what_some_filling_keeps(n):
    """Random candidates on lines of 2-5 cells: the prune leaves each cell the digits of the
    fillings that keep the rule, no more (main kept more on 1 in 5 of these), no less."""
    rng = random.Random(f"renban-runs-{n}")
    narrowed = 0
    for _ in range(600):
        k = rng.randint(2, 5)
        cand = [rng.getrandbits(n) | rng.getrandbits(n) or 1 for _ in range(k)]
        got = cand[:]
        changed = Renban(tuple(range(k)), n).prune(got)
        want = _brute_kept(cand, k, n)
        if want is None:
            assert changed is None, cand
            continue
        assert changed is not None and got == want, (cand, got, want)
        narrowed += got != cand
    assert narrowed >= 100


def test_run_matchings_against_every_assignment():
    rng = random.Random("run-matchings")
    for _ in range(400):
        k = rng.randint(1, 6)
        masks = [rng.getrandbits(k) for _ in range(k)]
        kept, found = [0] * k, False
        for digits in itertools.permutations(range(k)):
            if all(masks[i] >> d & 1 for i, d in enumerate(digits)):
                found = True
                for i, d in enumerate(digits):
                    kept[i] |= 1 << d
        assert run_matchings(masks) == (kept if found else None), masks


@pytest.mark.parametrize("n", [4, 6])
def test_renbans_with_anti_king_count_as_the_brute_force(engine, n):
    rng = random.Random(f"renban-runs-count-{n}")
    for _ in range(10 if n == 4 else 6):
        choices = [("renban", "renban", "antiking"), ("renban", "renban", "renban"),
                   ("renban", "thermo", "antiking")]
        p = random_mixed(n, rng, choices, (0, 2) if n == 4 else (6, 10))
        assert count(p, 300).count == brute_count(p, 300), p
