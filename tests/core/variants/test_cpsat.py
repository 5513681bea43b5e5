"""The variants counter against OR-Tools CP-SAT on 9x9 puzzles of each family of constraint
(few and fast: the 4x4 and 6x6 brute force covers the rest)."""

import random
import time

import pytest

from core.variants.engine import count
from core.variants.model import make
from tests.core.variants.cpsat import cpsat_count
from tests.core.variants.helpers import constraint_parts, solution_grid

pytestmark = pytest.mark.usefixtures("engine")  # on both engines

JIGSAW_9 = tuple(int(ch) for ch in (
    "000111222"
    "000111222"
    "003114222"
    "033144555"
    "333444555"
    "336444558"
    "366777588"
    "666777888"
    "666777888"))
GROUPS = {
    "killer": ("cage", "cage", "cage", "cage-nosum"),
    "jigsaw": ("jigsaw",),
    "xv": ("x", "v"),
    "kropki": ("white", "black", "less"),
    "lines": ("thermo", "arrow", "pill", "sandwich", "little", "evenodd"),
    "knight": ("antiknight", "diagonal"),
    "king": ("antiking", "extra", "disjoint"),
    "whispers": ("whisper", "renban", "candidates"),
    "sum lines": ("regionsum", "zipper", "doublearrow"),
    "mirrors": ("palindrome", "clone", "between"),
    "thirds": ("entropic", "modular", "slowthermo"),
    "nabner": ("nabner", "quad", "minmax"),
    "lockout": ("lockout", "lockout", "palindrome"),
    "indexers": ("rowindexer", "columnindexer", "boxindexer"),
    "outside": ("xsum", "skyscraper", "white-k", "black-k"),
}


def puzzle(group: str, seed: int):
    rng = random.Random(f"{group}-{seed}")
    s = solution_grid(9, rng)
    parts: dict = {}
    for kind in GROUPS[group]:
        for key, value in constraint_parts(kind, 9, s, rng).items():
            if key == "regions":
                parts[key] = JIGSAW_9
            elif isinstance(value, set):
                parts[key] = parts.get(key, set()) | value
            else:
                parts[key] = list(parts.get(key, [])) + list(value)
    regions = parts.pop("regions", None)
    pairs = {}
    for mark in parts.get("marks", []):  # one mark a pair (a 1-2 pair fits white and black)
        pairs.setdefault(frozenset((mark.a, mark.b)), mark)
    parts["marks"] = list(pairs.values())
    p = make(9, None, regions, **parts)
    deadline = time.monotonic() + 0.3  # some blank grids take long to prove empty: skip them
    own = count(p, 3, lambda: time.monotonic() > deadline).solutions
    if own:
        s = rng.choice(own)
    cells = set(rng.sample(range(81), rng.randint(18, 26)))
    return p.with_givens(s[c] if c in cells else 0 for c in range(81))


@pytest.mark.parametrize("group", sorted(GROUPS))
def test_9x9_counts_agree_with_cpsat(group):
    for seed in range(2):
        p = puzzle(group, seed)
        assert count(p, 2).count == cpsat_count(p, 2), (group, seed, p)
