"""A between line's ends lie at least `gap` apart: one more than the most inner cells that
see each other (their digits differ, all strictly between the ends; ISS's minEndsDelta),
which also makes the ends differ: at the root on both engines, against the brute force of
the prune itself, and counts against the brute force."""

import itertools
import random

import pytest

from core.variants.engine import count
from core.variants.lines import Between
from core.variants.model import Line, make
from tests.core.variants.helpers import brute_count, random_mixed
from tests.core.variants.test_required import _cell, _root


def test_three_inner_cells_of_a_row_put_the_ends_four_apart(engine):
    # r1c2 r1c3 r1c4 hold three different digits strictly between r1c1 (given 3) and r2c4:
    # r2c4 is at least 3 + 4 = 7, and the inner cells lie in 4 to 8
    n = 9
    cells = tuple(_cell(n, x) for x in ("r1c1", "r1c2", "r1c3", "r1c4", "r2c4"))
    givens = [0] * (n * n)
    givens[cells[0]] = 3
    p = make(n, givens, lines=[Line("between", cells)])
    cand = _root(p)
    assert cand[cells[-1]] == 0b111000000
    assert all(cand[c] == 0b011111000 for c in cells[1:4])


def test_inner_cells_apart_leave_the_ends_closer(engine):
    # r3c3 and r4c4 share no row, column or box: they may both be 4, so with r2c2 given 3
    # the end r5c5 may be 5 (or 1, both inner cells 2)
    n = 9
    cells = tuple(_cell(n, x) for x in ("r2c2", "r3c3", "r4c4", "r5c5"))
    givens = [0] * (n * n)
    givens[cells[0]] = 3
    p = make(n, givens, lines=[Line("between", cells)])
    assert _root(p)[cells[-1]] == 0b111110001
    assert count(p.with_givens(4 if c in cells[1:3] else 5 if c == cells[-1] else v
                               for c, v in enumerate(givens)), 1).count == 1


def _brute_kept(cand, k, sees):
    """Per position, the digits some assignment keeps: the inner digits strictly between
    the ends', two inner cells that see each other different. None: no assignment."""
    kept, found = [0] * k, False
    for digits in itertools.product(*[[d for d in range(1, 7) if cand[i] >> (d - 1) & 1]
                                      for i in range(k)]):
        low, high = sorted((digits[0], digits[-1]))
        if not all(low < d < high for d in digits[1:-1]):
            continue
        if any(digits[i] == digits[j] for i, j in sees):
            continue
        found = True
        for i, d in enumerate(digits):
            kept[i] |= 1 << (d - 1)
    return kept if found else None


def test_the_prune_keeps_what_some_assignment_keeps():
    """Random candidates on lines of 3-6 cells, random pairs of inner cells seeing each other
    (the gap from the largest group of them all seeing each other): the prune never removes a
    digit some assignment keeps, and the gap does remove some."""
    from core.variants.engine import seeing_each_other
    rng = random.Random("between-gap")
    trimmed = 0
    for _ in range(600):
        k = rng.randint(3, 6)
        inner = range(1, k - 1)
        sees = [(i, j) for i in inner for j in inner if i < j and rng.random() < 0.7]
        peer_of = {i: set() for i in range(k)}
        for i, j in sees:
            peer_of[i].add(j)
            peer_of[j].add(i)
        cand = [rng.randint(1, 63) | rng.randint(1, 63) for _ in range(k)]
        prop = Between(tuple(range(k)), 6)
        plain = cand[:]
        prop.prune(plain)  # gap 2: the ends only differ
        prop.gap = 1 + seeing_each_other(prop.inner, peer_of)
        got = cand[:]
        changed = prop.prune(got)
        want = _brute_kept(cand, k, sees)
        if want is None:
            continue
        assert changed is not None, (cand, sees)
        for i, m in enumerate(want):
            assert got[i] & m == m, (i, cand, got, want, sees)
        trimmed += got != plain
    assert trimmed >= 20


@pytest.mark.parametrize("n", [4, 6])
def test_between_lines_count_as_the_brute_force(engine, n):
    rng = random.Random(f"between-count-{n}")
    for _ in range(8 if n == 4 else 5):
        choices = [("between", "between"), ("between", "antiknight"), ("between", "quad"),
                   ("between", "extra")]
        p = random_mixed(n, rng, choices, (0, 2) if n == 4 else (5, 9))
        assert count(p, 300).count == brute_count(p, 300), p
