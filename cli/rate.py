"""`puzzle-tui rate FILE`: how hard each puzzle is for a person, where its family rates."""

from __future__ import annotations

import time
from dataclasses import replace

from cli.common import BAD_INPUT, NOT_UNIQUE, Run, add_dict_option, context_of, emit, report
from core.family import NotRated
from dictionaries import DictionaryError


def add_parser(sub) -> None:
    parser = sub.add_parser("rate", help="difficulty by human logic (Sudoku; ナンクロ: the "
                            "steps a person takes)")
    parser.add_argument("file", metavar="FILE", help="puzzle file, or - for stdin")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--steps", action="store_true",
                        help="print the walkthrough the rating comes from, its hardest step "
                        "marked")
    parser.add_argument("--scale", metavar="SCALE",
                        help="the difficulty scale, where the family has several (9x9 Sudoku: "
                        "sukaku, Sukaku Explainer 1.15.10's serate, the default; classic, "
                        "Sudoku Explainer 1.2.1.3; other sizes and variants have the "
                        "workbench's own)")
    add_dict_option(parser, "rate with")


def run(args) -> int:
    context = replace(context_of(args), scale=args.scale)
    run = Run([args.file], args.json, context)
    for entry, many in run:
        where = entry.where(many)
        if not entry.family.rated:
            run.fail(BAD_INPUT)
            report(entry, f"{where}rate: {entry.family.title} has no difficulty rating yet",
                   args.json)
            continue
        if args.scale is not None and args.scale not in entry.family.scales:
            run.fail(BAD_INPUT)
            scales = ", ".join(entry.family.scales) or "only its own"
            report(entry, f"{where}rate: {entry.family.title} has no scale {args.scale!r} "
                   f"(scales: {scales})", args.json)
            continue
        start = time.perf_counter()
        try:
            rating = entry.family.rate(entry.puzzle, None, context)
        except NotRated as error:
            run.fail(NOT_UNIQUE)
            report(entry, where + str(error), args.json)
            continue
        except DictionaryError as error:
            run.fail(BAD_INPUT)
            report(entry, f"{entry.source}: {error}", args.json)
            continue
        if args.json:
            emit({"kind": entry.kind, "line": entry.line, **rating.as_dict(),
                  "seconds": round(time.perf_counter() - start, 6)})
            continue
        print(where + rating.summary())
        if args.steps:
            for line in rating.walkthrough():
                print(line)
    return run.status
