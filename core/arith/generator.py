"""Generating masked arithmetic: a random answer laid out as printed, then digits blanked
greedily (the shared removal loop) while the puzzle keeps exactly one solution."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from core.arith.formats import shared_cells
from core.arith.model import BLANK, OPERATIONS, SHOWN, DivisionStep, Puzzle, filled
from core.arith.rating import LEVELS, fits_level, level_of_puzzle
from core.arith.solver import count
from core.errors import GenerationFailed
from core.removal import remove_greedily
from core.search import with_deadline

MAX_DIGITS = 12


@dataclass(frozen=True)
class Options:
    op: str = "mul"
    digits: tuple[int, ...] = (3, 3)  # add: each operand; sub: minuend, subtrahend;
    # mul: multiplicand, multiplier; div: divisor, quotient
    keep: float = 0.0  # share of the digits left shown: blanking stops there (0: minimal)
    one_blank_per_column: bool = False  # the blog's rule for additions
    attempts: int = 20
    level: str | None = None  # how a person solves it (core/arith/rating.py); None: any

    def __post_init__(self):
        if self.op not in OPERATIONS:
            raise ValueError(f"unknown operation {self.op!r}; one of {', '.join(OPERATIONS)}")
        if self.op != "add" and len(self.digits) != 2:
            raise ValueError(f"{self.op} takes two digit counts, like 3x2")
        if not self.digits or any(not 1 <= d <= MAX_DIGITS for d in self.digits):
            raise ValueError(f"digit counts must be 1 to {MAX_DIGITS}: {self.digits}")
        if not 0 <= self.keep <= 1:
            raise ValueError("keep is a share between 0 and 1")
        if self.level is not None and self.level not in LEVELS:
            raise ValueError(f"level {self.level!r}? one of {', '.join(LEVELS)}")


def _number(digits: int, rng: random.Random) -> int:
    return rng.randint(10 ** (digits - 1) if digits > 1 else 0, 10 ** digits - 1)


def random_answer(options: Options, rng: random.Random) -> Puzzle:
    """A correct calculation with every digit shown."""
    d = options.digits
    if options.op == "add":
        operands = [_number(n, rng) for n in d]
        return Puzzle("add", tuple(map(str, operands)), str(sum(operands)))
    if options.op == "sub":
        a = _number(d[0], rng)
        b = _number(min(d[1], d[0]), rng)
        a, b = max(a, b), min(a, b)
        return Puzzle("sub", (str(a), str(b)), str(a - b))
    if options.op == "mul":
        a, b = _number(d[0], rng), _number(d[1], rng)
        partials = tuple(str(a * int(x)) for x in reversed(str(b))) if d[1] > 1 else ()
        if any(p == "0" for p in partials):
            return random_answer(options, rng)  # a zero digit's row is not printed: redraw
        return Puzzle("mul", (str(a), str(b)), str(a * b), partials=partials)
    divisor, quotient = _number(d[0], rng), _number(d[1], rng)
    divisor = max(divisor, 2)
    remainder = rng.randrange(divisor)
    return long_division(divisor * quotient + remainder, divisor)


def long_division(dividend: int, divisor: int) -> Puzzle:
    """The printed long division of two numbers, every digit shown."""
    q = dividend // divisor
    digits, quotient = str(dividend), str(q)
    width = len(digits) - len(quotient) + 1
    working, steps, nxt = int(digits[:width]), [], width
    for qd in map(int, quotient):
        if qd:
            rest = working - divisor * qd
            steps.append(DivisionStep(str(working), str(divisor * qd), str(rest)))
            working = rest
        else:
            steps.append(None)
        if nxt < len(digits):
            working = working * 10 + int(digits[nxt])
            nxt += 1
    return Puzzle("div", (digits, str(divisor)), quotient, steps=tuple(steps))


def _blanked(answer: Puzzle, shown: frozenset) -> Puzzle:
    """The answer with every cell not in `shown` ((row, column) pairs) turned into a blank."""
    rows = [("".join(ch if (r, c) in shown else BLANK for c, ch in enumerate(cells)))
            for r, (_, cells) in enumerate(answer.rows())]
    return filled(answer, tuple(rows))


def generate(options: Options = Options(), rng: random.Random | None = None,
             stop: Callable[[], bool] | None = None) -> tuple[Puzzle, Puzzle]:
    """A puzzle with exactly one solution, and that solution (the answer it was made from).
    With a level, digits are blanked only while a person's steps still finish the puzzle
    within that level, and an attempt that ends easier than asked is tried again."""
    rng = rng or random.Random()
    for _ in range(options.attempts):
        if stop is not None and stop():
            break
        answer = random_answer(options, rng)
        kept = _blanking(options, answer, rng, stop)
        puzzle = _blanked(answer, kept)
        if count(puzzle, limit=2).unique and (
                options.level is None or level_of_puzzle(puzzle, stop) == options.level):
            return puzzle, answer
    level = f" of level {options.level}" if options.level else ""
    raise GenerationFailed(f"no unique puzzle{level} in {options.attempts} attempts")


def _blanking(options: Options, answer: Puzzle, rng: random.Random, stop) -> frozenset:
    """The cells left shown after blanking greedily (see generate)."""
    cells = [(r, c) for r, (_, row) in enumerate(answer.rows()) for c in range(len(row))]
    target = math.ceil(options.keep * len(cells)) or None
    columns = _columns(answer) if options.one_blank_per_column else None

    def can_remove(rest: frozenset, group: tuple) -> bool:
        if columns is not None:
            column = columns[group[0]]
            if any(columns[c] == column for c in cells if c not in rest and c != group[0]):
                return False
        puzzle = _blanked(answer, rest)
        if options.level in (None, "expert"):
            return count(puzzle, limit=2, stop=stop).unique
        return fits_level(puzzle, options.level, stop)

    return remove_greedily(cells, shared_cells(answer), can_remove, rng, target=target,
                           stop=stop)


def _columns(answer: Puzzle) -> dict[tuple[int, int], int]:
    """Each cell's column counted from the right, as the rows stand printed."""
    rows = answer.rows()
    return {(r, c): len(cells) - 1 - c for r, (_, cells) in enumerate(rows)
            for c in range(len(cells))}


def generate_from_shape(shape: Puzzle, rng: random.Random | None = None, seconds: float = 30.0,
                        stop: Callable[[], bool] | None = None, level: str | None = None,
                        ) -> tuple[Puzzle, Puzzle]:
    """Numbers for an author's shape: `@` cells are shown digits to choose, `*` blanks, letters
    letters, digits fixed. Random answers that fit the shape are tried until one makes the
    puzzle unique (and of `level`, if given); GenerationFailed when none did within
    `seconds`."""
    rng = rng or random.Random()
    if not any(SHOWN in cells for _, cells in shape.rows()):
        raise ValueError(f"the shape has no {SHOWN} cell to fill")  # see formats.parse_shape
    relaxed = filled(shape, tuple(cells.replace(SHOWN, BLANK) for _, cells in shape.rows()))
    out_of_time = with_deadline(stop, seconds)
    while not out_of_time():
        answer = count(relaxed, limit=1, stop=out_of_time, rng=rng).solution
        if answer is None:
            if out_of_time():
                break
            raise GenerationFailed("no numbers fit this shape at all")
        rows = tuple("".join(digit if cell == SHOWN else cell for cell, digit in
                             zip(cells, answer_row, strict=True))
                     for (_, cells), answer_row in zip(shape.rows(), answer, strict=True))
        puzzle = filled(shape, rows)
        if count(puzzle, limit=2, stop=out_of_time).unique and (
                level is None or level_of_puzzle(puzzle, out_of_time) == level):
            return puzzle, filled(shape, answer)
    of_level = f" of level {level}" if level else ""
    raise GenerationFailed(f"no unique filling of the shape{of_level} within {seconds:.0f} s")
