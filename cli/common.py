"""What the commands share: exit codes, reading every puzzle of the input files through the
registry, JSON lines, and writing outputs safely."""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass

from core import kinds, sites
from core.errors import BadInput, ParseError
from core.family import NO_CONTEXT, Context, Family, NotRated
from core.files import InputError, OutputError, check_output, read_text, write_output
from core.search import with_deadline

OK, NOT_UNIQUE, BAD_INPUT, UNKNOWN = 0, 1, 2, 3  # UNKNOWN: not decided within --seconds
# A run over many puzzles exits with the worst of theirs: bad input, then not unique, then
# unknown (a finished answer says more than an open one)
WORST_FIRST = (BAD_INPUT, NOT_UNIQUE, UNKNOWN, OK)
INTERRUPTED = 130  # Ctrl+C, as a shell reports a SIGINT
MAX_SECONDS = 7 * 24 * 3600  # a week: past that a budget is a typo
OPEN_SECONDS = 2.0  # a check of several solutions looks this long for every cell still open
NOTICE_SECONDS = 10.0  # a count without --seconds that runs this long says how to bound it


class UsageError(Exception):
    """A bad option value or output path: said on stderr, exit 2."""


@dataclass
class Entry:
    """One puzzle of an input file, or the error that stands in its place."""

    source: str
    line: int
    family: Family | None
    puzzle: object = None
    error: str | None = None

    def where(self, many: bool) -> str:
        return f"{self.source}:{self.line}: " if many else ""

    @property
    def kind(self) -> str | None:
        return self.family.name if self.family else None


def load(path: str) -> list[Entry]:
    """Every puzzle of a file, in order (a file of one-line puzzles holds many); a web
    address (an f-puzzles or SudokuPad link) is read as it is, and errors call it "link"."""
    link = sites.is_link(path) and not os.path.exists(path)  # a file named like a site is a file
    source = "link" if link else path
    try:
        family, items = kinds.read(path if link else read_text(path))
    except InputError as error:
        return [Entry(source, 0, None, error=str(error))]
    except ParseError as error:
        return [Entry(source, error.line, None, error=f"{source}: {error}")]
    if not items:
        return [Entry(source, 1, family, error=f"{source}: no puzzle found")]
    return [Entry(source, line, family, error=f"{source}: {item}")
            if isinstance(item, ParseError)
            else Entry(source, line, family, puzzle=item) for line, item in items]


def emit(obj: dict) -> None:
    print(json.dumps(obj, ensure_ascii=False), flush=True)


def report(entry: Entry, error: str, as_json: bool, status: int = BAD_INPUT) -> None:
    if as_json:
        emit({"kind": entry.kind, "line": entry.line, "error": error, "status": status})
    print(error, file=sys.stderr)


class Run:
    """The puzzles of the input files in order; bad ones are reported as they come and raise
    the exit status."""

    def __init__(self, paths: list[str], as_json: bool, context: Context = NO_CONTEXT,
                 began: float | None = None):
        self.paths, self.as_json, self.context, self.status = paths, as_json, context, OK
        self.began = began  # the command's start: the first puzzle's time budget counts from it

    def __iter__(self) -> Iterator[tuple[Entry, bool]]:
        for entry, many in self.entries():
            if entry.error:
                self.fail(BAD_INPUT)
                report(entry, entry.error, self.as_json)
            else:
                yield entry, many

    def entries(self) -> Iterator[tuple[Entry, bool]]:
        """Every entry, in order, those that did not parse too (for the caller to report in
        their place): (entry, whether its file holds several)."""
        for path in self.paths:
            entries = load(path)
            for entry in entries:
                yield entry, len(entries) > 1

    def fail(self, status: int) -> None:
        self.status = min(self.status, status, key=WORST_FIRST.index)

    def counted(self, limit: int, with_redundant: bool = False, seconds: float | None = None):
        """(entry, many, checked, verdict, JSON object) for each puzzle, counted (within `seconds`
        each, when given); a puzzle that is not unique raises the status to NOT_UNIQUE, one
        not decided in time to UNKNOWN, and one whose ナンクロ dictionary is missing or
        broken is reported as bad input."""
        check_seconds(seconds)
        began = self.began
        for entry, many in self:
            family, puzzle = entry.family, entry.puzzle
            start = time.perf_counter()
            budget_start = time.monotonic() if began is None else began
            stop = None if seconds is not None else noticing(entry.where(many))
            try:
                checked = family.check(puzzle, limit, stop, self.context, with_redundant,
                                       seconds, budget_start)
            except BadInput as error:  # a ナンクロ dictionary missing or damaged
                self.fail(BAD_INPUT)
                report(entry, f"{entry.source}: {error}", self.as_json)
                continue
            began = None  # the next puzzle's budget counts from its own start
            result = checked.count
            status = status_of(result)
            self.fail(status)
            as_json = {
                "kind": family.name, "line": entry.line, "count": result.count, "limit": limit,
                "unique": result.unique, "unknown": status == UNKNOWN, "status": status,
                "solution": solution_text(entry, result.solution, True),
                "differs": family.cell_names(puzzle, result.differs),
                "clashes": [family.cell_names(puzzle, pair) for pair in result.clashes],
                "seconds": round(time.perf_counter() - start, 6)}
            if result.count >= 2 and family.gives_candidates:
                as_json["open"] = open_cells(family, puzzle, seconds, budget_start)
            if with_redundant:
                as_json["redundant"] = family.cell_names(puzzle, checked.redundant)
                as_json["undecided"] = family.cell_names(puzzle, checked.undecided)
            rating = None
            if family.rated_in_check and result.unique and self.as_json:  # what is left
                rating = rated(family, puzzle, self.context,  # of the budget
                               with_deadline(None, seconds, budget_start))
            verdict = family.verdict(puzzle, result, seconds, rating)
            if rating is not None:  # the level as the verdict says it, as generate --json
                as_json.update(level=verdict.level, rating=rating.as_dict())
            if family.house_rules:
                as_json["rules"] = [{"rule": b.rule, "message": b.message, "cells": list(b.cells)}
                                    for b in verdict.broken]
            yield entry, many, checked, verdict, as_json


def open_cells(family: Family, puzzle, seconds: float | None, began: float) -> dict:
    """Several solutions: the cells that differ between any of them (those with more than
    one true candidate), within what is left of --seconds, else OPEN_SECONDS; `complete`
    false when the search ran out of time (the cells found so far, maybe not all)."""
    budget = with_deadline(None, OPEN_SECONDS) if seconds is None else with_deadline(
        None, seconds, began)
    found = family.true_candidates(puzzle, 1, budget)
    cells = [c for c, held in enumerate(found.support) if len(held) > 1]
    return {"cells": family.cell_names(puzzle, cells), "complete": not found.partial}


def noticing(where: str):
    """A stop that never stops a count: past NOTICE_SECONDS it says once, on standard error,
    that the count goes on and how --seconds bounds it (some searches take hours)."""
    start = time.monotonic()
    said = False

    def stop() -> bool:
        nonlocal said
        if not said and time.monotonic() - start >= NOTICE_SECONDS:
            said = True
            print(f"{where}still counting after {NOTICE_SECONDS:g} s (some puzzles take hours); "
                  "--seconds S answers \"unknown\" (exit 3) past S seconds", file=sys.stderr,
                  flush=True)
        return False
    return stop


def rated(family, puzzle, context: Context, stop=None):
    """The family's rating of the puzzle, or None where the family does not rate this
    puzzle, or `stop` (the time budget) ended the rating first."""
    try:
        rating = family.rate(puzzle, stop, context)
    except NotRated:
        return None
    if stop is not None and stop():
        return None  # a rating cut short is no rating
    return rating


def solution_text(entry: Entry, solution, one_line: bool) -> str | None:
    if solution is None:
        return None
    return entry.family.solution_text(entry.puzzle, solution, one_line)


def status_of(result) -> int:
    """A count's exit status: unique, not unique (two found, or none at all), or unknown (the
    time budget ended the search before either was proven)."""
    if result.unique:
        return OK
    return UNKNOWN if result.stopped and result.count < 2 else NOT_UNIQUE


def context_of(args) -> Context:
    return Context.choosing(dict=getattr(args, "dict", None))


def add_dict_option(parser, what: str) -> None:
    parser.add_argument("--dict", metavar="DICT", help=f"ナンクロ: the dictionary to {what}: a "
                        "folder (puzzle-tui dict build) or a built-in one, ja or en (default: "
                        "the built-in one of the puzzle's language)")


def add_count_options(parser, what: str) -> None:
    """What the commands that count share: --seconds, --dict, and the exit codes in --help."""
    parser.add_argument("--seconds", type=float, metavar="S",
                        help="a time budget a puzzle: a count not finished within S seconds "
                        "answers \"unknown\" (exit 3)")
    add_dict_option(parser, what)
    parser.epilog = ("exit codes: 0 unique, 1 not unique or no solution, 2 bad input, 3 "
                     "unknown within --seconds (with several puzzles the worst: 2, 1, 3, "
                     "then 0)")


def check_seconds(seconds: float | None) -> None:
    if seconds is not None and not 0 < seconds <= MAX_SECONDS:  # also refuses nan
        raise UsageError(f"--seconds {seconds:g}: from 0 to {MAX_SECONDS}")


def add_output_options(parser, required: bool, what: str) -> None:
    parser.add_argument("-o", "--output", metavar="OUT", required=required,
                        help=f"{what}; - for standard output")
    parser.add_argument("--force", action="store_true", help="overwrite OUT if it exists")


def output_paths(paths: list[str], args, inputs: list[str] = ()) -> None:
    """Every output is checked before anything is written (UsageError otherwise)."""
    for path in paths:
        try:
            check_output(path, force=args.force, inputs=inputs)
        except OutputError as error:
            raise UsageError(str(error)) from None


def write(path: str, data: str | bytes) -> None:
    try:
        write_output(path, data)
    except OutputError as error:
        raise UsageError(str(error)) from None
