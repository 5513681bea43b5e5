"""The Sudoku editor: the grid, and a side panel that says after every edit whether the puzzle
has exactly one solution (and, when it has several, both of them and the givens that would
make it unique), which givens could go, and how hard it is. The candidates view shows pencil
marks (the author may keep their own), and the stepper walks the logical solution on the
grid."""

from __future__ import annotations

from functools import partial

from textual.binding import Binding
from textual.reactive import var

from core import jobs, sudoku
from core.counting import SEVERAL
from core.family import Checked, Failed
from core.sudoku.authoring import boards_before, candidates, step_cells, symmetry_of
from core.sudoku.family import SUDOKU
from core.symmetry import SYMMETRIES, orbits
from tui.live_check import LiveCheck
from tui.redundant import RedundantGivens
from tui.screens.editor import PANEL_NAMES, PuzzleEditor, plural, walkthrough_window
from tui.stepper import STEPPER_KEYS, Stepper
from tui.widgets.sudoku_grid import Marks, SudokuGrid

NONE_SUGGESTED = ("no given (nor a symmetric set of them) makes it unique on its own: too many "
                  "solutions yet; add givens, and ctrl+u offers some once a few will do")


class SudokuEditor(Stepper, RedundantGivens, PuzzleEditor):
    family = SUDOKU
    grid_widget = SudokuGrid
    boards_before = staticmethod(boards_before)
    new_puzzles = tuple((f"Sudoku {n}x{n} (boxes {box.box_rows}x{box.box_cols})",
                         partial(sudoku.Puzzle.blank, n))
                        for n in (9, 6, 4, 8, 12, 16, 25) for box in (sudoku.Shape.of_size(n),))
    typing_help = ("1-9 (A-Z beyond 9) place a given, 0 . space Delete clear it; in pencil "
                   "mode (F6) they toggle your own marks")
    SLOTS = ("check", "redundant", "rate", "suggest", "candidates")
    BINDINGS = [
        *STEPPER_KEYS,
        Binding("f5", "candidates", "Candidates"),
        Binding("f4", "true_candidates", "True candidates"),
        Binding("f6", "pencil", "Pencil", show=False),
        Binding("ctrl+r", "reveal", "Solution"),
        Binding("ctrl+u", "make_unique", "Make unique", show=False),
        Binding("f3", "symmetry", "Symmetry", show=False),
    ]

    showing = var(0, init=False)  # the solution shown in the grid: 0 none, 1 or 2
    candidates_view = var(False, init=False)  # pencil marks in every empty cell
    pencil = var(False, init=False)  # typing toggles the author's own marks
    symmetry = var("none", init=False)  # a given's partners are filled from a solution

    def __init__(self, puzzle: sudoku.Puzzle, path: str | None = None,
                 saved_text: str | None = None, recovery: str | None = None) -> None:
        super().__init__(puzzle, path, saved_text, recovery)
        # symmetric editing: (the puzzle a given was typed into, its partners still empty),
        # filled from a solution when that puzzle's check returns
        self.pending: tuple[object, frozenset[int]] = (None, frozenset())
        # (puzzle, the givens that would make it unique: () none found, or the Failed of the
        # search)
        self.suggestions: tuple[object, tuple | Failed | None] = (None, None)
        self.own_marks: dict[int, int] = {}  # the author's pencil marks, by cell

    # --- layout and title ------------------------------------------------------------------

    @property
    def grid(self) -> SudokuGrid:
        return self.query_one(SudokuGrid)

    def describe(self) -> str:
        n = self.puzzle.size
        mode = " · pencil marks" if self.pencil else ""
        # the givens' own symmetry, and the editing mode (F3) when it is on: said apart
        pattern = "" if not self.puzzle.clue_count else (
            f" · givens {symmetry_of(self.puzzle).replace('none', 'not symmetric')}")
        editing = "" if self.symmetry == "none" else f" · symmetric editing {self.symmetry}"
        return f"Sudoku {n}x{n}{pattern}{editing}{mode}"

    # --- editing ---------------------------------------------------------------------------

    def entered(self, cell: int, value: int) -> sudoku.Puzzle | None:
        """A symbol typed (0: cleared): a given, its symmetric partners left for the check's
        solution to fill (cleared with it); in pencil mode, the author's mark toggled
        instead (clearing drops the cell's marks)."""
        if self.pencil:
            self.toggle_mark(cell, value)
            return None
        givens = list(self.puzzle.givens)
        givens[cell] = value
        pending = set()
        for p in self.partners(cell):
            if value == 0:
                givens[p] = 0
            elif not givens[p]:
                pending.add(p)
        puzzle = self.puzzle.with_givens(givens)
        self.pending = (puzzle, frozenset(pending))
        return puzzle

    def toggle_mark(self, cell: int, value: int) -> None:
        if self.puzzle.givens[cell]:
            return
        mask = 0 if value == 0 else self.own_marks.get(cell, 0) ^ 1 << (value - 1)
        if mask:
            self.own_marks[cell] = mask
        else:
            self.own_marks.pop(cell, None)
        self.candidates_view = True
        self.show_grid()

    def filled_with(self, puzzle):
        """A pasted Sudoku of this size: its givens."""
        if isinstance(puzzle, sudoku.Puzzle) and puzzle.size == self.puzzle.size:
            return self.puzzle.with_givens(puzzle.givens)
        return None

    def partners(self, cell: int) -> list[int]:
        if self.symmetry == "none":
            return []
        orbit = next(o for o in orbits(self.puzzle.size, self.symmetry) if cell in o)
        return [c for c in orbit if c != cell]

    def new_document(self) -> None:
        self.own_marks.clear()

    @property
    def suggested(self) -> tuple | Failed | None:
        """Givens that would make the puzzle shown unique: None not known yet, () none found,
        or the Failed of the search."""
        puzzle, suggested = self.suggestions
        return suggested if puzzle is self.puzzle else None

    def show_puzzle(self) -> None:
        self.show_grid()

    # --- the check -------------------------------------------------------------------------

    def checked(self) -> None:
        if self.found == 1:
            self.look_for_redundant()
            known = self.known_rating()
            if known is not None:
                self.last_rating = known
                self.show_rating()
            else:
                self.run_rating()
        else:
            self.status.set_difficulty(self.difficulty())
            self.show_step()
            if self.found and self.found >= 2:
                self.run_suggestions()

    def completed(self, result) -> sudoku.Puzzle | None:
        """Symmetric editing: the partners of the given typed, from a solution."""
        puzzle, cells = self.pending
        solution = result.count.solution if isinstance(result, Checked) else None
        if puzzle is not self.puzzle or not cells or solution is None:
            return None
        self.pending = (None, frozenset())
        givens = list(self.puzzle.givens)
        for cell in cells:
            if not givens[cell]:
                givens[cell] = solution[cell]
        return self.puzzle.with_givens(givens)

    def several_text(self) -> str:
        shown = (f"showing solution {self.showing} of 2 (ctrl+r: the other)" if self.showing
                 else "ctrl+r shows both solutions in turn")
        givens = plural(self.puzzle.clue_count, "given")
        text = f"{self.verdict().where(PANEL_NAMES)} (highlighted); {shown}; {givens}"
        if isinstance(self.suggested, tuple) and self.suggested:
            options = ["; ".join(f"{sudoku.cell_name(c, self.puzzle.size)}="
                                 f"{sudoku.SYMBOLS[v - 1]}" for c, v in added)
                       for added in self.suggested]
            text += "\nmake it unique by adding " + " or ".join(options[:4]) + (
                "\n(ctrl+u adds the first)")
        elif self.suggested == ():
            text += f"\n{NONE_SUGGESTED}"
        return text

    def show_grid(self) -> None:
        """The puzzle, the check's highlights, the solution asked for, and the candidates
        view or the stepper's board."""
        result = self.last_check.count if isinstance(self.last_check, Checked) else None
        found = result.count if result else 0
        solution = None
        if self.showing and result and result.solutions:
            solution = result.solutions[min(self.showing, len(result.solutions)) - 1]
        redundant = self.redundant_givens() if found == 1 else ()
        self.grid.show(self.puzzle, clashes={c for pair in result.clashes for c in pair}
                       if result else (), differs=result.differs if found >= 2 else (),
                       redundant=redundant, solution=solution, marks=self.marks())

    def marks(self) -> Marks:
        stepping = self.stepper_boards()
        if stepping:
            boards, steps, at = stepping
            before, step = boards[at], steps[at]
            return Marks(list(before.candidates), {}, before.values,
                         frozenset(step_cells(step, before, self.puzzle.shape)),
                         frozenset(c for c, _ in step.placements), frozenset(step.eliminations))
        if self.true_view.on:  # the pencil marks until the true candidates come
            true = self.true_view.now()
            computed = [sum(1 << (v - 1) for v in true.digits(c)) for c in range(
                len(self.puzzle.givens))] if true else candidates(self.puzzle)
            return Marks(computed, dict(self.own_marks), true=true)
        if not self.candidates_view:
            return Marks()
        return Marks(candidates(self.puzzle), dict(self.own_marks))

    def action_reveal(self) -> None:
        """Cycle: no solution shown, the first, the second (when there are several)."""
        several = bool(self.found and self.found >= 2)
        self.showing = (self.showing + 1) % (3 if several else 2)

    def watch_showing(self) -> None:
        if self.last_check is not None:
            self.show_check()

    def run_suggestions(self) -> None:
        puzzle = self.puzzle

        def found(suggested) -> None:
            self.suggestions = (puzzle, suggested)
            if isinstance(suggested, tuple) and self.found and self.found >= 2:
                self.status.set_uniqueness(self.verdict().headline(), SEVERAL,
                                           self.several_text())
        self.live.start("suggest", jobs.making_unique, self.family.name, self.puzzle,
                        self.context(), then=found)

    def action_make_unique(self) -> None:
        """Add the first suggested givens (one step to undo); when there is none, why."""
        if not (isinstance(self.suggested, tuple) and self.suggested):
            self.say(self.why_no_suggestion())
            return
        givens = list(self.puzzle.givens)
        for cell, v in self.suggested[0]:
            givens[cell] = v
        self.set_puzzle(self.puzzle.with_givens(givens))

    def why_no_suggestion(self) -> str:
        """What ctrl+u says when it has nothing to add, in the panel's own terms."""
        found, suggested = self.found, self.suggested
        if found is None:
            return "nothing to add yet: the puzzle is still being checked"
        if found == 1:
            return "nothing to add: the puzzle is unique"
        if found == 0:
            return "nothing to add: the puzzle has no solution (givens added cannot help)"
        if isinstance(suggested, Failed):
            return (f"no suggestion: {suggested.error}" if suggested.error else
                    "no suggestion: the search was stopped (edit to look again)")
        if suggested is None:
            return "several solutions: still looking for givens that make it unique…"
        return f"several solutions: {NONE_SUGGESTED}"

    # --- difficulty and the stepper --------------------------------------------------------

    def run_rating(self) -> None:
        def rated(result) -> None:
            self.last_rating = result
            self.show_rating()
        self.rate(rated)

    def show_rating(self) -> None:
        rating = self.last_rating
        if rating is None or LiveCheck.stopped(rating):
            return
        if isinstance(rating, Failed):
            self.status.set_difficulty(rating.error)
            return
        used = "\n".join(f"  {name} ×{times}" for name, times in rating.techniques.items())
        self.status.set_difficulty(self.difficulty(rating), used, self.walkthrough_text(rating))
        self.status.follow("#walkthrough", "▶" if self.step_at is not None else None)
        self.show_step()

    def walkthrough_text(self, rating) -> str:
        """The walkthrough around the stepper's step, or how to start the stepper."""
        return walkthrough_window(rating, self.step_at)

    # --- views and modes -------------------------------------------------------------------

    def commands(self):
        return super().commands() + [
            ("Candidates", "Show or hide the pencil marks in every empty cell (F5)",
             self.action_candidates),
            ("Pencil marks mode", "Typing toggles your own pencil marks, or sets givens (F6)",
             self.action_pencil),
            ("Clear pencil marks", "Drop all your own pencil marks", self.action_clear_marks),
            ("Make unique", "Add the first suggested givens that leave one solution (ctrl+u)",
             self.action_make_unique),
            ("Symmetry", "Cycle symmetric editing: partners of a given are filled (F3)",
             self.action_symmetry),
        ]

    def action_candidates(self) -> None:
        self.candidates_view = not self.candidates_view

    def watch_candidates_view(self) -> None:
        self.show_grid()
        # the grid grows or shrinks threefold: keep the cursor on screen (80x24)
        self.grid.call_after_refresh(self.grid.scroll_to_cursor)

    def action_pencil(self) -> None:
        """Typing sets the author's own pencil marks (Delete clears a cell's) or givens."""
        self.pencil = not self.pencil

    def watch_pencil(self, pencil: bool) -> None:
        if pencil:
            self.candidates_view = True
        self.update_title()
        self.show_grid()
        self.say("pencil marks: typing toggles a mark" if pencil
                 else "givens: typing sets a given")

    def action_clear_marks(self) -> None:
        self.own_marks.clear()
        self.show_grid()

    def action_symmetry(self) -> None:
        self.symmetry = SYMMETRIES[(SYMMETRIES.index(self.symmetry) + 1) % len(SYMMETRIES)]

    def watch_symmetry(self, symmetry: str) -> None:
        self.update_title()
        self.say(f"symmetric editing: {symmetry}")
