"""A Sudoku variant as an OR-Tools CP-SAT model, written from the rules' plain statements (the
peer the counter is checked against on 9x9, in tests and in bench/bench_variants.py)."""

from __future__ import annotations

from core.sudoku.model import BOX_SHAPES
from tests.core.variants.helpers import (
    DIAGONAL_STEPS,
    KNIGHT,
    STEP,
    holds,
    orthogonal_pairs,
    outside_line,
    thirds,
)


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
    found += [list(line.cells) for line in p.lines if line.kind in ("renban", "nabner")]
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
    _today(m, p, x)
    return m, x


def _pairs(m, p, x) -> None:
    n = p.size
    tests: dict[tuple[int, int], list] = {}
    for mark in p.marks:
        tests.setdefault((mark.a, mark.b), []).append((mark.kind, True, mark.value))
    kropki = {frozenset((k.a, k.b)) for k in p.marks if k.kind in ("white", "black", "bar")}
    xv = {frozenset((k.a, k.b)) for k in p.marks if k.kind in ("x", "v")}
    for a, b in orthogonal_pairs(n):
        for kind in p.negative:
            if frozenset((a, b)) not in (kropki if kind in ("white", "black") else xv):
                tests.setdefault((a, b), []).append((kind, False, 0))
    for (a, b), pair_tests in tests.items():
        allowed = [(u, v) for u in range(1, n + 1) for v in range(1, n + 1)
                   if all(holds(k, u, v, value) == want for k, want, value in pair_tests)]
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


def _table(m, a, b, n, fits) -> None:
    m.AddAllowedAssignments([a, b], [(u, v) for u in range(1, n + 1) for v in range(1, n + 1)
                                     if fits(u, v)])


def _today(m, p, x) -> None:
    """Given candidates, today's lines and cell clues, X-sums and skyscrapers."""
    n = p.size
    for c, mask in p.candidates:
        m.AddAllowedAssignments([x[c]], [(d,) for d in range(1, n + 1) if mask >> (d - 1) & 1])
    for line in p.lines:
        _line(m, p, x, line)
    for q in p.quads:
        for d in set(q.digits):
            hits = []
            for c in q.cells:
                b = m.NewBoolVar("")
                m.Add(x[c] == d).OnlyEnforceIf(b)
                m.Add(x[c] != d).OnlyEnforceIf(b.Not())
                hits.append(b)
            m.Add(sum(hits) >= q.digits.count(d))
    for clone in p.clones:
        for a, b in zip(clone.a, clone.b, strict=True):
            m.Add(x[a] == x[b])
    for cells, sign in ((p.minima, 1), (p.maxima, -1)):
        for c in cells:
            for a, b in orthogonal_pairs(n):
                other = b if c == a else a if c == b else None
                if other is not None and other not in cells:
                    m.Add(sign * (x[other] - x[c]) >= 1)
    for kind, c in p.indexers:
        _indexer(m, p, x, kind, c)
    for o in p.outside:
        _outside(m, x, outside_line(p, o), o)


def _line(m, p, x, line) -> None:
    n, cells = p.size, list(line.cells)
    k, v = len(cells), [x[c] for c in line.cells]
    kind = line.kind
    if kind == "whisper":
        for a, b in zip(v, v[1:], strict=False):
            _table(m, a, b, n, lambda u, w: abs(u - w) >= line.value)
    elif kind == "renban":
        low, high = m.NewIntVar(1, n, ""), m.NewIntVar(1, n, "")
        m.AddMinEquality(low, v)
        m.AddMaxEquality(high, v)
        m.Add(high - low == k - 1)
    elif kind == "regionsum":
        segments = [[cells[0]]]
        for a, b in zip(cells, cells[1:], strict=False):
            if p.regions[a] != p.regions[b]:
                segments.append([])
            segments[-1].append(b)
        for seg in segments[1:]:
            m.Add(sum(x[c] for c in seg) == sum(x[c] for c in segments[0]))
    elif kind == "palindrome":
        for i in range(k // 2):
            m.Add(v[i] == v[k - 1 - i])
    elif kind == "between":
        up = m.NewBoolVar("")
        for inner in v[1:-1]:
            m.Add(v[0] < inner).OnlyEnforceIf(up)
            m.Add(inner < v[-1]).OnlyEnforceIf(up)
            m.Add(v[0] > inner).OnlyEnforceIf(up.Not())
            m.Add(inner > v[-1]).OnlyEnforceIf(up.Not())
    elif kind in ("entropic", "modular"):
        group = thirds(n) if kind == "entropic" else [d % 3 for d in range(n + 1)]
        g = [m.NewIntVar(0, 2, "") for _ in v]
        for var, gv in zip(v, g, strict=True):
            m.AddAllowedAssignments([var, gv], [(d, group[d]) for d in range(1, n + 1)])
        for i in range(max(1, k - 2)):
            m.AddAllDifferent(g[i:i + 3])
    elif kind == "zipper":
        target = v[k // 2] if k % 2 else v[0] + v[-1]
        for i in range(k // 2):
            m.Add(v[i] + v[k - 1 - i] == target)
    elif kind == "doublearrow":
        m.Add(v[0] + v[-1] == sum(v[1:-1]))
    elif kind == "slowthermo":
        for a, b in zip(v, v[1:], strict=False):
            m.Add(a <= b)
    elif kind == "nabner":
        for i in range(k):
            for j in range(i + 1, k):
                _table(m, v[i], v[j], n, lambda u, w: abs(u - w) >= 2)
    elif kind == "lockout":  # diamonds n//2 or more apart; the rest outside them, not on them
        up = m.NewBoolVar("")  # the last diamond is the larger
        m.Add(v[-1] - v[0] >= n // 2).OnlyEnforceIf(up)
        m.Add(v[0] - v[-1] >= n // 2).OnlyEnforceIf(up.Not())
        for inner in v[1:-1]:
            below, above = m.NewBoolVar(""), m.NewBoolVar("")
            m.AddBoolOr([below, above])
            low_end, high_end = m.NewIntVar(1, n, ""), m.NewIntVar(1, n, "")
            m.AddMinEquality(low_end, [v[0], v[-1]])
            m.AddMaxEquality(high_end, [v[0], v[-1]])
            m.Add(inner < low_end).OnlyEnforceIf(below)
            m.Add(inner > high_end).OnlyEnforceIf(above)
    else:
        raise ValueError(kind)


def _indexer(m, p, x, kind, c) -> None:
    """x[c] = v says which cell of c's column (row, region) holds c's own place there."""
    n = p.size
    r, col = divmod(c, n)
    if kind == "row":
        targets, digit = [i * n + col for i in range(n)], r + 1
    elif kind == "column":
        targets, digit = [r * n + j for j in range(n)], col + 1
    else:
        targets = [i for i in range(n * n) if p.regions[i] == p.regions[c]]
        digit = targets.index(c) + 1
    index = m.NewIntVar(0, n - 1, "")
    m.Add(index == x[c] - 1)
    m.AddElement(index, [x[t] for t in targets], digit)


def _outside(m, x, cells, o) -> None:
    n = len(cells)
    v = [x[c] for c in cells]
    if o.kind == "xsum":
        for first in range(1, n + 1):
            b = m.NewBoolVar("")
            m.Add(v[0] == first).OnlyEnforceIf(b)
            m.Add(v[0] != first).OnlyEnforceIf(b.Not())
            m.Add(sum(v[:first]) == o.total).OnlyEnforceIf(b)
        return
    tallest = [v[0]]
    seen = [1]
    for i in range(1, n):
        top = m.NewIntVar(1, n, "")
        m.AddMaxEquality(top, [tallest[-1], v[i]])
        b = m.NewBoolVar("")
        m.Add(v[i] > tallest[-1]).OnlyEnforceIf(b)
        m.Add(v[i] <= tallest[-1]).OnlyEnforceIf(b.Not())
        tallest.append(top)
        seen.append(b)
    m.Add(sum(seen) == o.total)


def cpsat_count(p, limit: int = 2) -> int:
    """Solutions up to `limit`, by CP-SAT's enumeration."""
    m, _ = model_of(p)
    return enumerated(m, limit)


def enumerated(m, limit: int) -> int:
    """The solutions of CP-SAT model `m`, enumerated up to `limit`."""
    from ortools.sat.python import cp_model

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


def cpsat_solutions(p, most: int = 20_000) -> list[tuple[int, ...]]:
    """Every solution (as digits in reading order), by CP-SAT's enumeration; AssertionError
    past `most` (the test's puzzle is too open for an oracle)."""
    from ortools.sat.python import cp_model

    m, x = model_of(p)

    class Keeper(cp_model.CpSolverSolutionCallback):
        def __init__(self):
            super().__init__()
            self.found: list[tuple[int, ...]] = []

        def on_solution_callback(self):
            self.found.append(tuple(self.Value(v) for v in x))
            if len(self.found) > most:
                self.StopSearch()

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    keeper = Keeper()
    solver.Solve(m, keeper)
    assert len(keeper.found) <= most, f"more than {most} solutions"
    return keeper.found
