"""Changing a calculation's shape in place, as an author edits it: a row one digit longer or
shorter, a row more or fewer, another operation. New cells are blanks; the rows keep the
layout a calculation of that shape must have (a multiplication has a partial product for
each digit of a multiplier of two or more digits). Long divisions change shape in the
generator, not here (their steps follow from every digit count at once)."""

from __future__ import annotations

from dataclasses import replace

from core.arith.model import BLANK, Puzzle

SWITCHES = ("add", "sub", "mul")  # the operations `switched` cycles through


class ShapeError(ValueError):
    """The change does not fit this calculation (what to do instead is said)."""


def _not_division(puzzle: Puzzle) -> None:
    if puzzle.op == "div":
        raise ShapeError("a long division's shape is chosen in the generator (ctrl+g)")


def _partials_for(multiplicand: str, multiplier: str, old: tuple[str, ...]) -> tuple[str, ...]:
    """A partial product a multiplier digit, the old ones kept (none for a single digit)."""
    if len(multiplier) < 2:
        return ()
    blank = BLANK * len(multiplicand)
    return tuple(old[:len(multiplier)]) + (blank,) * (len(multiplier) - len(old))


def longer(puzzle: Puzzle, row: int) -> Puzzle:
    """Row `row` (in `rows()` order) one digit longer, at its front."""
    return _resized(puzzle, row, lambda cells: BLANK + cells)


def shorter(puzzle: Puzzle, row: int) -> Puzzle:
    """Row `row` one digit shorter (its front digit goes); a row keeps one digit."""
    def cut(cells: str) -> str:
        if len(cells) < 2:
            raise ShapeError("a row keeps at least one digit")
        return cells[1:]
    return _resized(puzzle, row, cut)


def _resized(puzzle: Puzzle, row: int, change) -> Puzzle:
    _not_division(puzzle)
    rows = [cells for _, cells in puzzle.rows()]
    rows[row] = change(rows[row])
    if puzzle.op != "mul":
        return replace(puzzle, operands=tuple(rows[:-1]), result=rows[-1])
    multiplicand, multiplier, product = rows[0], rows[1], rows[-1]
    partials = tuple(rows[2:-1])
    return replace(puzzle, operands=(multiplicand, multiplier), result=product,
                   partials=_partials_for(multiplicand, multiplier, partials))


def more_rows(puzzle: Puzzle) -> Puzzle:
    """An addition gains an operand; a multiplication a multiplier digit (and its partial
    product)."""
    _not_division(puzzle)
    if puzzle.op == "mul":
        return longer(puzzle, 1)
    if puzzle.op == "sub":
        raise ShapeError("a subtraction has two numbers: switch to an addition for more")
    width = max(1, len(puzzle.result) - 1)
    return replace(puzzle, operands=puzzle.operands + (BLANK * width,))


def fewer_rows(puzzle: Puzzle) -> Puzzle:
    _not_division(puzzle)
    if puzzle.op == "mul":
        return shorter(puzzle, 1)
    if len(puzzle.operands) <= 2:
        raise ShapeError("a calculation keeps two numbers above its rule")
    return replace(puzzle, operands=puzzle.operands[:-1])


def switched(puzzle: Puzzle) -> Puzzle:
    """The next operation of add, sub, mul, keeping the first two numbers and the result."""
    _not_division(puzzle)
    op = SWITCHES[(SWITCHES.index(puzzle.op) + 1) % len(SWITCHES)]
    first, second = puzzle.operands[0], puzzle.operands[1]
    partials = _partials_for(first, second, ()) if op == "mul" else ()
    return replace(puzzle, op=op, operands=(first, second), partials=partials)


def letter_key(puzzle: Puzzle, solution) -> dict[str, str]:
    """Each letter's digit in a solution (rows in `rows()` order)."""
    key: dict[str, str] = {}
    for (_, cells), digits in zip(puzzle.rows(), solution, strict=True):
        for cell, digit in zip(cells, digits, strict=True):
            if cell != BLANK and not cell.isdigit():
                key.setdefault(cell, digit)
    return key
