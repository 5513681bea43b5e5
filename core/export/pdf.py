"""Print-ready PDF (fpdf2) in a house style: an optional contents page (the puzzles by level),
puzzle pages (1, 2, 4, 6 or 9 a page, each under its heading with its rules above or below
it as the style says; a last page of fewer in a smaller layout), answer pages (smaller grids,
numbered to match) and an appendix of walkthroughs, with running titles and page numbers; or,
`bare`, one drawing a page at its own size and nothing else, for a layout program to place.
Every text is set in the style's fonts, embedded (subset); with a bleed, each page's TrimBox
is the paper and its MediaBox and BleedBox reach the bleed."""

from __future__ import annotations

from core.export.book import Piece, heading_lines, level_groups
from core.export.drawing import Box, Circle, Drawing, Label, Line, Path
from core.export.fonts import find_font
from core.export.layout import (
    BARE_PAD,
    LEADING,
    Block,
    Rect,
    bare_size,
    frame,
    heading_height,
    heading_sizes,
    leftover_layout,
    page_cell,
    place,
    slots,
)
from core.export.style import LAYOUTS, PT, Style

DEFAULT_PER_PAGE = 4
MIN_HEADING = 5.0  # pt: a heading is never set smaller to fit its slot
MIN_LINE = 0.05  # mm: the thinnest line a page prints, however small its cells
STEP_SIZE = 8.5  # pt: the walkthrough appendix, set across the full text width
SECOND_INK = "#333333"  # a heading's later lines
# 禁則: marks kept at the end of the line before rather than starting one
NO_LINE_START = "。、，．）」』〕】・ー！？)]}!?,.:;+*ぁぃぅぇぉっゃゅょァィゥェォッャュョ"
RULES_SCALE = 0.8  # a puzzle's rules, of its heading's first line
RULES_SHARE = 0.4  # of a slot's height, the most its rules may take
RULES_GAP = 0.6  # of a rules line's height: between the rules and the grid


def fitting(count: int) -> int:
    """Puzzles a page when neither author nor style says: as few as hold them all, up to
    four."""
    return min(k for k in LAYOUTS if k >= min(count, DEFAULT_PER_PAGE))


def render(book: list[Piece], style: Style, title: str = "Puzzles", per_page: int | None = None,
           contents: bool = False, solutions: bool = True, bare: bool = False,
           author: str = "") -> bytes:
    """The PDF's bytes. FontMissing when no font with Japanese glyphs is found."""
    per_page = per_page or style.per_page or fitting(len(book))
    if per_page not in LAYOUTS:
        raise ValueError(f"--per-page {per_page}? one of {', '.join(map(str, LAYOUTS))}")
    pdf = _new_pdf(style, title, author, bare, book)
    if bare:
        for drawing in [p.drawing for p in book] + [p.solution for p in book
                                                    if p.solution and solutions]:
            _bare_page(pdf, drawing)
        return bytes(pdf.output())
    answers = [p for p in book if p.solution] if solutions else []
    answer_layout = max(per_page, style.solutions_per_page)
    puzzle_pages = _chunks(book, per_page)
    answer_pages = _chunks(answers, answer_layout)
    text_pages = _flow(pdf, style, [p for p in book if p.walkthrough])
    first = 2 if contents else 1
    starts = {"puzzles": first, "solutions": first + len(puzzle_pages),
              "walkthroughs": first + len(puzzle_pages) + len(answer_pages)}
    if contents:
        _contents(pdf, style, title, author, book, per_page, starts, bool(answer_pages),
                  bool(text_pages))
    for chunk in puzzle_pages:
        _grid_page(pdf, style, title, chunk, leftover_layout(len(chunk), per_page), False)
    for chunk in answer_pages:
        _grid_page(pdf, style, f"{title} — solutions", chunk, answer_layout, True)
    for lines in text_pages:
        _text_page(pdf, style, f"{title} — walkthroughs", lines)
    return bytes(pdf.output())


def _chunks(items: list, size: int) -> list[list]:
    return [items[i:i + size] for i in range(0, len(items), size)]


# --- the document, its pages and fonts --------------------------------------------------------

def _new_pdf(style: Style, title: str, author: str, bare: bool, book: list[Piece]):
    from fpdf import FPDF

    if bare and book:
        size = bare_size(book[0].drawing)
    else:
        size = (style.paper[0] + 2 * style.bleed, style.paper[1] + 2 * style.bleed)
    pdf = FPDF(unit="mm", format=size)
    pdf.set_auto_page_break(False)
    pdf.set_margins(0, 0, 0)
    pdf.fonts_by_role = _register_fonts(pdf, style)
    pdf.set_title(title)
    if author:
        pdf.set_author(author)
    pdf.set_creator("puzzle-workbench")
    return pdf


def _register_fonts(pdf, style: Style) -> dict[str, str]:
    """Each of the style's fonts once, by file; the family name of each role."""
    default = str(find_font())
    names, roles = {}, {}
    for role in ("givens", "clues", "headings"):
        file = getattr(style, role).file or default
        if file not in names:
            names[file] = f"f{len(names)}"
            try:
                pdf.add_font(names[file], fname=file)
            except Exception as error:  # fontTools says why a file is not a usable font
                raise ValueError(f"font {file}: not a usable TrueType/OpenType font "
                                 f"({error})") from None
        roles[role] = names[file]
    return roles


def _add_page(pdf, style: Style) -> None:
    """A page of the style's paper; with a bleed, the trim and bleed boxes set."""
    pdf.add_page()
    if style.bleed:
        width, height = (v / PT for v in style.paper)
        b = style.bleed / PT
        page = pdf.pages[pdf.page]
        page.trim_box = f"[{b:.2f} {b:.2f} {b + width:.2f} {b + height:.2f}]"
        page.bleed_box = f"[0 0 {2 * b + width:.2f} {2 * b + height:.2f}]"


def _furniture(pdf, style: Style, running: str) -> None:
    """The running title in the top margin, the page number in the bottom one."""
    b, (width, height), m = style.bleed, style.paper, style.margins
    size = style.headings.size * 0.8
    if style.running_title and running:
        _text(pdf, "headings", size, SECOND_INK, b + width / 2, b + m.top * 0.55, running,
              "middle")
    if style.page_numbers:
        _text(pdf, "headings", size, "#000000", b + width / 2,
              b + height - m.bottom * 0.45, str(pdf.page_no()), "middle")


def _text(pdf, role: str, size: float, color: str, x: float, y: float, text: str,
          anchor: str = "start") -> None:
    pdf.set_font(pdf.fonts_by_role[role], size=size)
    pdf.set_text_color(*_rgb(color))
    shift = pdf.get_string_width(text) / 2 if anchor == "middle" else 0
    pdf.text(x - shift, y, text)


def _width(pdf, role: str, size: float, text: str) -> float:
    pdf.set_font(pdf.fonts_by_role[role], size=size)
    return pdf.get_string_width(text)


# --- puzzle and answer pages ------------------------------------------------------------------

def _grid_page(pdf, style: Style, running: str, chunk: list[Piece], per_page: int,
               answers: bool) -> None:
    _add_page(pdf, style)
    _furniture(pdf, style, running)
    headings = [heading_lines(p, style, answers) for p in chunk]
    sizes = heading_sizes(style, per_page, max(map(len, headings)))
    if not any(headings):
        sizes = []
    drawings = [p.solution if answers else p.drawing for p in chunk]
    area = frame(style, pdf.page_no())
    rules = _Rules.fitted(pdf, style, [] if answers else chunk, drawings, area, per_page,
                          heading_height(sizes))
    above = rules.height if style.rules == "above" else 0.0
    blocks = place(drawings, area, per_page, heading_height(sizes) + above, style,
                   below=rules.height - above)
    b = style.bleed
    for i, (lines, drawing, block) in enumerate(zip(headings, drawings, blocks, strict=True)):
        # rules above: they end just over the grid and the heading sits on them (grids in a
        # row stay level, the shorter rules' room goes above the heading)
        own = rules.height_of(i) if above else 0.0
        _heading(pdf, lines, _fitted(pdf, lines, sizes, block), b + block.x,
                 b + block.y - heading_height(sizes) - own)
        top = block.y - own if above else block.y + block.h + rules.line * RULES_GAP
        rules.draw(pdf, i, b + block.x, b + top)
        _draw(pdf, drawing, b + block.x, b + block.y, block.scale)


class _Rules:
    """The puzzles' rules on a page: their lines, wrapped to the width of the grids they go
    with, at one size (smaller, down to MIN_HEADING, when they would take more than
    RULES_SHARE of a slot; past that, an error that says so)."""

    def __init__(self, lines: list[list[str]], size: float):
        self.lines, self.size = lines, size
        self.line = size * PT * LEADING
        self.height = max((self.height_of(i) for i in range(len(lines))), default=0.0)

    def height_of(self, i: int) -> float:
        """The room puzzle i's rules take, with the gap between them and the grid."""
        count = len(self.lines[i]) if i < len(self.lines) else 0
        return (count + RULES_GAP) * self.line if count else 0.0

    @classmethod
    def fitted(cls, pdf, style: Style, chunk: list[Piece], drawings, area, per_page: int,
               heading: float) -> _Rules:
        texts = [p.rules if style.rules != "none" else "" for p in chunk]
        if not any(texts):
            return cls([], 0.0)
        room = slots(area, per_page, style.gutter)
        size = heading_sizes(style, per_page, 1)[0] * RULES_SCALE
        while True:
            rules = cls.wrapped(pdf, style, texts, drawings, room, heading, size)
            if rules.height <= RULES_SHARE * room[0].h:
                return rules
            if size <= MIN_HEADING:
                number = chunk[max(range(len(chunk)), key=lambda i: len(rules.lines[i]))].number
                raise ValueError(f"the rules of puzzle {number} take more than "
                                 f"{RULES_SHARE:.0%} of its place at {per_page} a page: "
                                 "print fewer a page, or shorter rules")
            size = max(MIN_HEADING, size * 0.85)

    @classmethod
    def wrapped(cls, pdf, style: Style, texts, drawings, room, heading: float, size: float
                ) -> _Rules:
        """Wrapped to each slot's width, then (a few times over) to its grid's width at the
        cell size those lines leave."""
        widths = [slot.w for slot in room[:len(texts)]]
        for _ in range(4):
            rules = cls([_paragraphs(pdf, t, size, w) for t, w in zip(texts, widths,
                                                                      strict=False)], size)
            above = rules.height if style.rules == "above" else 0.0
            cell = page_cell(drawings, room, heading + above, style, rules.height - above)
            widths = [min(slot.w, d.width / d.cell * cell) for d, slot in
                      zip(drawings, room, strict=False)]
        return rules

    def draw(self, pdf, i: int, x: float, top: float) -> None:
        for k, text in enumerate(self.lines[i] if i < len(self.lines) else ()):
            y = top + (k + 1) * self.line - self.size * PT * (LEADING - 1) / 2
            _text(pdf, "headings", self.size, "#000000", x, y, text)


def _paragraphs(pdf, text: str, size: float, width: float) -> list[str]:
    """A text's lines, each paragraph (line of the setter's text) wrapped to `width`."""
    return [line for paragraph in text.splitlines() for line in
            (_wrap(pdf, paragraph.strip(), size, width) or [""])]


def _fitted(pdf, lines: list[str], sizes: list[float], block: Block) -> list[float]:
    """Each line's size, smaller where it must be to fit from its grid's left edge to its
    slot's right edge (never below MIN_HEADING); its line's height stays."""
    room = block.slot.x + block.slot.w - block.x
    return [max(min(size, size * room / max(_width(pdf, "headings", size, text), 1e-9)),
                MIN_HEADING) for text, size in zip(lines, sizes, strict=False)]


def _heading(pdf, lines: list[str], sizes: list[float], x: float, top: float) -> None:
    y = top
    for i, (text, size) in enumerate(zip(lines, sizes, strict=False)):
        y += size * PT * LEADING
        _text(pdf, "headings", size, "#000000" if i == 0 else SECOND_INK, x,
              y - size * PT * (LEADING - 1) / 2, text)


def _bare_page(pdf, drawing: Drawing) -> None:
    pdf.add_page(format=bare_size(drawing))
    _draw(pdf, drawing, BARE_PAD, BARE_PAD, 1.0)


# --- the contents page and the walkthroughs ---------------------------------------------------

def _contents(pdf, style: Style, title: str, author: str, book: list[Piece], per_page: int,
              starts: dict, answers: bool, walkthroughs: bool) -> None:
    """The book's title, then a line for each run of puzzles of one level (the page it
    starts on), the answers and the walkthroughs."""
    _add_page(pdf, style)
    area, b = frame(style, 1), style.bleed
    size = style.headings.size
    x, right, y = b + area.x, b + area.x + area.w, b + area.y + size * PT * 2.5
    _text(pdf, "headings", size * 2.2, "#000000", x, y, title)
    if author:
        y += size * PT * 2.2
        _text(pdf, "headings", size * 1.1, SECOND_INK, x, y, author)
    y += size * PT * 4
    _text(pdf, "headings", size * 1.4, "#000000", x, y, "Contents")
    y += size * PT * 1.2
    rows = [(level.capitalize(), f"puzzles {low}–{high}" if high > low else f"puzzle {low}",
             starts["puzzles"] + (low - 1) // per_page)
            for level, low, high in level_groups(book)]
    if answers:
        rows.append(("Solutions", "", starts["solutions"]))
    if walkthroughs:
        rows.append(("Walkthroughs", "", starts["walkthroughs"]))
    for name, what, page in rows:
        y += size * PT * 2
        _text(pdf, "headings", size, "#000000", x, y, name)
        _text(pdf, "headings", size * 0.9, SECOND_INK, x + area.w * 0.3, y, what)
        number = str(page)
        _text(pdf, "headings", size, "#000000", right - _width(pdf, "headings", size, number),
              y, number)


def _flow(pdf, style: Style, explained: list[Piece]) -> list[list[tuple]]:
    """The walkthroughs set across the text width (in a half-width column a heading wrapped
    and the page's right half stayed empty): pages of (text, size, indent) lines."""
    area = frame(style, 1)
    width = area.w
    line = STEP_SIZE * PT * 1.35
    per_page = int(area.h // line)
    lines: list[tuple] = []
    for piece in explained:
        if lines:
            lines.append(("", STEP_SIZE, 0))
        said = " · ".join(part for part in (f"{piece.number} {piece.kind}", piece.level,
                                            piece.rating) if part)
        lines += [(text, STEP_SIZE * 1.1, 0) for text in _wrap(pdf, said, STEP_SIZE * 1.1,
                                                                width)]
        for step in piece.walkthrough:
            wrapped = _wrap(pdf, step.strip(), STEP_SIZE, width - 4)
            lines += [(text, STEP_SIZE, 0 if i == 0 else 4) for i, text in enumerate(wrapped)]
    return _chunks(lines, per_page)


def _wrap(pdf, text: str, size: float, width: float) -> list[str]:
    """Greedy lines of words; a word wider than the line (a run of kana) by characters, where
    a closing mark (。、）) never starts a line but hangs at the end of the one before."""
    pdf.set_font(pdf.fonts_by_role["headings"], size=size)
    lines, current = [], ""
    for word in text.split(" "):
        trial = f"{current} {word}" if current else word
        if pdf.get_string_width(trial) <= width:
            current = trial
            continue
        if current:
            lines.append(current)
        current = ""
        for ch in word:
            if (pdf.get_string_width(current + ch) > width and current
                    and ch not in NO_LINE_START):
                lines.append(current)
                current = ""
            current += ch
    return lines + [current] if current else lines


def _text_page(pdf, style: Style, running: str, lines: list[tuple]) -> None:
    _add_page(pdf, style)
    _furniture(pdf, style, running)
    area, b = frame(style, pdf.page_no()), style.bleed
    x, y = b + area.x, b + area.y
    for text, size, indent in lines:
        y += STEP_SIZE * PT * 1.35
        if text:
            _text(pdf, "headings", size, "#000000", x + indent, y, text)


# --- a drawing's items ------------------------------------------------------------------------

def _draw(pdf, drawing: Drawing, left: float, top: float, scale: float) -> None:
    """The drawing with its top-left at (left, top), every length (line weights and text
    too) times `scale`: a page's cell size is the drawing's times `scale`."""

    def at(x: float, y: float) -> tuple[float, float]:
        return left + x * scale, top + y * scale

    with pdf.local_context(stroke_cap_style="square"):
        for item in drawing.items:
            if isinstance(item, Line):
                _line(pdf, item, at, scale)
            elif isinstance(item, Path):
                _path(pdf, item, at, scale)
            elif isinstance(item, Box):
                _stroke(pdf, "#000000", item.width * scale)
                if item.fill:
                    pdf.set_fill_color(*_rgb(item.fill))
                pdf.rect(*at(item.x, item.y), item.w * scale, item.h * scale, style=_style(item))
            elif isinstance(item, Circle):
                _stroke(pdf, item.color, item.width * scale)
                if item.fill:
                    pdf.set_fill_color(*_rgb(item.fill))
                r = item.r * scale
                x, y = at(item.x, item.y)
                pdf.ellipse(x - r, y - r, 2 * r, 2 * r, style=_style(item))
            elif isinstance(item, Label):
                x, y = at(item.x, item.y)
                if item.halo:
                    _halo(pdf, item, x, y, scale)
                _text(pdf, item.font, item.size * scale / PT, item.color, x, y, item.text,
                      item.anchor)


def _halo(pdf, item: Label, x: float, y: float, scale: float) -> None:
    """The label's glyphs outlined in white, twice the halo wide (a stroke is centred on the
    outline), under the label itself: the lines beneath it stop short of its ink."""
    with pdf.local_context(text_mode="STROKE", stroke_join_style="round"):
        _stroke(pdf, "#ffffff", 2 * item.halo * scale)
        _text(pdf, item.font, item.size * scale / PT, item.color, x, y, item.text,
              item.anchor)


def _line(pdf, item: Line, at, scale: float) -> None:
    _stroke(pdf, item.color, item.width * scale)
    ends = (*at(item.x1, item.y1), *at(item.x2, item.y2))
    if item.dash:
        with pdf.local_context(stroke_cap_style="butt"):
            pdf.set_dash_pattern(item.dash * scale, item.dash * scale)
            pdf.line(*ends)
            pdf.set_dash_pattern()
    elif item.cap == "round":
        with pdf.local_context(stroke_cap_style="round"):
            pdf.line(*ends)
    else:
        pdf.line(*ends)


def _path(pdf, item: Path, at, scale: float) -> None:
    """A polyline or loop, its dashes running on round the corners."""
    _stroke(pdf, item.color, item.width * scale)
    points = [at(x, y) for x, y in item.points]
    with pdf.local_context(stroke_cap_style="butt", stroke_join_style="miter"):
        if item.dash:
            pdf.set_dash_pattern(item.dash * scale, item.dash * scale)
        if item.fill:
            pdf.set_fill_color(*_rgb(item.fill))
        pdf.polyline(points, polygon=item.closed, style="DF" if item.fill else "D")
        if item.dash:
            pdf.set_dash_pattern()


def _stroke(pdf, color: str, width: float) -> None:
    pdf.set_draw_color(*_rgb(color))
    pdf.set_line_width(max(width, MIN_LINE))


def _style(item) -> str:
    """Outline and fill, fill only (width 0), or outline only."""
    if item.fill:
        return "DF" if item.width else "F"
    return "D"


def _rgb(color: str) -> tuple[int, int, int]:
    return tuple(int(color[i:i + 2], 16) for i in (1, 3, 5))


__all__ = ["Rect", "fitting", "render"]
