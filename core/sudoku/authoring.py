"""What a Sudoku editor shows an author beyond the count: pencil marks, the board before each
step of the logical solution, and the givens that would make a puzzle unique."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from core.sudoku.model import Puzzle, Shape, geometry
from core.sudoku.solver import count
from core.symmetry import SYMMETRIES, orbits

SUGGESTIONS = 6  # givens offered to make a puzzle unique
SOLUTIONS_SAMPLED = 60  # solutions listed to find them (more are only counted)


def candidates(puzzle: Puzzle) -> list[int]:
    """Pencil marks as printed: each empty cell's symbols that no given in its row, column or
    box rules out (bit v-1 for symbol v; 0 for a given)."""
    geo = geometry(puzzle.shape)
    full = (1 << puzzle.size) - 1
    marks = []
    for cell, v in enumerate(puzzle.givens):
        if v:
            marks.append(0)
            continue
        seen = 0
        for p in geo.peers[cell]:
            if puzzle.givens[p]:
                seen |= 1 << (puzzle.givens[p] - 1)
        marks.append(full & ~seen)
    return marks


@dataclass(frozen=True)
class Before:
    """The board just before a step: the symbols placed so far and every cell's candidates."""

    values: tuple[int, ...]
    candidates: tuple[int, ...]


def boards_before(puzzle: Puzzle, steps) -> list[Before]:
    """For each step of a rating's walkthrough (core.sudoku.logic), the board it starts from:
    the givens' pencil marks, then every step's placements (which clear their peers) and
    eliminations."""
    geo = geometry(puzzle.shape)
    values, marks = list(puzzle.givens), candidates(puzzle)
    found = []
    for step in steps:
        found.append(Before(tuple(values), tuple(marks)))
        for cell, v in step.placements:
            values[cell], marks[cell] = v, 0
            for peer in geo.peers[cell]:
                marks[peer] &= ~(1 << (v - 1))
        for cell, v in step.eliminations:
            marks[cell] &= ~(1 << (v - 1))
    return found


CELL_NAME = re.compile(r"r(\d+)c(\d+)")


def cells_named(text: str, size: int) -> tuple[int, ...]:
    """The cells a step's reasoning names (before its conclusion, `so ...`): what it uses."""
    reasoning = text.split(", so ")[0].split(": ", 1)[-1]
    cells = {(int(r) - 1) * size + int(c) - 1 for r, c in CELL_NAME.findall(reasoning)
             if 1 <= int(r) <= size and 1 <= int(c) <= size}
    return tuple(sorted(cells))


UNIT_NAME = re.compile(r"\b(row|column|box|block) (\d+)")
UNIT_KINDS = {"row": 0, "column": 1, "box": 2, "block": 2}  # block: Sudoku Explainer's box


def step_cells(step, before: Before, shape: Shape) -> tuple[int, ...]:
    """The cells a step reasons from, to highlight: those it names, and in the rows, columns
    and boxes it names the cells that hold the digit it places or eliminates (but not the
    cells it eliminates from)."""
    geo, size = geometry(shape), shape.size
    reasoning = step.text.split(", so ")[0]
    digits = {v for _, v in step.eliminations} | {v for _, v in step.placements}
    targets = {c for c, _ in step.eliminations}
    used = set(cells_named(step.text, size))
    for kind, number in UNIT_NAME.findall(reasoning):
        index = UNIT_KINDS[kind] * size + int(number) - 1
        if int(number) <= size:
            used |= {c for c in geo.units[index]
                     if before.values[c] in digits or any(
                         before.candidates[c] >> (v - 1) & 1 for v in digits)}
    return tuple(sorted(used - targets))


def symmetry_of(puzzle: Puzzle) -> str:
    """The strongest symmetry the givens' pattern keeps ("none" when it keeps none)."""
    n = puzzle.size
    kept = [name for name in SYMMETRIES if name != "none" and all(
        len({bool(puzzle.givens[c]) for c in orbit}) == 1 for orbit in orbits(n, name))]
    by_strength = ("dihedral", "rot90", "rot180", "diagonal", "antidiagonal", "horizontal",
                   "vertical")
    return next((name for name in by_strength if name in kept), "none")


def making_unique(puzzle: Puzzle, stop: Callable[[], bool] | None = None
                  ) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Givens to add, each suggestion a tuple of (cell, symbol), that leave exactly one
    solution. Suggestions that keep the givens' symmetry (a whole orbit of cells, filled as
    one sampled solution fills it) come first, then single givens; every one is counted."""
    sample = count(puzzle, SOLUTIONS_SAMPLED, stop).solutions
    if len(sample) < 2:
        return ()
    symmetry = symmetry_of(puzzle)
    trials: list[tuple[tuple[int, int], ...]] = []
    if symmetry != "none":
        for orbit in sorted(orbits(puzzle.size, symmetry), key=len):
            if len(orbit) > 1 and not puzzle.givens[orbit[0]]:
                trials += [f for f, seen in _fillings(orbit, sample) if seen == 1]
    trials += _single_givens(puzzle, sample)
    found: list[tuple[tuple[int, int], ...]] = []
    for added in trials:
        if stop is not None and stop() or len(found) >= SUGGESTIONS:
            break
        if _unique_with(puzzle, added, sample, stop):
            found.append(added)
    return tuple(found)


def _fillings(group, sample) -> list[tuple[tuple[tuple[int, int], ...], int]]:
    """How the sampled solutions fill a group of cells: (filling, how many do so)."""
    seen: dict[tuple, int] = {}
    for solution in sample:
        key = tuple((c, solution[c]) for c in group)
        seen[key] = seen.get(key, 0) + 1
    return sorted(seen.items(), key=lambda item: item[1])


def _single_givens(puzzle: Puzzle, sample) -> list[tuple[tuple[int, int], ...]]:
    """Every (cell, symbol) that at most one sampled solution has (two or more sampled
    solutions with it: it cannot make the puzzle unique), the ones sampled once first."""
    marks = candidates(puzzle)
    once, never = [], []
    for cell, mask in enumerate(marks):
        seen: dict[int, int] = {}
        for solution in sample:
            seen[solution[cell]] = seen.get(solution[cell], 0) + 1
        for v in range(1, puzzle.size + 1):
            if mask >> (v - 1) & 1 and seen.get(v, 0) <= 1:
                (once if seen.get(v) else never).append(((cell, v),))
    return once + never


def _unique_with(puzzle: Puzzle, added, sample, stop) -> bool:
    """Exactly one solution once `added` are given (the sample decides when it holds every
    solution; otherwise a count does)."""
    keeps = sum(1 for s in sample if all(s[c] == v for c, v in added))
    if keeps > 1 or (keeps == 0 and len(sample) < SOLUTIONS_SAMPLED):
        return False
    if len(sample) < SOLUTIONS_SAMPLED:
        return True
    givens = list(puzzle.givens)
    for c, v in added:
        givens[c] = v
    return count(puzzle.with_givens(givens), 2, stop).unique
