"""A drawing as SVG, sized in millimetres for print (drawsvg)."""

from __future__ import annotations

from core.export.drawing import INK, Box, Circle, Drawing, Label, Line

MARGIN = 2.0  # mm around the drawing, so thick borders are not cut
FONT_FAMILY = "IPAexGothic, 'Noto Sans CJK JP', 'Hiragino Sans', sans-serif"


def to_svg(drawing: Drawing) -> str:
    import drawsvg

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
            svg.append(drawsvg.Text(item.text, item.size, item.x, item.y, fill=item.color,
                                    text_anchor=item.anchor, font_family=FONT_FAMILY))
    return svg.as_svg()


def _stroke(color: str) -> str:
    return "black" if color == INK else color  # as ink was always written
