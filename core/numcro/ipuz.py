"""A ナンクロ in ipuz: the `crossword` kind with coded cells. Each white cell is labelled with
its number, a given letter is the cell's `value`, blocks are `#`, and `clues` are empty
(codewords have none); the language goes in an extension field."""

from __future__ import annotations

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
            "clues": {}, EXTENSION: {"lang": puzzle.lang}}
    if letters:
        data["solution"] = [["#" if n == BLOCK else letters[n]
                             for n in puzzle.cells[r * w:(r + 1) * w]]
                            for r in range(puzzle.height)]
    return data


def from_ipuz(data: dict) -> Puzzle:
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
    return Puzzle(lang, tuple(sorted(givens.items())), width, len(rows), tuple(cells))


def _number(value) -> int:
    """A cell's number: 1 up to the number of cells a grid can have."""
    number = int(value) if isinstance(value, int) or (
        isinstance(value, str) and value.isascii() and value.isdigit()
        and len(value) <= 5) else -1
    if not 1 <= number <= MAX_SIDE * MAX_SIDE:
        raise ValueError(f"a cell's number is 1 to {MAX_SIDE * MAX_SIDE}, not {value!r}")
    return number
