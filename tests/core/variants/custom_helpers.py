"""Random rules no kind names that a known grid keeps (tests/core/variants/test_custom_rules.py
counts them; the differential corpus runs them on both engines). Whether a grid keeps a rule is
asked of `rule_ok`, the tests' own statement of each rule."""

from __future__ import annotations

import itertools
import random

from core.sudoku.generator import random_solution
from core.sudoku.model import Shape
from core.variants import model
from core.variants.model import make

FORMULAS = ("abs(a-b) >= 2", "a + b == 5", "a < b", "a % 2 != b % 2", "a != b and a + b != 5",
            "not (a == b + 1 or b == a + 1)", "max(a, b) - min(a, b) <= 2", "a * b >= 6",
            "a // 2 == b // 2 or a > b", "1 <= a - b <= 2 or b - a == 3")


# --- random rules that a known grid keeps ---------------------------------------------------

def _kept(p, rule, grid) -> bool:
    """The engine's own statement of a rule (enough to build rules a grid keeps)."""
    return model.RULE_RECORDS[rule.kind].holds(p, rule, grid)


def _path(n, rng, length):
    cell = rng.randrange(n * n)
    path = [cell]
    while len(path) < length:
        r, c = divmod(path[-1], n)
        steps = [(r + dr) * n + c + dc for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0), (1, 1),
                                                       (1, -1), (-1, 1), (-1, -1))
                 if 0 <= r + dr < n and 0 <= c + dc < n and (r + dr) * n + c + dc not in path]
        if not steps:
            break
        path.append(rng.choice(steps))
    return path


def _regex_for(digits, n, rng) -> str:
    """A pattern the digits match: each digit kept, widened to a class or `.`, or repeated."""
    parts = []
    for d in digits:
        pick = rng.random()
        if pick < 0.35:
            parts.append(str(d))
        elif pick < 0.6:
            low, high = max(1, d - rng.randrange(2)), min(n, d + rng.randrange(2))
            parts.append(f"[{low}-{high}]")
        elif pick < 0.7:
            parts.append(".")
        elif pick < 0.85:
            parts.append(f"({d}|{rng.randrange(1, n + 1)})")
        else:
            parts.append(f"{d}+" if rng.random() < 0.5 else f"[1-{d}]*")
    return "".join(parts)


def random_rule(kind: str, n: int, s, rng: random.Random, rule_ok=None):
    rule_ok = rule_ok or _kept
    if kind in ("relation", "pairs"):
        cells = _path(n, rng, rng.randrange(2, 5)) if kind == "relation" else rng.sample(
            range(n * n), rng.randrange(2, 4))
        rule = model.relation(cells, "") if kind == "relation" else model.every_pair(cells, "")
        kept = [f for f in FORMULAS if rule_ok(make(n), model.Rule(kind, rule.groups, f), s)]
        if kept and rng.random() < 0.8:
            return model.Rule(kind, rule.groups, rng.choice(kept))
        d = [s[c] for c in cells]  # a table: the pairs the grid has, and some more
        pairs = set(zip(d, d[1:], strict=False)) | set(itertools.combinations(d, 2))
        pairs |= {(rng.randrange(1, n + 1), rng.randrange(1, n + 1)) for _ in range(n)}
        return model.Rule(kind, rule.groups, "table " + " ".join(f"{a}{b}" for a, b in pairs))
    if kind == "pattern":
        cells = _path(n, rng, rng.randrange(2, 6))
        return model.pattern(cells, _regex_for([s[c] for c in cells], n, rng))
    if kind == "sums":
        first = rng.sample(range(n * n), rng.randrange(1, 3))
        total = sum(s[c] for c in first)
        for _ in range(300):
            other = rng.sample([c for c in range(n * n) if c not in first], rng.randrange(1, 4))
            if sum(s[c] for c in other) == total:
                return model.equal_sums([first, other])
        return model.equal_sums([first, first and [c for c in range(n * n) if c not in first
                                                    and s[c] == total] or first])
    cells = rng.sample(range(n * n), rng.randrange(2, 5))
    held = [s[c] for c in cells]
    if kind == "contains":
        chosen = set(rng.sample(held, rng.randrange(1, len(held) + 1)))
        return model.contains(cells, [d for d in held if d in chosen])
    return model.contains(cells, rng.sample(held, rng.randrange(1, len(held) + 1)),
                          at_least=True)


KINDS = ("relation", "pairs", "pattern", "sums", "contains", "atleast")


def random_custom(n: int, rng: random.Random, kinds, givens: int, rule_ok=None):
    s = random_solution(Shape.of_size(n), rng)
    rules = []
    for kind in kinds:
        rule = random_rule(kind, n, s, rng, rule_ok)
        try:
            make(n, custom=[rule])
        except model.ModelError:
            continue  # equal sums that found no second group
        rules.append(rule)
    p = make(n, custom=rules)
    cells = set(rng.sample(range(n * n), givens))
    return p.with_givens(s[c] if c in cells else 0 for c in range(n * n))


def random_either(n: int, rng: random.Random, givens: int, rule_ok=None):
    """An or of two rules a random grid keeps and one drawn from another grid (often broken
    there), the givens from the first grid; a puzzle without two rules kept is returned as
    it is (rules side by side)."""
    p = random_custom(n, rng, rng.sample(KINDS, 3), givens, rule_ok)
    q = random_custom(n, rng, rng.sample(KINDS, 2), 0, rule_ok)
    if len(p.custom) < 2 or not q.custom:
        return p
    return make(n, p.givens, custom=[model.either(*p.custom[:2], *q.custom[:1])])
