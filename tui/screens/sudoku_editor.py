"""The Sudoku editor: the grid, and a side panel that says after every edit whether the puzzle
has exactly one solution, where two solutions differ, and how hard it is."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer, Header

from core import kinds, sudoku
from core.errors import ParseError
from core.files import InputError, atomic_write, read_text
from core.symmetry import SYMMETRIES, orbits
from tui import storage, workers
from tui.screens.dialogs import Choice, GenerateSudoku, PathPrompt
from tui.widgets.status_panel import StatusPanel
from tui.widgets.sudoku_grid import SudokuGrid

DEBOUNCE = 0.15  # seconds between the last keystroke and the check it starts


def load_sudoku(path: str) -> sudoku.Puzzle:
    """The puzzle in a file; InputError or ParseError (with line and column) if it is not one."""
    text = read_text(path)
    kind = kinds.detect(text)
    if kind != "sudoku":
        family = {"arith": "masked arithmetic (虫食算, 覆面算)", "numcro": "ナンクロ"}[kind]
        raise InputError(f"{path}: {family}; the app edits Sudoku so far (the command line "
                         f"checks and solves it: puzzle-tui check {path})")
    return sudoku.parse(text)


def problem_with(path: str) -> str | None:
    """Why a file cannot be opened (for the open dialog), or None."""
    try:
        load_sudoku(path)
    except (InputError, ParseError) as error:
        return str(error)
    return None


class SudokuEditor(Screen):
    BINDINGS = [
        Binding("ctrl+s", "save", "Save"),
        Binding("f2", "save_as", "Save as"),
        Binding("ctrl+o", "open", "Open"),
        Binding("ctrl+g", "generate", "Generate"),
        Binding("ctrl+e", "export", "Export"),
        Binding("ctrl+t", "walkthrough", "Steps"),
        Binding("ctrl+y", "symmetry", "Symmetry"),
        Binding("ctrl+r", "reveal", "Solution"),
        Binding("escape", "cancel_check", "Cancel check", show=False),
    ]
    CSS = """
    SudokuEditor Horizontal { height: 1fr; }
    SudokuEditor SudokuGrid { margin: 1 2; }
    """

    def __init__(self, puzzle: sudoku.Puzzle, path: str | None = None,
                 saved_text: str | None = None) -> None:
        super().__init__()
        self.puzzle = puzzle
        self.path = path
        self.saved_text = saved_text if saved_text is not None else (
            sudoku.format(puzzle) if path else None)
        self.symmetry = "none"
        self.pending_partners: set[int] = set()
        self.show_steps = False
        self.reveal = False
        self.last_check: dict = {}
        self.last_rating: dict = {}
        self._debounce = None

    # --- layout and title ------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            yield SudokuGrid(self.puzzle, id="grid")
            yield StatusPanel(id="status")
        yield Footer()

    def on_mount(self) -> None:
        self.grid.focus()
        self.update_title()
        self.schedule_check(now=True)

    @property
    def grid(self) -> SudokuGrid:
        return self.query_one(SudokuGrid)

    @property
    def status(self) -> StatusPanel:
        return self.query_one(StatusPanel)

    @property
    def dirty(self) -> bool:
        return self.saved_text != sudoku.format(self.puzzle)

    def update_title(self) -> None:
        name = Path(self.path).name if self.path else "untitled"
        n = self.puzzle.size
        self.title = f"{name}{' •' if self.dirty else ''}"
        self.sub_title = (f"Sudoku {n}x{n} · {self.puzzle.clue_count} givens · "
                          f"symmetry {self.symmetry}")

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
        """Show a new state of the puzzle (an edit, or a whole new puzzle with `replace`)."""
        self.puzzle = puzzle
        if replace:
            self.path, self.saved_text = path, saved_text
            self.pending_partners.clear()
        self.last_check, self.last_rating = {}, {}
        self.grid.show(puzzle)
        self.update_title()
        self.schedule_check()
        if self.dirty:
            storage.save_recovery(sudoku.format(puzzle), self.path)

    # --- live check ------------------------------------------------------------------------

    def schedule_check(self, now: bool = False) -> None:
        if self._debounce is not None:
            self._debounce.stop()
        self.app.pool.cancel("check")  # the running check is stale already
        self.app.pool.cancel("rate")
        if now:
            self.run_check()
        else:
            self._debounce = self.set_timer(DEBOUNCE, self.run_check)

    async def in_pool(self, slot: str, work_fn) -> dict | None:
        """Run a check of the current puzzle in the process pool; None when an edit or Esc
        superseded it."""
        pool: workers.JobPool = self.app.pool
        puzzle = self.puzzle
        index, job = pool.next_job(slot)
        self.status.busy(slot)
        loop = asyncio.get_running_loop()
        result = await loop.run_in_executor(pool.executor, work_fn, index, job, puzzle.size,
                                            puzzle.givens)
        if not pool.is_live(slot, job) or puzzle != self.puzzle:
            return None
        self.status.idle(slot)
        return result

    @work(exclusive=True, group="check")
    async def run_check(self) -> None:
        result = await self.in_pool("check", workers.check_sudoku)
        if result is None:
            return
        self.show_check(result)
        if result.get("count") == 1:
            self.run_rating()
        else:
            self.status.set_difficulty("— (rated once the puzzle is unique)")

    def show_check(self, result: dict) -> None:
        self.last_check = result
        n = self.puzzle.size
        if "error" in result:
            self.status.set_uniqueness(f"check failed: {result['error']}", "none", "")
            return
        if result.get("stopped"):
            self.status.set_uniqueness("check cancelled", "", "")
            return
        solution = result["solution"]
        if self.pending_partners and solution:
            self.fill_partners(solution)
            return
        found = result["count"]
        clash_cells = {c for pair in result["clashes"] for c in pair}
        if found == 1:
            redundant = result["redundant"]
            extra = (f"{len(redundant)} redundant givens (underlined): removing any one keeps it "
                     f"unique" if redundant else "minimal: every given is needed")
            self.status.set_uniqueness("✓ unique", "unique", extra)
        elif found == 0:
            pairs = [" and ".join(sudoku.cell_name(c, n) for c in pair) for pair in
                     result["clashes"]]
            details = ("clashing givens: " + "; ".join(pairs)) if pairs else (
                "the givens contradict each other")
            self.status.set_uniqueness("✗ no solution", "none", details)
        else:
            cells = ", ".join(sudoku.cell_name(c, n) for c in result["differs"])
            self.status.set_uniqueness("⚠ several solutions", "several",
                                       f"two solutions differ in {cells} (highlighted)")
        self.grid.show(self.puzzle, clashes=clash_cells,
                       differs=result["differs"] if found >= 2 else (),
                       redundant=result["redundant"],
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
        result = await self.in_pool("rate", workers.rate_sudoku)
        if result is not None:
            self.last_rating = result
            self.show_rating()

    def show_rating(self) -> None:
        result = self.last_rating
        if not result or result.get("stopped"):
            return
        if "error" in result:
            self.status.set_difficulty(result["error"])
            return
        headline = f"{result['level']} (score {result['score']:.1f}), hardest: {result['hardest']}"
        used = "\n".join(f"  {name} ×{times}" for name, times in result["techniques"].items())
        if self.show_steps:
            steps = "\n".join(f"{i:3}. {text}" for i, text in enumerate(result["steps"], 1))
            if not result["solved"]:
                steps += "\n     stuck: no technique applies; the rest needs guessing"
        else:
            steps = "ctrl+t shows the steps"
        self.status.set_difficulty(headline, used, steps)

    def action_cancel_check(self) -> None:
        self.app.pool.cancel("check")
        self.app.pool.cancel("rate")
        self.status.idle("check")
        self.status.idle("rate")
        self.status.set_uniqueness("check cancelled (edit to check again)", "", "")

    def action_walkthrough(self) -> None:
        self.show_steps = not self.show_steps
        self.show_rating()

    def action_reveal(self) -> None:
        self.reveal = not self.reveal
        if self.last_check:
            self.show_check(self.last_check)

    def action_symmetry(self) -> None:
        self.symmetry = SYMMETRIES[(SYMMETRIES.index(self.symmetry) + 1) % len(SYMMETRIES)]
        self.update_title()
        self.notify(f"symmetric editing: {self.symmetry}")

    # --- files -----------------------------------------------------------------------------

    def write(self, path: str) -> None:
        text = sudoku.format(self.puzzle)
        try:
            atomic_write(path, text)
        except OSError as error:
            self.notify(f"not saved: {error.strerror or error}", severity="error")
            return
        self.path, self.saved_text = path, text
        storage.clear_recovery()
        storage.remember(path)
        self.update_title()
        self.notify(f"saved {path}")

    def action_save(self) -> None:
        if self.path:
            self.write(self.path)
        else:
            self.action_save_as()

    def action_save_as(self) -> None:
        def chosen(path: str | None) -> None:
            if path:
                self.write(path)
        self.app.push_screen(PathPrompt("Save as", self.path or ""), chosen)

    def action_export(self) -> None:
        def chosen(path: str | None) -> None:
            if path:
                try:
                    atomic_write(path, sudoku.format(self.puzzle, "line"))
                    self.notify(f"exported {path} (one line)")
                except OSError as error:
                    self.notify(f"not exported: {error.strerror or error}", severity="error")
        self.app.push_screen(PathPrompt("Export as one-line text to"), chosen)

    def action_open(self) -> None:
        self.app.action_open()

    def action_generate(self) -> None:
        def generated(puzzle: sudoku.Puzzle | None) -> None:
            if puzzle is not None:
                self.confirm_discard(lambda: self.set_puzzle(puzzle, replace=True))
        self.app.push_screen(GenerateSudoku(), generated)

    def confirm_discard(self, then) -> None:
        """Run `then` once unsaved changes are saved or knowingly dropped."""
        if not self.dirty:
            then()
            return

        def answered(answer: str) -> None:
            if answer == "Save":
                self.action_save()
                if not self.dirty:
                    then()
            elif answer == "Discard":
                storage.clear_recovery()
                then()
        self.app.push_screen(Choice("This puzzle has unsaved changes.",
                                    ["Save", "Discard", "Cancel"]), answered)
