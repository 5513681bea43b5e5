"""`puzzle-tui solve FILE`: print each puzzle's solution (the first, when it is not unique
or not proven unique within --seconds)."""

from __future__ import annotations

import sys

from cli.common import Run, add_count_options, context_of, describe_count, emit, solution_text


def add_parser(sub) -> None:
    parser = sub.add_parser("solve", help="print the solution")
    parser.add_argument("file", metavar="FILE", help="puzzle file, or - for stdin")
    parser.add_argument("--json", action="store_true")
    add_count_options(parser, "solve with")


def run(args) -> int:
    run = Run([args.file], args.json, context_of(args), getattr(args, "began", None))
    for entry, many, checked, as_json in run.counted(2, seconds=args.seconds):
        result = checked.count
        if args.json:
            emit(as_json)
            continue
        where = entry.where(many)
        said = describe_count(entry, result, args.seconds)
        if result.solution is None:
            print(where + said, file=sys.stderr)
            continue
        if not result.unique:
            print(where + said + "; the first one:", file=sys.stderr)
        print(solution_text(entry, result.solution, many))
    return run.status
