"""The searches behind `count`, one per operation. Each finds candidate values for the free
numbers and hands complete candidates to the Checker, which fills and verifies every row."""

from __future__ import annotations

from operator import mul

from core.arith.checker import Checker
from core.arith.model import BLANK, Puzzle, is_letter
from core.search import Budget

# SOLUTIONS[f][r]: the digits d with d * f = r (mod 10)
SOLUTIONS = [[[d for d in range(10) if d * f % 10 == r] for r in range(10)] for f in range(10)]


CARRY = 2520  # every digit 1-9 divides it
UNBOUNDED = 10 ** 100  # no upper bound


def _factors_showing() -> tuple[list[int], list[list[list[tuple[int, ...]]]]]:
    """The carry into column k of a_low * f is f * q // CARRY (q = a_low * CARRY // 10^k), and
    it only changes where q crosses some j * CARRY / f: 28 classes of q. For each class c, A's
    digit d at k and a digit t: the factors f for which digit k of A * f is t."""
    breaks = sorted({j * CARRY // f for f in range(1, 10) for j in range(f)})
    classes = [0] * CARRY
    for c, start in enumerate(breaks):
        end = breaks[c + 1] if c + 1 < len(breaks) else CARRY
        classes[start:end] = [c] * (end - start)
    table = []
    for start in breaks:
        carries = [f * start // CARRY for f in range(10)]
        by_d = []
        for d in range(10):
            by_t: list[list[int]] = [[] for _ in range(10)]
            for f in range(10):
                by_t[(f * d + carries[f]) % 10].append(f)
            by_d.append([tuple(fs) for fs in by_t])
        table.append(by_d)
    return classes, table


CARRY_CLASS, FACTORS_SHOWING = _factors_showing()
TAIL = 3  # alphametics: how many of the last variables one table lookup settles


def _signed_rows(puzzle: Puzzle) -> list[tuple[str, str, int]]:
    """(role, cells, sign) with sum(sign * value) == 0."""
    rows = puzzle.rows()
    if puzzle.op == "add":
        return [(role, cells, -1 if role == "result" else 1) for role, cells in rows]
    (r1, minuend), (r2, subtrahend), (r3, difference) = rows
    return [(r1, minuend, -1), (r2, subtrahend, 1), (r3, difference, 1)]


class _Sum:
    """Addition and subtraction as one linear equation sum(weight[v] * digit[v]) + const == 0
    over letters and blanks, variables taken by falling |weight|: each takes only the digits
    that leave the remaining weights able to reach 0, and the last variable of the columns up
    to k must make the sum 0 modulo 10^(k+1). The last TAIL variables come from a table."""

    # Glossary. A variable is a letter, or a blank as (row, column); i is its place in `order`.
    #   weight[v]   v's place values over its cells, signed (the result's negative)
    #   const       the printed digits' share of the sum
    #   order       the variables by falling |weight|: the order they are chosen in
    #   digit[i]    the digit variable i has now; index[v]: v's place i in order
    #   total       const plus the weighted digits chosen so far; it must end at 0
    #   rest_min/rest_max[i]  the least / most the variables from i on can add
    #   step[i]     the sum is 0 modulo step[i] before variable i is chosen
    #   modulus[i]  10^(columns variable i closes), or 0: it closes none, nothing to check
    #   units[i]    the digit of weight[i] at step[i]: what a digit of i adds to the open column
    #   lows[i]     its smallest digit (1 at the front of a row); bans[i]: digits it may not be
    #   used        digits taken: bit d a letter's, bit 10 + d a blank's (if blanks_distinct)
    #   bit, by_letters, by_blanks  how variable i marks its digit in `used`, and which of
    #               `used` rule digits out for it
    #   cut         the depth where the search stops: the TAIL variables after it are looked up
    #   table[s]    (used, digits): each way the tail variables add up to s
    #   plan[i]     what dfs reads for variable i, as one tuple (one unpack per node)
    __slots__ = ("found", "limit", "checker", "budget", "shuffled", "apart", "rows", "const",
                 "index", "weights", "units", "lows", "bans", "bit", "by_letters", "by_blanks",
                 "rest_min", "rest_max", "step", "modulus", "digit", "cut", "table", "plan")

    def __init__(self, puzzle: Puzzle, checker: Checker, found: list, limit: int, stop):
        self.found, self.limit, self.checker = found, limit, checker
        self.budget = Budget(stop)
        self.shuffled = checker.order if checker.rng is not None else None
        self.rows = _signed_rows(puzzle)
        weight, column, low = self._weights(puzzle)
        order = sorted(weight, key=lambda v: -abs(weight[v]))
        self.index = {v: i for i, v in enumerate(order)}
        self.weights = [weight[v] for v in order]
        self.lows = [low.get(v, 0) for v in order]
        self._bounds()
        self._closing(order, column)
        self.units = [weight[v] // self.step[i] % 10 for i, v in enumerate(order)]
        letter_bans = checker.letters.forbidden
        self.bans = [letter_bans.get(v, 0) if isinstance(v, str)
                     else checker.blank_mask(self.rows[v[0]][0]) for v in order]
        # Digits in use: bit d for a letter's, bit 10 + d for a blank's when blanks must differ
        # from letters (otherwise a blank's digit is not recorded). Variable i's digit d sets
        # bit[i] << d and may not be one of (used & by_letters[i]) | (used >> 10 & by_blanks[i]).
        self.apart = apart = puzzle.rules.blanks_distinct
        is_letter_var = [isinstance(v, str) for v in order]
        self.bit = [1 if letter else 1 << 10 if apart else 0 for letter in is_letter_var]
        self.by_letters = [1023 if letter or apart else 0 for letter in is_letter_var]
        self.by_blanks = [1023 if letter else 0 for letter in is_letter_var]
        self.digit = [0] * len(order)
        self.cut = max(0, len(order) - TAIL)
        self.table = self._tail_table()
        # per variable, what dfs reads (one tuple: see dfs)
        self.plan = list(zip(self.weights, self.lows, self.rest_min[1:], self.rest_max[1:],
                             self.modulus, self.step, self.units, self.bit, self.bans,
                             self.by_letters, self.by_blanks, strict=True))

    def _weights(self, puzzle: Puzzle) -> tuple[dict, dict, dict]:
        """Each variable's weight, its lowest column, its smallest digit (1: it leads a row);
        the printed digits go to const."""
        weight: dict = {}
        column: dict = {}
        low: dict = {}
        const = 0
        for r, (_, cells, sign) in enumerate(self.rows):
            n = len(cells)
            for c, cell in enumerate(cells):
                place = sign * 10 ** (n - 1 - c)
                if cell.isdigit():
                    const += place * int(cell)
                    continue
                var = cell if is_letter(cell) else (r, c)
                weight[var] = weight.get(var, 0) + place
                column[var] = min(column.get(var, n), n - 1 - c)
                if c == 0 and n > 1 and not puzzle.rules.leading_zeros:
                    low[var] = 1
        self.const = const
        return weight, column, low

    def _bounds(self) -> None:
        """rest_min / rest_max: what the variables from i on can add, at least and at most."""
        weights, lows = self.weights, self.lows
        last = len(weights)
        spans = [(min(w * lo, w * 9), max(w * lo, w * 9))
                 for w, lo in zip(weights, lows, strict=True)]
        self.rest_min, self.rest_max = rest_min, rest_max = [0] * (last + 1), [0] * (last + 1)
        for i in range(last - 1, -1, -1):
            rest_min[i] = rest_min[i + 1] + spans[i][0]
            rest_max[i] = rest_max[i + 1] + spans[i][1]

    def _closing(self, order: list, column: dict) -> None:
        """After variable i the sum must be 0 modulo 10^k once every variable of the columns
        below k is fixed. Variables fixed later all have weights divisible by the last such
        modulus, so with the sum divided by it, a check is one digit equation (plus, when it
        covers more than one column at once, a test of the higher ones)."""
        self.step = step = [1] * len(order)  # the modulus the sum is 0 by, before variable i
        self.modulus = modulus = [0] * len(order)  # 10^(columns newly covered), or 0: no check
        width = max(len(cells) for _, cells, _ in self.rows)
        done = 0
        for i in range(len(order)):
            step[i] = 10 ** done
            fixed = set(order[:i + 1])
            k = done
            while k < width and all(v in fixed for v in order if column[v] == k):
                k += 1
            if k > done:
                modulus[i], done = 10 ** (k - done), k

    def _tail_table(self) -> dict[int, list]:
        """The last variables are not searched: every assignment of them is listed once by its
        sum, and a node at `cut` looks its missing sum up (most nodes there have no match)."""
        tail = [(0, 0, ())]  # (sum, digits in use, digits)
        for i in range(self.cut, len(self.weights)):
            w, bit_i, ban_i = self.weights[i], self.bit[i], self.bans[i]
            letters_i, blanks_i = self.by_letters[i], self.by_blanks[i]
            tail = [(s + w * d, used | bit_i << d, ds + (d,)) for s, used, ds in tail
                    for ruled_out in (ban_i | used & letters_i | used >> 10 & blanks_i,)
                    for d in range(self.lows[i], 10) if not ruled_out >> d & 1]
        table: dict[int, list] = {}
        for s, used, ds in tail:
            table.setdefault(s, []).append((used, ds))
        if self.shuffled:
            table = {s: self.shuffled(options) for s, options in table.items()}
        return table

    def finish(self) -> None:
        """Every variable has its digit: the rows' values to the checker."""
        digit, index = self.digit, self.index
        values = []
        for r, (role, cells, _) in enumerate(self.rows):
            value = 0
            for c, cell in enumerate(cells):
                d = int(cell) if cell.isdigit() else digit[index[cell if is_letter(cell)
                                                                 else (r, c)]]
                value = value * 10 + d
            values.append((role, cells, value))
        filled = self.checker.rows(values)
        if filled is not None:
            self.found.append(filled)

    def dfs(self, i: int, total: int, used: int) -> None:
        """Variable i's digits that keep the sum able to reach 0 and close its columns, each
        searched deeper; at `cut`, the tail assignments that bring the sum to 0."""
        if i == self.cut:
            for mask, ds in self.table.get(-total, ()):
                # the tail's letters against the digits in use, its blanks against the letters
                if not (mask & used if not self.apart else
                        (mask & (used | used >> 10) | mask >> 10 & used) & 1023):
                    self.digit[i:] = ds
                    self.finish()
                    if len(self.found) >= self.limit:
                        return
            return
        self.budget.tick()
        # one unpack instead of a dozen attribute reads: this runs at every node
        w, low, later_min, later_max, m, unit, u, bit_i, ban, by_letters, by_blanks = (
            self.plan[i])  # (later_min, later_max: rest_min and rest_max at i + 1)
        # the digits that leave the rest able to bring the sum back to 0
        need_low, need_high = -later_max - total, -later_min - total
        if w > 0:
            low, high = max(low, -(-need_low // w)), min(9, need_high // w)
        elif w < 0:
            low, high = max(low, -(need_high // -w)), min(9, -need_low // -w)
        elif need_low <= 0 <= need_high:
            high = 9
        else:
            return
        if m:  # the digit closes a column: it solves (total + w*d) / unit == 0 mod 10
            digits = [d for d in SOLUTIONS[u][-total // unit % 10] if low <= d <= high
                      and (m == 10 or (total + w * d) // unit % m == 0)]
        else:
            digits = range(low, high + 1)
        banned = (ban | used & by_letters | used >> 10 & by_blanks if self.apart
                  else ban | used if bit_i else ban)  # (the short form: 2 % faster)
        shuffled, digit, found = self.shuffled, self.digit, self.found
        for d in shuffled(digits) if shuffled else digits:
            if banned >> d & 1:
                continue
            digit[i] = d
            self.dfs(i + 1, total + w * d, used | bit_i << d)
            if len(found) >= self.limit:
                return


def add_search(puzzle: Puzzle, checker: Checker, found: list, limit: int, stop) -> int:
    """Addition and subtraction: see _Sum. Every search returns its effort (nodes)."""
    search = _Sum(puzzle, checker, found, limit, stop)
    search.dfs(0, search.const, 0)
    return search.budget.nodes


def _pattern_range(cells: str, lead: bool) -> tuple[int, int]:
    """The smallest and largest numbers a row's printed cells allow (letters as any digit)."""
    low = high = 0
    for i, cell in enumerate(cells):
        d = int(cell) if cell.isdigit() else None
        low = low * 10 + (d if d is not None else (1 if i == 0 and lead and len(cells) > 1 else 0))
        high = high * 10 + (d if d is not None else 9)
    return low, high


def _cofactor_range(z_low: int, z_high: int, x_low: int, x_high: int) -> tuple[int, int]:
    """The y with x * y in [z_low, z_high] for some x in [x_low, x_high], as a range (its high
    end UNBOUNDED when x may be 0 and so may z: then any y does)."""
    if x_high == 0:
        return (0, UNBOUNDED) if z_low == 0 else (1, 0)
    if x_low == 0 and z_low == 0:
        return -(-z_low // x_high), UNBOUNDED
    return -(-z_low // x_high), z_high // max(x_low, 1)


class _Cells:
    """A row as codes, least significant first: a digit d >= 0, -1 a blank, -2-i letter i."""

    def __init__(self, cells: str, mask: int, letter_index: dict[str, int]):
        self.length = len(cells)
        self.mask = mask
        self.codes = [int(c) if c.isdigit() else -1 if c == BLANK else -2 - letter_index[c]
                      for c in reversed(cells)]


class _Product:
    """Digits of factor A from the right; each digit b_i of factor B is chosen when its partial
    row A*b_i (or the product) first has a printed cell to check, within the range the rows'
    lengths allow. At depth k the low k+1 digits of A are known, and so is digit k of every
    chosen partial row and of the product; only rows printed at k are looked at (one small
    multiplication each). `finish(A, B, fill)` takes a complete pair. Digits of B left for the
    end are chosen most significant first, and `end_check(A, b)` may reject a partial choice."""

    # Glossary. A has n digits, B has m, both counted from the right; row i is A * b[i].
    #   code          a cell: a digit d >= 0, -1 a blank, -2-l letter l (see _Cells)
    #   mask          the digits a blank of that row may not be
    #   k             the depth: A's digits below k are chosen, digit k is next
    #   a_low         A's digits below k, as a number (value: the same, once digit k is in)
    #   q             a_low * CARRY // 10^k: row i carries b[i] * q // CARRY into column k
    #   big_q         q + CARRY * d once A's digit k is d (the next depth's q is big_q // 10)
    #   b[i]          B's digit i, row i's multiplier digit; -1 while not chosen
    #   b_range[i]    the digits b[i] may be, as the rows' lengths allow; a_top: A's leading one
    #   need[i]       the depth where b[i] is chosen: its row first constrains it (n: the end)
    #   schedule[k]   the b[i] with need[i] == k, the new multiplier digits at k
    #   pivots[k]     one of them chosen before A's digit k, whose row's digit then picks it
    #   later_new[k]  the others, chosen after A's digit k (place_new)
    #   lone_new[k]   (i, t): the one new b[i] at k that binds nothing, tried in a tight loop,
    #                 and the digit t its row shows there (-1: any); (None, -1) if none
    #   known_rows[k] (i, code, mask): rows printed at k whose b[i] is chosen before k
    #   catch_up[i]   (code, 10^p): row i's cells p below need[i], checked once b[i] is chosen
    #   b_free[i]     B's cell i is a plain blank: any b[i] will do
    #   product_check[k]  the product's digit k is checked when column k closes
    #   checkable[k]  (i, code, unit): rows whose leading digit is checked at depth k, until
    #                 tried[k] / pruned[k] say it does not pay; top_letters[k]: their letters
    #   own_tops[k]   (i, unit): those whose leading letter is A's own letter at k
    #   above[k]      the least and most A's digits above k add: A is a_low + above[k]
    #   closes[k]     column k has checks (product_check or checkable) when it closes
    #   put, trail    a cell shows digit d (a letter gets bound); the letters bound, to undo
    #   digit_of[l]   letter l's digit, -1 while free; used: the digits letters hold, a bit set
    #   plan, new_plan, kit  what depth and place_new read, packed for one unpack (_plans)
    __slots__ = ("found", "limit", "finish", "end_check", "checker", "budget", "shuffled", "lead",
                 "n", "m", "letter_index", "bans", "a_row", "b_row", "parts", "product",
                 "b_range", "a_top", "need", "schedule", "digit_of", "used", "b", "above",
                 "checkable", "top_letters", "tried", "pruned", "own_tops", "b_free",
                 "catch_up", "powers", "known_rows", "lone_new", "pivots", "later_new",
                 "product_check", "closes", "plan", "kit", "new_plan")

    def __init__(self, puzzle: Puzzle, checker: Checker, found: list, limit: int, stop,
                 factor_rows, partial_rows, product_row, finish, end_check=None):
        (role_a, a_text), (role_b, b_text) = factor_rows
        self.found, self.limit, self.finish, self.end_check = found, limit, finish, end_check
        self.checker = checker
        self.budget = Budget(stop)
        self.shuffled = checker.order if checker.rng is not None else None
        self.lead = not puzzle.rules.leading_zeros
        self.n, self.m = n, m = len(a_text), len(b_text)
        self.letter_index = letter_index = {ch: i for i, ch in enumerate(puzzle.letters())}
        self.bans = [checker.letters.forbidden.get(ch, 0) for ch in letter_index]
        self.a_row = _Cells(a_text, checker.blank_mask(role_a), letter_index)
        self.b_row = _Cells(b_text, checker.blank_mask(role_b), letter_index)
        self.parts = [None if cells is None else _Cells(cells, checker.blank_mask(role),
                                                        letter_index)
                      if cells else None for role, cells in partial_rows]
        self.product = (_Cells(product_row[1], checker.blank_mask(product_row[0]), letter_index)
                        if product_row else None)
        self._ranges(a_text, partial_rows, product_row)
        self._schedule()
        self.digit_of = [-1] * len(letter_index)
        self.used = 0  # the digits bound letters hold
        self.b = [-1] * m
        self._leading_checks(a_text)
        # Cells of a new row below its first constraining one (a letter seen there first, a
        # blank with excluded digits) are caught up when its multiplier digit is chosen.
        b_codes, parts = self.b_row.codes, self.parts
        self.b_free = [b_codes[i] == -1 and not self.b_row.mask for i in range(m)]  # plain
        # (code, 10^p) per cell p
        self.catch_up = [[] if row is None else
                         [(row.codes[p], 10 ** p) for p in range(min(self.need[i], row.length))
                          if row.codes[p] != -1 or row.mask] for i, row in enumerate(parts)]
        self.powers = [10 ** k for k in range(n + 1)]
        self._per_depth()
        self._plans()

    def _ranges(self, a_text: str, partial_rows, product_row) -> None:
        """b_range[i]: the digits b_i may be, from row i's length (a division's quotient digit
        0 has no row) and the product's; a_top: the same for A's leading digit."""
        n, m, lead, parts = self.n, self.m, self.lead, self.parts
        a_low_bound, a_high_bound = _pattern_range(a_text, lead)
        b_range = []
        for i in range(m):
            low = 1 if i == m - 1 and m > 1 and lead else 0
            high = 9
            if partial_rows[i][1] is None:  # a division's quotient digit 0
                low = high = 0
            elif parts[i] is not None:
                p_low, p_high = _pattern_range(partial_rows[i][1], lead)
                y_low, y_high = _cofactor_range(p_low, p_high, a_low_bound, a_high_bound)
                low, high = max(low, y_low), min(high, y_high)
            b_range.append((low, high))
        a_top = (0, 9)
        if self.product is not None:  # the product's length bounds both factors' leading digits
            p_low, p_high = _pattern_range(product_row[1], lead)
            top_b, top_a = 10 ** (m - 1), 10 ** (n - 1)
            low, high = b_range[m - 1]
            y_low, y_high = _cofactor_range(p_low, p_high, a_low_bound, a_high_bound)
            b_range[m - 1] = (max(low, y_low // top_b), min(high, y_high // top_b))
            b_low = sum(lo * 10 ** i for i, (lo, _) in enumerate(b_range))
            b_high = sum(hi * 10 ** i for i, (_, hi) in enumerate(b_range))
            y_low, y_high = _cofactor_range(p_low, p_high, b_low, b_high)
            a_top = (y_low // top_a, y_high // top_a)
        self.b_range, self.a_top = b_range, a_top

    # When each multiplier digit is first needed: its row's first printed cell, or the first
    # printed product cell at or above its position (the product's digit p needs b_0..b_p).
    # A cell constrains a new multiplier digit when it is a digit, or a letter met again by
    # then: in A's digits so far, as that multiplier digit itself, or in another row's cells
    # so far. A letter seen for the first time only binds, so choosing b_i there would branch
    # ten ways for nothing. (A division's letters recur in its working rows, which this
    # search does not hold: there every letter counts.)
    def seen_by(self, code: int, k: int, i: int, row) -> bool:
        """Does this cell of `row` at k constrain b_i (see above)?"""
        if code >= 0:
            return True
        if code == -1:
            return False
        product = self.product
        return (product is None or code in self.a_row.codes[:k + 1] or code == self.b_row.codes[i]
                or any(other is not row and other is not None and code in other.codes[:k + 1]
                       for other in [*self.parts, product]))

    def _schedule(self) -> None:
        """need[i]: the depth where b_i is chosen; schedule[k]: the b_i chosen at depth k."""
        n, parts, product, seen_by = self.n, self.parts, self.product, self.seen_by
        need = []
        for i in range(self.m):
            at = n
            if parts[i] is not None:
                at = next((k for k in range(min(n, parts[i].length))
                           if seen_by(parts[i].codes[k], k, i, parts[i])), n)
            if product is not None:
                at = min(at, next((p for p in range(i, min(n, product.length))
                                   if seen_by(product.codes[p], p, i, product)), n))
            if self.b_row.codes[i] >= 0 or self.b_range[i][0] == self.b_range[i][1]:
                at = 0  # nothing to choose
            need.append(at)
        self.need = need
        self.schedule = [[i for i in range(self.m) if need[i] == k] for k in range(n + 1)]

    def _leading_checks(self, a_text: str) -> None:
        """The rows worth a leading-digit check at each depth: those whose leading digit could
        be out of reach for some b_i, at depths where at most one of A's higher digits is open
        (with more, the range spans too many leading digits for the check to pay)."""
        n, parts = self.n, self.parts
        # A's digits above k as a range (printed digits fixed): A lies in
        # [a_low + above[k][0], a_low + above[k][1]]
        self.above = [(10 ** (k + 1) * low, 10 ** (k + 1) * high) for k, (low, high) in
                      enumerate(_pattern_range(a_text[:n - k - 1], self.lead) for k in range(n))]
        # rows whose leading cell can be known: a digit or a letter (a blank never is)
        tops = [(i, parts[i]) for i in range(self.m) if parts[i] is not None
                and parts[i].length > 1 and parts[i].codes[-1] != -1]
        self.checkable = checkable = [
            [(i, row.codes[-1], 10 ** (row.length - 1)) for i, row in tops
             if self.can_rule_out(k, i, row)]
            if sum(not c.isdigit() for c in a_text[:n - k - 1]) <= 1 else []
            for k in range(n)]
        self.top_letters = [{-2 - code for _, code, _ in rows if code < -1} for rows in checkable]
        self.tried, self.pruned = [0] * n, [0] * n  # per depth: the check pays only if it prunes
        # rows whose leading letter is A's own letter at depth k: that letter's digit must be a
        # leading digit some multiplier digit of the row allows, whatever A's digit k is
        a_codes = self.a_row.codes
        self.own_tops = [[(i, unit) for i, code, unit in checkable[k] if code == a_codes[k] < -1]
                         for k in range(n)]

    def can_rule_out(self, k: int, i: int, row) -> bool:
        """Could row i's leading digit ever be out of reach at depth k, for some b_i?"""
        unit = 10 ** (row.length - 1)
        a_min, a_max = self.above[k][0], self.above[k][1] + 10 ** (k + 1) - 1
        low, high = max(self.b_range[i][0], 1), self.b_range[i][1]  # both tests grow with f
        return low <= high and (a_min * high // unit > 1 or a_max * low // unit < 9)

    def binds_nothing(self, i: int, k: int) -> bool:
        """Is b_i's choice at depth k a plain comparison: B's cell a plain blank, its row's
        cell at k a printed digit or a plain blank, no earlier cells to catch up?"""
        parts = self.parts
        row = parts[i] if parts[i] is not None and k < parts[i].length else None
        code = row.codes[k] if row is not None else -1
        return (self.b_free[i] and not self.catch_up[i]
                and (code >= 0 or code == -1 and not (row and row.mask)))

    def _per_depth(self) -> None:
        """Fixed before the search, per depth k: the rows printed there whose multiplier digit
        was chosen earlier (known_rows), the lone new digit or the pivot, and whether the
        product's digit k can be checked (b_0..b_k all chosen by then)."""
        n, m, parts, product, need = self.n, self.m, self.parts, self.product, self.need
        a_codes, b_codes = self.a_row.codes, self.b_row.codes
        printed = [[i for i in range(m) if parts[i] is not None and k < parts[i].length
                    and (parts[i].codes[k] != -1 or parts[i].mask)] for k in range(n)]
        product_printed = [product is not None and k < product.length
                           and (product.codes[k] != -1 or product.mask) for k in range(n)]
        self.known_rows = known_rows = [[(i, parts[i].codes[k], parts[i].mask)
                                         for i in printed[k] if need[i] < k] for k in range(n)]
        # Per depth: its one new multiplier digit that binds nothing, tried in a tight loop (not
        # when digits are shuffled), with the digit its row must show (-1: any). Otherwise,
        # where no known row shows a digit at k, a new multiplier digit whose row does (a
        # printed digit, or b_i's own letter) is chosen first, the pivot: its row's digit then
        # picks d from a table instead of every d being tried against every b_i.
        self.lone_new, self.pivots, self.later_new = [], [], []
        for k, new in enumerate(self.schedule[:n]):
            lone, pivot = (None, -1), None
            if len(new) == 1 and not self.shuffled and self.binds_nothing(new[0], k):
                i = new[0]
                lone = (i, parts[i].codes[k] if parts[i] is not None and k < parts[i].length
                        else -1)
            elif a_codes[k] < 0 and all(code < 0 for _, code, _ in known_rows[k]):
                pivot = next((i for i in new if parts[i] is not None and k < parts[i].length
                              and (parts[i].codes[k] >= 0
                                   or -1 > parts[i].codes[k] == b_codes[i])), None)
            if pivot is not None:
                known_rows[k].append((pivot, parts[pivot].codes[k], parts[pivot].mask))
            self.lone_new.append(lone)
            self.pivots.append(pivot)
            self.later_new.append([i for i in new if i != pivot])
        self.product_check = [product_printed[k] and all(need[x] <= k for x in range(min(k + 1, m)))
                              for k in range(n)]
        # whether column k has checks to close it at all (a depth's leading-digit checks may
        # be dropped later: column_fits looks again)
        self.closes = [self.product_check[k] or bool(self.checkable[k]) and k + 1 < n
                       for k in range(n)]

    def _plans(self) -> None:
        """What the hot methods read, packed so that one unpack replaces a dozen attribute
        reads: plan[k] for depth's choice of A's digit k, new_plan[k][j] for place_new, and
        the kit depth uses at every node."""
        n, a_codes = self.n, self.a_row.codes
        self.plan = []
        for k, (alone, target) in enumerate(self.lone_new):
            low, high = self.b_range[alone] if alone is not None else (0, -1)
            start = 1 if k == n - 1 and n > 1 and self.lead else 0  # A's leading digit
            self.plan.append((self.known_rows[k], a_codes[k], start, self.powers[k],
                              self.a_top if k == n - 1 else None, self.own_tops[k],
                              self.later_new[k], alone, target, range(low, high + 1),
                              k + 1 >= n))
        self.new_plan = [[self._new_digit(i, k) for i in new]
                         for k, new in enumerate(self.later_new)]
        self.kit = (self.put, self.undo, self.depth, self.found, self.limit, self.b,
                    self.digit_of, self.shuffled, self.top_letters, self.a_row.mask)

    def _new_digit(self, i: int, k: int) -> tuple:
        """(i, b_i's digits, its row's code and blank mask at k, B's code, B's cell a plain
        blank, row i's cells to catch up)."""
        parts = self.parts
        row = parts[i] if parts[i] is not None and k < parts[i].length else None
        row_code, row_mask = (row.codes[k], row.mask) if row is not None else (-1, 0)
        low, high = self.b_range[i]
        return (i, range(low, high + 1), row_code, row_mask, self.b_row.codes[i],
                self.b_free[i], self.catch_up[i])

    def put(self, code: int, d: int, mask: int, trail: list[int]) -> bool:
        """May the cell show d? A letter not yet bound takes d (and goes on the trail)."""
        if code >= 0:
            return code == d
        if code == -1:
            return not mask >> d & 1
        li = -2 - code
        known = self.digit_of[li]
        if known >= 0:
            return known == d
        used = self.used
        if used >> d & 1 or self.bans[li] >> d & 1:
            return False
        self.digit_of[li] = d
        self.used = used | 1 << d
        trail.append(li)
        return True

    def undo(self, trail: list[int]) -> None:
        """Unbind the letters on the trail."""
        for li in trail:
            self.used &= ~(1 << self.digit_of[li])
            self.digit_of[li] = -1

    def own_top_digits(self, k: int, a_low: int) -> int:
        """The digits (a bit set) A's letter at k may take as those rows' leading digit."""
        b, b_range = self.b, self.b_range
        low_above, high_above = self.above[k]
        a_min, a_max = a_low + low_above, a_low + 9 * self.powers[k] + high_above
        allowed = 1023
        for i, unit in self.own_tops[k]:
            low, high = (b[i], b[i]) if b[i] >= 0 else b_range[i]
            digits = 0
            for f in range(low, high + 1):
                for t in range(a_min * f // unit, min(a_max * f // unit, 9) + 1):
                    digits |= 1 << t
            allowed &= digits
        return allowed

    def leading_digits_fit(self, k: int, value: int) -> bool:
        """With A's low digits known (to k), each chosen row's value lies in a range; its
        leading cell, when printed or bound, must be a leading digit of that range. A depth
        where the check ruled out almost nothing in its first calls stops checking (the
        search stays exact: the check only prunes earlier what the rows prune later)."""
        tried = self.tried
        tried[k] += 1
        if tried[k] > 64 and self.pruned[k] * 32 < tried[k]:
            self.checkable[k], self.top_letters[k] = [], set()  # callers skip it
            return True
        low_above, high_above = self.above[k]
        a_min, a_max = value + low_above, value + high_above
        for i, code, unit in self.checkable[k]:
            target = code if code >= 0 else self.digit_of[-2 - code] if code < -1 else -1
            if target < 0:
                continue
            f = self.b[i]
            if f >= 0:
                if not a_min * f // unit <= target <= a_max * f // unit:
                    self.pruned[k] += 1
                    return False
                continue
            # a multiplier digit still to come: some f in its range must give the target
            low, high = self.b_range[i]
            if a_min:
                high = min(high, ((target + 1) * unit - 1) // a_min)
            if target:
                low = max(low, -(-target * unit // a_max)) if a_max else 10
            if low > high:
                self.pruned[k] += 1
                return False
        return True

    def choose_b(self, todo: list[int], a_low: int) -> None:
        """With A complete, the multiplier digits left (most significant first), each within
        what its row's length allows and passing end_check; then the pair goes to finish."""
        self.budget.tick()
        b = self.b
        if not todo:
            self.finish(a_low, sum(d * 10 ** i for i, d in enumerate(b)), self.fill)
            return
        i, rest = todo[0], todo[1:]
        low, high = self.b_range[i]
        row = self.parts[i]
        if row is not None and a_low:  # the row's length fixes the range
            length = row.length
            low = max(low, -(-10 ** (length - 1) // a_low) if length > 1 else 0)
            high = min(high, (10 ** length - 1) // a_low)
        b_code, b_mask, end_check = self.b_row.codes[i], self.b_row.mask, self.end_check
        found, limit = self.found, self.limit
        for d in self.checker.order(range(low, high + 1)):
            trail: list[int] = []
            if self.put(b_code, d, b_mask, trail):
                b[i] = d
                if end_check is None or end_check(a_low, b):
                    self.choose_b(rest, a_low)
                b[i] = -1
            if trail:
                self.undo(trail)
            if len(found) >= limit:
                return

    def fill(self, cells: str, role: str, most: int | None = None):
        """The numbers a row can still be, given the letters bound so far (up to `most`)."""
        mask = self.checker.blank_mask(role)
        codes = _Cells(cells, mask, self.letter_index).codes[::-1]
        digit_of, bans, lead, budget = self.digit_of, self.bans, self.lead, self.budget
        extra: dict[int, int] = {}  # letters bound by this walk, not by the search

        def walk(i: int, value: int, used: int):
            if most is not None and value * 10 ** (len(codes) - i) > most:
                return  # every number this prefix begins is too large
            if i == len(codes):
                budget.tick()  # each value is a candidate to replay: stop stays prompt
                yield value
                return
            code = codes[i]
            low = 1 if i == 0 and lead and len(codes) > 1 else 0
            if code >= 0:
                options = [code] if code >= low else []
            elif code == -1:
                options = [d for d in range(low, 10) if not mask >> d & 1]
            else:
                li = -2 - code
                known = digit_of[li] if digit_of[li] >= 0 else extra.get(li, -1)
                options = [known] if known >= low else [
                    d for d in range(low, 10) if not (used | bans[li]) >> d & 1]
            for d in options:
                fresh = code < -1 and digit_of[-2 - code] < 0 and -2 - code not in extra
                if fresh:
                    extra[-2 - code] = d
                yield from walk(i + 1, value * 10 + d, used | (1 << d if fresh else 0))
                if fresh:
                    del extra[-2 - code]

        yield from walk(0, 0, self.used)

    def column_fits(self, k: int, a_low: int, trail: list[int]) -> bool:
        """Column k - 1's last checks, its multiplier digits all chosen now: the product's
        digit there, the rows' leading digits (what these bind is undone when they fail)."""
        j = k - 1
        if self.product_check[j]:  # b_0..b_j are all chosen: the product's digit j
            product, powers = self.product, self.powers
            b_low = sum(map(mul, self.b[:k], powers))
            if not self.put(product.codes[j], a_low * b_low // powers[j] % 10, product.mask,
                            trail):
                return False  # nothing bound
        if k < self.n and self.checkable[j] and not self.leading_digits_fit(j, a_low):
            if trail:
                self.undo(trail)
            return False
        return True

    def depth(self, k: int, a_low: int, q: int, pivoted: bool = False) -> None:
        """Column k - 1's last checks (its multiplier digits are all chosen now: the product's
        digit, the rows' leading digits); then digit k of A, from the rows whose multiplier digit
        is already chosen, and the multiplier digits first needed here, each checked against
        its own row at once (at k == n: the multiplier digits left for the end). One function
        though long: it runs at every node, and split in two M02 ran 5 % slower."""
        trail: list[int] = []
        # (re-entered after a pivot: column k - 1 is checked already)
        if k and not pivoted and self.closes[k - 1] and not self.column_fits(k, a_low, trail):
            return
        self.budget.tick()
        if k == self.n:
            b = self.b
            self.choose_b([i for i in range(self.m - 1, -1, -1) if b[i] < 0], a_low)
        elif not pivoted and self.pivots[k] is not None:
            self.choose_pivot(k, a_low, q)
        else:
            # two unpacks instead of two dozen attribute reads: this runs at every node
            known_rows, code, start, scale, top, own_tops, new, alone, target, factors, last = (
                self.plan[k])
            put, undo, depth, found, limit, b, digit_of, shuffled, top_letters, a_mask = self.kit
            rows = []  # (digit or code, mask, factor, carry); a known digit is compared, not put
            for i, row_code, mask in known_rows:
                f = b[i]
                known = row_code if row_code >= 0 else digit_of[-2 - row_code] if (
                    row_code < -1) else -1
                rows.append((known if known >= 0 else row_code, mask, f, f * q // CARRY))
            digits = range(start, 10)
            for row_code, _, factor, base in rows:  # a known digit picks d
                if row_code >= 0:
                    digits = [d for d in SOLUTIONS[factor][(row_code - base) % 10] if d >= start]
                    break
            own = code if code >= 0 else digit_of[-2 - code] if code < -1 else -1
            if own >= 0:  # A's digit here is printed, or its letter is bound already
                digits = [own] if own in digits else []
            if top:  # A's leading digit: within what the product's length allows
                digits = [d for d in digits if top[0] <= d <= top[1]]
            if own < 0 and own_tops and self.checkable[k]:
                allowed = self.own_top_digits(k, a_low)
                digits = [d for d in digits if allowed >> d & 1]
            for d in shuffled(digits) if shuffled else digits:
                at_d: list[int] = []  # letters bound for this digit
                ok = code == -1 and not a_mask or put(code, d, a_mask, at_d)
                if ok:
                    for row_code, mask, factor, base in rows:
                        t = (base + d * factor) % 10
                        if row_code >= 0:
                            if row_code != t:
                                ok = False
                                break
                        elif not put(row_code, t, mask, at_d):
                            ok = False
                            break
                if ok and (last or not top_letters[k] or top_letters[k].isdisjoint(at_d)
                           or self.leading_digits_fit(k, a_low + d * scale)):
                    big_q = q + CARRY * d
                    if not new:
                        depth(k + 1, a_low + d * scale, big_q // 10)
                    elif alone is None:
                        self.place_new(0, k, a_low + d * scale, big_q)
                    else:  # one new multiplier digit, nothing to bind: tried right here
                        for f in (factors if target < 0 else
                                  FACTORS_SHOWING[CARRY_CLASS[q]][d][target]):
                            if f not in factors:
                                continue
                            b[alone] = f
                            depth(k + 1, a_low + d * scale, big_q // 10)
                            b[alone] = -1
                            if len(found) >= limit:
                                break
                if at_d:
                    undo(at_d)
                if len(found) >= limit:
                    break
        if trail:
            self.undo(trail)

    def caught_up(self, i: int, value: int, f: int, trail: list[int]) -> bool:
        """Row i's cells below its first constraining one, now that b_i = f (A's digits
        below them are in `value`)."""
        mask = self.parts[i].mask
        for code, power in self.catch_up[i]:  # a plain loop: a generator here costs M01 10 %
            if not self.put(code, value * f // power % 10, mask, trail):
                return False
        return True

    def choose_pivot(self, k: int, a_low: int, q: int) -> None:
        """The pivot's multiplier digit, then depth k again with its row known."""
        i = self.pivots[k]
        low, high = self.b_range[i]
        options = range(low, high + 1)
        b, b_code, shuffled = self.b, self.b_row.codes[i], self.shuffled
        free, earlier = self.b_free[i], self.catch_up[i]
        for f in shuffled(options) if shuffled else options:
            trail: list[int] = []
            if (free or self.put(b_code, f, self.b_row.mask, trail)) and (
                    not earlier or self.caught_up(i, a_low, f, trail)):
                b[i] = f
                self.depth(k, a_low, q, pivoted=True)
                b[i] = -1
            if trail:
                self.undo(trail)
            if len(self.found) >= self.limit:
                return

    def place_new(self, j: int, k: int, value: int, big_q: int) -> None:
        """Choose the j-th new multiplier digit at depth k (A's digits up to k in `value`,
        big_q = value * CARRY // 10^k); with all chosen, go one digit deeper."""
        plan = self.new_plan[k]
        i, options, row_code, row_mask, b_code, free, earlier = plan[j]
        last = j + 1 == len(plan)
        # the row's digit here, when already known (a printed digit or a bound letter), or
        # the multiplier digit itself (the row's letter is b_i's own): settled without a call
        target = (row_code if row_code >= 0 else self.digit_of[-2 - row_code] if row_code < -1
                  else -1)
        itself = row_code < -1 and row_code == b_code and target < 0
        b, shuffled = self.b, self.shuffled
        for f in shuffled(options) if shuffled else options:
            t = f * big_q // CARRY % 10
            if target >= 0 and t != target or itself and t != f:
                continue
            trail: list[int] = []
            if (free or self.put(b_code, f, self.b_row.mask, trail)) and (
                    row_code >= 0 or row_code == -1 and not row_mask
                    or self.put(row_code, t, row_mask, trail)) and (
                    not earlier or self.caught_up(i, value, f, trail)):
                b[i] = f
                if last:
                    self.depth(k + 1, value, big_q // 10)
                else:
                    self.place_new(j + 1, k, value, big_q)
                b[i] = -1
            if trail:
                self.undo(trail)
            if len(self.found) >= self.limit:
                return


def product_search(puzzle: Puzzle, checker: Checker, found: list, limit: int, stop,
                   factor_rows, partial_rows, product_row, finish, end_check=None) -> int:
    """Multiplications and divisions as a product A * B: see _Product."""
    search = _Product(puzzle, checker, found, limit, stop, factor_rows, partial_rows,
                      product_row, finish, end_check)
    search.depth(0, 0, 0)
    return search.budget.nodes


def mul_search(puzzle: Puzzle, checker: Checker, found: list, limit: int, stop) -> int:
    rows = puzzle.rows()
    m = len(puzzle.operands[1])
    partials = [(role, cells) for role, cells in rows if role.startswith("partial")]
    if not partials:
        partials = [("", "")] * m

    def finish(a: int, b: int, fill) -> None:
        # the product first: the search never saw its cells above A's length
        values = [(rows[-1][0], rows[-1][1], a * b), (rows[0][0], rows[0][1], a),
                  (rows[1][0], rows[1][1], b)]
        if puzzle.partials:
            values += [(role, cells, a * (b // 10 ** i % 10))
                       for i, (role, cells) in enumerate(partials)]
        filled = checker.rows(values)
        if filled is not None:
            found.append(filled[1:] + filled[:1])  # back in printed order

    return product_search(puzzle, checker, found, limit, stop, rows[:2], partials, rows[-1],
                          finish)


def div_search(puzzle: Puzzle, checker: Checker, found: list, limit: int, stop) -> int:
    """Divisor as factor A, quotient as factor B (subtrahends are its partial rows); then each
    remainder the last row allows; the long division is replayed and checked row by row."""
    dividend, divisor = puzzle.operands
    quotient = puzzle.result
    steps = puzzle.steps
    q = len(quotient)
    partials = []
    for i in range(q):  # the quotient's last digit first
        step = steps[q - 1 - i] if steps else None
        partials.append((f"subtrahend {q - i}", step.subtrahend if step else None)
                        if steps else ("", ""))
    last = steps[-1] if steps else None
    rest_cells = last.remainder if last else (puzzle.remainder if not steps else None)
    lead = not puzzle.rules.leading_zeros
    top = _pattern_range(dividend, lead)  # the dividend's least and largest values
    finish = _remainders(puzzle, checker, found, limit, top, rest_cells)
    feasible = _division_fits(puzzle, top, rest_cells, lead)
    return product_search(puzzle, checker, found, limit, stop, [("divisor", divisor),
                          ("quotient", quotient)], partials, None, finish, feasible)


def _remainders(puzzle: Puzzle, checker: Checker, found: list, limit: int,
                top: tuple[int, int], rest_cells):
    """The division's last step (product_search's `finish`): each remainder the last row
    allows for divisor d and quotient qv, the division replayed; the filled rows found."""
    steps = puzzle.steps

    def finish(d: int, qv: int, fill) -> None:
        if d == 0:
            return
        # the remainder is below d, and with no steps printed the dividend's length bounds it
        # too: without these bounds every blank remainder was tried for every d and quotient
        low, high = (0, d - 1) if steps else (max(0, top[0] - d * qv), min(d - 1, top[1] - d * qv))
        if low > high:
            return
        options = (range(low, high + 1) if rest_cells is None else
                   (r for r in fill(rest_cells, "remainder", high) if r >= low))
        for r in options:
            filled = replay(puzzle, checker, d, qv, r)
            if filled is not None:
                found.append(filled)
                if len(found) >= limit:
                    return
    return finish


def _division_fits(puzzle: Puzzle, top: tuple[int, int], rest_cells, lead: bool):
    """Whether a divisor and the quotient digits chosen so far can still fit the printed
    rows (product_search's `feasible`)."""
    dividend, steps, q = puzzle.operands[0], puzzle.steps, len(puzzle.result)
    least_rest = _pattern_range(rest_cells, lead)[0] if rest_cells else 0

    def feasible(d: int, b: list[int]) -> bool:
        """Follow the steps whose quotient digits are chosen (from the top) with an interval
        for each working number: the printed lengths cut most divisors and digits early.
        With no steps, the dividend's length bounds divisor times quotient, and a printed
        remainder needs a larger divisor."""
        if not steps:
            chosen = sum(x * 10 ** i for i, x in enumerate(b) if x > 0)
            most = chosen + sum(9 * 10 ** i for i, x in enumerate(b) if x < 0)
            return least_rest < d and d * chosen <= top[1] and d * most + d - 1 >= top[0]
        low, high = _pattern_range(steps[0].working if steps[0] else dividend, lead)
        for j, step in enumerate(steps):
            digit = b[q - 1 - j]
            if digit < 0:
                return True
            if step is None:
                high = min(high, d - 1)  # no subtraction: the working number is below d
                if digit != 0 or low > high:
                    return False
                rest_low, rest_high = low, high
            else:
                if j:
                    w_low, w_high = _pattern_range(step.working, lead)
                    low, high = max(low, w_low), min(high, w_high)
                s = d * digit
                r_low, r_high = _pattern_range(step.remainder, lead)
                rest_low = max(low - s, 0, r_low)
                rest_high = min(high - s, d - 1, r_high)
                if rest_low > rest_high:
                    return False
            low, high = rest_low * 10, rest_high * 10 + 9
        return True
    return feasible


def replay(puzzle: Puzzle, checker: Checker, d: int, qv: int, r: int) -> tuple[str, ...] | None:
    """Do the long division dividend = d * qv + r as printed; the filled rows, or None."""
    dividend, divisor = puzzle.operands
    n_value = d * qv + r
    digits = str(n_value)
    if len(digits) != len(dividend) and not puzzle.rules.leading_zeros:
        return None
    q_digits = str(qv).zfill(len(puzzle.result))
    values = [("dividend", dividend, n_value), ("divisor", divisor, d),
              ("quotient", puzzle.result, qv)]
    if puzzle.steps:
        width = len(digits) - len(q_digits) + 1
        if width < 1:
            return None
        working, nxt = int(digits[:width]), width
        for i, step in enumerate(puzzle.steps, 1):
            qd = int(q_digits[i - 1])
            if step is None:
                if qd != 0:
                    return None
            else:
                if qd == 0:
                    return None
                rest = working - d * qd
                if not puzzle.rules.leading_zeros and (
                        len(str(working)) != len(step.working)
                        or len(str(rest)) != len(step.remainder)):
                    return None  # the cheap test first: most candidates fail on a length
                values += [(f"working {i}", step.working, working),
                           (f"subtrahend {i}", step.subtrahend, d * qd),
                           (f"rest {i}", step.remainder, rest)]
                working = rest
            if nxt < len(digits):
                working = working * 10 + int(digits[nxt])
                nxt += 1
    elif r != int(puzzle.remainder) if puzzle.remainder.isdigit() else False:
        return None
    else:
        values.append(("remainder", puzzle.remainder, r))
    return checker.rows(values)


SEARCHES = {"add": add_search, "sub": add_search, "mul": mul_search, "div": div_search}
