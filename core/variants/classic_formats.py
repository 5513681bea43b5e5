"""Two classic Sudoku formats read for classic Sudoku (core.sudoku's puzzles, which the
registry then hands to that family): SadMan Software's .sdk (`#A author` lines, a `[Puzzle]`
section of 9 rows, other sections after) and HoDoKu's library lines
(`:0000:x:<81 cells>:<eliminations>::`, one puzzle a line)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from core.errors import ParseError

SDK_SECTION = re.compile(r"^\s*\[Puzzle\]\s*$", re.IGNORECASE | re.MULTILINE)
HODOKU = re.compile(r"^:(\d{4})(?:-\d)?:([a-z0-9]?):([0-9.]{81}):")
MAX_TEXT = 5_000_000


def recognise(text: str) -> int:
    """2 for either format (classic Sudoku reads neither on its own)."""
    if SDK_SECTION.search(text[:20_000]):
        return 2
    lines = [line.strip() for line in text.splitlines()[:50] if line.strip()
             and not line.lstrip().startswith("#")]
    return 2 if lines and all(HODOKU.match(line) for line in lines) else 0


def iter_puzzles(text: str) -> Iterator[tuple[int, object]]:
    if len(text) > MAX_TEXT:
        raise ParseError(f"the text is too long ({len(text)} characters)", 1, 1)
    if SDK_SECTION.search(text):
        try:
            yield 1, _sdk(text)
        except ParseError as error:
            yield error.line, error
        return
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = HODOKU.match(line.strip())
        if match is None:
            yield number, ParseError("not a HoDoKu library line (:0000:x:<81 cells>:...)",
                                     number, 1)
            continue
        yield number, _classic(match.group(3), number, line.index(match.group(3)) + 1)


def parse(text: str):
    items = list(iter_puzzles(text))
    if not items:
        raise ParseError("no puzzle found", 1, 1)
    if len(items) > 1:
        raise ParseError(f"the text holds {len(items)} puzzles; expected one", items[1][0], 1)
    if isinstance(items[0][1], ParseError):
        raise items[0][1]
    return items[0][1]


def _classic(cells: str, line: int, column: int):
    from core.sudoku.formats import parse as classic

    try:
        return classic(cells.replace("0", "."))
    except ParseError as error:
        raise ParseError(error.message, line, column + error.column - 1) from None


def _sdk(text: str):
    """The 9 rows after [Puzzle], up to the next section."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if SDK_SECTION.match(line))
    rows = []
    for number in range(start + 1, len(lines)):
        line = lines[number].strip()
        if line.startswith("["):
            break
        if line and not line.startswith("#"):
            rows.append((number + 1, line))
    if len(rows) != 9 or any(len(row) != 9 for _, row in rows):
        where = rows[0][0] if rows else start + 1
        raise ParseError(".sdk: [Puzzle] holds 9 rows of 9 cells", where, 1)
    return _classic("".join(row for _, row in rows), rows[0][0], 1)
