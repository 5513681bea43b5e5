"""The searches behind `count`, one per operation. Each finds candidate values for the free
numbers and hands complete candidates to the Checker, which fills and verifies every row."""

from __future__ import annotations

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


def add_search(puzzle: Puzzle, checker: Checker, found: list, limit: int, stop) -> None:
    """Addition and subtraction as one linear equation sum(weight[v] * digit[v]) + const == 0
    over letters and blanks, variables taken by falling |weight|: each takes only the digits
    that leave the remaining weights able to reach 0, and the last variable of the columns up
    to k must make the sum 0 modulo 10^(k+1). The last TAIL variables come from a table."""
    rows = _signed_rows(puzzle)
    weight: dict = {}
    column: dict = {}
    low: dict = {}
    const = 0
    for r, (_, cells, sign) in enumerate(rows):
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
    order = sorted(weight, key=lambda v: -abs(weight[v]))
    masks = {v: checker.blank_mask(rows[v[0]][0]) for v in order if not isinstance(v, str)}
    spans = [(min(weight[v] * low.get(v, 0), weight[v] * 9),
              max(weight[v] * low.get(v, 0), weight[v] * 9)) for v in order]
    rest_min, rest_max = [0] * (len(order) + 1), [0] * (len(order) + 1)
    for i in range(len(order) - 1, -1, -1):
        rest_min[i] = rest_min[i + 1] + spans[i][0]
        rest_max[i] = rest_max[i + 1] + spans[i][1]
    # After variable i the sum must be 0 modulo 10^k once every variable of the columns below k
    # is fixed. Variables fixed later all have weights divisible by the last such modulus, so
    # with the sum divided by it, a check is one digit equation (plus, when it covers more than
    # one column at once, a test of the higher ones).
    step = [1] * len(order)  # the modulus the sum is known to be 0 by, before variable i
    modulus = [0] * len(order)  # after variable i: 10^(columns newly covered), or 0: no check
    width = max(len(cells) for _, cells, _ in rows)
    done = 0
    for i in range(len(order)):
        step[i] = 10 ** done
        fixed = set(order[:i + 1])
        k = done
        while k < width and all(v in fixed for v in order if column[v] == k):
            k += 1
        if k > done:
            modulus[i], done = 10 ** (k - done), k
    # per variable, in search order: weight, smallest digit, digits ruled out, letter or blank
    weights = [weight[v] for v in order]
    units = [weight[v] // step[i] % 10 for i, v in enumerate(order)]
    lows = [low.get(v, 0) for v in order]
    letter_bans = checker.letters.forbidden
    bans = [masks[v] if not isinstance(v, str) else letter_bans.get(v, 0) for v in order]
    is_letter_var = [isinstance(v, str) for v in order]
    digit = [0] * len(order)
    index = {v: i for i, v in enumerate(order)}
    budget = Budget(stop)
    last = len(order)
    shuffled = checker.order if checker.rng is not None else None

    def finish() -> None:
        values = []
        for r, (role, cells, _) in enumerate(rows):
            value = 0
            for c, cell in enumerate(cells):
                d = int(cell) if cell.isdigit() else digit[index[cell if is_letter(cell)
                                                                 else (r, c)]]
                value = value * 10 + d
            values.append((role, cells, value))
        filled = checker.rows(values)
        if filled is not None:
            found.append(filled)

    # Digits in use: bit d for a letter's, bit 10 + d for a blank's when blanks must differ
    # from letters (otherwise a blank's digit is not recorded). Variable i's digit d sets
    # bit[i] << d and may not be one of (used & by_letters[i]) | (used >> 10 & by_blanks[i]).
    apart = puzzle.rules.blanks_distinct
    bit = [1 if letter else 1 << 10 if apart else 0 for letter in is_letter_var]
    by_letters = [1023 if letter or apart else 0 for letter in is_letter_var]
    by_blanks = [1023 if letter else 0 for letter in is_letter_var]

    # The last variables are not searched: every assignment of them is listed once by its sum,
    # and a node at `cut` looks its missing sum up (most nodes there have no match).
    cut = max(0, last - TAIL)
    tail = [(0, 0, ())]  # (sum, digits in use, digits)
    for i in range(cut, last):
        w, bit_i, ban_i = weights[i], bit[i], bans[i]
        letters_i, blanks_i = by_letters[i], by_blanks[i]
        tail = [(s + w * d, used | bit_i << d, ds + (d,)) for s, used, ds in tail
                for ruled_out in (ban_i | used & letters_i | used >> 10 & blanks_i,)
                for d in range(lows[i], 10) if not ruled_out >> d & 1]
    table: dict[int, list] = {}
    for s, used, ds in tail:
        table.setdefault(s, []).append((used, ds))
    if shuffled:
        table = {s: shuffled(options) for s, options in table.items()}

    def dfs(i: int, total: int, used: int) -> None:
        if i == cut:
            for mask, ds in table.get(-total, ()):
                # the tail's letters against the digits in use, its blanks against the letters
                if not (mask & used if not apart else
                        (mask & (used | used >> 10) | mask >> 10 & used) & 1023):
                    digit[cut:] = ds
                    finish()
                    if len(found) >= limit:
                        return
            return
        budget.tick()
        w = weights[i]
        # the digits that leave the rest able to bring the sum back to 0
        need_low, need_high = -rest_max[i + 1] - total, -rest_min[i + 1] - total
        if w > 0:
            low, high = max(lows[i], -(-need_low // w)), min(9, need_high // w)
        elif w < 0:
            low, high = max(lows[i], -(need_high // -w)), min(9, -need_low // -w)
        elif need_low <= 0 <= need_high:
            low, high = lows[i], 9
        else:
            return
        m = modulus[i]
        if m:  # the digit closes a column: it solves (total + w*d) / step == 0 mod 10
            unit = step[i]
            digits = [d for d in SOLUTIONS[units[i]][-total // unit % 10] if low <= d <= high
                      and (m == 10 or (total + w * d) // unit % m == 0)]
        else:
            digits = range(low, high + 1)
        bit_i = bit[i]
        banned = (bans[i] | used & by_letters[i] | used >> 10 & by_blanks[i] if apart
                  else bans[i] | used if bit_i else bans[i])  # (the short form: 2 % faster)
        for d in shuffled(digits) if shuffled else digits:
            if banned >> d & 1:
                continue
            digit[i] = d
            dfs(i + 1, total + w * d, used | bit_i << d)
            if len(found) >= limit:
                return

    dfs(0, const, 0)


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


def product_search(puzzle: Puzzle, checker: Checker, found: list, limit: int, stop,
                   factor_rows, partial_rows, product_row, finish, end_check=None) -> None:
    """Digits of factor A from the right; each digit b_i of factor B is chosen when its partial
    row A*b_i (or the product) first has a printed cell to check, within the range the rows'
    lengths allow. At depth k the low k+1 digits of A are known, and so is digit k of every
    chosen partial row and of the product; only rows printed at k are looked at (one small
    multiplication each). `finish(A, B, fill)` takes a complete pair. Digits of B left for the
    end are chosen most significant first, and `end_check(A, b)` may reject a partial choice."""
    (role_a, a_text), (role_b, b_text) = factor_rows
    n, m = len(a_text), len(b_text)
    lead = not puzzle.rules.leading_zeros
    letter_index = {ch: i for i, ch in enumerate(puzzle.letters())}
    bans = [checker.letters.forbidden.get(ch, 0) for ch in letter_index]
    a_row = _Cells(a_text, checker.blank_mask(role_a), letter_index)
    b_row = _Cells(b_text, checker.blank_mask(role_b), letter_index)
    parts = [None if cells is None else _Cells(cells, checker.blank_mask(role), letter_index)
             if cells else None for role, cells in partial_rows]
    zero_digit = [cells is None for _, cells in partial_rows]  # a division's quotient digit 0
    product = (_Cells(product_row[1], checker.blank_mask(product_row[0]), letter_index)
               if product_row else None)
    a_low_bound, a_high_bound = _pattern_range(a_text, lead)
    b_range = []
    for i in range(m):
        low = 1 if i == m - 1 and m > 1 and lead else 0
        high = 9
        if zero_digit[i]:
            low = high = 0
        elif parts[i] is not None:
            p_low, p_high = _pattern_range(partial_rows[i][1], lead)
            y_low, y_high = _cofactor_range(p_low, p_high, a_low_bound, a_high_bound)
            low, high = max(low, y_low), min(high, y_high)
        b_range.append((low, high))
    a_top = (0, 9)
    if product is not None:  # the product's length bounds both factors' leading digits
        p_low, p_high = _pattern_range(product_row[1], lead)
        top_b, top_a = 10 ** (m - 1), 10 ** (n - 1)
        low, high = b_range[m - 1]
        y_low, y_high = _cofactor_range(p_low, p_high, a_low_bound, a_high_bound)
        b_range[m - 1] = (max(low, y_low // top_b), min(high, y_high // top_b))
        b_low = sum(lo * 10 ** i for i, (lo, _) in enumerate(b_range))
        b_high = sum(hi * 10 ** i for i, (_, hi) in enumerate(b_range))
        y_low, y_high = _cofactor_range(p_low, p_high, b_low, b_high)
        a_top = (y_low // top_a, y_high // top_a)
    # when each multiplier digit is first needed: its row's first printed cell, or the first
    # printed product cell at or above its position (the product's digit p needs b_0..b_p)
    # A cell constrains a new multiplier digit when it is a digit, or a letter met again by
    # then: in A's digits so far, as that multiplier digit itself, or in another row's cells
    # so far. A letter seen for the first time only binds, so choosing b_i there would branch
    # ten ways for nothing. (A division's letters recur in its working rows, which this
    # search does not hold: there every letter counts.)
    def seen_by(code: int, k: int, i: int, row) -> bool:
        if code >= 0:
            return True
        if code == -1:
            return False
        return (product is None or code in a_row.codes[:k + 1] or code == b_row.codes[i]
                or any(other is not row and other is not None and code in other.codes[:k + 1]
                       for other in [*parts, product]))

    need = []
    for i in range(m):
        at = n
        if parts[i] is not None:
            at = next((k for k in range(min(n, parts[i].length))
                       if seen_by(parts[i].codes[k], k, i, parts[i])), n)
        if product is not None:
            at = min(at, next((p for p in range(i, min(n, product.length))
                               if seen_by(product.codes[p], p, i, product)), n))
        if b_row.codes[i] >= 0 or b_range[i][0] == b_range[i][1]:
            at = 0  # nothing to choose
        need.append(at)
    schedule = [[i for i in range(m) if need[i] == k] for k in range(n + 1)]
    printed = [[i for i in range(m) if parts[i] is not None and k < parts[i].length
                and (parts[i].codes[k] != -1 or parts[i].mask)] for k in range(n)]
    product_printed = [product is not None and k < product.length
                       and (product.codes[k] != -1 or product.mask) for k in range(n)]

    digit_of = [-1] * len(letter_index)
    used = 0  # the digits bound letters hold
    b = [-1] * m
    budget = Budget(stop)
    shuffled = checker.order if checker.rng is not None else None

    def put(code: int, d: int, mask: int, trail: list[int]) -> bool:
        nonlocal used
        if code >= 0:
            return code == d
        if code == -1:
            return not mask >> d & 1
        li = -2 - code
        known = digit_of[li]
        if known >= 0:
            return known == d
        if used >> d & 1 or bans[li] >> d & 1:
            return False
        digit_of[li] = d
        used |= 1 << d
        trail.append(li)
        return True

    def undo(trail: list[int]) -> None:
        nonlocal used
        for li in trail:
            used &= ~(1 << digit_of[li])
            digit_of[li] = -1

    # A's digits above k as a range (printed digits fixed): A lies in
    # [a_low + 10^(k+1) * high_part[k][0], a_low + 10^(k+1) * high_part[k][1]]
    high_part = [_pattern_range(a_text[:n - k - 1], lead) for k in range(n)]
    # rows whose leading cell can be known: a digit or a letter (a blank never is)
    tops = [(i, parts[i]) for i in range(m) if parts[i] is not None and parts[i].length > 1
            and parts[i].codes[-1] != -1]
    # The rows worth a leading-digit check at each depth: those whose leading digit could be
    # out of reach for some b_i, at depths where at most one of A's higher digits is open
    # (with more, the range spans too many leading digits for the check to pay).
    def can_rule_out(k: int, i: int, row) -> bool:
        """Could row i's leading digit ever be out of reach at depth k, for some b_i?"""
        scale, unit = 10 ** (k + 1), 10 ** (row.length - 1)
        a_min, a_max = scale * high_part[k][0], scale * (high_part[k][1] + 1) - 1
        low, high = max(b_range[i][0], 1), b_range[i][1]  # both tests grow with f
        return low <= high and (a_min * high // unit > 1 or a_max * low // unit < 9)

    checkable = [[(i, row.codes[-1], 10 ** (row.length - 1)) for i, row in tops
                  if can_rule_out(k, i, row)]
                 if sum(not c.isdigit() for c in a_text[:n - k - 1]) <= 1 else []
                 for k in range(n)]
    top_letters = [{-2 - code for _, code, _ in rows if code < -1} for rows in checkable]

    tried, pruned = [0] * n, [0] * n  # per depth: the check pays only where it prunes
    # rows whose leading letter is A's own letter at depth k: that letter's digit must be a
    # leading digit some multiplier digit of the row allows, whatever A's digit k is
    own_tops = [[(i, unit) for i, code, unit in checkable[k] if code == a_row.codes[k] < -1]
                for k in range(n)]

    def own_top_digits(k: int, a_low: int) -> int:
        """The digits (a bit set) A's letter at k may take as those rows' leading digit."""
        scale = powers[k + 1]
        a_min = a_low + scale * high_part[k][0]
        a_max = a_low + 9 * powers[k] + scale * high_part[k][1]
        allowed = 1023
        for i, unit in own_tops[k]:
            low, high = (b[i], b[i]) if b[i] >= 0 else b_range[i]
            digits = 0
            for f in range(low, high + 1):
                for t in range(a_min * f // unit, min(a_max * f // unit, 9) + 1):
                    digits |= 1 << t
            allowed &= digits
        return allowed

    def leading_digits_fit(k: int, value: int) -> bool:
        """With A's low digits known (to k), each chosen row's value lies in a range; its
        leading cell, when printed or bound, must be a leading digit of that range. A depth
        where the check ruled out almost nothing in its first calls stops checking (the
        search stays exact: the check only prunes earlier what the rows prune later)."""
        tried[k] += 1
        if tried[k] > 64 and pruned[k] * 32 < tried[k]:
            checkable[k], top_letters[k] = [], set()  # callers skip it
            return True
        scale = powers[k + 1]
        a_min = value + scale * high_part[k][0]
        a_max = value + scale * high_part[k][1]
        for i, code, unit in checkable[k]:
            target = code if code >= 0 else digit_of[-2 - code] if code < -1 else -1
            if target < 0:
                continue
            f = b[i]
            if f >= 0:
                if not a_min * f // unit <= target <= a_max * f // unit:
                    pruned[k] += 1
                    return False
                continue
            # a multiplier digit still to come: some f in its range must give the target
            low, high = b_range[i]
            if a_min:
                high = min(high, ((target + 1) * unit - 1) // a_min)
            if target:
                low = max(low, -(-target * unit // a_max)) if a_max else 10
            if low > high:
                pruned[k] += 1
                return False
        return True

    def choose_b(todo: list[int], k: int, a_low: int, then) -> None:
        budget.tick()
        if not todo:
            then()
            return
        i, rest = todo[0], todo[1:]
        low, high = b_range[i]
        if k == n and parts[i] is not None and a_low:  # the row's length fixes the range
            length = parts[i].length
            low = max(low, -(-10 ** (length - 1) // a_low) if length > 1 else 0)
            high = min(high, (10 ** length - 1) // a_low)
        for d in checker.order(range(low, high + 1)):
            trail: list[int] = []
            if put(b_row.codes[i], d, b_row.mask, trail):
                b[i] = d
                if k < n or end_check is None or end_check(a_low, b):
                    choose_b(rest, k, a_low, then)
                b[i] = -1
            undo(trail)
            if len(found) >= limit:
                return

    def fill(cells: str, role: str):
        """The numbers a row can still be, given the letters bound so far."""
        mask = checker.blank_mask(role)
        codes = _Cells(cells, mask, letter_index).codes[::-1]
        extra: dict[int, int] = {}

        def walk(i: int, value: int, used: int):
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

        yield from walk(0, 0, used)

    # The carry into column k of a_low * f (a_low: A's digits below k) is f * q // CARRY for
    # every digit f, where q = a_low * CARRY // 10^k < CARRY (every f divides CARRY): the rows'
    # digits come from small integers, and q follows A's digits as q' = (q + CARRY * d) // 10.
    # Cells of a new row below its first constraining one (a letter seen there first, a blank
    # with excluded digits) are caught up when its multiplier digit is chosen.
    b_free = [b_row.codes[i] == -1 and not b_row.mask for i in range(m)]  # B's plain blanks
    catch_up = [[] if parts[i] is None else
                [p for p in range(min(need[i], parts[i].length))
                 if parts[i].codes[p] != -1 or parts[i].mask] for i in range(m)]

    # fixed before the search: at depth k, the rows printed there whose multiplier digit was
    # chosen at an earlier depth, and whether the product's digit k can be checked (b_0..b_k
    # all chosen by then)
    powers = [10 ** k for k in range(n + 1)]
    known_rows = [[(i, parts[i].codes[k], parts[i].mask) for i in printed[k] if need[i] < k]
                  for k in range(n)]
    def binds_nothing(i: int, k: int) -> bool:
        """Is b_i's choice at depth k a plain comparison: B's cell a plain blank, its row's
        cell at k a printed digit or a plain blank, no earlier cells to catch up?"""
        row = parts[i] if parts[i] is not None and k < parts[i].length else None
        code = row.codes[k] if row is not None else -1
        return (b_free[i] and not catch_up[i]
                and (code >= 0 or code == -1 and not (row and row.mask)))

    # Per depth: its one new multiplier digit that binds nothing, tried in a tight loop (not
    # when digits are shuffled), with the digit its row must show (-1: any). Otherwise, where
    # no known row shows a digit at k, a new multiplier digit whose row does (a printed digit,
    # or b_i's own letter) is chosen first, the pivot: its row's digit then picks d from a
    # table instead of every d being tried against every b_i.
    lone_new, pivots, later_new = [], [], []
    for k in range(n):
        lone, pivot = (None, -1), None
        if len(schedule[k]) == 1 and not shuffled and binds_nothing(schedule[k][0], k):
            i = schedule[k][0]
            lone = (i, parts[i].codes[k] if parts[i] is not None and k < parts[i].length
                    else -1)
        elif a_row.codes[k] < 0 and all(code < 0 for _, code, _ in known_rows[k]):
            pivot = next((i for i in schedule[k] if parts[i] is not None and k < parts[i].length
                          and (parts[i].codes[k] >= 0
                               or -1 > parts[i].codes[k] == b_row.codes[i])), None)
        if pivot is not None:
            known_rows[k].append((pivot, parts[pivot].codes[k], parts[pivot].mask))
        lone_new.append(lone)
        pivots.append(pivot)
        later_new.append([i for i in schedule[k] if i != pivot])
    product_check = [product_printed[k] and all(need[x] <= k for x in range(min(k + 1, m)))
                     for k in range(n)]

    def depth(k: int, a_low: int, q: int, pivoted: bool = False) -> None:
        """Column k - 1's last checks (its multiplier digits are all chosen now: the product's
        digit, the rows' leading digits); then digit k of A, from the rows whose multiplier
        digit is already chosen, and the multiplier digits first needed here, each checked
        against its own row at once."""
        trail: list[int] = []
        if k and not pivoted:  # (re-entered after a pivot: column k - 1 is checked already)
            j = k - 1
            if product_check[j]:
                b_low = sum(b[x] * 10 ** x for x in range(min(k, m)))
                if not put(product.codes[j], a_low * b_low // 10 ** j % 10, product.mask,
                           trail):
                    return  # nothing bound
            if k < n and checkable[j] and not leading_digits_fit(j, a_low):
                if trail:
                    undo(trail)
                return
        budget.tick()
        if k == n:
            todo = [i for i in range(m - 1, -1, -1) if b[i] < 0]
            choose_b(todo, k, a_low, lambda: finish(a_low, sum(d * 10 ** i
                                                                for i, d in enumerate(b)), fill))
        elif not pivoted and pivots[k] is not None:
            choose_pivot(k, a_low, q)
        else:
            code = a_row.codes[k]
            start = 1 if k == n - 1 and n > 1 and lead else 0
            scale = powers[k]
            new = later_new[k]
            alone, target = lone_new[k]
            if alone is not None:
                low, high = b_range[alone]
                factors = range(low, high + 1)
            rows = []
            for i, row_code, mask in known_rows[k]:
                f = b[i]
                # a printed digit or an already bound letter: compared, not put
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
            if k == n - 1:
                digits = [d for d in digits if a_top[0] <= d <= a_top[1]]
            if own < 0 and own_tops[k] and checkable[k]:
                allowed = own_top_digits(k, a_low)
                digits = [d for d in digits if allowed >> d & 1]
            for d in shuffled(digits) if shuffled else digits:
                at_d: list[int] = []  # letters bound for this digit
                ok = code == -1 and not a_row.mask or put(code, d, a_row.mask, at_d)
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
                if ok and (k + 1 >= n or not top_letters[k] or top_letters[k].isdisjoint(at_d)
                           or leading_digits_fit(k, a_low + d * scale)):
                    big_q = q + CARRY * d
                    if not new:
                        depth(k + 1, a_low + d * scale, big_q // 10)
                    elif alone is None:
                        place_new(new, 0, k, a_low + d * scale, big_q)
                    else:  # one new multiplier digit, nothing to bind: tried right here
                        for f in (factors if target < 0 else
                                  FACTORS_SHOWING[CARRY_CLASS[q]][d][target]):
                            if f < low or f > high:
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
            undo(trail)

    def caught_up(i: int, value: int, f: int, trail: list[int]) -> bool:
        """Row i's cells below its first constraining one, now that b_i = f (A's digits
        below them are in `value`)."""
        row = parts[i]
        for p in catch_up[i]:  # a plain loop: a generator here costs M01 10 %
            if not put(row.codes[p], value * f // powers[p] % 10, row.mask, trail):
                return False
        return True

    def choose_pivot(k: int, a_low: int, q: int) -> None:
        """The pivot's multiplier digit, then depth k again with its row known."""
        i = pivots[k]
        low, high = b_range[i]
        options = range(low, high + 1)
        for f in shuffled(options) if shuffled else options:
            trail: list[int] = []
            if (b_free[i] or put(b_row.codes[i], f, b_row.mask, trail)) and (
                    not catch_up[i] or caught_up(i, a_low, f, trail)):
                b[i] = f
                depth(k, a_low, q, pivoted=True)
                b[i] = -1
            if trail:
                undo(trail)
            if len(found) >= limit:
                return

    def place_new(new: list[int], j: int, k: int, value: int, big_q: int) -> None:
        """Choose the j-th new multiplier digit at depth k (A's digits up to k in `value`,
        big_q = value * CARRY // 10^k); with all chosen, go one digit deeper."""
        i = new[j]
        last = j + 1 == len(new)
        low, high = b_range[i]
        row = parts[i] if parts[i] is not None and k < parts[i].length else None
        row_code, row_mask = (row.codes[k], row.mask) if row is not None else (-1, 0)
        b_code = b_row.codes[i]
        # the row's digit here, when already known (a printed digit or a bound letter), or
        # the multiplier digit itself (the row's letter is b_i's own): settled without a call
        target = row_code if row_code >= 0 else digit_of[-2 - row_code] if row_code < -1 else -1
        itself = row_code < -1 and row_code == b_code and target < 0
        earlier = catch_up[i]
        options = range(low, high + 1)
        for f in shuffled(options) if shuffled else options:
            t = f * big_q // CARRY % 10
            if target >= 0 and t != target or itself and t != f:
                continue
            trail: list[int] = []
            if (b_free[i] or put(b_code, f, b_row.mask, trail)) and (
                    row_code >= 0 or row_code == -1 and not row_mask
                    or put(row_code, t, row_mask, trail)) and (
                    not earlier or caught_up(i, value, f, trail)):
                b[i] = f
                if last:
                    depth(k + 1, value, big_q // 10)
                else:
                    place_new(new, j + 1, k, value, big_q)
                b[i] = -1
            if trail:
                undo(trail)
            if len(found) >= limit:
                return

    depth(0, 0, 0)


def mul_search(puzzle: Puzzle, checker: Checker, found: list, limit: int, stop) -> None:
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

    product_search(puzzle, checker, found, limit, stop, rows[:2], partials, rows[-1], finish)


def div_search(puzzle: Puzzle, checker: Checker, found: list, limit: int, stop) -> None:
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

    def finish(d: int, qv: int, fill) -> None:
        if d == 0:
            return
        options = range(d) if rest_cells is None else (r for r in fill(rest_cells, "remainder")
                                                        if r < d)
        for r in options:
            filled = replay(puzzle, checker, d, qv, r)
            if filled is not None:
                found.append(filled)
                if len(found) >= limit:
                    return

    lead = not puzzle.rules.leading_zeros

    def feasible(d: int, b: list[int]) -> bool:
        """Follow the steps whose quotient digits are chosen (from the top) with an interval
        for each working number: the printed lengths cut most divisors and digits early."""
        if not steps:
            return True
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

    product_search(puzzle, checker, found, limit, stop, [("divisor", divisor),
                   ("quotient", quotient)], partials, None, finish, feasible)


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
