"""The start screen: recovered work, the open puzzles, every family's empty puzzles and
generators (tui/families.py), open, and recent files."""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from tui import families, storage
from tui.widgets.document_tabs import document_name


class StartScreen(Screen):
    CSS_PATH = Path(__file__).parent.parent / "start.tcss"
    BINDINGS = [("ctrl+g", "app.generate", "Generate"), ("ctrl+o", "app.open", "Open")]

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical():
            yield Static("Make a puzzle: it is checked for a unique solution as you type.",
                         id="welcome")
            yield OptionList(*self.choices(), id="choices")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Puzzle workbench"
        self.query_one(OptionList).focus()

    def on_screen_resume(self) -> None:
        """Back from an editor: open puzzles, recovered work and recent files may have
        changed."""
        self.title = "Puzzle workbench"
        installing = self.app.installing
        self.sub_title = f"installing in the background: {installing}" if installing else ""
        choices = self.query_one(OptionList)
        choices.clear_options()
        choices.add_options(self.choices())
        choices.highlighted = 0

    def choices(self) -> list[Option | None]:
        """Each group of entries, a line between groups."""
        open_copies = {d.recovery for d in self.app.documents}  # their own: open already
        groups = [
            [Option(f"Recover unsaved work on {r.origin or 'a new puzzle'} ({storage.age(r)})",
                    id=f"recover-{r.key}") for r in storage.recoveries()
             if r.key not in open_copies],
            [Option(f"Switch to {i} {document_name(d)}{' •' if d.dirty else ''}",
                    id=f"document-{i - 1}") for i, d in enumerate(self.app.documents, 1)],
            [Option(new.title, id=f"new-{i}") for i, new in enumerate(families.new_puzzles())],
            [Option(making.title, id=f"generate-{i}")
             for i, making in enumerate(families.generators())],
            [Option("Open a file…", id="open")] + [
                Option(f"Recent: {path}", id=f"recent-{i}")
                for i, path in enumerate(storage.recent_files())],
        ]
        options: list[Option | None] = []
        for group in filter(None, groups):
            options += [None] * bool(options) + group
        return options

    @on(OptionList.OptionSelected)
    def chosen(self, event: OptionList.OptionSelected) -> None:
        kind, _, rest = (event.option.id or "").partition("-")
        app = self.app
        if kind == "recover":
            origin = next((r.origin for r in storage.recoveries() if r.key == rest), None)
            app.open_recovered(rest, storage.load_recovery(rest) or "", origin)
        elif kind == "document":
            app.show_document(app.documents[int(rest)])
        elif kind == "new":
            app.edit(families.new_puzzles()[int(rest)].make())
        elif kind == "generate":
            app.open_generator(families.generators()[int(rest)])
        elif kind == "open":
            app.action_open()
        elif kind == "recent":
            app.open_path(storage.recent_files()[int(rest)])
