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
from core.variants.model import blank as variants_blank
from tui import storage


def _sudoku(n: int):
    return lambda: sudoku.Puzzle(sudoku.Shape.of_size(n), (0,) * n * n)


def _numcro(n: int):
    return lambda: numcro.Puzzle("ja", (), n, n, tuple(range(1, n * n + 1)))


# (what it is, how to make an empty one): the start screen and the command palette offer them
NEW_PUZZLES = [
    *((f"Sudoku {n}x{n} (boxes {r}x{c})", _sudoku(n)) for n, (r, c) in (
        (n, BOX_SHAPES[n]) for n in (9, 6, 4, 8, 12, 16, 25))),
    ("覆面算 SEND+MORE=MONEY (edit its letters)", lambda: arith.parse("SEND+MORE=MONEY")),
    *((f"ナンクロ {n}x{n} (draw blocks, number the cells)", _numcro(n)) for n in (9, 11, 13)),
    ("Sudoku variant 9x9 (: adds killer cages, jigsaw, dots, thermos, ...)",
     lambda: variants_blank(9)),
]


class StartScreen(Screen):
    CSS = """
    StartScreen Vertical { align: center top; padding: 1 4; }
    StartScreen #welcome { margin-bottom: 1; }
    StartScreen OptionList { height: auto; max-height: 30; width: 80; }
    """
    BINDINGS = [("ctrl+g", "generate", "Generate"), ("ctrl+o", "open", "Open")]

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
        """Back from an editor: recovered work and recent files may have changed."""
        self.title = "Puzzle workbench"
        self.sub_title = ""
        choices = self.query_one(OptionList)
        choices.clear_options()
        choices.add_options(self.choices())
        choices.highlighted = 0

    def action_generate(self) -> None:
        self.app.action_generate()

    def action_open(self) -> None:
        self.app.action_open()

    def choices(self) -> list[Option]:
        options = []
        for recovery in storage.recoveries():
            origin = recovery.origin or "a new puzzle"
            options.append(Option(f"Recover unsaved work on {origin} ({storage.age(recovery)})",
                                  id=f"recover-{recovery.key}"))
        options += [Option(f"New {label}", id=f"new-{i}")
                    for i, (label, _) in enumerate(NEW_PUZZLES)]
        options += [Option(f"Generate a {dialog.family.title}…", id=f"generate-{name}")
                    for name, dialog in self.app.generator_dialogs().items()]
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
        elif choice.startswith("new-"):
            app.edit(NEW_PUZZLES[int(choice.removeprefix("new-"))][1]())
        elif choice.startswith("generate-"):
            app.generate(choice.removeprefix("generate-"))
        elif choice == "open":
            app.action_open()
        elif choice.startswith("recent-"):
            app.open_path(storage.recent_files()[int(choice.removeprefix("recent-"))])
