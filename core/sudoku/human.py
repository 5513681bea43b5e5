"""The human techniques every Sudoku-like grid shares, over houses and candidates: singles,
locked candidates, naked and hidden subsets, and the loop that takes the easiest step again
and again. Two solvers use them: the workbench ladder (core.sudoku.ladder: the houses are the
rows, columns and boxes) and the variants logic (core.variants.logic: any houses, with each
constraint's own steps beside these). Sudoku Explainer's rater (core.sudoku.explainer) keeps
its own, as it must reproduce SE's numbers.

A board (a Candidates) holds a candidate bit set per cell (bit v-1 for digit v) and the
digits placed so far; each family says cells, digits and eliminations in its own words. A
technique returns one Step (placements or eliminations, with its words) or None.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import combinations
from typing import NamedTuple

from core.search import Stop, bits
from core.sudoku.rating import GUESSING_SCORE, Rating, Step, level_of_score

SUBSET_NAMES = {2: "pair", 3: "triple", 4: "quad"}


class House(NamedTuple):
    """Cells that hold different digits. A house without a name (a variant's cage, a group
    of different digits shorter than a row) is looked at, but its steps do not say where."""

    cells: tuple[int, ...]
    name: str | None


def digits(mask: int) -> Iterator[int]:
    """The digits (1-based) in a candidate bit set."""
    return (b + 1 for b in bits(mask))


class Candidates:
    """What the techniques read of a board; a family's board fills in the words."""

    n: int  # the digits are 1..n
    values: list[int]  # per cell, its digit once placed, else 0
    houses: Sequence[House]  # groups of n cells, by name: each digit once
    groups: Sequence[House]  # every group of different digits (the houses, a cage, ...)

    def open(self) -> list[int]:
        """Per cell, its candidates while it is open; 0 once placed."""
        raise NotImplementedError

    def apply(self, step: Step) -> None:
        raise NotImplementedError

    @property
    def broken(self) -> bool:
        """A cell is left with no digit: the givens break a rule."""
        raise NotImplementedError

    def name(self, cell: int) -> str:
        raise NotImplementedError

    def sym(self, v: int) -> str:
        raise NotImplementedError

    def said(self, eliminations) -> str:
        """Eliminations in words: 'r4c4, r4c5 ≠ 4'."""
        raise NotImplementedError

    @property
    def solved(self) -> bool:
        return all(self.values)

    def names_of(self, cells) -> str:
        return ", ".join(self.name(c) for c in cells)

    def syms(self, vs) -> str:
        return "".join(self.sym(v) for v in vs)

    def eliminate(self, technique: str, score: float, eliminations, why: str) -> Step | None:
        """The step that removes these candidates for this reason; None when it removes none."""
        eliminations = tuple(sorted(set(eliminations)))
        if not eliminations:
            return None
        return Step(technique, score, eliminations=eliminations,
                    text=f"{technique}: {why}, so {self.said(eliminations)}")


Finder = Callable[[Candidates], Step | None]
# For locked candidates: the houses (other than the first) that hold all these cells
Covers = Callable[[House, list[int]], Iterable[House]]


# --- singles -------------------------------------------------------------------------------

def naked_single(board: Candidates) -> Step | None:
    for cell, m in enumerate(board.open()):
        if m and not m & (m - 1):
            v = m.bit_length()
            return Step("naked single", 2.3, placements=((cell, v),),
                        text=f"{board.name(cell)} = {board.sym(v)}: naked single")
    return None


def hidden_single(board: Candidates, passes: Sequence[tuple[Sequence[House], float]]
                  ) -> Step | None:
    """The first house (of the passes, in order) where some digit has one place left; the
    lowest such digit. A pass: houses and the score of a hidden single in them."""
    cand = board.open()
    for houses, score in passes:
        for cells, name in houses:
            once = twice = 0
            for c in cells:
                m = cand[c]
                twice |= once & m
                once |= m
            hidden = once & ~twice
            if hidden:
                bit = hidden & -hidden
                cell = next(c for c in cells if cand[c] & bit)
                v = bit.bit_length()
                return Step("hidden single", score, placements=((cell, v),),
                            text=f"{board.name(cell)} = {board.sym(v)}: hidden single in "
                                 f"{name}")
    return None


# --- intersections and subsets -------------------------------------------------------------

def locked_candidates(board: Candidates,
                      passes: Sequence[tuple[str, float, Sequence[House], Covers]]
                      ) -> Step | None:
    """A digit whose places in one house all lie in another house: the other loses it
    elsewhere. A pass: the technique's name and score, the houses looked in, and where their
    places may lie (`covers`)."""
    cand = board.open()
    for technique, score, houses, covers in passes:
        for house in houses:
            for v in range(1, board.n + 1):
                bit = 1 << (v - 1)
                places = [c for c in house.cells if cand[c] & bit]
                if len(places) < 2:
                    continue
                for other in covers(house, places):
                    others = [(c, v) for c in other.cells if cand[c] & bit and c not in places]
                    step = board.eliminate(technique, score, others, f"{board.sym(v)} in "
                                           f"{house.name} lies in {other.name}")
                    if step:
                        return step
    return None


def naked_subset(k: int, score: float) -> Finder:
    """k open cells of a group that hold only k digits between them: the group's other cells
    lose those digits."""
    technique = f"naked {SUBSET_NAMES[k]}"

    def find(board: Candidates) -> Step | None:
        cand = board.open()
        for (cells, name), combo, union in _naked_sets(cand, board.groups, k):
            where = f" in {name}" if name else ""
            step = board.eliminate(technique, score, [
                (c, v) for c in cells if c not in combo for v in digits(cand[c] & union)],
                f"{board.names_of(combo)} hold only {board.syms(digits(union))}{where}")
            if step:
                return step
        return None
    return find


def hidden_subset(k: int, score: float) -> Finder:
    """k digits whose places in a house are k cells: those cells lose their other digits."""
    technique = f"hidden {SUBSET_NAMES[k]}"

    def find(board: Candidates) -> Step | None:
        cand = board.open()
        for house, combo, cells in _hidden_sets(cand, board.houses, k, board.n):
            keep = sum(1 << (v - 1) for v in combo)
            step = board.eliminate(technique, score, [
                (c, v) for c in cells for v in digits(cand[c] & ~keep)],
                f"{board.syms(combo)} fit only in {board.names_of(sorted(cells))} in "
                f"{house.name}")
            if step:
                return step
        return None
    return find


def _naked_sets(cand: list[int], houses: Iterable[House], k: int
                ) -> Iterator[tuple[House, tuple[int, ...], int]]:
    """In each house in turn, k cells with 2..k candidates each and k digits between them
    (a bit set). One generator for all the houses: one a house costs the ladder 15%."""
    for house in houses:
        small = [c for c in house.cells if 2 <= cand[c].bit_count() <= k]
        for combo in combinations(small, k):
            union = 0
            for c in combo:
                union |= cand[c]
            if union.bit_count() == k:
                yield house, combo, union


def _hidden_sets(cand: list[int], houses: Iterable[House], k: int, n: int
                 ) -> Iterator[tuple[House, tuple[int, ...], frozenset[int]]]:
    """In each house in turn, k digits with 2..k places each and k places between them."""
    each = [(v, 1 << (v - 1)) for v in range(1, n + 1)]
    for house in houses:
        cells = house.cells
        places = {v: frozenset([c for c in cells if cand[c] & bit]) for v, bit in each}
        few = [v for v, where in places.items() if 2 <= len(where) <= k]
        for combo in combinations(few, k):
            where = frozenset().union(*(places[v] for v in combo))
            if len(where) == k:
                yield house, combo, where


# --- the solver ----------------------------------------------------------------------------

def solve(board: Candidates, finders: Sequence[Finder], stop: Stop | None = None
          ) -> list[Step]:
    """Apply the easiest step the finders (easiest first) find, again and again, until the
    board is solved, broken or stuck, or `stop` says so; the steps taken."""
    steps: list[Step] = []
    while not board.solved:
        if stop is not None and stop():
            break
        if board.broken:
            break
        for find in finders:
            step = find(board)
            if step is not None:
                board.apply(step)
                steps.append(step)
                break
        else:
            break
    return steps


def rating(steps: Sequence[Step], solved: bool, scale: str) -> Rating:
    """The hardest step's score, its band's level (needs-guessing where the solver got
    stuck), how often each technique was used, and every step."""
    used: dict[str, int] = {}
    for step in steps:
        used[step.technique] = used.get(step.technique, 0) + 1
    hardest = max(steps, key=lambda s: s.score, default=None)
    score = GUESSING_SCORE if not solved else hardest.score if hardest else 0.0
    return Rating(score, level_of_score(score), hardest.technique if hardest else None, used,
                  tuple(steps), solved, scale)
