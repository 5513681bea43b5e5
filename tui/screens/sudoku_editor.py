"""The Sudoku editor: the grid, and a side panel that says after every edit whether the puzzle
has exactly one solution, where two solutions differ, and how hard it is."""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Footer, Header

from core import jobs, sudoku
from core.family import Failed
from core.sudoku.family import SUDOKU
from core.symmetry import SYMMETRIES, orbits
from tui.screens.editor import PuzzleEditor
from tui.widgets.status_panel import StatusPanel
from tui.widgets.sudoku_grid import SudokuGrid


class SudokuEditor(PuzzleEditor):
    family = SUDOKU
    with_redundant = True
    SLOTS = ("check", "rate")
    BINDINGS = [
        Binding("ctrl+t", "walkthrough", "Steps"),
        Binding("ctrl+y", "symmetry", "Symmetry"),
        Binding("ctrl+r", "reveal", "Solution"),
    ]
    CSS = """
    SudokuEditor Horizontal { height: 1fr; }
    SudokuEditor SudokuGrid { margin: 1 2; }
    """

    def __init__(self, puzzle: sudoku.Puzzle, path: str | None = None,
                 saved_text: str | None = None) -> None:
        super().__init__(puzzle, path, saved_text)
        self.symmetry = "none"
        self.pending_partners: set[int] = set()
        self.show_steps = False
        self.last_rating = None  # the rating of the puzzle shown (or Failed)

    # --- layout and title ------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            yield SudokuGrid(self.puzzle, id="grid")
            yield StatusPanel(id="status")
        yield Footer()

    def on_mount(self) -> None:
        self.grid.focus()
        super().on_mount()

    @property
    def grid(self) -> SudokuGrid:
        return self.query_one(SudokuGrid)

    def describe(self) -> str:
        n = self.puzzle.size
        return f"Sudoku {n}x{n} · {self.puzzle.clue_count} givens · symmetry {self.symmetry}"

    # --- editing ---------------------------------------------------------------------------

    def on_sudoku_grid_edited(self, event: SudokuGrid.Edited) -> None:
        givens = list(self.puzzle.givens)
        givens[event.cell] = event.value
        partners = self.partners(event.cell)
        for p in partners:
            if event.value == 0:
                givens[p] = 0
                self.pending_partners.discard(p)
            elif not givens[p]:
                self.pending_partners.add(p)  # filled from a solution when the check returns
        if event.value == 0:
            self.pending_partners.discard(event.cell)
        self.set_puzzle(self.puzzle.with_givens(givens))

    def partners(self, cell: int) -> list[int]:
        if self.symmetry == "none":
            return []
        orbit = next(o for o in orbits(self.puzzle.size, self.symmetry) if cell in o)
        return [c for c in orbit if c != cell]

    def set_puzzle(self, puzzle: sudoku.Puzzle, *, path: str | None = None,
                   saved_text: str | None = None, replace: bool = False) -> None:
        if replace:
            self.pending_partners.clear()
        self.last_check, self.last_rating = None, None
        super().set_puzzle(puzzle, path=path, saved_text=saved_text, replace=replace)

    def show_puzzle(self) -> None:
        self.grid.show(self.puzzle)

    # --- live check ------------------------------------------------------------------------

    def checked(self) -> None:
        if self.found == 1:
            self.run_rating()
        else:
            self.status.set_difficulty("— (rated once the puzzle is unique)")

    def show_check(self) -> None:
        if self.check_failed():
            return
        result, redundant = self.last_check.count, self.last_check.redundant
        n = self.puzzle.size
        solution = result.solution
        if self.pending_partners and solution:
            self.fill_partners(solution)
            return
        found = result.count
        clash_cells = {c for pair in result.clashes for c in pair}
        if found == 1:
            extra = (f"{len(redundant)} redundant givens (underlined): removing any one keeps it "
                     f"unique" if redundant else "minimal: every given is needed")
            self.status.set_uniqueness("✓ unique", "unique", extra)
        elif found == 0:
            pairs = [" and ".join(sudoku.cell_name(c, n) for c in pair) for pair in
                     result.clashes]
            details = ("clashing givens: " + "; ".join(pairs)) if pairs else (
                "the givens contradict each other")
            self.status.set_uniqueness("✗ no solution", "none", details)
        else:
            cells = ", ".join(sudoku.cell_name(c, n) for c in result.differs)
            self.status.set_uniqueness("⚠ several solutions", "several",
                                       f"two solutions differ in {cells} (highlighted)")
        self.grid.show(self.puzzle, clashes=clash_cells,
                       differs=result.differs if found >= 2 else (),
                       redundant=redundant,
                       solution=solution if self.reveal and found >= 1 else None)

    def fill_partners(self, solution: list[int]) -> None:
        """Symmetric editing: partners of a new given take their value from a solution."""
        givens = list(self.puzzle.givens)
        for cell in self.pending_partners:
            if not givens[cell]:
                givens[cell] = solution[cell]
        self.pending_partners.clear()
        self.set_puzzle(self.puzzle.with_givens(givens))

    @work(exclusive=True, group="rate")
    async def run_rating(self) -> None:
        result = await self.in_pool("rate", jobs.rate, self.family.name, self.puzzle,
                                    self.context())
        if result is not None:
            self.last_rating = result
            self.show_rating()

    def show_rating(self) -> None:
        rating = self.last_rating
        if rating is None or (isinstance(rating, Failed) and rating.stopped):
            return
        if isinstance(rating, Failed):
            self.status.set_difficulty(rating.error)
            return
        headline = f"{rating.level} (score {rating.score:.1f}), hardest: {rating.hardest}"
        used = "\n".join(f"  {name} ×{times}" for name, times in rating.techniques.items())
        if self.show_steps:
            steps = "\n".join(rating.walkthrough())
        else:
            steps = "ctrl+t shows the steps"
        self.status.set_difficulty(headline, used, steps)

    def action_walkthrough(self) -> None:
        self.show_steps = not self.show_steps
        self.show_rating()

    def action_symmetry(self) -> None:
        self.symmetry = SYMMETRIES[(SYMMETRIES.index(self.symmetry) + 1) % len(SYMMETRIES)]
        self.update_title()
        self.notify(f"symmetric editing: {self.symmetry}")
