"""A relation between two digits `a` and `b`, as a setter writes it: a formula in a small safe
language (`abs(a-b) >= 4`, `a + b == 10`, `a < b`, `a % 2 != b % 2`) or a table of the pairs
allowed (`table 13 31 24 42`: a then b, one symbol each).

The language: the digits a and b, whole numbers, + - * // %, unary -, abs(x), min(x, y, ...),
max(x, y, ...), the comparisons == != < <= > >= (chained as in `1 <= a < b`), and, or, not,
and parentheses. A formula is a test: its value is true or false, never a number (`a + b` is
refused: compare it). x // 0 and x % 0 make the test false for that pair.

The text is parsed by Python's `ast` and every node is checked against the list above (names,
calls, types); what is left is walked here, never evaluated as code. A formula's length is
capped. `relation_table(text, n)` turns either form into the pair table of the engines
(core/variants/propagators.Pair's), so both engines run it as any other pair of cells.
"""

from __future__ import annotations

import ast
import re
import warnings
from collections.abc import Callable
from functools import lru_cache

from core.sudoku.model import SYMBOLS

DIGITS = "0" + SYMBOLS  # core.variants.model.DIGITS: each digit's symbol as shown, from 0

MAX_TEXT = 200  # characters of a formula
MAX_TABLE = 6 + 3 * 16 * 16  # a table of every pair of 16 digits (ISS's tables list many)
MAX_NUMBER = 10_000  # a number written in a formula
FUNCTIONS = ("abs", "min", "max")
COMPARE = {ast.Eq: lambda x, y: x == y, ast.NotEq: lambda x, y: x != y,
           ast.Lt: lambda x, y: x < y, ast.LtE: lambda x, y: x <= y,
           ast.Gt: lambda x, y: x > y, ast.GtE: lambda x, y: x >= y}
ARITHMETIC = {ast.Add: lambda x, y: x + y, ast.Sub: lambda x, y: x - y,
              ast.Mult: lambda x, y: x * y, ast.FloorDiv: lambda x, y: x // y,
              ast.Mod: lambda x, y: x % y}
TABLE = "table"


class FormulaError(ValueError):
    """What is wrong with a formula, and the column (1-based, in the formula) where."""

    def __init__(self, message: str, column: int):
        super().__init__(message)
        self.message, self.column = message, column


class _ZeroDivision(Exception):
    pass


Value = Callable[[int, int], int | bool]


def _number(node: ast.AST) -> Value:
    """A numeric node as a function of (a, b); FormulaError where it is not one."""
    kind, fn = _node(node)
    if kind != "number":
        raise FormulaError("a test where a number belongs (a comparison or and/or/not gives "
                           "true or false)", node.col_offset + 1)
    return fn


def _test(node: ast.AST) -> Value:
    kind, fn = _node(node)
    if kind != "test":
        raise FormulaError("a number where a test belongs: compare it (a + b == 10)",
                           node.col_offset + 1)
    return fn


def _node(node: ast.AST) -> tuple[str, Value]:
    """("number" or "test", the function of (a, b) it computes), for the allowed nodes."""
    at = getattr(node, "col_offset", 0) + 1
    if isinstance(node, ast.Name):
        if node.id not in ("a", "b"):
            raise FormulaError(f"unknown name {node.id!r}: the digits are a and b (functions: "
                               f"{', '.join(FUNCTIONS)})", at)
        return "number", (lambda a, b: a) if node.id == "a" else (lambda a, b: b)
    if isinstance(node, ast.Constant):
        value = node.value
        if type(value) is not int or not 0 <= value <= MAX_NUMBER:
            raise FormulaError(f"{value!r}: numbers are whole, 0 to {MAX_NUMBER}", at)
        return "number", lambda a, b: value
    if isinstance(node, ast.UnaryOp):
        if isinstance(node.op, ast.Not):
            inner = _test(node.operand)
            return "test", lambda a, b: not inner(a, b)
        if isinstance(node.op, (ast.USub, ast.UAdd)):
            inner = _number(node.operand)
            sign = -1 if isinstance(node.op, ast.USub) else 1
            return "number", lambda a, b: sign * inner(a, b)
    if isinstance(node, ast.BinOp) and type(node.op) in ARITHMETIC:
        left, right, op = _number(node.left), _number(node.right), ARITHMETIC[type(node.op)]
        divides = isinstance(node.op, (ast.FloorDiv, ast.Mod))

        def arithmetic(a, b):
            y = right(a, b)
            if divides and y == 0:
                raise _ZeroDivision
            return op(left(a, b), y)
        return "number", arithmetic
    if isinstance(node, ast.BoolOp):
        parts = [_test(v) for v in node.values]
        if isinstance(node.op, ast.And):
            return "test", lambda a, b: all(p(a, b) for p in parts)
        return "test", lambda a, b: any(p(a, b) for p in parts)
    if isinstance(node, ast.Compare):
        if any(type(op) not in COMPARE for op in node.ops):
            raise FormulaError("comparisons are == != < <= > >=", at)
        terms = [_number(node.left)] + [_number(c) for c in node.comparators]
        ops = [COMPARE[type(op)] for op in node.ops]

        def compared(a, b):
            values = [t(a, b) for t in terms]
            return all(op(x, y) for op, x, y in zip(ops, values, values[1:], strict=False))
        return "test", compared
    if isinstance(node, ast.Call):
        return _call(node, at)
    raise FormulaError(f"{_what(node)} is not part of a rule's formula (digits a and b, whole "
                       "numbers, + - * // %, abs min max, comparisons, and or not)", at)


def _call(node: ast.Call, at: int) -> tuple[str, Value]:
    name = node.func.id if isinstance(node.func, ast.Name) else None
    if name not in FUNCTIONS or node.keywords:
        raise FormulaError(f"the functions are {', '.join(FUNCTIONS)}", at)
    args = [_number(x) for x in node.args]
    if name == "abs":
        if len(args) != 1:
            raise FormulaError("abs takes one number", at)
        return "number", lambda a, b: abs(args[0](a, b))
    if len(args) < 2:
        raise FormulaError(f"{name} takes two numbers or more", at)
    pick = min if name == "min" else max
    return "number", lambda a, b: pick(x(a, b) for x in args)


def _what(node: ast.AST) -> str:
    words = {ast.Pow: "**", ast.Div: "/ (whole division is //)", ast.BitAnd: "&",
             ast.BitOr: "|", ast.BitXor: "^", ast.LShift: "<<", ast.RShift: ">>",
             ast.Invert: "~", ast.MatMult: "@"}
    op = getattr(node, "op", None)
    if op is not None and type(op) in words:
        return words[type(op)]
    return {ast.IfExp: "if/else", ast.Attribute: "an attribute", ast.Subscript: "indexing",
            ast.Lambda: "lambda", ast.List: "a list", ast.Tuple: "a tuple",
            ast.Set: "a set", ast.Dict: "a dict"}.get(type(node), type(node).__name__)


@lru_cache(maxsize=256)
def parse(text: str) -> Value:
    """The test a formula states, as a function of (a, b) that never raises; FormulaError
    (with its column) when the text is not a formula of the language."""
    if len(text) > MAX_TEXT:
        raise FormulaError(f"a formula has at most {MAX_TEXT} characters; this has "
                           f"{len(text)}", MAX_TEXT + 1)
    if not text.strip():
        raise FormulaError("an empty formula: write a test of a and b (a < b)", 1)
    if not text.isascii() or "\n" in text:
        bad = next((i for i, ch in enumerate(text) if not ch.isascii() or ch == "\n"), 0)
        raise FormulaError(f"{text[bad]!r}: a formula is written in plain ASCII", bad + 1)
    try:
        with warnings.catch_warnings():  # a warning (`1and b`) is an error here, not a print
            warnings.simplefilter("error")
            tree = ast.parse(text.strip(), mode="eval")
    except (SyntaxError, SyntaxWarning, DeprecationWarning, ValueError, MemoryError,
            RecursionError) as error:
        column = (getattr(error, "offset", None) or 1) + len(text) - len(text.lstrip())
        said = getattr(error, "msg", None) or str(error) or "too deep"
        raise FormulaError(f"not a formula: {said}", column) from None
    shift = len(text) - len(text.lstrip())
    try:
        test = _test(tree.body)
    except FormulaError as error:
        raise FormulaError(error.message, error.column + shift) from None
    except RecursionError:
        raise FormulaError("a formula nested too deep", 1) from None

    def holds(a: int, b: int) -> bool:
        try:
            return bool(test(a, b))
        except _ZeroDivision:
            return False
    return holds


def table_pairs(text: str, n: int, first: int = 1) -> frozenset[tuple[int, int]]:
    """The pairs (a, b) a `table 13 31 ...` allows, as held digits (1..n): each item two
    symbols (digits first to first+n-1 as shown, A-G past 9); FormulaError with the item's
    column."""
    words = text.split()
    if not words or words[0].lower() != TABLE:
        raise FormulaError("a table starts with the word `table`", 1)
    found, pos = set(), text.lower().index(TABLE) + len(TABLE)
    if len(words) == 1:
        raise FormulaError("a table lists the pairs it allows: table 13 31 (a then b)",
                           pos + 1)
    for word in words[1:]:
        at = text.index(word, pos)
        pos = at + len(word)
        digits = [DIGITS.find(ch.upper()) + 1 - first for ch in word]
        if len(word) != 2 or any(not 1 <= d <= n for d in digits):
            raise FormulaError(f"{word!r}: a pair is two digits of {DIGITS[first]} to "
                               f"{DIGITS[first + n - 1]} (a then b)", at + 1)
        found.add((digits[0], digits[1]))
    return frozenset(found)


def is_table(text: str) -> bool:
    return text.split()[:1] == [TABLE] or text.lower().split()[:1] == [TABLE]


def check(text: str, n: int, first: int = 1) -> None:
    """FormulaError when the text is neither a formula nor a table of an n x n grid."""
    limit = MAX_TABLE if is_table(text) else MAX_TEXT
    if len(text) > limit:
        raise FormulaError(f"a rule has at most {limit} characters; this has {len(text)}",
                           limit + 1)
    if is_table(text):
        table_pairs(text, n, first)
    else:
        parse(text)


def holds(text: str, n: int, first: int = 1) -> Callable[[int, int], bool]:
    """Whether held digits (a, b) keep the rule (a formula of the digits as shown: on a grid
    from 0, held 1 is a = 0; or a table)."""
    if is_table(text):
        pairs = table_pairs(text, n, first)
        return lambda a, b: (a, b) in pairs
    fits, shift = parse(text), 1 - first
    return fits if not shift else lambda a, b: fits(a - shift, b - shift)


@lru_cache(maxsize=256)
def relation_table(text: str, n: int, first: int = 1) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(for each a: the b that fit as bits, for each b: the a that fit), as Pair takes it."""
    fits = holds(text, n, first)
    allowed = {(a, b) for a in range(1, n + 1) for b in range(1, n + 1) if fits(a, b)}
    forward = tuple(sum(1 << (b - 1) for b in range(1, n + 1) if (a, b) in allowed)
                    for a in range(1, n + 1))
    backward = tuple(sum(1 << (a - 1) for a in range(1, n + 1) if (a, b) in allowed)
                     for b in range(1, n + 1))
    return forward, backward


def normal(text: str) -> str:
    """A rule as stored and written back: spaces run together; a table's pairs sorted."""
    if is_table(text):
        items = sorted(set(text.split()[1:]), key=str.upper)
        return " ".join([TABLE, *(w.upper() for w in items)])
    return " ".join(text.split())


PRETTY = (("<=", "≦"), (">=", "≧"),  # the print font (IPAexGothic) has these, not ≤ ≥
           ("!=", "≠"), ("==", "="), ("//", " div "),
          ("%", " mod "), ("*", "×"), ("-", "−"))


def pretty(text: str, lang: str = "en") -> str:
    """A rule as print shows it: ≦ ≧ ≠ = × −, div and mod, |x| for abs(x) when simple; a
    table as the pairs it allows."""
    if is_table(text):
        pairs = ", ".join(w for w in text.split()[1:])
        return f"(a, b)は{pairs}のいずれか" if lang == "ja" else f"(a, b) one of {pairs}"
    out = re.sub(r"abs\(([^()]*)\)", r"|\1|", " ".join(text.split()))
    for plain, shown in PRETTY:
        out = out.replace(plain, shown)
    return " ".join(out.split())
