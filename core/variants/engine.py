"""Counting the solutions of a Sudoku variant: candidates as bit sets (bit v-1 for digit v),
singles over any set of all-different units, and a propagator for each other constraint, all
run to a fixpoint; then a branch on the cell with the fewest candidates.

A propagator only removes digits that no solution of its own constraint can use (sound), and
with every cell of its constraint decided it passes exactly the grids that keep it; each
solution is also checked against core.variants.rules.broken before it counts, so the count is
exact as long as the propagators are sound (tested against brute force and CP-SAT).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import combinations

from core.counting import Count
from core.search import STOP_EVERY, Stop, Stopped, where_differ
from core.variants import rules
from core.variants.model import Variant

COMBOS_UP_TO = 400  # digit sets a cage keeps as a list; larger cages reason by bounds


def span(low: int, high: int, n: int) -> int:
    """The digits low..high (clipped to 1..n) as a bit set."""
    low, high = max(low, 1), min(high, n)
    return ((1 << high) - 1) & ~((1 << (low - 1)) - 1) if low <= high else 0


def low_digit(m: int) -> int:
    return (m & -m).bit_length()


# --- propagators ---------------------------------------------------------------------------
# Each has `cells` and `prune(cand)`: the cells it narrowed (a list), or None when its
# constraint cannot be kept.


class Pair:
    """Two cells tied by a relation (a mark, a negative constraint)."""

    __slots__ = ("cells", "a", "b", "forward", "backward", "tests")

    def __init__(self, a: int, b: int, table, tests=()):
        self.cells, self.a, self.b = (a, b), a, b
        self.forward, self.backward = table
        self.tests = tests  # (kind, holds) pairs, for the logic's words

    def prune(self, cand):
        a, b = self.a, self.b
        ma, mb = cand[a], cand[b]
        support, m, table = 0, ma, self.forward
        while m:
            low = m & -m
            support |= table[low.bit_length() - 1]
            m ^= low
        nb = mb & support
        if not nb:
            return None
        support, m, table = 0, nb, self.backward
        while m:
            low = m & -m
            support |= table[low.bit_length() - 1]
            m ^= low
        na = ma & support
        if not na:
            return None
        changed = []
        if na != ma:
            cand[a] = na
            changed.append(a)
        if nb != mb:
            cand[b] = nb
            changed.append(b)
        return changed


class CageSum:
    """Different digits that add up to a total: the digit sets that still fit."""

    __slots__ = ("cells", "combos")

    def __init__(self, cells, combos):
        self.cells, self.combos = cells, combos

    def prune(self, cand):
        cells = self.cells
        union = 0
        for c in cells:
            union |= cand[c]
        allowed, required = 0, -1
        for combo in self.combos:
            if combo & ~union:
                continue
            for c in cells:
                if not cand[c] & combo:
                    break
            else:
                allowed |= combo
                required &= combo
        if not allowed:
            return None
        changed = []
        for c in cells:
            m = cand[c]
            if m & ~allowed:
                m &= allowed
                cand[c] = m
                changed.append(c)
        # a digit every fitting set holds, with one place left in the cage, goes there
        m = required
        while m:
            low = m & -m
            m ^= low
            places = [c for c in cells if cand[c] & low]
            if not places:
                return None
            if len(places) == 1 and cand[places[0]] != low:
                cand[places[0]] = low
                changed.append(places[0])
        return changed


def bound_sum(cand, cells, low: int, high: int, n: int, changed: list, groups=None) -> bool:
    """Digits of `cells` whose sum lies in low..high: each cell keeps the digits the others'
    bounds leave room for. `groups`: runs of positions in `cells` whose digits differ (they
    share a house), which tighten the bounds. False when no sum fits."""
    if groups is None:
        groups = tuple((i,) for i in range(len(cells)))
    bounds = [_group_bounds(cand, [cells[i] for i in g]) for g in groups]
    if any(b is None for b in bounds):
        return False
    smin = sum(b[0] for b in bounds)
    smax = sum(b[1] for b in bounds)
    if smin > high or smax < low:
        return False
    for g, (g_low, g_high) in zip(groups, bounds, strict=True):
        for i in g:
            c = cells[i]
            rest = _group_bounds(cand, [cells[j] for j in g if j != i]) if len(g) > 1 else (0, 0)
            if rest is None:
                return False
            others_low = smin - g_low + rest[0]
            others_high = smax - g_high + rest[1]
            keep = span(low - others_high, high - others_low, n)
            m = cand[c]
            if m & ~keep:
                m &= keep
                if not m:
                    return False
                cand[c] = m
                changed.append(c)
    return True


def _group_bounds(cand, members) -> tuple[int, int] | None:
    """The least and greatest sum of cells whose digits differ (None: they cannot differ)."""
    union = low = high = 0
    for c in members:
        m = cand[c]
        union |= m
        low += low_digit(m)
        high += m.bit_length()
    k = len(members)
    if k <= 1:
        return low, high
    digits = [b + 1 for b in range(union.bit_length()) if union >> b & 1]
    if len(digits) < k:
        return None
    return max(low, sum(digits[:k])), min(high, sum(digits[-k:]))


def cliques(cells, peers) -> tuple[tuple[int, ...], ...]:
    """Positions of `cells` grouped greedily into runs whose cells all see each other."""
    groups: list[list[int]] = []
    for i, c in enumerate(cells):
        for g in groups:
            if all(cells[j] in peers[c] for j in g):
                g.append(i)
                break
        else:
            groups.append([i])
    return tuple(tuple(g) for g in groups)


class SumBounds:
    """A sum of cells within fixed bounds (a little killer, a big cage)."""

    __slots__ = ("cells", "low", "high", "n", "groups")

    def __init__(self, cells, low, high, n, groups=None):
        self.cells, self.low, self.high, self.n = cells, low, high, n
        self.groups = groups

    def prune(self, cand):
        changed = []
        if not bound_sum(cand, self.cells, self.low, self.high, self.n, changed, self.groups):
            return None
        if self.low == self.high and not sum_supports(cand, self.cells, 1 << self.low,
                                                      changed):
            return None
        return changed


class Thermo:
    """Digits rise strictly from the bulb."""

    __slots__ = ("cells", "n")

    def __init__(self, cells, n):
        self.cells, self.n = cells, n

    def prune(self, cand):
        n, changed, cells = self.n, [], self.cells
        floor = 0
        for c in cells:
            m = cand[c]
            keep = m & ~((1 << floor) - 1)
            if not keep:
                return None
            if keep != m:
                cand[c] = keep
                changed.append(c)
            floor = low_digit(keep)
        ceiling = n + 1
        for c in reversed(cells):
            m = cand[c]
            keep = m & ((1 << (ceiling - 1)) - 1)
            if not keep:
                return None
            if keep != m:
                cand[c] = keep
                if c not in changed:
                    changed.append(c)
            ceiling = keep.bit_length()
        return changed


def sum_supports(cand, cells, totals: int, changed: list) -> int:
    """Digits of `cells` (digits may repeat: the bounds see to the cells that differ) whose
    sum is one of `totals` (a bit set, bit s for the sum s): each cell keeps the digits that
    some choice of the others completes. Returns the totals still reachable (0: none)."""
    prefix = [1]
    for c in cells:
        reach, m, last = 0, cand[c], prefix[-1]
        while m:
            low = m & -m
            m ^= low
            reach |= last << low.bit_length()
        prefix.append(reach)
    totals &= prefix[-1]
    if not totals:
        return 0
    after = 1
    for i in range(len(cells) - 1, -1, -1):
        c = cells[i]
        others, before = 0, prefix[i]
        while before:
            low = before & -before
            before ^= low
            others |= after << (low.bit_length() - 1)
        m = keep = cand[c]
        while m:
            low = m & -m
            m ^= low
            if not (others << low.bit_length()) & totals:
                keep ^= low
        if keep != cand[c]:
            if not keep:
                return 0
            cand[c] = keep
            changed.append(c)
        reach, m = 0, keep
        while m:
            low = m & -m
            m ^= low
            reach |= after << low.bit_length()
        after = reach
    return totals


class ArrowSum:
    """The shaft adds up to the bulb's number (one digit, or a pill's digits)."""

    __slots__ = ("cells", "bulb", "shaft", "places", "n", "groups")

    def __init__(self, bulb, shaft, n, groups=None):
        self.cells, self.bulb, self.shaft, self.n = bulb + shaft, bulb, shaft, n
        self.places = tuple(10 ** (len(bulb) - 1 - i) for i in range(len(bulb)))
        self.groups = groups

    def prune(self, cand):
        n, changed = self.n, []
        bulb_mins = [low_digit(cand[c]) for c in self.bulb]
        bulb_maxs = [cand[c].bit_length() for c in self.bulb]
        low = sum(w * d for w, d in zip(self.places, bulb_mins, strict=True))
        high = sum(w * d for w, d in zip(self.places, bulb_maxs, strict=True))
        if not bound_sum(cand, self.shaft, low, high, n, changed, self.groups):
            return None
        groups = self.groups or tuple((i,) for i in range(len(self.shaft)))
        bounds = [_group_bounds(cand, [self.shaft[i] for i in g]) for g in groups]
        if any(b is None for b in bounds):
            return None
        smin, smax = sum(b[0] for b in bounds), sum(b[1] for b in bounds)
        for c, w, lo_c, hi_c in zip(self.bulb, self.places, bulb_mins, bulb_maxs, strict=False):
            rest_low, rest_high = low - w * lo_c, high - w * hi_c
            keep = span(-((rest_high - smin) // w), (smax - rest_low) // w, n)
            m = cand[c]
            if m & ~keep:
                m &= keep
                if not m:
                    return None
                cand[c] = m
                changed.append(c)
        if len(self.bulb) == 1:  # the sums the shaft can make, holes and all
            bulb = self.bulb[0]
            totals = sum_supports(cand, self.shaft, cand[bulb] << 1, changed)
            if not totals:
                return None
            keep = cand[bulb] & (totals >> 1)
            if keep != cand[bulb]:
                cand[bulb] = keep
                changed.append(bulb)
        return changed


class SandwichSum:
    """The digits between 1 and the largest digit of a line add up to the total."""

    __slots__ = ("cells", "total", "n")

    def __init__(self, cells, total, n):
        self.cells, self.total, self.n = cells, total, n

    def prune(self, cand):
        cells, n, total = self.cells, self.n, self.total
        one, big = 1, 1 << (n - 1)
        middle = big - 2  # digits 2..n-1
        ones = [i for i, c in enumerate(cells) if cand[c] & one]
        bigs = [i for i, c in enumerate(cells) if cand[c] & big]
        fit_one, fit_big, fits = set(), set(), []
        for i in ones:
            for j in bigs:
                if i != j and self._fits(cand, min(i, j), max(i, j), middle):
                    fit_one.add(i)
                    fit_big.add(j)
                    fits.append((min(i, j), max(i, j)))
        if not fits:
            return None
        changed = []
        for i, c in enumerate(cells):
            drop = (0 if i in fit_one else one) | (0 if i in fit_big else big)
            if cand[c] & drop:
                cand[c] &= ~drop
                if not cand[c]:
                    return None
                changed.append(c)
        if len(fits) == 1:  # the bread is placed: the filling's bounds
            i, j = fits[0]
            inner = cells[i + 1:j]
            if not bound_sum(cand, inner, total, total, n, changed, (tuple(range(len(inner))),)):
                return None
        return changed

    def _fits(self, cand, i: int, j: int, middle: int) -> bool:
        k, n, total = j - i - 1, self.n, self.total
        if not sum(range(2, k + 2)) <= total <= sum(range(n - k, n)):
            return False
        smin = smax = 0
        for c in self.cells[i + 1:j]:
            m = cand[c] & middle
            if not m:
                return False
            smin += low_digit(m)
            smax += m.bit_length()
        return smin <= total <= smax


@lru_cache(maxsize=4096)
def digit_sets(n: int, k: int, total: int) -> tuple[int, ...]:
    """Every set of k different digits 1..n adding up to total, as bit sets."""
    return tuple(sum(1 << (d - 1) for d in combo) for combo in combinations(range(1, n + 1), k)
                 if sum(combo) == total)


# --- the plan of a puzzle ------------------------------------------------------------------


@dataclass
class Plan:
    """Everything the search needs, built once per puzzle shape (the givens aside)."""

    size: int
    units: list[tuple[int, ...]]  # all-different groups, rows first
    houses: list[tuple[int, ...]]  # the units of `size` cells: each digit once
    peers: list[tuple[int, ...]]
    house_bits: list[int]  # per cell, a bit set of its houses
    props: list = field(default_factory=list)
    watch: list[int] = field(default_factory=list)  # per cell, a bit set of propagators
    masks: list[int] = field(default_factory=list)  # per cell, the digits allowed (even/odd)
    # per cell: (neighbour, for each digit of the cell the neighbour's digits it rules out),
    # for pairs tied by negative constraints alone (they prune only once a cell is placed)
    forbid: list[tuple] = field(default_factory=list)
    peer_bits: list[int] = field(default_factory=list)  # per cell, its peers as a bit set
    steps: list = field(default_factory=list)  # props and the negative pairs, for the logic
    weight: list[int] = field(default_factory=list)  # per cell, constraints touching it
    most: int = 3  # locked candidates look at digits with at most this many places in a house

    @property
    def full(self) -> int:
        return (1 << self.size) - 1


@lru_cache(maxsize=32)
def plan_of(shape: Variant) -> Plan:
    """The plan of a puzzle whose givens are all blank (cached: the editor recounts often)."""
    n, cells = shape.size, shape.size * shape.size
    units = [u for u, _ in rules.units(shape)]
    houses = [u for u in units if len(u) == n]
    peer_sets = [set() for _ in range(cells)]
    for unit in units:
        for c in unit:
            peer_sets[c].update(unit)
    for a, b, _ in rules.chess_pairs(shape):
        peer_sets[a].add(b)
        peer_sets[b].add(a)
    peers = [tuple(sorted(s - {c})) for c, s in enumerate(peer_sets)]
    house_bits = [0] * cells
    for h, house in enumerate(houses):
        for c in house:
            house_bits[c] |= 1 << h
    plan = Plan(n, units, houses, peers, house_bits, masks=_parity_masks(shape),
                most=2 if n <= 4 else 3 if n <= 6 else 4)
    peer_of = [set(q) for q in peers]
    plan.peer_bits = [sum(1 << q for q in qs) for qs in peers]
    negatives = _negative_pairs(shape)
    plan.props = _propagators(shape, peer_of) + innies(shape, houses)
    plan.steps = plan.props + negatives
    plan.forbid = _forbids(negatives, cells, n)
    plan.watch = [0] * cells
    plan.weight = [0] * cells
    for i, prop in enumerate(plan.props):
        for c in prop.cells:
            plan.watch[c] |= 1 << i
            plan.weight[c] += 1
    for c in range(cells):
        plan.weight[c] += len(plan.forbid[c])
    return plan


def _negative_pairs(p: Variant) -> list:
    """Pairs that only negative constraints tie (no mark between them), as Pair steps."""
    return [Pair(a, b, rules.pair_table(tuple(sorted(tests)), p.size), tuple(sorted(tests)))
            for (a, b), tests in rules.pair_rules(p).items() if not any(h for _, h in tests)]


def _forbids(pairs, cells: int, n: int) -> list[tuple]:
    """For each cell, what placing each digit there rules out in a negatively tied neighbour
    (the full arc consistency a placed cell gives; with two or more candidates on both sides
    a negative pair rarely removes anything, so it is not watched)."""
    found: list[list] = [[] for _ in range(cells)]
    for pair in pairs:
        full = (1 << n) - 1
        found[pair.a].append((pair.b, tuple(full & ~m for m in pair.forward)))
        found[pair.b].append((pair.a, tuple(full & ~m for m in pair.backward)))
    return [tuple(f) for f in found]


def _parity_masks(p: Variant) -> list[int]:
    n = p.size
    full = (1 << n) - 1
    evens = sum(1 << (d - 1) for d in range(2, n + 1, 2))
    masks = [full] * (n * n)
    for c in p.even:
        masks[c] = evens
    for c in p.odd:
        masks[c] = full & ~evens
    return masks


def _propagators(p: Variant, peers) -> list:
    n, props = p.size, []
    for (a, b), tests in rules.pair_rules(p).items():
        if any(holds for _, holds in tests):  # negative-only pairs are forbids
            props.append(Pair(a, b, rules.pair_table(tuple(sorted(tests)), n),
                              tuple(sorted(tests))))
    for cage in p.cages:
        if cage.total is None:
            continue
        combos = digit_sets(n, len(cage.cells), cage.total)
        if len(combos) <= COMBOS_UP_TO:
            props.append(CageSum(cage.cells, combos))
        else:
            props.append(SumBounds(cage.cells, cage.total, cage.total, n,
                                   (tuple(range(len(cage.cells))),)))
    props += [SumBounds(k.cells, k.total, k.total, n, cliques(k.cells, peers))
              for k in p.little]
    props += [Thermo(t, n) for t in p.thermos]
    props += [ArrowSum(a.bulb, a.shaft, n, cliques(a.shaft, peers)) for a in p.arrows]
    props += [SandwichSum(rules.sandwich_cells(p, s.line, s.index), s.total, n)
              for s in p.sandwiches]
    return props


class Innie(CageSum):
    """The 45 rule: a house's digits add up to n(n+1)/2, so the cells that its whole cages
    leave add up to the rest (their digits differ: they share the house)."""

    __slots__ = ("house", "full", "total")


def innies(p: Variant, houses) -> list:
    n, found = p.size, []
    summed = [c for c in p.cages if c.total is not None]
    full = n * (n + 1) // 2
    for house in houses:
        inside, covered = [], set()
        for c in summed:  # cages may overlap in a puzzle: only disjoint ones add up
            if set(c.cells) <= set(house) and not covered & set(c.cells):
                inside.append(c)
                covered |= set(c.cells)
        rest = tuple(c for c in house if c not in covered)
        if inside and 0 < len(rest) < n:
            total = full - sum(c.total for c in inside)
            combos = digit_sets(n, len(rest), total) if total > 0 else ()
            if len(combos) <= COMBOS_UP_TO:
                innie = Innie(rest, combos)
                innie.house, innie.full, innie.total = house, full, total
                found.append(innie)
    return found


def shape_of(p: Variant) -> Variant:
    return replace(p, givens=(0,) * p.cells, meta=())


# --- propagation and search ----------------------------------------------------------------


def propagate(cand: list[int], plan: Plan, placed: list[int], dirty_houses: int = 0,
              dirty_props: int = 0, blame: list | None = None) -> bool:
    """Singles, every propagator and then locked candidates to a fixpoint, in place.
    `placed`: cells newly reduced to one digit. False when the candidates contradict a rule;
    then `blame`, if given, gets the cells of the rule that failed (for the branching)."""
    peers, houses, house_bits = plan.peers, plan.houses, plan.house_bits
    watch, props, full, forbid = plan.watch, plan.props, plan.full, plan.forbid
    for c in placed:
        dirty_houses |= house_bits[c]
        dirty_props |= watch[c]
    locked = dirty_houses
    while True:
        while placed:
            c = placed.pop()
            m = cand[c]
            for p in peers[c]:
                pm = cand[p]
                if pm & m:
                    pm ^= m
                    if not pm:
                        return _blamed(blame, (c, p))
                    cand[p] = pm
                    dirty_houses |= house_bits[p]
                    dirty_props |= watch[p]
                    if not pm & (pm - 1):
                        placed.append(p)
            if forbid[c]:
                v = m.bit_length() - 1
                for p, table in forbid[c]:
                    pm = cand[p]
                    if pm & table[v]:
                        pm &= ~table[v]
                        if not pm:
                            return _blamed(blame, (c, p))
                        cand[p] = pm
                        dirty_houses |= house_bits[p]
                        dirty_props |= watch[p]
                        if not pm & (pm - 1):
                            placed.append(p)
        while dirty_houses and not placed:
            low = dirty_houses & -dirty_houses
            dirty_houses ^= low
            locked |= low
            house = houses[low.bit_length() - 1]
            once = twice = solved = 0
            for c in house:
                m = cand[c]
                twice |= once & m
                once |= m
                if not m & (m - 1):
                    solved |= m
            if once != full:
                return _blamed(blame, house)
            hidden = once & ~twice & ~solved
            if hidden:
                for c in house:
                    h = cand[c] & hidden
                    if h:
                        if h & (h - 1):
                            return _blamed(blame, house)  # two digits, one cell
                        cand[c] = h
                        placed.append(c)
                        dirty_props |= watch[c]
        if placed:
            continue
        if dirty_props:
            low = dirty_props & -dirty_props
            dirty_props ^= low
            prop = props[low.bit_length() - 1]
            changed = prop.prune(cand)
            if changed is None:
                return _blamed(blame, prop.cells)
            for c in changed:
                m = cand[c]
                dirty_houses |= house_bits[c]
                dirty_props |= watch[c]
                if not m & (m - 1):
                    placed.append(c)
            continue
        if not locked:
            return True
        low = locked & -locked
        locked ^= low
        house = houses[low.bit_length() - 1]
        changed = locked_candidates(cand, house, plan.peer_bits, plan.most)
        if changed is None:
            return _blamed(blame, house)
        for c in changed:
            m = cand[c]
            dirty_houses |= house_bits[c]
            dirty_props |= watch[c]
            if not m & (m - 1):
                placed.append(c)


def _blamed(blame: list | None, cells) -> bool:
    if blame is not None:
        blame.extend(cells)
    return False


def locked_candidates(cand, house, peer_bits, most: int = 3) -> list[int] | None:
    """A digit whose places in a house all see some other cells leaves those cells (pointing
    and claiming between any two houses that overlap, and with chess moves too). Only digits
    with 2..`most` places are tried: more places rarely share a peer outside the house."""
    changed = []
    ones = twos = threes = fours = fives = solved = 0
    for c in house:
        m = cand[c]
        if m & (m - 1):
            fives |= fours & m
            fours |= threes & m
            threes |= twos & m
            twos |= ones & m
            ones |= m
        else:
            solved |= m
    many = fives if most >= 4 else fours if most == 3 else threes
    todo = twos & ~many & ~solved
    if not todo:
        return changed
    seen_by = [-1] * (todo.bit_length() + 1)  # per digit: the cells all its places see
    for c in house:
        m = cand[c] & todo
        if m:
            seen = peer_bits[c]
            while m:
                low = m & -m
                m ^= low
                seen_by[low.bit_length()] &= seen
    while todo:
        bit = todo & -todo
        todo ^= bit
        seen = seen_by[bit.bit_length()]
        while seen:
            low = seen & -seen
            seen ^= low
            q = low.bit_length() - 1
            m = cand[q]
            if m & bit:
                m ^= bit
                if not m:
                    return None
                cand[q] = m
                changed.append(q)
    return changed


def start(p: Variant, plan: Plan) -> list[int] | None:
    """The candidates of the givens, propagated; None when they contradict the rules."""
    cand = [1 << (v - 1) if v else m for v, m in zip(p.givens, plan.masks, strict=True)]
    if any(v and not (1 << (v - 1)) & m for v, m in zip(p.givens, plan.masks, strict=True)):
        return None
    placed = [c for c, m in enumerate(cand) if not m & (m - 1)]
    every_house = (1 << len(plan.houses)) - 1
    every_prop = (1 << len(plan.props)) - 1
    return cand if propagate(cand, plan, placed, every_house, every_prop) else None


class Search:
    """Depth first, branching on the cell with the fewest candidates; ties, and cells whose
    candidates keep failing, are weighed by the constraints around them (the rules that
    failed in earlier branches add to their cells' weight, as in dom/wdeg)."""

    def __init__(self, p: Variant, plan: Plan, limit: int, stop: Stop | None):
        self.p, self.plan, self.limit, self.stop = p, plan, limit, stop
        self.solutions: list[tuple[int, ...]] = []
        self.nodes = 0
        self.weight = [1 + w for w in plan.weight]
        self.blame: list[int] = []

    def run(self, cand: list[int]) -> None:
        self.nodes += 1
        if self.stop is not None and self.nodes % STOP_EVERY == 0 and self.stop():
            raise Stopped
        cell = self.branch_cell(cand)
        if cell < 0:
            values = tuple(m.bit_length() for m in cand)
            if not rules.broken(self.p, values):  # a safety net: propagators are exact
                self.solutions.append(values)
            return
        m = cand[cell]
        blame, weight = self.blame, self.weight
        while m:
            bit = m & -m
            m ^= bit
            child = cand[:]
            child[cell] = bit
            if propagate(child, self.plan, [cell], blame=blame):
                self.run(child)
                if len(self.solutions) >= self.limit:
                    return
            else:
                for c in blame:
                    weight[c] += 1
                blame.clear()

    def branch_cell(self, cand: list[int]) -> int:
        """The undecided cell with the least candidates per weight (-1: all decided)."""
        best, best_k, best_w, weight = -1, 1, 0, self.weight
        for c, m in enumerate(cand):
            if m & (m - 1):
                k, w = m.bit_count(), weight[c]
                if k * best_w < best_k * w:
                    best, best_k, best_w = c, k, w
        return best


def clashes(p: Variant) -> tuple[tuple[int, ...], ...]:
    """Givens that break a rule at sight: equal givens in a unit or a chess move apart, a
    pair of givens against its mark, a given against its cell's parity."""
    found = set()
    g = p.givens
    for cells, _ in rules.units(p):
        seen: dict[int, int] = {}
        for c in cells:
            if g[c]:
                if g[c] in seen:
                    found.add((seen[g[c]], c))
                seen.setdefault(g[c], c)
    found |= {(a, b) for a, b, _ in rules.chess_pairs(p) if g[a] and g[a] == g[b]}
    for (a, b), tests in rules.pair_rules(p).items():
        if g[a] and g[b] and any(rules.RELATIONS[k](g[a], g[b]) != holds for k, holds in tests):
            found.add((a, b))
    found |= {(c,) for c in p.even if g[c] % 2} | {(c,) for c in p.odd if g[c] and not g[c] % 2}
    return tuple(sorted(found))


def count(p: Variant, limit: int = 2, stop: Stop | None = None) -> Count:
    """Solutions up to `limit` (2 answers "is it unique?"), exactly."""
    same = clashes(p)
    if same:
        return Count(0, limit, clashes=same)
    plan = plan_of(shape_of(p))
    search = Search(p, plan, limit, stop)
    stopped = False
    cand = start(p, plan)
    if cand is not None:
        try:
            search.run(cand)
        except Stopped:
            stopped = True
    found = tuple(search.solutions)
    differs = where_differ(found[0], found[1]) if len(found) >= 2 else ()
    return Count(len(found), limit, found, differs, stopped=stopped, nodes=search.nodes)


def solve(p: Variant) -> tuple[int, ...] | None:
    return count(p, 1).solution
