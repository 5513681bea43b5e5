"""A pattern the digits along a line follow: a small regular expression over digits, read
from the line's first cell, and the automaton both engines run for it.

The language: a digit (0-9, then A-G past 9) matches itself, `.` any digit, `[1-4]` and
`[135]` any digit listed (`[^5]` any other), `(x)` groups, `x|y` either, `x*` any number of
x, `x+` one or more, `x?` at most one, `x{2}` and `x{1,3}` so many, `x{2,}` two or more.
Spaces are ignored. The whole line must match (`(1|2)3*4` on four cells: 1334 or 2334).

An automaton may also be given as it is (a setter's own, or another solver's NFA): `nfa
start=0 accept=2 0:12>1 1:3>1 1:4>2` (from state 0, digit 1 or 2 leads to state 1; ...; a
word ends well in state 2). Its states are numbered 0 to 63 and the start may be any of them.

A pattern is parsed here (never by a regular-expression engine) into its position automaton
(Glushkov's: one state a digit written, plus the start, and no empty moves), whose states are
bits: `table[s][v]` the states the digit shown as v (0 to 16) leads to from state s, `accept`
the states a word may end in; `for_size` keeps a grid's digits, its first as column 0.
At most MAX_STATES states, so the compiled engine holds a set of them in 64 bits.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

DIGITS = "0123456789ABCDEFG"  # core.variants.model.DIGITS, as far as a pattern reads

MAX_TEXT = 200
MAX_STATES = 64  # the start and 63 digits written (after x{m,n} copies them)
MAX_REPEAT = 16
ANY = (1 << 17) - 1  # `.`: every digit 0 to G (cut to the grid's when compiled)


class PatternError(ValueError):
    """What is wrong with a pattern, and the column (1-based, in the pattern) where."""

    def __init__(self, message: str, column: int):
        super().__init__(message)
        self.message, self.column = message, column


@dataclass(frozen=True)
class Automaton:
    """States 0 (the start) to states-1; table[s][d - low]: the states after digit d from s
    (`parse`: d as shown, from 0; `for_size`: the grid's digit as held, from 1)."""

    states: int
    accept: int
    table: tuple[tuple[int, ...], ...]
    low: int = 1

    def matches(self, digits) -> bool:
        """Does the automaton accept the digits (a filled line)?"""
        now = 1
        for d in digits:
            nxt = 0
            for s in range(self.states):
                if now >> s & 1 and 0 <= d - self.low < len(self.table[s]):
                    nxt |= self.table[s][d - self.low]
            now = nxt
        return bool(now & self.accept)


class _Parser:
    """Recursive descent over the pattern's characters (spaces already taken out, with
    their columns kept), into a tree of tuples: ("digits", mask), ("cat", [...]),
    ("alt", [...]), ("star" | "plus" | "opt", node), ("empty",)."""

    def __init__(self, text: str):
        self.chars = [(ch, i + 1) for i, ch in enumerate(text) if not ch.isspace()]
        self.i, self.depth = 0, 0

    def peek(self) -> str:
        return self.chars[self.i][0] if self.i < len(self.chars) else ""

    def column(self) -> int:
        return self.chars[self.i][1] if self.i < len(self.chars) else (
            self.chars[-1][1] + 1 if self.chars else 1)

    def take(self) -> str:
        ch = self.peek()
        self.i += 1
        return ch

    def alternatives(self):
        self.depth += 1
        if self.depth > 50:
            raise PatternError("a pattern nested more than 50 deep", self.column())
        parts = [self.sequence()]
        while self.peek() == "|":
            self.take()
            parts.append(self.sequence())
        self.depth -= 1
        return parts[0] if len(parts) == 1 else ("alt", parts)

    def sequence(self):
        parts = []
        while self.peek() not in ("", "|", ")"):
            parts.append(self.repeated())
        return ("cat", parts) if parts else ("empty",)

    def repeated(self):
        node = self.atom()
        while self.peek() in ("*", "+", "?", "{"):
            ch = self.peek()
            if ch == "{":
                node = self.counted(node)
            else:
                self.take()
                node = ({"*": "star", "+": "plus", "?": "opt"}[ch], node)
        return node

    def counted(self, node):
        at = self.column()
        self.take()
        text = ""
        while self.peek() not in ("}", ""):
            text += self.take()
        if self.take() != "}":
            raise PatternError("`{` without its `}`", at)
        low, comma, high = text.partition(",")
        if not low.isdigit() or (comma and high and not high.isdigit()) or not low.isascii() or (
                not high.isascii()):
            raise PatternError("a count is {m}, {m,n} or {m,} in whole numbers", at)
        low_n = int(low)
        high_n = int(high) if high else low_n  # {m,}: m, then any number more
        if high_n > MAX_REPEAT or low_n > high_n:
            raise PatternError(f"a count {{m,n}} has m <= n <= {MAX_REPEAT}", at)
        if not _writes(node):  # copies of nothing would only multiply the work
            raise PatternError("a count repeats a group that writes no digit", at)
        if comma and not high:
            return ("cat", [node] * low_n + [("star", node)])
        return ("cat", [node] * low_n + [("opt", node)] * (high_n - low_n))

    def atom(self):
        at, ch = self.column(), self.take()
        if ch == "(":
            inner = self.alternatives()
            if self.take() != ")":
                raise PatternError("`(` without its `)`", at)
            return inner
        if ch == "[":
            return ("digits", self.listed(at))
        if ch == ".":
            return ("digits", ANY)
        digit = _digit(ch)
        if digit:
            return ("digits", 1 << (digit - 1))
        if ch in ("*", "+", "?", "{"):
            raise PatternError(f"`{ch}` repeats nothing: put it after a digit or a group", at)
        if ch == ")":
            raise PatternError("`)` without its `(`", at)
        raise PatternError(f"{ch!r} is not part of a pattern (digits, . [ ] ( ) | * + ? "
                           "{ })", at)

    def listed(self, at: int) -> int:
        negated = self.peek() == "^"
        if negated:
            self.take()
        mask = 0
        while self.peek() not in ("]", ""):
            where, first = self.column(), _digit(self.take())
            if not first:
                raise PatternError("a class lists digits and ranges: [1-4] or [135]", where)
            last = first
            if self.peek() == "-":
                self.take()
                last = _digit(self.take())
                if not last or last < first:
                    raise PatternError("a range runs from a digit up to a digit: [1-4]", where)
            for d in range(first, last + 1):
                mask |= 1 << (d - 1)
        if self.take() != "]":
            raise PatternError("`[` without its `]`", at)
        if not mask:
            raise PatternError("an empty class []", at)
        return ANY & ~mask if negated else mask


def _writes(node) -> bool:
    """Does the tree write a digit anywhere?"""
    if node[0] == "digits":
        return True
    if node[0] in ("cat", "alt"):
        return any(_writes(x) for x in node[1])
    return node[0] != "empty" and _writes(node[1])


def _digit(ch: str) -> int:
    """1 more than the digit a symbol shows (0-9, A-G: 1 to 17), or 0 for none."""
    if not ch or not ch.isascii():
        return 0
    return DIGITS.find(ch.upper()) + 1


@lru_cache(maxsize=256)
def parse(text: str) -> Automaton:
    """The position automaton of a pattern over 16 digits (`for_size` cuts it to a grid's);
    PatternError with the column where the text is not a pattern."""
    if len(text) > MAX_TEXT and not is_nfa(text):
        raise PatternError(f"a pattern has at most {MAX_TEXT} characters; this has "
                           f"{len(text)}", MAX_TEXT + 1)
    if is_nfa(text):
        return _nfa(text)
    parser = _Parser(text)
    if not parser.chars:
        raise PatternError("an empty pattern", 1)
    tree = parser.alternatives()
    if parser.i < len(parser.chars):
        raise PatternError(f"`{parser.peek()}` without its `(`" if parser.peek() == ")" else
                           f"unexpected {parser.peek()!r}", parser.column())
    return _glushkov(tree)


def _glushkov(tree) -> Automaton:
    masks: list[int] = [0]  # per state: the digits that lead into it (state 0: the start)
    follow: list[int] = [0]

    def visit(node) -> tuple[bool, int, int]:
        """(can be empty, its first states, its last states) as bit sets."""
        kind = node[0]
        if kind == "digits":
            if len(masks) >= MAX_STATES:
                raise PatternError(f"a pattern writes at most {MAX_STATES - 1} digits (after "
                                   "counts {m,n} copy theirs)", 1)
            masks.append(node[1])
            follow.append(0)
            bit = 1 << (len(masks) - 1)
            return False, bit, bit
        if kind == "empty":
            return True, 0, 0
        if kind == "alt":
            found = [visit(x) for x in node[1]]
            return (any(e for e, _, _ in found), _union(f for _, f, _ in found),
                    _union(la for _, _, la in found))
        if kind == "cat":
            empty, first, last = True, 0, 0
            for child in node[1]:
                e, f, la = visit(child)
                _link(follow, last, f)
                first |= f if empty else 0
                last = (last | la) if e else la
                empty = empty and e
            return empty, first, last
        e, f, la = visit(node[1])
        if kind in ("star", "plus"):
            _link(follow, la, f)
        return (True if kind in ("star", "opt") else e), f, la

    empty, first, last = visit(tree)
    follow[0] = first
    table = tuple(tuple(_union(1 << q for q in _bits(follow[s]) if masks[q] >> (d - 1) & 1)
                        for d in range(1, len(DIGITS) + 1)) for s in range(len(masks)))
    return Automaton(len(masks), last | (1 if empty else 0), table, 0)


def _link(follow: list[int], last: int, first: int) -> None:
    for q in _bits(last):
        follow[q] |= first


def _bits(mask: int):
    while mask:
        low = mask & -mask
        mask ^= low
        yield low.bit_length() - 1


def _union(masks) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


MAX_NFA_TEXT = 20_000  # an automaton given as it is: 64 states, a few moves each
NFA_MOVE = re.compile(r"^([0-9]{1,2}):([0-9A-Ga-g]{1,16})>([0-9]{1,2})$")


def is_nfa(text: str) -> bool:
    return text.split()[:1] == ["nfa"]


def _nfa(text: str) -> Automaton:
    """An automaton as given: `nfa start=S accept=A,B F:DIGITS>T ...`; the start becomes
    state 0 (swapped with whatever was 0)."""
    if len(text) > MAX_NFA_TEXT:
        raise PatternError(f"an automaton has at most {MAX_NFA_TEXT} characters", 1)
    start, accept, moves, pos = None, None, [], text.index("nfa") + 3
    for word in text.split()[1:]:
        at = text.index(word, pos) + 1
        pos = at - 1 + len(word)
        key, eq, value = word.partition("=")
        if eq and key in ("start", "accept"):
            states = value.split(",") if value else []
            if not states or any(not v.isdigit() or not v.isascii() or int(v) >= MAX_STATES
                                 for v in states) or (key == "start" and len(states) > 1):
                raise PatternError(f"{key}= names {'a state' if key == 'start' else 'states'} "
                                   f"0 to {MAX_STATES - 1}", at)
            if key == "start":
                start = int(states[0])
            else:
                accept = {int(v) for v in states}
            continue
        move = NFA_MOVE.match(word)
        if move is None or int(move.group(1)) >= MAX_STATES or int(
                move.group(3)) >= MAX_STATES:
            raise PatternError(f"{word!r}: a move is FROM:DIGITS>TO (0:12>1), states 0 to "
                               f"{MAX_STATES - 1}", at)
        digits = [_digit(ch) for ch in move.group(2)]
        if not all(digits):
            raise PatternError(f"{word!r}: digits 0-9, A-G", at)
        moves.append((int(move.group(1)), digits, int(move.group(3))))
    if start is None or accept is None:
        raise PatternError("an automaton names its start= and accept= states", 1)
    states = 1 + max([start, *accept, *(m[0] for m in moves), *(m[2] for m in moves)])

    def renamed(s: int) -> int:  # the start is state 0
        return 0 if s == start else start if s == 0 else s
    table = [[0] * len(DIGITS) for _ in range(states)]
    for source, digits, target in moves:
        for d in digits:
            table[renamed(source)][d - 1] |= 1 << renamed(target)
    return Automaton(states, _union(1 << renamed(s) for s in accept),
                     tuple(tuple(row) for row in table), 0)


def digits_named(text: str) -> set[int]:
    """The digits a pattern writes out, as shown (to refuse one past the grid's)."""
    if is_nfa(text):
        return {_digit(ch) - 1 for word in text.split()[1:] if ":" in word
                for ch in word.split(":", 1)[1].split(">")[0]}
    found, inside = set(), False
    for ch in text:
        if ch == "{":
            inside = True
        elif ch == "}":
            inside = False
        elif not inside and _digit(ch):
            found.add(_digit(ch) - 1)
    return found


def for_size(text: str, n: int, first: int = 1) -> Automaton:
    """The pattern's automaton over the digits of a grid: first to first+n-1 as shown, held
    as 1..n."""
    auto = parse(text)
    return Automaton(auto.states, auto.accept,
                     tuple(row[first:first + n] for row in auto.table))


def normal(text: str) -> str:
    """A pattern without its spaces; an automaton's words one space apart."""
    return " ".join(text.split()) if is_nfa(text) else "".join(text.split())
