"""Writers every family shares: text (the family's own formats), ipuz, SVG and PDF. Each takes
a family (core/kinds.py), a puzzle and, where known, its answer as the family's count returns
it; the caller solves, since a ナンクロ needs its dictionary for that."""

from __future__ import annotations

from core.export.fonts import FontMissing, find_font, install_font
from core.export.ipuz import from_ipuz, is_ipuz, to_ipuz

FORMATS = ("text", "ipuz", "svg", "pdf", "fpuzzles", "sudokupad", "iss")
# web addresses, for families that write them (variants); iss: the Interactive Sudoku Solver
LINKS = ("fpuzzles", "sudokupad", "iss")
LINK_STYLES = {"fpuzzles": ("fpuzzles",), "sudokupad": ("fpuzzles", "scl"),
               "iss": ("iss",)}  # default first
# the format a file name's extension says it holds (text: also links, a line each)
EXTENSIONS = {".ipuz": "ipuz", ".svg": "svg", ".pdf": "pdf", ".txt": "text", ".text": "text"}


def extension_of(path: str) -> str:
    """`.docx` of `a/b.c/x.DOCX`; empty for `-`, `x`, `.hidden`."""
    name = path.replace("\\", "/").rsplit("/", 1)[-1]
    stem, dot, extension = name.rpartition(".")
    return f".{extension.lower()}" if dot and stem else ""


def format_of_name(path: str) -> str | None:
    """The format a file of this name holds (no extension: text), or None for an extension
    no exporter writes (.docx)."""
    extension = extension_of(path)
    return EXTENSIONS.get(extension) if extension else "text"


def name_fits(path: str, to: str) -> bool:
    """Whether format `to` may be written under this name: any name without an extension
    or with one no exporter claims, else the extension of `to` (links: a text name)."""
    named = EXTENSIONS.get(extension_of(path))
    return named is None or named == ("text" if to in LINKS else to)


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


__all__ = ["EXTENSIONS", "FORMATS", "LINKS", "LINK_STYLES", "FontMissing", "export_link",
           "export_pdf", "export_svg", "extension_of", "find_font", "format_of_name",
           "from_ipuz", "install_font", "is_ipuz", "name_fits", "to_ipuz"]
