"""A long calculation as printed (the arithmetic family's vertical text), each character in a
two-column slot so that kana and kanji line up with digits. The cursor moves over the cells
(digits, blanks, letters); rule lines, spaces and the operator are not cells."""

from __future__ import annotations

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Region
from textual.message import Message

from tui.widgets.cell_grid import CellGrid
from tui.widgets.keys import ARROWS

PLAIN = Style()
CURSOR = Style(reverse=True)
DIFFERS = Style(color="black", bgcolor="yellow")
BLANK_STYLE = Style(dim=True)
SOLUTION = Style(color="green")
NOT_CELLS = " -)"
OPERATORS = "+x×-"
BLANK = "*"


def cells_of(lines: list[str]) -> list[tuple[int, int]]:
    """(line, column) of every cell, in reading order."""
    found = []
    for y, line in enumerate(lines):
        if line.startswith("#"):
            continue  # `# extra:` side conditions
        for x, ch in enumerate(line):
            if ch not in NOT_CELLS and not (x == 0 and ch in OPERATORS):
                found.append((y, x))
    return found


class LayoutGrid(CellGrid):
    """The cursor moves over the calculation's cells (`cells`, in reading order); a
    character typed is `Edited(cell, character)`."""

    BINDINGS = [
        *ARROWS,
        Binding("delete,backspace", "clear", "Blank", show=False),
    ]

    def __init__(self, text: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.show(text)

    def show(self, text: str, differs=(), solution: str | None = None) -> None:
        self.lines = text.rstrip("\n").split("\n")
        self.cells = cells_of(self.lines)
        self.differs = set(differs)
        self.solution = solution.rstrip("\n").split("\n") if solution else None
        self.cursor = min(self.cursor, max(len(self.cells) - 1, 0))
        self.refresh(layout=True)

    @property
    def at(self) -> tuple[int, int]:
        return self.cells[self.cursor]

    def moved(self, dy: int, dx: int) -> int:
        """The nearest cell in that direction: along the line, or on the next line that has
        cells, under the cursor's column as near as it can be."""
        if not self.cells:
            return self.cursor
        y, x = self.at
        if dy == 0:
            same = [i for i, (cy, cx) in enumerate(self.cells)
                    if cy == y and (cx - x) * dx > 0]
            return min(same, key=lambda i: abs(self.cells[i][1] - x), default=self.cursor)
        rows = sorted({cy for cy, _ in self.cells if (cy - y) * dy > 0}, key=lambda r: abs(r - y))
        if not rows:
            return self.cursor
        near = [i for i, (cy, _) in enumerate(self.cells) if cy == rows[0]]
        return min(near, key=lambda i: abs(self.cells[i][1] - x))

    async def action_clear(self) -> None:
        if self.cells:
            await self.send(self.Edited(self.cursor, BLANK))

    def entry(self, event: events.Key) -> Message | None:
        ch = event.character
        if self.cells and ch and ch.isprintable() and ch not in NOT_CELLS + "#+":
            return self.Edited(self.cursor, ch)
        return None

    def cell_region(self, cell: int) -> Region:
        y, x = self.cells[cell] if self.cells else (0, 0)
        padding = self.styles.padding
        return Region(padding.left + 2 * x, padding.top + y, 2, 1)

    def cell_at(self, x: int, y: int) -> int | None:
        return self.cells.index((y, x // 2)) if (y, x // 2) in self.cells else None

    def get_content_width(self, container, viewport) -> int:
        return 2 * max((len(line) for line in self.lines), default=1)

    def get_content_height(self, container, viewport, width) -> int:
        return len(self.lines)

    def render(self) -> Text:
        text = Text()
        cursor = self.at if self.cells else None
        cells = set(self.cells)
        run, run_style = [], None  # characters of one style go in as one span
        for y, line in enumerate(self.lines):
            if y:
                run.append("\n")
            for x, ch in enumerate(line):
                shown, style = ch, PLAIN
                if self.solution and not ch.isdigit() and (y, x) in cells and y < len(
                        self.solution) and x < len(self.solution[y]):  # blanks and letters
                    shown, style = self.solution[y][x], SOLUTION
                elif ch == BLANK:
                    style = BLANK_STYLE
                if (y, x) in self.differs:
                    style = DIFFERS
                if (y, x) == cursor and self.has_focus:
                    style = style + CURSOR
                if style != run_style:
                    text.append("".join(run), run_style)
                    run, run_style = [], style
                run.append(shown + " " * (2 - cell_len(shown)))
        text.append("".join(run), run_style)
        return text
