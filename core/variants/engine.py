"""Counting the solutions of a Sudoku variant: candidates as bit sets (bit v-1 for digit v),
singles over any set of all-different units, and a propagator for each other constraint, all
run to a fixpoint; then a branch on a cell, or on a digit's two places in a house, chosen by
conflict scores (Search).

A propagator only removes digits that no solution of its own constraint can use (sound), and
with every cell of its constraint decided it passes exactly the grids that keep it; each
solution is also checked against core.variants.rules.broken before it counts, so the count is
exact as long as the propagators are sound (tested against brute force and CP-SAT).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache

from core import native
from core.candidates import Switched, Tally, TrueCandidates
from core.counting import KEPT, Count, Found
from core.search import STOP_EVERY, Stop, Stopped, where_differ
from core.singles import hidden_singles, naked_singles
from core.variants import compiled, lines, rules
from core.variants.cell_clues import PARITY
from core.variants.groups import PENCILS
from core.variants.model import Variant
from core.variants.propagators import (
    CageSum,
    Complement,
    Innie,
    Pair,
    SignedSum,
    SumBounds,
    bit_set,
    leave_cells,
)
from core.variants.shapes import SHAPES

# --- the plan of a puzzle ------------------------------------------------------------------


@dataclass
class Plan:
    """Everything the search needs, built once per puzzle shape (the givens aside)."""

    size: int
    units: list[tuple[int, ...]]  # all-different groups, rows first
    houses: list[tuple[int, ...]]  # the units of `size` cells: each digit once
    peers: list[tuple[int, ...]]
    house_bits: list[int]  # per cell, a bit set of its houses
    house_masks: list[int] = field(default_factory=list)  # per house, its cells as a bit set
    props: list = field(default_factory=list)
    watch: list[int] = field(default_factory=list)  # per cell, a bit set of propagators
    # per cell, its houses and (above them) its propagators in one bit set: what the naked
    # singles or-together for each cell they change (house_bits | watch << len(houses))
    touch: list[int] = field(default_factory=list)
    masks: list[int] = field(default_factory=list)  # per cell, the digits allowed (even/odd)
    # per cell: (neighbour, for each digit of the cell the neighbour's digits it rules out),
    # for pairs tied by negative constraints alone (they prune only once a cell is placed)
    forbid: list[tuple] = field(default_factory=list)
    peer_bits: list[int] = field(default_factory=list)  # per cell, its peers as a bit set
    steps: list = field(default_factory=list)  # props and the negative pairs, for the logic
    weight: list[int] = field(default_factory=list)  # per cell, its priority (see priorities)
    most: int = 3  # locked candidates look at digits with at most this many places in a house

    @property
    def full(self) -> int:
        return (1 << self.size) - 1


@lru_cache(maxsize=32)
def plan_of(shape: Variant) -> Plan:
    """The plan of a puzzle whose givens are all blank (cached: the editor recounts often)."""
    n, cells = shape.size, shape.size * shape.size
    shape = held_sums(shape)
    units = [u for u, _ in rules.units(shape)]
    houses = [u for u in units if len(u) == n]
    peer_sets = [set() for _ in range(cells)]
    for unit in units:
        for c in unit:
            peer_sets[c].update(unit)
    for a, b, _ in rules.chess_pairs(shape):
        peer_sets[a].add(b)
        peer_sets[b].add(a)
    peer_of = [s - {c} for c, s in enumerate(peer_sets)]
    peers = [tuple(sorted(s)) for s in peer_of]
    house_bits = [0] * cells
    for h, house in enumerate(houses):
        for c in house:
            house_bits[c] |= 1 << h
    plan = Plan(n, units, houses, peers, house_bits, masks=_cell_masks(shape),
                most=2 if n <= 4 else 3 if n <= 6 else 4)
    plan.peer_bits = [bit_set(qs) for qs in peer_of]
    plan.house_masks = [bit_set(house) for house in houses]
    negatives = _negative_pairs(shape)
    plan.props = (_propagators(shape, peer_of) + lines.propagators(shape)
                  + [x for kind in SHAPES.values() for x in kind.houses(shape, houses)])
    plan.steps = plan.props + negatives
    plan.props = plan.props + [x for kind in SHAPES.values()  # speed only: the logic says none
                               for x in kind.speed(shape, houses, peer_of)]
    for prop in plan.props:  # a required digit leaves the cells that see all its places
        if getattr(prop, "required", False):
            prop.seen = tuple(plan.peer_bits[c] for c in prop.cells)
        elif type(prop) is lines.Between:
            prop.gap = 1 + seeing_each_other(prop.inner, peer_of)
    plan.forbid = _forbids(negatives, cells, n)
    plan.watch = [0] * cells
    for i, prop in enumerate(plan.props):
        for c in prop.cells:
            plan.watch[c] |= 1 << i
    plan.touch = [h | w << len(houses) for h, w in zip(house_bits, plan.watch, strict=True)]
    plan.weight = priorities(plan)
    return plan


def seeing_each_other(cells, peer_of) -> int:
    """The most of `cells` that all see each other, found greedily from each cell in turn
    (a between line's inner cells: a handful; any such group is a true lower bound)."""
    best = 0
    for i, first in enumerate(cells):
        group = [first]
        for c in cells[i + 1:] + cells[:i]:
            if all(c in peer_of[g] for g in group):
                group.append(c)
        best = max(best, len(group))
    return best


def priorities(plan: Plan) -> list[int]:
    """Per cell, the conflict score the search starts from, as ISS's optimizer gives it: the
    sizes of the rules on the cell (a house n, for its each-digit-once: ISS's all-different
    of a house has no cells of its own; a sum max(2n - its cells, n), small cages first, a
    signed sum too (ISS's Sum), but a sum of two cells 2 (ISS's optimizer makes it a pair
    table) and a sum's Complement nothing (part of ISS's Sum handler); a
    negative pair, and a peer a chess move away, 2: ISS's two-cell rules). Without the chess
    peers Hard renban 2 (anti-king) took 1.86 million nodes, with them 432,287; a house
    counted twice, as before ISS's branching was copied whole, made the 146 puzzles of
    bench/bench_variant_nodes.py take 4% more nodes (geometric mean)."""
    n = plan.size
    found = [n * h.bit_count() + 2 * len(f) for h, f in zip(plan.house_bits, plan.forbid,
                                                             strict=True)]
    for prop in plan.props:
        k = len(prop.cells)
        if type(prop) is Complement:  # part of its sum's handler in ISS: no priority of its own
            continue
        for c in prop.cells:
            found[c] += max(2 * n - k, n) if type(prop) in SUMS and k > 2 else k
    near = [0] * len(found)  # per cell, the cells of its units as a bit set
    for unit in plan.units:
        mask = bit_set(unit)
        for c in unit:
            near[c] |= mask
    for c, peers in enumerate(plan.peer_bits):
        found[c] += 2 * (peers & ~near[c]).bit_count()
    return found


SUMS = (CageSum, Innie, SumBounds, SignedSum)  # the compiled sums: ISS's Sum handlers


def held_sums(p: Variant) -> Variant:
    """On a grid of digits from 0, its shapes with the totals of the digits as held (the
    records' `held`: 1 more a cell, 0 being held as 1), so every sum of a fixed number of
    cells prunes as on a grid of 1 to N."""
    if not p.shift:
        return p
    return replace(p, **{name: kind.held(p) for name, kind in SHAPES.items() if kind.held})


def _negative_pairs(p: Variant) -> list:
    """Pairs that only negative constraints tie (no mark between them), as Pair steps."""
    return [Pair(a, b, rules.pair_table(tuple(sorted(tests)), p.size, p.shift),
                 tuple(sorted(tests)))
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


def _cell_masks(p: Variant) -> list[int]:
    n = p.size
    full = (1 << n) - 1
    masks = [full] * (n * n)
    for kind in PARITY:
        for c in kind.cells(p):
            masks[c] = kind.digits(n, p.shift)  # the parity of the digit as shown
    for c, digits in (item for kind in PENCILS for item in kind.items(p)):
        masks[c] &= digits
    return masks


def _propagators(p: Variant, peers) -> list:
    n, props = p.size, []
    for (a, b), tests in rules.pair_rules(p).items():
        if any(holds for _, holds in tests):  # negative-only pairs are forbids
            props.append(Pair(a, b, rules.pair_table(tuple(sorted(tests)), n, p.shift),
                              tuple(sorted(tests))))
    for kind in SHAPES.values():
        props += kind.compile(p, peers)
    return props



shape_of = rules.shape_of


# --- propagation and search ----------------------------------------------------------------


def propagate(cand: list[int], plan: Plan, placed: list[int], dirty_houses: int = 0,
              dirty_props: int = 0, blame: list | None = None,
              made: dict[int, int] | None = None, later: list[int] | None = None) -> bool:
    """Singles, every propagator and then locked candidates to a fixpoint, in place.
    `placed`: cells newly reduced to one digit. False when the candidates contradict a rule
    (`blame`, if given, gets the rule's cells). `made`, if given, gets each cell reduced to
    one digit, with that digit. Four phases, each while those before have nothing to do:
    1. naked singles: a placed digit leaves the cells that see it (_naked_singles);
    2. hidden singles in the houses whose cells changed (_hidden_singles);
    3. one propagator whose cells changed prunes;
    4. locked candidates in one house whose cells changed since the start.
    `later` (an empty list: a branch's) places in rounds, as ISS places a guess and then its
    forced steps: a round's new singles wait there until 1-3 are done, then are placed
    together (_next_round); `made` then holds the last round's. The compiled twin
    (core/native/variants.c, propagate) takes the same steps, so both count the same nodes."""
    house_bits, watch, props, houses = plan.house_bits, plan.watch, plan.props, plan.houses
    new, noted = (placed, made) if later is None else (later, None)  # the new singles' lists
    for c in placed:
        dirty_houses |= house_bits[c]
        dirty_props |= watch[c]
    locked = dirty_houses
    while True:
        if placed:
            dirty = _naked_singles(cand, plan, placed, dirty_houses, dirty_props, blame, noted,
                                   later)
            if dirty is None:
                return False
            dirty_houses, dirty_props = dirty
        if dirty_houses:
            dirty = _hidden_singles(cand, plan, placed, dirty_houses, dirty_props, blame, noted,
                                    later)
            if dirty is None:
                return False
            locked |= dirty_houses ^ dirty[0]  # the houses looked at
            dirty_houses, dirty_props = dirty
            if placed:
                continue
        if dirty_props:  # one propagator
            low = dirty_props & -dirty_props
            dirty_props ^= low
            prop = props[low.bit_length() - 1]
            changed = prop.prune(cand)
            if changed is None:
                return _blamed(blame, prop.cells)
        elif later:  # the next round (before locked candidates: ISS has none)
            _next_round(cand, placed, later, made)
            continue
        elif locked:  # locked candidates in one house
            low = locked & -locked
            locked ^= low
            h = low.bit_length() - 1
            changed = locked_candidates(cand, houses[h], plan.peer_bits, plan.most,
                                        plan.house_masks[h])
            if changed is None:
                return _blamed(blame, houses[h])
        else:
            return True
        dirty_houses, dirty_props = _changed(cand, plan, changed, dirty_houses, dirty_props,
                                             new, noted)


def _changed(cand: list[int], plan: Plan, changed, dirty_houses: int, dirty_props: int,
             new: list[int], noted: dict | None) -> tuple[int, int]:
    """What a step changed: its houses and propagators are dirty, a cell left with one digit
    joins `new` (and `noted`, if given)."""
    house_bits, watch = plan.house_bits, plan.watch
    for c in changed:
        m = cand[c]
        dirty_houses |= house_bits[c]
        dirty_props |= watch[c]
        if not m & (m - 1):
            new.append(c)
            if noted is not None:
                noted[c] = m
    return dirty_houses, dirty_props


def _next_round(cand: list[int], placed: list[int], later: list[int], made: dict) -> None:
    """The cells the last round left with one digit are placed (in `placed`, as they came),
    and `made` holds them with their digits."""
    placed.extend(later)
    later.clear()
    made.clear()
    made.update((c, cand[c]) for c in placed)


def _naked_singles(cand: list[int], plan: Plan, placed: list[int], dirty_houses: int,
                   dirty_props: int, blame: list | None, made: dict | None = None,
                   later: list[int] | None = None) -> tuple[int, int] | None:
    """Phase 1: each placed cell's digit leaves its peers, and what negative constraints
    forbid its tied neighbours; a cell left with one digit is placed in turn, until none is
    left (core/singles.py). The dirty houses and propagators, or None on a contradiction (a
    cell with none). The placed cells' houses are dirty too: a hidden single's other digits
    left its cell (the compiled twin marks them as it takes each cell from the queue)."""
    for c in placed:
        dirty_houses |= plan.house_bits[c]
    touched = naked_singles(cand, plan.peers, placed, plan.touch, plan.forbid, blame, made,
                            later)
    if touched < 0:
        return None
    houses = len(plan.houses)  # Plan.touch: the houses, then the propagators above them
    return dirty_houses | touched & ((1 << houses) - 1), dirty_props | touched >> houses


def _hidden_singles(cand: list[int], plan: Plan, placed: list[int], dirty_houses: int,
                    dirty_props: int, blame: list | None, made: dict | None = None,
                    later: list[int] | None = None) -> tuple[int, int] | None:
    """Phase 2: the dirty houses in turn, until one places something: a digit with one
    place left goes there (core/singles.py; `later`, if given, gets those cells instead of
    `placed`). The houses not looked at and the dirty propagators, or None on a
    contradiction (a digit with no place, or two digits with one cell)."""
    if later is not None:
        placed = []
    dirty_houses = hidden_singles(cand, plan.houses, dirty_houses, plan.full, placed)
    if later is not None:
        later.extend(placed)
    if made is not None:
        for c in placed:  # placed was empty: naked singles ran first
            made[c] = cand[c]
    if dirty_houses < 0:
        _blamed(blame, plan.houses[~dirty_houses])
        return None
    watch = plan.watch
    for c in placed:
        dirty_props |= watch[c]
    return dirty_houses, dirty_props


def _blamed(blame: list | None, cells) -> bool:
    if blame is not None:
        blame.extend(cells)
    return False


def locked_candidates(cand, house, peer_bits, most: int = 3,
                      inside: int = 0) -> list[int] | None:
    """A digit whose places in a house all see some other cells leaves those cells (pointing
    and claiming between any two houses that overlap, and with chess moves too). Only digits
    with 2..`most` places are tried: more places rarely share a peer outside the house.
    `inside`: the house's cells as a bit set, left out of the cells looked at (the house's
    other cells never hold the digit; on a 16x16 that halves the cells looked at)."""
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
    seen_by = [~inside] * (todo.bit_length() + 1)  # per digit: the cells all its places see
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
        if not leave_cells(cand, seen_by[bit.bit_length()], bit, changed):
            return None
    return changed


def given_candidates(p: Variant, plan: Plan) -> list[int] | None:
    """Each cell's candidates before propagation (a given alone, else its cell's mask); None
    when a given is a digit its cell cannot hold."""
    if any(v and not (1 << (v - 1)) & m for v, m in zip(p.givens, plan.masks, strict=True)):
        return None
    return [1 << (v - 1) if v else m for v, m in zip(p.givens, plan.masks, strict=True)]


def start(p: Variant, plan: Plan, program=None) -> list[int] | None:
    """The candidates of the givens, propagated; None when they contradict the rules.
    `program` (compiled.program's): propagated by the compiled engine instead (the Python
    propagation of the root was half of a small puzzle's true candidates)."""
    cand = given_candidates(p, plan)
    if cand is None:
        return None
    if program is not None:
        return native.variants.propagate(program, cand) if all(cand) else None
    placed = [c for c, m in enumerate(cand) if not m & (m - 1)]
    every_house = (1 << len(plan.houses)) - 1
    every_prop = (1 << len(plan.props)) - 1
    return cand if propagate(cand, plan, placed, every_house, every_prop) else None


DECAY_EVERY = 1 << 14  # conflicts between two halvings of the scores


class Search:
    """Depth first, branching as ISS does (js/solver/candidate_selector.js): on the cell with
    the most conflict score per candidate, each cell's score starting at its priority and
    growing by one each time a branch on it fails (all halved every DECAY_EVERY failures);
    or, when a house has a digit in two places whose better scored one beats that cell's
    score per candidate twice over, on those two places. A cell's digit that fails (or whose
    branch is searched through) leaves the cell, and the best cell is chosen again (ISS's
    binary branching); ties go to the first cell in ISS's cell order, where the decided cells
    are moved to the front (`order`). A branch propagates in rounds (propagate's `later`, as
    ISS places a guess and then its forced steps), and a failure in the first round charges
    a conflict to the branch's cell, one in a later round to that round's first cell in the
    order (where ISS's forced step fails). Charging the branch's cell and the first cell its
    propagation placed, as before, took Hard renban 2 245,362 nodes (ISS: 77,855 guesses),
    this 27,170. Counting to 2 searches the whole tree, so the order of the branches is all
    that decides its size (bench/bench_variant_nodes.py counts them)."""

    def __init__(self, p: Variant, plan: Plan, limit: int, stop: Stop | None):
        self.p, self.plan, self.limit, self.stop = p, plan, limit, stop
        self.solutions = Found()  # every solution counted, the first KEPT kept
        self.nodes = 0
        self.score = list(plan.weight)
        self.digit_score = [0] * plan.size
        self.countdown = DECAY_EVERY
        self.keeps = rules.keeps(p)  # rules.broken's answer, asked of each complete grid
        self.found = self.solutions.append  # a complete grid that keeps every rule
        self.wanted = None  # or a test a propagated branch passes before it is searched
        self.tally: Tally | None = None  # true candidates' first phase: its checkpoint
        self.prefer: list[int] | None = None  # per cell, a digit's bit to try first (or 0)
        self.order = list(range(p.cells))  # ISS's cell order: kept, not undone, on return
        self.where = list(range(p.cells))  # each cell's place in it

    def run(self, cand: list[int], front: int = 0, expect: int = -1, parent: int = -1) -> None:
        """`cand`: this node's own (its lost digits are taken out in place). `front`: the
        cells before it in the order are decided. `expect`: the candidates left if the branch
        into this node removed nothing but its own digits (the branch's cell `parent` is then
        demoted: its score halved), or -1."""
        self.nodes += 1
        if self.stop is not None and self.nodes % STOP_EVERY == 0 and self.stop():
            raise Stopped
        if self.tally is not None:
            self.tally.switch(self.nodes)
        front = self.singles_to_front(cand, front)
        cell, total = self.branch_cell(cand, front)
        if expect >= 0 and total == expect:
            self.score[parent] >>= 1
        if cell < 0:
            values = tuple(m.bit_length() for m in cand)
            if self.keeps(values):  # a safety net: propagators are exact
                self.found(values)
            return
        found = self.house_branch(cand, cell, front)
        if found is not None:
            (a, b), bit = found
            self.swap_to(front, a)
            if self.branch(cand, front, a, bit, [], -1):
                return
            cand[a] &= ~bit
            self.swap_to(front, b)
            self.branch(cand, front, b, bit, [a], -1)
            return
        self.retries(cand, front, cell, total)

    def retries(self, cand: list[int], front: int, cell: int, total: int) -> None:
        """A digit of `cell`; then the cell loses it and the best cell is chosen again, until
        a cell's last digit has been tried (or enough solutions)."""
        lost: list[int] = []  # the cells that lost a digit here, propagated in each branch
        bits = self.values(cand, cell)
        watch = total - (len(bits) - 1) if len(bits) >= 5 else -1
        while True:
            self.swap_to(front, cell)
            if self.branch(cand, front, cell, bits[0], lost, watch) or len(bits) == 1:
                return
            watch = -1
            cand[cell] &= ~bits[0]
            if cell not in lost:
                lost.append(cell)
            m = cand[cell]
            if m & (m - 1):
                cell, _ = self.branch_cell(cand, front)
            bits = self.values(cand, cell)

    def branch(self, cand, front: int, cell: int, bit: int, lost: list[int],
               expect: int) -> bool:
        """`cell` takes `bit` in a copy of the node's candidates, the cells that lost digits
        at the node propagated with it; True: enough solutions."""
        plan = self.plan
        child = cand[:]
        child[cell] = bit
        placed, dirty_houses, dirty_props = [cell], 0, 0
        for q in lost:
            if q == cell:
                continue
            m = child[q]
            if m & (m - 1):
                dirty_houses |= plan.house_bits[q]
                dirty_props |= plan.watch[q]
            else:
                placed.append(q)
        made: dict[int, int] = {}
        if not propagate(child, plan, placed, dirty_houses, dirty_props, made=made, later=[]):
            self.failed(front, cell, bit, made)
            return False
        if self.wanted is not None and not self.wanted(child):
            return False  # its candidates all at the cap (true candidates): not searched
        self.run(child, front + 1, expect, cell)
        return len(self.solutions) >= self.limit

    def failed(self, front: int, cell: int, bit: int, made: dict[int, int]) -> None:
        """A conflict for the branch's cell when its own round failed (`made` empty), else for
        the first cell in the order of the round that failed (`made`): where ISS charges a
        failed guess or a failed forced step."""
        if not made:
            self.conflict(cell, bit)
            return
        for q in self.order[front + 1:]:
            if q in made:
                self.conflict(q, made[q])
                return

    def swap_to(self, at: int, cell: int) -> None:
        """`cell` to place `at` of the order, the cell there to where it was."""
        order, where = self.order, self.where
        was, other = where[cell], order[at]
        order[was], where[other] = other, was
        order[at], where[cell] = cell, at

    def singles_to_front(self, cand: list[int], front: int) -> int:
        """The decided cells after `front` moved before it, as ISS's forced steps move them
        (the first one found to the front, those right after it stay, the rest swapped in);
        the new front."""
        order, cells = self.order, len(cand)
        at = front
        while at < cells and cand[order[at]] & (cand[order[at]] - 1):
            at += 1
        if at == cells:
            return front
        self.swap_to(front, order[at])
        end, at = front + 1, at + 1
        while at == end and at < cells:
            m = cand[order[at]]
            at += 1
            if not m & (m - 1):
                end += 1
        for i in range(at, cells):
            m = cand[order[i]]
            if not m & (m - 1):
                self.swap_to(end, order[i])
                end += 1
        return end

    def conflict(self, cell: int, bit: int) -> None:
        self.score[cell] += 1
        self.digit_score[bit.bit_length() - 1] += 1
        self.countdown -= 1
        if not self.countdown:
            self.score = [s >> 1 for s in self.score]
            self.digit_score = [s >> 2 for s in self.digit_score]
            self.countdown = DECAY_EVERY

    def hot_digit(self) -> tuple[int, int]:
        """(the digit failing most lately as a bit, its score) when it stands out (at least n
        failures, over 1.5 times the least of the digits that failed), else (0, 0)."""
        scores = self.digit_score
        most = max(scores)
        least = min((s for s in scores if s), default=0)
        if most < self.plan.size or 2 * most <= 3 * least:
            return 0, 0
        return 1 << scores.index(most), most

    def values(self, cand: list[int], cell: int) -> list[int]:
        """The cell's digits as bits, in order; under a negative rule, the digits that rule
        out the fewest candidates of the cell's tied neighbours first (least constraining
        value: a count to 2 must find solutions, and on an empty non-consecutive grid the
        plain order took 5-8 times the nodes)."""
        m, found = cand[cell], []
        while m:
            bit = m & -m
            m ^= bit
            found.append(bit)
        forbid = self.plan.forbid[cell]
        if forbid and len(found) > 1:
            found.sort(key=lambda bit: sum((cand[p] & table[bit.bit_length() - 1]).bit_count()
                                           for p, table in forbid))
        if self.prefer is not None and self.prefer[cell] in found[1:]:  # asked for first
            found.remove(self.prefer[cell])  # (true candidates' phase 2)
            found.insert(0, self.prefer[cell])
        return found

    def branch_cell(self, cand: list[int], front: int) -> tuple[int, int]:
        """(the undecided cell with the most score per candidate, a fifth of the hot digit's
        score added to its cells', the first in the order from `front` on a tie; when nothing
        scores, the fewest candidates; -1 when all are decided, the candidates of every cell
        added up: those before `front` are decided)."""
        hot, bonus = self.hot_digit()
        best, best_score, best_k, fewest, least, total = -1, -1, 1, -1, 99, front
        score, order = self.score, self.order
        for i in range(front, len(cand)):
            c = order[i]
            m = cand[c]
            k = m.bit_count()
            total += k
            if k <= 1:
                continue
            s = 5 * score[c] + (bonus if m & hot else 0)
            if best < 0 or s * best_k > best_score * k:
                best, best_score, best_k = c, s, k
            if k < least:
                least, fewest = k, c
        return (fewest if best >= 0 and best_score == 0 else best), total

    def house_branch(self, cand: list[int], cell: int, front: int):
        """((place, place), bit): a digit with two places in a house, the better scored place
        first, when that place's score is at least twice the cell's score per candidate (the
        last such, each reaching the one before). The houses looked at as ISS's
        _findCustomCandidates looks: those of the cells in the order from `front`, each house
        once, while a cell's score reaches twice the best so far. None when there is none."""
        k, score, plan = cand[cell].bit_count(), self.score, self.plan
        if k <= 2 or score[cell] <= 0:
            return None
        best, seen = (score[cell], k, None), 0
        for i in range(front, len(cand)):
            c = self.order[i]
            if score[c] * best[1] < 2 * best[0]:
                continue
            todo = plan.house_bits[c] & ~seen
            seen |= todo
            while todo:
                low = todo & -todo
                todo ^= low
                best = self.house_pairs(cand, plan.houses[low.bit_length() - 1], best)
        return best[2]

    def house_pairs(self, cand: list[int], house, best):
        """(num, den, found): `best` or the house's last digit with two places whose better
        scored place's score halved reaches num / den, with that score (2 x it / 2)."""
        num, den, found = best
        score = self.score
        once = twice = more = 0
        for c in house:
            m = cand[c]
            more |= twice & m
            twice |= once & m
            once |= m
        two = twice & ~more
        while two:
            bit = two & -two
            two ^= bit
            a, b = [c for c in house if cand[c] & bit]
            top = max(score[a], score[b])
            if top * den < 2 * num:
                continue
            num, den = top, 2
            found = ((b, a) if score[b] > score[a] else (a, b)), bit
        return num, den, found


def clashes(p: Variant, shape: Variant | None = None) -> tuple[tuple[int, ...], ...]:
    """Givens that break a rule at sight: equal givens in a unit or a chess move apart, a
    pair of givens against its mark, a given against its cell's parity. `shape`:
    shape_of(p), when the caller has it (the rules are gathered once a shape)."""
    g = p.givens
    if not any(g):
        return ()
    found, n, s = set(), p.size, p.shift  # relations and parity of the digits as shown
    groups, chess, pairs, parity, _ = rules.gathered(shape or shape_of(p))
    for cells, digits in groups:
        shown = digits(g)
        different = set(shown)
        if len(different) - (0 in different) == len(shown) - shown.count(0):
            continue
        seen: dict[int, int] = {}
        for c in cells:
            if g[c]:
                if g[c] in seen:
                    found.add((seen[g[c]], c))
                seen.setdefault(g[c], c)
    found |= {(a, b) for a, b in chess if g[a] and g[a] == g[b]}
    found |= {(a, b) for a, b, tests, _ in pairs if g[a] and g[b] and any(
        rules.RELATIONS[k](g[a] - s, g[b] - s) != holds for k, holds in tests)}
    found |= {(c,) for kind, c, _ in parity if g[c] and not kind.allows(g[c], n, s)}
    found |= {(c,) for kind in PENCILS for c, digits in kind.items(p)
              if g[c] and not digits >> (g[c] - 1) & 1}
    return tuple(sorted(found))


def count(p: Variant, limit: int = 2, stop: Stop | None = None) -> Count:
    """Solutions up to `limit` (2 answers "is it unique?"), exactly."""
    shape = shape_of(p)
    same = clashes(p, shape)
    if same:
        return Count(0, limit, clashes=same)
    plan = plan_of(shape)
    if native.variants is not None and limit >= 1:
        done = _compiled_count(p, plan, limit, stop, shape)
        if done is not None:
            return done
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
    return Count(len(search.solutions), limit, found, differs, stopped=stopped,
                 nodes=search.nodes)


def _compiled_count(p: Variant, plan: Plan, limit: int, stop: Stop | None,
                    shape: Variant) -> Count | None:
    """start and Search.run on the compiled engine, step for step (None: the plan has a
    propagator it has no handler for, and the Python engine counts)."""
    program, _ = compiled.program(plan)
    cand = given_candidates(p, plan)
    if program is None or (cand is not None and not all(cand)):
        return None
    if cand is None:
        return Count(0, limit, (), (), nodes=0)
    found, total, nodes, stopped = native.variants.search(
        program, cand, limit, stop, rules.keeps(p, shape), KEPT)
    found = tuple(found)
    differs = where_differ(found[0], found[1]) if len(found) >= 2 else ()
    return Count(total, limit, found, differs, stopped=stopped, nodes=nodes)


def true_candidates(p: Variant, support: int = 1, stop: Stop | None = None) -> TrueCandidates:
    """Each cell's digits in some solution, with how many solutions hold each up to
    `support` (core/candidates.py: Search.run over every solution, branches whose
    candidates are all at the cap left out; on an open grid, a search a candidate instead).
    `stop`: a partial result."""
    tally = Tally(p.cells, support)
    shape = shape_of(p)
    plan = plan_of(shape)
    program = compiled.program(plan)[0] if native.variants is not None else None
    root = None if clashes(p, shape) else start(p, plan, program)
    if root is None or not all(root):  # a cell no digit fits
        return tally.result(False, 0)
    keeps = rules.keeps(p, shape)
    stopped = False
    if program is not None:
        counts, found, nodes, stopped, skipped, switched, seen = native.variants.support(
            program, root, support, stop, keeps, tally.switch_at, tally.switch_min)
        tally.load(counts, p.size, found, seen, skipped, switched)
    else:
        search = Search(p, plan, 1, stop)  # its limit is never met: solutions go to the tally
        search.tally, search.found, search.wanted = tally, tally.credit, tally.wanted
        try:
            search.run(root[:])
        except Stopped:
            stopped = True
        except Switched:
            pass
        nodes = search.nodes
    if tally.switched:
        def count_from(cell: int, bit: int, prefer: list[int]):
            cand = root[:]
            cand[cell] = bit
            if program is not None:
                found, _, more, cut = native.variants.search(program, cand, support, stop,
                                                             keeps, support, prefer)
                return found, more, cut
            return _count_from(p, plan, cand, support, stop, prefer)
        more, stopped = tally.targeted(root, count_from, stop)
        nodes += more
    return tally.result(stopped, nodes)


def _count_from(p: Variant, plan: Plan, cand: list[int], limit: int, stop: Stop | None,
                prefer: list[int]) -> tuple[list, int, bool]:
    """Phase 2's search: up to `limit` solutions from candidates `cand` (start's propagation
    of them, then Search.run, as the compiled search does), `prefer`'s digits first."""
    search = Search(p, plan, limit, stop)
    search.prefer = prefer
    placed = [c for c, m in enumerate(cand) if not m & (m - 1)]
    if not propagate(cand, plan, placed, (1 << len(plan.houses)) - 1,
                     (1 << len(plan.props)) - 1):
        return [], 0, False
    try:
        search.run(cand)
    except Stopped:
        return list(search.solutions), search.nodes, True
    return list(search.solutions), search.nodes, False


def solve(p: Variant) -> tuple[int, ...] | None:
    return count(p, 1).solution
