"""Print-ready PDF (fpdf2): puzzles laid out several to a page, each with its number and title,
then their solutions on the following pages; every text in one embedded (subset) font with
kana and kanji."""

from __future__ import annotations

from dataclasses import dataclass

from core.export.drawing import Box, Circle, Drawing, Label, Line
from core.export.fonts import find_font

PAPERS = {"a4": (210.0, 297.0), "b5": (182.0, 257.0), "letter": (215.9, 279.4)}
LAYOUTS = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3), 9: (3, 3)}  # per page: columns, rows
MARGIN, HEADER, CAPTION, GAP = 15.0, 10.0, 7.0, 6.0  # mm
PT = 0.3528  # mm in a point
MAX_SCALE = 1.25  # small puzzles grow a little, not into posters
DEFAULT_PER_PAGE = 4


@dataclass(frozen=True)
class Entry:
    title: str  # e.g. "Sudoku 9x9 · hard"
    puzzle: Drawing
    solution: Drawing | None = None


def booklet(entries: list[Entry], paper: str = "a4", per_page: int | None = None,
            title: str = "Puzzles") -> bytes:
    """The PDF's bytes: puzzle pages, then solution pages. `per_page` None: one, two or four,
    as few as hold them all (a single puzzle gets the page). FontMissing when no font with
    Japanese glyphs is found (nothing is written then)."""
    from fpdf import FPDF

    if per_page is None:
        per_page = fitting(len(entries))
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r}; one of {', '.join(PAPERS)}")
    if per_page not in LAYOUTS:
        raise ValueError(f"--per-page {per_page}? one of {', '.join(map(str, LAYOUTS))}")
    pdf = FPDF(unit="mm", format=PAPERS[paper])
    pdf.set_auto_page_break(False)
    pdf.add_font("print", fname=str(find_font()))
    pdf.set_title(title)
    pdf.set_creator("puzzle-workbench")
    numbered = [(f"{i}. {e.title}", e.puzzle) for i, e in enumerate(entries, 1)]
    _pages(pdf, numbered, per_page, title)
    answers = [(f"{i}. {e.title}", e.solution) for i, e in enumerate(entries, 1) if e.solution]
    if answers:
        _pages(pdf, answers, max(per_page, 4), f"{title} — solutions")
    return bytes(pdf.output())


def fitting(count: int) -> int:
    """Puzzles a page when the author does not say: as few as hold them all, up to four."""
    return min(k for k in LAYOUTS if k >= min(count, DEFAULT_PER_PAGE))


def _pages(pdf, numbered: list[tuple[str, Drawing]], per_page: int, heading: str) -> None:
    columns, rows = LAYOUTS[per_page]
    width, height = pdf.w, pdf.h
    slot_w = (width - 2 * MARGIN - (columns - 1) * GAP) / columns
    slot_h = (height - 2 * MARGIN - HEADER - (rows - 1) * GAP) / rows
    for start in range(0, len(numbered), per_page):
        pdf.add_page()
        pdf.set_font("print", size=11)
        pdf.set_text_color(0, 0, 0)
        pdf.text(MARGIN, MARGIN + 4, heading)
        page = f"{pdf.page_no()}"
        pdf.text(width - MARGIN - pdf.get_string_width(page), height - MARGIN / 2, page)
        for i, (caption, drawing) in enumerate(numbered[start:start + per_page]):
            column, row = i % columns, i // columns
            x = MARGIN + column * (slot_w + GAP)
            y = MARGIN + HEADER + row * (slot_h + GAP)
            pdf.set_text_color(0, 0, 0)
            _fit_font(pdf, caption, slot_w)
            pdf.text(x, y + 4, caption)
            _place(pdf, drawing, x, y + CAPTION, slot_w, slot_h - CAPTION)


def _fit_font(pdf, caption: str, width: float) -> None:
    """10 pt, or smaller (down to 6 pt) so that a long caption keeps out of its neighbour's."""
    size = 10.0
    pdf.set_font("print", size=size)
    while size > 6 and pdf.get_string_width(caption) > width:
        size -= 0.5
        pdf.set_font("print", size=size)


def _place(pdf, drawing: Drawing, x: float, y: float, w: float, h: float) -> None:
    """The drawing scaled to fit the box, centred horizontally."""
    scale = min(w / drawing.width, h / drawing.height, MAX_SCALE)
    left = x + (w - drawing.width * scale) / 2
    for item in drawing.items:
        if isinstance(item, Line):
            pdf.set_draw_color(*_rgb(item.color))
            pdf.set_line_width(item.width)
            if item.dash:
                pdf.set_dash_pattern(item.dash * scale, item.dash * scale)
            ends = (left + item.x1 * scale, y + item.y1 * scale, left + item.x2 * scale,
                    y + item.y2 * scale)
            if item.cap == "round":
                with pdf.local_context(stroke_cap_style="round"):
                    pdf.line(*ends)
            else:
                pdf.line(*ends)
            if item.dash:
                pdf.set_dash_pattern()
        elif isinstance(item, Box):
            pdf.set_draw_color(0, 0, 0)
            pdf.set_line_width(item.width)
            if item.fill:
                pdf.set_fill_color(*_rgb(item.fill))
            pdf.rect(left + item.x * scale, y + item.y * scale, item.w * scale, item.h * scale,
                     style=_style(item))
        elif isinstance(item, Circle):
            pdf.set_draw_color(*_rgb(item.color))
            pdf.set_line_width(item.width or 0.01)
            if item.fill:
                pdf.set_fill_color(*_rgb(item.fill))
            r = item.r * scale
            pdf.ellipse(left + item.x * scale - r, y + item.y * scale - r, 2 * r, 2 * r,
                        style=_style(item))
        elif isinstance(item, Label):
            pdf.set_font("print", size=item.size * scale / PT)
            pdf.set_text_color(*_rgb(item.color))
            text_w = pdf.get_string_width(item.text) if item.anchor == "middle" else 0
            pdf.text(left + item.x * scale - text_w / 2, y + item.y * scale, item.text)


def _style(item) -> str:
    """Outline and fill, fill only (width 0), or outline only."""
    if item.fill:
        return "DF" if item.width else "F"
    return "D"


def _rgb(color: str) -> tuple[int, int, int]:
    return tuple(int(color[i:i + 2], 16) for i in (1, 3, 5))
