"""The Sudoku grid: box borders, a cursor, the highlights the live check asks for, and a
candidates view (pencil marks as a small grid of digits in each empty cell, the standard look;
grids larger than 9x9 show them in a compact line) with a logical step's highlights."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region
from textual.strip import Strip

from core.candidates import TrueCandidates
from core.sudoku import SYMBOLS, Puzzle
from tui.candidates_view import shade
from tui.widgets.cell_grid import CLEAR, MOVES, SymbolGrid
from tui.widgets.keys import ARROWS, VI_MOVES

PLAIN = Style()
GIVEN = Style(bold=True)
PLACED = Style(color="cyan")  # filled in by logic before the step shown
EMPTY = Style(dim=True)
MARK = Style(dim=True)
OWN_MARK = Style(color="magenta")  # the author's own pencil marks
CURSOR = Style(reverse=True)
CLASH = Style(color="white", bgcolor="red", bold=True)
DIFFERS = Style(color="black", bgcolor="yellow")
REDUNDANT = Style(color="cyan", underline=True, bold=True)
SOLUTION = Style(color="green", dim=True)
USED = Style(bgcolor="dark_blue")  # the cells a step reasons from
PLACING = Style(color="black", bgcolor="green", bold=True)  # the cell a step fills
STRUCK = Style(color="red", strike=True, bold=True)  # a candidate the step eliminates
MINI_GRID_UP_TO = 9  # larger grids show candidates on one line
MARKS_AFTER = 0.04  # seconds: a typed given first, then the marks it changes


@dataclass
class Marks:
    """What the candidates view shows: computed pencil marks, the author's own, and a step's
    highlights."""

    computed: list[int] | None = None  # bit v-1 for symbol v, per cell; None: view off
    own: dict[int, int] = field(default_factory=dict)
    values: tuple[int, ...] | None = None  # the board before the step shown
    used: frozenset[int] = frozenset()
    placing: frozenset[int] = frozenset()
    struck: frozenset[tuple[int, int]] = frozenset()  # (cell, symbol)
    true: TrueCandidates | None = None  # `computed` are true candidates: shaded by support


class SudokuGrid(SymbolGrid):
    """Shows a puzzle; typing a symbol enters it (`Edited`, 0: cleared); the editor decides
    what that changes (a given, or in pencil mode the author's mark)."""

    BINDINGS = [
        *ARROWS,
        CLEAR,
    ]
    MOVE_KEYS = MOVES | VI_MOVES  # h j k l move, even on grids with letter symbols

    def __init__(self, puzzle: Puzzle, **kwargs) -> None:
        super().__init__(**kwargs)
        self.puzzle = puzzle
        self.clashes: set[int] = set()
        self.differs: set[int] = set()
        self.redundant: set[int] = set()
        self.solution: tuple[int, ...] | None = None  # shown in empty cells when asked
        self.marks = Marks()
        self._strips: list[Strip] | None = None  # the lines drawn, until the next change

    def show(self, puzzle: Puzzle, *, clashes=(), differs=(), redundant=(), solution=None,
             marks: Marks | None = None):
        size = (self.size_n, self.cell_width, self.cell_height)
        changed = [c for c, (a, b) in enumerate(zip(self.puzzle.givens, puzzle.givens,
                                                    strict=False)) if a != b]
        self.puzzle = puzzle
        self.clashes, self.differs, self.redundant = set(clashes), set(differs), set(redundant)
        self.solution = tuple(solution) if solution else None
        if marks is not None:
            self.marks = marks
        if size != (self.size_n, self.cell_width, self.cell_height):
            self.refresh(layout=True)  # a layout pass only when the grid's size changes
        elif len(changed) == 1 and self.marks.computed is not None:
            # one given typed with the marks shown: its cell is drawn at once, and the marks
            # of its row, column and box (nearly every line) a moment later
            self.refresh(self.cell_region(changed[0]))
            self.set_timer(MARKS_AFTER, self.refresh)
        else:
            self.refresh()

    def cell_region(self, cell: int) -> Region:
        n, br, bc = self.size_n, self.puzzle.shape.box_rows, self.puzzle.shape.box_cols
        r, c = divmod(cell, n)
        x = self.styles.padding.left + 1 + c * self.cell_width + c // bc
        y = 1 + r * self.cell_height + r // br
        return Region(x, y, self.cell_width, self.cell_height)

    @property
    def size_n(self) -> int:
        return self.puzzle.size

    @property
    def mini(self) -> bool:
        """Candidates as a small grid of digits in each cell."""
        return self.marks.computed is not None and self.size_n <= MINI_GRID_UP_TO

    @property
    def cell_width(self) -> int:
        if self.marks.computed is None:
            return 3
        return self.puzzle.shape.box_cols + 2 if self.mini else 6

    @property
    def cell_height(self) -> int:
        return self.puzzle.shape.box_rows if self.mini else 1

    def get_content_width(self, container, viewport) -> int:
        n, bc = self.size_n, self.puzzle.shape.box_cols
        return 1 + n * self.cell_width + n // bc

    def get_content_height(self, container, viewport, width) -> int:
        n, br = self.size_n, self.puzzle.shape.box_rows
        return 1 + n * self.cell_height + n // br

    def render_line(self, y: int) -> Strip:
        """One line of the grid (Textual's line API: no text layout, each line built once
        per change and kept until the next)."""
        if self._strips is None:
            self._strips = self._lines()
        return self._strips[y] if y < len(self._strips) else Strip.blank(self.size.width)

    def _lines(self) -> list[Strip]:
        n, br, bc = self.size_n, self.puzzle.shape.box_rows, self.puzzle.shape.box_cols
        stacks, width = n // bc, self.cell_width

        def rule(left: str, mid: str, right: str) -> Strip:
            line = left + mid.join("─" * (width * bc) for _ in range(stacks)) + right
            return Strip([Segment(line)], len(line))

        strips = [rule("┌", "┬", "┐")]
        for r in range(n):
            if r and r % br == 0:
                strips.append(rule("├", "┼", "┤"))
            for line in range(self.cell_height):
                parts = [("│", PLAIN)]
                for c in range(n):
                    parts += self._cell(r * n + c, line)
                    if (c + 1) % bc == 0:
                        parts.append(("│", PLAIN))
                strips.append(_strip(parts))
        strips.append(rule("└", "┴", "┘"))
        return strips

    def plain(self) -> str:
        """The grid as plain text, a line a row of the screen."""
        return "\n".join(strip.text for strip in self._lines())

    def refresh(self, *regions, layout: bool = False, **kwargs):
        self._strips = None  # whatever changed, the lines are built again
        return super().refresh(*regions, layout=layout, **kwargs)

    def _value(self, cell: int) -> tuple[int, Style]:
        """The symbol a cell shows, and its style (0: empty)."""
        v = self.puzzle.givens[cell]
        if v:
            return v, GIVEN
        placed = self.marks.values[cell] if self.marks.values else 0
        if placed:
            return placed, PLACED
        if self.solution is not None:
            return self.solution[cell], SOLUTION
        return 0, EMPTY

    def _cell(self, cell: int, line: int) -> list[tuple[str, Style]]:
        """The parts of one line of a cell, each with its style."""
        v, style = self._value(cell)
        base = self._highlight(cell)
        if self.marks.computed is None:
            parts = [(f" {SYMBOLS[v - 1] if v else '·'} ", style + base)]
        elif v:  # the symbol in the middle line; the blank lines share the marks' style
            if line == self.cell_height // 2:
                parts = [(SYMBOLS[v - 1].center(self.cell_width), style + base)]
            else:
                parts = [(" " * self.cell_width, base + MARK)]
        else:
            parts = self._marks_line(cell, line, base)
        if cell == self.cursor and self.has_focus:
            parts = [(part, style + CURSOR) for part, style in parts]
        return parts

    def _highlight(self, cell: int) -> Style:
        if cell in self.clashes:
            return CLASH
        if cell in self.marks.placing:
            return PLACING
        if cell in self.differs:
            return DIFFERS
        if cell in self.marks.used:
            return USED
        if cell in self.redundant:
            return REDUNDANT
        return Style()

    def _marks_line(self, cell: int, line: int, base: Style) -> list[tuple[str, Style]]:
        own = cell in self.marks.own
        mask = self.marks.own[cell] if own else self.marks.computed[cell]
        plain = base + (OWN_MARK if own else MARK)
        if not self.mini:  # one line: the marks when few, else how many
            symbols = [SYMBOLS[v] for v in range(self.size_n) if mask >> v & 1]
            shown = "".join(symbols) if len(symbols) <= 4 else f"({len(symbols)})"
            return [(shown.center(self.cell_width), plain)]
        cols = self.puzzle.shape.box_cols
        first = line * cols + 1
        if self.marks.true is not None and not own:
            true = self.marks.true
            return [(" ", plain)] + [
                (SYMBOLS[v - 1], base + shade(true, cell, v)) if mask >> (v - 1) & 1
                else (" ", plain) for v in range(first, first + cols)] + [(" ", plain)]
        marks = "".join(SYMBOLS[v - 1] if mask >> (v - 1) & 1 else " "
                        for v in range(first, first + cols))
        struck = [v for v in range(first, first + cols) if (cell, v) in self.marks.struck]
        if not struck:  # the usual case: the cell's line is one run of one style
            return [(f" {marks} ", plain)]
        return [(" ", plain)] + [(ch, base + STRUCK if first + i in struck else plain)
                                 for i, ch in enumerate(marks)] + [(" ", plain)]

    def cell_at(self, x: int, y: int) -> int | None:
        n, br, bc = self.size_n, self.puzzle.shape.box_rows, self.puzzle.shape.box_cols
        row = _index_along(y, n, br, self.cell_height)
        col = _index_along(x, n, bc, self.cell_width)
        return None if row is None or col is None else row * n + col

    @property
    def rows_and_columns(self) -> tuple[int, int]:
        return self.size_n, self.size_n

    @property
    def symbols(self) -> str:
        return SYMBOLS[:self.size_n]


def _strip(parts: list[tuple[str, Style]]) -> Strip:
    """A line from (text, style) parts, one segment per run of a style."""
    segments, run, run_style = [], [], None
    for part, style in parts:
        if style != run_style and run:
            segments.append(Segment("".join(run), run_style))
            run = []
        run_style = style
        run.append(part)
    if run:
        segments.append(Segment("".join(run), run_style))
    return Strip(segments)


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
