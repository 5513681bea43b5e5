"""Solving a Sudoku variant as a person does, one step at a time, each step said in words:
singles over every house (rows, columns, regions, diagonals, windows, disjoint groups, full
cages), the constraint's own steps (cage combinations, the 45 rule's innies, thermometer and
arrow bounds, kropki/XV/inequality eliminations, little killer and sandwich sums; each of
today's lines, corner clues, twin shapes, minima and maxima, marked cells, X-sums, skyscrapers and
the setter's given digits of cells, in the puzzle's own terms), then the classic intersections
and subsets over any houses, and last a contradiction: a digit that, placed, leaves the
constraints no way on (the counter's own propagation, a forcing chain a person follows
cell by cell). The rating is the hardest step's score on the workbench variants scale: its
numbers follow Sudoku Explainer's for the techniques the two share (10 when guessing is
needed), and its levels are the same bands as classic Sudoku's (core.sudoku.logic). A
classic grid is rated by classic Sudoku's own rater. Singles, locked candidates and subsets
are core.sudoku.human' (shared with classic Sudoku's ladder) on the puzzle's houses."""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from core.search import Stop
from core.sudoku import human
from core.sudoku.human import Candidates, Finder, House, digits, hidden_subset, naked_subset
from core.sudoku.rating import Rating, Step
from core.variants import engine
from core.variants.cell_clues import CELL_KINDS
from core.variants.custom import RULE_KINDS
from core.variants.groups import GROUPS, OF_ITEM, PENCILS
from core.variants.kinds import LINES, named
from core.variants.lines import TIE_WORDS, sums_of
from core.variants.marks import MARKS
from core.variants.model import Line, Rule, Variant, symbol
from core.variants.outside import OUTSIDE
from core.variants.shapes import SHAPES

CONTRADICTION = (7.5, 8.0)  # a cell of two digits tried; of three or more
# What each propagator says, keyed by its class, or by its class and the rule it comes from
# (Tie and EqualSums serve several lines): (technique, score on the
# scale of Sudoku Explainer, what it says). The fields come from _facts (a line's from its
# record's facts).
PROPAGATOR_STEPS = {
    "Pair": ("mark", 1.8, "the mark between {cells} allows only these digits"),
    "SumBounds": ("sum bounds", 2.2, "the cells {cells} must add up to {total}"),
    # each kind of cell clue's steps, from its record (core.variants.cell_clues)
    **{key: (step.technique, step.score, step.words)
       for kind in CELL_KINDS.values() for key, step in kind.steps.items()},
    # each kind of clue on a group of cells' steps, from its record (core.variants.groups)
    **{key: (step.technique, step.score, step.words)
       for kind in GROUPS.values() for key, step in kind.steps.items()},
    # each kind of line's, outside clue's and shape's steps, from its record
    # (core.variants.kinds, core.variants.outside, core.variants.shapes)
    **{key: (step.technique, step.score, step.words)
       for kind in (*LINES.values(), *OUTSIDE.values(), *SHAPES.values())
       for key, step in kind.steps.items()},
    # and each kind of rule no kind names (core.variants.custom)
    **{key: (step.technique, step.score, step.words) for kind in RULE_KINDS.values()
       for key, step in kind.steps.items()},
}
LINE_FACTS = {key: facts for kind in (*LINES.values(), *RULE_KINDS.values())
              for key, facts in kind.facts.items()}


class Board(Candidates):
    """The candidates of every cell (a placed cell keeps its digit's bit, as the engine's
    propagation wants), and the puzzle's houses: those of `size` cells by name, and every
    group of different digits (a cage too) for the naked subsets."""

    def __init__(self, p: Variant):
        self.p, self.n = p, p.size
        self.plan = engine.plan_of(engine.shape_of(p))
        self.names = dict(_house_names(p))
        self.houses = [House(h, self.names.get(h, "a house")) for h in self.plan.houses]
        self.groups = [House(u, None) for u in self.plan.units]
        # a cell's given digits (the pencil shape) are steps of their own, said in words
        masks = engine.plan_of(engine.shape_of(replace(
            p, **{kind.field: () for kind in PENCILS}))).masks
        self.steps = self.plan.steps + [kind.step(c, d) for kind in PENCILS
                                        for c, d in kind.items(p)]
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

    def open(self) -> list[int]:
        return [0 if v else m for v, m in zip(self.values, self.cand, strict=True)]

    @property
    def broken(self) -> bool:
        return not all(self.cand)

    def name(self, cell: int) -> str:
        return self.p.name(cell)

    def sym(self, v: int) -> str:
        return self.p.digit(v)

    def said(self, eliminations) -> str:
        return _elim_text(self, eliminations)


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
    return "; ".join(f"{board.names_of(cells)} ≠ {', '.join(board.p.digit(v) for v in sorted(vs))}"
                     for cells, vs in by_cells.items())


def hidden_single(board: Board) -> Step | None:
    return human.hidden_single(board, ((board.houses, 1.5),))


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
    eliminations = [(c, v) for c in changed for v in digits(board.cand[c] & ~trial[c])]
    technique, _, words = PROPAGATOR_STEPS[_key(prop)]
    if type(prop).__name__ == "Pair" and prop.tests:
        technique, why = _mark_words(board, prop)
    else:
        why = words.format(**_facts(board, prop, trial))
    return board.eliminate(technique, score, eliminations, why)


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


def _facts(board: Board, prop, trial) -> dict:
    """The fields PROPAGATOR_STEPS' words use: the cells, what the classic constraints'
    propagators hold (a total, a cage's digit sets, an innie's house), and what each of
    today's constraints needs (FACTS), read on the candidates the step leaves (`trial`)."""
    total = getattr(prop, "total", None) or getattr(prop, "low", "")
    shift = board.p.shift  # a sum as held, said as shown: less its cells' shift
    if shift and isinstance(total, int) and type(prop).__name__ in ("SumBounds", "Innie"):
        total -= len(prop.cells) * shift
    combos = " or ".join("".join(board.p.digit(v) for v in digits(m)) for m in getattr(
        prop, "combos", ())[:6])
    house = getattr(prop, "house", None)
    facts = {"cells": board.names_of(prop.cells), "total": total, "combos": combos,
             "house": board.names.get(house, "a house") if house else "",
             "full": getattr(prop, "full", 0) - board.n * shift if hasattr(prop, "full")
             else ""}
    more = LINE_FACTS.get(_key(prop)) or FACTS.get(type(prop).__name__)
    return {**facts, **more(board, prop, trial)} if more else facts


# --- what today's constraints say -----------------------------------------------------------

def _key(prop) -> str:
    """The PROPAGATOR_STEPS entry of a propagator: its class, with the rule it comes from
    where one class serves several."""
    name = type(prop).__name__
    if isinstance(getattr(prop, "source", None), Rule):
        return f"{name} {prop.source.kind}"
    if name == "Tie":
        source = prop.source
        kind = (source.kind if isinstance(source, Line) else
                OF_ITEM[type(source)].word if type(source) in OF_ITEM else source[0])
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
    elif type(source) in OF_ITEM:  # a clue on a group of cells: its record's facts
        facts |= GROUP_FACTS[_key(prop)](board, prop, trial)
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


GROUP_FACTS = {key: facts for kind in GROUPS.values() for key, facts in kind.facts.items()}
FACTS = {"Tie": _tie_facts, "EqualSums": _sums_facts, **GROUP_FACTS,
         **{key: _outside_facts for kind in OUTSIDE.values() for key in kind.steps}}



def locked_candidates(board: Board) -> Step | None:
    """A digit whose places in one house all lie in another: the other loses it elsewhere."""
    return human.locked_candidates(
        board, (("locked candidates", 2.7, board.houses, partial(_covers, board)),))


def _covers(board: Board, house: House, cells: list[int]) -> list[House]:
    """The other houses that hold all of `cells`."""
    return [other for other in board.houses
            if other is not house and set(cells) <= set(other.cells)]


def contradiction(board: Board) -> Step | None:
    """A digit that, placed, leaves some rule with no way (the counter's own propagation:
    singles, every constraint, locked candidates); cells of two digits are tried first."""
    open_cells = [c for c, m in enumerate(board.cand) if not board.values[c] and m & (m - 1)]
    for few in (True, False):
        for c in sorted(open_cells, key=lambda c: board.cand[c].bit_count()):
            if few != (board.cand[c].bit_count() == 2):
                continue
            for v in digits(board.cand[c]):
                trial, blame = board.cand[:], []
                trial[c] = 1 << (v - 1)
                if not engine.propagate(trial, board.plan, [c], blame=blame):
                    stuck = board.names_of(sorted(set(blame))[:4])
                    return board.eliminate("contradiction", CONTRADICTION[not few], [(c, v)],
                                 f"if {board.name(c)} were {board.p.digit(v)}, the rules "
                                 f"would leave no way for {stuck}")
    return None


TECHNIQUES: tuple[tuple[str, Finder], ...] = (
    ("hidden single", hidden_single),
    ("naked single", human.naked_single),
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
    steps = human.solve(board, [find for _, find in TECHNIQUES], stop)
    return steps, board.solved


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
    return human.rating(steps, solved, "estimate")
