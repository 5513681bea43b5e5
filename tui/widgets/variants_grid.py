"""A Sudoku variant in a terminal: thin and thick borders between every cell (regions in
thick lines), the marks between cells drawn in the borders (○ ● white/black dots, their
difference or ratio on white or grey when not the usual, ┃/━ bars, X V, < > ^ v), the
shapes a record of core.variants.shapes tints as tinted cells (no two neighbouring ones alike)
outlined in dashes (╌ ╎) where no region wall runs, a number in a cell's corner raised (¹⁵)
and coloured, region shapes in a
grey tint, thermometer and arrow bulbs, even (□) and odd (○) cells, the diagonals as slants (╲ ╱);
today's lines in their print colours as the glyph of their kind's record (core.variants.kinds)
in their empty cells, its marks on their ends, a tint, and connectors through the borders
between their cells (━ ┃ ╲ ╱);
corner clues' digits on their corner; twin shapes tinted alike (≡); marked cells tinted (↕ row,
↔ column, ⊞ box); chevrons beside minimum (›·‹) and maximum (‹·›) cells; a setter's given
candidates in an empty cell (up to three digits, else two and …); little killer, sandwich,
X-sum (x15) and skyscraper (▲3) clues in the margins. Rules without a place (disjoint,
anti-knight, anti-king, non-consecutive) are named in the editor's heading; `legend` names
what the grid shows."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.geometry import Region
from textual.strip import Strip

from core.candidates import TrueCandidates
from core.variants.cell_clues import EXTREMES, PARITY
from core.variants.custom import RULE_KINDS, every_rule
from core.variants.drawing import line_color, line_word, rule_label
from core.variants.grid_rules import SLANTS
from core.variants.groups import CORNERS, PENCILS, REGIONS, TWINS, WAYS
from core.variants.kinds import LINES
from core.variants.marks import MARKS
from core.variants.model import SYMBOLS, Variant, symbol
from core.variants.outside import OUTSIDE
from core.variants.shapes import SHAPES
from tui.candidates_view import shade
from tui.widgets.cell_grid import CLEAR, MOVES, SymbolGrid
from tui.widgets.keys import ARROWS

PLAIN, GIVEN, EMPTY = Style(), Style(bold=True), Style(dim=True)
CURSOR = Style(reverse=True)
SELECTED = Style(color="bright_white", bgcolor="#1f5f8f")  # cells picked for a shape or line
PENDING = Style(color="bright_white", bgcolor="#5f3f8f")  # a twin's first shape, waiting
DIFFERS = Style(color="black", bgcolor="yellow")
SOLUTION = Style(color="green")
LINE = Style(color="grey35")
THICK = Style(color="bright_white", bold=True)  # region borders stand out
MARK = Style(color="bright_white", bold=True)
CANDIDATES = Style(color="cyan", italic=True)
CIRCLED = Style(color="black", bgcolor="bright_white", bold=True)  # a white circle's digits
# a dot with a number, by whether the dot is filled (a black one)
DOT_VALUES = {False: CIRCLED, True: Style(color="bright_white", bgcolor="grey42", bold=True)}
OUTLINE_TINTS = ("#3a3a5a", "#3a5a3a", "#5a3a3a", "#5a5a3a", "#3a5a5a", "#5a3a5a")
OUTLINE_EDGE = Style(color="#e0c060", bold=True)  # a shape's outline where no region wall is
CORNER_SUM = Style(color="#e0c060", italic=True)  # a number in a cell's corner: small raised digits
SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
SHAPE_TINT = "#383838"  # a thermometer's or arrow's cells in the true-candidates view
SHAPE = Style(color="grey62")
REDUNDANT = Style(underline=True)  # a given that could go
STEP_PLACED = Style(color="cyan", bold=True)  # digits the logic placed before the step shown
STEP_USES = Style(bgcolor="#1f4f6f")  # the cells the step reasons from
STEP_SETS = Style(color="black", bgcolor="green3")  # the cell it places a digit in
STEP_RULES_OUT = Style(color="black", bgcolor="#d08040")  # cells it takes candidates from
SIDE = 3  # characters a cell is wide
TALL = 3  # lines a cell is high in the true-candidates view


def _junctions() -> dict[tuple[int, int, int, int], str]:
    """Box-drawing characters by the weight of their arms (up, down, left, right; 0 none,
    1 light, 2 heavy), read from their Unicode names ("BOX DRAWINGS DOWN LIGHT AND RIGHT
    HEAVY"): a weight covers the directions of its part of the name, or of the whole name."""
    import unicodedata

    sides = {"UP": (0,), "DOWN": (1,), "LEFT": (2,), "RIGHT": (3,), "VERTICAL": (0, 1),
             "HORIZONTAL": (2, 3)}
    found = {}
    for code in range(0x2500, 0x2550):
        words = unicodedata.name(chr(code)).removeprefix("BOX DRAWINGS ").split()
        if not set(words) <= {*sides, "LIGHT", "HEAVY", "AND"}:
            continue  # dashes
        arms, shared = [0] * 4, next(w for w in words if w in ("LIGHT", "HEAVY"))
        for part in " ".join(words).split(" AND "):
            weights = [w for w in part.split() if w in ("LIGHT", "HEAVY")]
            weight = 2 if (weights[0] if weights else shared) == "HEAVY" else 1
            for word in part.split():
                for side in sides.get(word, ()):
                    arms[side] = weight
        found.setdefault(tuple(arms), chr(code))
    return found


JUNCTIONS = _junctions()
# What an empty cell of a line shows (its ends: the record's glyph_ends)
LINE_GLYPHS = {name: kind.glyph for name, kind in LINES.items()}  # each kind's record's
# rules no kind names: their record's glyph in these colours, a dot on a line's first cell,
# and their rule in the legend (the grid has no room to write it beside them)
RULE_COLOURS = {"either": "#c8c8c8", "relation": "#c8c8c8", "pattern": "#6fb3e0",
                "pairs": "#b58fe0", "sums": "#7fd08f", "contains": "#e0a070",
                "atleast": "#e0a070"}
RULE_START = "•"
OUTSIDE_MARKS = {name: kind.glyph for name, kind in OUTSIDE.items()}


class VariantsGrid(SymbolGrid):
    """Digits enter givens (`Edited`); shift+arrows pick a path of cells (`selection`) for the
    editor's tools."""

    BINDINGS = [
        *ARROWS,
        Binding("shift+up,shift+down,shift+left,shift+right", "select", "Pick cells",
                show=False),
        CLEAR,
    ]
    PICK_KEYS = {f"shift+{key}": step for key, step in MOVES.items()}

    def __init__(self, puzzle: Variant, **kwargs) -> None:
        super().__init__(**kwargs)
        self.puzzle = puzzle
        self.differs: set[int] = set()
        self.solution = None
        self.selection: list[int] = []  # in the order picked: a thermo's bulb comes first
        self.pending: tuple[int, ...] = ()  # a twin's first shape, until the second is picked
        self.redundant: frozenset[int] = frozenset()
        self.step: StepView | None = None
        self.tall = False  # the true-candidates view: three lines a cell, digits 1-9 in them
        self.true: TrueCandidates | None = None  # what it shows (None: not known yet)

    def show(self, puzzle: Variant, differs=(), solution=None, redundant=(),
             step: StepView | None = None, tall: bool = False,
             true: TrueCandidates | None = None) -> None:
        """The puzzle, the cells where two solutions differ, a solution, the givens that
        could go (underlined), or the stepper's board; `tall`: the true-candidates view."""
        resized = (puzzle.size != self.puzzle.size or tall != self.tall
                   or margins(puzzle) != margins(self.puzzle))
        self.puzzle, self.differs, self.solution = puzzle, set(differs), solution
        self.redundant, self.step, self.tall, self.true = frozenset(redundant), step, tall, true
        self.refresh(layout=resized)

    @property
    def row_height(self) -> int:
        return TALL if self.tall else 1

    def get_content_width(self, container, viewport) -> int:
        _, _, left, right = margins(self.puzzle)
        return self.puzzle.size * (SIDE + 1) + 1 + (left + right) * (SIDE + 1)

    def get_content_height(self, container, viewport, width) -> int:
        top, bottom, _, _ = margins(self.puzzle)
        return (self.row_height + 1) * self.puzzle.size + 1 + top + bottom

    def render_line(self, y: int) -> Strip:
        lines = self.lines()
        return lines[y] if y < len(lines) else Strip.blank(self.size.width)

    def lines(self) -> list[Strip]:
        n, look = self.puzzle.size, _look(self.puzzle)
        top, bottom, _, _ = look.margins
        rows = [self._clue_row(-1, look)] if top else []
        for r in range(n + 1):
            rows.append(self._border_row(r, look))
            if r < n:
                rows += [self._cell_row(r, look, line) for line in range(self.row_height)]
        if bottom:
            rows.append(self._clue_row(n, look))
        return [_strip(row) for row in rows]

    def plain(self) -> str:
        return "\n".join(strip.text for strip in self.lines())

    def _margin(self, r: int, c: int, look: _Look) -> list:
        """The margin left (c = -1) or right (c = n) of row r, as wide as a cell and its wall:
        its clue, right-aligned on the left; nothing when that side has no clue."""
        _, _, left, right = look.margins
        if not (left if c < 0 else right):
            return []
        text = look.clues.get((r, c), "")
        if c < 0:  # a space before the wall, unless the clue needs it
            text = (text + " " if len(text) <= SIDE else text).rjust(SIDE + 1)[-SIDE - 1:]
        else:
            text = (" " + text)[:SIDE + 1]
        return [(ch, MARK) for ch in text.ljust(SIDE + 1)]

    def _clue_row(self, r: int, look: _Look) -> list:
        n = self.puzzle.size
        row = self._margin(r, -1, look)
        for c in range(n):
            row += [(ch, MARK) for ch in look.clues.get((r, c), "").rjust(SIDE + 1)[-SIDE - 1:]]
        return row + [(" ", PLAIN)] + self._margin(r, n, look)

    def _border_row(self, r: int, look: _Look) -> list:
        p, n = self.puzzle, self.puzzle.size
        row = [(" ", PLAIN)] * (SIDE + 1) if look.margins[2] else []
        start = len(row)
        for c in range(n + 1):
            row.append(look.links.get(("corner", r, c)) or self._junction(r, c))
            if c == n:
                break
            above = p.regions[(r - 1) * n + c] if r else None
            below = p.regions[r * n + c] if r < n else None
            thick = above != below
            pair = ((r - 1) * n + c, r * n + c)
            line, style = ("━", THICK) if thick else (
                ("╌", OUTLINE_EDGE) if pair in look.outline_walls else ("─", LINE))
            middle = look.marks.get(pair) if 0 < r < n else None
            above_cell = [(line, style), middle or look.links.get(pair, (line, style)),
                          (line, style)]
            total = look.sums.get(r * n + c) if self.tall and r < n else None
            if total is not None:  # the number on the shape's top wall: the cell holds digits
                above_cell[:len(str(total))] = [(ch, CORNER_SUM) for ch in str(total)[:SIDE]]
            row += above_cell
        for (qr, qc), digits in look.corners.items():  # over the corner, centred
            if qr == r:
                at = start + qc * (SIDE + 1) - (len(digits) - 1) // 2 - (len(digits) == 4)
                row[at:at + len(digits)] = [(d, CIRCLED) for d in digits]
        return row

    def _junction(self, r: int, c: int) -> tuple[str, Style]:
        """Where the walls round the corner at the top left of cell (r, c) meet: each of the
        four a thick wall (the edge, or between regions), a thin one, or none (outside)."""
        p, n = self.puzzle, self.puzzle.size

        def weight(a: tuple[int, int], b: tuple[int, int]) -> int:
            inside = [x * n + y for x, y in (a, b) if 0 <= x < n and 0 <= y < n]
            if not inside:
                return 0
            return 2 if len(inside) == 1 or p.regions[inside[0]] != p.regions[inside[1]] else 1
        arms = (weight((r - 1, c - 1), (r - 1, c)), weight((r, c - 1), (r, c)),  # up, down
                weight((r - 1, c - 1), (r, c - 1)), weight((r - 1, c), (r, c)))  # left, right
        return JUNCTIONS.get(arms, "┼"), THICK if 2 in arms else LINE

    def _cell_row(self, r: int, look: _Look, line: int = 0) -> list:
        """One line of row r's cells (`line` of the row's lines; the marks, connectors and
        margin clues on the middle one)."""
        p, n = self.puzzle, self.puzzle.size
        middle = line == self.row_height // 2
        row = self._margin(r, -1, look) if middle else self._blank_margin(-1, look)
        for c in range(n):
            cell = r * n + c
            mark = look.marks.get((cell - 1, cell)) if c and middle else None
            wall = c == 0 or p.regions[cell - 1] != p.regions[cell]
            plain = ("┃", THICK) if wall else (
                ("╎", OUTLINE_EDGE) if (cell - 1, cell) in look.outline_walls else ("│", LINE))
            link = look.links.get((cell - 1, cell), plain) if middle else plain
            row.append(mark or link if c else plain)
            row += self._cell(cell, look) if middle or not self.tall else self._cell(
                cell, look, line)
        row.append(("┃", THICK))
        return row + (self._margin(r, n, look) if middle else self._blank_margin(n, look))

    def _blank_margin(self, c: int, look: _Look) -> list:
        _, _, left, right = look.margins
        return [(" ", PLAIN)] * (SIDE + 1) if (left if c < 0 else right) else []

    def _cell(self, cell: int, look: _Look, line: int | None = None) -> list:
        """The cell's three characters: its digit (a number in its corner before it), or what
        an empty cell shows, between the chevrons of a minimum or maximum; tinted, then marked. In
        the true-candidates view, `line` of an empty cell's digits (the middle one when
        None)."""
        v = self.puzzle.givens[cell]
        style = GIVEN + (REDUNDANT if cell in self.redundant else PLAIN) if v else EMPTY
        if not v and self.step is not None and self.step.values[cell]:
            v, style = self.step.values[cell], STEP_PLACED
        elif not v and self.solution is not None:
            v, style = self.solution[cell], SOLUTION
        glyph, glyph_style = look.shapes.get(cell, ("·", None))
        chars = [(" ", style), (self.puzzle.digit(v), style) if v
                 else (glyph, glyph_style or style), (" ", style)]
        if not v and cell in look.candidates:
            chars = [(ch, CANDIDATES) for ch in look.candidates[cell]]
        if self.tall:
            chars = self._true_line(cell, chars, v, TALL // 2 if line is None else line)
        elif cell in look.sides:
            chars[0], chars[2] = ((ch, MARK) for ch in look.sides[cell])
        total = None if self.tall else look.sums.get(cell)
        if total is not None and total < 100:  # the sum raised and coloured, then the digit
            chars = [(ch, CORNER_SUM) for ch in f"{total:<2}".translate(SUPERSCRIPT)] + [
                chars[1] if v else (" ", style)]
        extra = Style(bgcolor=look.tints[cell]) if cell in look.tints else PLAIN
        if self.tall and cell not in look.tints and cell in look.shapes:
            extra = Style(bgcolor=_shape_tint(look.shapes[cell][1]))  # digits hide its glyph
        if cell in self.differs:
            extra += DIFFERS
        if self.step is not None:
            extra += (STEP_SETS if cell in self.step.sets else STEP_RULES_OUT
                      if cell in self.step.rules_out else STEP_USES if cell in self.step.uses
                      else PLAIN)
        if cell in self.selection:
            extra += SELECTED
        elif cell in self.pending:
            extra += PENDING
        if cell == self.cursor and self.has_focus:
            extra += CURSOR
        return [(ch, s + extra) for ch, s in chars]

    def _true_line(self, cell: int, chars: list, v: int, line: int) -> list:
        """A line of a cell in the true-candidates view: a digit on the middle line, an
        empty cell's true candidates three a line (on grids up to 9x9; larger ones show
        them compactly in the middle), or the cell as it is until they are known."""
        blank = [(" ", chars[1][1])] * SIDE
        true, n = self.true, self.puzzle.size
        if v or true is None:
            return chars if line == TALL // 2 else blank
        if n > TALL * SIDE:
            bits = sum(1 << (d - 1) for d in true.digits(cell))
            return ([(ch, CANDIDATES) for ch in _candidate_text(bits, n, self.puzzle.first)]
                    if line == TALL // 2 else blank)
        first = line * SIDE + 1
        return [(self.puzzle.digit(d), shade(true, cell, d)) if true.count(cell, d)
                else (" ", PLAIN)
                for d in range(first, first + SIDE)]

    @property
    def rows_and_columns(self) -> tuple[int, int]:
        return self.puzzle.size, self.puzzle.size

    def steer(self, key: str) -> bool:
        """Arrows move (and end a pick); shift+arrows pick."""
        if key in self.PICK_KEYS:
            self.action_select(*self.PICK_KEYS[key])
            return True
        if key in self.MOVE_KEYS:
            self.selection = []
        return super().steer(key)

    def action_select(self, rows: int = 0, cols: int = 0) -> None:
        """Shift+arrows draw a path of cells from the cursor; going back a step undoes it."""
        if not self.selection:
            self.selection = [self.cursor]
        cell = self.moved(rows, cols)
        if len(self.selection) > 1 and self.selection[-2] == cell:
            self.selection.pop()
        elif cell not in self.selection:
            self.selection.append(cell)
        self.cursor = cell
        self.refresh()

    @property
    def symbols(self) -> str:
        """The digits as shown: typing one enters it (0 too, on a grid of 0 to N-1)."""
        return "".join(symbol(v, self.puzzle.first) for v in range(1, self.puzzle.size + 1))

    def cell_region(self, cell: int) -> Region:
        top, _, left, _ = margins(self.puzzle)
        r, c = divmod(cell, self.puzzle.size)
        x = self.styles.padding.left + (left + c) * (SIDE + 1)
        y = self.styles.padding.top + top + (self.row_height + 1) * r
        return Region(x, y, SIDE + 2, self.row_height + 2)  # the cell and its walls

    def cell_at(self, x: int, y: int) -> int | None:
        top, _, left, _ = margins(self.puzzle)
        r = (y - 1 - top) // (self.row_height + 1)
        c = (x - 1 - left * (SIDE + 1)) // (SIDE + 1)
        n = self.puzzle.size
        return r * n + c if 0 <= r < n and 0 <= c < n else None


def margins(p: Variant) -> tuple[int, int, int, int]:
    """Whether a row or column of clues sits above, below, left of and right of the grid."""
    return _look(p).margins


@dataclass(frozen=True)
class StepView:
    """The stepper's board in the grid: the digits placed before the step, the cells it
    reasons from, and those it places a digit in or takes candidates from."""

    values: tuple[int, ...]
    uses: frozenset[int] = frozenset()
    sets: frozenset[int] = frozenset()
    rules_out: frozenset[int] = frozenset()


@dataclass(frozen=True)
class _Look:
    """What the grid draws of a puzzle, by place: marks and line connectors in the borders
    (by the pair of cells, or by a corner (row, col) for a diagonal step), tints, what empty
    cells show, numbers in a corner, margin clues, corner clues by their corner, chevrons
    beside a cell, and a cell's given digits."""

    margins: tuple[int, int, int, int]
    marks: dict
    links: dict
    tints: dict
    shapes: dict
    sums: dict
    clues: dict
    corners: dict
    sides: dict
    candidates: dict
    outline_walls: frozenset


@lru_cache(maxsize=8)
def _look(p: Variant) -> _Look:
    n, clues = p.size, _outside_clues(p)
    return _Look(
        margins=(int(any(r == -1 for r, _ in clues)), int(any(r == n for r, _ in clues)),
                 int(any(c == -1 for _, c in clues)), int(any(c == n for _, c in clues))),
        marks=_marks_between(p), links=_links(p), tints=_tints(p), shapes=_shapes(p),
        sums={c: v for kind in SHAPES.values() for c, v in kind.corner(p).items()}, clues=clues,
        corners={(corner // n + 1, corner % n + 1): "".join(p.digit(d) for d in digits)
                 for kind in CORNERS for corner, digits in map(kind.digits_of, kind.items(p))},
        sides={c: kind.sides for kind in EXTREMES for c in kind.cells(p)},
        candidates={c: _candidate_text(digits, n, p.first) for kind in PENCILS
                    for c, digits in kind.items(p)},
        outline_walls=_outline_walls(p))


def _outline_walls(p: Variant) -> frozenset[tuple[int, int]]:
    """The borders (a, b), a left of or above b, that an outlined shape's outline runs
    along: between its cell and a cell outside it."""
    shape_of = {c: i for i, shape in enumerate(_outlined(p)) for c in shape}
    return frozenset((min(a, b), max(a, b)) for a in shape_of for b in _beside(a, p.size)
                     if shape_of.get(b) != shape_of[a])


def _candidate_text(digits: int, n: int, first: int = 1) -> str:
    """Up to three digits as they are; more: the first two and …"""
    text = "".join(symbol(v + 1, first) for v in range(n) if digits >> v & 1)
    return text.center(SIDE) if len(text) <= SIDE else text[:SIDE - 1] + "…"


def _marks_between(p: Variant) -> dict[tuple[int, int], tuple[str, Style]]:
    """Each mark's glyph in the border between its cells; a dot of another difference or
    ratio is that number on white (a white dot) or grey (a black one)."""
    n, found = p.size, {}
    for m in p.marks:
        a, b = min(m.a, m.b), max(m.a, m.b)
        vertical = b - a == n  # one above the other: the mark sits in the row border
        kind = MARKS[m.kind]
        if m.value:
            found[(a, b)] = (SYMBOLS[m.value - 1], DOT_VALUES[kind.filled])
            continue
        glyph = kind.glyph
        if kind.shape == "stroke":
            glyph = "┃" if vertical else "━"
        elif kind.shape == "sign":
            glyph = ("^" if m.a == a else "v") if vertical else ("<" if m.a == a else ">")
        found[(a, b)] = (glyph, MARK)
    return found


def _links(p: Variant) -> dict:
    """Where a line steps from cell to cell, the border between them in the line's colour:
    ━ across a wall, ┃ across a row border, ╲ ╱ through a corner (╳ where two cross), the
    corner keyed ("corner", row, col) by the cell it is the top-left corner of."""
    n, found = p.size, {}
    for line in reversed(p.lines):  # the first line of a place is drawn
        style = Style(color=line_color(line, n), bold=True)
        for a, b in zip(line.cells, line.cells[1:], strict=False):
            (ra, ca), (rb, cb) = divmod(min(a, b), n), divmod(max(a, b), n)
            if ra == rb:
                found[(min(a, b), max(a, b))] = ("━", style)
            elif ca == cb:
                found[(min(a, b), max(a, b))] = ("┃", style)
            else:
                corner = ("corner", rb, max(ca, cb))
                slant = "╲" if cb > ca else "╱"
                old = found.get(corner, ("", None))[0]
                found[corner] = ("╳" if old and old != slant else slant, style)
    return found


def _tints(p: Variant) -> dict[int, str]:
    """Outlined shapes' cells tinted by shape; region shapes (windoku windows, ...) in their
    own tint; then, where neither is, twin shapes by pair, marked cells by way and lines by
    kind (dimmed)."""
    found = {cell: _dim(line_color(line, p.size)) for line in reversed(p.lines)
             for cell in line.cells}
    tints = {way.name: way.tint for kind in WAYS for way in kind.ways}
    found |= {cell: tints[way] for kind in WAYS for way, cell in kind.items(p)}
    found |= {cell: kind.tints[i % len(kind.tints)] for kind in TWINS
              for i, item in enumerate(kind.items(p)) for cell in kind.cells(item)}
    found |= {cell: kind.tints[0] for kind in REGIONS for region in kind.items(p)
              for cell in region}
    return found | {cell: OUTLINE_TINTS[tint]
                    for shape, tint in zip(_outlined(p), _outline_colours(p), strict=True)
                    for cell in shape}


def _outline_colours(p: Variant) -> list[int]:
    """A tint for each outlined shape, none the same as a neighbouring one's (greedy, in
    order; six tints are more than a grid of shapes needs in practice, and the outline shows
    anyway)."""
    shapes = _outlined(p)
    n, shape_of = p.size, {c: i for i, shape in enumerate(shapes) for c in shape}
    colours: list[int] = []
    for i, shape in enumerate(shapes):
        near = {colours[shape_of[b]] for a in shape for b in _beside(a, n)
                if shape_of.get(b, i) < i}
        colours.append(next((t for t in range(len(OUTLINE_TINTS)) if t not in near),
                            i % len(OUTLINE_TINTS)))
    return colours


def _outlined(p: Variant) -> list[tuple[int, ...]]:
    """The cells of each shape drawn tinted and outlined (core.variants.shapes' `tinted`)."""
    return [cells for kind in SHAPES.values() for cells in kind.tinted(p)]


def _beside(cell: int, n: int) -> list[int]:
    r, c = divmod(cell, n)
    return [x * n + y for x, y in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= x < n and 0 <= y < n]


def _shape_tint(style: Style | None) -> str:
    """The background a line or shape gives its cells when digits fill them: its colour
    darkened, or a grey for those drawn in the text's colour (thermometers, arrows...)."""
    color = style.color.triplet if style is not None and style.color else None
    return _dim(color.hex) if color is not None else SHAPE_TINT


def _dim(color: str) -> str:
    """A line's colour darkened to a background tint the digits stay readable on."""
    return "#" + "".join(f"{int(color[i:i + 2], 16) * 3 // 10:02x}" for i in (1, 3, 5))


def _shapes(p: Variant) -> dict[int, tuple[str, Style | None]]:
    """What an empty cell shows: the diagonals' slants, line letters, twin shapes, marked cells,
    even and odd cells, thermometer and arrow bulbs and shafts (the later on top)."""
    n, found = p.size, {}
    for kind in SLANTS:  # the diagonals' slants, crossing where they meet
        if kind.name in p.rules:
            found |= {c: (kind.crossing if c in found else kind.glyph, None)
                      for c in kind.cells(n)}
    for line in reversed(p.lines):
        style = Style(color=line_color(line, n), bold=True)
        found |= {c: (LINE_GLYPHS[line.kind], style) for c in line.cells}
        first, last = LINES[line.kind].glyph_ends  # ringed ends, a bulb, diamonds
        found |= {c: (mark, style) for c, mark in ((line.cells[0], first),
                                                    (line.cells[-1], last)) if mark}
    for rule in reversed(every_rule(p)):
        found |= {c: (glyph, style) for c, (glyph, style) in _rule_glyphs(p, rule).items()}
    found |= {c: (kind.glyph, None) for kind in TWINS for item in kind.items(p)
              for c in kind.cells(item)}
    glyphs = {way.name: way.glyph for kind in WAYS for way in kind.ways}
    found |= {c: (glyphs[way], MARK) for kind in WAYS for way, c in kind.items(p)}
    found |= {c: (kind.glyph, None) for kind in PARITY for c in kind.cells(p)}
    for kind in SHAPES.values():
        found |= {c: (glyph, None) for c, glyph in kind.glyphs(p).items()}
    return found


def _rule_glyphs(p: Variant, rule) -> dict[int, tuple[str, Style]]:
    """A rule's glyph in its cells (equal sums: its letter, lower case), a line's first cell
    a dot."""
    style = Style(color=RULE_COLOURS[rule.kind], bold=True)
    glyph = rule_label(p, rule)[-1].lower() if rule.kind == "sums" else RULE_KINDS[
        rule.kind].glyph
    found = {c: (glyph, style) for c in rule.cells}
    if not RULE_KINDS[rule.kind].outline:
        found[rule.cells[0]] = (RULE_START, style)
    return found


def _rule_words(p: Variant, rule) -> str:
    """A rule in the legend: its kind, where it starts, and its rule in plain text."""
    kind, at = RULE_KINDS[rule.kind], p.name(rule.cells[0])
    label = rule_label(p, rule)
    said = label[:label.index("]") + 2] if label.startswith("[") else ""  # an or's letter
    if rule.kind == "sums":
        groups = " | ".join(" ".join(p.name(c) for c in g) for g in rule.groups)
        return f"{said}{kind.title} {groups}"
    text = rule.text + ("+" if rule.kind == "atleast" else "")
    return f"{said}{kind.title} {at}: {text}"


def _outside_clues(p: Variant) -> dict[tuple[int, int], str]:
    """Clues by their place outside the grid (row or column -1 or n): little killers with
    their arrow, sandwiches plain, X-sums after an x, skyscrapers after a ▲."""
    n, clues = p.size, {}
    for kind in SHAPES.values():
        clues.update(kind.margin(p))
    for o in p.outside:
        far = n if o.reverse else -1
        place = (o.index, far) if o.line == "row" else (far, o.index)
        clues[place] = f"{OUTSIDE_MARKS[o.kind]}{o.total}"
    return clues


def legend(p: Variant) -> Text:
    """What the grid's letters, tints and marks stand for, for the kinds this puzzle has:
    each as the grid shows it, then its name."""
    n, parts = p.size, []
    for line in p.lines:
        style = Style(color=line_color(line, n), bold=True)
        parts.append((LINE_GLYPHS[line.kind], style, line_word(line, n)))
    valued = {m.kind for m in p.marks if m.value}
    for present, glyph, style, words in (
            *((name in valued, "3", DOT_VALUES[kind.filled], kind.legend)
              for name, kind in MARKS.items() if kind.valued),
            *((kind.items(p), kind.glyph, MARK, kind.legend) for kind in TWINS),
            *((kind.cells(p), "·".join(kind.sides), MARK, kind.caption) for kind in EXTREMES),
            *((kind.items(p), kind.sample, CANDIDATES, kind.legend) for kind in PENCILS),
            *((kind.items(p), kind.sample, CIRCLED, kind.legend) for kind in CORNERS)):
        if present:
            parts.append((glyph, style, words))
    for way in (way for kind in WAYS for way in kind.ways if way.cells(p, kind.field)):
        parts.append((way.glyph, MARK + Style(bgcolor=way.tint), way.caption))
    kinds = {o.kind for o in p.outside}
    parts += [(f"{kind.glyph}N", MARK, kind.caption) for k, kind in OUTSIDE.items()
              if k in kinds]
    for rule in every_rule(p):
        glyphs = _rule_glyphs(p, rule)
        glyph, style = glyphs[rule.cells[-1]]
        parts.append((glyph, style, _rule_words(p, rule)))
    for i, _ in enumerate(r for r in p.custom if r.kind == "either"):
        letter = chr(ord("A") + i % 26)
        parts.append((f"[{letter}]", MARK, f"one at least of the rules lettered {letter} holds"))
    text = Text()
    for glyph, style, words in dict.fromkeys(parts):
        if text:
            text.append("  ")
        text.append(glyph, style)
        text.append(" " + words)
    return text


def _strip(chars) -> Strip:
    """Characters and their styles as segments, a run of one style a segment."""
    segments: list[Segment] = []
    for ch, style in chars:
        if segments and segments[-1].style == style:
            segments[-1] = Segment(segments[-1].text + ch, style)
        else:
            segments.append(Segment(ch, style))
    return Strip(segments)
