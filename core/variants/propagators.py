"""What each classic variant constraint removes from the candidates (bit v-1 for digit v): a
mark's pair, a cage's digit sets, sums within bounds, thermometers, arrows and sandwiches.
Each propagator has `cells` and `prune(cand)`: the cells it narrowed (a list), or None when
its constraint cannot be kept. It only removes digits that no solution of its own
constraint can use, and with every cell decided it passes exactly the grids that keep it.
(Today's line constraints are in core/variants/lines.py.)"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

COMBOS_UP_TO = 400  # digit sets a cage keeps as a list; larger cages reason by bounds


def span(low: int, high: int, n: int) -> int:
    """The digits low..high (clipped to 1..n) as a bit set."""
    low, high = max(low, 1), min(high, n)
    return ((1 << high) - 1) & ~((1 << (low - 1)) - 1) if low <= high else 0


def low_digit(m: int) -> int:
    return (m & -m).bit_length()


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
    """Different digits that add up to a total: the digit sets that still fit. `seen`: per
    cell, the cells it sees as a bit set (the plan's peers, given once the plan is made; None:
    a digit every set holds is only placed, never taken from the cells around)."""

    __slots__ = ("cells", "combos", "seen")
    required = True  # its digits are required: the plan gives it `seen` (the engine's plan)

    def __init__(self, cells, combos):
        self.cells, self.combos, self.seen = cells, combos, None

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
        if not required_places(cand, cells, self.seen, required, changed):
            return None
        return changed


def required_places(cand, cells, seen, required: int, changed: list) -> bool:
    """Digits every fitting set (or run) of `cells` holds (`required`), each in turn: with one
    place left among the cells it goes there; with two or more it leaves every cell that sees
    all of them (`seen[i]`: the cells that cells[i] sees, as a bit set; None: no such step),
    as ISS's HandlerUtil.enforceRequiredValueExclusions (a six-cell renban always holds 4, 5
    and 6). False: a required digit without a place, or a cell left without a digit."""
    while required:
        bit = required & -required
        required ^= bit
        places, place, common = 0, -1, -1
        for i, c in enumerate(cells):
            if cand[c] & bit:
                if not places:
                    place = c
                places += 1
                if seen is not None:
                    common &= seen[i]
        if not places:
            return False
        if places == 1:
            if cand[place] != bit:
                cand[place] = bit
                changed.append(place)
            continue
        if seen is not None and not leave_cells(cand, common, bit, changed):
            return False
    return True


def leave_cells(cand, cells: int, bit: int, changed: list) -> bool:
    """The digit `bit` leaves every cell of `cells` (a bit set of cells) that holds it, in
    cell order; False when a cell is left without a digit."""
    while cells:
        low = cells & -cells
        cells ^= low
        q = low.bit_length() - 1
        m = cand[q]
        if m & bit:
            m ^= bit
            if not m:
                return False
            cand[q] = m
            changed.append(q)
    return True


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
        # the bounds of the group's other cells, each in turn: the cells before it as they
        # are now (narrowed above), the cells after it from sums taken from the end
        k = len(g)
        after = [(0, 0, 0)] * (k + 1)  # (union, least, greatest) of the cells from t on
        for t in range(k - 1, 0, -1):
            m = cand[cells[g[t]]]
            union, least, most = after[t + 1]
            after[t] = (union | m, least + (m & -m).bit_length(), most + m.bit_length())
        union = least = most = 0  # of the cells before
        for t, i in enumerate(g):
            c = cells[i]
            u, lo, hi = after[t + 1]
            lo, hi = lo + least, hi + most
            if k > 2:  # two or more others: their digits differ too
                extremes = _distinct_extremes(u | union, k - 1)
                if extremes is None:
                    return False
                lo, hi = max(lo, extremes[0]), min(hi, extremes[1])
            others_low = smin - g_low + lo
            others_high = smax - g_high + hi
            keep = span(low - others_high, high - others_low, n)
            m = cand[c]
            if m & ~keep:
                m &= keep
                if not m:
                    return False
                cand[c] = m
                changed.append(c)
            union, least, most = union | m, least + (m & -m).bit_length(), most + m.bit_length()
    return True


def _group_bounds(cand, members) -> tuple[int, int] | None:
    """The least and greatest sum of cells whose digits differ (None: they cannot differ)."""
    union = low = high = 0
    for c in members:
        m = cand[c]
        union |= m
        low += (m & -m).bit_length()
        high += m.bit_length()
    k = len(members)
    if k <= 1:
        return low, high
    extremes = _distinct_extremes(union, k)
    if extremes is None:
        return None
    return max(low, extremes[0]), min(high, extremes[1])


@lru_cache(maxsize=1 << 16)
def _distinct_extremes(union: int, k: int) -> tuple[int, int] | None:
    """The least and greatest sum of k different digits of `union` (None: it has fewer);
    remembered, as the sums' bounds ask for the same few unions over and over."""
    digits = [b + 1 for b in range(union.bit_length()) if union >> b & 1]
    if len(digits) < k:
        return None
    return sum(digits[:k]), sum(digits[-k:])


def bit_set(cells) -> int:
    """Distinct cells (or positions) as one int's bits (the shift a C call, not a Python step:
    a plan asks it of every cell's peers)."""
    return sum(map((1).__lshift__, cells))


def cliques(cells, peers) -> tuple[tuple[int, ...], ...]:
    """Positions of `cells` grouped into runs whose cells all see each other: the better (by
    the sum of the squares of the sizes: fewer, larger groups bound a sum tighter) of two
    greedy ways, each cell joining the first group it fits in line order, or ISS's (each group
    grown from the cell seeing most of the cells left; its HandlerUtil.findExclusionGroups).
    On Long sums 3 (32 cells) the first gives a least sum of 80, the second 98."""
    near = [sum(1 << j for j, q in enumerate(cells) if q in peers[c]) for c in cells]
    everyone = (1 << len(cells)) - 1
    if cells and all(m | 1 << j == everyone for j, m in enumerate(near)):
        return (tuple(range(len(cells))),)  # all see each other: both ways make one group
    first = _first_fit(cells, near)
    grown = _grown(cells, near)
    if sum(len(g) ** 2 for g in grown) > sum(len(g) ** 2 for g in first):
        return grown
    return first


def _first_fit(cells, near) -> tuple[tuple[int, ...], ...]:
    """`near`: per position, the positions whose cells its cell sees, as a bit set."""
    groups: list[list[int]] = []
    masks: list[int] = []  # each group's positions as a bit set
    for i in range(len(cells)):
        for g, mask in enumerate(masks):
            if not mask & ~near[i]:
                groups[g].append(i)
                masks[g] |= 1 << i
                break
        else:
            groups.append([i])
            masks.append(1 << i)
    return tuple(tuple(g) for g in groups)


def _grown(cells, near) -> tuple[tuple[int, ...], ...]:
    """Each group grown from the free cell that sees most of the cells still open to it
    (ties: the lowest cell), the open cells narrowed to those it sees."""
    if len(set(cells)) != len(cells):
        return tuple((i,) for i in range(len(cells)))  # a cell twice: no groups
    left, groups = sorted(range(len(cells)), key=cells.__getitem__), []
    while left:
        open_, group = sum(1 << i for i in left), []
        while open_:
            i, most, m = -1, -1, open_
            while m:  # the open cell seeing most open cells (ties: the lowest cell)
                low = m & -m
                m ^= low
                j = low.bit_length() - 1
                sees = (near[j] & open_).bit_count()
                if sees > most or sees == most and cells[j] < cells[i]:
                    i, most = j, sees
            group.append(i)
            open_ &= near[i] & ~(1 << i)
        groups.append(sorted(group))
        left = [j for j in left if j not in group]
    return tuple(tuple(g) for g in sorted(groups))


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


@lru_cache(maxsize=16)
def mirrored(n: int) -> tuple[int, ...]:
    """For each set of digits 1..n, the set of n+1-d (a cell counted negatively in a sum
    counts as n+1 minus its digit, less n+1)."""
    return tuple(int(f"{m:0{n}b}"[::-1], 2) for m in range(1 << n))


class SignedSum:
    """Cells that add up to a total, less other cells: an innie/outie equation of houses and
    the cages that overlap them (sum(plus) - sum(minus) = total). Each minus cell is taken as
    n+1 minus its digit, so the whole is a plain sum, pruned as SumBounds prunes one (digits
    may repeat; `groups` of positions, plus cells first, hold digits that differ)."""

    __slots__ = ("cells", "plus", "minus", "total", "n", "groups", "flip")

    def __init__(self, plus, minus, total: int, n: int, groups=None):
        self.plus, self.minus, self.n = tuple(plus), tuple(minus), n
        self.cells = self.plus + self.minus
        self.total = total + len(self.minus) * (n + 1)
        self.groups = groups
        self.flip = mirrored(n) if self.minus else None

    def prune(self, cand):
        k, flip, plus = len(self.plus), self.flip, len(self.plus)
        cells = self.cells
        view = [cand[c] for c in cells]
        if flip is not None:
            for i in range(k, len(cells)):
                view[i] = flip[view[i]]
        seen: list[int] = []
        at = range(len(cells))
        if not bound_sum(view, at, self.total, self.total, self.n, seen, self.groups):
            return None
        if not sum_supports(view, at, 1 << self.total, seen):
            return None
        changed = []
        for i in sorted(set(seen)):  # in order: the compiled engine follows it step for step
            c = cells[i]
            m = view[i] if i < plus else flip[view[i]]
            if m != cand[c]:
                cand[c] = m
                changed.append(c)
        return changed


class Thermo:
    """Digits rise strictly from the bulb (a slow thermometer's may also stay the same)."""

    __slots__ = ("cells", "n", "slow")

    def __init__(self, cells, n, slow: bool = False):
        self.cells, self.n, self.slow = cells, n, slow

    def prune(self, cand):
        changed, cells, step = [], self.cells, 0 if self.slow else 1
        below = 0  # the digits the next cell cannot hold for being too small
        for c in cells:
            m = cand[c]
            keep = m & ~below
            if not keep:
                return None
            if keep != m:
                cand[c] = keep
                changed.append(c)
            below = (1 << (low_digit(keep) - 1 + step)) - 1
        upto = -1  # the digits the previous cell may hold
        for c in reversed(cells):
            m = cand[c]
            keep = m & upto
            if not keep:
                return None
            if keep != m:
                cand[c] = keep
                if c not in changed:
                    changed.append(c)
            upto = (1 << (keep.bit_length() - step)) - 1
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



class Innie(CageSum):
    """The 45 rule: a house's digits add up to n(n+1)/2, so the cells that its whole cages
    leave add up to the rest (their digits differ: they share the house)."""

    __slots__ = ("house", "full", "total")


class Complement(CageSum):
    """The rest of a house beside a sum lying in it (ISS's complement cells): it holds the
    digits the sum's set lacks, so it keeps the complements of the sets that fit. Part of
    the sum's handler in ISS, so it adds nothing to the cells' priorities."""

    __slots__ = ()
    required = False  # its cells need not hold the digits it keeps
