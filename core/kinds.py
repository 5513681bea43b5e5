"""Which puzzle family a text belongs to: a `kind:` header line says so, else the content does."""

from __future__ import annotations

import re

from core.errors import ParseError

KINDS = ("sudoku",)
KIND_HEADER = re.compile(r"^\s*kind\s*:\s*(\S+)\s*$", re.IGNORECASE | re.MULTILINE)


def detect(text: str) -> str:
    match = KIND_HEADER.search(text)
    if match:
        kind = match.group(1).lower()
        if kind not in KINDS:
            line = text.count("\n", 0, match.start(1)) + 1
            column = match.start(1) - (text.rfind("\n", 0, match.start(1)) + 1) + 1
            raise ParseError(f"unknown kind {kind!r}; one of {', '.join(KINDS)}", line, column)
        return kind
    return "sudoku"
