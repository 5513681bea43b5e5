"""The registry: every puzzle family, and the one place that knows them all. Whatever reads,
counts, generates, exports or edits a puzzle asks here for its family (core/family.py)."""

from __future__ import annotations

import re

from core.arith.family import ARITH
from core.errors import ParseError
from core.family import Family, Generator
from core.numcro.family import NUMCRO
from core.sudoku.family import SUDOKU

FAMILIES: tuple[Family, ...] = (SUDOKU, ARITH, NUMCRO)  # ties in `detect` go to the first
NAMES = tuple(f.name for f in FAMILIES)
GENERATORS: dict[str, tuple[Family, Generator]] = {
    g.name: (f, g) for f in FAMILIES for g in f.generators}
KIND_HEADER = re.compile(r"^\s*kind\s*:\s*(\S+)\s*$", re.IGNORECASE | re.MULTILINE)


def by_name(name: str) -> Family:
    for family in FAMILIES:
        if family.name == name:
            return family
    raise ValueError(f"unknown kind {name!r}; one of {', '.join(NAMES)}")


def of(puzzle) -> Family:
    """The family of a puzzle model."""
    for family in FAMILIES:
        if isinstance(puzzle, family.puzzle_type):
            return family
    raise TypeError(f"no family holds a {type(puzzle).__name__}")


def detect(text: str) -> Family:
    """The family of a text: a `kind:` line says so, else the family surest of it."""
    match = KIND_HEADER.search(text)
    if match:
        try:
            return by_name(match.group(1).lower())
        except ValueError as error:
            line = text.count("\n", 0, match.start(1)) + 1
            column = match.start(1) - (text.rfind("\n", 0, match.start(1)) + 1) + 1
            raise ParseError(str(error), line, column) from None
    return max(FAMILIES, key=lambda f: (f.recognise(text), -FAMILIES.index(f)))


def read(text: str) -> tuple[Family, list]:
    """A file's family and its puzzles, in order: (line, puzzle or its ParseError). An ipuz
    file holds one puzzle of the family its `kind` names. ParseError when the text as a whole
    cannot be read."""
    from core.export.ipuz import from_ipuz, is_ipuz

    if is_ipuz(text):
        family, puzzle = from_ipuz(text, FAMILIES)
        return family, [(1, puzzle)]
    family = detect(text)
    return family, list(family.iter_puzzles(text))


def parse(text: str) -> tuple[Family, object]:
    """Exactly one puzzle of any family (or ipuz), with its family; ParseError otherwise."""
    family, items = read(text)
    if not items:
        raise ParseError("no puzzle found", 1, 1)
    if len(items) > 1:
        raise ParseError(f"the text holds {len(items)} puzzles; expected one", items[1][0], 1)
    line, item = items[0]
    if isinstance(item, ParseError):
        raise item
    return family, item
