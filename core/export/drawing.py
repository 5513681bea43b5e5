"""A puzzle as a drawing in millimetres: lines, paths, boxes, circles and text. Each family
draws its own (`Family.draw`, in the family's drawing.py) in a house style (core/export/
style.py) at the style's cell size; SVG and PDF render the same drawing, and a page scales it
whole (line weights and text too) to its cell size, so a printed page and a shared picture
never disagree. A solution is drawn from the filled puzzle: the givens in ink, the rest in
the answer colour."""

from __future__ import annotations

from dataclasses import dataclass, field

THIN, THICK = 0.25, 0.8  # line widths, mm
INK, ANSWER, GREY = "#000000", "#1f5fbf", "#808080"


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    width: float = THIN
    color: str = INK
    dash: float | None = None  # dash length (mm), for killer cages; None: solid
    cap: str = "square"  # the ends of a solid line: "square" or "round" (pill-shaped bulbs)


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None  # None: outline only
    width: float = THIN  # 0: no outline


@dataclass(frozen=True)
class Label:
    x: float  # the centre of the text
    y: float  # the baseline
    text: str
    size: float  # font size in mm (cap height about 0.7 of it)
    color: str = INK
    anchor: str = "middle"  # or "start": x is the left end (a killer cage's sum)
    font: str = "givens"  # which of the style's fonts: givens, clues or headings
    halo: float = 0.0  # mm of white round its glyphs, knocking out lines under it; 0: none


@dataclass(frozen=True)
class Path:
    """A polyline (closed: a loop), dashed along its whole length: a killer cage's outline,
    the bracket of a long division."""

    points: tuple[tuple[float, float], ...]
    width: float = THIN
    color: str = INK
    dash: float | None = None  # dash length (mm); None: solid
    closed: bool = False
    fill: str | None = None  # a closed path's inside (a lockout line's diamond); None: none


@dataclass(frozen=True)
class Circle:
    """A disc or ring: kropki dots, arrow bulbs, thermometer bulbs, odd cells."""

    x: float
    y: float
    r: float
    fill: str | None = None  # None: outline only
    width: float = THIN  # 0: no outline
    color: str = INK


@dataclass
class Drawing:
    width: float
    height: float
    items: list = field(default_factory=list)
    cell: float = 10.0  # the cell size it is drawn at: a page scales it to its own

    def texts(self) -> list[str]:
        return [item.text for item in self.items if isinstance(item, Label)]


def centred(x: float, y: float, text: str, size: float, color: str = INK,
            font: str = "givens", halo: float = 0.0) -> Label:
    """A label whose digits or letters sit in the middle of (x, y): the baseline is half a
    cap height (0.72 of the size in the print font) below the centre."""
    return Label(x, y + 0.36 * size, text, size, color, font=font, halo=halo)


def rule_weight(style, between: bool, outer: bool) -> float:
    """A grid line's weight: the outer frame, a border between regions (boxes), or a cell
    line."""
    return style.outer_line if outer else style.box_line if between else style.cell_line
