"""The variants counter against an independent brute force, for every constraint, on 4x4 and
6x6 grids (a wrong count is the worst bug this tool can have)."""

import random

import pytest

from core.variants.engine import count
from core.variants.model import Line, make, parts_of
from tests.core.variants.helpers import KINDS, brute_count, random_puzzle

pytestmark = pytest.mark.usefixtures("engine")  # on both engines

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
    for _ in range(12):
        a, b = rng.sample([k for k in KINDS if k != "jigsaw"], 2)
        p1 = random_puzzle(a, 6, rng, givens=10)
        p2 = random_puzzle(b, 6, random.Random(rng.random()), givens=0)
        one, two = parts_of(p1), parts_of(p2)
        both = {key: (one[key] | two[key]) if isinstance(one[key], frozenset)
                else tuple(one[key]) + tuple(two[key]) for key in one}
        try:
            p = make(6, p1.givens, None, **both)
        except ValueError:
            continue  # two marks on one pair, or alike
        assert count(p, CAP).count == brute_count(p, CAP), (a, b, p)


def test_a_whisper_that_comes_back_to_a_cell_counts_as_the_brute_force_says():
    """A whisper's rule is on each step, so a line round a loop (ending where it starts) or
    through a cell twice is read and counted: checked against the brute force on 4x4."""
    for cells in ((0, 1, 5, 4, 0), (0, 1, 5, 6, 2, 1, 0), (5, 6, 10, 9, 5, 6)):
        for givens in ([0] * 16, [1] + [0] * 15, [0] * 5 + [2] + [0] * 10):
            p = make(4, givens, lines=[Line("whisper", cells, 2)])
            want = brute_count(p, 50)
            assert count(p, 50).count == want, (cells, givens)
