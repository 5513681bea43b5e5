"""A drawing as SVG, sized in millimetres for print (drawsvg)."""

from __future__ import annotations

from core.export.drawing import Box, Drawing, Label, Line

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
            svg.append(drawsvg.Line(item.x1, item.y1, item.x2, item.y2, stroke="black",
                                    stroke_width=item.width, stroke_linecap="square"))
        elif isinstance(item, Box):
            svg.append(drawsvg.Rectangle(item.x, item.y, item.w, item.h,
                                         fill=item.fill or "none", stroke="black",
                                         stroke_width=item.width))
        elif isinstance(item, Label):
            svg.append(drawsvg.Text(item.text, item.size, item.x, item.y, fill=item.color,
                                    text_anchor="middle", font_family=FONT_FAMILY))
    return svg.as_svg()
