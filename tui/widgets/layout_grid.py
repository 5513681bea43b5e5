"""A long calculation as printed (the arithmetic family's vertical text), each character in a
two-column slot so that kana and kanji line up with digits. The cursor moves over the cells
(digits, blanks, letters); rule lines, spaces and the operator are not cells."""

from __future__ import annotations

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

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


class LayoutGrid(Widget, can_focus=True):
    DEFAULT_CSS = """
    LayoutGrid { width: auto; height: auto; padding: 1 2; }
    LayoutGrid:focus { background: $boost; }
    """
    BINDINGS = [
        *ARROWS,
        Binding("delete,backspace", "clear", "Blank", show=False),
    ]

    cursor: reactive[int] = reactive(0)

    class Edited(Message):
        def __init__(self, line: int, column: int, value: str) -> None:
            self.line, self.column, self.value = line, column, value
            super().__init__()

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

    def action_move(self, dy: int, dx: int) -> None:
        if not self.cells:
            return
        y, x = self.at
        if dy == 0:
            same = [i for i, (cy, cx) in enumerate(self.cells)
                    if cy == y and (cx - x) * dx > 0]
            if same:
                self.cursor = min(same, key=lambda i: abs(self.cells[i][1] - x))
            return
        rows = sorted({cy for cy, _ in self.cells if (cy - y) * dy > 0}, key=lambda r: abs(r - y))
        if rows:
            near = [i for i, (cy, _) in enumerate(self.cells) if cy == rows[0]]
            self.cursor = min(near, key=lambda i: abs(self.cells[i][1] - x))

    def action_clear(self) -> None:
        if self.cells:
            self.post_message(self.Edited(*self.at, BLANK))

    def on_key(self, event: events.Key) -> None:
        ch = event.character
        if self.cells and ch and ch.isprintable() and ch not in NOT_CELLS + "#+":
            event.stop()
            self.post_message(self.Edited(*self.at, ch))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is not None and (offset.y, offset.x // 2) in self.cells:
            self.cursor = self.cells.index((offset.y, offset.x // 2))
            self.focus()

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

    def watch_cursor(self) -> None:
        self.refresh()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
