"""`puzzle-tui generate NAME [options]`: new unique puzzles from one of the registered
generators (core.kinds.GENERATORS); each generator's options come from its fields."""

from __future__ import annotations

import os
import random
import signal
import sys
from contextlib import contextmanager
from dataclasses import replace

from cli.common import (
    BAD_INPUT,
    INTERRUPTED,
    NOT_UNIQUE,
    OK,
    UsageError,
    add_dict_option,
    add_output_options,
    context_of,
    output_paths,
)
from core import jobs, kinds
from core.family import Failed, Generated, notes_text
from core.files import OutputError, open_atomic

MAX_COUNT = 10 ** 9
CPUS = os.cpu_count() or 1


def add_parser(sub, rest: list[str] | None = None) -> None:
    """`rest`, the words after `generate`: when they start with a generator's name, only that
    generator's options are built (only its family is imported)."""
    parser = sub.add_parser("generate", help="make new unique puzzles")
    chosen = _generator_named(rest[0]) if rest else None
    generators = chosen or kinds.GENERATORS
    names = parser.add_subparsers(dest="generator", required=True, metavar="KIND",
                                  help=", ".join(generators))
    for name, (family, generator) in generators.items():
        own = names.add_parser(name, help=generator.help, description=generator.help)
        for field in generator.fields:
            _add_field(own, field)
        if "dict" in family.needs:
            add_dict_option(own, "fill from and check against")
        own.add_argument("--count", type=int, default=1, help="how many puzzles")
        own.add_argument("--seed", type=int, help="puzzle i uses seed S+i (reproducible)")
        own.add_argument("--jobs", type=int, default=1,
                         help=f"worker processes (at most the {CPUS} CPUs)")
        own.add_argument("--json", action="store_true", help="one JSON object a puzzle")
        add_output_options(own, False, "write the puzzles here")


def _generator_named(name: str) -> dict | None:
    try:
        return {name: kinds.generator(name)}
    except KeyError:
        return None


def _add_field(parser, field) -> None:
    """A generator's field as a flag: argparse checks a choice (and suggests the closest);
    any other value is kept as typed, and `Generator.options_from` reads it as the app's
    dialog reads its field."""
    if field.type is bool:
        parser.add_argument(field.flag, dest=field.name, action="store_true", help=field.help)
        return
    default = f" (default: {field.default_text})" if field.default_text else ""
    parser.add_argument(field.flag, dest=field.name, help=field.help + default,
                        type=field.type if field.choices else None,
                        choices=field.choices or None,
                        metavar="FILE" if field.file else field.metavar)


def options_of(args, generator):
    """The generator's options from the command line (file fields read, capped); a bad
    value or file is a UsageError naming the option, or the file, line and column."""
    try:
        return generator.options_from({f.name: getattr(args, f.name) for f in generator.fields})
    except ValueError as error:
        raise UsageError(str(error)) from None


def run(args) -> int:
    family, generator = kinds.generator(args.generator)
    _check_numbers(args)
    options = options_of(args, generator)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 32)
    said = sys.stderr.isatty()  # a person watching: each puzzle said, so rated
    # rated in full for --json, or when meeting a level or a target rates the puzzle anyway
    # (on the target's scale); a line said on a terminal rates within the making's time
    rated = (args.json or getattr(args, "level", None) is not None
             or getattr(options, "target", None) is not None or (said and jobs.SUMMARY))
    context = context_of(args)
    # a time budget is each puzzle's whole time; the first's from the command's start
    began = getattr(args, "began", None)
    written, interrupts = 0, Interrupts()
    try:
        with interrupts.installed(), open_atomic(args.output or "-") as out, \
                progress_bar(args.count) as advance:
            if min(args.jobs, CPUS) == 1 and advance.shown:  # in this process: givens, time
                context = replace(context, progress=advance.givens)
            tasks = ((generator.name, options, seed + i, context, rated, None if i else began)
                     for i in range(args.count))
            made = jobs.in_order(jobs.generate, tasks, min(args.jobs, CPUS), "generate")
            written = _write_made(out, made, args, family, generator, advance, said, interrupts)
            interrupts.holding = True  # from here Ctrl+C waits: the file is completed
            out.write("\n")
    except OutputError as error:
        raise UsageError(str(error)) from None
    except BrokenPipeError:  # `generate ... | head`: main's, not a file's error
        raise
    except OSError as error:  # writing the output (a full disk): the file is not written
        raise UsageError(f"{args.output or 'standard output'}: cannot write: "
                         f"{error.strerror or error}; nothing was written") from None
    except Unfinished as failure:
        print(f"generate: {failure.made.error}", file=sys.stderr)
        return BAD_INPUT if failure.made.bad_input else NOT_UNIQUE
    except KeyboardInterrupt:
        print(f"generate: interrupted: {_written(0, args.output)}", file=sys.stderr)
        return INTERRUPTED
    if interrupts.pending:
        print(f"generate: interrupted: {_written(written, args.output)}", file=sys.stderr)
        return INTERRUPTED
    return OK


def _check_numbers(args) -> None:
    """--count, --jobs and the output path, before anything is made (UsageError)."""
    if not 1 <= args.count <= MAX_COUNT:
        raise UsageError(f"--count {args.count}: from 1 to {MAX_COUNT}")
    if args.jobs < 1:
        raise UsageError(f"--jobs {args.jobs}: at least 1")
    if args.jobs > CPUS:
        print(f"generate: --jobs {args.jobs} capped at the {CPUS} CPUs", file=sys.stderr)
    if args.output:
        output_paths([args.output], args)


def _write_made(out, made_in_order, args, family, generator, advance, said: bool,
                interrupts: Interrupts) -> int:
    """Each puzzle written whole as it comes, said on a terminal; how many were written.
    A failure raises Unfinished (the output file is not written); Ctrl+C after the first
    puzzle keeps the finished ones (`interrupts.pending`)."""
    style = generator.style if args.count == 1 else generator.many_style
    joiner = "\n" if args.json or style == family.line_style else "\n\n"
    written = 0
    try:
        for made in made_in_order:
            if isinstance(made, Failed):
                raise Unfinished(made)
            advance()
            if said:
                advance.say(f"generate: puzzle {written + 1} (seed {made.seed}): "
                            f"{described(family, made)}")
            elif made.notes and not args.json:
                print(f"generate: {_notes(made.notes)}", file=sys.stderr)
            text = (_json(family, generator, made) if args.json
                    else family.format(made.puzzle, style).rstrip("\n"))
            with interrupts.held():  # a puzzle is written whole, or not at all
                out.write((joiner if written else "") + text)
                if args.output is None:
                    out.flush()
                written += 1
    except KeyboardInterrupt:
        if not written:
            raise  # nothing to keep: the file is not written
        interrupts.pending = True  # the finished puzzles are kept
    return written


def _written(count: int, output: str | None) -> str:
    puzzles = f"{count} finished puzzle{'s' * (count != 1)}"
    if output is None or output == "-":
        return f"{puzzles} printed"
    return f"{puzzles} written to {output}" if count else f"nothing was written to {output}"


class Interrupts:
    """Ctrl+C while a puzzle is made raises KeyboardInterrupt at once; while one is written
    (`held`), or once the file is being completed (`holding`), it waits and is `pending`: the
    output holds whole puzzles. Python runs the handler in the main thread, so the pool's
    threads cannot deliver it in the middle of a write."""

    def __init__(self):
        self.holding = self.pending = False

    @contextmanager
    def installed(self):
        old = signal.signal(signal.SIGINT, self._caught)
        try:
            yield self
        finally:
            signal.signal(signal.SIGINT, old)

    def _caught(self, *_) -> None:
        if not self.holding:
            raise KeyboardInterrupt
        self.pending = True

    @contextmanager
    def held(self):
        """The block runs whole; a Ctrl+C during it is raised at its end."""
        self.holding = True
        try:
            yield
        finally:
            self.holding = False
        if self.pending:
            raise KeyboardInterrupt


class Unfinished(Exception):
    def __init__(self, made: Failed):
        self.made = made


def _json(family, generator, made: Generated) -> str:
    import json

    style = generator.many_style
    # the solution on one line where the puzzle is on one, and a ナンクロ's as its key
    one_line = style == family.line_style or family.line_style is None
    obj = {"kind": family.name, "puzzle": family.format(made.puzzle, style).rstrip("\n"),
           "solution": family.solution_text(made.puzzle, made.solution, one_line),
           "seed": made.seed, "givens": len(family.givens(made.puzzle))}
    if made.rating is not None:
        obj["level"] = made.rating.level
        obj["rating"] = made.rating.as_dict()
    if made.notes:
        obj["notes"] = made.notes
    return json.dumps(obj, ensure_ascii=False)


def described(family, made: Generated) -> str:
    """What was made, for a person: `ナンクロ 11x11, 3 givens, medium (workbench ナンクロ
    scale)`, and the author's notes."""
    rating = made.rating
    if rating is None:
        level = "not rated"
    elif hasattr(rating, "headline"):
        level = rating.headline()
    else:
        level = f"{rating.level} (workbench {family.title} scale)"
    givens = len(family.givens(made.puzzle))
    notes = f"; {_notes(made.notes)}" if made.notes else ""
    return (f"{family.title_of(made.puzzle)}, {givens} given{'s' * (givens != 1)}, "
            f"{level}{notes}")


def _notes(notes: dict) -> str:
    return notes_text(notes)


class progress_bar:
    """A rich progress bar on standard error, shown only on a terminal; called, it advances
    by one puzzle, and `givens` shows where the puzzle being made is."""

    def __init__(self, total: int):
        self.total, self.progress, self.task = total, None, None

    @property
    def shown(self) -> bool:
        return self.progress is not None

    def __enter__(self):
        if not sys.stderr.isatty():
            return self
        from rich.console import Console
        from rich.progress import Progress, TimeElapsedColumn

        self.progress = Progress(*Progress.get_default_columns(), TimeElapsedColumn(),
                                 console=Console(stderr=True), transient=True)
        self.progress.start()
        self.task = self.progress.add_task("generating", total=self.total)
        return self

    def __call__(self) -> None:
        if self.progress is not None:
            self.progress.advance(self.task)

    def say(self, line: str) -> None:
        """A line on standard error, above the bar when it is shown (unwrapped, as is)."""
        if self.progress is None:
            print(line, file=sys.stderr)
        else:
            self.progress.console.print(line, markup=False, highlight=False, soft_wrap=True)

    def givens(self, left: int, elapsed: float) -> None:
        self.progress.update(self.task, description=f"{left} givens left, {elapsed:.0f} s")

    def __exit__(self, *exc):
        if self.progress is not None:
            self.progress.stop()
        return False

