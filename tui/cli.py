"""`puzzle-tui`: the app, or a headless command (check, solve, rate, generate, export).

argparse (standard library) is enough for a handful of subcommands and costs no dependency.
Exit codes: 0 unique or done, 1 not unique / no solution / nothing generated, 2 bad input.
"""

from __future__ import annotations

import argparse
import functools
import json
import multiprocessing
import random
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass

from core import arith, export, kinds, sudoku
from core.arith import alphametic
from core.errors import GenerationFailed, ParseError
from core.files import InputError, atomic_write, read_text
from core.symmetry import SYMMETRIES
from dictionaries import DictionaryError

OK, NOT_UNIQUE, BAD_INPUT = 0, 1, 2
STYLES = {"sudoku": {"line": "line", "full": "grid"}, "arith": {"line": "line", "full": "vertical"}}
COMMANDS = ("check", "solve", "rate", "generate", "export", "dict", "install")


@dataclass
class Entry:
    """One puzzle of an input file, or the error that stands in its place."""

    source: str
    line: int
    kind: str
    puzzle: object = None
    error: str | None = None

    def where(self, many: bool) -> str:
        return f"{self.source}:{self.line}: " if many else ""

    @property
    def family(self):
        return kinds.family(self.kind)


def load(path: str) -> list[Entry]:
    """Every puzzle of a file, in order (a file of one-line puzzles holds many)."""
    try:
        text = read_text(path)
        if export.is_ipuz(text):
            kind, puzzle = export.from_ipuz(text)
            return [Entry(path, 1, kind, puzzle=puzzle)]
        kind = kinds.detect(text)
        items = list(kinds.family(kind).iter_puzzles(text))
    except InputError as error:
        return [Entry(path, 0, "", error=str(error))]
    except ParseError as error:
        return [Entry(path, error.line, "", error=f"{path}: {error}")]
    if not items:
        return [Entry(path, 1, kind, error=f"{path}: no puzzle found")]
    return [Entry(path, line, kind, error=f"{path}: {item}") if isinstance(item, ParseError)
            else Entry(path, line, kind, puzzle=item) for line, item in items]


def emit(obj: dict) -> None:
    print(json.dumps(obj, ensure_ascii=False), flush=True)


def report_error(entry: Entry, as_json: bool) -> int:
    if as_json:
        emit({"kind": entry.kind or None, "line": entry.line, "error": entry.error})
    print(entry.error, file=sys.stderr)
    return BAD_INPUT


class Run:
    """The puzzles of the input files in order; bad ones are reported as they come and raise the
    exit status."""

    def __init__(self, paths: list[str], as_json: bool):
        self.paths, self.as_json, self.status = paths, as_json, OK

    def __iter__(self) -> Iterator[tuple[Entry, bool]]:
        for path in self.paths:
            entries = load(path)
            for entry in entries:
                if entry.error:
                    self.fail(report_error(entry, self.as_json))
                else:
                    yield entry, len(entries) > 1

    def fail(self, status: int) -> None:
        self.status = max(self.status, status)

    def counted(self, limit: int, dictionary: str | None):
        """(entry, many, result, JSON object) for each puzzle, counted; a puzzle that is not
        unique raises the status to NOT_UNIQUE, and one whose ナンクロ dictionary is missing
        or broken is reported as bad input."""

        for entry, many in self:
            try:
                result, as_json = counted(entry, limit, dictionary)
            except DictionaryError as error:
                self.fail(report_error(Entry(entry.source, entry.line, entry.kind,
                                             error=f"{entry.source}: {error}"), self.as_json))
                continue
            if not result.unique:
                self.fail(NOT_UNIQUE)
            yield entry, many, result, as_json


def dictionary_at(path: str | None, lang: str):
    """The ナンクロ dictionary of --dict, else the built-in one of the puzzle's language."""
    from dictionaries.defaults import open_source

    return open_source(path or f"builtin:{lang}")


def counted(entry: Entry, limit: int, dictionary: str | None = None) -> tuple[object, dict]:
    """Count an entry's solutions; the result, and its JSON object."""
    p, family = entry.puzzle, entry.family
    start = time.perf_counter()
    if entry.kind == "numcro":
        result = family.count(p, dictionary_at(dictionary, p.lang), limit=limit)
    else:
        result = family.count(p, limit=limit)
    seconds = time.perf_counter() - start
    as_json = {"kind": entry.kind, "line": entry.line, "count": result.count, "limit": limit,
               "unique": result.unique, "solution": solution_text(entry, result.solution, True),
               "differs": family.cell_names(p, result.differs), "seconds": round(seconds, 6)}
    if entry.kind == "sudoku":
        as_json["clashes"] = [family.cell_names(p, pair) for pair in result.clashes]
    return result, as_json


def solution_text(entry: Entry, solution, one_line: bool) -> str | None:
    if solution is None:
        return None
    solved = entry.family.filled(entry.puzzle, solution)
    return entry.family.format(solved, "line").rstrip("\n") if one_line else (
        entry.family.format(solved).rstrip("\n"))


def cmd_check(args) -> int:
    run = Run(args.files, args.json)
    for entry, many, result, as_json in run.counted(args.limit, args.dict):
        if args.json:
            emit(as_json)
        else:
            print(entry.where(many) + describe_count(entry, result, args.limit))
    return run.status


def describe_count(entry: Entry, result, limit: int) -> str:
    p, names = entry.puzzle, entry.family.cell_names
    if result.unique:
        return "unique"
    if result.count == 0:
        if result.clashes:
            pairs = "; ".join(" and ".join(names(p, pair)) + f" both hold "
                              f"{sudoku.SYMBOLS[p.givens[pair[0]] - 1]}" for pair in result.clashes)
            return f"no solution: {pairs}"
        return "no solution"
    more = " or more" if result.count >= limit else ""
    differ = ", ".join(names(p, result.differs))
    return f"not unique: {result.count}{more} solutions; two of them differ in {differ}"


def cmd_solve(args) -> int:
    run = Run([args.file], args.json)
    for entry, many, result, as_json in run.counted(2, args.dict):
        if args.json:
            emit(as_json)
            continue
        where = entry.where(many)
        if result.solution is None:
            print(where + describe_count(entry, result, 2), file=sys.stderr)
            continue
        if not result.unique:
            print(where + describe_count(entry, result, 2) + "; the first one:", file=sys.stderr)
        print(solution_text(entry, result.solution, many))
    return run.status


def cmd_rate(args) -> int:
    run = Run([args.file], args.json)
    for entry, many in run:
        if entry.kind != "sudoku":
            run.fail(BAD_INPUT)
            print(f"{entry.where(many)}rate: only Sudoku is rated by human logic, not "
                  f"{entry.kind}", file=sys.stderr)
            continue
        start = time.perf_counter()
        try:
            rating = sudoku.rate(entry.puzzle)
        except ValueError as error:
            run.fail(NOT_UNIQUE)
            if args.json:
                emit({"kind": entry.kind, "line": entry.line, "error": str(error)})
            print(entry.where(many) + str(error), file=sys.stderr)
            continue
        seconds = time.perf_counter() - start
        if args.json:
            emit({"kind": entry.kind, "line": entry.line, **rating.as_dict(),
                  "seconds": round(seconds, 6)})
            continue
        used = ", ".join(f"{name} ×{times}" for name, times in rating.techniques.items())
        print(f"{entry.where(many)}{rating.level} (score {rating.score:.1f}); hardest: "
              f"{rating.hardest}; {used}")
        if args.steps:
            for number, step in enumerate(rating.steps, 1):
                print(f"{number:4}. {step.text}")
            if not rating.solved:
                print("      stuck: no technique applies; the rest needs guessing")
    return run.status


def mask_from(path: str) -> tuple[bool, ...]:
    """An author's pattern: any symbol (or x) marks a given; blanks stay empty."""
    text = read_text(path)
    pattern = text.replace("x", "1").replace("X", "1")
    return tuple(bool(v) for v in sudoku.parse(pattern).givens)


def _generate_one(task: tuple[str, object, int, bool]) -> tuple[dict, str, str]:
    """One puzzle: its JSON object, its one-line text and its full layout."""
    kind, options, seed, with_rating, seconds = task
    if kind == "sudoku":
        puzzle, solution = sudoku.generate(options, random.Random(seed))
        result = {"puzzle": sudoku.format_line(puzzle),
                  "solution": sudoku.format_line(puzzle.with_givens(solution)),
                  "seed": seed, "clues": puzzle.clue_count}
        if with_rating:
            result["rating"] = sudoku.rate(puzzle).as_dict()
        return result, result["puzzle"], sudoku.format_grid(puzzle).rstrip("\n")
    if kind == "alphametic":
        n_words, word_list = options
        words = alphametic.read_words(word_list) if word_list else None
        puzzle = alphametic.generate_alphametic(n_words, random.Random(seed), words, seconds)
        answer = arith.filled(puzzle, arith.count(puzzle, limit=1).solution)
        line = arith.format(puzzle, "line").rstrip("\n")
        return ({"puzzle": line, "solution": arith.format(answer, "line").rstrip("\n"),
                 "seed": seed}, line, line)
    if kind == "numcro":
        return _generate_numcro(options, seed)
    if isinstance(options, arith.Puzzle):  # an author's shape
        puzzle, answer = arith.generate_from_shape(options, random.Random(seed), seconds)
    else:
        puzzle, answer = arith.generate(options, random.Random(seed))
    full = arith.format(puzzle, "vertical").rstrip("\n")
    result = {"puzzle": full, "solution": arith.format(answer, "vertical").rstrip("\n"),
              "seed": seed}
    return result, full, full


@dataclass(frozen=True)
class NumcroTask:
    options: object  # core.numcro.generator.Options
    dictionary: str | None  # --dict, else the built-in one of the language
    text: str | None  # --text: the author's own words fill the grid


@functools.cache
def numcro_words(dictionary: str | None, lang: str, text: str | None):
    """(fill, check) word sets of a generator run, made once a process."""
    from core.numcro.generator import own_words, words_of_text
    from core.numcro.wordsets import word_sets

    opened = dictionary_at(dictionary, lang)
    if text is None:
        sets = word_sets(opened)
        return sets, sets
    try:
        return own_words(words_of_text(read_text(text), lang), opened)
    except GenerationFailed as error:
        raise GenerationFailed(f"{text}: {error}") from None


def _generate_numcro(task: NumcroTask, seed: int) -> tuple[dict, str, str]:
    from core import numcro
    from core.numcro.generator import generate

    fill, check = numcro_words(task.dictionary, task.options.lang, task.text)
    made = generate(task.options, fill, check, random.Random(seed))
    full = numcro.format(made.puzzle).rstrip("\n")
    key = numcro.format(numcro.filled(made.puzzle, made.solution), "line").rstrip("\n")
    return ({"puzzle": full, "solution": key, "seed": seed, "givens": len(made.puzzle.givens),
             "nodes": made.nodes, "level": made.level}, full, full)


def generated(tasks: list, jobs: int) -> Iterator[dict]:
    """Results in task order; `jobs` > 1 runs them in worker processes."""
    if jobs <= 1:
        for task in tasks:
            yield _generate_one(task)
        return
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
        futures = [pool.submit(_generate_one, task) for task in tasks]
        ready: dict[int, dict] = {}
        index = {f: i for i, f in enumerate(futures)}
        next_out = 0
        for future in as_completed(futures):
            ready[index[future]] = future.result()
            while next_out in ready:
                yield ready.pop(next_out)
                next_out += 1


def generator_options(args):
    if args.kind == "alphametic":
        if args.words < 3:
            raise ValueError("--words is at least 3 (two addends and the sum)")
        if args.word_list:
            read_text(args.word_list)  # a missing or unreadable list fails here, cleanly
        return (args.words, args.word_list)
    if args.kind == "numcro":
        from core.numcro import parse as parse_numcro
        from core.numcro.generator import Options as NumcroOptions

        blocks = None
        if args.blocks:
            cells = parse_numcro(read_text(args.blocks)).cells
            blocks = tuple(c == 0 for c in cells)
            args.size = round(len(cells) ** 0.5)
        if args.text:
            read_text(args.text)  # a missing or unreadable text fails here, cleanly
        options = NumcroOptions(size=args.size, symmetry=args.symmetry or "rot180",
                                lang=args.lang, max_word=args.max_word or 0, blocks=blocks,
                                seconds=args.seconds, min_givens=args.min_givens)
        return NumcroTask(options, args.dict, args.text)
    if args.kind == "arith" and args.shape:
        return arith.parse(read_text(args.shape))
    attempts = {"attempts": args.attempts} if args.attempts else {}
    if args.kind == "arith":
        digits = tuple(int(n) for n in args.digits.replace("+", "x").split("x") if n)
        return arith.Options(op=args.op, digits=digits, keep=args.keep,
                             one_blank_per_column=args.one_blank_per_column, **attempts)
    return sudoku.Options(
        size=args.size, symmetry=args.symmetry or "none", clues=args.clues, minimal=args.minimal,
        mask=mask_from(args.mask) if args.mask else None, level=args.level,
        max_technique=args.max_technique, **attempts)


def cmd_generate(args) -> int:
    try:
        options = generator_options(args)
    except (ValueError, ParseError, InputError) as error:
        print(f"generate: {error}", file=sys.stderr)
        return BAD_INPUT
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2 ** 32)
    rate_too = args.kind == "sudoku" and (args.json or args.level is not None)
    tasks = [(args.kind, options, seed + i, rate_too, args.seconds) for i in range(args.count)]
    lines = []
    one_line = args.kind == "alphametic" or (args.kind == "sudoku" and args.count > 1)
    try:
        with progress_bar(args.count, enabled=sys.stderr.isatty()) as advance:
            for result, line, full in generated(tasks, args.jobs):
                advance()
                text = json.dumps(result, ensure_ascii=False) if args.json else (
                    line if one_line else full)
                if args.output:
                    lines.append(text)
                else:
                    print(text + ("" if args.json or one_line else "\n"), flush=True)
    except GenerationFailed as error:
        print(f"generate: {error}", file=sys.stderr)
        return NOT_UNIQUE
    except DictionaryError as error:
        print(f"generate: {error}", file=sys.stderr)
        return BAD_INPUT
    if args.output:
        joiner = "\n" if args.json or one_line else "\n\n"
        atomic_write(args.output, joiner.join(lines) + "\n")
    return OK


class progress_bar:
    """A rich progress bar on standard error, shown only on a terminal."""

    def __init__(self, total: int, enabled: bool):
        self.total, self.enabled, self.progress = total, enabled, None

    def __enter__(self):
        if not self.enabled:
            return lambda: None
        from rich.console import Console
        from rich.progress import Progress

        self.progress = Progress(console=Console(stderr=True), transient=True)
        self.progress.start()
        task = self.progress.add_task("generating", total=self.total)
        return lambda: self.progress.advance(task)

    def __exit__(self, *exc):
        if self.progress is not None:
            self.progress.stop()
        return False


def cmd_export(args) -> int:
    run = Run(args.files, False)
    entries = [entry for entry, _ in run]
    if run.status != OK:
        return run.status  # no partial file for a bad input
    if args.to == "text":
        texts = [entry.family.format(entry.puzzle, STYLES[entry.kind][args.style])
                 for entry in entries]
        atomic_write(args.output, "\n".join(texts) if args.style == "full" else "".join(texts))
        return OK
    try:
        answers = [answer_for_print(entry, args.dict) for entry in entries]
        if args.to == "pdf":
            data = export.export_pdf([(e.kind, e.puzzle, a, export.title_of(e.kind, e.puzzle))
                                      for e, a in zip(entries, answers, strict=True)],
                                     args.paper, args.per_page, args.title)
            atomic_write(args.output, data)
            return OK
        files = {}
        for i, (entry, answer) in enumerate(zip(entries, answers, strict=True), 1):
            name = numbered_name(args.output, i if len(entries) > 1 else None)
            if args.to == "ipuz":
                files[name] = export.export_ipuz(entry.kind, entry.puzzle, answer)
            else:
                files[name] = export.export_svg(entry.kind, entry.puzzle)
                if answer is not None:
                    files[numbered_name(name, "solution")] = export.export_svg(
                        entry.kind, entry.puzzle, answer)
    except (DictionaryError, export.FontMissing, ValueError) as error:
        print(f"export: {error}", file=sys.stderr)
        return BAD_INPUT
    for name, data in files.items():
        atomic_write(name, data)
    return OK


def answer_for_print(entry: Entry, dictionary: str | None):
    """The answer printed with a puzzle; a puzzle that is not unique is said so on stderr."""
    result, _ = counted(entry, 2, dictionary)
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


def cmd_dict(args) -> int:
    from dictionaries import Dictionary, parse_pattern, pattern_text
    from dictionaries.builder import build_from_sources
    from dictionaries.defaults import LANGUAGES, default_path, install
    from dictionaries.normalize import fold

    try:
        if args.action == "build":  # a missing source ends the build with nothing written
            meta, report = build_from_sources(args.sources, args.output, args.lang,
                                              args.min_frequency, args.fold_voiced)
            for example in report.examples:
                print(f"skipped {example}", file=sys.stderr)
            counts = meta["counts"]
            print(f"{args.output}: {counts['words']} words ({counts['fill']} in the fill tier); "
                  f"dropped: {meta['dropped'] or 'none'}")
            return OK
        if args.action == "install":
            built = install(args.lang or LANGUAGES, args.force, say=print)
            if not built:
                print(f"the built-in dictionaries are in {default_path('ja').parent}")
            return OK
        dictionary = Dictionary(args.dir)
        if args.action == "info":
            meta = dictionary.meta
            print(json.dumps({k: meta[k] for k in ("lang", "normalization", "counts", "sources",
                                                   "dropped", "alphabet")},
                             ensure_ascii=False, indent=1))
            return OK
        numbers = parse_pattern(args.pattern)
        known = {}
        for item in args.known or []:
            position, _, letter = item.partition("=")
            folded, _ = fold(letter, dictionary.meta["lang"])  # さ -> サ, é -> E
            if (not position.isdigit() or not 1 <= int(position) <= len(numbers)
                    or not folded or len(folded) != 1):
                raise ValueError(f"--known {item!r}: write POSITION=LETTER, "
                                 f"1 to {len(numbers)}")
            known[int(position) - 1] = folded
        words = dictionary.lookup(numbers, known, args.limit)
        for word in words:
            print(word)
        if not words:
            print(f"no word with pattern {pattern_text(numbers)}", file=sys.stderr)
            return NOT_UNIQUE
        return OK
    except OSError as error:
        print(f"dict: {error.filename}: {error.strerror}", file=sys.stderr)
        return BAD_INPUT
    except (DictionaryError, ValueError) as error:
        print(f"dict: {error}", file=sys.stderr)
        return BAD_INPUT


def cmd_install(args) -> int:
    """What the app fetches once: the built-in dictionaries and the Japanese print font."""
    from dictionaries.defaults import LANGUAGES, install

    try:
        install(LANGUAGES, args.force, say=print)
        print(f"print font: {export.install_font(args.force, say=print)}")
    except (DictionaryError, export.FontMissing) as error:
        print(f"install: {error}", file=sys.stderr)
        return BAD_INPUT
    return OK


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="puzzle-tui", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)

    check = sub.add_parser("check", help="count solutions (is it unique?)")
    check.add_argument("files", nargs="+", metavar="FILE", help="puzzle file, or - for stdin")
    check.add_argument("--limit", type=int, default=2, help="stop counting at N (default 2)")
    check.add_argument("--json", action="store_true", help="one JSON object a puzzle")
    check.add_argument("--dict", metavar="DIR", help="ナンクロ: the dictionary to check against "
                       "(default: the built-in one of the puzzle's language)")

    solve = sub.add_parser("solve", help="print the solution")
    solve.add_argument("file", metavar="FILE")
    solve.add_argument("--json", action="store_true")
    solve.add_argument("--dict", metavar="DIR", help="ナンクロ: the dictionary to solve with")

    rate = sub.add_parser("rate", help="difficulty by human logic (Sudoku)")
    rate.add_argument("file", metavar="FILE")
    rate.add_argument("--json", action="store_true")
    rate.add_argument("--steps", action="store_true", help="print the logical walkthrough")

    gen = sub.add_parser("generate", help="make new puzzles")
    gen.add_argument("kind", choices=(*kinds.KINDS, "alphametic"))
    gen.add_argument("--size", type=int, default=9,
                     help="sudoku: 4, 6, 8, 9, 12, 16 or 25; numcro: the grid's side")
    gen.add_argument("--symmetry", choices=SYMMETRIES,
                     help="of the givens (sudoku, default none) or blocks (numcro, rot180)")
    gen.add_argument("--level", choices=sudoku.LEVELS, help="exactly this difficulty")
    gen.add_argument("--max-technique", choices=sudoku.TECHNIQUE_NAMES, metavar="TECHNIQUE",
                     help="solvable with this technique and easier ones")
    gen.add_argument("--clues", type=int, help="stop at this many clues")
    gen.add_argument("--minimal", action="store_true", help="no clue can be removed")
    gen.add_argument("--mask", metavar="FILE", help="givens exactly on this pattern's cells")
    gen.add_argument("--attempts", type=int, help="random answers to try")
    gen.add_argument("--op", choices=("add", "sub", "mul", "div"), default="mul",
                     help="arith: the operation")
    gen.add_argument("--digits", default="3x3", help="arith: digit counts, e.g. 3x2 or 4+4+4 "
                     "(div: divisor x quotient)")
    gen.add_argument("--keep", type=float, default=0.0,
                     help="arith: share of digits left shown (0: as few as stay unique)")
    gen.add_argument("--one-blank-per-column", action="store_true",
                     help="arith: at most one blank in a column (additions)")
    gen.add_argument("--words", type=int, default=10,
                     help="alphametic: number of words, the sum included")
    gen.add_argument("--word-list", metavar="FILE",
                     help="alphametic: one word a line (default: common English words)")
    gen.add_argument("--shape", metavar="FILE",
                     help="arith: the author's shape (@ a digit to choose, * a blank, letters)")
    gen.add_argument("--lang", choices=("ja", "en"), default="ja", help="numcro: language")
    gen.add_argument("--dict", metavar="DIR",
                     help="numcro: dictionary (default: the built-in one of --lang)")
    gen.add_argument("--text", metavar="FILE",
                     help="numcro: fill with the words of this text (a diary, a theme list)")
    gen.add_argument("--blocks", metavar="FILE",
                     help="numcro: the author's block pattern (a ナンクロ grid; ■ or # blocks)")
    gen.add_argument("--max-word", type=int, help="numcro: longest entry (ja 6, en 8)")
    gen.add_argument("--min-givens", type=int, default=0,
                     help="numcro: give at least this many letters (codewords often give 2-3)")
    gen.add_argument("--seconds", type=float, default=60.0,
                     help="alphametic, numcro, arith --shape: time budget for one puzzle")
    gen.add_argument("--count", type=int, default=1)
    gen.add_argument("--seed", type=int, help="puzzle i uses seed S+i (reproducible)")
    gen.add_argument("--jobs", type=int, default=1, help="worker processes")
    gen.add_argument("--json", action="store_true")
    gen.add_argument("-o", "--output", metavar="OUT")

    export = sub.add_parser("export", help="write puzzles in another format")
    export.add_argument("files", nargs="+", metavar="FILE")
    export.add_argument("--to", choices=("text", "ipuz", "svg", "pdf"), default="text")
    export.add_argument("--style", choices=("line", "full"), default="full",
                        help="one line a puzzle, or the family's full layout (grid, vertical)")
    export.add_argument("-o", "--output", metavar="OUT", required=True,
                        help="the file (svg: also OUT-solution.svg; many puzzles: OUT-1, ...)")
    export.add_argument("--per-page", type=int, default=4, choices=(1, 2, 4, 6, 9),
                        help="pdf: puzzles a page")
    export.add_argument("--paper", default="a4", choices=("a4", "b5", "letter"))
    export.add_argument("--title", default="Puzzles", help="pdf: the booklet's heading")
    export.add_argument("--dict", metavar="DIR",
                        help="ナンクロ: the dictionary that solves it for the answer pages")
    setup = sub.add_parser("install", help="fetch and build, once, the built-in ナンクロ "
                           "dictionaries and the Japanese print font (make run does)")
    setup.add_argument("--force", action="store_true", help="fetch and build them again")
    dictionary = sub.add_parser("dict", help="ナンクロ dictionaries: build, info, lookup")
    actions = dictionary.add_subparsers(dest="action", required=True)
    build = actions.add_parser("build", help="word lists in, a pattern-keyed dictionary out")
    build.add_argument("sources", nargs="+", metavar="SOURCE",
                       help="wordfreq, cefr (common English words), jmdict:DB, skk:FILE, "
                            "mecab:FILE[:COLUMN], or a word list file (word [frequency] a line)")
    build.add_argument("-o", "--output", required=True, metavar="DIR")
    build.add_argument("--lang", choices=("ja", "en"), default="ja")
    build.add_argument("--min-frequency", type=float, metavar="ZIPF",
                       help="words below this go to the check tier only")
    build.add_argument("--fold-voiced", action="store_true", help="濁点ナンクロ: ガ = カ")
    install = actions.add_parser("install", help="build the built-in Japanese and English "
                                 "dictionaries into the user's data directory (once)")
    install.add_argument("--lang", action="append", choices=("ja", "en"))
    install.add_argument("--force", action="store_true", help="rebuild them")
    info = actions.add_parser("info", help="what a dictionary holds")
    info.add_argument("dir", metavar="DIR")
    lookup = actions.add_parser("lookup", help="words of a pattern")
    lookup.add_argument("dir", metavar="DIR")
    lookup.add_argument("pattern", metavar="PATTERN", help="12342, or a word of that shape")
    lookup.add_argument("--known", action="append", metavar="POS=LETTER",
                        help="a letter at a position (1-based), e.g. 3=ウ")
    lookup.add_argument("--limit", type=int)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        if argv and argv[0] in COMMANDS:
            args = build_parser().parse_args(argv)
            handler = {"check": cmd_check, "solve": cmd_solve, "rate": cmd_rate,
                       "generate": cmd_generate, "export": cmd_export,
                       "dict": cmd_dict, "install": cmd_install}[args.command]
            return handler(args)
        app = argparse.ArgumentParser(prog="puzzle-tui",
                                      epilog=f"commands: {', '.join(COMMANDS)} (--help each)")
        app.add_argument("file", nargs="?", metavar="FILE", help="a puzzle to open")
        args = app.parse_args(argv)
        from tui.app import run

        return run(args.file)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return OK


if __name__ == "__main__":
    sys.exit(main())
