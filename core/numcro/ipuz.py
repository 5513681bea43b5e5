"""A ナンクロ in ipuz: the `crossword` kind with coded cells. Each white cell is labelled with
its number, a given letter is the cell's `value`, blocks are `#`, and `clues` are empty
(codewords have none); the language goes in an extension field."""

from __future__ import annotations

from core.errors import ParseError
from core.numcro.formats import LANGUAGES, MAX_SIDE
from core.numcro.model import BLOCK, Puzzle
from dictionaries.normalize import fold

KIND = "http://ipuz.org/crossword#1"
EXTENSION = "com.puzzle-workbench.invalid:numcro"


def to_ipuz(puzzle: Puzzle, answer=None) -> dict:
    if not puzzle.has_grid:
        raise ValueError("a ナンクロ given as a list of entries has no grid for ipuz")
    givens = dict(puzzle.givens)
    letters = dict(answer) if answer else {}
    w = puzzle.width

    def cell(number: int):
        if number == BLOCK:
            return "#"
        return {"cell": number, "value": givens[number]} if number in givens else number

    data = {"kind": [KIND], "dimensions": {"width": w, "height": puzzle.height},
            "puzzle": [[cell(n) for n in puzzle.cells[r * w:(r + 1) * w]]
                       for r in range(puzzle.height)],
            "clues": {}, EXTENSION: _extension(puzzle)}
    numbers = {n for n in puzzle.cells if n != BLOCK}
    if letters and numbers <= set(letters):  # a cell in no entry has no letter: no solution
        data["solution"] = [["#" if n == BLOCK else letters[n]
                             for n in puzzle.cells[r * w:(r + 1) * w]]
                            for r in range(puzzle.height)]
    return data


def _extension(puzzle: Puzzle) -> dict:
    """What ipuz has no field for: the language, the house rules, the keyword cells
    (row-major indices, in order) and the 濁点 variant."""
    from core.numcro.rules import settings_text

    found = {"lang": puzzle.lang}
    if puzzle.house:
        found["rules"] = settings_text(puzzle.house)
    if puzzle.keyword:
        found["keyword"] = list(puzzle.keyword)
    if puzzle.voiced_as_one:
        found["variant"] = "dakuten"
    return found


def _extras(puzzle: Puzzle, extension: dict) -> Puzzle:
    from dataclasses import replace

    from core.numcro.rules import parse_settings

    house = parse_settings(str(extension.get("rules", "")))
    keyword = extension.get("keyword", [])
    if not isinstance(keyword, list) or not all(
            type(c) is int and 0 <= c < len(puzzle.cells) and puzzle.cells[c] != BLOCK
            for c in keyword) or len(set(keyword)) != len(keyword):
        raise ValueError("the keyword cells are white cells of the grid, each once")
    return replace(puzzle, house=house, keyword=tuple(keyword),
                   voiced_as_one=extension.get("variant") == "dakuten")


def from_ipuz(data: dict) -> Puzzle:
    _refuse_clued(data)
    lang = data.get(EXTENSION, {}).get("lang", "ja")
    if lang not in LANGUAGES:
        raise ValueError(f"language {lang!r}? one of {', '.join(LANGUAGES)}")
    rows = data["puzzle"]
    width = data["dimensions"]["width"]
    if type(width) is not int or not 2 <= width <= MAX_SIDE or not 2 <= len(rows) <= MAX_SIDE:
        raise ValueError(f"a grid is 2 to {MAX_SIDE} cells a side")
    cells, givens = [], {}
    for row in rows:
        if len(row) != width:
            raise ValueError(f"a row of {len(row)} cells in a grid {width} wide")
        for value in row:
            if value == "#" or value is None:
                cells.append(BLOCK)
                continue
            if isinstance(value, dict):
                if "value" in value:
                    letter, _ = fold(value["value"], lang)
                    givens[_number(value["cell"])] = letter
                value = value["cell"]
            cells.append(_number(value))
    if any(letter is None or n not in cells for n, letter in givens.items()):
        raise ValueError("a given letter is not a letter, or its number is not in the grid")
    puzzle = Puzzle(lang, tuple(sorted(givens.items())), width, len(rows), tuple(cells))
    return _extras(puzzle, data.get(EXTENSION, {}))


def _refuse_clued(data: dict) -> None:
    """A crossword with clues, or with white cells not numbered (0: a clue cell's number is
    only where an entry starts), is a clued crossword: a reader of coded ones would take it
    for a codeword of wrong numbers."""
    clues = data.get("clues") or {}
    clued = isinstance(clues, dict) and any(clues.values())
    rows = data.get("puzzle") if isinstance(data.get("puzzle"), list) else []
    unnumbered = any((c.get("cell") if isinstance(c, dict) else c) in (0, "0")
                     for row in rows if isinstance(row, list) for c in row)
    if clued or unnumbered:
        raise ParseError("a clued crossword (its clues, and numbers only where entries start) "
                         "is not supported: only coded crosswords (codewords, ナンクロ), every "
                         "white cell labelled with its letter's number", 1, 1)


def _number(value) -> int:
    """A cell's number: 1 up to the number of cells a grid can have."""
    number = int(value) if isinstance(value, int) or (
        isinstance(value, str) and value.isascii() and value.isdigit()
        and len(value) <= 5) else -1
    if not 1 <= number <= MAX_SIDE * MAX_SIDE:
        raise ValueError(f"a cell's number is 1 to {MAX_SIDE * MAX_SIDE}, not {value!r}")
    return number
