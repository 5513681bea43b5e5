"""The masked-arithmetic editor (虫食算, 覆面算): the calculation laid out as printed; every
cell takes a digit, a blank (* ? □) or a letter (kana and kanji too). After each edit the
side panel says unique / several (the cells where two answers differ, highlighted) / none."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Footer, Header

from core import arith
from core.arith.family import ARITH
from core.arith.formats import printed_cells
from core.errors import ParseError
from tui.screens.editor import PuzzleEditor
from tui.widgets.layout_grid import LayoutGrid
from tui.widgets.status_panel import StatusPanel


class ArithEditor(PuzzleEditor):
    family = ARITH
    BINDINGS = [Binding("ctrl+r", "reveal", "Solution")]
    CSS = "ArithEditor Horizontal { height: 1fr; }"

    def __init__(self, puzzle: arith.Puzzle, path: str | None = None,
                 saved_text: str | None = None) -> None:
        super().__init__(puzzle, path, saved_text)

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            yield LayoutGrid(self.text(), id="grid")
            yield StatusPanel(id="status")
        yield Footer()

    def on_mount(self) -> None:
        self.grid.focus()
        self.status.set_difficulty("", "", "type a digit, a blank (*) or a letter in a cell;\n"
                                   "Backspace blanks it; ctrl+g makes a new calculation")
        super().on_mount()

    @property
    def grid(self) -> LayoutGrid:
        return self.query_one(LayoutGrid)

    def describe(self) -> str:
        p = self.puzzle
        name = {"add": "addition", "sub": "subtraction", "mul": "multiplication",
                "div": "division"}[p.op]
        cells = sum(len(row) for _, row in p.rows())
        blanks = sum(row.count(arith.BLANK) for _, row in p.rows())
        return f"{name} · {cells} cells · {blanks} blanks · {len(p.letters())} letters"

    def on_layout_grid_edited(self, event: LayoutGrid.Edited) -> None:
        lines = self.text().split("\n")
        line = lines[event.line]
        lines[event.line] = line[:event.column] + event.value + line[event.column + 1:]
        try:
            puzzle = arith.parse("\n".join(lines))
        except ParseError as error:
            self.notify(f"{event.value!r} does not fit here: {error}", severity="warning")
            return
        self.last_check = None
        self.set_puzzle(puzzle)

    def show_puzzle(self) -> None:
        self.grid.show(self.text())

    def show_check(self) -> None:
        if self.check_failed():
            return
        result = self.last_check.count
        found, differs = result.count, []
        if found == 1:
            self.status.set_uniqueness("✓ unique", "unique", "ctrl+r shows the answer")
        elif found == 0:
            self.status.set_uniqueness("✗ no solution", "none",
                                       "no digits make this calculation right")
        else:
            places = printed_cells(self.puzzle)  # model cells -> where they stand printed
            differs = [places[cell] for cell in result.differs]
            names = self.family.cell_names(self.puzzle, result.differs)
            self.status.set_uniqueness("⚠ several solutions", "several",
                                       f"two answers differ in {', '.join(names)} "
                                       "(highlighted)")
        answer = result.solution if self.reveal else None
        self.grid.show(self.text(), differs,
                       self.text(arith.filled(self.puzzle, answer)) if answer else None)
