"""What the variants editor shows an author beyond the contract: the board before each step of
the logical solution (the stepper) and the cells a step reasons from, as classic Sudoku's
core/sudoku/authoring.py does for its own steps."""

from __future__ import annotations

import re

from core.sudoku.authoring import Before, cells_named
from core.variants.model import Variant


def boards_before(p: Variant, steps) -> list[Before]:
    """For each step of a rating's walkthrough (core.variants.logic), the board it starts
    from: the digits placed so far and every empty cell's candidates (0 for a placed cell),
    as the logic saw them."""
    from core.variants.logic import Board

    board, found = Board(p), []
    for step in steps:
        found.append(Before(tuple(board.values), tuple(board.open())))
        board.apply(step)
    return found


def step_cells(p: Variant, step, before: Before) -> tuple[int, ...]:
    """The cells a step reasons from, to mark: those its words name, and in the houses they
    name (row 3, box 5, the diagonal, the cage at r1c1) the cells that hold or may hold the
    digits it places or eliminates; not the cells it concludes about."""
    from core.variants.rules import units

    reasoning = step.text.split(", so ")[0].split(": ", 1)[-1]
    digits = {v for _, v in step.eliminations} | {v for _, v in step.placements}
    targets = {c for c, _ in step.eliminations} | {c for c, _ in step.placements}
    used = set(cells_named(step.text, p.size))
    for cells, name in units(p):
        if re.search(rf"\b{re.escape(name)}\b", reasoning):
            used |= {c for c in cells if before.values[c] in digits or any(
                before.candidates[c] >> (v - 1) & 1 for v in digits)}
    return tuple(sorted(used - targets))
