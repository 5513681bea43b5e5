"""`puzzle-tui check FILE...`: is each puzzle unique? Where two solutions differ, or why
there is none; with --json, also the givens that could go. `--seconds` bounds each count:
past it the answer is "unknown" (exit 3)."""

from __future__ import annotations

from cli.common import Run, UsageError, add_count_options, context_of, emit
from core.counting import listed
from core.family import REDUNDANT_SECONDS

MAX_LIMIT = 1_000_000


def add_parser(sub) -> None:
    parser = sub.add_parser("check", help="count solutions (is it unique?)")
    parser.add_argument("files", nargs="+", metavar="FILE", help="puzzle file, or - for stdin")
    parser.add_argument("--limit", type=int, default=2,
                        help="stop counting at N (default 2, the least that proves uniqueness)")
    parser.add_argument("--json", action="store_true",
                        help="one JSON object a puzzle, with the givens that could go "
                        f"(`redundant`) and those not decided within --seconds, else "
                        f"{REDUNDANT_SECONDS:g} s (`undecided`)")
    add_count_options(parser, "check against")


def open_line(found: dict) -> str:
    """Where the solutions still differ, said once the search for every open cell ended."""
    cells = found["cells"]
    if not found["complete"]:
        return (f"open cells: at least {len(cells)} (the search for the rest ran out of "
                "time)")
    return f"open cells (differing between solutions): {len(cells)}: {listed(cells, 20)}"


def run(args) -> int:
    if not 2 <= args.limit <= MAX_LIMIT:
        raise UsageError(f"--limit {args.limit}: from 2 (two solutions found prove a puzzle "
                         f"not unique) to {MAX_LIMIT}")
    run = Run(args.files, args.json, context_of(args), getattr(args, "began", None))
    for entry, many, _, verdict, as_json in run.counted(args.limit, args.json, args.seconds):
        if args.json:
            emit(as_json)
        else:
            print(entry.where(many) + verdict.line())
            if as_json.get("open"):
                print(entry.where(many) + open_line(as_json["open"]))
            for line in verdict.rule_lines():  # house rules: said, the exit code kept
                print(entry.where(many) + line)
    return run.status
