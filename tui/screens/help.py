"""Help: what the keys do, made from the bindings the app, every editor and each family's
editor and grid declare (tui/families.py), with what typing does in each; the family of the
puzzle in front comes first."""

from __future__ import annotations

from pathlib import Path

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tui import families
from tui.screens.editor import PuzzleEditor

LEGEND = (
    "Checks: every edit is checked for a unique solution after a short pause.\n"
    "Red: clashing givens (ナンクロ: an entry no word fits) · yellow: where two solutions "
    "differ · cyan, underlined: redundant givens (the puzzle stays unique without any one of "
    "them) · steps: blue the cells a step reasons from, green the cell it fills, red struck "
    "candidates. A mouse click moves the cursor.")


def own_bindings(cls) -> list[Binding]:
    """The bindings a class declares itself (not those it inherits)."""
    return [b if isinstance(b, Binding) else Binding(*b) for b in vars(cls).get("BINDINGS", ())]


class HelpScreen(ModalScreen):
    BINDINGS = [("escape,f1,q", "app.pop_screen", "Close")]
    CSS_PATH = Path(__file__).parent.parent / "help.tcss"

    def __init__(self, first: str | None = None) -> None:
        super().__init__()
        self.first = first  # the family of the puzzle in front

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(self.help(), markup=False)

    def help(self) -> Group:
        parts = [Text("Puzzle workbench — keys (Esc closes)", style="bold")]
        parts += self.section("The app", "ctrl+p the command palette: every command by its "
                              "words", own_bindings(type(self.app)))
        parts += self.section("Every editor", "", own_bindings(PuzzleEditor))
        editors = sorted(families.editors().items(), key=lambda item: item[0] != self.first)
        for _, editor in editors:
            keys = own_bindings(editor) + (own_bindings(editor.grid_widget)
                                           if editor.grid_widget else [])
            parts += self.section(editor.family.title, editor.typing_help, keys)
        parts += [Text(""), Text(LEGEND)]
        return Group(*parts)

    def section(self, heading: str, text: str, bindings: list[Binding]) -> list:
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold", min_width=16)
        table.add_column()
        for binding in bindings:
            keys = " ".join(self.app.get_key_display(Binding(key.strip(), binding.action))
                            for key in binding.key.split(","))
            table.add_row(keys, binding.description)
        return [Text(""), Text(heading, style="bold underline")] + (
            [Text(text)] if text else []) + [table]
