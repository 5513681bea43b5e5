"""A drawing as SVG for a layout program: sized in millimetres (one user unit a millimetre),
every text a <text> element in the style's fonts, a cage's outline one dashed path (drawsvg)."""

from __future__ import annotations

from functools import cache

from core.export.drawing import INK, Box, Circle, Drawing, Label, Line, Path
from core.export.style import MAGAZINE, Style

MARGIN = 2.0  # mm around the drawing, so thick borders are not cut
FALLBACK_FONTS = "'IPAexGothic', 'Noto Sans CJK JP', 'Hiragino Sans', sans-serif"


def to_svg(drawing: Drawing, style: Style | None = None) -> str:
    import drawsvg

    style = style or MAGAZINE
    families = {role: font_family(getattr(style, role).file) for role in
                ("givens", "clues", "headings")}
    width, height = drawing.width + 2 * MARGIN, drawing.height + 2 * MARGIN
    svg = drawsvg.Drawing(width, height, origin=(-MARGIN, -MARGIN))
    svg.set_render_size(f"{width:.2f}mm", f"{height:.2f}mm")
    svg.append(drawsvg.Rectangle(-MARGIN, -MARGIN, width, height, fill="white"))
    for item in drawing.items:
        if isinstance(item, Line):
            dash = {"stroke_dasharray": f"{item.dash} {item.dash}"} if item.dash else {}
            svg.append(drawsvg.Line(item.x1, item.y1, item.x2, item.y2, stroke=_stroke(item.color),
                                    stroke_width=item.width,
                                    stroke_linecap="butt" if item.dash else item.cap, **dash))
        elif isinstance(item, Path):
            dash = {"stroke_dasharray": f"{item.dash:.3f} {item.dash:.3f}"} if item.dash else {}
            svg.append(drawsvg.Lines(*(v for point in item.points for v in point),
                                     close=item.closed, fill=item.fill or "none",
                                     stroke=_stroke(item.color),
                                     stroke_width=item.width, stroke_linejoin="miter", **dash))
        elif isinstance(item, Box):
            svg.append(drawsvg.Rectangle(item.x, item.y, item.w, item.h,
                                         fill=item.fill or "none",
                                         stroke="black" if item.width else "none",
                                         stroke_width=item.width))
        elif isinstance(item, Circle):
            svg.append(drawsvg.Circle(item.x, item.y, item.r, fill=item.fill or "none",
                                      stroke=item.color if item.width else "none",
                                      stroke_width=item.width))
        elif isinstance(item, Label):
            text = {"text": item.text, "font_size": item.size, "x": item.x, "y": item.y,
                    "text_anchor": item.anchor, "font_family": families[item.font]}
            label = drawsvg.Text(**text, fill=item.color)
            if item.halo:  # a white-outlined copy under it (every reader draws this, where
                # paint-order is SVG 2 only), grouped so that a layout program moves both:
                # the lines beneath stop short of its ink
                label = drawsvg.Group([drawsvg.Text(**text, fill="white", stroke="white",
                                                    stroke_width=2 * item.halo,
                                                    stroke_linejoin="round"), label])
            svg.append(label)
    return svg.as_svg()


@cache
def font_family(file: str | None) -> str:
    """The CSS font-family of a style's font: its own family name first (read from the
    file), then the print font's and common Japanese fonts."""
    if file is None:
        return FALLBACK_FONTS
    from fontTools.ttLib import TTFont

    name = TTFont(file, lazy=True)["name"].getBestFamilyName()
    return f"'{name}', {FALLBACK_FONTS}" if name else FALLBACK_FONTS


def _stroke(color: str) -> str:
    return "black" if color == INK else color  # as ink was always written
