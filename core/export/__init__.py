"""Writers every family shares: text (the family's own formats), ipuz, SVG and PDF. Each takes
a family (core/kinds.py), a puzzle and, where known, its answer as the family's count returns
it; the caller solves, since a ナンクロ needs its dictionary for that."""

from __future__ import annotations

from core.export.fonts import FontMissing, find_font, install_font
from core.export.ipuz import from_ipuz, is_ipuz, to_ipuz

FORMATS = ("text", "ipuz", "svg", "pdf", "fpuzzles", "sudokupad")
LINKS = ("fpuzzles", "sudokupad")  # web addresses, for families that write them (variants)
LINK_STYLES = {"fpuzzles": ("fpuzzles",), "sudokupad": ("fpuzzles", "scl")}  # default first


def export_link(family, puzzle, site: str, answer=None, style: str = "fpuzzles") -> str:
    """The puzzle as a link of a puzzle site (with its solution where the site keeps one) in
    one of the site's LINK_STYLES; ValueError for a family that writes no links."""
    writer = getattr(family, "to_link", None)
    if writer is None:
        raise ValueError(f"a {family.title} has no {site} link (variants do)")
    return writer(puzzle, site, answer, style)


def export_svg(family, puzzle, answer=None, style=None) -> str:
    """The puzzle, or with `answer` its solution, at the style's cell size, in mm."""
    from core.export.svg import to_svg

    return to_svg(family.draw(puzzle, answer, style), style)


def export_pdf(puzzles: list[tuple], paper: str | None = None,
               per_page: int | None = None, title: str = "Puzzles", style=None,
               solutions: bool = True) -> bytes:
    """A booklet of (family, puzzle, answer or None, title[, rating]) in order,
    solutions after unless not wanted, in a house style (the magazine style by default) on
    `paper` (the app's export; the command line builds books with core.export.book and
    core.export.pdf.render)."""
    from dataclasses import replace

    from core.export.book import Source, pieces
    from core.export.pdf import render
    from core.export.style import MAGAZINE, PAPERS

    if paper is not None and paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r}; one of {', '.join(PAPERS)}")
    style = style or MAGAZINE
    style = replace(style, paper=PAPERS[paper]) if paper else style
    sources = [Source(family, puzzle, answer, rated[0] if rated else None,
                      credits={"title": name} if name != family.title_of(puzzle) else {})
               for family, puzzle, answer, name, *rated in puzzles]
    return render(pieces(sources, style), style, title, per_page, solutions=solutions)


__all__ = ["FORMATS", "LINKS", "LINK_STYLES", "FontMissing", "export_link", "export_pdf",
           "export_svg", "find_font", "from_ipuz",
           "install_font", "is_ipuz", "to_ipuz"]
