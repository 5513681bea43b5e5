"""`puzzle-tui bank build|info|export|sample|book`: rated, deduplicated puzzle banks in one
SQLite file, built by local processes (--jobs) or the workers of a Dask cluster (--scheduler);
`book` prints the puzzles that match as a PDF book in level order (cli/export.py's print)."""

from __future__ import annotations

import json
import os
import random
import shlex
import sys
import time
from contextlib import contextmanager

from cli.common import (
    BAD_INPUT,
    INTERRUPTED,
    NOT_UNIQUE,
    OK,
    UsageError,
    add_output_options,
    output_paths,
    write,
)
from core import kinds
from core.errors import ParseError

MAX_COUNT = 10 ** 9
CPUS = os.cpu_count() or 1


def add_parser(sub) -> None:
    parser = sub.add_parser("bank", help="rated, deduplicated puzzle banks (SQLite)")
    actions = parser.add_subparsers(dest="action", required=True)
    _add_build(actions)
    info = actions.add_parser("info", help="what a bank holds")
    info.add_argument("bank", metavar="BANK")
    info.add_argument("--json", action="store_true")
    for name, what in (("export", "the first puzzles that match, in the order stored"),
                       ("sample", "puzzles that match, chosen at random")):
        action = actions.add_parser(name, help=what)
        action.add_argument("bank", metavar="BANK")
        action.add_argument("--level", help="only this level")
        action.add_argument("--rating", metavar="A-B", help="only ratings in this range")
        action.add_argument("--count", type=int, help="at most this many (export: all; "
                            "sample: 1)")
        action.add_argument("--json", action="store_true", help="one JSON object a puzzle")
        if name == "sample":
            action.add_argument("--seed", type=int, help="the same sample again")
        add_output_options(action, False, "write them here (default: standard output)")
    _add_book(actions)


def _add_book(actions) -> None:
    from cli.export import add_print_options

    book = actions.add_parser("book", help="the puzzles that match as a PDF book: a contents "
                              "page, easiest first, answers and walkthroughs after")
    book.add_argument("bank", metavar="BANK")
    book.add_argument("--level", help="only this level")
    book.add_argument("--rating", metavar="A-B", help="only ratings in this range")
    book.add_argument("--count", type=int, help="at most this many, the first stored "
                      "(default: all)")
    add_output_options(book, True, "the PDF")
    add_print_options(book, book=True)


def _add_build(actions) -> None:
    build_parser = actions.add_parser(
        "build", help="generate, rate and store puzzles up to a count (again: resume)")
    build_parser.add_argument("bank", metavar="BANK", help="the SQLite file (made if missing)")
    build_parser.add_argument("--kind", choices=tuple(kinds.GENERATORS),
                              help="the generator (default: the bank's, or sudoku)")
    build_parser.add_argument("--count", type=int, required=True,
                              help="puzzles the bank should hold")
    build_parser.add_argument("--seed", type=int, help="the first seed (a new bank's default: "
                              "random; the seeds follow it one by one)")
    where = build_parser.add_mutually_exclusive_group()
    where.add_argument("--jobs", type=int, default=1, help=f"local worker processes "
                       f"(at most the {CPUS} CPUs)")
    where.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler, e.g. "
                       "tcp://host:8786, whose workers make the puzzles")
    build_parser.add_argument("--dict", metavar="DICT", help="ナンクロ: the dictionary")
    seen = set()
    for name, (_, generator) in kinds.GENERATORS.items():
        for field in generator.fields:
            if field.name not in seen:
                seen.add(field.name)
                _add_field(build_parser, field, name)


def _add_field(parser, field, kind: str) -> None:
    """A generator option, not given unless on the command line (None): a resumed build
    takes the bank's own values for the others. The words are read as `generate` reads
    them (Generator.values_from)."""
    if field.type is bool:
        parser.add_argument(field.flag, dest=field.name, action="store_const", const=True,
                            help=f"{kind}: {field.help}")
        return
    parser.add_argument(field.flag, dest=field.name, help=f"{kind}: {field.help}",
                        metavar="FILE" if field.file else field.metavar)


def run(args) -> int:
    from core.bank import BankError  # SQLite loads only for this command

    try:
        return ACTIONS[args.action](args)
    except BankError as error:
        raise UsageError(str(error)) from None


def run_build(args) -> int:
    from core.bank import Bank, Spec, build
    from core.bank.build import TaskFailed

    if not 1 <= args.count <= MAX_COUNT:
        raise UsageError(f"--count {args.count}: from 1 to {MAX_COUNT}")
    if args.jobs < 1:
        raise UsageError(f"--jobs {args.jobs}: at least 1")
    bank, new = _open_for_build(args)
    try:
        with _workers(args) as (submit, window):
            if bank is None:  # made only once its workers are there
                bank = Bank.create(args.bank, *new)
            spec = Spec(**bank.spec)
            before = bank.size()
            start = time.monotonic()
            with _progress(args.count, before) as advance:
                try:
                    stored = build(bank, spec, args.count, submit, window, advance)
                except TaskFailed as error:
                    print(f"bank: {error}; {args.bank} keeps {bank.size()} puzzles",
                          file=sys.stderr)
                    return NOT_UNIQUE
        seconds = time.monotonic() - start
        summary = bank.summary()
    except KeyboardInterrupt:
        print(f"bank: interrupted: {_kept(bank, args)}", file=sys.stderr)
        return INTERRUPTED
    finally:
        if bank is not None:
            bank.close()
    print(f"bank: {args.bank} holds {stored} puzzles ({stored - before} new in {seconds:.1f} s, "
          f"{(stored - before) / max(seconds, 1e-9):.1f}/s; {summary['duplicates']} duplicates "
          f"and {summary['missed']} seeds without a puzzle so far)", file=sys.stderr)
    return OK


def _kept(bank, args) -> str:
    """What an interrupted build leaves: each stored puzzle was written whole with the next
    seed, so the same command goes on from there."""
    if bank is None:
        return f"nothing was made; {args.bank} does not exist"
    again = f"puzzle-tui bank build {shlex.quote(args.bank)} --count {args.count}"
    return (f"{args.bank} keeps the {bank.size()} puzzles stored (of {args.count}); "
            f"`{again}` goes on from seed {bank.next_seed}")


def _open_for_build(args):
    """An existing bank built with the same options (the options not given now are the
    bank's), or None and what a new one is made of: its spec and first seed."""
    from core.bank import Bank
    from core.bank.build import first_seed

    given = {name: value for name, value in vars(args).items()
             if name in _field_names() and value is not None}
    if os.path.exists(args.bank):
        bank = Bank.open(args.bank, writable=True)
        try:
            _same_build(bank, args, given)
        except UsageError:
            bank.close()
            raise
        return bank, None
    spec = _new_spec(args.kind or "sudoku", given, args.dict)
    Bank.check_new(args.bank)
    return None, (spec.as_dict(), first_seed(args.seed))


def _same_build(bank, args, given: dict) -> None:
    spec, seed = bank.spec, int(bank.meta("seed"))
    differ = [f"--kind {args.kind} (the bank's: {spec['generator']})"
              ] if args.kind not in (None, spec["generator"]) else []
    if args.seed is not None and args.seed != seed:
        differ.append(f"--seed {args.seed} (the bank's: {seed})")
    own = _new_spec(spec["generator"], given, args.dict).values
    differ += [f"{_flag(name)} {own[name]!r} (the bank's: {spec['values'].get(name)!r})"
               for name in given if own.get(name) != spec["values"].get(name)]
    if args.dict is not None and args.dict != spec.get("dictionary"):
        differ.append(f"--dict {args.dict} (the bank's: {spec.get('dictionary')})")
    if differ:
        raise UsageError(f"{args.bank} was built otherwise: {'; '.join(differ)}; resume it "
                         "without these options, or build another bank")


def _new_spec(kind: str, given: dict, dictionary: str | None):
    """The generator's field values (defaults for those not given, files read), checked by
    the generator itself before any bank is made."""
    from core.bank import Spec

    _, generator = kinds.GENERATORS[kind]
    names = {field.name for field in generator.fields}
    stray = sorted(set(given) - names)
    if stray:
        raise UsageError(f"--kind {kind} has no option {', '.join(map(_flag, stray))}")
    try:
        values = generator.values_from(given)
        generator.options(dict(values))
    except (ParseError, ValueError) as error:
        raise UsageError(str(error)) from None
    return Spec(kind, values, dictionary)


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def _field_names() -> set[str]:
    return {field.name for _, generator in kinds.GENERATORS.values()
            for field in generator.fields}


class _Here:
    """A task run in this process when its result is asked for, shaped like a future."""

    def __init__(self, task, *args):
        self.task, self.args = task, args

    def result(self):
        return self.task(*self.args)

    def cancel(self) -> bool:
        return False


@contextmanager
def _workers(args):
    """(submit, window): tasks run here, in a local process pool, or on a Dask cluster; at
    most two tasks a worker are in flight."""
    from core.bank.build import entry

    if args.scheduler:
        with _dask_client(args.scheduler) as client:
            workers = max(1, sum(client.nthreads().values()))
            yield (lambda spec, seed: client.submit(entry, spec, seed, pure=False)), 2 * workers
        return
    jobs = min(args.jobs, CPUS)
    if jobs == 1:
        yield (lambda spec, seed: _Here(entry, spec, seed)), 1
        return
    from core.bank.build import pool_entry
    from core.jobs import JobPool

    pool = JobPool(jobs, ("bank",))
    try:
        slot, job = pool.next_job("bank")
        yield (lambda spec, seed: pool.executor.submit(pool_entry, slot, job, spec, seed)), 2 * jobs
    finally:
        pool.shutdown(wait=True)  # cancelled tasks see their stop and end within ~ms


@contextmanager
def _dask_client(address: str):
    try:
        from distributed import Client
    except ImportError:
        raise UsageError("--scheduler needs Dask, which is not installed yet: `puzzle-tui "
                         "install` installs it (make run's app does, in its background)"
                         ) from None
    try:
        client = Client(address, timeout=10)
    except (OSError, TimeoutError, ValueError) as error:
        raise UsageError(f"--scheduler {address}: {error}") from None
    try:
        yield client
    finally:
        client.close()


@contextmanager
def _progress(total: int, done: int):
    """A progress bar with the rate and the time left, on standard error when it is a
    terminal; advanced by each stored puzzle."""
    if not sys.stderr.isatty():
        yield lambda stored: None
        return
    from rich.console import Console
    from rich.progress import MofNCompleteColumn, Progress, TimeRemainingColumn

    progress = Progress(*Progress.get_default_columns()[:-1], MofNCompleteColumn(),
                        TimeRemainingColumn(), console=Console(stderr=True), transient=True)
    task = progress.add_task("bank", total=total, completed=done)
    start, stored = time.monotonic(), [0]

    def advance(added: bool) -> None:
        if added:
            stored[0] += 1
            rate = stored[0] / max(time.monotonic() - start, 1e-9)
            progress.update(task, advance=1, description=f"{rate:.1f}/s")

    with progress:
        yield advance


def run_info(args) -> int:
    from core.bank import Bank

    bank = Bank.open(args.bank)
    try:
        summary = bank.summary()
    finally:
        bank.close()
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
        return OK
    spec = summary["spec"]
    options = ", ".join(f"{k}={v}" for k, v in spec["values"].items()
                        if v is not None and v is not False)
    rating = summary["rating"]
    print(f"{args.bank}: {summary['puzzles']} puzzles of {spec['generator']} ({options})")
    print(f"  seeds {summary['seed']} to {summary['next_seed'] - 1}: {summary['tried']} tried, "
          f"{summary['duplicates']} duplicates, {summary['missed']} without a puzzle")
    if rating:
        family, _ = kinds.generator(spec["generator"])
        scale = f" ({family.rating_scale} scale)" if family.rating_scale else ""
        print(f"  ratings {rating[0]:g} to {rating[1]:g}{scale}")
    for level, n in summary["levels"].items():
        print(f"  {level}: {n}")
    return OK


def run_pick(args) -> int:
    if args.count is not None and not 1 <= args.count <= MAX_COUNT:
        raise UsageError(f"--count {args.count}: from 1 to {MAX_COUNT}")
    rating = _rating_range(args.rating)
    if args.output:
        output_paths([args.output], args, [args.bank])
    from core.bank import Bank

    wanted = args.count if args.action == "export" else args.count or 1  # None: all
    bank = Bank.open(args.bank)
    try:
        ids = bank.select(args.level, rating)
        if args.action == "sample":
            ids = random.Random(args.seed).sample(ids, min(len(ids), wanted))
        elif wanted is not None:
            ids = ids[:wanted]
        rows = bank.rows(ids)
        generator = bank.spec["generator"]
    finally:
        bank.close()
    if not ids:
        raise UsageError(f"{args.bank}: no puzzle matches")
    status = _said_of(args.bank, rows)
    if rows.whole:
        family, made_by = kinds.GENERATORS[generator]
        joiner = "\n" if args.json or made_by.many_style == family.line_style else "\n\n"
        text = joiner.join(json.dumps(row, ensure_ascii=False) if args.json else row["puzzle"]
                           for row in rows.whole) + "\n"
        if args.output and args.output != "-":
            write(args.output, text)
        else:
            sys.stdout.write(text)
    if wanted is not None and len(ids) < wanted:  # exit 1, as for "nothing generated"
        print(f"bank: {args.bank}: only {len(ids)} puzzle{'s' * (len(ids) != 1)} match, "
              f"not the {wanted} asked (--count)", file=sys.stderr)
        status = status or NOT_UNIQUE
    return status


def _said_of(bank: str, rows) -> int:
    """Damaged rows named (they are left out: exit 2), and rows too old to be checked."""
    for row_id, seed in rows.damaged:
        print(f"bank: {bank}: puzzle {row_id} (seed {seed}) is damaged: it does not match "
              f"the checksum stored with it; left out", file=sys.stderr)
    if rows.unchecked:
        print(f"bank: {bank}: {rows.unchecked} of these puzzles were stored before banks "
              f"kept checksums and are not verified", file=sys.stderr)
    return BAD_INPUT if rows.damaged else OK


def _rating_range(text: str | None) -> tuple[float, float] | None:
    if text is None:
        return None
    low, sep, high = text.partition("-")
    try:
        bounds = (float(low), float(high)) if sep else (float(low), float(low))
    except ValueError:
        raise UsageError(f"--rating {text}: two numbers, e.g. 7.0-7.5") from None
    if not bounds[0] <= bounds[1] or any(b != b for b in bounds):
        raise UsageError(f"--rating {text}: the low end first, e.g. 7.0-7.5")
    return bounds


def run_book(args) -> int:
    """The bank's puzzles that match, parsed, solved and rated again (so every heading says
    the rating with its scale as `rate` does), in level order, as a PDF book."""
    from cli.export import house_style, print_book
    from core.bank import Bank
    from core.export.book import Source
    from core.family import Context

    if args.count is not None and not 1 <= args.count <= MAX_COUNT:
        raise UsageError(f"--count {args.count}: from 1 to {MAX_COUNT}")
    style = house_style(args)
    rating = _rating_range(args.rating)
    output_paths([args.output], args, [args.bank])
    bank = Bank.open(args.bank)
    try:
        ids = bank.select(args.level, rating)[:args.count]
        rows, spec = bank.rows(ids), bank.spec
    finally:
        bank.close()
    if not ids:
        raise UsageError(f"{args.bank}: no puzzle matches")
    status = _said_of(args.bank, rows)
    family, _ = kinds.generator(spec["generator"])
    context = Context.choosing(dict=spec.get("dictionary"))
    sources = []
    for row in rows.whole:
        puzzle = family.parse(row["puzzle"] + "\n")
        sources.append(Source(family, puzzle, family.count(puzzle, 2, None, context).solution))
    try:
        data = print_book(sources, args, style, context, by_level=True, contents=True)
    except ValueError as error:  # bad input of any kind (core.errors.BadInput)
        raise UsageError(str(error)) from None
    write(args.output, data)
    print(f"bank: {args.output}: {len(sources)} puzzles", file=sys.stderr)
    return status


ACTIONS = {"build": run_build, "info": run_info, "export": run_pick, "sample": run_pick,
           "book": run_book}
