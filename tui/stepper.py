"""The stepper: ctrl+t walks the rating's logical solution on the grid, a step at a time (the
step in words under the grid, its board in the grid). The Sudoku and variants editors mix it
in; each shows the step's board in its own grid and the rating in its own panel."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container
from textual.reactive import var
from textual.widgets import Static

from core.family import Failed
from tui.widgets.status_panel import StatusPanel

# the stepper's keys, in the BINDINGS of each editor that mixes it in (Textual reads bindings
# from the screen's own classes, not from a mixin)
STEPPER_KEYS = [
    Binding("ctrl+t", "walkthrough", "Steps"),  # at 80 columns: cut, and said in the panel
    Binding("ctrl+j", "hardest", "Hardest step", show=False),
    Binding("pagedown,right_square_bracket", "step(1)", "Next step", show=False),
    Binding("pageup,left_square_bracket", "step(-1)", "Previous step", show=False),
    Binding("home", "first_step", "First step", show=False),
    Binding("end", "hardest", "Hardest step", show=False),
]


class Stepper:
    """Mixed into a PuzzleEditor, whose panes it lays out (its `grid_widget` and the step's
    line under it); the editor sets its `last_rating`, names its family's `boards_before(puzzle,
    steps)` and has `show_rating` (the panel, then `show_step`) and `show_grid`."""

    step_at: var[int | None] = var(None, init=False)  # the stepper's step (None: off)
    boards_before = None  # the board before each of a rating's steps, as the family replays them

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._boards: tuple = (None, [])  # (rating, the board before each of its steps)

    def panes(self) -> ComposeResult:
        """The grid with the stepper's line under it (hidden while the stepper is off), and
        the side panel."""
        with Container(id="board"):
            yield self.grid_widget(self.puzzle, id="grid")
            step = Static("", id="step", markup=False)
            step.display = False  # shown with the stepper
            yield step
        yield StatusPanel(id="status")

    def stepper_boards(self):
        """(boards before each step, the steps, the step shown) while the stepper is on and a
        rating is known; else None."""
        rating = self.last_rating
        if self.step_at is None or rating is None or isinstance(rating, Failed):
            return None
        if not rating.steps:
            return None
        if self._boards[0] is not rating:
            self._boards = (rating, self.boards_before(self.puzzle, rating.steps))
        return self._boards[1], rating.steps, min(self.step_at, len(rating.steps) - 1)

    def show_step(self) -> None:
        """The stepper's sentence under the grid, and its board in the grid."""
        line = self.query_one("#step", Static)
        if self.step_at is None:
            if line.display:  # just closed: the grid without the step's board
                line.display = False
                self.show_grid()
            return
        line.display = True
        stepping = self.stepper_boards()
        if stepping is None:
            line.update("steps: rated once the puzzle is unique")
        else:
            _, steps, at = stepping
            line.update(f"step {at + 1} of {len(steps)} · "
                        f"{self.last_rating.step_label(steps[at])}\n{steps[at].text}")
        self.show_grid()
        self.grid.call_after_refresh(self.grid.scroll_to_cursor)  # clear of the words

    def watch_step_at(self) -> None:
        # a failed or stopped rating has no walkthrough to mark: the step line says why
        rated = self.last_rating is not None and not isinstance(self.last_rating, Failed)
        self.show_rating() if rated else self.show_step()

    def action_walkthrough(self) -> None:
        self.step_at = None if self.step_at is not None else 0

    def action_step(self, delta: int) -> None:
        stepping = self.stepper_boards()
        if stepping is not None:
            self.step_at = max(0, min(stepping[2] + delta, len(stepping[1]) - 1))

    def action_first_step(self) -> None:
        if self.step_at is not None:
            self.step_at = 0

    def action_hardest(self) -> None:
        """Open the stepper on the hardest step: the one the rating names."""
        rating = self.last_rating
        if rating is None or isinstance(rating, Failed) or not rating.steps:
            self.say("no logical steps yet: the puzzle is rated once it is unique")
            return
        self.step_at = rating.hardest_index()

    def commands(self):
        return super().commands() + [
            ("Steps on the grid", "Walk the logical solution step by step (ctrl+t)",
             self.action_walkthrough),
            ("Hardest step", "Show the hardest step of the logical solution (ctrl+j)",
             self.action_hardest),
        ]
