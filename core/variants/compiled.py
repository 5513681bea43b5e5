"""A Plan written as the compiled engine's program (core/native/variants.c): an array of ints
holding the houses, peers, weights and negative pairs, then one handler record per
propagator, in a few shapes named after what they compute:

| shape | computes | propagators |
| --- | --- | --- |
| pair table | the digits each digit of one cell leaves the other | Pair, Tie |
| fitting sets | the sets of different digits that still fit | CageSum, Innie, Complement |
| bounded sum | a sum within bounds, groups of cells that differ | SumBounds |
| signed sum | plus cells less minus cells, to a total | SignedSum |
| arrow sum | a shaft adding up to a bulb (a digit, a pill's number) | ArrowSum |
| rising | digits rising along a line (or never falling) | Thermo |
| run | different consecutive digits | Renban |
| between | inner digits between the ends' | Between |
| outside | ends far enough apart, inner digits outside their span | Lockout |
| quadruple | digits each placed at least (or exactly) so many times | Quadruple |
| equal sums | groups of cells with one sum | EqualSums |
| automaton | digits along a line an automaton accepts (a pattern) | Automaton |
| either | at least one of several rules, each its own handlers run on a copy | Either |
| sandwich, X-sum, skyscraper, indexer | their own | SandwichSum, XSum, Skyscraper, Indexer |

The fitting sets' and the run's records start with 1 when the propagator takes a required
digit from the cells that see all its places (`seen`, the plan's peers: the C side reads them
from the program), else 0; the quadruple's record ends with that flag. The between line's
record is its ends' least gap.

Only these exact classes compile: a plan with any other propagator (or a value past the C
side's bounds) has no program, and its count runs on the Python engine (`unknown` says why).
"""

from __future__ import annotations

from array import array
from math import comb

from core.variants import custom, lines
from core.variants import propagators as pr

VERSION = 5
SHAPES = ("pair table", "fitting sets", "bounded sum", "signed sum", "arrow sum", "rising",
          "sandwich", "run", "between", "quadruple", "indexer", "X-sum", "skyscraper",
          "equal sums", "outside", "automaton", "either")
MAX_STATES = 64  # an automaton's states: a set of them in 64 bits
SHAPE = {name: i for i, name in enumerate(SHAPES, 1)}
MAX_SUM = 4095  # the C side's widest set of sums (64 words of 64 bits)
BOUND = 1 << 20  # totals and bounds past this stay in Python
MAX_HANDLERS = 1 << 16


class Unknown(Exception):
    """A propagator the compiled engine has no handler for (its count runs in Python)."""


def _groups(groups, k: int) -> list[int]:
    groups = groups if groups is not None else tuple((i,) for i in range(k))
    out = [len(groups)]
    for g in groups:
        out += [len(g), *g]
    return out


def _total(value: int) -> int:
    if not -BOUND <= value <= BOUND:
        raise Unknown(f"a total of {value}")
    return value


def _sum_fits(k: int, n: int) -> None:
    if k * n > MAX_SUM:
        raise Unknown(f"a sum of {k} cells")


def _pair(prop, n):
    return "pair table", [*prop.forward, *prop.backward]


def _fitting_sets(prop, n):
    return "fitting sets", [int(prop.seen is not None), len(prop.combos), *prop.combos]


def _bounded_sum(prop, n):
    k = len(prop.cells)
    _sum_fits(k, n)
    if prop.n != n or prop.low < 0:
        raise Unknown("a sum's bounds")
    return "bounded sum", [_total(prop.low), _total(prop.high), *_groups(prop.groups, k)]


def _signed_sum(prop, n):
    k = len(prop.cells)
    _sum_fits(k, n)
    if prop.n != n or prop.total < 0:
        raise Unknown("a signed sum's total")
    return "signed sum", [len(prop.plus), _total(prop.total), *_groups(prop.groups, k)]


def _arrow_sum(prop, n):
    _sum_fits(len(prop.shaft) + 1, n)
    if prop.n != n or not 1 <= len(prop.bulb) <= 3:
        raise Unknown("an arrow's bulb")
    groups = prop.groups or tuple((i,) for i in range(len(prop.shaft)))
    return "arrow sum", [len(prop.bulb), *prop.places, *_groups(groups, len(prop.shaft))]


def _rising(prop, n):
    return "rising", [int(prop.slow)]


def _sandwich(prop, n):
    _sum_fits(len(prop.cells), n)
    return "sandwich", [_total(prop.total)]


def _run(prop, n):
    return "run", [int(prop.seen is not None)]


def _between(prop, n):
    if len(prop.cells) < 3 or len(set(prop.cells)) != len(prop.cells):
        raise Unknown("a between line of fewer than 3 different cells")
    if not 2 <= prop.gap <= n + 1:
        raise Unknown("a between line's gap")
    return "between", [prop.gap]


def _outside(prop, n):
    if (len(prop.cells) < 2 or len(set(prop.cells)) != len(prop.cells) or prop.n != n
            or not 0 <= prop.gap <= n):
        raise Unknown("a lockout line of fewer than 2 different cells, or its gap")
    return "outside", [prop.gap]


def _quadruple(prop, n):
    if any(not 1 <= d <= n for d in prop.digits) or any(t > 64 for _, t in prop.needs):
        raise Unknown("a quadruple's digit")
    return "quadruple", [len(prop.needs), *[x for need in prop.needs for x in need],
                         len(prop.digits), int(prop.exact), int(prop.seen is not None)]


def _halves(mask: int) -> list[int]:
    """A 64-bit set as two 32-bit ints (the program's ints are signed)."""
    return [(mask >> shift & 0xFFFFFFFF) - ((mask >> shift & 0x80000000) << 1)
            for shift in (0, 32)]


def _automaton(prop, n):
    if not 1 <= prop.states <= MAX_STATES or any(len(row) != n for row in prop.table):
        raise Unknown(f"an automaton of {prop.states} states")
    out = [prop.states, *_halves(prop.accept)]
    for row in prop.table:
        for mask in row:
            out += _halves(mask)
    return "automaton", out


def _indexer(prop, n):
    return "indexer", [prop.cell, prop.digit, *prop.targets]


def _xsum(prop, n):
    _sum_fits(len(prop.cells), n)
    return "X-sum", [_total(prop.total)]


def _skyscraper(prop, n):
    if prop.n != n or len(prop.cells) > n:
        raise Unknown("a skyscraper line longer than the grid")
    return "skyscraper", [_total(prop.total), prop.last]


def _equal_sums(prop, n):
    if prop.n not in (0, n) or not prop.groups:
        raise Unknown("equal sums")
    out = [len(prop.groups)]
    for g, distinct, pad in zip(prop.groups, prop.distinct, prop.pads, strict=True):
        _sum_fits(len(g) + 1, n)
        if distinct and comb(n, len(g)) > 5000:
            raise Unknown("equal sums of many digit sets")
        out += [int(bool(distinct)), pad, len(g), *g]
    return "equal sums", out


def _either(prop, n):
    """Each rule's handlers in full (shape, cells, record), read by the C side as hidden
    handlers that only the or runs (an or inside an or is refused: model.check says so)."""
    out = [len(prop.options)]
    for props in prop.options:
        out.append(len(props))
        for sub in props:
            shape, record = handler(sub, n)
            if shape == "either":
                raise Unknown("an or inside an or")
            out += [SHAPE[shape], len(sub.cells), *sub.cells, *record]
    return "either", out


# exact classes only: a subclass may prune otherwise
HANDLERS = {pr.Pair: _pair, lines.Tie: _pair, pr.CageSum: _fitting_sets,
            pr.Innie: _fitting_sets, pr.Complement: _fitting_sets, pr.SumBounds: _bounded_sum,
            pr.SignedSum: _signed_sum,
            pr.ArrowSum: _arrow_sum, pr.Thermo: _rising, pr.SandwichSum: _sandwich,
            lines.Renban: _run, lines.Between: _between, lines.Quadruple: _quadruple,
            lines.Indexer: _indexer, lines.XSum: _xsum, lines.Skyscraper: _skyscraper,
            lines.EqualSums: _equal_sums, lines.Lockout: _outside,
            lines.Automaton: _automaton}

HANDLERS[custom.Either] = _either


def handler(prop, n: int) -> tuple[str, list[int]]:
    """(shape, its record after the cells) of one propagator; Unknown when none fits."""
    make = HANDLERS.get(type(prop))
    if make is None:
        raise Unknown(f"no compiled handler for {type(prop).__name__}")
    return make(prop, n)


def write(plan) -> array:
    """The plan as a program (Unknown: a propagator without a handler)."""
    n, cells = plan.size, plan.size * plan.size
    if len(plan.props) > MAX_HANDLERS:
        raise Unknown(f"{len(plan.props)} propagators")
    out = [VERSION, n, cells, plan.most, len(plan.houses)]
    for house in plan.houses:
        out += [len(house), *house]
    for qs in plan.peers:
        out += [len(qs), *qs]
    out += plan.weight
    for found in plan.forbid:
        out.append(len(found))
        for q, table in found:
            out += [q, *table]
    out.append(len(plan.props))
    for prop in plan.props:
        shape, record = handler(prop, n)
        out += [SHAPE[shape], len(prop.cells), *prop.cells, *record]
    return array("i", out)


_programs: dict[int, tuple[object, array | None, str]] = {}


def program(plan) -> tuple[array | None, str]:
    """(the plan's program, or None and why its count runs in Python), remembered per plan
    (plans are cached by core.variants.engine.plan_of; the plan is kept so its id stays its)."""
    known = _programs.get(id(plan))
    if known is not None and known[0] is plan:
        return known[1], known[2]
    try:
        found, why = write(plan), ""
    except Unknown as error:
        found, why = None, str(error)
    if len(_programs) >= 64:
        _programs.clear()
    _programs[id(plan)] = (plan, found, why)
    return found, why
