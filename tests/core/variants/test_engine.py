"""The variants counter against an independent brute force, for every constraint, on 4x4 and
6x6 grids (a wrong count is the worst bug this tool can have)."""

import random

import pytest

from core.variants.engine import count
from core.variants.model import make
from tests.core.variants.helpers import KINDS, brute_count, random_puzzle

CAP = 400


@pytest.mark.parametrize("kind", KINDS)
def test_4x4_counts_match_brute_force(kind):
    rng = random.Random(f"4-{kind}")
    for _ in range(12):
        p = random_puzzle(kind, 4, rng, givens=rng.randint(0, 3))
        expected = brute_count(p, CAP)
        assert count(p, CAP).count == expected, (kind, p)


@pytest.mark.parametrize("kind", KINDS)
def test_6x6_counts_match_brute_force(kind):
    rng = random.Random(f"6-{kind}")
    for _ in range(4):
        p = random_puzzle(kind, 6, rng, givens=rng.randint(9, 11))
        expected = brute_count(p, CAP)
        assert count(p, CAP).count == expected, (kind, p)


def test_combined_constraints_on_6x6():
    rng = random.Random("mixed")
    for _ in range(6):
        a, b = rng.sample([k for k in KINDS if k != "jigsaw"], 2)
        p1 = random_puzzle(a, 6, rng, givens=10)
        p2 = random_puzzle(b, 6, random.Random(rng.random()), givens=0)
        try:
            p = make(6, p1.givens, None, rules=p1.rules | p2.rules, extra=p1.extra + p2.extra,
                     even=p1.even + p2.even, odd=p1.odd + p2.odd,
                     marks=[m for m in p1.marks + p2.marks],
                     negative=p1.negative | p2.negative, cages=p1.cages + p2.cages,
                     little=p1.little + p2.little, thermos=p1.thermos + p2.thermos,
                     arrows=p1.arrows + p2.arrows, sandwiches=p1.sandwiches + p2.sandwiches)
        except ValueError:
            continue  # two marks on one pair, or alike
        assert count(p, CAP).count == brute_count(p, CAP), (a, b, p)
