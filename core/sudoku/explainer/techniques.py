"""Which techniques each scale tries, in its order (SE's Solver: direct hints first, then
indirect ones, then chains; the first that finds something gives the step)."""

from __future__ import annotations

from core.sudoku.explainer.chains import Chaining
from core.sudoku.explainer.exclusion import aligned_exclusion
from core.sudoku.explainer.fish import fish
from core.sudoku.explainer.intersections import direct_locked_candidates, locked_candidates
from core.sudoku.explainer.singles import hidden_singles, naked_singles
from core.sudoku.explainer.stronglinks import strong_link_fish
from core.sudoku.explainer.subsets import hidden_sets, naked_sets
from core.sudoku.explainer.turbot import turbot_fish
from core.sudoku.explainer.uniqueness import bug, unique_loops
from core.sudoku.explainer.wings import big_wings, xy_wings


def _direct():
    return [hidden_singles, direct_locked_candidates, hidden_sets(2, direct=True),
            naked_singles, hidden_sets(3, direct=True)]


def _chains(deepest: tuple[tuple[int, int], ...]):
    """Chains in SE's order; the nested levels (level, nesting limit) at the end."""
    return [Chaining(False, False), aligned_exclusion(3), Chaining(False, True, nishio=True),
            Chaining(True, False), Chaining(True, True), Chaining(True, True, level=1)] + [
        Chaining(True, True, level=level, nesting_limit=limit) for level, limit in deepest]


def sukaku():
    return tuple(_direct() + [
        locked_candidates, naked_sets(2), fish(2), hidden_sets(2), naked_sets(3), fish(3),
        hidden_sets(3), turbot_fish, xy_wings(False), xy_wings(True), unique_loops,
        naked_sets(4), fish(4), hidden_sets(4), strong_link_fish, big_wings(3), bug,
        big_wings(4), aligned_exclusion(2),
    ] + _chains(((2, 0), (3, 0), (4, 0), (4, 1), (4, 2), (4, 3))))


def classic():
    return tuple(_direct() + [
        locked_candidates, naked_sets(2), fish(2), hidden_sets(2), naked_sets(3), fish(3),
        hidden_sets(3), xy_wings(False), xy_wings(True),
        lambda board: unique_loops(board, corrected=False),
        naked_sets(4), fish(4), hidden_sets(4), lambda board: bug(board, corrected=False),
        aligned_exclusion(2),
    ] + _chains(((2, 0), (3, 0), (4, 0), (5, 0))))


SCALE_PRODUCERS = {"sukaku": sukaku, "classic": classic}
