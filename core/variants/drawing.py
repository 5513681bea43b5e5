"""A Sudoku variant for print, drawn as magazines and f-puzzles / SudokuPad draw it, in a house
style: cell lines, region borders and the outer frame at its weights, killer cages as dashed
outlines inside the cells (one dashed path a loop, at a constant inset from the cage's edge at
convex and concave corners alike) with their sums top-left on a white patch, kropki dots on the
cell edges (an unusual difference or ratio written inside), X/V and inequality signs on the
edges, grey thermometers with a round bulb (a slow one hollow), arrows with a circle round the
bulb, today's lines in their usual colours (each kind's record's LineStyle: widths, dashes and
end marks keep them apart in black-and-white print too), corner clues' circles, twin shapes,
marked cells and region shapes shaded, chevrons round minimum and maximum cells, little killer,
sandwich, X-sum (in a circle) and skyscraper (in a box) clues outside the grid, grey squares and
circles for even and odd cells, thin diagonals, and a cell's given digits as small digits. Digits
are drawn last, each on a white halo that knocks out the lines under it, and an arrowhead stops
short of a digit in its cell; under a cage's sum a digit sits lower, clear of it."""

from __future__ import annotations

import math
import sys

from core.export.drawing import (
    ANSWER,
    INK,
    THICK,
    THIN,
    Box,
    Circle,
    Drawing,
    Label,
    Line,
    Path,
    centred,
    rule_weight,
)
from core.export.style import MAGAZINE, Style
from core.variants import formula, marks, model
from core.variants.cell_clues import EXTREMES, PARITY
from core.variants.custom import RULE_KINDS, every_rule
from core.variants.grid_rules import GRID_RULES, SLANTS
from core.variants.groups import (
    CORNERS,
    GROUPS,
    PENCILS,
    REGIONS,
    TWINS,
    WAYS,
    lettered,
    placed,
)
from core.variants.kinds import LINES, LineStyle
from core.variants.marks import MARKS
from core.variants.model import MAX_SIZE, Variant
from core.variants.outside import OUTSIDE
from core.variants.shapes import SHAPES

WHITE = "#ffffff"
MARGIN_CELLS = 0.8  # room outside the grid for little killer, sandwich, X-sum and skyscraper clues
HALO = 0.05  # of a cell: white round a digit's glyphs, so arrows and lines under it stop short
TIP_CLEAR = 0.34  # of a cell: an arrowhead stops this far short of a digit's centre (its halo)


LINE_STYLES: dict[str, LineStyle] = {name: kind.style for name, kind in LINES.items()}
# What print draws, as model.features names it: everything a puzzle can hold today, so a
# constraint added to the model later is refused by name until it is drawn.
DRAWN = (model.CLASSIC_FEATURES | set(LINES) | set(SHAPES)
         | {f"white {k}" for k in range(2, MAX_SIZE)} | {f"black {k}" for k in range(3, MAX_SIZE)}
         | {*GROUPS, *(kind.field for kind in EXTREMES),
            "outside", "digits from 0"}
         | {f"rule {name}" for name in RULE_KINDS})
RULE_INK = {"relation": "#505050", "pattern": "#1f5f8b", "pairs": "#6a3d8f", "sums": "#2f6f3f",
            "either": "#505050",
            "contains": "#8b4513", "atleast": "#8b4513"}  # dark enough for their small labels
RULE_INSET = 0.17  # of a cell: a rule's outline runs inside a cage's


def unusual_number(line: model.Line, n: int) -> bool:
    """A line of another number than its kind's usual (a whisper of another difference than
    (n+1)//2, 5 on 9x9; Dutch: one less)."""
    usual = LINES[line.kind].usual
    return usual is not None and line.value != usual(n)


def line_word(line: model.Line, n: int) -> str:
    """The line's name in a caption: its other style's (Dutch whispers) or with its number
    (whispers 3) when not the usual."""
    kind = LINES[line.kind]
    if unusual_number(line, n):
        if kind.style_of(line, n) is not None and kind.other_style is not None:
            return kind.other_style.word
        return kind.numbered.format(value=line.value)
    return kind.style.word


def line_color(line: model.Line, n: int) -> str:
    """The line's colour: its kind's, or its other style's when its number is not the usual
    (orange for whispers of another difference)."""
    kind = LINES[line.kind]
    other = kind.other_style if unusual_number(line, n) else None
    return (other or kind.style).color


def title(p: Variant) -> str:
    """The puzzle's name for a heading ("Killer Sudoku", "Variant Sudoku 6x6"): the rules
    printed with it say every kind, so the heading need not list them."""
    from core.variants.wording import name

    return name(p)


def describe(p: Variant) -> str:
    """The variant's kinds, as a caption says them."""
    kinds = []
    if p.jigsaw:
        kinds.append("jigsaw")
    kinds += [GRID_RULES[r].caption for r in sorted(p.rules)]
    kinds += [kind.caption for kind in REGIONS if kind.items(p)]
    kinds += list(dict.fromkeys(kind.caption for kind in PARITY if kind.cells(p)))
    kinds += _mark_captions(p)
    kinds += [kind.caption for kind in SHAPES.values() if kind.of(p)]
    return ", ".join(kinds + _today(p))


def _today(p: Variant) -> list[str]:
    """Today's lines (whispers by their difference), cell clues and outside clues."""
    kinds = list(dict.fromkeys(line_word(line, p.size) for line in p.lines))
    kinds += [way.caption for kind in WAYS for way in kind.ways if way.cells(p, kind.field)]
    outside = {o.kind for o in p.outside}
    for present, word in (*((kind.items(p), kind.caption) for kind in placed("")),
                          *((kind.cells(p), kind.caption) for kind in EXTREMES),
                          *((name in outside, kind.caption) for name, kind in OUTSIDE.items()),
                          *((kind.items(p), kind.caption) for kind in PENCILS)):
        if present:
            kinds.append(word)
    used = {r.kind for r in p.custom} | {r.kind for r in every_rule(p)}
    kinds += [kind.title for name, kind in RULE_KINDS.items() if name in used]
    return kinds


def _mark_captions(p: Variant) -> list[str]:
    """Each caption of the marks drawn or ruled (those with a negative rule first: kropki,
    XV; then consecutive, inequality), then the negative rules standing alone
    (non-consecutive)."""
    drawn = {m.kind for m in p.marks}
    standing = marks.alone(p.negative, drawn)
    groups: dict[str, list[str]] = {}
    for name, kind in MARKS.items():
        groups.setdefault(kind.caption, []).append(name)
    found = []
    for caption in sorted(groups, key=lambda c: not any(MARKS[k].rule for k in groups[c])):
        kinds = groups[caption]
        ruled = [k for k in kinds if k in p.negative and k not in standing]
        if drawn & set(kinds) or ruled:
            found.append(caption + _negative(ruled, [k for k in kinds if MARKS[k].rule]))
    return found + [MARKS[k].rule.alone_caption for k in MARKS if k in standing]


def _negative(ruled: list, ruleable: list) -> str:
    """' (negative)' when every mark of the family is given (no mark: the relation does not
    hold), ' (negative X)' when only one kind's are."""
    if not ruled:
        return ""
    if len(ruled) == len(ruleable):
        return " (negative)"
    return f" (negative {MARKS[ruled[0]].rule.caption})"


def draw(p: Variant, answer=None, style: Style | None = None) -> Drawing:
    model.refuse_unless(p, DRAWN, "print")
    style = style or MAGAZINE
    n, cell = p.size, style.cell
    outside = any(kind.margin(p) for kind in SHAPES.values())
    margin = MARGIN_CELLS * cell if (outside or p.outside) else 0.0
    d = Drawing(n * cell + 2 * margin, n * cell + 2 * margin, cell=cell)
    at = _Pen(d, cell, margin, n, style)
    _shading(p, at)
    _lines(p, answer, at)
    _today_lines(p, at)
    _grid(p, at)
    for kind in SHAPES.values():
        kind.draw(p, at, sys.modules[__name__])  # the records draw with this module's pens
    _rules(p, at)
    _marks(p, at)
    _corners(p, at)
    _extremes(p, at)
    _outside(p, at)
    _pencil(p, answer, at)
    _digits(p, answer, at)
    return d


class _Pen:
    """Cell coordinates (row, col, fractions allowed) to millimetres on the drawing, in a
    house style."""

    def __init__(self, d: Drawing, cell: float, margin: float, n: int, style: Style):
        self.d, self.cell, self.margin, self.n, self.style = d, cell, margin, n, style
        self.light, self.grey = style.shade, style.grey_ink
        self.clue = style.size_mm(style.clues)  # a cage's sum; outside clues a third larger

    def xy(self, row: float, col: float) -> tuple[float, float]:
        return self.margin + col * self.cell, self.margin + row * self.cell

    def centre(self, c: int) -> tuple[float, float]:
        return self.xy(c // self.n + 0.5, c % self.n + 0.5)

    def add(self, item) -> None:
        self.d.items.append(item)


def _shading(p: Variant, at: _Pen) -> None:
    n, size = p.size, at.cell
    for c in (c for kind in REGIONS for region in kind.items(p) for c in region):
        x, y = at.xy(c // n, c % n)
        at.add(Box(x, y, size, size, fill=at.light, width=0))
    for kind in PARITY:  # a grey square or circle
        for c in kind.cells(p):
            x, y = at.centre(c)
            at.add(Circle(x, y, 0.34 * size, fill=at.light, width=0) if kind.rounded else
                   Box(x - 0.32 * size, y - 0.32 * size, 0.64 * size, 0.64 * size,
                       fill=at.light, width=0))
    fills = {way.name: way.fill for kind in WAYS for way in kind.ways}
    for way, c in (item for kind in WAYS for item in kind.items(p)):
        x, y = at.xy(c // n, c % n)
        at.add(Box(x, y, size, size, fill=fills[way], width=0))
    _twins(p, at)


def _twins(p: Variant, at: _Pen) -> None:
    """Both shapes of a twin clue shaded alike; a small letter in the corner pairs
    them when the shading alone could not (several, or other shaded cells)."""
    n, size = p.size, at.cell
    letters = lettered(p)
    for i, (kind, item) in enumerate((k, item) for k in TWINS for item in k.items(p)):
        for c in kind.cells(item):
            x, y = at.xy(c // n, c % n)
            at.add(Box(x, y, size, size, fill=kind.fill, width=0))
            if letters:
                at.add(Label(x + 0.85 * size, y + 0.93 * size, chr(ord("A") + i % 26),
                             0.2 * size, at.grey, font="clues"))


def _lines(p: Variant, answer, at: _Pen) -> None:
    n = p.size
    for kind in SLANTS:  # a diagonal, from corner to corner
        if kind.name in p.rules:
            anti = kind.slant < 0
            x1, y1 = at.xy(0, n if anti else 0)
            x2, y2 = at.xy(n, 0 if anti else n)
            at.add(Line(x1, y1, x2, y2, THIN, color=at.grey))
    for kind in SHAPES.values():
        kind.draw_lines(p, answer, at, sys.modules[__name__])


def _today_lines(p: Variant, at: _Pen) -> None:
    """Wide lines first, so that a narrower one on the same cells shows on top; slow
    thermometers as grey outlines with white inside; circles (or diamonds) at the ends of the
    kinds whose style has them; a whisper's difference at its start when it is not the usual."""
    n, size = p.size, at.cell
    lines = sorted(p.lines, key=lambda line: -LINE_STYLES[line.kind].width)
    hollow = [line for line in lines if LINE_STYLES[line.kind].hollow]
    for line in hollow:
        thermometer(at, line.cells, LINE_STYLES[line.kind].color, 0)
    for line in hollow:
        thermometer(at, line.cells, WHITE, 0.05 * size)
    for line in lines:
        style = LINE_STYLES[line.kind]
        if style.hollow:
            continue
        if style.dashes:
            _dashes(at, line.cells, style.width * size, line_color(line, n), *style.dashes)
        else:
            _path(at, line.cells, style.width * size, line_color(line, n), cap="round")
        if style.core:
            _path(at, line.cells, THIN, style.core, cap="round")
        if unusual_number(line, n):
            x, y = at.centre(line.cells[0])
            at.add(Label(x - 0.3 * size, y - 0.18 * size, str(line.value), 0.26 * size, INK))
    for line in lines:
        style = LINE_STYLES[line.kind]
        for c in (line.cells[0], line.cells[-1]) if style.ends or style.diamonds else ():
            x, y = at.centre(c)
            if style.diamonds:
                r = 0.36 * size
                at.add(Path(((x, y - r), (x + r, y), (x, y + r), (x - r, y)), 2 * THIN,
                            style.color, closed=True, fill=WHITE))
            else:
                at.add(Circle(x, y, 0.38 * size, fill=WHITE, width=2 * THIN, color=style.color))


def thermometer(at: _Pen, cells, color: str, inset: float) -> None:
    """A thermometer's bulb and tube, `inset` narrower all round."""
    x, y = at.centre(cells[0])
    at.add(Circle(x, y, 0.36 * at.cell - inset, fill=color, width=0))
    _path(at, cells, 0.3 * at.cell - 2 * inset, color, cap="round")


def pill(at: _Pen, cells) -> None:
    """A bulb of several cells: one rounded outline round them, along rows, columns or
    diagonals alike (a grey band with a white one inside)."""
    width = 0.76 * at.cell
    _path(at, cells, width + 2 * THIN, at.grey, cap="round")
    _path(at, cells, width, "#ffffff", cap="round")


def _path(at: _Pen, cells, width: float, color: str, cap: str = "square") -> None:
    for a, b in zip(cells, cells[1:], strict=False):
        x1, y1 = at.centre(a)
        x2, y2 = at.centre(b)
        at.add(Line(x1, y1, x2, y2, width, color=color, cap=cap))


def _dashes(at: _Pen, cells, width: float, color: str, period: float, length: float) -> None:
    """Round-ended dashes (dots when as long as wide), one centred on each cell and the rest
    evenly between, so that a line looks the same straight, turning or diagonal."""
    last = len(cells) - 2
    for i, (a, b) in enumerate(zip(cells, cells[1:], strict=False)):
        (x1, y1), (x2, y2) = at.centre(a), at.centre(b)
        span = math.hypot(x2 - x1, y2 - y1)
        count = max(1, round(span / (period * at.cell)))
        step = span / count
        half = max(0.0, length * at.cell - width) / 2 * step / (period * at.cell)
        for k in range(count + 1):
            if half == 0 and k == 0 and i:
                continue  # the dot the step before ended on
            low = k * step - half if k or i == 0 else 0.0  # a dash on a cell: half each side
            high = k * step + half if k < count or i == last else span
            xa, ya = x1 + (x2 - x1) * low / span, y1 + (y2 - y1) * low / span
            xb, yb = x1 + (x2 - x1) * high / span, y1 + (y2 - y1) * high / span
            if half == 0:
                at.add(Circle(xa, ya, width / 2, fill=color, width=0))
            else:
                at.add(Line(xa, ya, xb, yb, width, color=color, cap="round"))


def pointed_shaft(at: _Pen, bulb: int, shaft, digit_at_tip: bool = False) -> None:
    """The shaft from the bulb's circle to an arrowhead in the last cell: at its centre, or
    short of the digit there, which would hide the head under its halo."""
    size = at.cell
    points = [at.centre(bulb)] + [at.centre(c) for c in shaft]
    points[0] = _towards(points[0], points[1], 0.38 * size)
    if digit_at_tip:
        points[-1] = _towards(points[-1], points[-2], TIP_CLEAR * size)
    for (xa, ya), (xb, yb) in zip(points, points[1:], strict=False):
        at.add(Line(xa, ya, xb, yb, THIN, color=at.grey))
    (xa, ya), (xb, yb) = points[-2], points[-1]
    angle = math.atan2(yb - ya, xb - xa)
    for turn in (2.6, -2.6):
        at.add(Line(xb, yb, xb + 0.25 * size * math.cos(angle + turn),
                    yb + 0.25 * size * math.sin(angle + turn), THIN, color=at.grey))


def _towards(a: tuple[float, float], b: tuple[float, float], distance: float
             ) -> tuple[float, float]:
    """The point `distance` from a on the way to b."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    return (a[0] + (b[0] - a[0]) * distance / length, a[1] + (b[1] - a[1]) * distance / length)


def _grid(p: Variant, at: _Pen) -> None:
    """Cell lines, region borders and the outer frame, heavier ones drawn over lighter."""
    n, rules = p.size, []
    for r in range(n + 1):
        for c in range(n):
            above = p.regions[(r - 1) * n + c] if r else None
            below = p.regions[r * n + c] if r < n else None
            x1, y = at.xy(r, c)
            x2, _ = at.xy(r, c + 1)
            rules.append(Line(x1, y, x2, y, rule_weight(at.style, above != below, r in (0, n))))
    for c in range(n + 1):
        for r in range(n):
            left = p.regions[r * n + c - 1] if c else None
            right = p.regions[r * n + c] if c < n else None
            x, y1 = at.xy(r, c)
            _, y2 = at.xy(r + 1, c)
            rules.append(Line(x, y1, x, y2, rule_weight(at.style, left != right, c in (0, n))))
    for line in sorted(rules, key=lambda line: line.width):
        at.add(line)


INSET = 0.1  # of a cell: how far inside the cells a cage's dashes run (shapes.py draws them)


def rule_label(p: Variant, rule: model.Rule) -> str:
    """What is written beside a rule: its formula or pattern, =A for equal sums (a letter a
    rule), the digits a multiset holds (+ when at least)."""
    ors = [r for r in p.custom if r.kind == "either"]
    within = next((i for i, r in enumerate(ors) if rule in r.parts), None)
    said = f"[{chr(ord('A') + within % 26)}] " if within is not None else ""
    if rule.kind == "sums":
        sums = [r for r in every_rule(p) if r.kind == "sums"]
        return said + "=" + chr(ord("A") + sums.index(rule) % 26)
    if rule.kind in ("relation", "pairs"):
        return said + formula.pretty(rule.text)
    return said + RULE_KINDS[rule.kind].label(rule, "en")


def _rules(p: Variant, at: _Pen) -> None:
    """Rules no kind names: a line as a thin line with a dot on its first cell, the others
    as a dotted outline inside a cage's; each with its rule written small at its first cell
    (a line's) or its top-left cell (an outline's), on a white patch."""
    n, size, said = p.size, at.cell, {}
    for rule in every_rule(p):  # an or's rules each drawn, lettered [A] alike
        ink = RULE_INK[rule.kind]
        if RULE_KINDS[rule.kind].outline:
            for group in rule.groups:
                for loop in inset_outline({divmod(c, n) for c in group}, RULE_INSET):
                    at.add(Path(tuple(at.xy(r, c) for r, c in loop), THIN, ink,
                                dash=0.04 * size, closed=True))
            first = min(rule.groups[0])
        else:
            _path(at, rule.cells, 0.07 * size, ink, cap="round")
            x, y = at.centre(rule.cells[0])
            at.add(Circle(x, y, 0.1 * size, fill=ink, width=0))
            first = rule.cells[0]
        groups = rule.groups if rule.kind == "sums" else rule.groups[:1]
        for group in groups:
            cell = min(group) if RULE_KINDS[rule.kind].outline else first
            _rule_text(at, cell, rule_label(p, rule), ink, said.get(cell, 0))
            said[cell] = said.get(cell, 0) + 1


def _rule_text(at: _Pen, cell: int, text: str, ink: str, below: int = 0) -> None:
    """A rule's label in the top-left corner of a cell, kept inside the grid (a long one
    near the right edge starts further left); `below`: labels already there, it goes under."""
    n, size = at.n, 0.8 * at.clue
    x, y = at.xy(cell // n, cell % n)
    y += below * 1.1 * size
    wide = 0.55 * size * len(text) + 0.04 * at.cell
    x = min(x + 0.2 * at.cell, at.xy(0, n)[0] - wide - 0.02 * at.cell)
    at.add(Box(x - 0.02 * at.cell, y + 0.02 * at.cell, wide, 1.05 * size, fill="#ffffff",
               width=0))
    at.add(Label(x, y + 0.02 * at.cell + 0.88 * size, text, size, ink, anchor="start",
                 font="clues"))


def inset_outline(cells: set[tuple[int, int]], inset: float) -> list[list[tuple[float, float]]]:
    """The loops round a set of cells (row, col), each a list of corners (row, col) in cell
    units, every side `inset` inside the cells' edge: a corner moves along both of its
    sides' inward normals, so a concave corner is as far in as a convex one. A cage with a
    hole has two loops; cells that touch only at a corner keep their own corners."""
    edges = {}  # start -> end of each border side, clockwise on the page (cells on the right)
    for r, c in cells:
        for (dr, dc), start, end in (((-1, 0), (r, c), (r, c + 1)),
                                     ((0, 1), (r, c + 1), (r + 1, c + 1)),
                                     ((1, 0), (r + 1, c + 1), (r + 1, c)),
                                     ((0, -1), (r + 1, c), (r, c))):
            if (r + dr, c + dc) not in cells:
                edges.setdefault(start, []).append(end)
    loops = []
    while edges:
        start = min(edges)
        corners, at, heading = [], start, None
        while True:
            ends = edges[at]
            end = ends[0] if len(ends) == 1 or heading is None else _rightmost(heading, at, ends)
            ends.remove(end)
            if not ends:
                del edges[at]
            step = (end[0] - at[0], end[1] - at[1])
            if step != heading:
                corners.append((at, heading, step))
            heading, at = step, end
            if at == start:
                break
        first_at, _, first_step = corners[0]
        corners[0] = (first_at, heading, first_step)  # the turn into the first side
        if heading == first_step:
            corners.pop(0)
        loops.append([_inset_corner(point, into, out, inset) for point, into, out in corners])
    return loops


def _rightmost(heading, at, ends):
    """At a corner where two cells of the cage touch only diagonally: the side that turns
    right (towards the cells just walked past), so each cell keeps its own corner."""
    right = (heading[1], -heading[0])  # (row, col) steps: turning clockwise on the page
    return next(end for end in ends if (end[0] - at[0], end[1] - at[1]) == right)


def _inset_corner(point, into, out, inset: float) -> tuple[float, float]:
    """A corner moved `inset` along the inward normals of the sides before and after it."""
    (r, c), normals = point, [(d[1], -d[0]) for d in (into, out)]  # right of the heading
    return (r + inset * (normals[0][0] + normals[1][0]),
            c + inset * (normals[0][1] + normals[1][1]))


def _marks(p: Variant, at: _Pen) -> None:
    size = at.cell
    for m in p.marks:
        (xa, ya), (xb, yb) = at.centre(m.a), at.centre(m.b)
        x, y = (xa + xb) / 2, (ya + yb) / 2
        kind = MARKS[m.kind]
        if kind.shape == "dot":
            radius = 0.16 if m.value else 0.13  # room for an unusual difference or ratio
            at.add(Circle(x, y, radius * size, fill=INK if kind.filled else WHITE, width=THIN))
            if m.value:
                at.add(Label(x, y + 0.08 * size, str(m.value), 0.22 * size,
                             WHITE if kind.filled else INK))
        elif kind.shape == "stroke":
            dx, dy = (0, 0.18 * size) if ya == yb else (0.18 * size, 0)
            at.add(Line(x - dx, y - dy, x + dx, y + dy, THICK))
        elif kind.shape == "letter":
            at.add(Label(x, y + 0.12 * size, kind.glyph, 0.34 * size, INK))
        else:
            _sign(at, m, x, y)


def _sign(at: _Pen, m, x: float, y: float) -> None:
    """A < between the cells, its point at the larger digit's side... its open end there."""
    size = 0.12 * at.cell
    (xa, ya), (xb, yb) = at.centre(m.a), at.centre(m.b)
    ux, uy = (xb - xa) / at.cell, (yb - ya) / at.cell  # from smaller to larger
    px, py = -uy, ux
    tip = (x - ux * size, y - uy * size)  # the narrow end points at the smaller digit
    for s in (1, -1):
        at.add(Line(tip[0], tip[1], x + ux * size + px * size * s, y + uy * size + py * size * s,
                    THIN * 2))


def _corners(p: Variant, at: _Pen) -> None:
    """A clue on a corner: a white circle where the four cells meet, its
    digits inside in one or two rows."""
    n, size = p.size, at.cell
    for corner, digits in (kind.digits_of(item) for kind in CORNERS for item in kind.items(p)):
        x, y = at.xy(corner // n + 1, corner % n + 1)
        at.add(Circle(x, y, 0.3 * size, fill=WHITE, width=THIN))
        text = "".join(p.digit(d) for d in digits)
        rows = [text] if len(text) <= 2 else [text[:2], text[2:]]
        for i, row in enumerate(rows):
            middle = y + (i - (len(rows) - 1) / 2) * 0.22 * size
            at.add(Label(x, middle + 0.08 * size, row, 0.22 * size, INK))


def _extremes(p: Variant, at: _Pen) -> None:
    """Chevrons inside a minimum (maximum) cell by each edge it is compared across, their
    points towards the smaller digit: inwards for a minimum, outwards for a maximum."""
    n, size = p.size, at.cell
    for kind in EXTREMES:
        cells, inwards = kind.cells(p), kind.smaller
        for c in cells:
            r, k = divmod(c, n)
            x, y = at.centre(c)
            for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0)):
                rr, kk = r + dy, k + dx
                if not (0 <= rr < n and 0 <= kk < n) or rr * n + kk in cells:
                    continue
                mx, my = x + dx * 0.36 * size, y + dy * 0.36 * size
                point = -0.06 * size if inwards else 0.06 * size
                for side in (1, -1):
                    at.add(Line(mx + dx * point, my + dy * point,
                                mx - dx * point - dy * side * 0.12 * size,
                                my - dy * point + dx * side * 0.12 * size, THIN * 2))


def _outside(p: Variant, at: _Pen) -> None:
    n, size = p.size, at.cell
    for o in p.outside:
        far = n if o.reverse else -1
        row, col = (o.index, far) if o.line == "row" else (far, o.index)
        x, y = at.xy(row + 0.5, col + 0.5)
        if OUTSIDE[o.kind].ring:
            at.add(Circle(x, y, 0.32 * size, width=THIN))
        else:
            at.add(Box(x - 0.24 * size, y - 0.34 * size, 0.48 * size, 0.68 * size))
        text = str(o.total)
        font = 0.32 if len(text) < 3 else 0.24  # three digits keep inside the circle
        at.add(Label(x, y + font / 3 * size, text, font * size, INK))
    for kind in SHAPES.values():
        kind.draw_outside(p, at)
    del n


def _pencil(p: Variant, answer, at: _Pen) -> None:
    """A setter's given digits of a cell (its candidates) small across an empty cell, up to
    five a row."""
    size = at.cell
    for c, digits in (item for kind in PENCILS for item in kind.items(p)):
        if p.givens[c] or answer is not None:
            continue
        text = "".join(p.digit(v) for v in range(1, p.size + 1) if digits >> (v - 1) & 1)
        rows = [text[i:i + 5] for i in range(0, len(text), 5)]
        x, y = at.centre(c)
        for i, row in enumerate(rows):
            middle = y + (i - (len(rows) - 1) / 2) * 0.24 * size
            at.add(Label(x, middle + 0.08 * size, row, 0.22 * size, INK))


def _digits(p: Variant, answer, at: _Pen) -> None:
    """Each digit centred in its cell; under a cage's sum, lower (and smaller if it must be)
    so that neither it nor its halo touches the sum."""
    summed = {c for kind in SHAPES.values() for c in kind.corner(p)}
    for c, v in enumerate(p.givens):
        shown, color = v, INK
        if not v and answer is not None:
            shown, color = answer[c], ANSWER
        if shown:
            x, y = at.centre(c)
            size = 0.88 * at.style.size_mm(at.style.givens)
            if c in summed:
                y, size = _under_sum(y - at.cell / 2, size, at)
            at.add(centred(x, y, p.digit(shown), size, color, halo=HALO * at.cell))


DIGIT_TOP, DIGIT_BOTTOM = 0.383, 0.37  # of a digit's size: its ink above and below centred()'s
SUM_GAP = 0.03  # of a cell: between a cage's sum (its white patch) and a digit's halo


def _under_sum(top: float, size: float, at: _Pen) -> tuple[float, float]:
    """(centre, size) of a digit in the cell whose top is at `top`, below the sum's patch
    (a record's `draw`: a cage's) and above the cage's dashes."""
    halo, gap = HALO * at.cell, SUM_GAP * at.cell
    patch = top + 0.04 * at.cell + 1.05 * at.clue
    floor = top + (1 - INSET) * at.cell  # the cage's dashes along the cell's bottom
    size = min(size, (floor - patch - gap - 2 * halo) / (DIGIT_TOP + DIGIT_BOTTOM))
    return max(top + at.cell / 2, patch + gap + halo + DIGIT_TOP * size), size
