"""What today's constraints remove from the candidates (bit v-1 for digit v): the lines
(whispers, renban, region-sum, palindrome, between, entropic, modular, zipper, double arrow,
slow thermometer, Nabner), clues on groups of cells, minima and maxima, indexers, and X-sum and
skyscraper clues. Like core/variants/propagators.py, each propagator has `cells` and
`prune(cand)` (the cells it narrowed, or None when its rule cannot be kept), removes only
digits no solution of its own rule can use, and with every cell decided passes exactly the
grids that keep it (core.variants.rules says each rule; tests hold the two together)."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from core.variants import formula, rules
from core.variants.cell_clues import EXTREMES
from core.variants.model import (
    GROUP_RECORDS,
    LINE_RECORDS,
    OUTSIDE_RECORDS,
    RULE_RECORDS,
    Variant,
    orthogonal,
)
from core.variants.propagators import Pair, low_digit, required_places, sum_supports


class Tie(Pair):
    """Two cells a line or a cell clue ties (a whisper's neighbours, a palindrome's mirror
    cells, ...): `relation` names what holds between them, `source` the rule it comes from."""

    __slots__ = ("relation", "source")

    def __init__(self, a: int, b: int, relation: str, n: int, source, first: int = 1):
        super().__init__(a, b, tie_table(relation, n, first))
        self.relation, self.source = relation, source


TIE_WORDS = {"equal": "hold the same digit", "less": "the first is smaller",
             "apart": "differ by at least {k}", "far": "are neither the same nor consecutive",
             "same third": "hold digits of the same third (low, middle, high)",
             "other third": "hold digits of different thirds (low, middle, high)",
             "same mod 3": "hold digits equal mod 3", "other mod 3": "hold digits that differ "
                                                                    "mod 3"}


def _holds(relation: str, x: int, y: int, n: int) -> bool:
    name, _, k = relation.partition(" ") if relation.startswith("apart") else (relation, "", "")
    if name == "apart":
        return abs(x - y) >= int(k)
    thirds = rules.entropy_groups(n)
    return {"equal": x == y, "less": x < y, "far": abs(x - y) > 1,
            "same third": thirds[x] == thirds[y], "other third": thirds[x] != thirds[y],
            "same mod 3": x % 3 == y % 3, "other mod 3": x % 3 != y % 3}[name]


@lru_cache(maxsize=256)
def tie_table(relation: str, n: int, first: int = 1):
    """(for each x: the y that fit as bits, for each y: the x that fit); `rule F`: the
    setter's formula or table F (core.variants.formula) of the digits as shown, from
    `first` (the others read the same whatever digit the grid starts at)."""
    if relation.startswith("rule "):
        return formula.relation_table(relation[5:], n, first)
    forward = tuple(sum(1 << (y - 1) for y in range(1, n + 1) if _holds(relation, x, y, n))
                    for x in range(1, n + 1))
    backward = tuple(sum(1 << (x - 1) for x in range(1, n + 1) if _holds(relation, x, y, n))
                     for y in range(1, n + 1))
    return forward, backward


def sums_of(cand, cells) -> int:
    """The sums the cells can make (digits may repeat), as bits: bit s for the sum s."""
    reach = 1
    for c in cells:
        m, nxt = cand[c], 0
        while m:
            low = m & -m
            m ^= low
            nxt |= reach << low.bit_length()
        reach = nxt
    return reach


@lru_cache(maxsize=64)
def digit_sets_of(n: int, k: int) -> tuple[tuple[int, int], ...]:
    """Every set of k different digits 1..n, as (bits, sum)."""
    return tuple((sum(1 << (d - 1) for d in combo), sum(combo))
                 for combo in combinations(range(1, n + 1), k))


def distinct_sets(cand, cells, n: int) -> list[tuple[int, int]]:
    """The sets of different digits (bits, sum) that cells which see each other could hold:
    within their candidates' union, each cell finding one of its digits there."""
    union = 0
    masks = [cand[c] for c in cells]
    for m in masks:
        union |= m
    found = []
    for bits, total in _sets_within(union, len(cells), n):
        for m in masks:
            if not m & bits:
                break
        else:
            found.append((bits, total))
    return found


@lru_cache(maxsize=4096)
def _sets_within(union: int, k: int, n: int) -> tuple[tuple[int, int], ...]:
    """The sets of k different digits (bits, sum) within `union` (remembered: few unions)."""
    return tuple((bits, total) for bits, total in digit_sets_of(n, k) if not bits & ~union)


MEMO_SIZE = 20_000  # entries per line: a few MB at most


class EqualSums:
    """Groups of cells with one sum: a region-sum line's segments, a zipper line's pairs (and
    its middle cell), a double arrow's ends and the cells between. A group of cells that see
    each other (`distinct`: a region-sum segment always) sums only sets of different digits,
    which rules out many totals the cells' digits alone would allow. `shift`: a held digit less
    the digit shown (1 on a grid of 0 to N-1): the sums are of the digits as shown, so each
    group's held sum is compared padded by `pads` (its cells fewer than the longest group's,
    times the shift)."""

    __slots__ = ("cells", "groups", "kind", "distinct", "n", "memo", "pads")

    def __init__(self, groups, kind: str, distinct=(), n: int = 0, shift: int = 0):
        self.groups, self.kind = tuple(groups), kind
        self.cells = tuple(c for g in self.groups for c in g)
        self.distinct, self.n = tuple(distinct) or (False,) * len(self.groups), n
        longest = max(map(len, self.groups), default=0)
        self.pads = tuple((longest - len(g)) * shift for g in self.groups)
        # a group's digit sets by its candidates: a search meets the same ones again and
        # again, and working them out is most of the line's time (kept to a bounded size)
        self.memo: dict = {}

    def prune(self, cand):
        totals, sets, memo = -1, [], self.memo
        for i, (g, distinct) in enumerate(zip(self.groups, self.distinct, strict=True)):
            if distinct:
                key = (i, *[cand[c] for c in g])
                known = memo.get(key)
                if known is None:
                    if len(memo) >= MEMO_SIZE:
                        memo.clear()
                    fits, reach = distinct_sets(cand, g, self.n), 0
                    for _, total in fits:
                        reach |= 1 << total
                    known = memo[key] = fits, reach
                fits, reach = known
                sets.append(fits)
            else:
                reach = sums_of(cand, g)
                sets.append(None)
            totals &= reach << self.pads[i]
            if not totals:
                return None
        changed: list[int] = []
        for i, (g, fits) in enumerate(zip(self.groups, sets, strict=True)):
            wanted = totals >> self.pads[i]
            key = (~i, wanted, *[cand[c] for c in g])  # what the group keeps, by the same memo
            kept = memo.get(key, ())
            if kept == ():
                kept = memo[key] = self._kept(list(key[2:]), fits, wanted)
            if kept is None:
                return None
            masks, order = kept
            for j in order:
                cand[g[j]] = masks[j]
                changed.append(g[j])
        return changed

    @staticmethod
    def _kept(masks: list[int], fits, totals: int):
        """A group's candidates that sum to one of `totals` and the places that changed, in
        the order they changed (None: no sum fits)."""
        order: list[int] = []
        if fits is not None:  # each cell keeps the digits of the sets of a common total
            allowed = 0
            for bits, total in fits:
                if totals >> total & 1:
                    allowed |= bits
            for j, m in enumerate(masks):
                if m & ~allowed:
                    masks[j] = m & allowed
                    order.append(j)
        if not sum_supports(masks, range(len(masks)), totals, order):
            return None
        return tuple(masks), tuple(order)


class Renban:
    """Different digits that form a run of consecutive digits, in any order. Each run that
    still fits is tried: the line's cells take its k digits one each, and a cell keeps the
    digits it holds in some such matching of cells to digits (`run_matchings`: with 27 in
    one cell and 56, 567 in the others, the run 567 leaves the third cell 56, the 7 being
    the first's; ISS's BinaryPairwise takes it out pairwise). A cell keeps the digits the runs
    that fit leave it. `seen`: as CageSum's (the plan's peers per cell, for
    required_places)."""

    __slots__ = ("cells", "n", "seen")
    required = True  # its digits are required: the plan gives it `seen` (the engine's plan)

    def __init__(self, cells, n: int):
        self.cells, self.n, self.seen = cells, n, None

    def prune(self, cand):
        k, cells = len(self.cells), self.cells
        required = -1
        keep = [0] * k
        run = (1 << k) - 1
        for low in range(self.n - k + 1):
            window = run << low
            once = 0
            for c in cells:
                m = cand[c] & window
                if not m:
                    break
                once |= m
            else:
                if once != window:  # a digit of the run has no place
                    continue
                kept = run_matchings([cand[c] >> low & run for c in cells])
                if kept is not None:
                    for i, m in enumerate(kept):
                        keep[i] |= m << low
                    required &= window
        if required == -1:
            return None
        changed = []
        for c, m in zip(cells, keep, strict=True):
            if cand[c] & ~m:
                cand[c] &= m
                changed.append(c)
        if not required_places(cand, cells, self.seen, required, changed):
            return None
        return changed


def run_matchings(masks: list[int]) -> list[int] | None:
    """k cells' digits among k digits (bits 0..k-1): per cell, the digits it takes in some
    way of giving each cell a different digit (all k used); None when there is none. The
    digits used by the first i cells, level by level forwards, then back from all k."""
    k = len(masks)
    levels = [{0}]
    for m in masks:
        nxt = set()
        for used in levels[-1]:
            free = m & ~used
            while free:
                bit = free & -free
                free ^= bit
                nxt.add(used | bit)
        if not nxt:
            return None
        levels.append(nxt)
    if (1 << k) - 1 not in levels[k]:
        return None
    kept = [0] * k
    good = {(1 << k) - 1}
    for i in range(k - 1, -1, -1):
        back = set()
        for used in levels[i]:
            free = masks[i] & ~used
            while free:
                bit = free & -free
                free ^= bit
                if used | bit in good:
                    kept[i] |= bit
                    back.add(used)
        good = back
    return kept


class Between:
    """The inner cells lie strictly between the two ends, whichever end is the smaller. `gap`:
    how far apart the ends are at least, one more than the most inner cells that see each
    other (their digits differ, all between the ends: ISS's minEndsDelta), 2 (they differ)
    until the plan gives it."""

    __slots__ = ("cells", "ends", "inner", "n", "gap")

    def __init__(self, cells, n: int):
        self.cells, self.n = cells, n
        self.ends, self.inner = (cells[0], cells[-1]), cells[1:-1]
        self.gap = 2

    def prune(self, cand):
        keep = dict.fromkeys(self.cells, 0)
        for low, high in (self.ends, self.ends[::-1]):
            fit = self._fits(cand, low, high)
            if fit:
                for c, m in fit.items():
                    keep[c] |= m
        changed = []
        for c, m in keep.items():
            if not m:
                return None
            if m != cand[c]:
                cand[c] = m
                changed.append(c)
        return changed

    def _fits(self, cand, low: int, high: int) -> dict | None:
        """Each cell's digits when `low` holds the smaller end (None: it cannot)."""
        inner_top = min(cand[c].bit_length() for c in self.inner)
        inner_bottom = max(low_digit(cand[c]) for c in self.inner)
        lows = cand[low] & ((1 << (inner_top - 1)) - 1)  # below every inner digit's top
        highs = cand[high] & ~((1 << inner_bottom) - 1)  # above every inner digit's bottom
        if not lows or not highs:
            return None
        lows &= (1 << max(0, highs.bit_length() - self.gap)) - 1  # `gap` below some high
        if not lows:
            return None
        highs &= ~((1 << (low_digit(lows) + self.gap - 1)) - 1)  # `gap` above some low
        floor, ceiling = low_digit(lows), highs.bit_length()
        inside = ((1 << (ceiling - 1)) - 1) & ~((1 << floor) - 1)
        fit = {low: lows, high: highs}
        for c in self.inner:
            fit[c] = cand[c] & inside
            if not fit[c]:
                return None
        return fit


class Lockout:
    """The two ends (diamonds) differ by at least `gap`, and no inner digit lies between them
    or equals either. Each pair of end digits far enough apart is tried: it stands when every
    inner cell keeps a digit outside the pair's span, and the digits kept are those of the
    pairs that stand (at most n*n pairs: a step is a few hundred bit operations)."""

    __slots__ = ("cells", "ends", "inner", "n", "gap")

    def __init__(self, cells, n: int, gap: int):
        self.cells, self.n, self.gap = cells, n, gap
        self.ends, self.inner = (cells[0], cells[-1]), cells[1:-1]

    def prune(self, cand):
        first, last = self.ends
        keep_first = keep_last = 0
        keep_inner = [0] * len(self.inner)
        full = (1 << self.n) - 1
        for a in range(1, self.n + 1):
            if not cand[first] >> (a - 1) & 1:
                continue
            for b in range(1, self.n + 1):
                if not cand[last] >> (b - 1) & 1 or abs(a - b) < self.gap:
                    continue
                low, high = min(a, b), max(a, b)
                outside = full & ~(((1 << high) - 1) & ~((1 << (low - 1)) - 1))
                kept = [cand[c] & outside for c in self.inner]
                if all(kept):
                    keep_first |= 1 << (a - 1)
                    keep_last |= 1 << (b - 1)
                    keep_inner = [k | m for k, m in zip(keep_inner, kept, strict=True)]
        if not keep_first:
            return None
        changed = []
        for c, m in ((first, keep_first), (last, keep_last), *zip(self.inner, keep_inner,
                                                                  strict=True)):
            if cand[c] != m:
                cand[c] = m
                changed.append(c)
        return changed


class Quadruple:
    """The digits of a quadruple's circle each appear in its four cells at least as often as
    the circle lists them; also any cells that hold listed digits at least (or, `exact`,
    exactly) so often (a rule's `contains`, `source`). `seen`: as CageSum's (a listed digit
    leaves the cells that see all its places, as ISS's RequiredValues)."""

    __slots__ = ("cells", "needs", "digits", "exact", "source", "seen")
    required = True  # its digits are required: the plan gives it `seen` (the engine's plan)

    def __init__(self, cells, digits, exact: bool = False, source=None):
        self.cells, self.digits, self.exact, self.source = cells, digits, exact, source
        self.seen = None
        self.needs = tuple((1 << (d - 1), digits.count(d)) for d in sorted(set(digits)))

    def prune(self, cand):
        changed, required = [], 0
        for bit, times in self.needs:
            required |= bit
            places = [c for c in self.cells if cand[c] & bit]
            if len(places) < times:
                return None
            if len(places) == times:
                for c in places:
                    if cand[c] != bit:
                        cand[c] = bit
                        changed.append(c)
            elif self.exact:  # placed as often as listed: no other cell holds it
                placed = sum(1 for c in places if cand[c] == bit)
                if placed > times:
                    return None
                if placed == times:
                    for c in places:
                        if cand[c] != bit:
                            cand[c] &= ~bit
                            changed.append(c)
        # as many cells can hold a listed digit as the circle lists: they hold only those
        able = [c for c in self.cells if cand[c] & required]
        if len(able) == len(self.digits):
            for c in able:
                if cand[c] & ~required:
                    cand[c] &= required
                    changed.append(c)
        if self.seen is not None and not required_places(cand, self.cells, self.seen,
                                                         required, changed):
            return None
        return changed


def indexer_target(p: Variant, kind: str, cell: int, v: int) -> tuple[int, int]:
    """The cell a row/column/box indexer's digit v points at, and the digit that must be
    there: row indexer in column c: row v of column c holds the indexer's row number; column
    indexer: column v of its row holds its column number; box indexer: the v-th cell of its
    region (in reading order) holds the indexer's place in the region."""
    n = p.size
    r, c = divmod(cell, n)
    if kind == "row":
        return (v - 1) * n + c, r + 1
    if kind == "column":
        return r * n + v - 1, c + 1
    region = [x for x in range(n * n) if p.regions[x] == p.regions[cell]]
    return region[v - 1], region.index(cell) + 1


class Indexer:
    """A row, column or box indexer: its digit v names the cell of its column (row, region)
    that holds the indexer's own place there (indexer_target)."""

    __slots__ = ("cells", "cell", "kind", "targets", "digit")

    def __init__(self, p: Variant, kind: str, cell: int):
        self.kind, self.cell = kind, cell
        self.targets = tuple(indexer_target(p, kind, cell, v)[0] for v in range(1, p.size + 1))
        self.digit = indexer_target(p, kind, cell, 1)[1]
        self.cells = (cell,) + tuple(t for t in self.targets if t != cell)

    def prune(self, cand):
        cell, bit, changed = self.cell, 1 << (self.digit - 1), []
        m, keep = cand[cell], 0
        for v, target in enumerate(self.targets, 1):
            if m >> (v - 1) & 1:
                fits = v == self.digit if target == cell else cand[target] & bit
                if fits:
                    keep |= 1 << (v - 1)
            elif target != cell and cand[target] & bit:
                # the digit is in that house once, where the indexer points: not here
                cand[target] &= ~bit
                if not cand[target]:
                    return None
                changed.append(target)
        if not keep:
            return None
        if keep != m:
            cand[cell] = keep
            changed.append(cell)
        if not keep & (keep - 1):
            target = self.targets[keep.bit_length() - 1]
            if target != cell and cand[target] != bit:
                cand[target] = bit  # an only candidate there: checked above
                changed.append(target)
        return changed


class XSum:
    """The first X digits from the clue's side add up to the clue, X being the first digit."""

    __slots__ = ("cells", "total")

    def __init__(self, cells, total: int):
        self.cells, self.total = cells, total

    def prune(self, cand):
        cells, first = self.cells, self.cells[0]
        keep = [0] * len(cells)
        m = cand[first]
        while m:
            bit = m & -m
            m ^= bit
            x = bit.bit_length()
            rest = [cand[c] for c in cells[1:x]]
            if x > self.total or not sum_supports(rest, range(len(rest)), 1 << (self.total - x),
                                                  []):
                continue
            keep[0] |= bit
            for i in range(1, len(cells)):
                keep[i] |= rest[i - 1] if i < x else cand[cells[i]]
        if not keep[0]:
            return None
        changed = []
        for c, k in zip(cells, keep, strict=True):
            if k != cand[c]:
                cand[c] = k
                changed.append(c)
        return changed


class Skyscraper:
    """From the clue's side, exactly `total` digits are seen (each taller than all before).
    Walks the line once each way; the state after a cell is, per count seen, the set of
    tallest digits so far (a bit set, so a step is a few bit operations, as ISS's handler
    does): a digit stays where some walk through it ends at the clue. The cells are a row or
    column, all different, so the walk ends on a digit of at least their number."""

    __slots__ = ("cells", "total", "n", "last")

    def __init__(self, cells, total: int, n: int):
        self.cells, self.total, self.n = cells, total, n
        self.last = ((1 << n) - 1) & -(1 << (len(cells) - 1))  # the tallest: len(cells)..n

    def prune(self, cand):
        cells, total = self.cells, self.total
        if not 0 < total <= len(cells):
            return None
        counts = range(1, total + 1)
        ahead = [[0] * (total + 1)]  # ahead[i][k]: the tallest digits after cell i, k seen
        ahead[0][1] = cand[cells[0]]
        for c in cells[1:]:
            before, now, m = ahead[-1], [0] * (total + 1), cand[c]
            taller = -((m & -m) << 1)  # above the cell's least digit: it hides behind them
            for k in counts:
                tops = before[k]
                if tops:
                    now[k] |= tops & taller
                    if k < total:
                        now[k + 1] |= m & -((tops & -tops) << 1)  # seen: above some top
            ahead.append(now)
        ends = ahead[-1][total] & self.last
        if not ends:
            return None
        behind = [0] * (total + 1)  # the states after cell i that can end at the clue
        behind[total] = ends
        changed = []
        for i in range(len(cells) - 1, 0, -1):
            c, m, before, earlier = cells[i], cand[cells[i]], ahead[i - 1], [0] * (total + 1)
            keep = 0
            taller = -((m & -m) << 1)
            for k in counts:
                tops = behind[k]
                if not tops:
                    continue
                hidden = before[k] & tops & taller  # same tallest, the cell below it
                if hidden:
                    earlier[k] |= hidden
                    keep |= m & ((1 << (hidden.bit_length() - 1)) - 1)
                seen, lower = tops & m, before[k - 1]  # the cell is the new tallest
                if seen and lower:
                    shorter = lower & ((1 << (seen.bit_length() - 1)) - 1)
                    if shorter:
                        earlier[k - 1] |= shorter
                        keep |= seen & -((lower & -lower) << 1)
            if not keep:
                return None
            if keep != m:
                cand[c] = keep
                changed.append(c)
            behind = earlier
        first = behind[1]
        if not first:
            return None
        if first != cand[cells[0]]:
            cand[cells[0]] = first
            changed.append(cells[0])
        return changed


class Automaton:
    """The digits along a line spell a word an automaton accepts (a pattern's: core.variants.
    pattern). A walk forward keeps the states each start of the line can reach, a walk back
    the states from which the rest can still end in an accepting one; a digit stays where
    some walk through it does (states as bits: table[s][d-1] the states digit d leads to)."""

    __slots__ = ("cells", "states", "accept", "table", "source")

    def __init__(self, cells, automaton, n: int):
        self.cells, self.states, self.accept = tuple(cells), automaton.states, automaton.accept
        self.table = tuple(row[:n] for row in automaton.table)
        self.source = None  # the rule it comes from (for the logic's words)

    def prune(self, cand):
        table, cells = self.table, self.cells
        reach, now = [1], 1
        for c in cells:
            m, nxt, states = cand[c], 0, now
            while states:
                low = states & -states
                states ^= low
                row, digits = table[low.bit_length() - 1], m
                while digits:
                    bit = digits & -digits
                    digits ^= bit
                    nxt |= row[bit.bit_length() - 1]
            if not nxt:
                return None
            reach.append(nxt)
            now = nxt
        alive = now & self.accept
        if not alive:
            return None
        changed = []
        for i in range(len(cells) - 1, -1, -1):
            c = cells[i]
            m, keep, before, states = cand[c], 0, 0, reach[i]
            while states:
                low = states & -states
                states ^= low
                row, digits = table[low.bit_length() - 1], m
                while digits:
                    bit = digits & -digits
                    digits ^= bit
                    if row[bit.bit_length() - 1] & alive:
                        keep |= bit
                        before |= low
            alive = before
            if keep != m:
                cand[c] = keep
                changed.append(c)
        return changed


# --- the propagators of a puzzle -----------------------------------------------------------

def propagators(p: Variant) -> list:
    """Every propagator today's constraints of `p` need (ties are plain pairs of cells): each
    line's as its kind's record compiles it, then the cell and outside clues'."""
    n, found = p.size, []
    for line in p.lines:
        found += LINE_RECORDS[line.kind].compile(p, line)
    for kind in GROUP_RECORDS.values():
        if kind.compile and not kind.place:
            found += kind.compile(p)
    for kind in EXTREMES:  # a tie with each neighbour that is not one too
        cells = kind.cells(p)
        for c in cells:
            for x in orthogonal(c, n):
                if x not in cells:
                    a, b = (c, x) if kind.smaller else (x, c)
                    found.append(Tie(a, b, "less", n, (kind.word, c)))
    for kind in GROUP_RECORDS.values():  # after the minima and maxima
        if kind.compile and kind.place == "late":
            found += kind.compile(p)
    for o in p.outside:
        cells = rules.outside_cells(p, o)
        found.append(OUTSIDE_RECORDS[o.kind].compile(cells, o.total, n))
    for rule in p.custom:  # last: the older kinds keep their order in the plan
        found += RULE_RECORDS[rule.kind].compile(p, rule)
    return found
