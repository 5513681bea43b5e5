"""A Sudoku variant as an OR-Tools CP-SAT model, written from the rules' plain statements (the
peer the counter is checked against on 9x9, in tests and in bench/bench_variants.py)."""

from __future__ import annotations

from core.sudoku.model import BOX_SHAPES
from tests.core.variants.helpers import DIAGONAL_STEPS, KNIGHT, STEP, holds, orthogonal_pairs


def groups(p) -> list[list[int]]:
    n = p.size
    found = [[r * n + c for c in range(n)] for r in range(n)]
    found += [[r * n + c for r in range(n)] for c in range(n)]
    found += [[i for i in range(n * n) if p.regions[i] == k] for k in range(n)]
    if "diagonal" in p.rules:
        found.append([i * n + i for i in range(n)])
    if "antidiagonal" in p.rules:
        found.append([i * n + n - 1 - i for i in range(n)])
    if "disjoint" in p.rules:
        br, bc = BOX_SHAPES[n]
        found += [[r * n + c for r in range(n) for c in range(n) if r % br == i and c % bc == j]
                  for i in range(br) for j in range(bc)]
    found += [list(r) for r in p.extra]
    found += [list(c.cells) for c in p.cages if len(c.cells) > 1]
    return found


def model_of(p):
    from ortools.sat.python import cp_model

    n, m = p.size, cp_model.CpModel()
    x = [m.NewIntVar(1, n, f"x{i}") for i in range(n * n)]
    for i, v in enumerate(p.givens):
        if v:
            m.Add(x[i] == v)
    for g in groups(p):
        m.AddAllDifferent([x[i] for i in g])
    moves = (KNIGHT if "antiknight" in p.rules else []) + (
        DIAGONAL_STEPS if "antiking" in p.rules else [])
    for i in range(n * n):
        r, c = divmod(i, n)
        for dr, dc in moves:
            if 0 <= r + dr < n and 0 <= c + dc < n:
                m.Add(x[i] != x[(r + dr) * n + c + dc])
    for i in p.even:
        m.AddAllowedAssignments([x[i]], [(v,) for v in range(2, n + 1, 2)])
    for i in p.odd:
        m.AddAllowedAssignments([x[i]], [(v,) for v in range(1, n + 1, 2)])
    _pairs(m, p, x)
    _shapes(m, p, x)
    return m, x


def _pairs(m, p, x) -> None:
    n = p.size
    tests: dict[tuple[int, int], list] = {}
    for mark in p.marks:
        tests.setdefault((mark.a, mark.b), []).append((mark.kind, True))
    kropki = {frozenset((k.a, k.b)) for k in p.marks if k.kind in ("white", "black", "bar")}
    xv = {frozenset((k.a, k.b)) for k in p.marks if k.kind in ("x", "v")}
    for a, b in orthogonal_pairs(n):
        for kind in p.negative:
            if frozenset((a, b)) not in (kropki if kind in ("white", "black") else xv):
                tests.setdefault((a, b), []).append((kind, False))
    for (a, b), pair_tests in tests.items():
        allowed = [(u, v) for u in range(1, n + 1) for v in range(1, n + 1)
                   if all(holds(k, u, v) == want for k, want in pair_tests)]
        m.AddAllowedAssignments([x[a], x[b]], allowed)


def _shapes(m, p, x) -> None:
    n = p.size
    for cage in p.cages:
        if cage.total is not None:
            m.Add(sum(x[i] for i in cage.cells) == cage.total)
    for clue in p.little:
        dr, dc = STEP[clue.direction]
        r, c, cells = clue.row + dr, clue.col + dc, []
        while 0 <= r < n and 0 <= c < n:
            cells.append(r * n + c)
            r, c = r + dr, c + dc
        m.Add(sum(x[i] for i in cells) == clue.total)
    for thermo in p.thermos:
        for a, b in zip(thermo, thermo[1:], strict=False):
            m.Add(x[a] < x[b])
    for arrow in p.arrows:
        k = len(arrow.bulb)
        m.Add(sum(10 ** (k - 1 - j) * x[c] for j, c in enumerate(arrow.bulb))
              == sum(x[c] for c in arrow.shaft))
    for s in p.sandwiches:
        line = ([s.index * n + c for c in range(n)] if s.line == "row"
                else [r * n + s.index for r in range(n)])
        ones, bigs = [], []
        for i in line:
            for value, store in ((1, ones), (n, bigs)):
                b = m.NewBoolVar("")
                m.Add(x[i] == value).OnlyEnforceIf(b)
                m.Add(x[i] != value).OnlyEnforceIf(b.Not())
                store.append(b)
        for i in range(n):
            for j in range(n):
                if i != j:
                    lo, hi = min(i, j), max(i, j)
                    m.Add(sum(x[line[k]] for k in range(lo + 1, hi)) == s.total
                          ).OnlyEnforceIf([ones[i], bigs[j]])


def cpsat_count(p, limit: int = 2) -> int:
    """Solutions up to `limit`, by CP-SAT's enumeration."""
    from ortools.sat.python import cp_model

    m, x = model_of(p)

    class Counter(cp_model.CpSolverSolutionCallback):
        def __init__(self):
            super().__init__()
            self.found = 0

        def on_solution_callback(self):
            self.found += 1
            if self.found >= limit:
                self.StopSearch()

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    counter = Counter()
    solver.Solve(m, counter)
    return counter.found
