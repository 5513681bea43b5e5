"""Masked arithmetic (虫食算, 覆面算) as a registered family: see core/family.py for the
contract. A cell is (row, column) of the model, rows in `Puzzle.rows()` order."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from core.arith import drawing, formats, ipuz, rating
from core.arith.model import BLANK, OPERATIONS, Puzzle, cell_names, filled
from core.arith.solver import count
from core.errors import ParseError
from core.family import NO_CONTEXT, Family, Field, Generated, Generator, NotRated, rated_within
from core.search import Stopped

# an equation, a "a b" multiplication header, an operator in front of a number (Sudoku grids
# use + and - only inside rule lines), or `divisor )`: one line each
HINTS = re.compile(r"=|\)|^[ \t]*[0-9]+[ \t]+[0-9]+[ \t]*$|^[ \t]*[+x×-][ \t]+[^\s|+-]",
                   re.MULTILINE)


@dataclass(frozen=True)
class ShapeOptions:
    """Numbers for an author's shape (formats.parse_shape), within `seconds`."""

    shape: Puzzle
    seconds: float = 60.0
    level: str | None = None  # how a person solves it (core/arith/rating.py); None: any


@dataclass(frozen=True)
class AlphameticOptions:
    """A unique sum of `words` words (the last is the sum), from `word_list` (one word a
    line; None: common English words), within `seconds`."""

    words: int = 10
    word_list: str | None = None
    seconds: float = 60.0
    level: str | None = None  # how a person solves it (core/arith/rating.py); None: any

    def __post_init__(self):
        if self.words < 3:
            raise ValueError("--words is at least 3 (two addends and the sum)")
        if self.level is not None and self.level not in rating.LEVELS:
            raise ValueError(f"level {self.level!r}? one of {', '.join(rating.LEVELS)}")


class Arith(Family):
    name = "arith"
    title = "虫食算・覆面算"
    differ_words = "two answers differ in"
    puzzle_type = Puzzle
    styles = ("vertical", "line", "file")
    line_style = "line"
    ipuz_kind = ipuz.KIND.split("#")[0]
    rated = True
    rated_in_check = True  # a rating takes milliseconds: check --json carries it
    rating_scale = rating.SCALE

    def recognise(self, text: str) -> int:
        content = "\n".join(line for line in text.splitlines()
                            if not line.lstrip().startswith("#"))
        return 2 if HINTS.search(content) else 0

    parse = staticmethod(formats.parse)
    iter_puzzles = staticmethod(formats.iter_puzzles)

    def format(self, puzzle: Puzzle, style: str | None = None) -> str:
        return formats.format(puzzle, style or "vertical")

    def count(self, puzzle, limit=2, stop=None, context=NO_CONTEXT):
        return count(puzzle, limit, stop)

    def filled(self, puzzle: Puzzle, solution) -> Puzzle:
        return filled(puzzle, solution)

    def canonical(self, puzzle: Puzzle) -> str:
        """An addition's addends in another order are the same puzzle: sorted."""
        if puzzle.op == "add":
            puzzle = replace(puzzle, operands=tuple(sorted(puzzle.operands)))
        return super().canonical(puzzle)

    def differs(self, puzzle, first, second) -> tuple:
        return tuple((r, c) for r, (a, b) in enumerate(zip(first, second, strict=True))
                     for c in range(len(a)) if a[c] != b[c])

    def cell_names(self, puzzle: Puzzle, cells) -> list[str]:
        return cell_names(puzzle, cells)

    def givens(self, puzzle: Puzzle) -> tuple:
        """The digits printed (a letter is part of the puzzle's words, not a clue)."""
        return tuple((r, c) for r, (_, cells) in enumerate(puzzle.rows())
                     for c, cell in enumerate(cells) if cell.isdigit())

    def without(self, puzzle: Puzzle, cell) -> Puzzle:
        r, c = cell
        rows = [cells for _, cells in puzzle.rows()]
        rows[r] = rows[r][:c] + BLANK + rows[r][c + 1:]
        return filled(puzzle, tuple(rows))

    def generate(self, options, rng, stop=None, context=NO_CONTEXT, rate=False) -> Generated:
        from core.arith import generator

        if isinstance(options, AlphameticOptions):
            from core.arith.alphametic import generate_alphametic, read_words

            words = read_words(options.word_list) if options.word_list else None
            puzzle = generate_alphametic(options.words, rng, words, options.seconds, stop,
                                         options.level)
            return self.made(puzzle, count(puzzle, 1).solution, rate, stop)  # unique: fast
        if isinstance(options, ShapeOptions):
            puzzle, answer = generator.generate_from_shape(options.shape, rng,
                                                           options.seconds, stop, options.level)
        else:
            puzzle, answer = generator.generate(options, rng, stop)
        return self.made(puzzle, tuple(cells for _, cells in answer.rows()), rate, stop)

    def made(self, puzzle: Puzzle, solution, rate: bool, stop) -> Generated:
        found, notes = rated_within(lambda: rating.rate(puzzle, stop), stop) if rate else (None, {})
        return Generated(puzzle, solution, rating=found, notes=notes)

    def level_words(self, rating) -> str:
        """The level with the summary of the steps (no list of techniques beside it)."""
        return f"level: {rating.summary()}"

    def rate(self, puzzle, stop=None, context=NO_CONTEXT):
        """The level and score from the steps a person takes (core/arith/rating.py), for a
        calculation of exactly one answer."""
        if puzzle.op == "div" and puzzle.steps and puzzle.rules.leading_zeros:
            raise NotRated("a long division with leading zeros allowed is not rated")
        checked = count(puzzle, 2, stop)
        if checked.stopped:
            raise NotRated("stopped")
        if not checked.unique:
            raise NotRated("no solution" if checked.count == 0 else
                           "not unique: cannot be rated")
        try:
            return rating.rate(puzzle, stop)
        except Stopped:
            raise NotRated("stopped") from None

    # print and exchange: the family's drawing.py and ipuz.py
    title_of = staticmethod(drawing.title)
    draw = staticmethod(drawing.draw)
    to_ipuz = staticmethod(ipuz.to_ipuz)
    from_ipuz = staticmethod(ipuz.from_ipuz)


def _calculation_options(values: dict):
    from core.arith.generator import Options

    if values.get("shape") is not None:
        return ShapeOptions(formats.parse_shape(values["shape"]), values["seconds"],
                            values.get("level"))
    digits = values["digits"].replace("+", "x").split("x")
    if not all(d.strip().isascii() and d.strip().isdigit() for d in digits):
        raise ValueError(f"--digits {values['digits']!r}: digit counts like 3x2 or 4+4+4")
    attempts = {"attempts": values["attempts"]} if values.get("attempts") else {}
    return Options(op=values["op"], digits=tuple(int(d) for d in digits), keep=values["keep"],
                   one_blank_per_column=bool(values.get("one_blank_per_column")),
                   level=values.get("level"), **attempts)


def _alphametic_options(values: dict) -> AlphameticOptions:
    words = values.get("words_from") or values.get("word_list")  # a bank's, from before
    return AlphameticOptions(values["words"], _word_list(words) if words else None,
                             values["seconds"], values.get("level"))


def _word_list(text: str) -> str:
    if not text.split():
        raise ParseError("the word list holds no words", 1, 1)
    return text


SECONDS = Field("seconds", "time budget for one puzzle", float, 60.0,
                label="Time budget (seconds)", more=True)
LEVEL = Field("level", "how a person solves it (the workbench arithmetic scale): easy (units "
              "digits, carries, small columns), medium (bigger columns, sizes, two columns "
              "at once), hard (a case split), expert (trial and error)", str,
              choices=rating.LEVELS, blank="any level")
CALCULATION = Generator("arith", "a unique 虫食算 (long calculation with blanks)", (
    Field("op", "the operation", str, "mul", OPERATIONS, label="Operation",
          words=("addition", "subtraction", "multiplication", "division")),
    Field("digits", "digit counts, e.g. 3x2 or 4+4+4 (div: divisor x quotient)", str, "3x3",
          label="Digits, e.g. 3x2 or 4+4+4 (division: divisor x quotient)"),
    Field("keep", "share of digits left shown (0: as few as stay unique)", float, 0.0,
          label="Share of digits shown (0: as few as stay unique)"),
    Field("one_blank_per_column", "at most one blank in a column (additions)", bool, False,
          label="At most one blank a column (additions)"),
    Field("shape", "the author's shape (@ a digit to choose, * a blank, letters)",
          file=True, label="Your shape (a file: @ a digit to choose, * a blank, letters)",
          blank="none: a random calculation"),
    Field("attempts", "random answers to try", int, blank="20",
          more=True),
    LEVEL,
    SECONDS,
), _calculation_options, "vertical", "vertical")
ALPHAMETIC = Generator("alphametic", "a unique 覆面算 of words that add up", (
    Field("words", "number of words, the sum included", int, 10,
          label="Words, the sum included"),
    Field("words_from", "the words to use, a file of one a line: your theme (default: "
          "common English words a reader knows)", file=True,
          label="Words from (a file, one word a line)", blank="common English words"),
    LEVEL,
    SECONDS,
), _alphametic_options, "line", "line")
Arith.generators = (CALCULATION, ALPHAMETIC)
ARITH = Arith()
