"""The registry: every puzzle family, and the one place that knows them all. Whatever reads,
counts, generates, exports or edits a puzzle asks here for its family (core/family.py)."""

from __future__ import annotations

import re
from functools import cache
from importlib import import_module

from core import sites
from core.errors import ParseError
from core.family import Family, Generator

# Each family's module and object, in order (ties in `detect` go to the first). A family is
# imported when first asked for, so `generate sudoku` does not load the other families.
FAMILY_OBJECTS = (("core.sudoku.family", "SUDOKU"), ("core.arith.family", "ARITH"),
                  ("core.numcro.family", "NUMCRO"), ("core.variants.family", "VARIANTS"))
# The family that reads and writes each site's links (core/sites.py: their addresses).
SITE_READERS = {"fpuzzles": "VARIANTS", "sudokupad": "VARIANTS", "iss": "VARIANTS"}
KIND_HEADER = re.compile(r"^\s*kind\s*:\s*(\S+)\s*$", re.IGNORECASE | re.MULTILINE)


@cache
def family_at(index: int) -> Family:
    module, name = FAMILY_OBJECTS[index]
    return getattr(import_module(module), name)


def family_named(name: str) -> Family:
    """The family whose object is called `name` in FAMILY_OBJECTS (only it is loaded)."""
    return family_at(next(i for i, (_, n) in enumerate(FAMILY_OBJECTS) if n == name))


def families():
    """Every family, in order, each imported as it is reached."""
    return (family_at(i) for i in range(len(FAMILY_OBJECTS)))


def every_family() -> tuple[Family, ...]:
    return tuple(families())


@cache
def every_generator() -> dict[str, tuple[Family, Generator]]:
    return {g.name: (f, g) for f in families() for g in f.generators}


def __getattr__(name: str):
    """FAMILIES, NAMES and GENERATORS (name -> (family, generator)) load every family."""
    if name == "FAMILIES":
        return every_family()
    if name == "NAMES":
        return tuple(f.name for f in families())
    if name == "GENERATORS":
        return every_generator()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def generator(name: str) -> tuple[Family, Generator]:
    """The generator called `name` and its family, loading families only up to its own;
    KeyError for an unknown name."""
    for family in families():
        for made_by in family.generators:
            if made_by.name == name:
                return family, made_by
    raise KeyError(name)


def by_name(name: str) -> Family:
    for family in families():
        if family.name == name:
            return family
    raise ValueError(f"unknown kind {name!r}; one of {', '.join(f.name for f in families())}")


def of(puzzle) -> Family:
    """The family of a puzzle model."""
    for family in families():
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
    every = every_family()
    return max(every, key=lambda f: (f.recognise(text), -every.index(f)))


def read(text: str) -> tuple[Family, list]:
    """A file's family and its puzzles, in order: (line, puzzle or its ParseError). An ipuz
    file holds one puzzle of the family its `kind` names. ParseError when the text as a whole
    cannot be read."""
    from core.export.ipuz import from_ipuz, is_ipuz

    if sites.is_link(text):
        return read_link(text.strip())
    if is_ipuz(text):  # families that claim this file surest read it first (a jigsaw)
        readers = sorted(every_family(), key=lambda f: -f.recognise(text))
        family, puzzle = from_ipuz(text, readers)
        return owner(family, [(1, puzzle)])
    family = detect(text)
    return owner(family, list(family.iter_puzzles(text)))


def owner(family: Family, items: list) -> tuple[Family, list]:
    """A family may read a format into another family's puzzles (the variants family reads
    SadMan .sdk and HoDoKu lines as classic Sudoku): the puzzles' own family answers for
    them."""
    first = next((item for _, item in items if not isinstance(item, ParseError)), None)
    return (family if first is None or isinstance(first, family.puzzle_type)
            else of(first)), items


def read_link(link: str) -> tuple[Family, list]:
    """The family that reads this site's links (only it is loaded), and its puzzle
    (ParseError saying what is wrong with the link, or that no family reads its site)."""
    site = sites.site_of(link)
    family = family_named(SITE_READERS[site]) if site else None
    puzzle = family.read_link(link) if family else None
    if puzzle is None:
        raise ParseError(f"no puzzle family reads links of this site ({link[:60]})", 1, 1)
    return owner(family, [(1, puzzle)])


def link_sites() -> tuple[str, ...]:
    """The sites some family writes links for (export --to fpuzzles|sudokupad|iss)."""
    return tuple(SITE_READERS)


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
