"""`puzzle-tui export FILE... --to text|ipuz|svg|pdf|fpuzzles|sudokupad -o OUT`: puzzles in
another format; many files make one booklet (pdf) or numbered files (ipuz, svg: OUT-1, OUT-2,
...); links (variants) are written one a line, `-o -` prints them."""

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
from dictionaries import DictionaryError

STYLES = ("full", "line")  # the family's full layout, or one line a puzzle


def add_parser(sub) -> None:
    parser = sub.add_parser("export", help="write puzzles in another format")
    parser.add_argument("files", nargs="+", metavar="FILE")
    parser.add_argument("--to", choices=export.FORMATS, default="text")
    parser.add_argument("--style", default="full", metavar="STYLE",
                        help="text: full (the family's layout: grid, vertical), line (one line "
                        "a puzzle), or a style of the family (blog, file)")
    add_output_options(parser, True, "the file (svg: also OUT-solution.svg; many puzzles: "
                       "OUT-1, OUT-2, ...)")
    parser.add_argument("--per-page", type=int, choices=(1, 2, 4, 6, 9),
                        help="pdf: puzzles a page (default: 1, 2 or 4, as few as hold them all)")
    parser.add_argument("--paper", default="a4", choices=("a4", "b5", "letter"))
    parser.add_argument("--title", default="Puzzles", help="pdf: the booklet's heading")
    add_dict_option(parser, "solve with for the answer pages")


def run(args) -> int:
    run = Run(args.files, False, context_of(args))
    entries = [entry for entry, _ in run]
    if run.status != OK:
        return run.status  # no partial file for a bad input
    if args.to == "text":
        texts = [entry.family.format(entry.puzzle, text_style(entry.family, args.style))
                 for entry in entries]
        output_paths([args.output], args, args.files)
        one_line = all(text.count("\n") == 1 for text in texts)
        write(args.output, "".join(texts) if one_line else "\n".join(texts))
        return OK
    try:
        answers = [answer_for_print(entry, run.context) for entry in entries]
        files = (linked(entries, answers, args) if args.to in export.LINKS
                 else drawn_files(entries, answers, args))
    except (DictionaryError, export.FontMissing, ValueError) as error:
        raise UsageError(str(error)) from None
    output_paths(list(files), args, args.files)
    for name, data in files.items():
        write(name, data)
    return OK


def linked(entries, answers, args) -> dict[str, str]:
    """One link a line; the solution travels with an f-puzzles link when it is unique."""
    lines = [export.export_link(e.family, e.puzzle, args.to,
                                a if e.family.count(e.puzzle, 2).unique else None)
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


def drawn_files(entries, answers, args) -> dict[str, str | bytes]:
    """Every file to write, by name."""
    if args.to == "pdf":
        return {args.output: export.export_pdf(
            [(e.family, e.puzzle, a, e.family.title_of(e.puzzle))
             for e, a in zip(entries, answers, strict=True)],
            args.paper, args.per_page, args.title)}
    if args.output == "-" and (len(entries) > 1 or args.to == "svg"):
        raise UsageError("-o - takes one file: give a name (several files are written)")
    files = {}
    for i, (entry, answer) in enumerate(zip(entries, answers, strict=True), 1):
        name = numbered_name(args.output, i if len(entries) > 1 else None)
        if args.to == "ipuz":
            files[name] = export.to_ipuz(entry.family, entry.puzzle, answer)
            continue
        files[name] = export.export_svg(entry.family, entry.puzzle)
        if answer is not None:
            files[numbered_name(name, "solution")] = export.export_svg(
                entry.family, entry.puzzle, answer)
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
