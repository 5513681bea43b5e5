"""A Sudoku variant in a terminal: thin and thick borders between every cell (regions in
thick lines), the marks between cells drawn in the borders (○ ● white/black dots, ┃/━ bars,
X V, < > ^ v), killer cages as tinted cells with the sum in the top-left one, extra regions
in a grey tint, thermometer and arrow bulbs, even (□) and odd (○) cells, the diagonals as
slants (╲ ╱), little killer and sandwich clues outside; rules without a place (disjoint,
anti-knight, anti-king, non-consecutive) are named in the editor's heading."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from core.variants.model import SYMBOLS, Variant, diagonal_cells

PLAIN, GIVEN, EMPTY = Style(), Style(bold=True), Style(dim=True)
CURSOR = Style(reverse=True)
SELECTED = Style(color="bright_white", bgcolor="#1f5f8f")  # cells picked for a cage or line
DIFFERS = Style(color="black", bgcolor="yellow")
SOLUTION = Style(color="green")
LINE = Style(color="grey35")
THICK = Style(color="bright_white", bold=True)  # region borders stand out
MARK = Style(color="bright_white", bold=True)
CAGE_TINTS = ("#3a3a5a", "#3a5a3a", "#5a3a3a", "#5a5a3a")
EXTRA_TINT = "#444444"  # windoku windows and other extra regions
SHAPE = Style(color="grey62")
SIDE = 3  # characters a cell is wide


class VariantsGrid(Widget, can_focus=True):
    DEFAULT_CSS = """
    VariantsGrid { width: auto; height: auto; padding: 0 1; }
    VariantsGrid:focus { background: $boost; }
    """
    BINDINGS = [
        Binding("up", "move(-1, 0)", "Up", show=False),
        Binding("down", "move(1, 0)", "Down", show=False),
        Binding("left", "move(0, -1)", "Left", show=False),
        Binding("right", "move(0, 1)", "Right", show=False),
        Binding("shift+up", "select(-1, 0)", "Select up", show=False),
        Binding("shift+down", "select(1, 0)", "Select down", show=False),
        Binding("shift+left", "select(0, -1)", "Select left", show=False),
        Binding("shift+right", "select(0, 1)", "Select right", show=False),
        Binding("delete,backspace,0,full_stop,space", "clear", "Clear", show=False),
    ]
    cursor: reactive[int] = reactive(0)

    class Edited(Message):
        def __init__(self, cell: int, value: int) -> None:
            self.cell, self.value = cell, value
            super().__init__()

    def __init__(self, puzzle: Variant, **kwargs) -> None:
        super().__init__(**kwargs)
        self.puzzle = puzzle
        self.differs: set[int] = set()
        self.solution = None
        self.selection: list[int] = []  # in the order picked: a thermo's bulb comes first

    def show(self, puzzle: Variant, differs=(), solution=None) -> None:
        resized = puzzle.size != self.puzzle.size or bool(
            puzzle.little or puzzle.sandwiches) != bool(self.puzzle.little
                                                       or self.puzzle.sandwiches)
        self.puzzle, self.differs, self.solution = puzzle, set(differs), solution
        self.refresh(layout=resized)

    @property
    def outside(self) -> int:
        """Rows and columns of clues around the grid."""
        return 1 if (self.puzzle.little or self.puzzle.sandwiches) else 0

    def get_content_width(self, container, viewport) -> int:
        return (self.puzzle.size * (SIDE + 1) + 1) + 2 * self.outside * (SIDE + 1)

    def get_content_height(self, container, viewport, width) -> int:
        return 2 * self.puzzle.size + 1 + 2 * self.outside

    def render_line(self, y: int) -> Strip:
        lines = self.lines()
        return lines[y] if y < len(lines) else Strip.blank(self.size.width)

    def lines(self) -> list[Strip]:
        n, pad = self.puzzle.size, self.outside
        clues = _outside_clues(self.puzzle)
        strips = []
        if pad:
            strips.append(self._clue_row(-1, clues))
        for r in range(n + 1):
            strips.append(self._border_row(r, clues if pad else None))
            if r < n:
                strips.append(self._cell_row(r, clues if pad else None))
        if pad:
            strips.append(self._clue_row(n, clues))
        return strips

    def plain(self) -> str:
        return "\n".join(strip.text for strip in self.lines())

    def _clue_row(self, r: int, clues) -> Strip:
        n = self.puzzle.size
        parts = [(" " * (SIDE + 1), PLAIN)]
        for c in range(n):
            parts.append((" " + clues.get((r, c), "").rjust(SIDE)[:SIDE], MARK))
        return _strip(parts)

    def _border_row(self, r: int, clues) -> Strip:
        p, n = self.puzzle, self.puzzle.size
        parts = [(" " * (SIDE + 1), PLAIN)] if clues is not None else []
        marks = _marks_between(p)
        for c in range(n):
            above = p.regions[(r - 1) * n + c] if r else None
            below = p.regions[r * n + c] if r < n else None
            thick = above != below
            parts.append(("┼" if 0 < r < n and 0 < c else ("━" if thick else "─"), LINE))
            line = "━" * SIDE if thick else "─" * SIDE
            mark = marks.get(((r - 1) * n + c, r * n + c)) if 0 < r < n else None
            style = THICK if thick else LINE
            if mark:
                parts += [(line[0], style), (mark, MARK), (line[2], style)]
            else:
                parts.append((line, style))
        parts.append(("┼" if 0 < r < n else "━", LINE))
        return _strip(parts)

    def _cell_row(self, r: int, clues) -> Strip:
        p, n = self.puzzle, self.puzzle.size
        marks = _marks_between(p)
        tint = _cage_tints(p)
        sums = {min(c.cells): c.total for c in p.cages if c.total is not None}
        shapes = _shapes(p)
        parts = [(clues.get((r, -1), "").rjust(SIDE) + " ", MARK)] if clues is not None else []
        for c in range(n):
            cell = r * n + c
            left = p.regions[cell - 1] if c else None
            mark = marks.get((cell - 1, cell)) if c else None
            wall = left != p.regions[cell]
            parts.append((mark or ("┃" if wall else "│"),
                          MARK if mark else (THICK if wall else LINE)))
            parts.append(self._cell(cell, tint.get(cell), sums.get(cell), shapes.get(cell)))
        parts.append(("┃", THICK))
        if clues is not None:
            parts.append((" " + clues.get((r, n), ""), MARK))
        return _strip(parts)

    def _cell(self, cell: int, tint, total, shape) -> tuple[str, Style]:
        v = self.puzzle.givens[cell]
        style = GIVEN if v else EMPTY
        if not v and self.solution is not None:
            v, style = self.solution[cell], SOLUTION
        text = f" {SYMBOLS[v - 1]} " if v else f" {shape or '·'} "
        if total is not None:
            text = f"{total:<2}{SYMBOLS[v - 1] if v else ' '}"[:SIDE] if total < 100 else text
        if tint:
            style = style + Style(bgcolor=tint)
        if cell in self.differs:
            style = style + DIFFERS
        if cell in self.selection:
            style = style + SELECTED
        if cell == self.cursor and self.has_focus:
            style = style + CURSOR
        return text, style

    def action_move(self, rows: int, cols: int) -> None:
        self.selection = []
        self.cursor = self._moved(rows, cols)

    def action_select(self, rows: int, cols: int) -> None:
        """Shift+arrows draw a path of cells from the cursor; going back a step undoes it."""
        if not self.selection:
            self.selection = [self.cursor]
        cell = self._moved(rows, cols)
        if len(self.selection) > 1 and self.selection[-2] == cell:
            self.selection.pop()
        elif cell not in self.selection:
            self.selection.append(cell)
        self.cursor = cell
        self.refresh()

    def _moved(self, rows: int, cols: int) -> int:
        n = self.puzzle.size
        r, c = divmod(self.cursor, n)
        return ((r + rows) % n) * n + (c + cols) % n

    def action_clear(self) -> None:
        self.post_message(self.Edited(self.cursor, 0))

    def on_key(self, event: events.Key) -> None:
        char = (event.character or "").upper()
        if len(char) == 1 and char in SYMBOLS[:self.puzzle.size]:
            event.stop()
            self.post_message(self.Edited(self.cursor, SYMBOLS.index(char) + 1))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        pad = self.outside
        r, c = (offset.y - 1 - 2 * pad) // 2, (offset.x - 1 - pad * (SIDE + 1)) // (SIDE + 1)
        if 0 <= r < self.puzzle.size and 0 <= c < self.puzzle.size:
            self.cursor = r * self.puzzle.size + c
            self.focus()

    def watch_cursor(self) -> None:
        self.refresh()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()


def _marks_between(p: Variant) -> dict[tuple[int, int], str]:
    n, found = p.size, {}
    for m in p.marks:
        a, b = min(m.a, m.b), max(m.a, m.b)
        vertical = b - a == n  # one above the other: the mark sits in the row border
        if m.kind == "white":
            glyph = "○"
        elif m.kind == "black":
            glyph = "●"
        elif m.kind == "bar":
            glyph = "┃" if vertical else "━"
        elif m.kind in ("x", "v"):
            glyph = m.kind.upper()
        else:
            glyph = ("^" if m.a == a else "v") if vertical else ("<" if m.a == a else ">")
        found[(a, b)] = glyph
    return found


def _cage_tints(p: Variant) -> dict[int, str]:
    """Cage cells tinted by cage; extra regions (windoku windows, ...) in their own tint."""
    found = {cell: EXTRA_TINT for region in p.extra for cell in region}
    return found | {cell: CAGE_TINTS[i % len(CAGE_TINTS)] for i, cage in enumerate(p.cages)
                    for cell in cage.cells}


def _shapes(p: Variant) -> dict[int, str]:
    """What an empty cell shows: thermometer bulbs and tubes, arrow bulbs and shafts,
    even and odd cells, and the diagonals' slants where nothing else is."""
    found = {}
    if "diagonal" in p.rules:
        found |= {c: "╲" for c in diagonal_cells(p.size)}
    if "antidiagonal" in p.rules:
        found |= {c: "╳" if c in found else "╱" for c in diagonal_cells(p.size, anti=True)}
    found |= {c: "□" for c in p.even} | {c: "○" for c in p.odd}
    for thermo in p.thermos:
        found |= {c: "┅" for c in thermo[1:]} | {thermo[0]: "◉"}
    for arrow in p.arrows:
        found |= {c: "→" for c in arrow.shaft} | {c: "◯" for c in arrow.bulb}
    return found


def _outside_clues(p: Variant) -> dict[tuple[int, int], str]:
    clues = {}
    for k in p.little:
        arrow = {"DR": "↘", "DL": "↙", "UR": "↗", "UL": "↖"}[k.direction]
        clues[(k.row, k.col)] = f"{k.total}{arrow}"
    for s in p.sandwiches:
        clues[(s.index, -1) if s.line == "row" else (-1, s.index)] = str(s.total)
    return clues


def _strip(parts) -> Strip:
    return Strip([Segment(text, style) for text, style in parts])
