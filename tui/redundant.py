"""The givens that could go, for an editor whose family says (`redundant`): found in the pool
after a unique count, in a job of its own (the panel says unique at once, and Esc stops this
pass alone), remembered by puzzle so that undo shows them at once. The Sudoku and variants
editors mix it in and underline them in their grids."""

from __future__ import annotations

from core import jobs
from core.counting import NONE, UNIQUE, listed
from core.family import REDUNDANT_SECONDS, Failed
from tui.screens.editor import PANEL_NAMES, plural

STOPPED = "stopped"  # the redundant givens' pass was stopped (Esc)


class RedundantGivens:
    """Mixed into a PuzzleEditor with a "redundant" slot; `show_check` is called again when
    the pass reports. The panel's details under the verdict are said here too, for a grid of
    givens: those that could go, the clash, or where two solutions differ."""

    contradiction = "the givens contradict each other"  # none, and no two givens clash
    unique_hint = ""  # said after a unique puzzle's givens

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)

    def check_details(self, verdict, count) -> str:
        givens = plural(self.puzzle.clue_count, "given")
        if verdict.status == UNIQUE:
            return f"{self.redundant_text()}; {givens}{self.unique_hint}"
        if verdict.status == NONE:
            return f"{verdict.clashes or self.contradiction}; {givens}"
        return self.several_text()

    def several_text(self) -> str:
        """Several solutions (or not decided): where two differ, and the givens."""
        givens = plural(self.puzzle.clue_count, "given")
        return f"{self.verdict().where(PANEL_NAMES)} (highlighted); {givens}"

    def redundancy(self, puzzle):
        """(givens that could go, undecided) or STOPPED, once the pass has reported."""
        return self.live.found.get("redundant", puzzle)

    def look_for_redundant(self) -> None:
        puzzle = self.puzzle
        if self.redundancy(puzzle) is not None:
            return

        def found(result) -> None:
            if not isinstance(result, Failed):
                self.live.found.put("redundant", puzzle, result)
                self.show_check()
        self.live.start("redundant", jobs.redundant, self.family.name, puzzle, self.context(),
                        self.last_check.count.solution, then=found)

    def jobs_stopped(self, slots: set[str]) -> None:
        super().jobs_stopped(slots)
        if "redundant" in slots:
            self.live.found.put("redundant", self.puzzle, STOPPED)
            self.show_check()

    def redundant_givens(self) -> tuple:
        """The givens found that could go (underlined in the grid); () while not known."""
        known = self.redundancy(self.puzzle)
        return known[0] if known and known != STOPPED else ()

    def redundant_text(self) -> str:
        """What the pass over the givens found: those that could go, those it could not
        decide in its time (then the puzzle is not said to be minimal)."""
        known = self.redundancy(self.puzzle)
        if known is None:
            return "looking for givens that could go…"
        if known == STOPPED:
            return "givens that could go: not looked for (stopped; edit to look again)"
        found, undecided = known
        parts = [f"{plural(len(found), 'redundant given')} (underlined): removing any one "
                 "keeps it unique"] if found else []
        if undecided:
            names = listed(self.family.cell_names(self.puzzle, undecided), PANEL_NAMES)
            parts.append(f"{plural(len(undecided), 'given')} undecided in "
                         f"{REDUNDANT_SECONDS:.0f} s ({names}): each may or may not be "
                         "needed")
        if not self.family.givens(self.puzzle):
            return "no givens: the constraints alone make it unique"
        return "; ".join(parts) or "minimal: every given is needed"
