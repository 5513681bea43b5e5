"""An independent brute force for Sudoku variants: every rule written again from its plain
statement (nothing from core.variants.rules or the engine), and a depth-first enumeration of
grids that keeps rows, columns and regions apart and checks everything else at the end. Also
random puzzles of each constraint, built around a random classic solution."""

from __future__ import annotations

import itertools
import random

from core import native
from core.sudoku.generator import random_solution
from core.sudoku.model import BOX_SHAPES, Shape
from core.variants import compiled
from core.variants.engine import plan_of, propagate, shape_of
from core.variants.groups import Clone, Quad
from core.variants.model import Line, Mark, Outside, make
from core.variants.shapes import Arrow, Cage, LittleKiller, Sandwich

JIGSAW_4 = (0, 0, 0, 1, 2, 0, 1, 1, 2, 3, 3, 1, 2, 2, 3, 3)
JIGSAW_6 = (0, 0, 0, 1, 1, 1,
            0, 0, 2, 2, 1, 1,
            0, 3, 2, 2, 2, 1,
            3, 3, 4, 2, 5, 5,
            3, 3, 4, 4, 5, 5,
            3, 4, 4, 4, 5, 5)
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
DIAGONAL_STEPS = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
STEP = {"DR": (1, 1), "DL": (1, -1), "UR": (-1, 1), "UL": (-1, -1)}


def rc(cell, n):
    return divmod(cell, n)


def all_different(values) -> bool:
    return len(set(values)) == len(values)


def orthogonal_pairs(n):
    for r in range(n):
        for c in range(n):
            if c + 1 < n:
                yield r * n + c, r * n + c + 1
            if r + 1 < n:
                yield r * n + c, (r + 1) * n + c


def holds(kind, x, y, value=0) -> bool:
    if kind in ("white", "bar"):
        return abs(x - y) == (value or 1)
    if kind == "black":
        k = value or 2
        return x == k * y or y == k * x
    if kind == "x":
        return x + y == 10
    if kind == "v":
        return x + y == 5
    return x < y  # less


def satisfied(p, g) -> bool:
    """Does the filled grid g keep every rule of p? (rows, columns and regions included)"""
    n = p.size
    for r in range(n):
        if not all_different([g[r * n + c] for c in range(n)]):
            return False
    for c in range(n):
        if not all_different([g[r * n + c] for r in range(n)]):
            return False
    for region in range(n):
        if not all_different([g[i] for i in range(n * n) if p.regions[i] == region]):
            return False
    return _extras(p, g) and _marks(p, g) and _shapes(p, g)


def _extras(p, g) -> bool:
    n = p.size
    if "diagonal" in p.rules and not all_different([g[i * n + i] for i in range(n)]):
        return False
    if "antidiagonal" in p.rules and not all_different([g[i * n + n - 1 - i] for i in range(n)]):
        return False
    if "disjoint" in p.rules:
        br, bc = BOX_SHAPES[n]
        for i in range(br):
            for j in range(bc):
                group = [g[r * n + c] for r in range(n) for c in range(n)
                         if r % br == i and c % bc == j]
                if not all_different(group):
                    return False
    for region in p.extra:
        if not all_different([g[c] for c in region]):
            return False
    for cell in range(n * n):
        r, c = rc(cell, n)
        moves = (KNIGHT if "antiknight" in p.rules else []) + (
            DIAGONAL_STEPS if "antiking" in p.rules else [])
        for dr, dc in moves:
            if 0 <= r + dr < n and 0 <= c + dc < n and g[(r + dr) * n + c + dc] == g[cell]:
                return False
    if any(g[c] % 2 for c in p.even) or any(g[c] % 2 == 0 for c in p.odd):
        return False
    return True


def _marks(p, g) -> bool:
    n = p.size
    for m in p.marks:
        if not holds(m.kind, g[m.a], g[m.b], m.value):
            return False
    kropki = {frozenset((m.a, m.b)) for m in p.marks if m.kind in ("white", "black", "bar")}
    xv = {frozenset((m.a, m.b)) for m in p.marks if m.kind in ("x", "v")}
    for a, b in orthogonal_pairs(n):
        pair = frozenset((a, b))
        for kind in p.negative:
            marked = kropki if kind in ("white", "black") else xv
            if pair not in marked and holds(kind, g[a], g[b]):
                return False
    return True


def _shapes(p, g) -> bool:
    n = p.size
    for cage in p.cages:
        values = [g[c] for c in cage.cells]
        if not all_different(values) or (cage.total is not None and sum(values) != cage.total):
            return False
    for clue in p.little:
        dr, dc = STEP[clue.direction]
        r, c, total = clue.row + dr, clue.col + dc, 0
        while 0 <= r < n and 0 <= c < n:
            total += g[r * n + c]
            r, c = r + dr, c + dc
        if total != clue.total:
            return False
    for thermo in p.thermos:
        if any(g[thermo[i]] >= g[thermo[i + 1]] for i in range(len(thermo) - 1)):
            return False
    for arrow in p.arrows:
        if int("".join(str(g[c]) for c in arrow.bulb)) != sum(g[c] for c in arrow.shaft):
            return False
    for s in p.sandwiches:
        line = ([g[s.index * n + c] for c in range(n)] if s.line == "row"
                else [g[r * n + s.index] for r in range(n)])
        i, j = sorted((line.index(1), line.index(n)))
        if sum(line[i + 1:j]) != s.total:
            return False
    return _today(p, g)


def thirds(n: int) -> list[int]:
    """Digit -> 0, 1, 2 for low, middle, high: 9 splits 3/3/3; when n % 3 == 1 the middle
    third is the larger, otherwise the smaller (as f-puzzles' add-on says)."""
    small, large = n // 3, -(-n // 3)
    sizes = [small, large, small] if n % 3 == 1 else [large, small, large]
    out = [None]
    for group, size in enumerate(sizes):
        out += [group] * size
    return out


def line_ok(p, kind, digits, cells, value=0) -> bool:
    """Each line's rule, as its description says it."""
    n, k = p.size, len(digits)
    if kind == "whisper":
        return all(abs(digits[i] - digits[i + 1]) >= value for i in range(k - 1))
    if kind == "renban":
        return sorted(digits) == list(range(min(digits), min(digits) + k))
    if kind == "regionsum":
        sums, last, current = [], None, 0
        for c, d in zip(cells, digits, strict=True):
            if last is not None and p.regions[c] != last:
                sums.append(current)
                current = 0
            current, last = current + d, p.regions[c]
        return len(set(sums + [current])) == 1
    if kind == "palindrome":
        return all(digits[i] == digits[k - 1 - i] for i in range(k))
    if kind == "between":
        low, high = min(digits[0], digits[-1]), max(digits[0], digits[-1])
        return all(low < d < high for d in digits[1:-1])
    if kind in ("entropic", "modular"):
        group = thirds(n) if kind == "entropic" else [d % 3 for d in range(n + 1)]
        windows = [digits[i:i + 3] for i in range(max(1, k - 2))]
        return all(len({group[d] for d in w}) == len(w) for w in windows)
    if kind == "zipper":
        target = digits[k // 2] if k % 2 else digits[0] + digits[-1]
        return all(digits[i] + digits[k - 1 - i] == target for i in range(k // 2))
    if kind == "doublearrow":
        return digits[0] + digits[-1] == sum(digits[1:-1])
    if kind == "slowthermo":
        return all(digits[i] <= digits[i + 1] for i in range(k - 1))
    if kind == "nabner":
        return all(abs(a - b) >= 2 for i, a in enumerate(digits) for b in digits[i + 1:])
    if kind == "lockout":  # f-puzzles' script: ends n//2 apart, no digit between or on them
        low, high = min(digits[0], digits[-1]), max(digits[0], digits[-1])
        return high - low >= n // 2 and not any(low <= d <= high for d in digits[1:-1])
    raise ValueError(kind)


def seen(digits) -> int:
    count, tallest = 0, 0
    for d in digits:
        if d > tallest:
            count, tallest = count + 1, d
    return count


def outside_line(p, o) -> list[int]:
    n = p.size
    cells = ([o.index * n + c for c in range(n)] if o.line == "row"
             else [r * n + o.index for r in range(n)])
    return cells[::-1] if o.reverse else cells


def _today(p, g) -> bool:
    n = p.size
    if any(not mask >> (g[c] - 1) & 1 for c, mask in p.candidates):
        return False
    for line in p.lines:
        if not line_ok(p, line.kind, [g[c] for c in line.cells], line.cells, line.value):
            return False
        if line.kind in ("renban", "nabner") and not all_different([g[c] for c in line.cells]):
            return False
    for q in p.quads:
        inside = [g[c] for c in q.cells]
        if any(inside.count(d) < q.digits.count(d) for d in q.digits):
            return False
    if any(g[a] != g[b] for c in p.clones for a, b in zip(c.a, c.b, strict=True)):
        return False
    for cells, sign in ((p.minima, 1), (p.maxima, -1)):
        for c in cells:
            r, col = rc(c, n)
            near = [(r + dr) * n + col + dc for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                    if 0 <= r + dr < n and 0 <= col + dc < n]  # those of another colour:
            if any(sign * (g[x] - g[c]) <= 0 for x in near if x not in cells):
                return False
    for kind, c in p.indexers:
        if not indexed(p, kind, c, g):
            return False
    for o in p.outside:
        digits = [g[c] for c in outside_line(p, o)]
        got = sum(digits[:digits[0]]) if o.kind == "xsum" else seen(digits)
        if got != o.total:
            return False
    return True


def indexed(p, kind, c, g) -> bool:
    """Row indexer at (r, c) holding v: row v of column c holds r+1; column indexer: column
    v of row r holds c+1; box indexer: the v-th cell of its region holds its own place."""
    n = p.size
    r, col = rc(c, n)
    v = g[c]
    if kind == "row":
        return g[(v - 1) * n + col] == r + 1
    if kind == "column":
        return g[r * n + v - 1] == col + 1
    region = [i for i in range(n * n) if p.regions[i] == p.regions[c]]
    return g[region[v - 1]] == region.index(c) + 1


def brute_count(p, cap: int = 100_000) -> int:
    """Solutions of p (up to cap) by enumerating grids; rules checked on each full grid."""
    n = p.size
    g = list(p.givens)
    rows = [set() for _ in range(n)]
    cols = [set() for _ in range(n)]
    regs = [set() for _ in range(n)]
    found = [0]

    def place(cell):
        if found[0] >= cap:
            return
        if cell == n * n:
            if satisfied(p, g):
                found[0] += 1
            return
        r, c = divmod(cell, n)
        options = [p.givens[cell]] if p.givens[cell] else range(1, n + 1)
        for v in options:
            if v in rows[r] or v in cols[c] or v in regs[p.regions[cell]]:
                continue
            g[cell] = v
            rows[r].add(v)
            cols[c].add(v)
            regs[p.regions[cell]].add(v)
            place(cell + 1)
            rows[r].discard(v)
            cols[c].discard(v)
            regs[p.regions[cell]].discard(v)
        g[cell] = p.givens[cell]

    place(0)
    return found[0]


# --- random puzzles of each constraint -------------------------------------------------------

def solution_grid(n: int, rng: random.Random):
    return random_solution(Shape.of_size(n), rng)


def _touching_path(n, rng, length, start=None):
    cell = start if start is not None else rng.randrange(n * n)
    path = [cell]
    while len(path) < length:
        r, c = divmod(path[-1], n)
        steps = [(r + dr) * n + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                 if (dr or dc) and 0 <= r + dr < n and 0 <= c + dc < n
                 and (r + dr) * n + c + dc not in path]
        if not steps:
            break
        path.append(rng.choice(steps))
    return tuple(path)


def _increasing_path(n, s, rng, length):
    for _ in range(50):
        path = [rng.randrange(n * n)]
        while len(path) < length:
            r, c = divmod(path[-1], n)
            steps = [(r + dr) * n + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                     if (dr or dc) and 0 <= r + dr < n and 0 <= c + dc < n
                     and s[(r + dr) * n + c + dc] > s[path[-1]]]
            if not steps:
                break
            path.append(rng.choice(steps))
        if len(path) >= 2:
            return tuple(path)
    return None


def constraint_parts(kind: str, n: int, s, rng: random.Random) -> dict:
    """Constraints of one kind, mostly true of the solution s (so counts are rarely 0)."""
    pairs = list(orthogonal_pairs(n))
    if kind in ("diagonal", "antidiagonal", "antiknight", "antiking", "disjoint"):
        return {"rules": {kind}}
    if kind == "jigsaw":
        return {"regions": JIGSAW_4 if n == 4 else JIGSAW_6}
    if kind == "extra":
        return {"extra": [tuple(rng.sample(range(n * n), rng.randint(2, n)))]}
    if kind == "evenodd":
        cells = rng.sample(range(n * n), n)
        return {"even": [c for c in cells if s[c] % 2 == 0], "odd": [c for c in cells if s[c] % 2]}
    if kind in ("white", "black", "bar", "x", "v"):
        fitting = [(a, b) for a, b in pairs if holds(kind, s[a], s[b])]
        marks = [Mark(kind, a, b) for a, b in rng.sample(fitting, min(len(fitting), 3))]
        negative = {kind} if kind in ("white", "black", "x", "v") and rng.random() < 0.6 else set()
        if kind == "bar" and rng.random() < 0.6:
            negative = {"white"}
        return {"marks": marks, "negative": negative}
    if kind == "nonconsecutive":
        return {"negative": {"white"}}
    if kind == "less":
        chosen = rng.sample(pairs, 4)
        return {"marks": [Mark("less", a, b) if s[a] < s[b] else Mark("less", b, a)
                          for a, b in chosen]}
    if kind in ("cage", "cage-nosum"):
        cages = []
        for _ in range(3):
            path = _touching_path(n, rng, rng.randint(2, 3))
            cells = tuple(c for c in path if s[c] not in [s[d] for d in path if d < c])
            total = sum(s[c] for c in cells) if kind == "cage" else None
            if len(cells) >= 2:
                cages.append(Cage(cells, total))
        return {"cages": cages}
    if kind == "little":
        clues = []
        for _ in range(2):
            side = rng.choice(["top", "left"])
            k = rng.randrange(n)
            row, col, direction = (-1, k, "DR") if side == "top" else (k, -1, "DR")
            if rng.random() < 0.5:
                row, col, direction = ((-1, k, "DL") if side == "top" else (k, n, "DL"))
            dr, dc = STEP[direction]
            cells, r, c = [], row + dr, col + dc
            while 0 <= r < n and 0 <= c < n:
                cells.append(r * n + c)
                r, c = r + dr, c + dc
            if cells:
                clues.append(LittleKiller(row, col, direction, sum(s[c] for c in cells)))
        return {"little": clues}
    if kind == "thermo":
        paths = [_increasing_path(n, s, rng, rng.randint(2, 4)) for _ in range(2)]
        return {"thermos": [p for p in paths if p]}
    if kind in ("arrow", "pill"):
        bulb_len = 2 if kind == "pill" else 1
        path = _touching_path(n, rng, bulb_len + rng.randint(1, 3) + bulb_len)
        if len(path) <= bulb_len:
            return {}
        return {"arrows": [Arrow(path[:bulb_len], path[bulb_len:])]}
    if kind == "sandwich":
        clues = []
        for line in ("row", "col"):
            k = rng.randrange(n)
            values = ([s[k * n + c] for c in range(n)] if line == "row"
                      else [s[r * n + k] for r in range(n)])
            i, j = sorted((values.index(1), values.index(n)))
            clues.append(Sandwich(line, k, sum(values[i + 1:j])))
        return {"sandwiches": clues}
    return today_parts(kind, n, s, rng)


def mixed_parts(kinds, n: int, s, rng: random.Random) -> dict:
    """The constraints of several kinds on one solution s, merged (rules joined, lists of
    clues added up, a jigsaw's regions taken as they are)."""
    parts: dict = {}
    for kind in kinds:
        for key, value in constraint_parts(kind, n, s, rng).items():
            if isinstance(value, set):
                parts[key] = parts.get(key, set()) | value
            elif isinstance(value, (list, tuple)) and key != "regions":
                parts[key] = list(parts.get(key, [])) + list(value)
            else:
                parts[key] = value
    return parts


def random_mixed(n: int, rng: random.Random, kind_choices, givens: tuple[int, int]):
    """A puzzle of one of `kind_choices` (tuples of kinds) on a fresh solution, with
    rng.randint(*givens) of its digits given."""
    s = solution_grid(n, rng)
    p = make(n, None, **mixed_parts(rng.choice(kind_choices), n, s, rng))
    keep = set(rng.sample(range(n * n), rng.randint(*givens)))
    return p.with_givens(s[c] if c in keep else 0 for c in range(n * n))


def _line_found(kind, n, s, rng, value=0):
    """A line of this kind the solution s keeps (tried at random), or any line."""
    shortest = 3 if kind in ("between", "doublearrow") else 2
    probe = make(n)  # for the regions of a region-sum line
    path = ()
    for _ in range(300):
        path = _touching_path(n, rng, rng.randint(shortest, min(6, n + 1)))
        if len(path) >= shortest and line_ok(probe, kind, [s[c] for c in path], path, value):
            if kind not in ("renban", "nabner") or all_different([s[c] for c in path]):
                return path
    return path if len(path) >= shortest else None


def today_parts(kind: str, n: int, s, rng: random.Random) -> dict:
    if kind in LINE_KINDS_HERE:
        value = (n + 1) // 2 - rng.randint(0, 1) if kind == "whisper" else 0
        found = [_line_found(kind, n, s, rng, value) for _ in range(rng.randint(1, 2))]
        return {"lines": [Line(kind, path, value) for path in found if path]}
    if kind == "candidates":
        cells = rng.sample(range(n * n), n)
        return {"candidates": [(c, (1 << (s[c] - 1)) | rng.getrandbits(n)) for c in cells]}
    if kind in ("white-k", "black-k"):
        base, k = ("white", 2) if kind == "white-k" else ("black", 3)
        fitting = [(a, b) for a, b in orthogonal_pairs(n) if holds(base, s[a], s[b], k)]
        return {"marks": [Mark(base, a, b, k) for a, b in rng.sample(fitting, min(3,
                                                                                   len(fitting)))]}
    if kind == "quad":
        quads = []
        for _ in range(2):
            r, c = rng.randrange(n - 1), rng.randrange(n - 1)
            cells = (r * n + c, r * n + c + 1, (r + 1) * n + c, (r + 1) * n + c + 1)
            digits = rng.sample([s[x] for x in cells], rng.randint(1, 4))
            quads.append(Quad(cells, tuple(digits)))
        return {"quads": quads}
    if kind == "clone":
        same = [(a, b) for a in range(n * n) for b in range(a + 1, n * n) if s[a] == s[b]]
        while True:
            pairs = rng.sample(same, 2)
            if len({*pairs[0], *pairs[1]}) == 4:
                return {"clones": [Clone((pairs[0][0], pairs[1][0]),
                                         (pairs[0][1], pairs[1][1]))]}
    if kind == "minmax":
        def extreme(c, sign):
            r, col = rc(c, n)
            near = [(r + dr) * n + col + dc for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                    if 0 <= r + dr < n and 0 <= col + dc < n]
            return all(sign * (s[x] - s[c]) > 0 for x in near)
        minima = [c for c in range(n * n) if extreme(c, 1)]
        maxima = [c for c in range(n * n) if extreme(c, -1)]
        near_max = [c for c in range(n * n) if c not in minima and any(  # a fortress pair
            abs(c - m) in (1, n) and s[c] > s[m] for m in maxima)]
        return {"minima": rng.sample(minima, min(2, len(minima))),
                "maxima": rng.sample(maxima, min(2, len(maxima))) + near_max[:1]}
    if kind.endswith("indexer"):
        which = kind[:-len("indexer")]
        probe = make(n)
        fitting = [c for c in range(n * n) if indexed(probe, which, c, s)]
        chosen = rng.sample(fitting, min(2, len(fitting))) or [rng.randrange(n * n)]
        return {"indexers": [(which, c) for c in chosen]}
    if kind in ("xsum", "skyscraper"):
        clues = []
        for _ in range(2):
            o = Outside(kind, rng.choice(["row", "col"]), rng.randrange(n), rng.random() < 0.5,
                        1)
            digits = [s[c] for c in outside_line(make(n), o)]
            total = sum(digits[:digits[0]]) if kind == "xsum" else seen(digits)
            clues.append(Outside(kind, o.line, o.index, o.reverse, total))
        return {"outside": clues}
    raise ValueError(kind)


LINE_KINDS_HERE = ("whisper", "renban", "regionsum", "palindrome", "between", "entropic",
                   "modular", "zipper", "doublearrow", "slowthermo", "nabner", "lockout")
TODAY = LINE_KINDS_HERE + ("candidates", "white-k", "black-k", "quad", "clone", "minmax",
                           "rowindexer", "columnindexer", "boxindexer", "xsum", "skyscraper")
KINDS = ("diagonal", "antidiagonal", "antiknight", "antiking", "disjoint", "jigsaw", "extra",
         "evenodd", "white", "black", "bar", "x", "v", "nonconsecutive", "less", "cage",
         "cage-nosum", "little", "thermo", "arrow", "pill", "sandwich") + TODAY


def every_kind(rng: random.Random, rounds: int, givens):
    """(kind, size, puzzle): `rounds` random puzzles of each of KINDS, on 4x4 and 6x6 in turn,
    each with `givens(size)` givens; a puzzle that cannot be made this time is passed over."""
    for i in range(len(KINDS) * rounds):
        kind, size = KINDS[i % len(KINDS)], (4, 6)[i // len(KINDS) % 2]
        try:
            p = random_puzzle(kind, size, rng, givens(size))
        except ValueError:
            continue
        yield kind, size, p


OWN_POLLS = 200  # 12,800 nodes: the search for a puzzle's own solutions


def random_puzzle(kind: str, n: int, rng: random.Random, givens: int):
    """A puzzle of one constraint kind with `givens` givens: from the classic solution it was
    built around, or (half the time, and always for a jigsaw) from a solution of its own, one
    of the first 20 found within OWN_POLLS polls (an empty 9x9 of white dots with the negative
    rule may have none, and proving that takes millions of nodes)."""
    from core.search import node_capped
    from core.variants.engine import count

    s = solution_grid(n, rng)
    parts = constraint_parts(kind, n, s, rng)
    regions = parts.pop("regions", None)
    p = make(n, None, regions, **parts)
    if regions is not None or rng.random() < 0.5:
        own = count(p, 20, node_capped(None, OWN_POLLS)).solutions
        s = rng.choice(own) if own else s
    cells = set(rng.sample(range(n * n), givens))
    return p.with_givens(s[c] if c in cells else 0 for c in range(n * n))


def propagated(p, cand):
    """`cand` propagated under p's rules (every house and rule looked at), on the engine the
    test runs; None on a contradiction."""
    plan = plan_of(shape_of(p))
    if native.variants is not None:
        return native.variants.propagate(compiled.program(plan)[0], cand)
    placed = [c for c, m in enumerate(cand) if not m & (m - 1)]
    ok = propagate(cand, plan, placed, (1 << len(plan.houses)) - 1, (1 << len(plan.props)) - 1)
    return cand if ok else None


def brute_kept(cand, cells, outside, seen_by, fits):
    """Per cell (the rule's, then the outside ones), the digits some assignment keeps (digits
    1 to 6): the rule's cells hold digits `fits` accepts, each outside cell a digit none of
    the rule's cells it sees holds. None: no assignment."""
    kept = {c: 0 for c in (*cells, *outside)}
    found = False
    for digits in itertools.product(*[[d for d in range(1, 7) if cand[c] >> (d - 1) & 1]
                                      for c in cells]):
        if not fits(digits):
            continue
        free = {q: cand[q] & ~sum(1 << (d - 1) for d in {d for c, d in zip(cells, digits,
                                                                           strict=True)
                                                          if q in seen_by[c]})
                for q in outside}  # a digit twice in the rule is one bit
        if not all(free.values()):
            continue
        found = True
        for c, d in zip(cells, digits, strict=True):
            kept[c] |= 1 << (d - 1)
        for q, m in free.items():
            kept[q] |= m
    return kept if found else None
