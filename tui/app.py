"""The Textual app: a start screen, an editor per puzzle, and one process pool for the checks."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from core import kinds
from core.errors import ParseError
from core.files import InputError
from core.jobs import JobPool
from tui import storage
from tui.screens.arith_editor import ArithEditor
from tui.screens.dialogs import (
    Choice,
    GenerateArith,
    GenerateNumcro,
    GenerateSudoku,
    GenerateVariants,
    PathPrompt,
)
from tui.screens.editor import PuzzleEditor, load_puzzle
from tui.screens.help import HelpScreen
from tui.screens.numcro_editor import NumcroEditor
from tui.screens.start import NEW_PUZZLES, StartScreen
from tui.screens.sudoku_editor import SudokuEditor
from tui.screens.variants_editor import VariantsEditor

# the app's part of each family: its editor and its generator dialog, by the family's name
EDITORS = {e.family.name: e for e in (SudokuEditor, ArithEditor, NumcroEditor, VariantsEditor)}
GENERATORS = {d.family.name: d for d in (GenerateSudoku, GenerateArith, GenerateNumcro,
                                           GenerateVariants)}


class PuzzleApp(App):
    TITLE = "Puzzle workbench"
    BINDINGS = [
        Binding("f1", "help", "Help"),
        Binding("ctrl+q", "quit", "Quit", priority=True),
    ]

    def __init__(self, path: str | None = None, pool: JobPool | None = None) -> None:
        super().__init__()
        self.storage_warned = False
        self.window = storage.Window()  # this window's claim on its recovery copies
        self.start_path = path
        self.own_pool = pool is None  # tests share one pool between apps
        self.pool = pool or JobPool()

    def on_mount(self) -> None:
        self.push_screen(StartScreen())
        if self.start_path:
            self.open_path(self.start_path)

    def on_unmount(self) -> None:
        if self.own_pool:
            self.pool.shutdown()

    # --- opening and editing ---------------------------------------------------------------

    def editor(self) -> PuzzleEditor | None:
        return self.screen if isinstance(self.screen, PuzzleEditor) else None

    def edit(self, puzzle, path: str | None = None, saved_text: str | None = None,
             recovery: str | None = None) -> None:
        """Show a puzzle in its family's editor (the open one, after asking about unsaved
        work, when it is of the same family). `recovery` names the safety copy the puzzle
        came from: edits go on being kept there."""
        problem = self.cannot_edit(puzzle)
        if problem:
            self.notify(problem, title="Cannot edit", severity="error", timeout=15)
            return
        editor_class = EDITORS[kinds.of(puzzle).name]
        editor = self.editor()

        def fresh():
            return editor_class(puzzle, path, saved_text, recovery)
        if editor is None:
            self.push_screen(fresh())
        elif type(editor) is editor_class:
            editor.confirm_discard(lambda: editor.set_puzzle(
                puzzle, path=path, saved_text=saved_text, replace=True, recovery=recovery))
        else:
            editor.confirm_discard(lambda: self.switch_screen(fresh()))

    @staticmethod
    def cannot_edit(puzzle) -> str | None:
        family = kinds.of(puzzle)
        editor_class = EDITORS.get(family.name)
        if editor_class is None:
            return (f"the app has no {family.title} editor yet: the command line checks, "
                    f"solves and exports it")
        return editor_class.cannot_edit(puzzle)

    def problem_with(self, path: str) -> str | None:
        """Why a file (or an f-puzzles or SudokuPad link) cannot be opened, or None."""
        try:
            _, puzzle = kinds.parse(path) if kinds.is_link(path) else load_puzzle(path)
        except (InputError, ParseError) as error:
            return str(error)
        problem = self.cannot_edit(puzzle)
        return f"{path}: {problem}" if problem else None

    def open_path(self, path: str) -> None:
        """Open a puzzle file (or link); when unsaved work on it was left behind by a window
        that closed or was killed, ask whether to restore it (the newest copy)."""
        if kinds.is_link(path):
            self.open_link(path)
            return
        kept = storage.kept(path)
        if not kept:
            self.open_saved(path)
            return
        newest = kept[0]
        more = f" ({len(kept)} copies: the newest is offered)" if len(kept) > 1 else ""

        def answered(answer: str) -> None:
            if answer == "Restore the unsaved changes":
                self.open_recovered(newest.key, storage.load_recovery(newest.key) or "", path)
            elif answer == "Open the saved file":
                for copy in kept:
                    storage.clear_recovery(copy.key)
                self.open_saved(path)
        self.push_screen(Choice(f"Unsaved changes to {Path(path).name} were kept "
                                f"({storage.age(newest)}){more}.",
                                ["Restore the unsaved changes", "Open the saved file",
                                 "Cancel"]), answered)

    def open_saved(self, path: str) -> None:
        try:
            family, puzzle = load_puzzle(path)
        except (InputError, ParseError) as error:
            self.notify(str(error), title="Cannot open", severity="error", timeout=15)
            return
        try:
            storage.remember(path)
        except storage.StorageError as error:
            self.warn_storage(error)
        if storage.held_elsewhere(path, self.window):
            self.notify(f"{Path(path).name} has unsaved changes in another window: each "
                        "window keeps its own, and saving asks before writing over the "
                        "other's save", title="Open twice", timeout=10)
        self.edit(puzzle, path, family.format(puzzle))

    def open_link(self, link: str) -> None:
        """A puzzle from a link: a new, unsaved puzzle."""
        try:
            _, puzzle = kinds.parse(link)
        except ParseError as error:
            self.notify(str(error), title="Cannot open the link", severity="error", timeout=15)
            return
        self.edit(puzzle)

    def open_recovered(self, key: str, text: str, origin: str | None) -> None:
        """Kept work, unsaved (•) until the author saves it: compared with the file as it is
        on disk now (an empty text when there is none)."""
        try:
            _, puzzle = kinds.parse(text)
        except ParseError as error:
            self.notify(f"the kept copy cannot be read: {error}", title="Cannot recover",
                        severity="error")
            return
        on_disk = ""  # the file's puzzle in its family's text, to compare edits with
        if origin:
            try:
                family, saved = load_puzzle(origin)
                on_disk = family.format(saved)
            except (InputError, ParseError):
                pass
        self.edit(puzzle, origin, on_disk, recovery=key)

    def warn_storage(self, error: Exception) -> None:
        """Said once: the app's own folder cannot be written, so no safety copies are kept."""
        if not self.storage_warned:
            self.storage_warned = True
            self.notify(f"cannot keep safety copies of unsaved work ({error}); editing goes "
                        "on: save often", title="Warning", severity="warning", timeout=20)

    # --- actions ---------------------------------------------------------------------------

    def action_help(self) -> None:
        self.push_screen(HelpScreen())

    def action_open(self) -> None:
        """Ask for a file; the dialog stays open and shows the parser's error for a bad one."""
        self.push_screen(PathPrompt("Open", validate=self.problem_with),
                         lambda path: path and self.open_path(path))

    def action_generate(self) -> None:
        editor = self.editor()
        self.generate(editor.family.name if editor is not None else next(iter(GENERATORS)))

    def generate(self, name: str) -> None:
        """The generator dialog of a family; its puzzle opens in the family's editor."""
        self.push_screen(GENERATORS[name](), lambda p: p is not None and self.edit(p))

    async def action_quit(self) -> None:
        editor = self.editor()
        if editor is None or not editor.dirty:
            self.exit()
            return

        def answered(answer: str) -> None:
            if answer == "Save":
                editor.action_save()
                if not editor.dirty:
                    self.exit()
            elif answer == "Quit without saving":
                editor.session.discard()
                self.exit()
        self.push_screen(Choice("Save changes before quitting?",
                                ["Save", "Quit without saving", "Cancel"]), answered)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("Help", "What the keys do", self.action_help)
        yield SystemCommand("Open", "Open a puzzle file", self.action_open)
        yield SystemCommand("Start screen", "Back to the start screen (asks about unsaved "
                            "work)", self.action_start_screen)
        for label, make in NEW_PUZZLES:
            yield SystemCommand(f"New {label}", f"Start an empty {label}",
                                lambda make=make: self.edit(make()))
        for name, dialog in GENERATORS.items():
            yield SystemCommand(f"Generate {dialog.family.title}", dialog.heading,
                                lambda name=name: self.generate(name))
        if isinstance(screen, PuzzleEditor):
            for title, help_text, action in screen.commands():
                yield SystemCommand(title, help_text, action)

    @staticmethod
    def generator_dialogs() -> dict:
        return GENERATORS

    def action_start_screen(self) -> None:
        editor = self.editor()
        if editor is not None:
            editor.confirm_discard(lambda: self.pop_screen())


def run(path: str | None = None) -> int:
    PuzzleApp(path).run()
    return 0
