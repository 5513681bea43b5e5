"""`puzzle-tui solve FILE`: print each puzzle's solution (the first, when it is not unique
or not proven unique within --seconds); with --candidates, each cell's true candidates (the
digits it holds in some solution) and how many solutions hold each, up to --support."""

from __future__ import annotations

import sys
import time

from cli.common import (
    BAD_INPUT,
    NOT_UNIQUE,
    OK,
    UNKNOWN,
    Run,
    UsageError,
    add_count_options,
    check_seconds,
    context_of,
    emit,
    noticing,
    report,
    solution_text,
)
from core.candidates import MAX_SUPPORT
from core.search import with_deadline


def add_parser(sub) -> None:
    parser = sub.add_parser("solve", help="print the solution, or the true candidates")
    parser.add_argument("file", metavar="FILE", help="puzzle file, or - for stdin")
    parser.add_argument("--json", action="store_true",
                        help="one JSON object a puzzle (with --candidates: `candidates`, for "
                        "each cell in reading order a list of [digit, support] pairs, and "
                        "`partial`)")
    parser.add_argument("--candidates", action="store_true",
                        help="Sudoku and variants: each cell's true candidates, the digits it "
                        "holds in some solution, as a grid")
    parser.add_argument("--support", metavar="N",
                        help="with --candidates: count the solutions holding each candidate up "
                        f"to N (1 to {MAX_SUPPORT}; default 1), shown in a second grid")
    add_count_options(parser, "solve with")
    parser.epilog += ("; --candidates: 0 done, 1 no solution, 3 stopped by --seconds (the "
                      "candidates found so far)")


def run(args) -> int:
    support = support_of(args)
    if args.candidates:
        return candidates(args, support)
    run = Run([args.file], args.json, context_of(args), getattr(args, "began", None))
    for entry, many, checked, verdict, as_json in run.counted(2, seconds=args.seconds):
        result = checked.count
        if args.json:
            emit(as_json)
            continue
        where = entry.where(many)
        said = verdict.line()
        if result.solution is None:
            print(where + said, file=sys.stderr)
            continue
        if not result.unique:
            print(where + said + "; the first one:", file=sys.stderr)
        print(solution_text(entry, result.solution, many))
    return run.status


def support_of(args) -> int:
    """--support as a number, checked (UsageError: exit 2)."""
    if args.support is None:
        return 1
    if not args.candidates:
        raise UsageError(f"--support {args.support}: only with --candidates")
    text = args.support.strip()
    if not (text.isascii() and text.isdigit()):  # (not "²", whose int() fails)
        raise UsageError(f"--support {args.support!r}? a whole number from 1 to {MAX_SUPPORT}")
    if len(text) > 9 or not 1 <= int(text) <= MAX_SUPPORT:  # (int() of 5,000 digits fails)
        said = text if len(text) <= 12 else f"{text[:9]}... ({len(text)} digits)"
        raise UsageError(f"--support {said}: from 1 to {MAX_SUPPORT} (solutions counted for "
                         "each candidate)")
    return int(text)


def candidates(args, support: int) -> int:
    """Each puzzle's true candidates, within --seconds each (the first puzzle's counted from
    the command's start)."""
    check_seconds(args.seconds)
    run = Run([args.file], args.json, context_of(args))
    began = getattr(args, "began", None)
    for entry, many in run:
        family, where = entry.family, entry.where(many)
        if not family.gives_candidates:
            run.fail(BAD_INPUT)
            report(entry, f"{entry.source}: --candidates: {family.title} has none (Sudoku and "
                   "variants have them)", args.json)
            continue
        start = time.perf_counter()
        stop = (with_deadline(None, args.seconds, began) if args.seconds is not None
                else noticing(where))
        began = None
        found = family.true_candidates(entry.puzzle, support, stop)
        status = UNKNOWN if found.partial else NOT_UNIQUE if found.none else OK
        run.fail(status)
        if args.json:
            shift = getattr(entry.puzzle, "shift", 0)  # a grid of digits from 0 says 0
            emit({"kind": family.name, "line": entry.line, "candidates": found.pairs(shift),
                  "support": support, "solutions": found.solutions,
                  "all_solutions": found.exhaustive, "partial": found.partial,
                  "status": status, "seconds": round(time.perf_counter() - start, 6)})
            continue
        print(where + caption(found, args.seconds))
        if not found.none:
            print(family.candidates_text(entry.puzzle, found, support > 1 and found.solutions > 1))
    return run.status


def caption(found, seconds: float | None) -> str:
    """What the picture shows, in a line or two of at most 80 columns."""
    if found.none:
        return "no solution: no cell has a true candidate"
    if found.partial:
        when = f"after {seconds:g} s" if seconds is not None else "early"
        return (f"stopped {when}: the candidates of {found.solutions:,} solutions met, "
                "more may hold")
    if found.exhaustive:
        met = "the only solution" if found.solutions == 1 else f"all {found.solutions:,} solutions"
    else:
        met = f"{found.solutions:,} solutions met"
    singles = sum(1 for c in range(len(found.support)) if found.single(c) is not None)
    return (f"true candidates of {met} (support counted to {found.cap})\n"
            f"{singles} of {len(found.support)} cells with one candidate")
