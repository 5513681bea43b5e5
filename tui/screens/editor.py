"""What every puzzle editor shares, put together from three parts: the undo history
(tui/history.py), the document and its file (tui/session.py: save, recovery copy, export)
and the live check (tui/live_check.py: the pool's jobs and their typed results). This screen
asks the author (dialogs), shows notices, and keeps the title. A family's editor adds its
panes (grid and panel), its check's words, and how it shows the answer; its view state
(answer shown, candidates, stepper, ...) is reactive, each with a `watch_` that shows it."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from core import jobs, kinds
from core.counting import NOT_RATED_YET, Verdict
from core.export import FontMissing
from core.family import Checked, Context, Failed, Family
from core.files import read_text
from tui.candidates_view import CandidatesView, parse_support
from tui.history import History, Step
from tui.live_check import LiveCheck
from tui.screens.dialogs import Choice, PathPrompt, PrintOptions
from tui.session import Session
from tui.storage import StorageError
from tui.widgets.document_tabs import document_name
from tui.widgets.status_panel import StatusPanel

STEPS_BEFORE, STEPS_SHOWN = 3, 14  # the walkthrough's window around the step shown
TITLE_AFTER = 0.08  # seconds: the title follows an edit once the grid has been drawn
NOTICE_SECONDS = {"information": 3, "warning": 6, "error": 12}  # how long a notice stays


def plural(n: int, noun: str) -> str:
    """1 given, 2 givens."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


PANEL_NAMES = 8  # names a sentence in the panel lists in full (narrow at 80 columns)
RULE_CELLS = 6  # cells a broken house rule names in the panel


def walkthrough_window(rating, at: int | None) -> str:
    """The walkthrough around the stepper's step (the list follows it), or how to start the
    stepper (at None)."""
    if at is None:
        return "ctrl+t walks the steps on the grid; ctrl+j jumps to the hardest"
    lines = rating.walkthrough()
    at = min(at, len(lines) - 1)
    start = max(0, at - STEPS_BEFORE)
    return "\n".join(
        ["PgDn/PgUp: next/previous step, Home: the first, End: the hardest"]
        + (["   …"] if start else [])
        + [("▶" if i == at else " ") + line
           for i, line in enumerate(lines[start:start + STEPS_SHOWN], start)]
        + (["   …"] if start + STEPS_SHOWN < len(lines) else []))


def load_puzzle(path: str) -> tuple[Family, object]:
    """(family, puzzle) of a file; InputError or ParseError (with line and column) if it holds
    no puzzle of any family."""
    return kinds.parse(read_text(path))


class PuzzleEditor(Screen):
    """Subclasses set `family` and implement `panes`, `show_puzzle`, `show_grid`, `entered`
    and `check_details`; the puzzle is an immutable model of the family.

    This screen runs every edit the same way, calling the family's editor only for answers
    (a typed key, for instance): the grid turns the key into `Edited` (tui/widgets/
    cell_grid.py); `on_cell_grid_edited` asks `entered` for the new puzzle and `set_puzzle`
    makes it a step of the undo history, forgets what belonged to the state left (`forget`)
    and shows it (`shown`: `show_puzzle`, then the check known for this state or one from the
    pool); `check_done` takes the check (`completed` may finish the edit first), shows it
    (`show_check`: the family's verdict, `check_details`, `show_grid`) and starts what follows
    (`checked`)."""

    family: Family
    # the family's app-side entry (tui/families.py): its empty puzzles, (what it is, how to
    # make one), its grid widget and what typing does beyond BINDINGS (the help screen)
    new_puzzles: tuple[tuple[str, object], ...] = ()
    grid_widget: type | None = None
    typing_help = ""
    export_style = ("line", "one-line text")  # the family's format style, and its name
    untitled = 1  # a new puzzle's number among the new ones of its family (app.edit sets it)
    CSS_PATH = Path(__file__).parent.parent / "editor.tcss"
    AUTO_FOCUS = "#grid"
    BINDINGS = [
        Binding("ctrl+s", "save", "Save"),
        Binding("f2", "save_as", "Save as", show=False),
        Binding("ctrl+o", "open", "Open", show=False),
        Binding("ctrl+g", "generate", "Generate", show=False),
        Binding("ctrl+e", "export", "Export"),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+y,ctrl+shift+z", "redo", "Redo", show=False),
        Binding("escape", "stop", "Stop the check", show=False),
    ]
    SLOTS = ("check",)  # the pool slots this editor's jobs run in

    reveal = var(False, init=False)  # the answer shown in the grid

    def __init__(self, puzzle, path: str | None = None, saved_text: str | None = None,
                 recovery: str | None = None) -> None:
        """`recovery`: the copy of unsaved work (left by a closed window) the puzzle came
        from; this editor's own copy takes over from it."""
        super().__init__()
        self.puzzle = puzzle
        if saved_text is None and path:
            saved_text = self.text()
        self.session = Session(self.family, self.app.window, path, saved_text, recovery)
        self.history = History(Step(puzzle, self.session.document))
        self.live = LiveCheck(self, self.SLOTS)
        self.true_view = CandidatesView(self)  # F4, where the family gives true candidates
        self.last_check: Checked | Failed | None = None  # the check of the puzzle shown
        self.last_rating = None  # its rating (or Failed), where the editor keeps one
        self._title_timer = self._notice_timer = None

    @classmethod
    def cannot_edit(cls, puzzle) -> str | None:
        """Why this editor cannot show the puzzle, or None."""
        return None

    # --- what the editor shows -------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="main"):
            yield from self.panes()
        yield Static("", id="notice", markup=False)
        yield Footer()

    def panes(self) -> ComposeResult:
        """The grid (#grid, in a scrolling #board) and the side panel."""
        raise NotImplementedError

    def on_mount(self) -> None:
        self.update_title()
        self.keep_copy()
        self.schedule_check(now=True)

    def on_unmount(self) -> None:
        for slot in self.SLOTS:
            self.app.pool.cancel(slot)
        self.session.close(self.text())

    @property
    def status(self) -> StatusPanel:
        return self.query_one(StatusPanel)

    @property
    def can_show(self) -> bool:
        """The editor is on a running app with its panel (not yet, or no longer, while the
        app builds or takes down its widgets): a job's result can be shown."""
        return self.is_attached and self.app.is_running and bool(self.query(StatusPanel))

    def update_title(self) -> None:
        name = document_name(self, family=False)  # the subtitle names the family
        self.title = f"{name}{' •' if self.dirty else ''}"
        self.sub_title = self.describe()

    def describe(self) -> str:
        return self.family.title

    def own_title(self) -> str:
        """The title the puzzle carries itself (a variant read from a link), or ""."""
        return ""

    def say(self, message: str, severity: str = "information") -> None:
        """A notice under the panes, gone after a few seconds (longer for a warning or an
        error): drawn in the editor's own line, never over the panel."""
        notice = self.query_one("#notice", Static)
        notice.update(message)
        notice.set_classes(severity)
        if self._notice_timer is not None:
            self._notice_timer.stop()
        self._notice_timer = self.set_timer(NOTICE_SECONDS.get(severity, 3),
                                            lambda: notice.update(""))

    def show_puzzle(self) -> None:
        raise NotImplementedError

    def show_grid(self) -> None:
        """The puzzle in the grid with what the last check found (and the answer, asked)."""
        raise NotImplementedError

    def show_check(self) -> None:
        """`last_check` in the status panel, in the family's verdict, and in the grid."""
        if self.check_failed():
            return
        verdict = self.verdict()
        details = self.check_details(verdict, self.last_check.count)
        self.status.set_uniqueness(verdict.headline(), verdict.status,
                                   "\n".join([details, *verdict.rule_lines(RULE_CELLS)]))
        self.show_grid()

    def check_details(self, verdict: Verdict, count) -> str:
        """What the panel says under the verdict's headline (the family's words: where two
        solutions differ, the givens that could go, ...)."""
        raise NotImplementedError

    def watch_reveal(self) -> None:
        if self.last_check is not None:
            self.show_check()

    def action_reveal(self) -> None:
        self.reveal = not self.reveal

    # --- the document ----------------------------------------------------------------------

    @property
    def path(self) -> str | None:
        return self.session.document.path

    @property
    def recovery(self) -> str:
        """The name of this editor's recovery copy (storage.load_recovery)."""
        return self.session.document.copy

    def text(self, puzzle=None) -> str:
        return self.family.format(puzzle or self.puzzle)

    @property
    def dirty(self) -> bool:
        return self.session.dirty(self.text())

    def context(self) -> Context:
        """What the family's count needs beyond the puzzle (a ナンクロ dictionary)."""
        return Context()

    # --- editing ---------------------------------------------------------------------------

    def on_cell_grid_edited(self, event) -> None:
        """A cell set in the grid (a typed key, Delete): the family's editor says what it
        makes of the puzzle."""
        puzzle = self.entered(event.cell, event.value)
        if puzzle is not None:
            self.set_puzzle(puzzle)

    def entered(self, cell, value):
        """The puzzle with `value` entered at `cell` (what the grid's entries mean), or None
        when it does not change (said, where the entry does not fit)."""
        raise NotImplementedError

    def set_puzzle(self, puzzle, *, path: str | None = None, saved_text: str | None = None,
                   replace: bool = False, recovery: str | None = None,
                   same_step: bool = False) -> None:
        """Show a new state of the puzzle: an edit, or a whole new puzzle with `replace` (a
        file or a generated puzzle, its own document). Each is a step of the undo history,
        or finishes the last one with `same_step` (a symmetric edit's partners)."""
        self.puzzle = puzzle
        self.forget()
        if replace:
            self.session.switch(self.session.open(path, saved_text), recovery)
            self.new_document()
        step = Step(puzzle, self.session.document)
        if same_step:
            self.history.amend(step)
        else:
            self.history.add(step)
        self.shown()

    def action_undo(self) -> None:
        self.go_to(self.history.undo(), "nothing to undo")

    def action_redo(self) -> None:
        self.go_to(self.history.redo(), "nothing to redo")

    def go_to(self, step: Step | None, otherwise: str) -> None:
        if step is None:
            self.say(otherwise)
            return
        if step.document is not self.session.document:
            self.session.switch(step.document)
        self.puzzle = step.puzzle
        self.forget()
        self.restored()
        self.shown()

    def forget(self) -> None:
        """The puzzle shown changed: its check and rating belonged to the state left (what
        the pool found for each state stays in `live.found`)."""
        self.last_check = self.last_rating = None

    def restored(self) -> None:
        """Undo or redo changed the puzzle (what follows the grid, such as answer mode's
        letters)."""

    def new_document(self) -> None:
        """Another puzzle altogether replaced this one (a file, a generated puzzle)."""

    def shown(self, edited: bool = True) -> None:
        """The puzzle changed (an edit, undo or redo), or its tab came back to the front (not
        `edited`: what Esc stopped stays stopped): show it and its check, and keep the
        recovery copy in step. The title follows after the grid is drawn: a new title lays
        the screen out anew, and the key should not wait for that."""
        if edited:
            self.live.release()
        self.show_puzzle()
        if self._title_timer is not None:
            self._title_timer.stop()
        self._title_timer = self.set_timer(TITLE_AFTER, self.update_title)
        known = self.live.known(self.check_key())
        if known is not None:  # a state checked before: no need to count again
            self.live.stop()
            self.check_done(known)
        else:
            self.schedule_check()
        self.keep_copy()

    def keep_copy(self) -> None:
        """The recovery copy follows the puzzle; an unwritable state folder is said once."""
        try:
            self.session.follow(self.text())
        except StorageError as error:
            self.app.warn_storage(error)

    # --- the live check --------------------------------------------------------------------

    @property
    def found(self) -> int | None:
        """Solutions the last finished check found (None: no finished check)."""
        return self.last_check.count.count if isinstance(self.last_check, Checked) else None

    def check_key(self) -> tuple:
        return self.puzzle, self.context()

    def schedule_check(self, now: bool = False) -> None:
        self.live.schedule(self.run_check, now)

    def run_check(self) -> None:
        key = self.check_key()

        def counted(result: Checked | Failed) -> None:
            if isinstance(result, Checked):
                self.live.remember(key, result)
            self.check_done(result)
        self.live.start("check", jobs.check, self.family.name, *key, then=counted)

    def check_done(self, result: Checked | Failed) -> None:
        self.last_check = result
        finished = self.completed(result)
        if finished is not None:  # the edit is finished first, then checked
            self.set_puzzle(finished, same_step=True)
            return
        self.show_check()
        self.checked()
        self.true_view.run()

    def completed(self, result: Checked | Failed):
        """The edit this check finishes, as one step with it (a symmetric given's partners,
        filled from a solution), or None."""
        return None

    # --- true candidates -------------------------------------------------------------------

    def action_true_candidates(self) -> None:
        """F4 (where the family gives them): show or hide each cell's digits over every
        solution."""
        view = self.true_view
        view.on = not view.on
        view.run()
        self.show_puzzle()
        self.say(f"true candidates: shaded by solutions holding them, up to {view.support}"
                 if view.on else "true candidates hidden")

    def action_candidate_support(self) -> None:
        """Ask up to how many solutions a true candidate's support is counted."""
        def chosen(text: str | None) -> None:
            if text is not None:
                self.true_view.support = parse_support(text)
                self.true_view.run()
                self.show_puzzle()
        self.app.push_screen(PathPrompt(
            "Count each true candidate's solutions up to (1-255)", str(self.true_view.support),
            validate=lambda text: v if isinstance(v := parse_support(text), str) else None,
            placeholder="8"), chosen)

    def checked(self) -> None:
        """A check result is shown: follow-up work (a unique puzzle is rated)."""

    def verdict(self, rating=None) -> Verdict:
        """The last check's count in the family's words (the command line says the same),
        with `rating`'s level once rated."""
        return self.family.verdict(self.puzzle, self.last_check.count, rating=rating)

    def difficulty(self, rating=None) -> str:
        """The level in the verdict's words (`rating`'s, once rated); before a finished
        check, that it is rated once unique."""
        return (self.verdict(rating).difficulty() if isinstance(self.last_check, Checked)
                else NOT_RATED_YET)

    def check_failed(self) -> bool:
        """Say so when the check did not count (a failure, or stopped)."""
        result = self.last_check
        if isinstance(result, Checked):
            return False
        if result is None or result.stopped:
            self.status.set_uniqueness("check stopped (edit to check again)", "", "")
        elif self.app.installing and "not installed yet" in result.error:
            self.status.set_uniqueness(
                "cannot check yet: the built-in dictionary is being installed in the "
                f"background ({self.app.installing}); the check runs again when it is done",
                "none", "")
        else:
            self.status.set_uniqueness(f"cannot check: {result.error}", "none", "")
        return True

    def action_stop(self) -> None:
        """Esc: stop the jobs running in the pool; finished results stay on screen."""
        stopped = self.live.hold()
        if stopped:
            self.jobs_stopped(stopped)

    def jobs_stopped(self, slots: set[str]) -> None:
        """Say which of the pool's jobs Esc stopped."""
        if "check" in slots:
            self.status.set_uniqueness("check stopped (edit to check again)", "", "")
        if "rate" in slots:
            self.status.set_difficulty("rating stopped (edit to rate again)")
        if "candidates" in slots:
            self.status.set_candidates("true candidates stopped (edit to look again)")

    def rate(self, then: Callable) -> None:
        """The puzzle's rating from the pool, then `then(rating or Failed)`; a rating is also
        kept for its puzzle, for a printed heading (known_rating)."""
        key = self.check_key()

        def rated(rating) -> None:
            if not LiveCheck.stopped(rating) and not isinstance(rating, Failed):
                self.live.found.put("rate", key, rating)
            then(rating)
        self.live.start("rate", jobs.rate, self.family.name, *key, then=rated)

    def known_rating(self):
        """The rating of the puzzle shown, when it has been rated (else None)."""
        return self.live.found.get("rate", self.check_key())

    def show_level(self, hint: str) -> None:
        """The rating's level and its first steps in the panel (ナンクロ, arithmetic)."""
        def rated(rating) -> None:
            if LiveCheck.stopped(rating):
                return
            if isinstance(rating, Failed):
                self.status.set_difficulty(rating.error, "", hint)
                return
            steps = rating.walkthrough()
            more = f"\n… {len(steps) - 3} more (rate --steps)" if len(steps) > 3 else ""
            self.status.set_difficulty(self.difficulty(rating), "\n".join(steps[:3]) + more,
                                       hint)
        self.rate(rated)

    def known_answer(self):
        """The answer from the last check when it proved the puzzle unique, else None."""
        check = self.last_check
        return check.count.solution if isinstance(check, Checked) and check.count.unique else None

    # --- the file --------------------------------------------------------------------------

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
            ("Stop the check", "Stop the checks and ratings running (Esc)", self.action_stop),
        ] + ([
            ("True candidates", "Show or hide each cell's digits over every solution, shaded "
             "by how many solutions hold them (F4)", self.action_true_candidates),
            ("Candidate support", "Up to how many solutions each true candidate counts",
             self.action_candidate_support),
        ] if self.family.gives_candidates else [])

    def write(self, path: str) -> None:
        try:
            problem = self.session.save(path, self.text())
        except StorageError as error:  # saved; only the list of recent files is not
            self.app.warn_storage(error)
            problem = None
        if problem:
            self.say(f"not saved: {problem}", "error")
            return
        self.update_title()
        self.say(f"saved {path}")

    def action_save(self) -> None:
        if not self.path:
            self.action_save_as()
        elif self.session.changed_on_disk():
            self.ask_before_overwriting()
        else:
            self.write(self.path)

    def ask_before_overwriting(self) -> None:
        """The file changed on disk since it was opened (another window, another program)."""
        def answered(answer: str) -> None:
            if answer == "Overwrite it":
                self.write(self.path)
            elif answer == "Save as…":
                self.action_save_as()
        self.app.push_screen(Choice(f"{Path(self.path).name} changed on disk since it was "
                                    "opened or saved here.",
                                    ["Overwrite it", "Save as…", "Cancel"]), answered)

    def action_save_as(self) -> None:
        """Another name; a file there already is replaced only when the author says so."""
        def chosen(path: str | None) -> None:
            if not path:
                return
            if self.session.is_own_file(path):
                self.action_save()
            elif os.path.lexists(path):  # a link too, even one leading nowhere or in a loop
                self.app.push_screen(Choice(f"{path} exists already.",
                                            ["Replace it", "Cancel"]),
                                     lambda answer: answer == "Replace it" and self.write(path))
            else:
                self.write(path)
        self.app.push_screen(PathPrompt("Save as", self.path or f"{self.family.name}.txt"),
                             chosen)

    def action_export(self) -> None:
        """The format follows the file name: .ipuz, .svg (and -solution.svg), .pdf, else the
        family's text. The name offered sits beside the puzzle's file."""
        stem = Path(self.path).with_suffix("") if self.path else Path("puzzle")
        self.app.push_screen(PathPrompt("Export to (.pdf .svg .ipuz, or text: "
                                        f"{self.export_style[1]})", f"{stem}.pdf"),
                             self.export_checked)

    def export_checked(self, path: str | None, printing=None) -> None:
        """Never over the puzzle's own file; an existing file only when the author says so.
        A PDF asks its print options first (as the command line takes them)."""
        if not path:
            return
        if path.endswith(".pdf") and printing is None:
            self.app.push_screen(PrintOptions(Path(path).stem, len(self.app.documents)),
                                 lambda chosen: chosen and self.export_checked(path, chosen))
            return
        more = [(d.family, d.puzzle, d.known_answer(), d.known_rating())
                for d in self.app.documents if d is not self] if (
            printing and printing.every_open) else []
        try:
            files = self.session.exported(path, self.puzzle, self.known_answer(),
                                          self.export_style[0], self.known_rating(),
                                          printing, more)
        except (ValueError, FontMissing) as error:
            self.say(f"not exported: {self.app.while_installing(str(error))}", "error")
            return
        if any(self.session.is_own_file(name) for name in files):
            self.say(f"not exported: {path} is this puzzle's own file (ctrl+s saves it)",
                     "error")
            return
        existing = [name for name in files if os.path.lexists(name)]
        if not existing:
            self.write_export(files)
            return
        self.app.push_screen(Choice(f"{', '.join(existing)} exists already.",
                                    ["Overwrite", "Cancel"]),
                             lambda answer: answer == "Overwrite" and self.write_export(files))

    def write_export(self, files: dict[str, str | bytes]) -> None:
        problem = self.session.write_export(files)
        if problem:
            self.say(f"not exported: {problem}", "error")
            return
        drawn = any(name.endswith((".ipuz", ".svg", ".pdf")) for name in files)
        note = " (no answer: the puzzle is not proven unique)" if (
            drawn and self.known_answer() is None) else ""
        self.say(f"exported {', '.join(files)}{note}")

    def action_open(self) -> None:
        self.app.action_open()

    def on_paste(self, event) -> None:
        """Pasted text (bracketed paste): a grid of this puzzle's size fills its givens (one
        step to undo), any other puzzle opens beside it."""
        event.stop()
        self.app.open_text(event.text, self)

    def take(self, puzzle) -> bool:
        """Take a pasted puzzle's givens where they fit this puzzle (True), else leave it to
        be opened (False)."""
        filled = self.filled_with(puzzle)
        if filled is None:
            return False
        self.set_puzzle(filled)
        self.say("pasted: the givens filled in (ctrl+z takes them back)")
        return True

    def filled_with(self, puzzle):
        """This puzzle with a pasted one's givens, or None where they do not fit it."""
        return None

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
                self.session.discard()
                then()
        self.app.push_screen(Choice("This puzzle has unsaved changes.",
                                    ["Save", "Discard", "Cancel"]), answered)
