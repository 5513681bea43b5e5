"""`puzzle-tui rate FILE`: how hard each puzzle is for a person, where its family rates; files
of many puzzles in worker processes with --jobs, the results in input order."""

from __future__ import annotations

import os
import sys
from collections import deque
from dataclasses import replace

from cli.common import (
    BAD_INPUT,
    NOT_UNIQUE,
    UNKNOWN,
    Run,
    UsageError,
    add_dict_option,
    check_seconds,
    context_of,
    emit,
    report,
)
from core import jobs
from core.family import Failed

CPUS = os.cpu_count() or 1


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
    parser.add_argument("--jobs", type=int, default=1,
                        help=f"worker processes for a file of many puzzles (at most the {CPUS} "
                        f"CPUs); results stay in the file's order")
    parser.add_argument("--seconds", type=float, metavar="S",
                        help="a time budget a puzzle: a rating not finished within S seconds "
                        "answers \"unknown\" (exit 3)")
    add_dict_option(parser, "rate with")
    parser.epilog = ("exit codes: 0 rated, 1 not rated (not unique, no solution), 2 bad input, "
                     "3 unknown within --seconds (with several puzzles the worst: 2, 1, 3, "
                     "then 0)")


class Unrated:
    """Why an entry is not rated, said in its place: it did not parse, its family has no
    rating, or no such scale."""

    def __init__(self, message: str):
        self.message = message


def run(args) -> int:
    if args.jobs < 1:
        raise UsageError(f"--jobs {args.jobs}: at least 1")
    if args.jobs > CPUS:
        print(f"rate: --jobs {args.jobs} capped at the {CPUS} CPUs", file=sys.stderr)
    check_seconds(args.seconds)
    context = replace(context_of(args), scale=args.scale)
    run = Run([args.file], args.json, context)
    waiting: deque = deque()  # the entries whose results are on their way, in order

    began = getattr(args, "began", None)  # the first puzzle's budget: from the command's start

    def tasks():
        for i, (entry, many) in enumerate(run.entries()):
            waiting.append((entry, many))
            unrated = _unrated(entry, many, args.scale)
            yield (jobs.Ready(unrated) if unrated else
                   (entry.kind, entry.puzzle, context, args.seconds, None if i else began))

    for result in jobs.in_order(jobs.rate_timed, tasks(), min(args.jobs, CPUS), "rate"):
        entry, many = waiting.popleft()
        _said(run, entry, many, result, args)
    return run.status


def _unrated(entry, many: bool, scale: str | None) -> Unrated | None:
    where = entry.where(many)
    if entry.error:
        return Unrated(entry.error)
    family = entry.family
    if not family.rated:
        return Unrated(f"{where}rate: {family.title} has no difficulty rating yet")
    if scale is not None and scale not in family.scales:
        scales = ", ".join(family.scales) or "only its own"
        return Unrated(f"{where}rate: {family.title} has no scale {scale!r} (scales: {scales})")
    return None


def _said(run: Run, entry, many: bool, result, args) -> None:
    """One entry's result on standard output (errors on standard error too), and the exit
    status raised for what went wrong."""
    if isinstance(result, Unrated):
        run.fail(BAD_INPUT)
        report(entry, result.message, args.json)
        return
    rating, seconds = result
    if isinstance(rating, Failed) and rating.stopped:  # not rated within --seconds
        run.fail(UNKNOWN)
        if args.json:
            emit({"kind": entry.kind, "line": entry.line, "unknown": True, "status": UNKNOWN,
                  "seconds": round(seconds, 6)})
        else:
            print(f"{entry.where(many)}unknown within {args.seconds:g} s: not rated")
        return
    if isinstance(rating, Failed):
        status = BAD_INPUT if rating.bad_input else NOT_UNIQUE
        run.fail(status)
        where = f"{entry.source}: " if rating.bad_input else entry.where(many)
        report(entry, where + rating.error, args.json, status)
        return
    if args.json:
        emit({"kind": entry.kind, "line": entry.line, **rating.as_dict(),
              "seconds": round(seconds, 6)})
        return
    print(entry.where(many) + rating.summary())
    if args.steps:
        for line in rating.walkthrough():
            print(line)
