"""Masked arithmetic (虫食算 and 覆面算 in one model): a long calculation laid out as printed.

A row is a string of cells, most significant first: a digit '0'-'9', a blank '*' (any digit,
which may equal a letter's), or a letter (any other character: A-Z, kana, kanji such as 歩).
The same letter is the same digit, different letters are different digits, and no number of two
or more digits starts with 0 (unless the rules allow leading zeros).
"""

from __future__ import annotations

from dataclasses import dataclass, field

BLANK = "*"
BLANK_CHARS = "*?□"  # read as blanks; written as BLANK
SHOWN = "@"  # in a shape: a digit the generator chooses and shows
OPERATIONS = ("add", "sub", "mul", "div")


def is_letter(cell: str) -> bool:
    return cell != BLANK and not cell.isdigit()


@dataclass(frozen=True)
class DivisionStep:
    """One subtraction of a long division: working number - divisor x quotient digit = rest."""

    working: str
    subtrahend: str
    remainder: str


@dataclass(frozen=True)
class NotDigit:
    """A side condition: a letter is not this digit (`X != 5`)."""

    letter: str
    digit: int


@dataclass(frozen=True)
class BlanksNot:
    """A side condition: blanks in these rows (by role) are not this digit."""

    roles: tuple[str, ...]
    digit: int


@dataclass(frozen=True)
class Rules:
    leading_zeros: bool = False
    blanks_distinct: bool = False  # a blank never takes a letter's digit
    extras: tuple[NotDigit | BlanksNot, ...] = ()


@dataclass(frozen=True)
class Puzzle:
    """`op` says how the rows relate:
    add: operands summed give result; sub: operands[0] - operands[1] = result;
    mul: multiplicand x multiplier = product, partials (multiplier's last digit first) or ();
    div: dividend / divisor = quotient with `steps` (None for a quotient digit 0) and the
    final remainder."""

    op: str
    operands: tuple[str, ...] = ()
    result: str = ""
    partials: tuple[str, ...] = ()
    steps: tuple[DivisionStep | None, ...] = ()
    remainder: str = ""  # division only; "0" when it divides exactly
    rules: Rules = field(default_factory=Rules)

    def rows(self) -> list[tuple[str, str]]:
        """(role, cells) for every row, in printed order; roles name rows in messages."""
        if self.op in ("add", "sub"):
            named = [(f"operand {i + 1}", row) for i, row in enumerate(self.operands)]
            return named + [("result", self.result)]
        if self.op == "mul":
            multiplicand, multiplier = self.operands
            named = [("multiplicand", multiplicand), ("multiplier", multiplier)]
            named += [(f"partial {i + 1}", row) for i, row in enumerate(self.partials)]
            return named + [("product", self.result)]
        dividend, divisor = self.operands
        named = [("dividend", dividend), ("divisor", divisor), ("quotient", self.result)]
        for i, step in enumerate(self.steps, 1):
            if step is not None:
                named += [(f"working {i}", step.working), (f"subtrahend {i}", step.subtrahend),
                          (f"rest {i}", step.remainder)]
        return named + [("remainder", self.remainder)] if not self.steps else named

    def letters(self) -> list[str]:
        seen: dict[str, None] = {}
        for _, row in self.rows():
            for cell in row:
                if is_letter(cell):
                    seen[cell] = None
        return list(seen)


def filled(puzzle: Puzzle, rows: tuple[str, ...]) -> Puzzle:
    """The puzzle with every row replaced by a solution's digits (rows in `rows()` order)."""
    it = iter(rows)
    take = lambda: next(it)  # noqa: E731 - rows come back in printed order
    if puzzle.op in ("add", "sub"):
        operands = tuple(take() for _ in puzzle.operands)
        return Puzzle(puzzle.op, operands, take(), rules=puzzle.rules)
    if puzzle.op == "mul":
        operands = (take(), take())
        partials = tuple(take() for _ in puzzle.partials)
        return Puzzle("mul", operands, take(), partials=partials, rules=puzzle.rules)
    operands = (take(), take())
    quotient = take()
    steps = tuple(None if s is None else DivisionStep(take(), take(), take())
                  for s in puzzle.steps)
    remainder = puzzle.remainder if puzzle.steps else take()
    return Puzzle("div", operands, quotient, steps=steps, remainder=remainder, rules=puzzle.rules)


def cell_names(puzzle: Puzzle, cells) -> list[str]:
    """`role:column` for (row, cell) pairs, the column counted from the left of the row."""
    roles = [role for role, _ in puzzle.rows()]
    return [f"{roles[r]}:{c + 1}" for r, c in cells]
