"""The ナンクロ grid: numbers, blocks, given letters, a cursor, and highlights for the cells
whose letters are not fixed (two answers differ there); 二重マス cells are underlined."""

from __future__ import annotations

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Region
from textual.message import Message

from core.numcro import BLOCK, Puzzle
from tui.widgets.cell_grid import CellGrid
from tui.widgets.keys import ARROWS

CELL_WIDTH = 4
BLOCK_STYLE = Style(color="grey50")
GIVEN = Style(bold=True, color="cyan")
SOLUTION = Style(color="green")
CURSOR = Style(reverse=True)
DIFFERS = Style(color="black", bgcolor="yellow")
DEAD = Style(color="white", bgcolor="red")  # an entry no word fits
KEYWORD = Style(underline=True)  # 二重マス: a cell that spells the final word


class NumcroGrid(CellGrid):
    """Digits type a cell's number, space or # toggles a block, = sets the number's letter;
    in answer mode every other character is the cell's letter (the numbers follow). The
    screen decides what changes."""

    BINDINGS = [
        *ARROWS,
        Binding("space,number_sign", "block", "Block", show=False),
        Binding("backspace,delete", "erase", "Erase digit", show=False),
    ]
    # Edited: `value` is the cell's new number (BLOCK for a block, -1: a fresh number)

    class Typed(Message, bubble=False):
        """Answer mode: a letter typed into a cell ("" clears it)."""

        def __init__(self, cell: int, letter: str) -> None:
            self.cell, self.letter = cell, letter
            super().__init__()

    def __init__(self, puzzle: Puzzle, **kwargs) -> None:
        super().__init__(**kwargs)
        self.typing = False  # digits typed in a row build one number
        self.letters: list[str | None] | None = None  # answer mode: each cell's letter
        self.show(puzzle)

    def show(self, puzzle: Puzzle, differs=(), solution=None, dead=(),
             letters: list[str | None] | None = None) -> None:
        self.puzzle = puzzle
        self.differs = set(differs)
        self.solution = dict(solution) if solution else {}
        self.dead = set(dead)  # cells of entries no word fits
        self.letters = letters
        self.refresh(layout=True)

    def get_content_width(self, container, viewport) -> int:
        return CELL_WIDTH * self.puzzle.width

    def get_content_height(self, container, viewport, width) -> int:
        return self.puzzle.height

    def render(self) -> Text:
        p = self.puzzle
        givens = dict(p.givens)
        keyword = set(p.keyword)
        text = Text()
        for cell, number in enumerate(p.cells):
            if cell and cell % p.width == 0:
                text.append("\n")
            if number == BLOCK:
                glyph, style = "██", BLOCK_STYLE
            elif self.letters is not None:  # answer mode: the letters typed
                glyph = self.letters[cell] or "·"
                style = GIVEN if number in givens else Style()
            elif number in givens:
                glyph, style = givens[number], GIVEN
            elif number in self.solution:
                glyph, style = self.solution[number], SOLUTION
            else:
                glyph, style = str(number), Style()
            if cell in keyword:
                style = style + KEYWORD
            if cell in self.dead:
                style = style + DEAD
            elif number in self.differs:
                style = style + DIFFERS
            if cell == self.cursor and self.has_focus:
                style = style + CURSOR
            text.append(" " * (CELL_WIDTH - 1 - cell_len(glyph)) + glyph + " ", style)
        return text

    @property
    def rows_and_columns(self) -> tuple[int, int]:
        return self.puzzle.height, self.puzzle.width

    def watch_cursor(self) -> None:
        self.typing = False  # digits typed in another cell start a new number
        super().watch_cursor()

    def cell_region(self, cell: int) -> Region:
        r, c = divmod(cell, self.puzzle.width)
        padding = self.styles.padding
        return Region(padding.left + c * CELL_WIDTH, padding.top + r, CELL_WIDTH, 1)

    def cell_at(self, x: int, y: int) -> int | None:
        if x // CELL_WIDTH < self.puzzle.width and y < self.puzzle.height:
            return y * self.puzzle.width + x // CELL_WIDTH
        return None

    async def action_block(self) -> None:
        await self.send(self.Edited(self.cursor, BLOCK if self.number else -1))

    async def action_erase(self) -> None:
        if self.letters is not None:
            await self.send(self.Typed(self.cursor, ""))
        elif self.number:
            await self.send(self.Edited(self.cursor, self.number // 10 or -1))

    @property
    def number(self) -> int:
        return self.puzzle.cells[self.cursor]

    def entry(self, event: events.Key) -> Message | None:
        """Answer mode: any letter; else digits, which build one number as they are typed."""
        char = event.character
        if self.letters is not None:
            if char and char.isprintable() and char not in " #=-":
                return self.Typed(self.cursor, char)
            return None
        if not (char and char.isdigit() and char.isascii()):
            return None
        digit = int(char)
        value = self.number * 10 + digit if self.typing and self.number < 100 else digit
        if not value:
            return None
        self.typing = True
        return self.Edited(self.cursor, value)
