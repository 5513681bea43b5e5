"""Solving a Sudoku variant as a person does, one step at a time, each step said in words:
singles over every house (rows, columns, regions, diagonals, windows, disjoint groups, full
cages), the constraint's own steps (cage combinations, the 45 rule's innies, thermometer and
arrow bounds, kropki/XV/inequality eliminations, little killer and sandwich sums), then the
classic intersections and subsets over any houses. The rating is the hardest step's score on
Sudoku Explainer's scale (10 when guessing is needed). A classic grid is rated by classic
Sudoku's own rater."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from core.search import Stop, bits
from core.sudoku.logic import GUESSING_SCORE, Rating, Step
from core.variants import engine
from core.variants.model import Variant, symbol

LEVEL_BOUNDS = (("easy", 2.3), ("medium", 3.4), ("hard", 4.4), ("expert", 6.0),
                ("master", 9.9))
PROPAGATOR_STEPS = {  # propagator class: (technique, score, what it says)
    "Pair": ("mark", 1.8, "the mark between {cells} allows only these digits"),
    "Thermo": ("thermometer", 1.9, "digits rise along the thermometer {cells}"),
    "CageSum": ("cage combinations", 2.0, "the cage {cells} can only hold {combos}"),
    "SumBounds": ("sum bounds", 2.2, "the cells {cells} must add up to {total}"),
    "ArrowSum": ("arrow", 2.2, "the arrow's shaft adds up to its bulb ({cells})"),
    "SandwichSum": ("sandwich", 2.6, "the digits between 1 and the largest in {cells} "
                                     "add up to {total}"),
    "Innie": ("innies", 2.8, "{house} adds up to {full}; its cages leave {cells} "
                             "to make {total}"),
}


class Board:
    def __init__(self, p: Variant):
        self.p, self.n = p, p.size
        self.plan = engine.plan_of(engine.shape_of(p))
        self.houses = [u for u in self.plan.houses]
        self.names = dict(_house_names(p))
        self.cand = [1 << (v - 1) if v else m for v, m in zip(p.givens, self.plan.masks,
                                                               strict=True)]
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
    found = []
    for prop in board.plan.steps:
        trial = board.cand[:]
        changed = prop.prune(trial)
        if not changed:
            continue
        eliminations = [(c, v) for c in changed for v in _digits(board.cand[c] & ~trial[c])]
        technique, score, words = PROPAGATOR_STEPS[type(prop).__name__]
        if type(prop).__name__ == "Pair" and prop.tests:
            technique, why = _mark_words(board, prop)
        else:
            why = _say(board, prop, words)
        found.append((score, technique, eliminations, why))
    if not found:
        return None
    score, technique, eliminations, why = min(found, key=lambda f: f[0])
    return _step(board, technique, score, eliminations, why)


MARK_TECHNIQUES = {"white": "kropki", "black": "kropki", "bar": "consecutive pair",
                   "x": "XV", "v": "XV", "less": "inequality"}
MARK_NAMES = {"white": "a white dot", "black": "a black dot", "bar": "a bar", "x": "an X",
              "v": "a V", "less": "a sign"}


def _mark_words(board: Board, prop) -> tuple[str, str]:
    """The technique and the reason of a step by a mark or a negative constraint: which
    mark (or which missing mark) and what it says of the two cells."""
    from core.variants.rules import MARK_WORDS

    a, b = board.name(prop.a), board.name(prop.b)
    said = []
    for kind, holds in prop.tests:
        if kind == "less":
            said.append(f"{a} is smaller than {b}")
        elif holds:
            said.append(f"{MARK_NAMES[kind]} says {a} and {b} are {MARK_WORDS[kind]}"
                        .replace("are add up", "add up").replace("are one double",
                                                                 "have one double"))
        else:
            said.append(f"no {MARK_NAMES[kind][2:].lstrip()} between {a} and {b}: they are "
                        f"not {MARK_WORDS[kind]}".replace("are not add up", "do not add up")
                        .replace("are not one double", "have neither double"))
    positive = [kind for kind, holds in prop.tests if holds]
    technique = (MARK_TECHNIQUES[positive[0]] if positive
                 else f"negative {MARK_TECHNIQUES[prop.tests[0][0]]}")
    return technique, "; ".join(said)


def _digits(mask: int):
    return (b + 1 for b in bits(mask))


def _say(board: Board, prop, words: str) -> str:
    cells = board.names_of(prop.cells)
    total = getattr(prop, "total", None) or getattr(prop, "low", "")
    combos = " or ".join("".join(symbol(v) for v in _digits(m)) for m in getattr(
        prop, "combos", ())[:6])
    house = getattr(prop, "house", None)
    return words.format(cells=cells, total=total, combos=combos,
                        house=board.names.get(house, "a house") if house else "",
                        full=getattr(prop, "full", ""))


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


TECHNIQUES: tuple[tuple[str, Callable[[Board], Step | None]], ...] = (
    ("hidden single", hidden_single),
    ("naked single", naked_single),
    ("constraints", constraint_step),
    ("locked candidates", locked_candidates),
    ("naked pair", naked_subset(2, 3.0)),
    ("hidden pair", hidden_subset(2, 3.4)),
    ("naked triple", naked_subset(3, 3.6)),
    ("hidden triple", hidden_subset(3, 4.0)),
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
    return next((level for level, top in LEVEL_BOUNDS if score <= top), "needs-guessing")


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
