"""Rules no kind names (core/variants/custom.py): relations of a and b along a line or between
every two cells, patterns along a line, equal sums, cells containing exactly or at least some
digits. Counted on both engines against an independent check: every 4x4 grid enumerated, and
CP-SAT on 6x6; the rule read here from its plain statement (a test's formula by Python's own
eval of the test's own text, a pattern by Python's `re`), nothing from the engine."""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter

import pytest

from core.variants import model
from core.variants.engine import count
from core.variants.model import make
from tests.core.variants import custom_helpers
from tests.core.variants.cpsat import enumerated
from tests.core.variants.custom_helpers import KINDS


def custom(n, rng, kinds, givens):
    return custom_helpers.random_custom(n, rng, kinds, givens, rule_ok)


def fits(formula: str, a: int, b: int) -> bool:
    """The test's own formulas, by Python itself (the engine walks its own parse)."""
    return bool(eval(formula, {"__builtins__": {}},  # noqa: S307 - the test's own text
                     {"a": a, "b": b, "abs": abs, "min": min, "max": max}))


def rule_ok(p, rule, g) -> bool:
    """The rule from its plain statement."""
    if rule.kind == "either":
        return any(rule_ok(p, part, g) for part in rule.parts)
    d = [g[c] for c in rule.cells]
    n = p.size
    if rule.kind in ("relation", "pairs"):
        if rule.text.startswith("table"):
            allowed = {(int(w[0]), int(w[1])) for w in rule.text.split()[1:]}
            ok = lambda a, b: (a, b) in allowed  # noqa: E731
        else:
            ok = lambda a, b: fits(rule.text, a, b)  # noqa: E731
        if rule.kind == "relation":
            return all(ok(a, b) for a, b in zip(d, d[1:], strict=False))
        return all(ok(d[i], d[j]) for i in range(len(d)) for j in range(i + 1, len(d)))
    if rule.kind == "pattern":
        return re.fullmatch(rule.text, "".join(map(str, d))) is not None
    if rule.kind == "sums":
        return len({sum(g[c] for c in group) for group in rule.groups}) == 1
    held, wanted = Counter(d), Counter(int(ch) for ch in rule.text)
    if rule.kind == "contains":
        return all(held[v] == k for v, k in wanted.items())
    assert rule.kind == "atleast" and n
    return all(held[v] >= k for v, k in wanted.items())


def grids(n: int):
    """Every Sudoku grid of size n (4x4: 288)."""
    p = model.blank(n)
    box = p.regions
    g = [0] * (n * n)

    def place(cell):
        if cell == n * n:
            yield tuple(g)
            return
        r, c = divmod(cell, n)
        for v in range(1, n + 1):
            if all(g[r * n + x] != v for x in range(c)) and all(
                    g[y * n + c] != v for y in range(r)) and all(
                    g[i] != v for i in range(cell) if box[i] == box[cell]):
                g[cell] = v
                yield from place(cell + 1)
        g[cell] = 0
    yield from place(0)


ALL_4 = list(grids(4))


def brute_4(p) -> int:
    return sum(1 for g in ALL_4 if all(v == 0 or g[i] == v for i, v in enumerate(p.givens))
               and all(rule_ok(p, r, g) for r in p.custom))


def cpsat(p, limit: int) -> int:
    """Solutions up to `limit` by CP-SAT, each rule as allowed tuples or sums."""
    from ortools.sat.python import cp_model

    n, m = p.size, cp_model.CpModel()
    x = [m.NewIntVar(1, n, f"x{i}") for i in range(n * n)]
    for i, v in enumerate(p.givens):
        if v:
            m.Add(x[i] == v)
    for k in range(n):
        m.AddAllDifferent([x[k * n + c] for c in range(n)])
        m.AddAllDifferent([x[r * n + k] for r in range(n)])
        m.AddAllDifferent([x[i] for i in range(n * n) if p.regions[i] == k])
    for rule in p.custom:
        cells = rule.cells
        if rule.kind in ("relation", "pairs"):
            pairs = ([(a, b) for a, b in zip(cells, cells[1:], strict=False)]
                     if rule.kind == "relation" else list(itertools.combinations(cells, 2)))
            one = model.make(n, custom=[model.Rule(rule.kind, ((0, 1),), rule.text)])
            allowed = [(a, b) for a in range(1, n + 1) for b in range(1, n + 1)
                       if rule_ok(one, one.custom[0], (a, b) + (0,) * (n * n - 2))]
            for a, b in pairs:
                m.AddAllowedAssignments([x[a], x[b]], allowed)
        elif rule.kind == "pattern":
            words = [w for w in itertools.product(range(1, n + 1), repeat=len(cells))
                     if re.fullmatch(rule.text, "".join(map(str, w)))]
            m.AddAllowedAssignments([x[c] for c in cells], words)
        elif rule.kind == "sums":
            first = sum(x[c] for c in rule.groups[0])
            for group in rule.groups[1:]:
                m.Add(sum(x[c] for c in group) == first)
        else:
            for v, k in Counter(int(ch) for ch in rule.text).items():
                hits = []
                for c in cells:
                    b = m.NewBoolVar("")
                    m.Add(x[c] == v).OnlyEnforceIf(b)
                    m.Add(x[c] != v).OnlyEnforceIf(b.Not())
                    hits.append(b)
                m.Add(sum(hits) == k) if rule.kind == "contains" else m.Add(sum(hits) >= k)

    return enumerated(m, limit)


@pytest.mark.parametrize("kind", KINDS)
def test_each_rule_counts_as_every_4x4_grid_says(kind, engine):
    rng = random.Random(f"custom 4 {kind}")
    for _ in range(25):
        p = custom(4, rng, [kind, kind], rng.randrange(0, 4))
        assert count(p, 300).count == brute_4(p), p.custom


def test_rules_together_count_as_every_4x4_grid_says(engine):
    rng = random.Random("custom 4 mixed")
    for _ in range(40):
        p = custom(4, rng, rng.sample(KINDS, 3), rng.randrange(0, 3))
        assert count(p, 300).count == brute_4(p), p.custom


@pytest.mark.parametrize("kind", KINDS)
def test_each_rule_counts_as_cpsat_says_on_6x6(kind, engine):
    pytest.importorskip("ortools")
    rng = random.Random(f"custom 6 {kind}")
    for _ in range(6):
        p = custom(6, rng, [kind] * 3, rng.randrange(8, 14))
        assert count(p, 60).count == cpsat(p, 60), p.custom


def test_a_solution_found_keeps_every_rule(engine):
    rng = random.Random("custom kept")
    p = custom(6, rng, KINDS, 12)
    found = count(p, 5).solutions
    assert found
    assert all(rule_ok(p, r, g) for g in found for r in p.custom)


def test_both_engines_agree_step_for_step():
    """The compiled engine runs the new shape and the exact quadruple: the same count,
    solutions in order and search nodes as the Python engine."""
    from core import native

    if native.variants is None:
        pytest.skip("the compiled engine does not run")
    from core.variants import compiled as program_of
    from core.variants.engine import plan_of, shape_of

    rng = random.Random("custom engines")
    for _ in range(30):
        p = custom(6, rng, rng.sample(KINDS, 4), rng.randrange(4, 10))
        assert program_of.program(plan_of(shape_of(p)))[0] is not None
        compiled = count(p, 50)
        saved, native.variants = native.variants, None
        try:
            python = count(p, 50)
        finally:
            native.variants = saved
        assert (compiled.count, compiled.solutions, compiled.nodes) == (
            python.count, python.solutions, python.nodes)


def test_a_pattern_runs_on_the_compiled_engine():
    from core.variants import compiled
    from core.variants.engine import plan_of, shape_of

    p = make(4, custom=[model.pattern([0, 1, 2, 3], "(1|2)3*4")])
    program, why = compiled.program(plan_of(shape_of(p)))
    assert program is not None, why


def test_an_or_of_rules_counts_as_every_4x4_grid_says(engine):
    """Two or three rules of any kinds, at least one of which holds (each drawn kept by some
    grid, so most ors are far from empty); counted on each engine (the compiled one runs the
    or as its own handler shape)."""
    rng = random.Random("custom either")
    for _ in range(30):
        p = custom_helpers.random_either(4, rng, rng.randrange(0, 3), rule_ok)
        assert count(p, 300).count == brute_4(p), p.custom


def test_an_or_of_rules_runs_on_the_compiled_engine_step_for_step():
    """An or compiles (shape `either`, its rules' handlers inside it) and both engines give the
    same count, solutions in order and search nodes; r1c1 < r1c2, or 4 then 1 there."""
    from core import native
    from core.variants import compiled
    from core.variants.engine import plan_of, shape_of

    if native.variants is None:
        pytest.skip("the compiled engine does not run")
    p = make(4, custom=[model.either(model.relation([0, 1], "a < b"),
                                     model.pattern([0, 1], "41"))])
    program, why = compiled.program(plan_of(shape_of(p)))
    assert program is not None, why
    assert count(p, 300).count == 288 // 2 + 288 // 12
    rng = random.Random("either engines")
    ors = [custom_helpers.random_either(n, rng, rng.randrange(0, 8), rule_ok)
           for n in (4, 6) for _ in range(15)]
    assert sum(any(r.kind == "either" for r in q.custom) for q in ors) >= 20
    for q in ors:
        assert compiled.program(plan_of(shape_of(q)))[0] is not None
        ours = count(q, 50)
        saved, native.variants = native.variants, None
        try:
            theirs = count(q, 50)
        finally:
            native.variants = saved
        assert (ours.count, ours.solutions, ours.nodes) == (
            theirs.count, theirs.solutions, theirs.nodes), q.custom
