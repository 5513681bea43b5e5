"""rules.keeps (the search's fast safety net) answers exactly `not rules.broken` on every kind:
on solutions, and on solutions with one or two cells changed (most then break some rule,
some still keep them all)."""

import random

from core.variants import engine, rules
from tests.core.variants.helpers import every_kind


def test_keeps_is_not_broken_on_every_kind():
    rng = random.Random(5)
    kept = refused = 0
    for kind, size, p in every_kind(rng, 4, lambda size: rng.randint(0, size)):
        keeps = rules.keeps(p)
        for solution in engine.count(p, 5).solutions:
            grids = [solution]
            for _ in range(6):
                g = list(solution)
                for c in rng.sample(range(p.cells), rng.choice((1, 2))):
                    g[c] = rng.randint(1, size)
                grids.append(tuple(g))
            grids.append(tuple(solution[:-1]) + (size + 1,))  # not a digit of the grid
            for g in grids:
                said = rules.broken(p, g)  # a sandwich row without 1 or n said in words too
                assert keeps(g) == (not said), (kind, p, g)
                kept += keeps(g)
                refused += not keeps(g)
    assert kept > 100 and refused > 100  # both answers met often
