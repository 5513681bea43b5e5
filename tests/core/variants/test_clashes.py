"""engine.clashes and rules.keeps gather a shape's rules once (rules.gathered, cached by the
puzzle with its givens blank): the clashes are still exactly the givens that break a rule at
sight, on every kind, and a second puzzle of the same shape gets its own givens' answers."""

import random

from core.variants import engine, rules
from core.variants.cell_clues import PARITY
from core.variants.groups import PENCILS
from tests.core.variants.helpers import every_kind, random_puzzle


def clashes_walked(p):
    """The clashes found by walking the rules afresh (the reference)."""
    found, g, s = set(), p.givens, p.shift
    for cells, _ in rules.units(p):
        for i, a in enumerate(cells):
            for b in cells[i + 1:]:
                if g[a] and g[a] == g[b] and not any(g[c] == g[a] for c in cells[:i]):
                    found.add((a, b))
    found |= {(a, b) for a, b, _ in rules.chess_pairs(p) if g[a] and g[a] == g[b]}
    for (a, b), tests in rules.pair_rules(p).items():
        if g[a] and g[b] and not all(rules.RELATIONS[k](g[a] - s, g[b] - s) == holds
                                     for k, holds in tests):
            found.add((a, b))
    found |= {(c,) for kind in PARITY for c in kind.cells(p)
              if g[c] and not kind.allows(g[c], p.size, s)}
    found |= {(c,) for kind in PENCILS for c, digits in kind.items(p)
              if g[c] and not digits >> (g[c] - 1) & 1}
    return tuple(sorted(found))


def scrambled(p, rng):
    """The puzzle with a few givens changed to any digit (most then clash somewhere)."""
    g = list(p.givens)
    for c in rng.sample(range(p.cells), 3):
        g[c] = rng.randint(0, p.size)
    return p.with_givens(g)


def test_clashes_are_the_rules_walked_afresh_on_every_kind():
    rng = random.Random(11)
    clashing = clean = 0
    for kind, _, p in every_kind(rng, 3, lambda size: rng.randint(2, size * 2)):
        for q in (p, scrambled(p, rng), scrambled(p, rng)):
            said = engine.clashes(q)
            assert said == clashes_walked(q), (kind, q)
            assert engine.count(q, 2).clashes == said
            clashing += bool(said)
            clean += not said
    assert clashing > 20 and clean > 20  # both answers met often


def test_a_shape_asked_again_answers_for_its_own_givens():
    n = 4
    blank = random_puzzle("thermo", n, random.Random(3), 0)
    first = blank.with_givens((1, 1) + (0,) * (n * n - 2))  # two 1s in row 1
    second = blank.with_givens((0,) * (n * n - 2) + (2, 2))  # two 2s in row 4
    assert engine.clashes(first) == ((0, 1),)
    assert engine.clashes(second) == ((n * n - 2, n * n - 1),)
    assert engine.clashes(blank) == ()
    solution = engine.count(blank, 1).solutions[0]
    given = blank.with_givens(solution[:1] + (0,) * (n * n - 1))
    other = blank.with_givens((solution[0] % n + 1,) + (0,) * (n * n - 1))
    assert rules.keeps(given)(solution)
    assert not rules.keeps(other)(solution)  # its given r1c1 is not the solution's


def test_cliques_of_cells_that_all_see_each_other_is_the_better_of_both_ways():
    """propagators.cliques answers at once when every cell sees every other: the same groups
    as the better of its two greedy ways, on cell lists of houses and of anywhere (a cell
    twice too)."""
    from core.variants import propagators as pr
    from core.variants.model import make

    rng = random.Random(2)
    for n in (4, 6, 9):
        plan = engine.plan_of(engine.shape_of(make(n, None, None)))
        peers = [set(q) for q in plan.peers]
        whole = 0
        for _ in range(600):
            base = rng.choice(plan.houses) if rng.random() < 0.5 else range(n * n)
            k = rng.randint(0, min(len(base), 12))
            cells = (tuple(rng.choice(base) for _ in range(k)) if rng.random() < 0.2
                     else tuple(rng.sample(base, k)))
            near = [sum(1 << j for j, q in enumerate(cells) if q in peers[c]) for c in cells]
            first, grown = pr._first_fit(cells, near), pr._grown(cells, near)
            better = grown if (sum(len(g) ** 2 for g in grown)
                               > sum(len(g) ** 2 for g in first)) else first
            assert pr.cliques(cells, peers) == better, cells
            whole += len(better) == 1
        assert whole > 100  # the quick answer met often
