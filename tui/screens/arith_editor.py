"""The masked-arithmetic editor (虫食算, 覆面算): the calculation laid out as printed; every
cell takes a digit, a blank (* ? □) or a letter (kana and kanji too). After each edit the
side panel says unique / several (the cells where two answers differ, highlighted) / none,
and a unique calculation's level and first steps as a person solves it."""

from __future__ import annotations

from functools import partial

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container

from core import arith
from core.arith import shape
from core.arith.family import ARITH
from core.arith.formats import printed_cells
from core.counting import NONE, UNIQUE
from core.errors import ParseError
from core.family import Checked
from tui.screens.editor import PANEL_NAMES, PuzzleEditor, plural
from tui.widgets.layout_grid import LayoutGrid
from tui.widgets.status_panel import StatusPanel

TEMPLATE = "   ***\nx   **\n------\n   ***\n  ***\n------\n *****\n"  # every cell blank
HINT = ("type a digit, a blank (*) or a letter in a cell; Backspace blanks it; + and - make "
        "the row under the cursor a digit longer or shorter, F7/F8 add or take a row, F9 "
        "switches the operation; ctrl+g makes a new calculation")


class ArithEditor(PuzzleEditor):
    family = ARITH
    grid_widget = LayoutGrid
    new_puzzles = (("覆面算 SEND+MORE=MONEY (edit its letters)",
                    partial(arith.parse, "SEND+MORE=MONEY")),
                   ("虫食算 3x2 multiplication, every cell blank (fill it in)",
                    partial(arith.parse, TEMPLATE)))
    typing_help = HINT
    SLOTS = ("check", "rate")  # a unique calculation is rated in the pool after its check
    BINDINGS = [
        Binding("ctrl+r", "reveal", "Solution"),
        Binding("plus", "reshape('longer')", "Row +digit", show=False),
        Binding("minus", "reshape('shorter')", "Row -digit", show=False),
        Binding("f7", "reshape('more_rows')", "+Row", show=False),
        Binding("f8", "reshape('fewer_rows')", "-Row", show=False),
        Binding("f9", "reshape('switched')", "Operation"),
    ]

    def panes(self) -> ComposeResult:
        with Container(id="board"):
            yield LayoutGrid(self.text(), id="grid")
        yield StatusPanel(id="status")

    def on_mount(self) -> None:
        self.status.set_difficulty("", "", HINT)
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
        return (f"{name} · {plural(cells, 'cell')} · {plural(blanks, 'blank')} · "
                f"{plural(len(p.letters()), 'letter')}")

    def row_at_cursor(self) -> int:
        """The model row (in `rows()` order) the cursor stands on."""
        places = {at: cell for cell, at in printed_cells(self.puzzle).items()}
        return places.get(self.grid.at, (0, 0))[0]

    def action_reshape(self, change: str) -> None:
        """Change the calculation's shape in place (core.arith.shape): one step to undo."""
        try:
            if change in ("longer", "shorter"):
                puzzle = getattr(shape, change)(self.puzzle, self.row_at_cursor())
            else:
                puzzle = getattr(shape, change)(self.puzzle)
        except shape.ShapeError as error:
            self.say(str(error), "warning")
            return
        self.set_puzzle(puzzle)

    def commands(self):
        return super().commands() + [
            ("Row one digit longer", "The row under the cursor gains a digit at its front (+)",
             lambda: self.action_reshape("longer")),
            ("Row one digit shorter", "The row under the cursor loses its front digit (-)",
             lambda: self.action_reshape("shorter")),
            ("Add a row", "An operand more; a multiplication a multiplier digit (F7)",
             lambda: self.action_reshape("more_rows")),
            ("Take a row", "An operand fewer; a multiplication a multiplier digit (F8)",
             lambda: self.action_reshape("fewer_rows")),
            ("Switch operation", "Addition, subtraction, multiplication in turn (F9)",
             lambda: self.action_reshape("switched")),
        ]

    def entered(self, cell: int, value: str) -> arith.Puzzle | None:
        """A character typed into a cell: the calculation's text with it, read again (where
        it does not read, said, and nothing changes)."""
        lines = self.text().split("\n")
        y, x = self.grid.cells[cell]
        lines[y] = lines[y][:x] + value + lines[y][x + 1:]
        try:
            return arith.parse("\n".join(lines))
        except ParseError as error:
            self.say(f"{value!r} does not fit here: {error}", "warning")
            return None

    def checked(self) -> None:
        """A unique calculation's level and score from the steps a person takes, the first
        steps in words; several: the search's effort."""
        if not isinstance(self.last_check, Checked):
            return
        result = self.last_check.count
        if result.count == 1:
            self.status.set_difficulty("rating…", "", HINT)
            self.show_level(HINT)
        else:
            effort = f"search effort {plural(result.nodes, 'node')}" if result.count > 1 else ""
            self.status.set_difficulty(effort, "", HINT)

    def show_puzzle(self) -> None:
        self.grid.show(self.text())

    def check_details(self, verdict, count) -> str:
        if verdict.status == UNIQUE:
            key = shape.letter_key(self.puzzle, count.solution)
            shown = ("key: " + " ".join(f"{k}={v}" for k, v in sorted(key.items()))
                     if self.reveal and key else "ctrl+r shows the answer")
            return f"search effort {plural(count.nodes, 'node')}; {shown}"
        if verdict.status == NONE:
            return "no digits make this calculation right"
        return f"{verdict.where(PANEL_NAMES)} (highlighted)"

    def show_grid(self) -> None:
        """The calculation, the cells where two solutions differ, the answer when asked."""
        if not isinstance(self.last_check, Checked):
            self.grid.show(self.text())
            return
        result = self.last_check.count
        places = printed_cells(self.puzzle)  # model cells -> where they stand printed
        differs = [places[cell] for cell in result.differs] if result.count > 1 else []
        answer = result.solution if self.reveal else None
        self.grid.show(self.text(), differs,
                       self.text(arith.filled(self.puzzle, answer)) if answer else None)
