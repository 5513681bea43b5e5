"""What every puzzle editor shares: the file it edits (atomic saves, recovery copy, the question
before unsaved work is dropped), the debounced live check in the process pool, and export.
A family's editor adds its grid, its check, and how it shows the answer."""

from __future__ import annotations

import asyncio
import os
from dataclasses import dataclass
from pathlib import Path

from textual import work
from textual.binding import Binding
from textual.screen import Screen

from core import jobs, kinds
from core.family import Checked, Context, Failed, Family
from core.files import atomic_write, read_text
from tui import storage
from tui.screens.dialogs import Choice, PathPrompt
from tui.widgets.status_panel import StatusPanel

DEBOUNCE = 0.15  # seconds between the last keystroke and the check it starts
TITLE_AFTER = 0.08  # seconds: the title follows an edit once the grid has been drawn
CHECKS_KEPT = 500  # check results remembered by puzzle state (undo shows them at once)


def plural(n: int, noun: str) -> str:
    """1 given, 2 givens."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


@dataclass(frozen=True)
class State:
    """One step of the undo history: the puzzle, and the file it belongs to."""

    puzzle: object
    path: str | None
    saved_text: str | None
    recovery: str


def load_puzzle(path: str) -> tuple[Family, object]:
    """(family, puzzle) of a file; InputError or ParseError (with line and column) if it holds
    no puzzle of any family."""
    return kinds.parse(read_text(path))


def disk_stamp(path: str | None) -> tuple[int, int] | None:
    """(modification time, size) of a file, None when there is none: a change means someone
    else wrote it."""
    try:
        info = os.stat(path) if path else None
    except OSError:
        return None
    return (info.st_mtime_ns, info.st_size) if info else None


class PuzzleEditor(Screen):
    """Subclasses set `family` and implement compose, `show_puzzle`, `show_check` and
    `generator`; the puzzle is an immutable model of the family."""

    family: Family
    # the family's app-side entry (tui/families.py): its empty puzzles, (what it is, how to
    # make one), its grid widget and what typing does beyond BINDINGS (the help screen)
    new_puzzles: tuple[tuple[str, object], ...] = ()
    grid_widget: type | None = None
    typing_help = ""
    export_style = ("line", "one-line text")  # the family's format style, and its name
    with_redundant = False  # the live check also finds the givens that could go
    BINDINGS = [
        Binding("ctrl+s", "save", "Save"),
        Binding("f2", "save_as", "Save as", show=False),
        Binding("ctrl+o", "open", "Open", show=False),
        Binding("ctrl+g", "generate", "Generate", show=False),
        Binding("ctrl+e", "export", "Export"),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+y,ctrl+shift+z", "redo", "Redo", show=False),
        Binding("escape", "cancel_check", "Cancel check", show=False),
    ]
    SLOTS = ("check",)  # pool slots this editor's checks run in

    def __init__(self, puzzle, path: str | None = None, saved_text: str | None = None) -> None:
        super().__init__()
        self.puzzle = puzzle
        self.path = path
        self.saved_text = saved_text if saved_text is not None else (
            self.text() if path else None)
        self.recovery = storage.recovery_key(path)  # the name of this puzzle's safety copy
        self.disk_stamp = disk_stamp(path)  # the file as opened: saving checks it is unchanged
        self.last_check: Checked | Failed | None = None  # the check of the puzzle shown
        self.checks: dict[tuple, Checked] = {}  # finished checks by (puzzle, context)
        self.checking = False  # a check runs in the pool now
        self.reveal = False  # the answer shown in the grid
        self._debounce = None
        self._title_timer = None
        self.history = [self.state()]  # every author action, for undo and redo
        self.at = 0  # the history's step shown

    @classmethod
    def cannot_edit(cls, puzzle) -> str | None:
        """Why this editor cannot show the puzzle, or None."""
        return None

    @property
    def found(self) -> int | None:
        """Solutions the last finished check found (None: no finished check)."""
        return self.last_check.count.count if isinstance(self.last_check, Checked) else None

    def context(self) -> Context:
        """What the family's count needs beyond the puzzle (a ナンクロ dictionary)."""
        return Context()

    def text(self, puzzle=None) -> str:
        return self.family.format(puzzle or self.puzzle)

    @property
    def dirty(self) -> bool:
        return self.saved_text != self.text()

    def on_mount(self) -> None:
        self.history[0] = self.state()  # as the app set it up (its recovery copy's name)
        self.update_title()
        self.schedule_check(now=True)

    def update_title(self) -> None:
        name = Path(self.path).name if self.path else "untitled"
        self.title = f"{name}{' •' if self.dirty else ''}"
        self.sub_title = self.describe()

    def describe(self) -> str:
        return self.family.title

    def set_puzzle(self, puzzle, *, path: str | None = None, saved_text: str | None = None,
                   replace: bool = False, recovery: str | None = None,
                   same_step: bool = False) -> None:
        """Show a new state of the puzzle: an edit, or a whole new puzzle with `replace` (a
        file or a generated puzzle). Each is a step of the undo history, or finishes the last
        one with `same_step` (a symmetric edit's partners)."""
        self.puzzle = puzzle
        if replace:
            self.path, self.saved_text = path, saved_text
            self.recovery = recovery or storage.recovery_key(path)
            self.disk_stamp = disk_stamp(path)
        if same_step:
            self.history[self.at] = self.state()
        else:
            del self.history[self.at + 1:]
            self.history.append(self.state())
            self.at += 1
        self.shown()

    def state(self) -> State:
        return State(self.puzzle, self.path, self.saved_text, self.recovery)

    def shown(self) -> None:
        """The puzzle changed (an edit, undo or redo): show it, and its check. The title
        follows after the grid is drawn: a new title lays the screen out anew, and the key
        should not wait for that."""
        self.show_puzzle()
        if self._title_timer is not None:
            self._title_timer.stop()
        self._title_timer = self.set_timer(TITLE_AFTER, self.update_title)
        known = self.checks.get((self.puzzle, self.context()))
        if known is not None:  # a state checked before: no need to count again
            self.schedule_check(cancel_only=True)
            self.last_check = known
            self.show_check()
            self.checked()
        else:
            self.schedule_check()
        if self.dirty:
            self.keep_safety_copy()

    def commands(self) -> list[tuple[str, str, object]]:
        """The command palette's entries for this editor: (title, what it does, action)."""
        return [
            ("Undo", "Take back the last edit (ctrl+z)", self.action_undo),
            ("Redo", "Do again what was taken back (ctrl+y)", self.action_redo),
            ("Save", "Save the puzzle (ctrl+s)", self.action_save),
            ("Save as", "Save the puzzle under another name (F2)", self.action_save_as),
            ("Export", "Write the puzzle as PDF, SVG, ipuz or "
             f"{self.export_style[1]}: the file name picks (ctrl+e)", self.action_export),
            ("Show solution", "Show or hide the solution in the grid (ctrl+r)",
             self.action_reveal),
            ("Cancel check", "Stop the check that is running (Esc)", self.action_cancel_check),
        ]

    def action_undo(self) -> None:
        self.go_to(self.at - 1)

    def action_redo(self) -> None:
        self.go_to(self.at + 1)

    def go_to(self, at: int) -> None:
        if not 0 <= at < len(self.history):
            self.notify("nothing to undo" if at < 0 else "nothing to redo", timeout=2)
            return
        self.at = at
        state = self.history[at]
        if state.path != self.path:
            self.disk_stamp = disk_stamp(state.path)
        self.puzzle, self.path = state.puzzle, state.path
        self.saved_text, self.recovery = state.saved_text, state.recovery
        self.restored()
        self.shown()

    def restored(self) -> None:
        """Undo or redo changed the puzzle: forget what belonged to the step left."""

    def keep_safety_copy(self) -> None:
        """The unsaved puzzle in its recovery file; an unwritable state folder is said once."""
        try:
            storage.save_recovery(self.recovery, self.text(), self.path)
        except storage.StorageError as error:
            self.app.warn_storage(error)

    def show_puzzle(self) -> None:
        raise NotImplementedError

    @property
    def status(self) -> StatusPanel:
        return self.query_one(StatusPanel)

    def show_check(self) -> None:
        """Show `last_check` in the status panel and the grid."""
        raise NotImplementedError

    def check_failed(self) -> bool:
        """Say so when the check did not count (a failure, or cancelled)."""
        result = self.last_check
        if isinstance(result, Checked):
            return False
        if result is None or result.stopped:
            self.status.set_uniqueness("check cancelled", "", "")
        else:
            self.status.set_uniqueness(f"cannot check: {result.error}", "none", "")
        return True

    def action_reveal(self) -> None:
        self.reveal = not self.reveal
        if self.last_check is not None:
            self.show_check()

    # --- live check ------------------------------------------------------------------------

    def schedule_check(self, now: bool = False, cancel_only: bool = False) -> None:
        if self._debounce is not None:
            self._debounce.stop()
        for slot in self.SLOTS:
            self.app.pool.cancel(slot)  # the running check is stale already
            self.status.idle(slot)
        self.checking = False
        if cancel_only:
            return
        if now:
            self.run_check()
        else:
            self._debounce = self.set_timer(DEBOUNCE, self.run_check)

    @work(exclusive=True, group="check")
    async def run_check(self) -> None:
        puzzle, context = self.puzzle, self.context()
        self.checking = True
        result = await self.in_pool("check", jobs.check, self.family.name, puzzle, context,
                                    self.with_redundant)
        if result is not None:
            self.checking = False
            self.last_check = result
            if isinstance(result, Checked):
                self.remember_check((puzzle, context), result)
            self.show_check()
            self.checked()

    def remember_check(self, key: tuple, result: Checked) -> None:
        if len(self.checks) >= CHECKS_KEPT:
            del self.checks[next(iter(self.checks))]  # the oldest
        self.checks[key] = result

    def checked(self) -> None:
        """A fresh check result is shown: follow-up work (Sudoku rates a unique puzzle)."""

    async def in_pool(self, slot: str, work_fn, *args):
        """Run `work_fn(slot index, job, *args)` in the process pool; None when an edit or
        Esc superseded it, or the editor closed meanwhile (its widgets may be gone)."""
        pool: jobs.JobPool = self.app.pool
        puzzle = self.puzzle
        index, job = pool.next_job(slot)
        self.status.busy(slot)
        loop = asyncio.get_running_loop()
        result = await loop.run_in_executor(pool.executor, work_fn, index, job, *args)
        if not self.is_attached or not pool.is_live(slot, job) or puzzle != self.puzzle:
            return None
        self.status.idle(slot)
        return result

    async def rated(self, hint: str):
        """This puzzle's rating from the pool; None when an edit or Esc superseded it, or
        when rating failed (the error is shown in the panel, with `hint`)."""
        rating = await self.in_pool("rate", jobs.rate, self.family.name, self.puzzle,
                                    self.context())
        if rating is None or (isinstance(rating, Failed) and rating.stopped):
            return None
        if isinstance(rating, Failed):
            self.status.set_difficulty(rating.error, "", hint)
            return None
        return rating

    async def show_level(self, hint: str) -> None:
        """The rating's level and its first steps in the panel (ナンクロ, arithmetic)."""
        rating = await self.rated(hint)
        if rating is None:
            return
        steps = rating.walkthrough()
        more = f"\n… {len(steps) - 3} more (rate --steps)" if len(steps) > 3 else ""
        self.status.set_difficulty(f"level: {rating.summary()}", "\n".join(steps[:3]) + more,
                                   hint)

    def action_cancel_check(self) -> None:
        """Stop a running check; a finished result stays on screen."""
        if not self.checking:
            return
        self.schedule_check(cancel_only=True)
        self.status.set_uniqueness("check cancelled (edit to check again)", "", "")

    # --- files -----------------------------------------------------------------------------

    def write(self, path: str) -> None:
        text = self.text()
        try:
            atomic_write(path, text)
        except OSError as error:
            self.notify(f"not saved: {path}: {error.strerror or error}", severity="error",
                        timeout=15)
            return
        storage.clear_recovery(self.recovery)
        self.path, self.saved_text = path, text
        self.recovery, self.disk_stamp = storage.recovery_key(path), disk_stamp(path)
        storage.clear_recovery(self.recovery)
        try:
            storage.remember(path)
        except storage.StorageError as error:
            self.app.warn_storage(error)
        self.update_title()
        self.notify(f"saved {path}")

    def action_save(self) -> None:
        if not self.path:
            self.action_save_as()
        elif disk_stamp(self.path) not in (self.disk_stamp, None):
            self.ask_before_overwriting()
        else:
            self.write(self.path)

    def ask_before_overwriting(self) -> None:
        """The file changed on disk since it was opened (another editor, another program)."""
        def answered(answer: str) -> None:
            if answer == "Overwrite it":
                self.write(self.path)
            elif answer == "Save as…":
                self.action_save_as()
        self.app.push_screen(Choice(f"{Path(self.path).name} changed on disk since it was "
                                    "opened or saved here.",
                                    ["Overwrite it", "Save as…", "Cancel"]), answered)

    def action_save_as(self) -> None:
        def chosen(path: str | None) -> None:
            if path:
                self.write(path)
        self.app.push_screen(PathPrompt("Save as", self.path or f"{self.family.name}.txt"),
                             chosen)

    def known_answer(self):
        """The answer from the last check when it proved the puzzle unique, else None."""
        check = self.last_check
        return check.count.solution if isinstance(check, Checked) and check.count.unique else None

    def action_export(self) -> None:
        """The format follows the file name: .ipuz, .svg (and -solution.svg), .pdf, else the
        family's text. The name offered sits beside the puzzle's file."""
        stem = Path(self.path).with_suffix("") if self.path else Path("puzzle")
        self.app.push_screen(PathPrompt("Export to (.pdf .svg .ipuz, or text: "
                                        f"{self.export_style[1]})", f"{stem}.pdf"),
                             self.export_checked)

    def export_checked(self, path: str | None) -> None:
        """Never over the puzzle's own file; an existing file only when the author says so."""
        if not path:
            return
        files = self.exported(path)
        if files is None:
            return
        own = self.path and any(Path(name).resolve() == Path(self.path).resolve()
                                for name in files)
        if own:
            self.notify(f"not exported: {path} is this puzzle's own file (ctrl+s saves it)",
                        severity="error", timeout=10)
            return
        existing = [name for name in files if Path(name).exists()]
        if not existing:
            self.write_export(files)
            return
        self.app.push_screen(Choice(f"{', '.join(existing)} exists already.",
                                    ["Overwrite", "Cancel"]),
                             lambda answer: answer == "Overwrite" and self.write_export(files))

    def exported(self, path: str) -> dict[str, str | bytes] | None:
        """The files an export to `path` writes, by name (None after saying why not)."""
        from core import export

        family, puzzle, answer = self.family, self.puzzle, self.known_answer()
        try:
            if path.endswith(".ipuz"):
                return {path: export.to_ipuz(family, puzzle, answer)}
            if path.endswith(".svg"):
                files = {path: export.export_svg(family, puzzle)}
                if answer is not None:
                    files[path[:-4] + "-solution.svg"] = export.export_svg(family, puzzle, answer)
                return files
            if path.endswith(".pdf"):
                return {path: export.export_pdf([(family, puzzle, answer,
                                                  family.title_of(puzzle))],
                                                per_page=1, title=Path(path).stem)}
            return {path: family.format(puzzle, self.export_style[0])}
        except (ValueError, export.FontMissing) as error:
            self.notify(f"not exported: {error}", severity="error", timeout=10)
            return None

    def write_export(self, files: dict[str, str | bytes]) -> None:
        for name, data in files.items():
            try:
                atomic_write(name, data)
            except OSError as error:
                self.notify(f"not exported: {name}: {error.strerror or error}",
                            severity="error", timeout=10)
                return
        drawn = any(name.endswith((".ipuz", ".svg", ".pdf")) for name in files)
        note = " (no answer: the puzzle is not proven unique)" if (
            drawn and self.known_answer() is None) else ""
        self.notify(f"exported {', '.join(files)}{note}")

    def action_open(self) -> None:
        self.app.action_open()

    def action_generate(self) -> None:
        self.app.generate(self.family.name)

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
                storage.clear_recovery(self.recovery)
                then()
        self.app.push_screen(Choice("This puzzle has unsaved changes.",
                                    ["Save", "Discard", "Cancel"]), answered)
