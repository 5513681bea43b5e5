"""Which techniques each scale tries, in its order (SE's Solver: direct hints first, then
indirect ones, then chains; the first that finds something gives the step)."""

from __future__ import annotations

from functools import partial

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


def _direct(classic: bool = False):
    return [hidden_singles, partial(direct_locked_candidates, classic=classic),
            hidden_sets(2, direct=True), naked_singles, hidden_sets(3, direct=True)]


def _chains(deepest: tuple[tuple[int, int], ...], stop, classic: bool = False):
    """Chains in SE's order; the nested levels (level, nesting limit) at the end."""
    return [Chaining(False, False, stop=stop), aligned_exclusion(3, classic),
            Chaining(False, True, nishio=True, stop=stop), Chaining(True, False, stop=stop),
            Chaining(True, True, stop=stop), Chaining(True, True, level=1, stop=stop)] + [
        Chaining(True, True, level=level, nesting_limit=limit, stop=stop, classic=classic)
        for level, limit in deepest]


def sukaku(stop=None):
    return tuple(_direct() + [
        locked_candidates, naked_sets(2), fish(2), hidden_sets(2), naked_sets(3), fish(3),
        hidden_sets(3), turbot_fish, xy_wings(False), xy_wings(True), unique_loops,
        naked_sets(4), fish(4), hidden_sets(4), strong_link_fish, big_wings(3), bug,
        big_wings(4), aligned_exclusion(2),
    ] + _chains(((2, 0), (3, 0), (4, 0), (4, 1), (4, 2), (4, 3)), stop))


def classic(stop=None):
    return tuple(_direct(classic=True) + [
        partial(locked_candidates, classic=True), naked_sets(2), fish(2), hidden_sets(2),
        naked_sets(3), fish(3), hidden_sets(3), xy_wings(False, classic=True),
        xy_wings(True, classic=True), partial(unique_loops, corrected=False),
        naked_sets(4), fish(4), hidden_sets(4), partial(bug, corrected=False),
        aligned_exclusion(2, classic=True),
    ] + _chains(((2, 0), (3, 0), (4, 0), (5, 0)), stop, classic=True))


SCALE_PRODUCERS = {"sukaku": sukaku, "classic": classic}
