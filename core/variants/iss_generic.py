"""ISS's generic constraints as data (github.com/sigh/Interactive-Sudoku-Solver, MIT): its
automata (js/nfa_builder.js NFASerializer), its regular expressions (js/nfa_builder.js
RegexParser, base64 in the link), its sum lines, read into and written from the workbench's
rules no kind names (core/variants/custom.py). Everything here is decoded bit by bit or
character by character: nothing is evaluated.

An automaton travels as bits in base64url: a header (2 bits format, 4 bits state bits - 1, 4
bits symbols - 1, then the start count and the count of accepting states that are not starts
in state bits, one bit per start saying whether it accepts, and in the plain format 4 bits for
the width of a transition count), then each state's moves until the bits run out (plain: a
count, then (symbol, target) pairs; packed: a mask of symbols, then one target each). States
are numbered starts first, then the other accepting ones, then the rest; symbol s is digit
s + 1. Trailing bits must be zero.
"""

from __future__ import annotations

import base64
import binascii
import re
from urllib.parse import unquote

from core.variants import pattern

MAX_KEY = 20_000  # characters of an encoded automaton
PLAIN, PACKED = 0, 1


class GenericError(ValueError):
    """What in a generic constraint's data cannot be read, in words."""


# --- base64url ---------------------------------------------------------------------------

def _bytes(text: str) -> bytes:
    if len(text) > MAX_KEY or not re.fullmatch(r"[A-Za-z0-9_-]*", text) or len(text) % 4 == 1:
        raise GenericError(f"{text[:20]!r} is not base64url data")
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise GenericError(f"{text[:20]!r} is not base64url data") from None


def _text(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


class _Bits:
    def __init__(self, data: bytes):
        self.data, self.at = data, 0

    def left(self) -> int:
        return len(self.data) * 8 - self.at

    def read(self, count: int) -> int:
        if count > self.left():
            raise GenericError("the automaton's bits end too early")
        value = 0
        for _ in range(count):
            value = value << 1 | (self.data[self.at >> 3] >> (7 - (self.at & 7)) & 1)
            self.at += 1
        return value


def _width(value: int) -> int:
    """ISS's requiredBits: the bits that hold value (0 for 0)."""
    return value.bit_length()


# --- automata ----------------------------------------------------------------------------

def decode_nfa(key: str) -> tuple[int, set[int], set[int], dict[int, dict[int, set[int]]]]:
    """(states, starts, accepting, moves: state -> digit -> targets) of ISS's encoded NFA."""
    if not key:
        return 0, set(), set(), {}
    bits = _Bits(_bytes(key))
    form = bits.read(2)
    if form not in (PLAIN, PACKED):
        raise GenericError(f"an automaton of unknown format {form}")
    state_bits, symbols = bits.read(4) + 1, bits.read(4) + 1
    starts, more = bits.read(state_bits), bits.read(state_bits)
    start_accepts = bits.read(starts)
    count_bits = bits.read(4) if form == PLAIN else 0
    symbol_bits = _width(symbols - 1)
    moves: dict[int, dict[int, set[int]]] = {}
    state = 0
    while (form == PLAIN and count_bits and bits.left() >= count_bits) or (
            form == PACKED and bits.left() >= symbols):
        if form == PLAIN:
            for _ in range(bits.read(count_bits)):
                symbol, target = bits.read(symbol_bits), bits.read(state_bits)
                moves.setdefault(state, {}).setdefault(symbol + 1, set()).add(target)
        else:
            mask = bits.read(symbols)
            for symbol in range(symbols):
                if mask >> symbol & 1:
                    moves.setdefault(state, {}).setdefault(symbol + 1, set()).add(
                        bits.read(state_bits))
        state += 1
    while bits.left():
        if bits.read(min(32, bits.left())):
            raise GenericError("the automaton's data has bits past its end")
    accepting = {i for i in range(starts) if start_accepts >> i & 1} | set(
        range(starts, starts + more))
    targets = {t for by in moves.values() for ts in by.values() for t in ts}
    total = max([state, starts + more, *(t + 1 for t in targets)], default=0)
    return total, set(range(starts)), accepting, moves


def encode_nfa(starts: list[int], accepting: set[int], moves: dict[int, dict[int, set[int]]],
               symbols: int) -> str:
    """ISS's plain encoding of an automaton (its states renumbered as ISS orders them)."""
    states = sorted({*starts, *accepting, *moves,
                     *(t for by in moves.values() for ts in by.values() for t in ts)})
    order = list(starts) + [s for s in states if s in accepting and s not in starts]
    order += [s for s in states if s not in order]
    new = {s: i for i, s in enumerate(order)}
    state_bits = max(1, _width(len(order) - 1))
    symbol_bits = _width(symbols - 1)
    counts = [sum(len(ts) for ts in moves.get(s, {}).values()) for s in order]
    count_bits = _width(max(counts, default=0))
    out: list[tuple[int, int]] = [(PLAIN, 2), (state_bits - 1, 4), (symbols - 1, 4),
                                  (len(starts), state_bits),
                                  (len([s for s in accepting if s not in starts]), state_bits),
                                  (sum(1 << i for i, s in enumerate(starts) if s in accepting),
                                   len(starts)), (count_bits, 4)]
    for s, count in zip(order, counts, strict=True):
        out.append((count, count_bits))
        for digit in sorted(moves.get(s, {})):
            out += [(x, w) for t in sorted(moves[s][digit], key=new.get)
                    for x, w in ((digit - 1, symbol_bits), (new[t], state_bits))]
    value, width = 0, 0
    for x, w in out:
        value, width = value << w | x, width + w
    width_bytes = (width + 7) // 8
    return _text((value << (width_bytes * 8 - width)).to_bytes(width_bytes, "big"))


def nfa_rule_text(key: str, n: int, first: int = 1) -> str:
    """ISS's automaton as the workbench's `nfa start=0 accept=... from:digits>to` (its states
    that start, are reached and can still accept; several starts become one new start)."""
    total, starts, accepting, moves = decode_nfa(key)
    moves = {s: {d: ts for d, ts in by.items() if d <= n} for s, by in moves.items()}
    if len(starts) != 1:  # one start holding every start's moves
        fresh = total
        moves[fresh] = {}
        for s in starts:
            for d, ts in moves.get(s, {}).items():
                moves[fresh].setdefault(d, set()).update(ts)
        if starts & accepting:
            accepting = accepting | {fresh}
        start = fresh
    else:
        start = next(iter(starts))
    live = _reached({start}, moves) & _reaching(accepting, moves)
    if start not in live:  # no word ends well: a start that accepts nothing
        return "nfa start=0 accept=1"
    number = {start: 0}
    for s in sorted(live - {start}):
        number[s] = len(number)
    if len(number) > pattern.MAX_STATES - 1:
        raise GenericError(f"an automaton of {len(number)} states (the workbench's hold at most "
                           f"{pattern.MAX_STATES - 1})")
    said = []
    for s in sorted(live, key=number.get):
        by_target: dict[int, list[int]] = {}
        for d, ts in moves.get(s, {}).items():
            for t in ts & live:
                by_target.setdefault(number[t], []).append(d)
        said += [f"{number[s]}:{''.join(_symbol(d, first) for d in sorted(ds))}>{t}"
                 for t, ds in sorted(by_target.items())]
    ends = ",".join(str(number[s]) for s in sorted(accepting & live, key=number.get))
    return " ".join(["nfa start=0", f"accept={ends}", *said])


def _symbol(d: int, first: int = 1) -> str:
    """A held digit d (ISS's symbol index, 1..) as shown on a grid from `first`."""
    return pattern.DIGITS[d - 1 + first]


def _reached(found: set[int], moves) -> set[int]:
    todo = list(found)
    while todo:
        for ts in moves.get(todo.pop(), {}).values():
            for t in ts - found:
                found.add(t)
                todo.append(t)
    return found


def _reaching(found: set[int], moves) -> set[int]:
    back: dict[int, set[int]] = {}
    for s, by in moves.items():
        for ts in by.values():
            for t in ts:
                back.setdefault(t, set()).add(s)
    found, todo = set(found), list(found)
    while todo:
        for s in back.get(todo.pop(), set()) - found:
            found.add(s)
            todo.append(s)
    return found


def rule_nfa_key(text: str, n: int, first: int = 1) -> str:
    """A workbench pattern (a regular expression or an `nfa ...`) as ISS's encoded NFA (its
    symbols the held digits, as ISS's are)."""
    auto = pattern.for_size(text, n, first)
    moves = {s: {d: {t for t in range(auto.states) if row[d - 1] >> t & 1}
                 for d in range(1, n + 1) if row[d - 1]}
             for s, row in enumerate(auto.table)}
    accepting = {s for s in range(auto.states) if auto.accept >> s & 1}
    return encode_nfa([0], accepting, moves, n)


# --- sum lines ---------------------------------------------------------------------------

def sum_line_text(total: int, n: int, start: int = 0, first: int = 1) -> str:
    """ISS's SumLine as an automaton: the partial sum of the segment so far (0 to total - 1),
    back to 0 on reaching the total exactly; from `start`, ending there (a loop's offset).
    The digits add as shown (a 0, on a grid from 0, keeps the sum)."""
    said = []
    for s in range(total):
        by: dict[int, list[int]] = {}
        for d in range(1, n + 1):
            v = d - 1 + first
            if s + v <= total:
                by.setdefault((s + v) % total, []).append(d)
        said += [f"{_renamed(s, start)}:{''.join(_symbol(d, first) for d in ds)}>"
                 f"{_renamed(t, start)}" for t, ds in sorted(by.items())]
    return " ".join(["nfa start=0", "accept=0", *said])


def _renamed(s: int, start: int) -> int:
    return 0 if s == start else start if s == 0 else s


# --- regular expressions -----------------------------------------------------------------

REGEX_CHARS = set("0123456789abcdefgABCDEFG.[]^-()|*+?{},")


def decode_regex(token: str) -> str:
    """ISS's pattern token: base64url of the text (URL-encoded in older links)."""
    if "%" in token:
        text = unquote(token)
    else:
        try:
            text = _bytes(token).decode("latin-1")
        except GenericError:
            raise GenericError(f"{token[:20]!r} is not a pattern ISS encodes") from None
    return re.sub(r"\s", "", text)


def regex_rule_text(text: str, n: int, first: int = 1) -> str:
    """ISS's regular expression as the workbench's pattern (the same syntax and meaning where
    both read it); GenericError for what the workbench's pattern language does not hold."""
    bad = sorted({ch for ch in text if ch not in REGEX_CHARS})
    if bad:
        raise GenericError(f"{bad[0]!r} in the pattern {text[:40]!r} (read are digits "
                           f"{_symbol(1, first)} to {_symbol(n, first)}, . [ ] ^ - ( ) | * + ? "
                           "{ })")
    for low, high in re.findall(r"([^\[\]])-([^\[\]])", _classes(text)):
        if not ((low.isdigit() and high.isdigit()) or (low.islower() and high.islower())
                or (low.isupper() and high.isupper())):
            raise GenericError(f"the range {low}-{high} in {text[:40]!r} (ISS runs a range by "
                               "character code: read are ranges of digits or of letters)")
    try:
        pattern.parse(text)
    except pattern.PatternError as error:
        raise GenericError(f"the pattern {text[:40]!r}: {error.message} (at character "
                           f"{error.column})") from None
    past = sorted(d for d in pattern.digits_named(text) if not first <= d < first + n)
    if past:
        raise GenericError(f"the pattern {text[:40]!r} names a digit that is not "
                           f"{_symbol(1, first)} to {_symbol(n, first)}")
    return text


def _classes(text: str) -> str:
    return " ".join(re.findall(r"\[[^\]]*\]", text))


def _outside_counts(text: str) -> str:
    return re.sub(r"\{[^}]*\}", "", text)


def rule_regex(text: str) -> str:
    """A workbench pattern as ISS's Regex token: each range that runs from a digit to a
    letter listed out (ISS runs ranges by character code)."""
    def listed(match):
        low, high = (pattern._digit(ch) - 1 for ch in match.group(1, 2))  # as shown
        return "".join(pattern.DIGITS[v] for v in range(low, high + 1))
    def inside(match):
        return re.sub(r"([0-9A-Ga-g])-([0-9A-Ga-g])", lambda m: m.group(0) if (
            m.group(1).isdigit() == m.group(2).isdigit() and m.group(1).islower() ==
            m.group(2).islower()) else listed(m), match.group(0))
    text = re.sub(r"\[[^\]]*\]", inside, pattern.normal(text))
    return _text(text.encode("ascii"))


def same_words(a: str, b: str, n: int, limit: int = 20_000, first: int = 1) -> bool:
    """Do two patterns accept the same words of a grid's n digits (from `first`)? (their sets
    of states walked side by side; False past `limit` pairs of sets, or when either is no
    pattern)."""
    try:
        one, two = pattern.for_size(a, n, first), pattern.for_size(b, n, first)
    except pattern.PatternError:
        return False
    seen, todo = {(1, 1)}, [(1, 1)]
    while todo:
        x, y = todo.pop()
        if bool(x & one.accept) != bool(y & two.accept):
            return False
        for d in range(n):
            nxt = (_step(one, x, d), _step(two, y, d))
            if nxt not in seen:
                if len(seen) >= limit:
                    return False
                seen.add(nxt)
                todo.append(nxt)
    return True


def _step(auto, states: int, d: int) -> int:
    out = 0
    for s in range(auto.states):
        if states >> s & 1:
            out |= auto.table[s][d]
    return out
