"""Solving masked arithmetic (虫食算, 覆面算) as a person does, for its level and walkthrough.

A person keeps, for each letter, blank, carry and digit worked out on the side, the digits it
may still be (core/arith/network.py writes the calculation out as columns), and takes the
easiest step there is, each said in words:
- units digit: a column with at most one unknown (besides its carry out) gives it;
- only digit left: a letter whose other digits the other letters took (letters differ);
- carry: a column's least and greatest sums bound its carry (a leading M is a carry: 1);
- only letter for a digit: with ten letters, a digit just one letter can still be;
- column / parity: every way of filling a column tried in the head (few ways first);
- size: the lengths of whole rows bound their leading digits (a product's digit count
  bounds its factors; a rest is below the divisor);
- two columns: the ways of two columns that share a carry or a letter, tried together;
- case split: a variable of two or three digits where every digit but the ones kept,
  followed through with the steps above, leaves a column with no way to fill it.
After a letter's digit is known, no other letter takes it. Every step only removes digits no
solution has, so a calculation the steps finish has exactly that one solution; where they
stop short, the rest needs trial and error: the level is "expert".
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from core.arith.network import ZERO, Column, Less, Network, Relation, Row
from core.search import Stopped, bits

LEADING, UNITS, ONLY_DIGIT, CARRY, ONLY_LETTER, COLUMN, PARITY, SIZE, PAIR, CASE_SPLIT = (
    "leading digit", "units digit", "only digit left", "carry", "only letter for a digit",
    "column", "parity", "size", "two columns", "case split")
EVEN, ODD = 0b0101010101, 0b1010101010
EASY_SCORE = 2.0  # columns up to this score are tried before size bounds
MOST_WAYS = 1000  # a column of more ways is never tried: too many for a person in the head
MOST_PAIR_WAYS = 300  # ... nor two columns of more
SPLIT_DIGITS = 3  # a case split tries a variable of at most this many digits
SPLIT_VARIABLES = 40  # ... among the variables with the fewest digits
SPLIT_STEPS = 30  # ... and follows each digit this many steps at most


@dataclass(frozen=True)
class Step:
    technique: str
    score: float
    changes: tuple[tuple[int, int], ...]  # (variable, the digits it may be after the step)
    text: str
    kept_in_mind: bool = False  # it only narrows carries: a person notes it, says nothing


class Contradiction(Exception):
    """No digit is left for some variable: the text says where."""


def column_score(ways: int, columns: int = 1) -> float:
    """How hard columns are to fill in the head: 1.4 for one column (1.8 for two at once),
    plus 0.4 for every tenfold of ways to try."""
    return round(1.0 + 0.4 * columns + 0.4 * math.log10(max(ways, 1)), 2)


def digits_text(mask: int) -> str:
    shown = [str(d) for d in bits(mask)]
    if len(shown) < 2:
        return "".join(shown)
    return ", ".join(shown[:-1]) + " or " + shown[-1]


def single(mask: int) -> bool:
    return mask & (mask - 1) == 0


class Logic:
    """The digits each variable may still be, and the steps that narrowed them."""

    def __init__(self, net: Network, stop: Callable[[], bool] | None = None):
        self.net = net
        self.stop = stop
        self.domains = list(net.domains)
        self.steps: list[Step] = []
        self.unsaid: list[tuple[int, str]] = []  # letters the others' digits fixed, unsaid
        self.splits = True  # case splits allowed (not inside one)
        self.letters = net.letters()
        self.blanks = [v for v, var in enumerate(net.vars) if var.kind == "blank"]
        self.sizes = [*net.relations, *net.less]
        self.pairs = pairs(net)
        self.columns_of = touching(len(net.vars), [c.variables() for c in net.columns])
        self.pairs_of = touching(len(net.vars), [(*net.columns[a].variables(),
                                                  *net.columns[b].variables())
                                                 for a, b in self.pairs])
        self.sizes_of = touching(len(net.vars), [[v for row in s.rows() for v in row.vars]
                                                 for s in self.sizes])
        columns = range(len(net.columns))
        self.fresh = {UNITS: set(columns), CARRY: set(columns), COLUMN: set(columns),
                      PAIR: set(range(len(self.pairs))), SIZE: set(range(len(self.sizes)))}

    def start(self) -> None:
        """The digits the layout itself fixes (a letter printed over a digit) leave the other
        letters; Contradiction when two letters get one digit."""
        for v in [*self.letters, *self.blanks]:
            if self.known(v):
                self.letters_differ(v, self.domains[v])

    def copy(self) -> Logic:
        other = object.__new__(Logic)
        other.__dict__.update(self.__dict__)
        other.domains = list(self.domains)
        other.steps = []
        other.unsaid = list(self.unsaid)
        other.fresh = {name: set(ids) for name, ids in self.fresh.items()}
        return other

    # --- the state -------------------------------------------------------------------------

    def known(self, v: int) -> bool:
        return single(self.domains[v])

    def value(self, v: int) -> int:
        """The digit of a known variable; of any, its greatest digit."""
        return self.domains[v].bit_length() - 1

    def low(self, v: int) -> int:
        m = self.domains[v]
        return (m & -m).bit_length() - 1

    def name(self, v: int) -> str:
        return self.net.vars[v].name

    def finished(self) -> bool:
        return all(self.known(v) for v, var in enumerate(self.net.vars) if var.kind != "carry")

    def narrow(self, v: int, mask: int, said: bool = True) -> None:
        """v may only be the digits of `mask` from now on; a letter's digit leaves the other
        letters (and, when blanks differ from letters, the blanks)."""
        old = self.domains[v]
        new = old & mask
        if new == old:
            return
        if not new:
            raise Contradiction(f"{self.name(v)} would have no digit left")
        self.domains[v] = new
        for name, touched in ((UNITS, self.columns_of), (CARRY, self.columns_of),
                              (COLUMN, self.columns_of), (PAIR, self.pairs_of),
                              (SIZE, self.sizes_of)):
            self.fresh[name].update(touched[v])
        if single(new) and self.net.vars[v].kind in ("letter", "blank"):
            if not said:
                self.unsaid.append((v, self.taken(v)))
            self.letters_differ(v, new)

    def letters_differ(self, v: int, digit: int) -> None:
        kind = self.net.vars[v].kind
        others = self.letters if kind == "letter" else []
        if self.net.apart:
            others = self.letters + self.blanks if kind == "letter" else self.letters
        for u in others:
            if u != v and self.domains[u] & digit:
                if self.domains[u] == digit:
                    raise Contradiction(f"{self.name(u)} and {self.name(v)} would both be "
                                        f"{self.value(v)}")
                self.narrow(u, ~digit, said=False)

    def apply(self, step: Step) -> None:
        for v, mask in step.changes:
            self.narrow(v, mask)

    # --- the walk --------------------------------------------------------------------------

    def run(self, most: int | None = None) -> None:
        """Steps, easiest first, until every digit is known, no step is left or `most` steps
        are taken; Contradiction when a step finds no digit for something."""
        while not self.finished() and (most is None or len(self.steps) < most):
            if self.stop is not None and self.stop():
                raise Stopped
            step = self.next_step()
            if step is None:
                return
            self.steps.append(step)
            self.apply(step)

    def next_step(self) -> Step | None:
        return (self.only_digit() or self.units_digit() or self.carry() or self.only_letter()
                or self.columns(EASY_SCORE) or self.size() or self.columns()
                or (self.case_split() if self.splits else None))

    def leading_step(self) -> Step | None:
        """The rule that no number starts with 0, said once for the letters it concerns."""
        leading = self.net.leading
        if not leading:
            return None
        names = ", ".join(self.name(v) for v in leading)
        return Step(LEADING, 1.0, (), f"{names} start{'s' if len(leading) == 1 else ''} a "
                    "number, so not 0")

    # --- techniques ------------------------------------------------------------------------

    def only_digit(self) -> Step | None:
        if not self.unsaid:
            return None
        v, taken = self.unsaid.pop(0)
        return Step(ONLY_DIGIT, 1.2, ((v, self.domains[v]),),
                    f"{self.name(v)} = {self.value(v)}: the only digit left for it "
                    f"({taken} taken)")

    def taken(self, v: int) -> str:
        """The digits the other letters (and blanks, where they differ) have now."""
        others = self.letters + self.blanks if self.net.apart else self.letters
        mask = 0
        for u in others:
            if u != v and self.known(u) and (self.net.apart or u in self.letters):
                mask |= self.domains[u]
        return digits_text(mask).replace(" or ", " and ") or "none"

    def units_digit(self) -> Step | None:
        fresh = self.fresh[UNITS]
        for c in sorted(fresh):
            fresh.discard(c)
            column = self.net.columns[c]
            ins = column.inputs()
            unknown = {v for v in (*ins, column.digit) if not self.known(v)}
            if all(self.known(v) for v in ins) or len(unknown) <= 1:
                step = self.column_step((column,), UNITS, 1.0)
                if step is not None:
                    return step
        return None

    def columns(self, most: float | None = None) -> Step | None:
        """The column, or two columns at once, of fewest ways (scoring at most `most`, or
        any a person tries) whose ways leave some digit out."""
        single_, double = self.fresh[COLUMN], self.fresh[PAIR]
        weighed = [(column_score(self.ways((self.net.columns[c],)), 1), COLUMN, c)
                   for c in single_]
        weighed += [(column_score(self.ways(self.pair(p)), 2), PAIR, p) for p in double]
        for score, kind, i in sorted(weighed):
            if most is not None and score > most:
                break
            (single_ if kind == COLUMN else double).discard(i)
            group = (self.net.columns[i],) if kind == COLUMN else self.pair(i)
            if score <= column_score(MOST_WAYS if kind == COLUMN else MOST_PAIR_WAYS,
                                     len(group)):
                step = self.column_step(group, kind, score)
                if step is not None:
                    return step
        return None

    def pair(self, p: int) -> tuple[Column, Column]:
        a, b = self.pairs[p]
        return self.net.columns[a], self.net.columns[b]

    def ways(self, group) -> int:
        return math.prod(self.domains[v].bit_count() for v in picks(group))

    def column_step(self, group, technique: str, score: float) -> Step | None:
        found = self.supports(group)
        where = " and ".join(f"{c.label}: {self.equation(c)}" for c in group)
        if found is None:
            raise Contradiction(f"{where} cannot come out")
        changes = tuple((v, self.domains[v] & mask) for v, mask in found.items()
                        if self.domains[v] & mask != self.domains[v])
        if not changes:
            return None
        if technique == COLUMN and self.is_parity(changes):
            technique = PARITY
        return Step(technique, score, changes, f"{self.conclusion(changes)} ({where})",
                    self.quiet(changes))

    def is_parity(self, changes) -> bool:
        return all(self.net.vars[v].kind != "carry" and not single(mask)
                   and (mask & ~EVEN == 0 or mask & ~ODD == 0)
                   and self.domains[v] & EVEN and self.domains[v] & ODD
                   for v, mask in changes)

    def supports(self, group) -> dict[int, int] | None:
        """For each variable of the columns, the digits it has in some way of filling them
        right (letters differing); None when there is no way."""
        plan: list = []  # (variable, None): choose its digit; (None, column): work it out
        for i, column in enumerate(group):
            plan += [(v, None) for v in picks(group[i:i + 1], group[:i])]
            plan.append((None, column))
        found: dict[int, int] = {}
        value: dict[int, int] = {}

        def walk(i: int) -> None:
            if i == len(plan):
                for u, d in value.items():
                    found[u] = found.get(u, 0) | 1 << d
                return
            v, column = plan[i]
            if column is None:
                for d in bits(self.domains[v]):
                    if not self.clash(value, v, d):
                        value[v] = d
                        walk(i + 1)
                        del value[v]
                return
            total = value[column.carry_in] + sum(
                t * value[a] * (1 if b is None else value[b]) for t, a, b in column.terms)
            put = [(column.digit, total % 10), (column.carry_out, total // 10)]
            fresh = list(dict.fromkeys(u for u, _ in put if u not in value))
            if all(self.fits(value, u, d) for u, d in put) and (
                    put[0][0] != put[1][0] or put[0][1] == put[1][1]):
                value.update((u, d) for u, d in put if u in fresh)
                walk(i + 1)
                for u in fresh:
                    del value[u]

        walk(0)
        return found or None

    def fits(self, value: dict[int, int], v: int, d: int) -> bool:
        if v in value:
            return value[v] == d
        return bool(self.domains[v] >> d & 1) and not self.clash(value, v, d)

    def clash(self, value: dict[int, int], v: int, d: int) -> bool:
        """v = d would give two letters one digit (or a blank a letter's, when they differ)."""
        kinds = self.net.vars
        kind = kinds[v].kind
        if kind != "letter" and not (kind == "blank" and self.net.apart):
            return False
        apart = self.net.apart
        return any(x == d and u != v and (kinds[u].kind == "letter" or (
            kind == "letter" and apart and kinds[u].kind == "blank")) for u, x in value.items())

    def carry(self) -> Step | None:
        """A column's least and greatest left side bound its carries and digits."""
        fresh = self.fresh[CARRY]
        for c in sorted(fresh):
            fresh.discard(c)
            column = self.net.columns[c]
            changes = self.bounded(column)
            if changes:
                low, high = self.left_side(column)
                return Step(CARRY, 1.3, changes,
                            f"{self.conclusion(changes)} ({column.label}: "
                            f"{self.equation(column)}, where the left side is "
                            f"{low} to {high})", self.quiet(changes))
        return None

    def left_side(self, column: Column) -> tuple[int, int]:
        low = self.low(column.carry_in) + sum(
            t * self.low(a) * (1 if b is None else self.low(b)) for t, a, b in column.terms)
        high = self.value(column.carry_in) + sum(
            t * self.value(a) * (1 if b is None else self.value(b)) for t, a, b in column.terms)
        return low, high

    def bounded(self, column: Column) -> tuple[tuple[int, int], ...]:
        """What the bounds of both sides allow each variable of the column (sound for a
        variable standing twice: each place is bounded alone)."""
        low, high = self.left_side(column)
        d, out, cin = column.digit, column.carry_out, column.carry_in
        r_low, r_high = self.low(d) + 10 * self.low(out), self.value(d) + 10 * self.value(out)
        allowed: dict[int, int] = {}

        def allow(v: int, lo: int, hi: int) -> None:
            lo = max(lo, 0)
            mask = (1 << (hi + 1)) - (1 << lo) if lo <= hi else 0
            allowed[v] = allowed.get(v, -1) & mask

        allow(out, -(-(low - self.value(d)) // 10), (high - self.low(d)) // 10)
        allow(d, low - 10 * self.value(out), high - 10 * self.low(out))
        allow(cin, r_low - (high - self.value(cin)), r_high - (low - self.low(cin)))
        for t, a, b in column.terms:
            if b is None:
                allow(a, -(-(r_low - (high - t * self.value(a))) // t),
                      (r_high - (low - t * self.low(a))) // t)
        changes = []
        for v, mask in allowed.items():
            if self.domains[v] & mask != self.domains[v]:
                if not self.domains[v] & mask:
                    raise Contradiction(f"{column.label}: {self.equation(column)} cannot "
                                        f"come out, its left side being {low} to {high}")
                changes.append((v, self.domains[v] & mask))
        return tuple(changes)

    def only_letter(self) -> Step | None:
        """With ten letters every digit is some letter's: a digit only one can be."""
        if len(self.letters) != 10:
            return None
        for d in range(10):
            able = [v for v in self.letters if self.domains[v] >> d & 1]
            if not able:
                raise Contradiction(f"no letter can be {d}, and ten letters take every digit")
            if len(able) == 1 and not self.known(able[0]):
                v = able[0]
                return Step(ONLY_LETTER, 1.5, ((v, 1 << d),),
                            f"{self.name(v)} = {d}: ten letters take every digit, and no "
                            f"other letter can be {d}")
        return None

    def size(self) -> Step | None:
        """The rows' lengths bound the first digit not known of each row."""
        fresh = self.fresh[SIZE]
        for s in sorted(fresh):
            fresh.discard(s)
            step = self.size_step(self.sizes[s])
            if step is not None:
                return step
        return None

    def size_step(self, relation: Relation | Less) -> Step | None:
        spans = [self.span(row) for row in relation.rows()]
        why = misfit(relation, spans)
        if why:
            raise Contradiction(f"{relation.label}: the numbers would be {why}")
        for row in relation.rows():
            v = next((u for u in row.vars if not self.known(u)), None)
            if v is None:
                continue
            out = {d: misfit(relation, self.spans_with(relation, spans, v, d))
                   for d in bits(self.domains[v])}
            removed = sum(1 << d for d, why in out.items() if why)
            if removed:
                reasons = sorted({why for why in out.values() if why})
                left = self.domains[v] & ~removed
                return Step(SIZE, 2.0, ((v, left),),
                            f"{self.narrowed(v, left)} ({relation.label}: with "
                            f"{self.name(v)} = {digits_text(removed)} the numbers would "
                            f"be {' or '.join(reasons)})")
        return None

    def spans_with(self, relation, spans: list, v: int, d: int) -> list:
        """The rows' spans with v = d (only the rows v stands in are worked out again)."""
        return [self.span(row, v, d) if v in row.vars else span
                for row, span in zip(relation.rows(), spans, strict=True)]

    def span(self, row: Row, v: int = -1, d: int = 0) -> tuple[int, int]:
        """The least and greatest value the row can have (with v = d)."""
        low = high = 0
        for u in row.vars:
            low = low * 10 + (d if u == v else self.low(u))
            high = high * 10 + (d if u == v else self.value(u))
        return low * 10 ** row.shift, high * 10 ** row.shift

    def case_split(self) -> Step | None:
        """A variable of two or three digits where some digits, followed through with the
        easier steps, leave something without a digit."""
        for v in self.split_candidates():
            refuted = {}
            for d in bits(self.domains[v]):
                why = self.refuted(v, d)
                if why is not None:
                    refuted[d] = why
            if refuted and len(refuted) < self.domains[v].bit_count():
                left = self.domains[v] & ~sum(1 << d for d in refuted)
                longest = max(n for n, _ in refuted.values())
                tried = "; ".join(f"if {self.name(v)} = {d}, then {why}"
                                  for d, (_, why) in refuted.items())
                return Step(CASE_SPLIT, round(3.0 + 0.1 * min(longest - 1, 9), 2),
                            ((v, left),), f"{self.conclusion(((v, left),))}: {tried}")
        return None

    def split_candidates(self) -> list[int]:
        open_ = [v for v, m in enumerate(self.domains)
                 if 2 <= m.bit_count() <= SPLIT_DIGITS and self.net.vars[v].kind != "given"]
        return sorted(open_, key=lambda v: (self.domains[v].bit_count(), v))[:SPLIT_VARIABLES]

    def refuted(self, v: int, d: int) -> tuple[int, str] | None:
        """(steps taken, why) when v = d leads to a contradiction within SPLIT_STEPS of the
        easier steps."""
        trial = self.copy()
        trial.splits = False
        try:
            trial.narrow(v, 1 << d)
            trial.run(SPLIT_STEPS)
        except Contradiction as why:
            return len(trial.steps) + 1, (f"after {len(trial.steps)} steps " if trial.steps
                                          else "") + str(why)
        return None

    # --- words -----------------------------------------------------------------------------

    def say(self, v: int) -> str:
        if self.known(v):
            return str(self.value(v))
        return "carry" if self.net.vars[v].kind == "carry" else self.name(v)

    def equation(self, column: Column) -> str:
        left = [("" if t == 1 else f"{t} × ") + self.say(a) + ("" if b is None else
                                                              f" × {self.say(b)}")
                for t, a, b in column.terms]
        if column.carry_in != ZERO:
            left.append(self.say(column.carry_in))
        right = self.say(column.digit)
        if column.carry_out != ZERO:
            right += f" + 10 × {self.say(column.carry_out)}"
        return f"{' + '.join(left) or '0'} = {right}"

    def conclusion(self, changes) -> str:
        """What the changes fix or rule out; a carry only narrowed is said only when nothing
        else changed."""
        said = [(v, m) for v, m in changes if single(m) or self.net.vars[v].kind != "carry"]
        said.sort(key=lambda change: self.net.vars[change[0]].kind == "carry")  # digits first
        return ", ".join(self.narrowed(v, mask) for v, mask in said or changes)

    def quiet(self, changes) -> bool:
        return all(self.net.vars[v].kind == "carry" and not single(m) for v, m in changes)

    def narrowed(self, v: int, mask: int) -> str:
        name, removed = self.name(v), self.domains[v] & ~mask
        if single(mask):
            return f"{name} = {mask.bit_length() - 1}"
        if mask & ~EVEN == 0 and self.domains[v] & ODD:
            return f"{name} is even ({digits_text(mask)})"
        if mask & ~ODD == 0 and self.domains[v] & EVEN:
            return f"{name} is odd ({digits_text(mask)})"
        if removed.bit_count() <= mask.bit_count():
            return f"{name} ≠ {digits_text(removed)}"
        return f"{name} is {digits_text(mask)}"


def misfit(relation: Relation | Less, spans: list[tuple[int, int]]) -> str:
    """How the rows' sizes (spans in `rows()` order) fail the relation ("too large", "too
    small"), or ""."""
    if isinstance(relation, Less):
        return "" if spans[0][0] < spans[1][1] else "too large for it"
    low = high = i = 0
    for term in relation.terms:
        low += math.prod(lo for lo, _ in spans[i:i + len(term)])
        high += math.prod(hi for _, hi in spans[i:i + len(term)])
        i += len(term)
    r_low, r_high = spans[-1]
    return "too large" if low > r_high else "too small" if high < r_low else ""


def picks(group, before=()) -> list[int]:
    """The variables a person chooses digits for, in order, to fill the columns: each
    column's left side, less what earlier columns (`before`) already give."""
    given = {v for c in before for v in (*c.inputs(), c.digit, c.carry_out)}
    chosen: dict[int, None] = {}
    for column in group:
        for v in column.inputs():
            if v not in given:
                chosen[v] = None
        given |= {column.digit, column.carry_out}
    return list(chosen)


def touching(n: int, groups) -> list[list[int]]:
    """For each of n variables, the groups (by index) it stands in."""
    found: list[list[int]] = [[] for _ in range(n)]
    for i, group in enumerate(groups):
        for v in dict.fromkeys(group):
            found[v].append(i)
    return found


def pairs(net: Network) -> list[tuple[int, int]]:
    """Columns a person puts together: one and the next (its carry goes there), and two
    with a letter in common."""
    feeds = {c.carry_in: i for i, c in enumerate(net.columns) if c.carry_in != ZERO}
    found = {(i, feeds[c.carry_out]) for i, c in enumerate(net.columns) if c.carry_out in feeds}
    by_letter: dict[int, list[int]] = {}
    for i, column in enumerate(net.columns):
        for v in column.variables():
            if net.vars[v].kind == "letter":
                by_letter.setdefault(v, []).append(i)
    for columns in by_letter.values():
        found |= {(a, b) for a in columns for b in columns if a < b}
    return sorted(found)


# --- a whole calculation -----------------------------------------------------------------------

@dataclass(frozen=True)
class Solved:
    """The steps a person takes; whether they finish the calculation (then `rows` is its
    answer, in printed order); where they stop short, how many ways are left to try (log10
    of the product of the open cells' digit counts); what went wrong where there is no
    answer."""

    steps: tuple[Step, ...]
    complete: bool
    rows: tuple[str, ...] | None = None
    ways_left: float = 0.0
    contradiction: str | None = None
    cells: dict = field(default_factory=dict)  # (row, column) -> the digits it may still be


def solve(puzzle, stop: Callable[[], bool] | None = None) -> Solved:
    """The steps in order until the calculation is done or no step is left."""
    from core.arith.network import build

    net = build(puzzle)
    logic = Logic(net, stop)
    leading = logic.leading_step()
    said = (leading,) if leading else ()
    if net.impossible:
        return Solved(said, False, contradiction=net.impossible)
    try:
        logic.start()
        logic.run()
    except Contradiction as why:
        return Solved(said + tuple(logic.steps), False, contradiction=str(why))
    steps = said + tuple(logic.steps)
    cells = {cell: logic.domains[v] for cell, v in net.cells.items()}
    rows = answer(puzzle, logic) if logic.finished() else None
    if rows is not None:
        return Solved(steps, True, rows, cells=cells)
    open_cells = {v for v in net.cells.values() if not logic.known(v)}
    return Solved(steps, False, ways_left=sum(math.log10(logic.domains[v].bit_count())
                                              for v in open_cells), cells=cells)


def answer(puzzle, logic: Logic) -> tuple[str, ...] | None:
    """The rows the known digits fill in, when they make the calculation right: every cell
    against the puzzle's own rules (letters, blanks) and the sums by the exact counter. The
    steps' own last word is not taken on trust."""
    from core.arith.checker import Checker
    from core.arith.model import filled
    from core.arith.solver import count

    rows = tuple("".join(str(logic.value(logic.net.cells[(r, c)])) for c in range(len(cells)))
                 for r, (_, cells) in enumerate(puzzle.rows()))
    values = [(role, cells, int(digits))
              for (role, cells), digits in zip(puzzle.rows(), rows, strict=True)]
    if Checker(puzzle).rows(values) != rows:
        return None
    return rows if count(filled(puzzle, rows), 2).count == 1 else None
