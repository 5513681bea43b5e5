"""The Sudoku grid: box borders, a cursor, and the highlights the live check asks for."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from core.sudoku import SYMBOLS, Puzzle

CELL_WIDTH = 3
GIVEN = Style(bold=True)
EMPTY = Style(dim=True)
CURSOR = Style(reverse=True)
CLASH = Style(color="white", bgcolor="red", bold=True)
DIFFERS = Style(color="black", bgcolor="yellow")
REDUNDANT = Style(color="cyan", underline=True, bold=True)
SOLUTION = Style(color="green", dim=True)


class SudokuGrid(Widget, can_focus=True):
    """Shows a puzzle; typing posts `Edited`, the screen decides what changes."""

    DEFAULT_CSS = """
    SudokuGrid { width: auto; height: auto; padding: 0 1; }
    SudokuGrid:focus { background: $boost; }
    """
    BINDINGS = [
        Binding("up,k", "move(-1, 0)", "Up", show=False),
        Binding("down,j", "move(1, 0)", "Down", show=False),
        Binding("left,h", "move(0, -1)", "Left", show=False),
        Binding("right,l", "move(0, 1)", "Right", show=False),
        Binding("delete,backspace,0,full_stop,space", "clear", "Clear", show=False),
    ]

    cursor: reactive[int] = reactive(0)

    class Edited(Message):
        def __init__(self, cell: int, value: int) -> None:
            self.cell, self.value = cell, value
            super().__init__()

    def __init__(self, puzzle: Puzzle, **kwargs) -> None:
        super().__init__(**kwargs)
        self.puzzle = puzzle
        self.clashes: set[int] = set()
        self.differs: set[int] = set()
        self.redundant: set[int] = set()
        self.solution: tuple[int, ...] | None = None  # shown in empty cells when asked

    def show(self, puzzle: Puzzle, *, clashes=(), differs=(), redundant=(), solution=None):
        self.puzzle = puzzle
        self.clashes, self.differs, self.redundant = set(clashes), set(differs), set(redundant)
        self.solution = tuple(solution) if solution else None
        self.refresh(layout=True)

    @property
    def size_n(self) -> int:
        return self.puzzle.size

    def get_content_width(self, container, viewport) -> int:
        n, bc = self.size_n, self.puzzle.shape.box_cols
        return 1 + n * CELL_WIDTH + n // bc

    def get_content_height(self, container, viewport, width) -> int:
        n, br = self.size_n, self.puzzle.shape.box_rows
        return 1 + n + n // br

    def render(self) -> Text:
        n, br, bc = self.size_n, self.puzzle.shape.box_rows, self.puzzle.shape.box_cols
        stacks = n // bc
        text = Text()

        def rule(left: str, mid: str, right: str) -> None:
            text.append(left + mid.join("─" * (CELL_WIDTH * bc) for _ in range(stacks)) + right
                        + "\n")

        rule("┌", "┬", "┐")
        for r in range(n):
            if r and r % br == 0:
                rule("├", "┼", "┤")
            text.append("│")
            for c in range(n):
                text.append(*self._cell(r * n + c))
                if (c + 1) % bc == 0:
                    text.append("│")
            text.append("\n")
        rule("└", "┴", "┘")
        text.rstrip()
        return text

    def _cell(self, cell: int) -> tuple[str, Style]:
        v = self.puzzle.givens[cell]
        if v:
            glyph, style = SYMBOLS[v - 1], GIVEN
        elif self.solution is not None:
            glyph, style = SYMBOLS[self.solution[cell] - 1], SOLUTION
        else:
            glyph, style = "·", EMPTY
        if cell in self.clashes:
            style = style + CLASH
        elif cell in self.differs:
            style = style + DIFFERS
        elif cell in self.redundant:
            style = style + REDUNDANT
        if cell == self.cursor and self.has_focus:
            style = style + CURSOR
        return f" {glyph} ", style

    def cell_at(self, x: int, y: int) -> int | None:
        """The cell under a point of the widget's content, or None on a border."""
        n, br, bc = self.size_n, self.puzzle.shape.box_rows, self.puzzle.shape.box_cols
        row = _index_along(y, n, br, 1)
        col = _index_along(x, n, bc, CELL_WIDTH)
        return None if row is None or col is None else row * n + col

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        cell = self.cell_at(offset.x, offset.y)
        if cell is not None:
            self.cursor = cell
            self.focus()

    def watch_cursor(self) -> None:
        self.refresh()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_move(self, rows: int, cols: int) -> None:
        n = self.size_n
        r, c = divmod(self.cursor, n)
        self.cursor = ((r + rows) % n) * n + (c + cols) % n

    def action_clear(self) -> None:
        self.post_message(self.Edited(self.cursor, 0))

    def on_key(self, event: events.Key) -> None:
        char = event.character or ""
        if char in "hjkl":  # movement, even on grids with letter symbols
            return
        char = char.upper()
        if len(char) == 1 and char in SYMBOLS[:self.size_n]:
            event.stop()
            self.post_message(self.Edited(self.cursor, SYMBOLS.index(char) + 1))


def _index_along(offset: int, n: int, per_box: int, width: int) -> int | None:
    """Map a content offset to a cell index along one axis (borders between boxes count 1)."""
    position = offset - 1  # the outer border
    for index in range(n):
        if index and index % per_box == 0:
            position -= 1  # a box border
            if position < 0:
                return None
        if 0 <= position < width:
            return index
        position -= width
    return None
