"""An editor's undo history: every author action is a step, and a step is the puzzle with the
document (file) it belongs to, so undo after opening another file goes back to the first."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Step:
    """The puzzle as an action left it, and its document (a `tui.session.Document`: shared by
    the steps of one file, so a save shows in every step of it)."""

    puzzle: object
    document: object


class History:
    """The steps taken, and the one shown; a new step drops the steps undone before it."""

    def __init__(self, first: Step) -> None:
        self.steps = [first]
        self.at = 0

    @property
    def now(self) -> Step:
        return self.steps[self.at]

    def add(self, step: Step) -> None:
        del self.steps[self.at + 1:]
        self.steps.append(step)
        self.at += 1

    def amend(self, step: Step) -> None:
        """The step shown becomes `step` (an edit finished later, e.g. symmetric partners)."""
        self.steps[self.at] = step

    def undo(self) -> Step | None:
        """The step before, now shown; None when there is none."""
        return self._go(self.at - 1)

    def redo(self) -> Step | None:
        return self._go(self.at + 1)

    def _go(self, at: int) -> Step | None:
        if not 0 <= at < len(self.steps):
            return None
        self.at = at
        return self.steps[at]
