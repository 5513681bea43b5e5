"""Where things go on a page, in mm from the trimmed page's top-left: the printable frame
inside the margins (inside and outside margins swap on facing pages), an even grid of slots
with equal gutters, and in each slot a block (heading, then the drawing) centred, every
drawing of a page at one cell size: as large as the page's largest puzzle allows, up to the
style's `max_cell`. Plain geometry, so tests can check it without a PDF."""

from __future__ import annotations

from dataclasses import dataclass

from core.export.drawing import Drawing
from core.export.style import LAYOUTS, PT, Style

HEADING_SCALE = {1: 1.3, 2: 1.1, 4: 0.9, 6: 0.85, 9: 0.75}  # a heading's size, by layout
LEADING = 1.3  # a heading line's height, of its size
LATER_LINES = 0.8  # the lines after the first, of its size
BARE_PAD = 1.0  # mm round a bare drawing, so that its outer line is not cut


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class Block:
    """A puzzle placed: its slot, the drawing's top-left and size on the page, the scale
    from the drawing's millimetres to the page's, and the top of its heading."""

    slot: Rect
    x: float
    y: float
    w: float
    h: float
    scale: float
    heading_top: float


def frame(style: Style, page: int) -> Rect:
    """The printable area of page `page` (from 1: odd pages are right-hand pages, their
    inside margin on the left)."""
    m, (width, height) = style.margins, style.paper
    left = m.inside if page % 2 else m.outside
    return Rect(left, m.top, width - m.inside - m.outside, height - m.top - m.bottom)


def slots(area: Rect, per_page: int, gutter: float) -> list[Rect]:
    """The even grid of a layout, row by row, with `gutter` between slots."""
    columns, rows = LAYOUTS[per_page]
    w = (area.w - (columns - 1) * gutter) / columns
    h = (area.h - (rows - 1) * gutter) / rows
    return [Rect(area.x + c * (w + gutter), area.y + r * (h + gutter), w, h)
            for r in range(rows) for c in range(columns)]


def heading_sizes(style: Style, per_page: int, lines: int) -> list[float]:
    """The point size of each line of a heading in this layout."""
    first = style.headings.size * HEADING_SCALE[per_page]
    return [first] + [first * LATER_LINES] * (lines - 1)


def heading_height(sizes: list[float]) -> float:
    """The heading's height in mm, with a gap under it as high as half its first line."""
    if not sizes:
        return 0.0
    return sum(size * PT * LEADING for size in sizes) + sizes[0] * PT * 0.5


def page_cell(drawings: list[Drawing], room: list[Rect], heading: float, style: Style,
              below: float = 0.0) -> float:
    """The one cell size (mm) of a page: every drawing, its heading and what goes under it
    (`below` mm) fit its slot."""
    fits = [min(slot.w / (d.width / d.cell), (slot.h - heading - below) / (d.height / d.cell))
            for d, slot in zip(drawings, room, strict=False)]
    return min([style.max_cell, *fits])


def place(drawings: list[Drawing], area: Rect, per_page: int, heading: float, style: Style,
          gutter: float | None = None, below: float = 0.0) -> list[Block]:
    """The blocks of one page: each drawing under its heading (`heading` mm high, the rules
    under the heading included) and over `below` mm (the rules placed under it), centred in
    its slot, all at the page's one cell size."""
    room = slots(area, per_page, style.gutter if gutter is None else gutter)
    cell = page_cell(drawings, room, heading, style, below)
    blocks = []
    for d, slot in zip(drawings, room, strict=False):
        scale = cell / d.cell
        w, h = d.width * scale, d.height * scale
        top = slot.y + (slot.h - heading - h - below) / 2
        blocks.append(Block(slot, slot.x + (slot.w - w) / 2, top + heading, w, h, scale, top))
    return blocks


def leftover_layout(count: int, per_page: int) -> int:
    """The layout of a page of `count` puzzles in a book of `per_page` a page: a last page
    of fewer takes the smallest layout that holds them, so one puzzle left over is not
    printed at a quarter of the page, alone."""
    return min(k for k in LAYOUTS if k >= min(count, per_page))


def bare_size(drawing: Drawing) -> tuple[float, float]:
    """A bare page: the drawing at its own size, with a little room for its outer line."""
    return drawing.width + 2 * BARE_PAD, drawing.height + 2 * BARE_PAD
