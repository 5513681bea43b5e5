"""A quadruple's listed digit, with two or more places left among its cells, leaves every
cell that sees all those places (lines.Quadruple with the plan's `seen`, through
propagators.required_places, as ISS's RequiredValues does): at the root on both engines,
against the brute force of the prune itself, and counts against the brute force."""

import random

import pytest

from core.variants.engine import count
from core.variants.groups import Quad
from core.variants.lines import Quadruple
from core.variants.model import make
from tests.core.variants.helpers import brute_count, brute_kept, random_mixed
from tests.core.variants.test_required import _cell, _root


def _cells(n, *names):
    return tuple(_cell(n, x) for x in names)


def test_a_quadruples_digit_leaves_the_rest_of_its_box(engine):
    # the quadruple in box 1's corner lists 1: the 1 of box 1 is one of its four cells, so
    # the box's other five cells hold no 1; row 1 and column 1 outside the box still may
    n = 9
    quad = _cells(n, "r1c1", "r1c2", "r2c1", "r2c2")
    p = make(n, None, quads=[Quad(quad, (1,))])
    cand = _root(p)
    for name in ("r1c3", "r2c3", "r3c1", "r3c2", "r3c3"):
        assert cand[_cell(n, name)] == 0b111111110, name
    for name in ("r1c1", "r2c2", "r1c4", "r4c1", "r9c9"):
        assert cand[_cell(n, name)] == 0b111111111, name


def test_a_quadruples_digit_with_two_places_in_a_row_leaves_the_row(engine):
    # the 2 given in r2c5 takes 2 from r2c1 and r2c2: the quadruple's 2 is in r1c1 or r1c2,
    # so the rest of row 1 (and of box 1) holds no 2
    n = 9
    quad = _cells(n, "r1c1", "r1c2", "r2c1", "r2c2")
    givens = [0] * (n * n)
    givens[_cell(n, "r2c5")] = 2
    p = make(n, givens, quads=[Quad(quad, (2, 7))])
    cand = _root(p)
    for name in ("r1c3", "r1c6", "r1c9", "r3c1", "r3c3"):
        assert not cand[_cell(n, name)] & 0b10, name
    for name in ("r1c1", "r1c2"):
        assert cand[_cell(n, name)] & 0b10, name
    # 7 has four places: only box 1's other cells see them all
    assert not cand[_cell(n, "r3c2")] & 1 << 6
    assert cand[_cell(n, "r1c9")] & 1 << 6


def test_a_quadruple_across_four_boxes_takes_nothing_outside(engine):
    # r3c3 r3c4 r4c3 r4c4 lie in four boxes: no cell sees all four
    n = 9
    quad = _cells(n, "r3c3", "r3c4", "r4c3", "r4c4")
    p = make(n, None, quads=[Quad(quad, (5,))])
    assert all(m == 0b111111111 for m in _root(p))


@pytest.mark.parametrize("exact", [False, True])
def test_the_prune_keeps_what_some_assignment_keeps(exact):
    """Random candidates on 4 quadruple cells (1-4 listed digits, repeats allowed) and 4
    outside cells, each seeing a random part of the quadruple: the prune never removes a
    digit some assignment keeps, and it does take digits from outside cells."""
    rng = random.Random(f"quadruple-required-{exact}")
    cells, outside, tried = (0, 1, 2, 3), (4, 5, 6, 7), 0
    for _ in range(400):
        listed = tuple(rng.choice(range(1, 7)) for _ in range(rng.randint(1, 4)))
        seen_by = {c: {q for q in outside if rng.random() < 0.7} for c in cells}
        cand = [rng.randint(1, 63) | rng.randint(1, 63) for _ in range(8)]
        prop = Quadruple(cells, listed, exact=exact)
        prop.seen = tuple(sum(1 << q for q in seen_by[c]) for c in cells)
        got = cand[:]
        changed = prop.prune(got)
        needs = {d: listed.count(d) for d in listed}
        want = brute_kept(cand, cells, outside, seen_by, lambda digits, needs=needs: all(
            digits.count(d) == t if exact else digits.count(d) >= t for d, t in needs.items()))
        if want is None:
            continue  # the prune may or may not see it: the engine's search does
        assert changed is not None, (cand, listed, seen_by)
        for c, m in want.items():
            assert got[c] & m == m, (c, cand, got, want, listed)  # never removes a kept digit
        tried += any(got[q] != cand[q] for q in outside)
    assert tried >= 20  # the exclusions ran on enough of them to mean something


@pytest.mark.parametrize("n", [4, 6])
def test_quadruples_count_as_the_brute_force(engine, n):
    rng = random.Random(f"quadruple-count-{n}")
    for _ in range(8 if n == 4 else 5):
        choices = [("quad", "quad"), ("quad", "antiknight"), ("quad", "extra"), ("quad", "renban")]
        p = random_mixed(n, rng, choices, (0, 2) if n == 4 else (6, 10))
        assert count(p, 300).count == brute_count(p, 300), p
