"""Which puzzle family a text belongs to: a `kind:` header line says so, else the content does,
and the family module that reads, counts and writes it."""

from __future__ import annotations

import re
from types import ModuleType

from core.errors import ParseError

KINDS = ("sudoku", "arith", "numcro")
KIND_HEADER = re.compile(r"^\s*kind\s*:\s*(\S+)\s*$", re.IGNORECASE | re.MULTILINE)
# masked arithmetic shows itself by an equation, a "a b" multiplication header, an operator
# in front of a number (Sudoku grids use + and - only inside rule lines), or `divisor )`
# a ナンクロ: the blog's `table:`, a JSON case, block cells (■), or its own headers
NUMCRO_HINTS = re.compile(r"^\s*(table|givens|assign|lang)\s*:|^\s*\{|■", re.MULTILINE)
ARITH_HINTS = re.compile(r"=|\)|^\s*\d+\s+\d+\s*$|^\s*[+x×-]\s+[^\s|+-]", re.MULTILINE)


def detect(text: str) -> str:
    match = KIND_HEADER.search(text)
    if match:
        kind = match.group(1).lower()
        if kind not in KINDS:
            line = text.count("\n", 0, match.start(1)) + 1
            column = match.start(1) - (text.rfind("\n", 0, match.start(1)) + 1) + 1
            raise ParseError(f"unknown kind {kind!r}; one of {', '.join(KINDS)}", line, column)
        return kind
    content = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    if NUMCRO_HINTS.search(content):
        return "numcro"
    return "arith" if ARITH_HINTS.search(content) else "sudoku"


def family(kind: str) -> ModuleType:
    """The package of a kind: each offers iter_puzzles, count, filled, format, cell_names."""
    if kind == "numcro":
        from core import numcro

        return numcro
    if kind == "arith":
        from core import arith

        return arith
    from core import sudoku

    return sudoku
