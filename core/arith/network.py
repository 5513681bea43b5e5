"""A masked calculation written out as a person works it, for the logic solver (logic.py).

Every printed cell is a variable (a letter is one variable wherever it stands, and so is a
long division's working number printed on the dividend's line), and so are the digits a
person works out on the side (the partial products of a one-line multiplication, the
working number above a quotient digit 0) and the carries. A variable holds the digits it may
still be, as a bit set. The calculation becomes:
- columns: sum of terms + carry in = digit + 10 x carry out, a term being coef x a or a x b
  (a digit of a partial product is multiplicand digit x multiplier digit plus its carry);
- relations between whole rows (sum of products of rows = row), for sizes;
- comparisons (a rest of a long division is below the divisor).
A subtraction a - b = c is read as the addition b + c = a, as a person checks one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.arith.formats import shared_cells
from core.arith.model import BLANK, BlanksNot, NotDigit, Puzzle, is_letter

DIGITS = 1023  # bit d set: the digit d is still possible
ZERO = 0  # the variable that stands for "no cell here": always 0


@dataclass(frozen=True)
class Var:
    kind: str  # letter, blank, given, hidden (worked out on the side), carry, zero
    name: str  # as a step names it: S, product:3, the carry from column 2 of the sum


@dataclass(frozen=True)
class Row:
    """A number's variables, most significant first, worth 10^shift times their value."""

    vars: tuple[int, ...]
    shift: int = 0

    def at(self, place: int) -> int | None:
        """The variable at place value 10^place, or None where the row has no cell."""
        i = len(self.vars) - 1 - (place - self.shift)
        return self.vars[i] if 0 <= i < len(self.vars) else None

    def shifted(self, places: int) -> Row:
        return Row(self.vars, self.shift + places)


@dataclass(frozen=True)
class Column:
    """sum(coef x a x b) + carry_in = digit + 10 x carry_out, with b None for coef x a."""

    label: str  # column 2 of the sum
    terms: tuple[tuple[int, int, int | None], ...]
    carry_in: int
    digit: int
    carry_out: int

    def inputs(self) -> tuple[int, ...]:
        """The variables whose digits make the left side, each once, carry in last."""
        seen: dict[int, None] = {}
        for _, a, b in self.terms:
            seen[a] = None
            if b is not None:
                seen[b] = None
        seen[self.carry_in] = None
        return tuple(seen)

    def variables(self) -> tuple[int, ...]:
        return tuple(dict.fromkeys((*self.inputs(), self.digit, self.carry_out)))


@dataclass(frozen=True)
class Relation:
    """Whole numbers: the sum over `terms` of the product of each term's rows is `result`."""

    label: str
    terms: tuple[tuple[Row, ...], ...]
    result: Row

    def rows(self) -> tuple[Row, ...]:
        return (*(row for term in self.terms for row in term), self.result)


@dataclass(frozen=True)
class Less:
    """`smaller` is below `larger` (a rest of a long division and its divisor)."""

    label: str
    smaller: Row
    larger: Row

    def rows(self) -> tuple[Row, ...]:
        return self.smaller, self.larger


@dataclass
class Network:
    vars: list[Var] = field(default_factory=list)
    domains: list[int] = field(default_factory=list)
    columns: list[Column] = field(default_factory=list)
    relations: list[Relation] = field(default_factory=list)
    less: list[Less] = field(default_factory=list)
    cells: dict[tuple[int, int], int] = field(default_factory=dict)  # model cell -> variable
    leading: list[int] = field(default_factory=list)  # letters that lead a number
    apart: bool = False  # blanks never take a letter's digit
    impossible: str | None = None  # a contradiction seen in the layout itself

    def letters(self) -> list[int]:
        return [v for v, var in enumerate(self.vars) if var.kind == "letter"]

    def new(self, kind: str, name: str, domain: int) -> int:
        self.vars.append(Var(kind, name))
        self.domains.append(domain)
        return len(self.vars) - 1

    def carry(self, name: str, most: int) -> int:
        return self.new("carry", name, (1 << (most + 1)) - 1)

    def most(self, v: int) -> int:
        return self.domains[v].bit_length() - 1


class Builder:
    """Builds a puzzle's Network: its cells first, then its calculation row by row."""

    def __init__(self, puzzle: Puzzle):
        self.puzzle = puzzle
        self.net = Network(apart=puzzle.rules.blanks_distinct)
        self.net.new("zero", "0", 1)
        self.letter_vars: dict[str, int] = {}
        self.not_digit: dict[str, int] = {}  # letter -> digits it may not be
        self.blank_not: dict[str, int] = {}  # role word -> digits its blanks may not be
        for extra in puzzle.rules.extras:
            if isinstance(extra, NotDigit):
                self.not_digit[extra.letter] = self.not_digit.get(extra.letter, 0) | (
                    1 << extra.digit)
            elif isinstance(extra, BlanksNot):
                for role in extra.roles:
                    self.blank_not[role] = self.blank_not.get(role, 0) | 1 << extra.digit
        for group in shared_cells(puzzle):
            v = self.shared(group)
            self.net.cells.update((cell, v) for cell in group)

    def shared(self, group: tuple[tuple[int, int], ...]) -> int:
        """One variable for cells printed as one (most groups are a single cell)."""
        rows, net = self.puzzle.rows(), self.net
        shown = {rows[r][1][c] for r, c in group}
        letters = sorted(ch for ch in shown if is_letter(ch))
        digits = sorted(ch for ch in shown if ch.isdigit())
        mask = DIGITS
        for r, c in group:
            if rows[r][1][c] == BLANK:
                mask &= ~self.blank_not.get(rows[r][0].split()[0], 0)
        if letters:
            v = self.letter(letters[0])
        elif digits:
            v = net.new("given", digits[0], 1 << int(digits[0]))
        else:
            r, c = group[0]
            v = net.new("blank", f"{rows[r][0]}:{c + 1}", DIGITS)
        net.domains[v] &= mask & (1 << int(digits[0]) if digits else DIGITS)
        if len(letters) > 1 or len(digits) > 1 or not net.domains[v] or (
                letters and BLANK in shown and net.apart):
            names = " and ".join(f"{rows[r][0]}:{c + 1}" for r, c in group)
            net.impossible = f"{names}, printed as one, cannot be one digit"
        return v

    def letter(self, letter: str) -> int:
        v = self.letter_vars.get(letter)
        if v is None:
            v = self.letter_vars[letter] = self.net.new(
                "letter", letter, DIGITS & ~self.not_digit.get(letter, 0))
        return v

    def printed(self, r: int, cells: str) -> Row:
        """A printed row's variables; no number of two digits or more starts with 0."""
        row = tuple(self.net.cells[(r, c)] for c in range(len(cells)))
        if len(cells) > 1 and not self.puzzle.rules.leading_zeros:
            self.net.domains[row[0]] &= ~1
            if self.net.vars[row[0]].kind == "letter" and row[0] not in self.net.leading:
                self.net.leading.append(row[0])
        return Row(row)

    def hidden(self, length: int, name: str) -> Row:
        """A number worked out on the side (not printed: leading zeros are fine)."""
        return Row(tuple(self.net.new("hidden", f"{name}:{k + 1}", DIGITS)
                         for k in range(length)))

    def add_sum(self, label: str, operands: list[Row], result: Row, note: str = "") -> None:
        """Columns of operands added up to result, with their carries."""
        net = self.net
        width = max(len(row.vars) + row.shift for row in (*operands, result))
        carry, carried = ZERO, 0
        for place in range(width):
            terms: dict[int, int] = {}
            for row in operands:
                v = row.at(place)
                if v is not None:
                    terms[v] = terms.get(v, 0) + 1
            high = sum(times * net.most(v) for v, times in terms.items()) + carried
            out = ZERO if place == width - 1 else net.carry(
                f"the carry from column {place + 1} of {label}", high // 10)
            digit = result.at(place)
            net.columns.append(Column(f"column {place + 1} of {label}",
                                      tuple((t, v, None) for v, t in terms.items()), carry,
                                      ZERO if digit is None else digit, out))
            carry, carried = out, high // 10
        net.relations.append(Relation(f"{label} ({note})" if note else label,
                                      tuple((row,) for row in operands), result))

    def add_product(self, label: str, factor: Row, digit: int, result: Row,
                    note: str = "") -> None:
        """Columns of factor x a one-digit variable = result, with their carries."""
        net = self.net
        width = max(len(factor.vars), len(result.vars))
        carry = ZERO
        for place in range(width):
            a = factor.at(place)
            out = ZERO if place == width - 1 else net.carry(
                f"the carry from column {place + 1} of {label}", 8)
            product = result.at(place)
            net.columns.append(Column(f"column {place + 1} of {label}",
                                      ((1, a, digit),) if a is not None else (), carry,
                                      ZERO if product is None else product, out))
            carry = out
        net.relations.append(Relation(f"{label} ({note})" if note else label,
                                      ((factor, Row((digit,))),), result))

    def add_copy(self, label: str, source: Row, target: Row) -> None:
        """target is source, digit by digit (a missing cell is 0): cells not already one."""
        for place in range(max(len(source.vars) + source.shift, len(target.vars))):
            a, b = source.at(place), target.at(place)
            a, b = ZERO if a is None else a, ZERO if b is None else b
            if a != b:
                self.net.columns.append(Column(f"column {place + 1} of {label}",
                                               ((1, a, None),), ZERO, b, ZERO))


def build(puzzle: Puzzle) -> Network:
    builder = Builder(puzzle)
    rows = {role: builder.printed(r, cells) for r, (role, cells) in enumerate(puzzle.rows())}
    {"add": _addition, "sub": _subtraction, "mul": _multiplication,
     "div": _division}[puzzle.op](builder, rows)
    return builder.net


def _addition(b: Builder, rows: dict[str, Row]) -> None:
    operands = [row for role, row in rows.items() if role != "result"]
    b.add_sum("the sum", operands, rows["result"])


def _subtraction(b: Builder, rows: dict[str, Row]) -> None:
    b.add_sum("the subtraction", [rows["operand 2"], rows["result"]], rows["operand 1"],
              "read as operand 2 + result = operand 1")


def _multiplication(b: Builder, rows: dict[str, Row]) -> None:
    a, multiplier, product = rows["multiplicand"], rows["multiplier"], rows["product"]
    m = len(multiplier.vars)
    if m == 1:
        b.add_product("the product", a, multiplier.vars[0], product)
        return
    if b.puzzle.partials and len(b.puzzle.partials) != m:
        b.net.impossible = f"a {m}-digit multiplier needs {m} partial products"
        return
    partials = []
    for i in range(m):
        part, name = rows.get(f"partial {i + 1}"), f"partial {i + 1}"
        if part is None:  # a one-line multiplication: worked out on the side
            name = f"multiplicand × digit {i + 1} of the multiplier"
            part = b.hidden(len(a.vars) + 1, name)
        b.add_product(name, a, multiplier.at(i), part,
                      f"multiplicand × digit {i + 1} of the multiplier")
        partials.append(part.shifted(i))
    b.add_sum("the product", partials, product, "the partial products added")
    b.net.relations.append(Relation("the product", ((a, multiplier),), product))


def _division(b: Builder, rows: dict[str, Row]) -> None:
    dividend, divisor, quotient = rows["dividend"], rows["divisor"], rows["quotient"]
    if not b.puzzle.steps:
        _short_division(b, dividend, divisor, quotient, rows["remainder"])
        return
    width = len(dividend.vars) - len(quotient.vars) + 1
    if width < 1 or len(b.puzzle.steps) != len(quotient.vars):
        b.net.impossible = "the quotient's digits do not fit the dividend and the steps"
        return
    after = None
    for t, step in enumerate(b.puzzle.steps, 1):
        digit = quotient.vars[t - 1]
        working = rows[f"working {t}"] if step else b.hidden(
            len(divisor.vars), f"the working number over quotient digit {t}")
        if after is None:
            b.add_copy(f"working {t} (the dividend's first digits)",
                       Row(dividend.vars[:width]), working)
        else:
            b.add_copy(f"working {t} (the digit brought down)",
                       Row((*after.vars, dividend.vars[width + t - 2])), working)
        if step is None:  # no subtraction: the quotient digit is 0, the number below the divisor
            b.net.domains[digit] &= 1
            b.net.less.append(Less(f"the working number over quotient digit {t} (no "
                                   "subtraction) is below the divisor", working, divisor))
            after = working
            continue
        b.net.domains[digit] &= ~1
        subtrahend, rest = rows[f"subtrahend {t}"], rows[f"rest {t}"]
        b.add_product(f"subtrahend {t}", divisor, digit, subtrahend,
                      f"divisor × quotient digit {t}")
        b.add_sum(f"subtraction {t}", [subtrahend, rest], working,
                  "read as subtrahend + rest = working")
        b.net.less.append(Less(f"rest {t} is below the divisor", rest, divisor))
        after = rest
    b.net.relations.append(Relation("the division", ((divisor, quotient), (after,)), dividend))


def _short_division(b: Builder, dividend: Row, divisor: Row, quotient: Row,
                    remainder: Row) -> None:
    """dividend = divisor x quotient + remainder, the products worked out on the side."""
    parts = []
    for i in range(len(quotient.vars)):
        name = f"divisor × digit {i + 1} of the quotient"
        part = b.hidden(len(divisor.vars) + 1, name)
        b.add_product(name, divisor, quotient.at(i), part)
        parts.append(part.shifted(i))
    b.add_sum("the division", [*parts, remainder], dividend,
              "divisor × quotient + remainder = dividend")
    b.net.less.append(Less("the remainder is below the divisor", remainder, divisor))
    b.net.relations.append(Relation("the division", ((divisor, quotient), (remainder,)),
                                    dividend))
