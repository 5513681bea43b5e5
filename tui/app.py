"""The Textual app: a start screen, the open puzzles (each in its family's editor, side by side
as documents), and one process pool for the checks. What the app offers for each family
(editors, empty puzzles, generators) comes from tui/families.py."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from pathlib import Path

from textual import events, work
from textual.app import App
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Header

from core import kinds, native, sites
from core.errors import ParseError
from core.files import InputError
from core.jobs import JobPool
from tui import families, storage
from tui.commands import PuzzleCommands
from tui.screens.dialogs import Choice, Menu, PathPrompt
from tui.screens.editor import PuzzleEditor, load_puzzle
from tui.screens.generate import GenerateDialog
from tui.screens.help import HelpScreen
from tui.screens.start import StartScreen
from tui.widgets import keys
from tui.widgets.document_tabs import DocumentTabs, document_name, untitled_number

# the actions that change which puzzle is in front: not while a dialog is open over it
DOCUMENT_ACTIONS = {"next_document", "close_document", "start_screen", "generate", "open"}


class PuzzleApp(App):
    TITLE = "Puzzle workbench"
    COMMANDS = App.COMMANDS | {PuzzleCommands}
    BINDINGS = [
        Binding("f1", "help", "Help"),
        # not a priority key: it waits behind the keys typed before it (ctrl+z ctrl+q in one
        # burst undoes, then quits), reaching the app through the focused widget's keys
        Binding("ctrl+q", "quit", "Quit"),
        Binding("ctrl+pagedown", "next_document(1)", "Next puzzle", show=False),
        Binding("ctrl+pageup", "next_document(-1)", "Previous puzzle", show=False),
        Binding("ctrl+w", "close_document", "Close puzzle", show=False),
        Binding("ctrl+n", "start_screen", "Start screen", show=False),
    ]

    def __init__(self, path: str | None = None, pool: JobPool | None = None,
                 install: tuple[str, ...] | None = None,
                 build: tuple[str, ...] | None = None) -> None:
        super().__init__()
        # the commands that build the compiled engine (a checkout set up by `make run`) and
        # fetch what is missing (packages left for later, the built-in dictionaries, the
        # print font), run in the background from the start; the last line said meanwhile
        self.install_command, self.build_command, self.installing = install, build, None
        self.storage_warned = False
        self.window = storage.Window()  # this window's claim on its recovery copies
        self.start_path = path
        self.own_pool = pool is None  # tests share one pool between apps
        self.pool = pool or JobPool()
        self.documents: list[PuzzleEditor] = []  # the open puzzles, in the order of the tabs
        self.opened = 0  # documents opened so far: each installed under a name of its own

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key):
            keys.taken(self, event)  # a key handed on leaves the queue: those behind may pass
            if not self._screen_stack:
                return  # handed on as the app closed: no screen is left to take it
            if keys.must_follow(self, event):
                keys.hand_on(self, event)  # keys handed on are still on their way: behind them
                return
        await super().on_event(event)

    def push_screen(self, *args, **kwargs):
        if self.focused is not None:
            keys.hand_on_queued(self.focused)  # typed after the key that opened the screen
        return super().push_screen(*args, **kwargs)

    def pop_screen(self):
        if self.focused is not None:
            keys.hand_on_queued(self.focused)  # typed after the key that closed the screen
        return super().pop_screen()

    def on_mount(self) -> None:
        self.push_screen(StartScreen())
        build = bool(self.build_command) and engine_to_build()
        if build:
            self.notify("being built in the background (about a minute): the Python engine "
                        "gives the same answers meanwhile, more slowly",
                        title="Compiled engine", timeout=10)
        elif native.missing():
            self.notify(f"{native.slow_parts()}: the same answers, more slowly",
                        title="Python engine", severity="warning", timeout=20)
        if self.start_path:
            self.open_path(self.start_path)
        install = bool(self.install_command) and missing_installs()
        if build or install:
            self.install_in_background(build, install)

    # --- what `puzzle-tui install` fetches, fetched while the app is in use ----------------

    @work(group="install", exclusive=True)
    async def install_in_background(self, build: bool, install: bool) -> None:
        """Build the compiled engine (the Python engine answers meanwhile), then run the
        install; their progress on the start screen's header and in the panel of a check
        that needs it; then the open puzzles are checked again."""
        if build:
            self.show_installing("building the compiled engine")
            built, said = await self.run_in_background(self.build_command)
            native.load_built()
            self.pool.engine_built()
            if built and not native.missing():
                self.notify("the compiled engine is built: checks run on it now",
                            title="Compiled engine", timeout=10)
            else:
                self.notify(f"{said}; {native.slow_parts()}: the same answers, more slowly",
                            title="Python engine", severity="warning", timeout=20)
        if install:
            self.show_installing("starting")
            installed, said = await self.run_in_background(self.install_command)
            if installed:
                self.notify("the built-in ナンクロ dictionaries and the print font are "
                            "installed", title="Installed", timeout=10)
            else:
                self.notify(f"{said}; `puzzle-tui install` tries again", title="Not installed",
                            severity="error", timeout=30)
        self.show_installing(None)
        for editor in self.documents:
            editor.schedule_check(now=True)

    async def run_in_background(self, command: tuple[str, ...]) -> tuple[bool, str]:
        """Run a command, each line it says shown as progress: (it succeeded, its last
        line). Ended with the app: nothing half done is left running on its own."""
        process = await asyncio.create_subprocess_exec(
            *command, stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"}, start_new_session=True)
        said = "nothing said"
        try:
            async for raw in process.stdout:
                line = raw.decode(errors="replace").strip()
                if line:
                    said = line
                    self.show_installing(line)
            return await process.wait() == 0, said
        finally:
            if process.returncode is None:  # the app ends: so does the command, pip and all
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGTERM)

    def while_installing(self, said: str) -> str:
        """What a missing built-in dictionary, print font or Japanese reader said, told as it
        is while the install runs in the background: on its way, nothing for the author to
        run."""
        if self.installing and any(mark in said for mark in MISSING_MARKS):
            return (f"not yet: what this needs is being installed in the background "
                    f"({self.installing}); try again when it is done")
        return said

    def show_installing(self, line: str | None) -> None:
        self.installing = line
        for screen in self.screen_stack:
            if isinstance(screen, StartScreen):
                screen.sub_title = f"installing in the background: {line}" if line else ""

    def on_unmount(self) -> None:
        if self.own_pool:
            self.pool.shutdown()

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        return not (action in DOCUMENT_ACTIONS and isinstance(self.screen, ModalScreen))

    # --- the open puzzles ------------------------------------------------------------------

    def editor(self) -> PuzzleEditor | None:
        """The puzzle in front, if one is (not the start screen)."""
        return self.screen if isinstance(self.screen, PuzzleEditor) else None

    def show_document(self, editor: PuzzleEditor) -> None:
        """Bring an open puzzle to the front, once what was asked before is done (two
        puzzles opened at once come to the front one after the other)."""
        self.call_later(self.bring_to_front, editor)

    async def bring_to_front(self, editor: PuzzleEditor) -> None:
        """Only the puzzle in front checks: the one left stops its check, and one brought
        back shows its check again (from what it knows, or counted anew)."""
        front = self.editor()
        if front is editor or editor not in self.documents:
            return
        shown_before = editor.is_mounted
        if front is not None:
            front.live.stop()
            await self.switch_screen(editor)
        else:
            await self.push_screen(editor)
        if shown_before:
            editor.shown(edited=False)
        self.refresh_tabs()

    def refresh_tabs(self) -> None:
        front = self.editor()
        if front is None:
            return
        tabs = front.query(DocumentTabs)
        if tabs:
            tabs.first().update_tabs()
            return
        headers = front.query(Header)  # the tabs go under the header, above the editor
        if headers:
            front.mount(DocumentTabs(), after=headers.first())
        else:
            front.mount(DocumentTabs(), before=0)

    def document_for(self, path: str) -> PuzzleEditor | None:
        wanted = storage.full_path(path)
        return next((d for d in self.documents if d.path and storage.full_path(d.path) == wanted),
                    None)

    def edit(self, puzzle, path: str | None = None, saved_text: str | None = None,
             recovery: str | None = None) -> None:
        """Open a puzzle in its family's editor, beside the open ones. `recovery` names the
        safety copy the puzzle came from: edits go on being kept there."""
        problem = self.cannot_edit(puzzle)
        if problem:
            self.notify(problem, title="Cannot edit", severity="error", timeout=15)
            return
        editor = families.editor_for(kinds.of(puzzle))(puzzle, path, saved_text,
                                                               recovery)
        editor.untitled = untitled_number(editor, self.documents)  # two new ones differ
        self.opened += 1
        self.install_screen(editor, f"document-{self.opened}")
        front = self.editor()
        at = self.documents.index(front) + 1 if front in self.documents else len(self.documents)
        self.documents.insert(at, editor)
        self.show_document(editor)

    @staticmethod
    def cannot_edit(puzzle) -> str | None:
        family = kinds.of(puzzle)
        editor_class = families.editor_for(family)
        if editor_class is None:
            return (f"the app has no {family.title} editor yet: the command line checks, "
                    f"solves and exports it")
        return editor_class.cannot_edit(puzzle)

    def action_next_document(self, step: int) -> None:
        if not self.documents:
            return
        front = self.editor()
        at = self.documents.index(front) + step if front in self.documents else 0
        self.show_document(self.documents[at % len(self.documents)])

    def action_close_document(self) -> None:
        """Close the puzzle in front, asking first when it has unsaved changes."""
        editor = self.editor()
        if editor is None:
            return
        if not editor.dirty:
            self.close_document(editor)
            return

        def answered(answer: str) -> None:
            if answer == "Save":
                self.save_then([editor], lambda: self.close_document(editor))
            elif answer == "Discard":
                editor.session.discard()
                self.close_document(editor)
        self.push_screen(Choice(f"{document_name(editor)} has unsaved changes.",
                                ["Save", "Discard", "Cancel"]), answered)

    def close_document(self, editor: PuzzleEditor) -> None:
        self.call_later(self.closed, editor)

    async def closed(self, editor: PuzzleEditor) -> None:
        """Close an open puzzle; the one beside it (or the start screen) comes to the front."""
        at = self.documents.index(editor)
        self.documents.remove(editor)
        editor.live.stop()
        if self.screen is editor and self.documents:
            await self.bring_to_front(self.documents[min(at, len(self.documents) - 1)])
        elif self.screen is editor:
            await self.pop_screen()
        self.uninstall_screen(editor)
        await editor.remove()

    @work(exclusive=True, group="saving")
    async def save_then(self, editors: list[PuzzleEditor], then) -> None:
        """Save each puzzle in turn (asking for a name where it has none), then `then`; a
        question cancelled, or a save that failed, stops there."""
        for editor in editors:
            await self.bring_to_front(editor)
            if not await self.saved(editor):
                return
        then()

    async def saved(self, editor: PuzzleEditor) -> bool:
        path = editor.path
        if path and editor.session.changed_on_disk():
            answer = await self.push_screen_wait(Choice(
                f"{Path(path).name} changed on disk since it was opened or saved here.",
                ["Overwrite it", "Save as…", "Cancel"]))
            if answer == "Cancel":
                return False
            path = path if answer == "Overwrite it" else None
        if not path:
            path = await self.push_screen_wait(PathPrompt(
                f"Save {document_name(editor)} as", f"{editor.family.name}.txt"))
            if not path:
                return False
        editor.write(path)
        return not editor.dirty

    async def action_quit(self) -> None:
        """Quit, asking once about every puzzle with unsaved changes."""
        unsaved = [d for d in self.documents if d.dirty]
        if not unsaved:
            self.exit()
            return

        def answered(answer: str) -> None:
            if answer.startswith("Save"):
                self.save_then(unsaved, self.exit)
            elif answer == "Quit without saving":
                for editor in unsaved:
                    editor.session.discard()
                self.exit()
        names = ", ".join(document_name(d) for d in unsaved)
        save = "Save" if len(unsaved) == 1 else f"Save all {len(unsaved)}"
        self.push_screen(Choice(f"Unsaved changes: {names}.",
                                [save, "Quit without saving", "Cancel"]), answered)

    def action_start_screen(self) -> None:
        """The start screen, in front of the open puzzles (they stay open)."""
        editor = self.editor()
        if editor is not None:
            editor.live.stop()
            self.pop_screen()

    # --- opening files -------------------------------------------------------------------

    def problem_with(self, path: str) -> str | None:
        """Why a file (or an f-puzzles, SudokuPad or ISS link) cannot be opened, or None."""
        try:
            _, puzzle = kinds.parse(path) if sites.is_link(path) else load_puzzle(path)
        except (InputError, ParseError) as error:
            return str(error)
        problem = self.cannot_edit(puzzle)
        return f"{path}: {problem}" if problem else None

    def open_path(self, path: str) -> None:
        """Open a puzzle file (or link) beside the open ones; a file already open comes to
        the front. When unsaved work on it was left behind by a window that closed or was
        killed, ask whether to restore it (the newest copy)."""
        if sites.is_link(path):
            self.open_link(path)
            return
        already = self.document_for(path)
        if already is not None:
            self.show_document(already)
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
        editor = self.editor()
        self.push_screen(HelpScreen(editor.family.name if editor is not None else None))

    def on_paste(self, event) -> None:
        """Text pasted where no field or editor takes it (the start screen): the puzzle it
        holds opens; text that holds no puzzle is said so."""
        event.stop()
        if not isinstance(self.screen, ModalScreen):  # a dialog's own paste is its own
            self.open_text(event.text)

    def open_text(self, text: str, editor: PuzzleEditor | None = None) -> None:
        """A puzzle from text (a pasted grid, an 81-digit line, an f-puzzles, SudokuPad or ISS
        link, ISS's constraint string): it fills the editor in front when that takes it (the
        givens of a grid of its size), else it opens beside the open ones; text that holds no
        puzzle is said so."""
        text = text.strip()
        if not text:
            return
        try:
            _, puzzle = kinds.parse(text)
        except (ParseError, ValueError) as error:
            self.notify(f"the text is not a puzzle: {error}", title="Cannot open the text",
                        severity="error", timeout=15)
            return
        if editor is not None and editor.take(puzzle):
            return
        self.edit(puzzle)

    def action_open_text(self) -> None:
        """Ask for a puzzle as text (a line or a link); the dialog shows what is wrong."""
        self.push_screen(PathPrompt("Open from text: an 81-digit line, or an f-puzzles, "
                                    "SudokuPad or ISS link (a grid of rows: paste it into the "
                                    "app)",
                                    validate=_text_problem, placeholder="53..7....6..195..."),
                         lambda text: text and self.open_text(text, self.editor()))

    def action_open(self) -> None:
        """Ask for a file; the dialog stays open and shows the parser's error for a bad one."""
        self.push_screen(PathPrompt("Open", validate=self.problem_with),
                         lambda path: path and self.open_path(path))

    def action_generate(self) -> None:
        editor = self.editor()
        self.generate(editor.family.name if editor is not None else None)

    def generate(self, family_name: str | None = None) -> None:
        """The generator menu, the family's own generators first."""
        makings = families.generators(family_name)
        self.push_screen(Menu("Generate", [m.title for m in makings]),
                         lambda at: at is not None and self.open_generator(makings[at]))

    def open_generator(self, making: families.Making) -> None:
        """A generator's dialog; its puzzle opens beside the open ones."""
        self.push_screen(GenerateDialog(making.family, making.generator),
                         lambda puzzle: puzzle is not None and self.edit(puzzle))


def _text_problem(text: str) -> str | None:
    try:
        kinds.parse(text.strip())
    except (ParseError, ValueError) as error:
        return str(error)
    return None


INSTALL = (sys.executable, "-m", "cli", "install")  # `puzzle-tui install`, this interpreter
BUILD = (sys.executable, "-m", "core.native", "--build")  # core/native/build.py
# what a missing built-in dictionary (dictionaries.defaults.open_default) or print font
# (core.export.fonts) says
MISSING_MARKS = ("not installed yet", "no font with Japanese glyphs")


def engine_to_build() -> bool:
    """Parts of the compiled engine are missing and can be built here (a checkout that
    `make run` set up without them, with a C compiler)."""
    from core.native.build import unbuildable

    return bool(native.missing()) and unbuildable() is None


def missing_installs() -> bool:
    """A package left for later, a built-in dictionary or the print font is not there yet."""
    from cli import packages
    from core.export import FontMissing, find_font
    from dictionaries import folder
    from dictionaries.defaults import LANGUAGES, default_path

    if packages.in_venv() and packages.missing():  # elsewhere pip is the author's to run
        return True
    if any(not (folder.current(default_path(lang)) / "data.mdb").is_file()
           for lang in LANGUAGES):
        return True
    try:
        find_font()
    except FontMissing:
        return True
    return False


def run(path: str | None = None) -> int:
    PuzzleApp(path, install=INSTALL, build=BUILD).run()
    return 0
