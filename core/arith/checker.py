"""Matching computed numbers against the printed rows of masked arithmetic: every cell is a
digit, a blank or a letter (equal letters equal digits, different letters different digits).
Every search hands its complete candidates here, so a solution is exactly a filling of every
cell that satisfies all the rules."""

from __future__ import annotations

from core.arith.model import BLANK, BlanksNot, NotDigit, Puzzle, is_letter


class Letters:
    """Letter -> digit bindings with all-different, undone in reverse order on backtracking."""

    def __init__(self, puzzle: Puzzle):
        self.digit: dict[str, int] = {}
        self.used = 0  # bit d set when some letter has digit d
        self.forbidden: dict[str, int] = {}  # letter -> bit set of digits it may not take
        for extra in puzzle.rules.extras:
            if isinstance(extra, NotDigit):
                bit = 1 << extra.digit
                self.forbidden[extra.letter] = self.forbidden.get(extra.letter, 0) | bit

    def bind(self, letter: str, d: int, trail: list[str]) -> bool:
        known = self.digit.get(letter)
        if known is not None:
            return known == d
        if self.used >> d & 1 or self.forbidden.get(letter, 0) >> d & 1:
            return False
        self.digit[letter] = d
        self.used |= 1 << d
        trail.append(letter)
        return True

    def undo(self, trail: list[str], mark: int) -> None:
        while len(trail) > mark:
            self.used &= ~(1 << self.digit.pop(trail.pop()))


class Checker:
    """Matches computed numbers against printed rows."""

    def __init__(self, puzzle: Puzzle, rng=None):
        self.puzzle = puzzle
        self.rng = rng  # when given, digits are tried in random order (a random solution)
        self.letters = Letters(puzzle)
        self.leading_zeros = puzzle.rules.leading_zeros
        self.blank_not: dict[str, int] = {}  # role word -> digits a blank there may not be
        for extra in puzzle.rules.extras:
            if isinstance(extra, BlanksNot):
                for role in extra.roles:
                    self.blank_not[role] = self.blank_not.get(role, 0) | 1 << extra.digit

    def order(self, digits):
        """Digits in the order to try them: as they come, or shuffled when searching for a
        random solution."""
        if self.rng is None:
            return digits
        digits = list(digits)
        self.rng.shuffle(digits)
        return digits

    def blank_mask(self, role: str) -> int:
        """Digits a blank of this row may not take."""
        word = role.split()[0]
        return self.blank_not.get(word, 0)

    def cell(self, cell: str, d: int, blank_mask: int, trail: list[str]) -> bool:
        if cell == BLANK:
            return not blank_mask >> d & 1
        if is_letter(cell):
            return self.letters.bind(cell, d, trail)
        return ord(cell) - 48 == d

    def row(self, role: str, cells: str, value: int, trail: list[str]) -> str | None:
        """The row's digits when `value` fits it (length, leading zero, every cell)."""
        if value < 0:
            return None
        digits = str(value)
        if len(digits) < len(cells):
            if not self.leading_zeros:
                return None
            digits = digits.zfill(len(cells))
        if len(digits) != len(cells):
            return None
        mask = self.blank_mask(role)
        for cell, ch in zip(cells, digits, strict=True):
            if not self.cell(cell, ord(ch) - 48, mask, trail):
                return None
        return digits

    def rows(self, values: list[tuple[str, str, int]]) -> tuple[str, ...] | None:
        """All rows filled, or None; bindings made here are undone either way."""
        trail: list[str] = []
        filled = []
        try:
            for role, cells, value in values:
                digits = self.row(role, cells, value, trail)
                if digits is None:
                    return None
                filled.append(digits)
            if self.puzzle.rules.blanks_distinct and not self._blanks_distinct(values, filled):
                return None
            return tuple(filled)
        finally:
            self.letters.undo(trail, 0)

    def _blanks_distinct(self, values, filled) -> bool:
        letter_digits = {str(d) for d in self.letters.digit.values()}
        return not any(cell == BLANK and ch in letter_digits
                       for (_, cells, _), digits in zip(values, filled, strict=True)
                       for cell, ch in zip(cells, digits, strict=True))
