"""Writers every family shares: text (the family's own formats), ipuz, SVG and PDF.
Each takes a puzzle of a kind and, where known, its answer (as the family's count returns
it); the caller solves, since a ナンクロ needs its dictionary for that."""

from __future__ import annotations

import json

from core import kinds
from core.export.drawing import draw
from core.export.fonts import FontMissing, find_font, install_font
from core.export.ipuz import from_ipuz, is_ipuz, to_ipuz

FORMATS = ("text", "ipuz", "svg", "pdf")


def title_of(kind: str, puzzle) -> str:
    if kind == "sudoku":
        return f"Sudoku {puzzle.size}x{puzzle.size}"
    if kind == "numcro":
        return f"ナンクロ {puzzle.width}x{puzzle.height}"
    name = {"add": "足し算", "sub": "引き算", "mul": "掛け算", "div": "割り算"}[puzzle.op]
    return f"{'覆面算' if puzzle.letters() else '虫食算'} ({name})"


def export_text(kind: str, puzzle, style: str | None = None) -> str:
    family = kinds.family(kind)
    return family.format(puzzle, style) if style else family.format(puzzle)


def export_ipuz(kind: str, puzzle, answer=None) -> str:
    return json.dumps(to_ipuz(kind, puzzle, answer), ensure_ascii=False, indent=1) + "\n"


def export_svg(kind: str, puzzle, answer=None) -> str:
    """The puzzle, or with `answer` its solution."""
    from core.export.svg import to_svg

    return to_svg(draw(kind, puzzle, answer))


def export_pdf(puzzles: list[tuple[str, object, object, str]], paper: str = "a4",
               per_page: int = 4, title: str = "Puzzles") -> bytes:
    """A booklet of (kind, puzzle, answer or None, title) in order, solutions after."""
    from core.export.pdf import Entry, booklet

    entries = [Entry(name, draw(kind, puzzle),
                     draw(kind, puzzle, answer) if answer is not None else None)
               for kind, puzzle, answer, name in puzzles]
    return booklet(entries, paper, per_page, title)


__all__ = ["FORMATS", "FontMissing", "export_ipuz", "export_pdf", "export_svg", "export_text",
           "find_font", "from_ipuz", "install_font", "is_ipuz", "title_of", "to_ipuz"]
