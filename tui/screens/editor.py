"""What every puzzle editor shares: the file it edits (atomic saves, recovery copy, the question
before unsaved work is dropped), the debounced live check in the process pool, and export.
A family's editor adds its grid, its check, and how it shows the answer."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual import work
from textual.binding import Binding
from textual.screen import Screen

from core import kinds
from core.errors import ParseError
from core.files import InputError, atomic_write, read_text
from tui import storage, workers
from tui.screens.dialogs import Choice, PathPrompt
from tui.widgets.status_panel import StatusPanel

DEBOUNCE = 0.15  # seconds between the last keystroke and the check it starts
FAMILY_NAMES = {"sudoku": "Sudoku", "arith": "masked arithmetic", "numcro": "ナンクロ"}


def load_puzzle(path: str):
    """(kind, puzzle) of a file; InputError or ParseError (with line and column) if it holds
    no puzzle of any family."""
    from core.export import from_ipuz, is_ipuz

    text = read_text(path)
    if is_ipuz(text):
        kind, puzzle = from_ipuz(text)
    else:
        kind = kinds.detect(text)
        puzzle = kinds.family(kind).parse(text)
    if kind == "numcro" and not puzzle.has_grid:
        raise InputError(f"{path}: a ナンクロ given as a list of entries, without its grid: the "
                         f"app edits grids (the command line checks and solves it: "
                         f"puzzle-tui check {path})")
    return kind, puzzle


def problem_with(path: str) -> str | None:
    """Why a file cannot be opened (for the open dialog), or None."""
    try:
        load_puzzle(path)
    except (InputError, ParseError) as error:
        return str(error)
    return None


class PuzzleEditor(Screen):
    """Subclasses set `kind` and implement compose, `show_puzzle`, `check_job`, `show_check`
    and `generator`; the puzzle is an immutable model of the family."""

    kind = ""
    export_style = ("line", "one-line text")  # the family's format style, and its name
    BINDINGS = [
        Binding("ctrl+s", "save", "Save"),
        Binding("f2", "save_as", "Save as"),
        Binding("ctrl+o", "open", "Open"),
        Binding("ctrl+g", "generate", "Generate"),
        Binding("ctrl+e", "export", "Export"),
        Binding("escape", "cancel_check", "Cancel check", show=False),
    ]
    SLOTS = ("check",)  # pool slots this editor's checks run in

    def __init__(self, puzzle, path: str | None = None, saved_text: str | None = None) -> None:
        super().__init__()
        self.puzzle = puzzle
        self.path = path
        self.saved_text = saved_text if saved_text is not None else (
            self.text() if path else None)
        self.last_check: dict = {}  # the worker's answer for the puzzle shown
        self.reveal = False  # the answer shown in the grid
        self._debounce = None

    @property
    def family(self):
        return kinds.family(self.kind)

    def text(self, puzzle=None) -> str:
        return self.family.format(puzzle or self.puzzle)

    @property
    def dirty(self) -> bool:
        return self.saved_text != self.text()

    def on_mount(self) -> None:
        self.update_title()
        self.schedule_check(now=True)

    def update_title(self) -> None:
        name = Path(self.path).name if self.path else "untitled"
        self.title = f"{name}{' •' if self.dirty else ''}"
        self.sub_title = self.describe()

    def describe(self) -> str:
        return FAMILY_NAMES[self.kind]

    def set_puzzle(self, puzzle, *, path: str | None = None, saved_text: str | None = None,
                   replace: bool = False) -> None:
        """Show a new state of the puzzle (an edit, or a whole new puzzle with `replace`)."""
        self.puzzle = puzzle
        if replace:
            self.path, self.saved_text = path, saved_text
        self.show_puzzle()
        self.update_title()
        self.schedule_check()
        if self.dirty:
            storage.save_recovery(self.text(), self.path)

    def show_puzzle(self) -> None:
        raise NotImplementedError

    @property
    def status(self) -> StatusPanel:
        return self.query_one(StatusPanel)

    def show_check(self) -> None:
        """Show `last_check` in the status panel and the grid."""
        raise NotImplementedError

    def check_failed(self, result: dict) -> bool:
        """Say so when the check did not count (a failure, or cancelled)."""
        if "error" in result:
            self.status.set_uniqueness(f"cannot check: {result['error']}", "none", "")
            return True
        if result.get("stopped"):
            self.status.set_uniqueness("check cancelled", "", "")
            return True
        return False

    def action_reveal(self) -> None:
        self.reveal = not self.reveal
        if self.last_check:
            self.show_check()

    # --- live check ------------------------------------------------------------------------

    def schedule_check(self, now: bool = False) -> None:
        if self._debounce is not None:
            self._debounce.stop()
        for slot in self.SLOTS:
            self.app.pool.cancel(slot)  # the running check is stale already
        if now:
            self.run_check()
        else:
            self._debounce = self.set_timer(DEBOUNCE, self.run_check)

    @work(exclusive=True, group="check")
    async def run_check(self) -> None:
        work_fn, *args = self.check_job()
        result = await self.in_pool("check", work_fn, *args)
        if result is not None:
            self.last_check = result
            self.show_check()
            self.checked()

    def check_job(self) -> tuple:
        """(the worker function that checks the puzzle, its arguments after slot and job)."""
        raise NotImplementedError

    def checked(self) -> None:
        """A fresh check result is shown: follow-up work (Sudoku rates a unique puzzle)."""

    async def in_pool(self, slot: str, work_fn, *args) -> dict | None:
        """Run `work_fn(slot index, job, *args)` in the process pool; None when an edit or
        Esc superseded it."""
        pool: workers.JobPool = self.app.pool
        puzzle = self.puzzle
        index, job = pool.next_job(slot)
        self.status.busy(slot)
        loop = asyncio.get_running_loop()
        result = await loop.run_in_executor(pool.executor, work_fn, index, job, *args)
        if not pool.is_live(slot, job) or puzzle != self.puzzle:
            return None
        self.status.idle(slot)
        return result

    def action_cancel_check(self) -> None:
        for slot in self.SLOTS:
            self.app.pool.cancel(slot)
            self.status.idle(slot)
        self.status.set_uniqueness("check cancelled (edit to check again)", "", "")

    # --- files -----------------------------------------------------------------------------

    def write(self, path: str) -> None:
        text = self.text()
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

    def known_answer(self):
        """The answer from the last check when it proved the puzzle unique, else None."""
        check = getattr(self, "last_check", {}) or {}
        if check.get("count") != 1 or not check.get("answer"):
            return None
        answer = check["answer"]
        return tuple(tuple(a) if isinstance(a, list) else a for a in answer)

    def action_export(self) -> None:
        """The format follows the file name: .ipuz, .svg (and -solution.svg), .pdf, else the
        family's text."""
        from core import export

        def chosen(path: str | None) -> None:
            if not path:
                return
            kind, puzzle, answer = self.kind, self.puzzle, self.known_answer()
            files = {}
            try:
                if path.endswith(".ipuz"):
                    files[path] = export.export_ipuz(kind, puzzle, answer)
                elif path.endswith(".svg"):
                    files[path] = export.export_svg(kind, puzzle)
                    if answer is not None:
                        files[path[:-4] + "-solution.svg"] = export.export_svg(kind, puzzle,
                                                                             answer)
                elif path.endswith(".pdf"):
                    files[path] = export.export_pdf(
                        [(kind, puzzle, answer, export.title_of(kind, puzzle))], per_page=1,
                        title=Path(path).stem)
                else:
                    files[path] = self.family.format(puzzle, self.export_style[0])
                for name, data in files.items():
                    atomic_write(name, data)
            except (OSError, export.FontMissing) as error:
                self.notify(f"not exported: {getattr(error, 'strerror', None) or error}",
                            severity="error", timeout=10)
                return
            drawn = path.endswith((".ipuz", ".svg", ".pdf"))
            note = " (no answer: the puzzle is not proven unique)" if (
                drawn and answer is None) else ""
            self.notify(f"exported {', '.join(files)}{note}")
        self.app.push_screen(PathPrompt("Export to (.pdf .svg .ipuz, or text: "
                                        f"{self.export_style[1]})"), chosen)

    def action_open(self) -> None:
        self.app.action_open()

    def action_generate(self) -> None:
        def generated(puzzle) -> None:
            if puzzle is not None:
                self.confirm_discard(lambda: self.set_puzzle(puzzle, replace=True))
        self.app.push_screen(self.generator(), generated)

    def generator(self):
        raise NotImplementedError

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
