"""Solving a Sudoku variant as a person does, one step at a time, each step said in words:
singles over every house (rows, columns, regions, diagonals, windows, disjoint groups, full
cages), the constraint's own steps (cage combinations, the 45 rule's innies, thermometer and
arrow bounds, kropki/XV/inequality eliminations, little killer and sandwich sums; each of
today's lines, quadruples, clones, minima and maxima, indexers, X-sums and skyscrapers, and
the setter's given candidates, in the puzzle's own terms), then the classic intersections
and subsets over any houses, and last a contradiction: a digit that, placed, leaves the
constraints no way on (the counter's own propagation, a forcing chain a person follows
cell by cell). The rating is the hardest step's score on the workbench variants scale: its
numbers follow Sudoku Explainer's for the techniques the two share (10 when guessing is
needed), and its levels are the same bands as classic Sudoku's (core.sudoku.logic). A
classic grid is rated by classic Sudoku's own rater."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from itertools import combinations

from core.search import Stop, bits
from core.sudoku.rating import GUESSING_SCORE, Rating, Step, level_of_score
from core.variants import engine
from core.variants.cell_clues import CELL_KINDS
from core.variants.custom import RULE_KINDS
from core.variants.kinds import LINES, named
from core.variants.lines import TIE_WORDS, sums_of
from core.variants.marks import MARKS
from core.variants.model import Clone, Line, Rule, Variant, symbol
from core.variants.outside import OUTSIDE

CONTRADICTION = (7.5, 8.0)  # a cell of two digits tried; of three or more
# What each propagator says, keyed by its class, or by its class and the rule it comes from
# (Tie and EqualSums serve several lines; an indexer has a kind): (technique, score on the
# scale of Sudoku Explainer, what it says). The fields come from _facts (a line's from its
# record's facts).
PROPAGATOR_STEPS = {
    "Pair": ("mark", 1.8, "the mark between {cells} allows only these digits"),
    "Thermo": ("thermometer", 1.9, "digits rise along the thermometer {cells}"),
    "CageSum": ("cage combinations", 2.0, "the cage {cells} can only hold {combos}"),
    "SumBounds": ("sum bounds", 2.2, "the cells {cells} must add up to {total}"),
    "ArrowSum": ("arrow", 2.2, "the arrow's shaft adds up to its bulb ({cells})"),
    "SandwichSum": ("sandwich", 2.6, "the digits between 1 and the largest in {cells} "
                                     "add up to {total}"),
    "Innie": ("innies", 2.8, "{house} adds up to {full}; its cages leave {cells} "
                             "to make {total}"),
    "GivenCandidates": ("given candidates", 1.0, "{cell} is {digits}"),
    "Tie clone": ("clone", 1.7, "the clone of {shape} at {other} says {a} and {b} {relation}"),
    # each kind of cell clue's steps, from its record (core.variants.cell_clues)
    **{key: (step.technique, step.score, step.words)
       for kind in CELL_KINDS.values() for key, step in kind.steps.items()},
    "Quadruple": ("quadruple", 2.0, "the quadruple at {cell} needs {digits} among {cells}"),
    "Indexer": ("indexer", 2.5, "the {kind} indexer {cell} names the {what} that holds "
                                "{digit}"),
    # each kind of line's and outside clue's steps, from its record (core.variants.kinds,
    # core.variants.outside)
    **{key: (step.technique, step.score, step.words)
       for kind in (*LINES.values(), *OUTSIDE.values()) for key, step in kind.steps.items()},
    # and each kind of rule no kind names (core.variants.custom)
    **{key: (step.technique, step.score, step.words) for kind in RULE_KINDS.values()
       for key, step in kind.steps.items()},
}
LINE_FACTS = {key: facts for kind in (*LINES.values(), *RULE_KINDS.values())
              for key, facts in kind.facts.items()}


class Board:
    def __init__(self, p: Variant):
        self.p, self.n = p, p.size
        self.plan = engine.plan_of(engine.shape_of(p))
        self.houses = [u for u in self.plan.houses]
        self.names = dict(_house_names(p))
        # the setter's given candidates are steps of their own, said in words
        masks = engine.plan_of(engine.shape_of(replace(p, candidates=()))).masks
        self.steps = self.plan.steps + [GivenCandidates(c, d) for c, d in p.candidates]
        self.cand = [1 << (v - 1) if v else m for v, m in zip(p.givens, masks, strict=True)]
        self.values = list(p.givens)
        for c, v in enumerate(p.givens):
            if v:
                self._clear_peers(c, v)

    def _clear_peers(self, cell: int, v: int) -> None:
        for q in self.plan.peers[cell]:
            self.cand[q] &= ~(1 << (v - 1))

    def apply(self, step: Step) -> None:
        for cell, v in step.placements:
            self.values[cell] = v
            self.cand[cell] = 1 << (v - 1)
            self._clear_peers(cell, v)
        for cell, v in step.eliminations:
            self.cand[cell] &= ~(1 << (v - 1))

    @property
    def solved(self) -> bool:
        return all(self.values)

    def name(self, cell: int) -> str:
        return self.p.name(cell)

    def names_of(self, cells) -> str:
        return ", ".join(self.name(c) for c in cells)


def _house_names(p: Variant):
    from core.variants.rules import units

    return [(cells, name) for cells, name in units(p) if len(cells) == p.size]


def _elim_text(board: Board, eliminations) -> str:
    """The eliminations a digit list per group of cells: "r1c3, r1c4 ≠ 1, 2, 3"."""
    by_digit: dict[int, list[int]] = {}
    for cell, v in eliminations:
        by_digit.setdefault(v, []).append(cell)
    by_cells: dict[tuple[int, ...], list[int]] = {}
    for v, cells in by_digit.items():
        by_cells.setdefault(tuple(cells), []).append(v)
    return "; ".join(f"{board.names_of(cells)} ≠ {', '.join(symbol(v) for v in sorted(vs))}"
                     for cells, vs in by_cells.items())


def _step(board, technique, score, eliminations, why) -> Step | None:
    eliminations = tuple(sorted(set(eliminations)))
    if not eliminations:
        return None
    return Step(technique, score, eliminations=eliminations,
                text=f"{technique}: {why}, so {_elim_text(board, eliminations)}")


def naked_single(board: Board) -> Step | None:
    for c, m in enumerate(board.cand):
        if not board.values[c] and m and not m & (m - 1):
            v = m.bit_length()
            return Step("naked single", 2.3, placements=((c, v),),
                        text=f"{board.name(c)} = {symbol(v)}: naked single")
    return None


def hidden_single(board: Board) -> Step | None:
    for house in board.houses:
        placed = {board.values[c] for c in house}
        for v in range(1, board.n + 1):
            if v in placed:
                continue
            places = [c for c in house if board.cand[c] >> (v - 1) & 1]
            if len(places) == 1:
                c = places[0]
                return Step("hidden single", 1.5, placements=((c, v),),
                            text=f"{board.name(c)} = {symbol(v)}: hidden single in "
                                 f"{board.names[house]}")
    return None


def constraint_step(board: Board) -> Step | None:
    """The easiest constraint that removes something, in words."""
    best = None
    for prop in board.steps:
        trial = board.cand[:]
        changed = prop.prune(trial)
        if not changed:
            continue
        score = PROPAGATOR_STEPS[_key(prop)][1]
        if best is None or score < best[0]:
            best = (score, prop, trial, changed)
    if best is None:
        return None
    score, prop, trial, changed = best
    eliminations = [(c, v) for c in changed for v in _digits(board.cand[c] & ~trial[c])]
    technique, _, words = PROPAGATOR_STEPS[_key(prop)]
    if type(prop).__name__ == "Pair" and prop.tests:
        technique, why = _mark_words(board, prop)
    else:
        why = words.format(**_facts(board, prop, trial))
    return _step(board, technique, score, eliminations, why)

def _mark_words(board: Board, prop) -> tuple[str, str]:
    """The technique and the reason of a step by a mark or a negative constraint: which
    mark (or which missing mark) and what it says of the two cells."""
    from core.variants.rules import MARK_WORDS

    a, b = board.name(prop.a), board.name(prop.b)
    said = []
    for kind, holds in prop.tests:
        mark = MARKS[kind.rstrip("0123456789")]  # white2: a white dot of difference 2
        if mark.directed:
            said.append(f"{a} is smaller than {b}")
        elif holds:
            said.append(f"{mark.called} says {a} and {b} are {MARK_WORDS[kind]}"
                        .replace("are add up", "add up").replace("are one ", "have one "))
        else:
            said.append(f"no {mark.called[2:].lstrip()} between {a} and {b}: they are "
                        f"not {MARK_WORDS[kind]}".replace("are not add up", "do not add up")
                        .replace("are not one double", "have neither double"))
    positive = [kind.rstrip("0123456789") for kind, holds in prop.tests if holds]
    technique = (MARKS[positive[0]].technique if positive
                 else f"negative {MARKS[prop.tests[0][0]].technique}")
    return technique, "; ".join(said)


def _digits(mask: int):
    return (b + 1 for b in bits(mask))


def _facts(board: Board, prop, trial) -> dict:
    """The fields PROPAGATOR_STEPS' words use: the cells, what the classic constraints'
    propagators hold (a total, a cage's digit sets, an innie's house), and what each of
    today's constraints needs (FACTS), read on the candidates the step leaves (`trial`)."""
    total = getattr(prop, "total", None) or getattr(prop, "low", "")
    combos = " or ".join("".join(symbol(v) for v in _digits(m)) for m in getattr(
        prop, "combos", ())[:6])
    house = getattr(prop, "house", None)
    facts = {"cells": board.names_of(prop.cells), "total": total, "combos": combos,
             "house": board.names.get(house, "a house") if house else "",
             "full": getattr(prop, "full", "")}
    more = LINE_FACTS.get(_key(prop)) or FACTS.get(type(prop).__name__)
    return {**facts, **more(board, prop, trial)} if more else facts


# --- what today's constraints say -----------------------------------------------------------

class GivenCandidates:
    """The setter's given candidates of a cell, as a step (the engine applies them at once)."""

    __slots__ = ("cells", "digits")

    def __init__(self, cell: int, digits: int):
        self.cells, self.digits = (cell,), digits

    def prune(self, cand):
        cell = self.cells[0]
        if not cand[cell] & ~self.digits:
            return []
        cand[cell] &= self.digits
        return [cell]


def _key(prop) -> str:
    """The PROPAGATOR_STEPS entry of a propagator: its class, with the rule it comes from
    where one class serves several."""
    name = type(prop).__name__
    if isinstance(getattr(prop, "source", None), Rule):
        return f"{name} {prop.source.kind}"
    if name == "Tie":
        source = prop.source
        kind = (source.kind if isinstance(source, Line) else
                "clone" if isinstance(source, Clone) else source[0])
    else:
        kind = {"EqualSums": getattr(prop, "kind", ""),
                "Thermo": "slow" if getattr(prop, "slow", False) else ""}.get(name, "")
    return f"{name} {kind}" if kind else name


def _either(digits) -> str:
    """1, 2 or 3."""
    said = [symbol(v) for v in digits]
    return said[0] if len(said) == 1 else f"{', '.join(said[:-1])} or {said[-1]}"


def _totals(mask: int) -> str:
    """Sums as bits said as a range where they run on (7 to 11), else listed."""
    sums = [s for s in range(mask.bit_length()) if mask >> s & 1]
    if len(sums) > 2 and sums[-1] - sums[0] == len(sums) - 1:
        return f"{sums[0]} to {sums[-1]}"
    return _either(sums)


def _tie_facts(board: Board, prop, trial) -> dict:
    relation, _, k = prop.relation.partition(" ") if prop.relation.startswith("apart") else (
        prop.relation, "", "")
    facts = {"a": board.name(prop.a), "b": board.name(prop.b),
             "relation": TIE_WORDS[relation].format(k=k)}
    source = prop.source
    if isinstance(source, Line):
        facts["line"] = named(board.p, source.kind, source.cells)
    elif isinstance(source, Clone):
        facts |= {"shape": board.names_of(source.a), "other": board.names_of(source.b)}
    else:  # a minimum or maximum and the neighbour it beats
        cell = source[1]
        facts |= {"cell": board.name(cell),
                  "other": board.name(prop.b if cell == prop.a else prop.a)}
    return facts


def _sums_facts(board: Board, prop, trial) -> dict:
    totals = -1
    for group in prop.groups:
        totals &= sums_of(trial, group)
    middle = [g[0] for g in prop.groups if len(g) == 1]  # a zipper's middle ({to})
    return {"line": named(board.p, prop.kind, prop.cells), "totals": _totals(totals),
            "region": "region" if board.p.jigsaw else "box",
            "to": f"its middle {board.name(middle[0])}" if middle else "one total"}


def _quadruple_facts(board: Board, prop, trial) -> dict:
    return {"cell": board.name(prop.cells[0]),
            "digits": ", ".join(symbol(v) for v in prop.digits)}


def _indexer_facts(board: Board, prop, trial) -> dict:
    r, c = divmod(prop.cell, board.n)
    region = "region" if board.p.jigsaw else "box"
    what = {"row": f"row of column {c + 1}", "column": f"column of row {r + 1}",
            "box": f"cell of {region} {board.p.regions[prop.cell] + 1} (in reading order)"}
    return {"kind": prop.kind, "cell": board.name(prop.cell), "what": what[prop.kind],
            "digit": prop.digit}


def _outside_facts(board: Board, prop, trial) -> dict:
    """Where an X-sum or skyscraper clue sits, from the order its cells are read in."""
    first, second = prop.cells[0], prop.cells[1]
    (r, c), back = divmod(first, board.n), first > second
    if first // board.n == second // board.n:
        side, seen_from = (("right", "from the right") if back else ("left", "from the left"))
        side = f"{side} of row {r + 1}"
    else:
        side, seen_from = (("below", "from below") if back else ("above", "from above"))
        side = f"{side} column {c + 1}"
    return {"side": side, "seen_from": seen_from, "first": board.name(first),
            "seen": f"{prop.total} digit{' is' if prop.total == 1 else 's are'}"}


def _candidates_facts(board: Board, prop, trial) -> dict:
    return {"cell": board.name(prop.cells[0]), "digits": _either(_digits(prop.digits))}


FACTS = {"Tie": _tie_facts, "EqualSums": _sums_facts, "Quadruple": _quadruple_facts,
         "Indexer": _indexer_facts, "XSum": _outside_facts, "Skyscraper": _outside_facts,
         "GivenCandidates": _candidates_facts}

def locked_candidates(board: Board) -> Step | None:
    """A digit whose places in one house all lie in another: the other loses it elsewhere."""
    houses = board.houses
    for a in houses:
        for v in range(1, board.n + 1):
            bit = 1 << (v - 1)
            places = [c for c in a if board.cand[c] & bit and not board.values[c]]
            if len(places) < 2:
                continue
            for b in houses:
                if b is a or not set(places) <= set(b):
                    continue
                others = [c for c in b if c not in a and board.cand[c] & bit
                          and not board.values[c]]
                step = _step(board, "locked candidates", 2.7, [(c, v) for c in others],
                             f"{symbol(v)} in {board.names[a]} lies in {board.names[b]}")
                if step:
                    return step
    return None


SUBSETS = {2: "pair", 3: "triple"}


def naked_subset(k: int, score: float) -> Callable[[Board], Step | None]:
    def find(board: Board) -> Step | None:
        for house in board.plan.units:  # any group of different digits
            open_cells = [c for c in house if not board.values[c]]
            small = [c for c in open_cells if 2 <= board.cand[c].bit_count() <= k]
            for combo in combinations(small, k):
                union = 0
                for c in combo:
                    union |= board.cand[c]
                if union.bit_count() != k:
                    continue
                elims = [(c, v) for c in open_cells if c not in combo
                         for v in _digits(board.cand[c] & union)]
                step = _step(board, f"naked {SUBSETS[k]}", score, elims,
                             f"{board.names_of(combo)} hold only "
                             f"{''.join(symbol(v) for v in _digits(union))}")
                if step:
                    return step
        return None
    return find


def hidden_subset(k: int, score: float) -> Callable[[Board], Step | None]:
    def find(board: Board) -> Step | None:
        for house in board.houses:
            places = {v: frozenset(c for c in house if board.cand[c] >> (v - 1) & 1
                                   and not board.values[c]) for v in range(1, board.n + 1)}
            digits = [v for v, cells in places.items() if 2 <= len(cells) <= k]
            for combo in combinations(digits, k):
                cells = frozenset().union(*(places[v] for v in combo))
                if len(cells) != k:
                    continue
                keep = sum(1 << (v - 1) for v in combo)
                elims = [(c, v) for c in cells for v in _digits(board.cand[c] & ~keep)]
                step = _step(board, f"hidden {SUBSETS[k]}", score, elims,
                             f"{''.join(symbol(v) for v in combo)} fit only in "
                             f"{board.names_of(sorted(cells))} in {board.names[house]}")
                if step:
                    return step
        return None
    return find


def contradiction(board: Board) -> Step | None:
    """A digit that, placed, leaves some rule with no way (the counter's own propagation:
    singles, every constraint, locked candidates); cells of two digits are tried first."""
    open_cells = [c for c, m in enumerate(board.cand) if not board.values[c] and m & (m - 1)]
    for few in (True, False):
        for c in sorted(open_cells, key=lambda c: board.cand[c].bit_count()):
            if few != (board.cand[c].bit_count() == 2):
                continue
            for v in _digits(board.cand[c]):
                trial, blame = board.cand[:], []
                trial[c] = 1 << (v - 1)
                if not engine.propagate(trial, board.plan, [c], blame=blame):
                    stuck = board.names_of(sorted(set(blame))[:4])
                    return _step(board, "contradiction", CONTRADICTION[not few], [(c, v)],
                                 f"if {board.name(c)} were {symbol(v)}, the rules would leave "
                                 f"no way for {stuck}")
    return None


TECHNIQUES: tuple[tuple[str, Callable[[Board], Step | None]], ...] = (
    ("hidden single", hidden_single),
    ("naked single", naked_single),
    ("constraints", constraint_step),
    ("locked candidates", locked_candidates),
    ("naked pair", naked_subset(2, 3.0)),
    ("hidden pair", hidden_subset(2, 3.4)),
    ("naked triple", naked_subset(3, 3.6)),
    ("hidden triple", hidden_subset(3, 4.0)),
    ("contradiction", contradiction),
)


def solve_logically(p: Variant, stop: Stop | None = None) -> tuple[list[Step], bool]:
    board = Board(p)
    steps: list[Step] = []
    while not board.solved:
        if stop is not None and stop():
            break
        if any(not m for m in board.cand):
            break  # a contradiction: the givens break a rule
        for _, find in TECHNIQUES:
            step = find(board)
            if step is not None:
                board.apply(step)
                steps.append(step)
                break
        else:
            break
    return steps, board.solved


def level_of(score: float) -> str:
    return level_of_score(score)


def rate(p: Variant, stop: Stop | None = None) -> Rating:
    """The difficulty of a unique puzzle (ValueError otherwise)."""
    if p.classic:
        from core.sudoku.logic import rate as classic_rate
        from core.sudoku.model import Puzzle, Shape

        return classic_rate(Puzzle(Shape.of_size(p.size), p.givens), stop)
    checked = engine.count(p, 2, stop)
    if not checked.unique:
        raise ValueError("no solution" if checked.count == 0 else "not unique: cannot be rated")
    steps, solved = solve_logically(p, stop)
    used: dict[str, int] = {}
    for step in steps:
        used[step.technique] = used.get(step.technique, 0) + 1
    hardest = max(steps, key=lambda s: s.score, default=None)
    if not solved:
        return Rating(GUESSING_SCORE, "needs-guessing", hardest.technique if hardest else None,
                      used, tuple(steps), False, scale="estimate")
    score = hardest.score if hardest else 0.0
    return Rating(score, level_of(score), hardest.technique if hardest else None, used,
                  tuple(steps), True, scale="estimate")
