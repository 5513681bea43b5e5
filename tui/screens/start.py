"""The start screen: new puzzles, generate, open, recent files, and recovered work."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from core import arith, numcro, sudoku
from core.sudoku.model import BOX_SHAPES
from tui import storage

NEW_SIZES = (9, 6, 4, 8, 12, 16, 25)
NEW_NUMCRO_SIZES = (9, 11, 13)


class StartScreen(Screen):
    CSS = """
    StartScreen Vertical { align: center top; padding: 1 4; }
    StartScreen #welcome { margin-bottom: 1; }
    StartScreen OptionList { height: auto; max-height: 30; width: 80; }
    """

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

    def choices(self) -> list[Option]:
        options = []
        for recovery in storage.recoveries():
            origin = recovery.origin or "a new puzzle"
            options.append(Option(f"Recover unsaved work on {origin} ({storage.age(recovery)})",
                                  id=f"recover-{recovery.key}"))
        for n in NEW_SIZES:
            r, c = BOX_SHAPES[n]
            options.append(Option(f"New Sudoku {n}x{n} (boxes {r}x{c})", id=f"new-{n}"))
        options.append(Option("Generate a Sudoku…", id="generate-sudoku"))
        options.append(Option("Generate a masked calculation (虫食算, 覆面算)…",
                              id="generate-arith"))
        options.append(Option("New alphametic SEND+MORE=MONEY (edit its letters)",
                              id="new-alphametic"))
        for n in NEW_NUMCRO_SIZES:
            options.append(Option(f"New ナンクロ {n}x{n} (draw blocks, number the cells)",
                                  id=f"new-numcro-{n}"))
        options.append(Option("Generate a ナンクロ…", id="generate-numcro"))
        options.append(Option("Open a file…", id="open"))
        for i, path in enumerate(storage.recent_files()):
            options.append(Option(f"Recent: {path}", id=f"recent-{i}"))
        return options

    @on(OptionList.OptionSelected)
    def chosen(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id or ""
        app = self.app
        if choice.startswith("recover-"):
            key = choice.removeprefix("recover-")
            origin = next((r.origin for r in storage.recoveries() if r.key == key), None)
            app.open_recovered(key, storage.load_recovery(key) or "", origin)
        elif choice == "new-alphametic":
            app.edit(arith.parse("SEND+MORE=MONEY"))
        elif choice.startswith("new-numcro-"):
            n = int(choice.removeprefix("new-numcro-"))
            app.edit(numcro.Puzzle("ja", (), n, n, tuple(range(1, n * n + 1))))
        elif choice.startswith("new-"):
            n = int(choice.removeprefix("new-"))
            app.edit(sudoku.Puzzle(sudoku.Shape.of_size(n), (0,) * n * n))
        elif choice.startswith("generate-"):
            app.generate(choice.removeprefix("generate-"))
        elif choice == "open":
            app.action_open()
        elif choice.startswith("recent-"):
            app.open_path(storage.recent_files()[int(choice.removeprefix("recent-"))])
