"""The counter's newer reasoning, each against the brute force or CP-SAT on puzzles chosen to
lean on it: negative constraints as placement forbids, sums with holes (arrows and little
killers over even/odd cells), locked candidates between irregular regions, extra regions and
chess moves, skyscrapers' walks, and the conflict-weighted branching on two real zero-given
arrow puzzles."""

import itertools
import random

import pytest

from core.variants.engine import count, locked_candidates
from core.variants.lines import Skyscraper
from core.variants.model import Outside, make
from core.variants.propagators import sum_supports
from core.variants.shapes import Arrow, LittleKiller
from tests.core.variants.helpers import (
    JIGSAW_6,
    brute_count,
    mixed_parts,
    solution_grid,
)

CAP = 400


def _mixed(n, kinds, rng, givens, regions=None):
    s = solution_grid(n, rng)
    parts = mixed_parts(kinds, n, s, rng)
    pairs = {}
    for mark in parts.get("marks", []):
        pairs.setdefault(frozenset((mark.a, mark.b)), mark)
    parts["marks"] = list(pairs.values())
    p = make(n, None, regions, **parts)
    cells = set(rng.sample(range(n * n), givens))
    return p.with_givens(s[c] if c in cells else 0 for c in range(n * n))


@pytest.mark.parametrize("n", [4, 6])
def test_every_negative_constraint_at_once(n):
    rng = random.Random(f"negatives-{n}")
    for _ in range(6):
        p = _mixed(n, ("white", "black", "x", "v"), rng,
                   givens=rng.randint(0, 3) if n == 4 else rng.randint(9, 11))
        p = make(n, p.givens, None, marks=p.marks, negative={"white", "black", "x", "v"})
        assert count(p, CAP).count == brute_count(p, CAP), p


def test_sums_with_holes_over_parity_cells():
    rng = random.Random("holes")
    for _ in range(5):
        p = _mixed(6, ("arrow", "arrow", "little", "evenodd", "evenodd"), rng,
                   givens=rng.randint(8, 11))
        assert count(p, CAP).count == brute_count(p, CAP), p


def test_locked_candidates_between_irregular_regions_and_chess_moves():
    rng = random.Random("locked")
    for _ in range(6):
        kinds = rng.choice([("extra", "antiknight"), ("antiking", "diagonal"), ("extra",)])
        p = _mixed(6, kinds, rng, givens=rng.randint(7, 10), regions=JIGSAW_6)
        assert count(p, CAP).count == brute_count(p, CAP), p


def test_skyscraper_keeps_every_digit_a_row_of_different_digits_uses():
    rng = random.Random("skyscraper")
    for _ in range(600):
        n = rng.choice([3, 4, 5, 6])
        cells = rng.sample(range(n), n)
        total = rng.randint(1, n)
        cand = [rng.randint(1, (1 << n) - 1) for _ in range(n)]
        want = [0] * n  # the digits of the rows that show `total`, each digit once
        for row in itertools.permutations(range(1, n + 1)):
            if all(cand[c] >> (d - 1) & 1 for c, d in zip(cells, row, strict=True)) and \
                    sum(d > max(row[:i], default=0) for i, d in enumerate(row)) == total:
                for c, d in zip(cells, row, strict=True):
                    want[c] |= 1 << (d - 1)
        got = cand[:]
        changed = Skyscraper(cells, total, n).prune(got)
        if changed is None:
            assert not any(want), (cand, cells, total)
        else:  # sound: no digit of such a row is lost; the changed cells are named
            assert all(w & ~g == 0 for w, g in zip(want, got, strict=True)), (cand, cells)
            assert sorted(changed) == [c for c in range(n) if got[c] != cand[c]]


@pytest.mark.parametrize("n", [4, 6])
def test_skyscraper_clues_count_as_the_brute_force(n):
    rng = random.Random(f"skyscrapers-{n}")
    for _ in range(8):
        clues = [Outside("skyscraper", rng.choice(["row", "col"]), rng.randrange(n),
                         rng.random() < 0.5, rng.randint(1, n)) for _ in range(rng.randint(2, 5))]
        p = make(n, None, None, outside=clues)
        s = solution_grid(n, rng)
        cells = set(rng.sample(range(n * n), rng.randint(0, 3) if n == 4 else rng.randint(8, 14)))
        p = p.with_givens(s[c] if c in cells else 0 for c in range(n * n))
        assert count(p, CAP).count == brute_count(p, CAP), p


def test_sum_supports_keeps_exactly_the_digits_some_sum_uses():
    cand = [0b1010, 0b0110, 0b1111]  # {2,4}, {2,3}, {1,2,3,4}
    changed: list = []
    totals = sum_supports(cand, (0, 1, 2), 1 << 6, changed)
    assert totals == 1 << 6
    assert cand == [0b0010, 0b0110, 0b0011]  # 2+2+2, 2+3+1: 4 and 3, 4 in the last go
    assert sorted(changed) == [0, 2]


def test_locked_candidates_clear_the_cells_every_place_sees():
    peers = [0b0110, 0b0101, 0b0011, 0b0000]  # cells 0 and 1 both see cell 2
    cand = [0b011, 0b011, 0b111, 0b001]
    assert set(locked_candidates(cand, (0, 1), peers)) == {2}  # digits 1 and 2 leave it
    assert cand == [0b011, 0b011, 0b100, 0b001]
    cand = [0b011, 0b011, 0b111, 0b001]  # the same, told the house's cells (not looked at)
    assert set(locked_candidates(cand, (0, 1), peers, inside=0b0011)) == {2}
    assert cand == [0b011, 0b011, 0b100, 0b001]


def test_real_zero_given_arrow_puzzles_agree_with_cpsat():
    from tests.core.variants.cpsat import cpsat_count

    eddies = make(9, None, None, even=(10, 16, 64, 70), odd=(30, 32, 48, 50), arrows=[
        Arrow((18,), (9, 1)), Arrow((20,), (12, 3)), Arrow((20,), (21, 31, 40)),
        Arrow((22,), (13, 4)), Arrow((25,), (15, 7)), Arrow((38,), (37, 36)),
        Arrow((42,), (43, 44)), Arrow((46,), (56,)), Arrow((54,), (63, 73, 65)),
        Arrow((58,), (67, 76)), Arrow((62,), (71, 80, 79))])
    found = count(eddies, 2)
    assert found.count == cpsat_count(eddies, 2) == 1
    assert "".join(map(str, found.solution)) == (
        "526419837148375269397286154654921378279834615831567492783192546462753981915648723")
    orbit = make(9, None, None, arrows=[
        Arrow((20,), (28, 36, 46)), Arrow((22,), (30,)), Arrow((24,), (14, 4, 12)),
        Arrow((38,), (48,)), Arrow((42,), (32,)), Arrow((56,), (66, 76, 68)),
        Arrow((58,), (50,)), Arrow((60,), (52, 44, 34))], little=[
        LittleKiller(-1, 2, "DL", 6), LittleKiller(-1, 6, "DL", 38),
        LittleKiller(2, -1, "DR", 43), LittleKiller(2, 9, "UL", 7),
        LittleKiller(6, -1, "DR", 9), LittleKiller(6, 9, "UL", 47),
        LittleKiller(9, 2, "UR", 42), LittleKiller(9, 6, "UR", 8)])
    found = count(orbit, 2)
    assert found.count == cpsat_count(orbit, 2) == 1
    assert "".join(map(str, found.solution)) == (
        "654817329189263475237549681925471836473658192816392547368725914592184763741936258")
