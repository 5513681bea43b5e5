"""`puzzle-tui export FILE... --to text|ipuz|svg|pdf|fpuzzles|sudokupad|iss -o OUT`: puzzles
another format; many files make one book (pdf: headings with the rating, answer pages, a
contents page and walkthroughs if asked, in a house style) or numbered files (ipuz, svg:
OUT-1, OUT-2, ...); links (variants) are written one a line, `-o -` prints them. The print
options are shared with `bank book` (cli/bank.py)."""

from __future__ import annotations

import sys

from cli.common import (
    OK,
    Run,
    UsageError,
    add_dict_option,
    add_output_options,
    context_of,
    output_paths,
    write,
)
from core import export
from core.export.book import Source, level_order, pieces, rating_of
from core.export.style import LANGUAGES, LAYOUTS, PAPERS, StyleError, load_style
from core.files import OutputError, write_outputs

STYLES = ("full", "line")  # the family's full layout, or one line a puzzle


def add_parser(sub) -> None:
    parser = sub.add_parser("export", help="write puzzles in another format")
    parser.add_argument("files", nargs="+", metavar="FILE")
    parser.add_argument("--to", choices=export.FORMATS, help="the format (default: the one "
                        "-o's name says: .pdf, .svg, .ipuz, else text)")
    parser.add_argument("--style", metavar="STYLE",
                        help="text: full (the family's layout: grid, vertical), line (one line "
                        "a puzzle), or a style of the family (blog, file); pdf and svg: a "
                        "house-style TOML file, or magazine (the default) or large; "
                        "sudokupad: fpuzzles (the default: its f-puzzles form) or scl "
                        "(SudokuPad's own)")
    add_output_options(parser, True, "the file (svg: also OUT-solution.svg; many puzzles: "
                       "OUT-1, OUT-2, ...)")
    add_print_options(parser)
    parser.add_argument("--order", choices=("file", "level"), default="file",
                        help="pdf: the puzzles as given, or easiest first (by level, then "
                        "score)")
    add_dict_option(parser, "solve with for the answer pages")


def add_print_options(parser, book: bool = False) -> None:
    """The options of a printed book (export --to pdf, bank book)."""
    parser.add_argument("--per-page", type=int, choices=tuple(LAYOUTS),
                        help="pdf: puzzles a page (default: the style's, else 1, 2 or 4, as "
                        "few as hold them all)")
    parser.add_argument("--paper", choices=tuple(PAPERS), help="pdf: the paper (default: the "
                        "style's, A4)")
    parser.add_argument("--title", default="Puzzles", help="pdf: the book's title")
    parser.add_argument("--author", default="", help="pdf: the author named in each "
                        "heading (a puzzle's own author first)")
    parser.add_argument("--date", default="", help="pdf: a date for each heading")
    parser.add_argument("--walkthrough", metavar="all|N,M", help="pdf: an appendix with the "
                        "steps in words of these puzzles (numbered as printed)")
    parser.add_argument("--no-solutions", action="store_true", help="pdf: no answer pages")
    parser.add_argument("--lang", choices=LANGUAGES, help="pdf: the language of the rules "
                        "written from a variant's constraints (default: the style's, en); a "
                        "setter's own rules are printed as they are")
    if book:
        parser.add_argument("--style", metavar="STYLE", help="a house-style TOML file, or "
                            "magazine (the default) or large")
        return
    parser.add_argument("--contents", action="store_true", help="pdf: a contents page (the "
                        "puzzles by level, and where they start)")
    parser.add_argument("--bare", action="store_true", help="pdf: each puzzle alone on a page "
                        "of its own size, nothing else (for a layout program)")


def run(args) -> int:
    args.to = format_for(args.output, args.to)
    style = house_style(args) if args.to in ("pdf", "svg") else None
    run = Run(args.files, False, context_of(args))
    entries = [entry for entry, _ in run]
    if run.status != OK:
        return run.status  # no partial file for a bad input
    if args.to == "text":
        texts = [entry.family.format(entry.puzzle, text_style(entry.family, args.style or "full"))
                 for entry in entries]
        output_paths([args.output], args, args.files)
        one_line = all(text.count("\n") == 1 for text in texts)
        write(args.output, "".join(texts) if one_line else "\n".join(texts))
        return OK
    try:
        answers = [answer_for_print(entry, run.context) for entry in entries]
        files = (linked(entries, answers, args) if args.to in export.LINKS
                 else drawn_files(entries, answers, args, style, run.context))
    except (export.FontMissing, ValueError) as error:
        raise UsageError(str(error)) from None
    output_paths(list(files), args, args.files)
    try:
        write_outputs(files)  # a puzzle and its solution (or many): all, or none
    except OutputError as error:
        raise UsageError(str(error)) from None
    return OK


def format_for(output: str, to: str | None) -> str:
    """--to, or the format -o's name says; a name that says another format than --to, or one
    no exporter writes without --to (x.docx), is refused before anything is read."""
    named = export.format_of_name(output)
    if to is None:
        if named is None:
            raise UsageError(f"-o {output}: no exporter writes {export.extension_of(output)} "
                             f"files; name it .pdf, .svg, .ipuz or .txt, or give --to "
                             f"{'|'.join(export.FORMATS)}")
        return named
    if not export.name_fits(output, to):
        raise UsageError(f"-o {output}: a {export.extension_of(output)} name, but --to {to}; "
                         f"give --to {named} or another name")
    return to


def linked(entries, answers, args) -> dict[str, str]:
    """One link a line; the solution travels with an f-puzzles link when it is unique."""
    styles = export.LINK_STYLES[args.to]
    if args.style not in (None, *styles):
        raise UsageError(f"--style {args.style}: {args.to} links are written as "
                         f"{' or '.join(styles)}")
    lines = [export.export_link(e.family, e.puzzle, args.to,
                                a if e.family.count(e.puzzle, 2).unique else None,
                                args.style or styles[0])
             for e, a in zip(entries, answers, strict=True)]
    return {args.output: "\n".join(lines) + "\n"}


def text_style(family, style: str) -> str:
    if style == "full":
        return family.styles[0]
    if style == "line":
        if family.line_style is None:
            raise UsageError(f"a {family.title} has no one-line form; --style full or one of "
                             f"{', '.join(family.styles)}")
        return family.line_style
    if style not in family.styles:
        raise UsageError(f"--style {style}: a {family.title} is written as full, line"
                         f"{''.join(', ' + s for s in family.styles)}")
    return style


def drawn_files(entries, answers, args, style, context) -> dict[str, str | bytes]:
    """Every file to write, by name."""
    if args.to == "pdf":
        sources = [Source(e.family, e.puzzle, a)
                   for e, a in zip(entries, answers, strict=True)]
        return {args.output: print_book(sources, args, style, context, args.order == "level",
                                        args.contents, args.bare)}
    if args.output == "-" and (len(entries) > 1 or args.to == "svg"):
        raise UsageError("-o - takes one file: give a name (several files are written)")
    files = {}
    for i, (entry, answer) in enumerate(zip(entries, answers, strict=True), 1):
        name = numbered_name(args.output, i if len(entries) > 1 else None)
        if args.to == "ipuz":
            files[name] = export.to_ipuz(entry.family, entry.puzzle, answer)
            continue
        files[name] = export.export_svg(entry.family, entry.puzzle, None, style)
        if answer is not None:
            files[numbered_name(name, "solution")] = export.export_svg(
                entry.family, entry.puzzle, answer, style)
    return files


def answer_for_print(entry, context):
    """The answer printed with a puzzle; a puzzle that is not unique is said so on stderr."""
    result = entry.family.count(entry.puzzle, 2, None, context)
    if not result.unique:
        what = "has no solution" if result.count == 0 else "is not unique (one answer shown)"
        print(f"export: {entry.source}:{entry.line}: warning: the puzzle {what}",
              file=sys.stderr)
    return result.solution


def numbered_name(path: str, suffix) -> str:
    """book.svg -> book-3.svg (or book-solution.svg)."""
    if suffix is None:
        return path
    stem, dot, extension = path.rpartition(".")
    return f"{stem}-{suffix}.{extension}" if dot and "/" not in extension else f"{path}-{suffix}"


def house_style(args):
    """The style named by --style (a file or a built-in one), --paper and --per-page over
    it; a bad style file is bad input."""
    from dataclasses import replace

    try:
        style = load_style(args.style)
    except StyleError as error:
        raise UsageError(str(error)) from None
    if args.paper:
        style = replace(style, paper=PAPERS[args.paper])
    if args.per_page:
        style = replace(style, per_page=args.per_page)
    if args.lang:
        style = replace(style, language=args.lang)
    return style


def print_book(sources: list[Source], args, style, context, by_level: bool, contents: bool,
               bare: bool = False) -> bytes:
    """The book's PDF: the puzzles rated (where a heading, the order or a walkthrough needs
    it), in level order if asked, with the credits of the command line."""
    from core.export.pdf import render

    rate = by_level or args.walkthrough or style.shows("level") or style.shows("rating")
    for source in sources:
        if rate and not bare and source.rating is None:
            source.rating = rating_of(source.family, source.puzzle, context)
        source.credits = {"author": args.author, "date": args.date}
    if by_level:
        sources.sort(key=level_order)
    wanted = walkthrough_numbers(args.walkthrough, len(sources))
    return render(pieces(sources, style, wanted), style, args.title, contents=contents,
                  solutions=not args.no_solutions, bare=bare, author=args.author)


def walkthrough_numbers(text: str | None, count: int) -> set[int]:
    """--walkthrough all, or numbers as printed (1,3,7 or 2-5)."""
    if not text:
        return set()
    if text == "all":
        return set(range(1, count + 1))
    numbers = set()
    for part in text.split(","):
        low, dash, high = part.strip().partition("-")
        try:
            span = range(int(low), int(high if dash else low) + 1)
        except ValueError:
            raise UsageError(f"--walkthrough {text}: all, or numbers such as 1,3,5-7") from None
        if not span or span[0] < 1 or span[-1] > count:
            raise UsageError(f"--walkthrough {text}: the book's puzzles are 1 to {count}")
        numbers.update(span)
    return numbers
