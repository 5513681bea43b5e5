"""ipuz (JSON, spec v2) for every family, written and read back.

- Sudoku: the standard `sudoku` kind; boxes that are not square are given as `zones`.
- ナンクロ: the `crossword` kind with coded cells: each white cell is labelled with its number,
  a given letter is the cell's `value`, blocks are `#`, and `clues` are empty (codewords have
  none); the language goes in an extension field.
- Masked arithmetic: a kind of our own, holding the calculation in its vertical text.
A solution, when known, goes in `solution`."""

from __future__ import annotations

import json

from core.errors import ParseError

VERSION = "http://ipuz.org/v2"
SUDOKU = "http://ipuz.org/sudoku#1"
CROSSWORD = "http://ipuz.org/crossword#1"
ARITH = "http://puzzle-workbench.invalid/arith#1"
EXTENSION = "com.puzzle-workbench.invalid:numcro"


def to_ipuz(kind: str, puzzle, answer=None) -> dict:
    data = {"version": VERSION, "origin": "puzzle-workbench"}
    if kind == "sudoku":
        return {**data, **_sudoku(puzzle, answer)}
    if kind == "numcro":
        return {**data, **_numcro(puzzle, answer)}
    from core import arith

    data.update({"kind": [ARITH], "puzzle": arith.format(puzzle).rstrip("\n").split("\n")})
    if answer is not None:
        data["solution"] = arith.format(arith.filled(puzzle, answer)).rstrip("\n").split("\n")
    return data


def _sudoku(puzzle, answer) -> dict:
    from core.sudoku import SYMBOLS

    n, shape = puzzle.size, puzzle.shape
    square = shape.box_rows == shape.box_cols
    rows = [list(puzzle.givens[r * n:(r + 1) * n]) for r in range(n)]
    data = {"kind": [SUDOKU], "charset": SYMBOLS[:n], "displaycharset": True, "boxes": square,
            "dimensions": {"width": n, "height": n}, "puzzle": rows}
    if not square:  # a 6x6 has 2x3 boxes: ipuz's `boxes` means square ones
        data["zones"] = [{"rect": [c, r, c + shape.box_cols - 1, r + shape.box_rows - 1]}
                         for r in range(0, n, shape.box_rows)
                         for c in range(0, n, shape.box_cols)]
    if answer is not None:
        data["solution"] = [list(answer[r * n:(r + 1) * n]) for r in range(n)]
    return data


def _numcro(puzzle, answer) -> dict:
    if not puzzle.has_grid:
        raise ValueError("a ナンクロ given as a list of entries has no grid for ipuz")
    givens = dict(puzzle.givens)
    letters = dict(answer) if answer else {}
    w = puzzle.width

    def cell(number: int):
        if number == 0:
            return "#"
        return {"cell": number, "value": givens[number]} if number in givens else number

    data = {"kind": [CROSSWORD], "dimensions": {"width": w, "height": puzzle.height},
            "puzzle": [[cell(n) for n in puzzle.cells[r * w:(r + 1) * w]]
                       for r in range(puzzle.height)],
            "clues": {}, EXTENSION: {"lang": puzzle.lang}}
    if letters:
        data["solution"] = [["#" if n == 0 else letters[n] for n in puzzle.cells[r * w:(r + 1) * w]]
                            for r in range(puzzle.height)]
    return data


def is_ipuz(text: str) -> bool:
    head = text.lstrip()[:4000]
    return head.startswith("{") and "ipuz.org/v" in head


def from_ipuz(text: str):
    """(kind, puzzle) from an ipuz file we can read; ParseError otherwise."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise ParseError(f"not JSON: {error.msg}", error.lineno, error.colno) from None
    if not isinstance(data, dict) or not isinstance(data.get("kind"), list):
        raise ParseError("not an ipuz puzzle (no `kind` list)", 1, 1)
    kinds = " ".join(map(str, data["kind"]))
    try:
        if SUDOKU.split("#")[0] in kinds:
            return "sudoku", _read_sudoku(data)
        if CROSSWORD.split("#")[0] in kinds:
            return "numcro", _read_numcro(data)
        if ARITH.split("#")[0] in kinds:
            from core import arith

            return "arith", arith.parse("\n".join(data["puzzle"]) + "\n")
    except (AttributeError, KeyError, TypeError, ValueError, IndexError) as error:
        if isinstance(error, ParseError):
            raise
        raise ParseError(f"ipuz {kinds}: missing or malformed field ({error})", 1, 1) from None
    raise ParseError(f"ipuz kind {kinds} is not one this workbench reads", 1, 1)


def _read_sudoku(data: dict):
    from core.sudoku import SYMBOLS, Puzzle, Shape

    rows = data["puzzle"]
    n = len(rows)
    shape = Shape.of_size(n)
    zones = data.get("zones")
    if zones:
        x1, y1, x2, y2 = zones[0]["rect"]
        shape = Shape(y2 - y1 + 1, x2 - x1 + 1)
    givens = []
    for row in rows:
        for value in row:
            if isinstance(value, dict):
                value = value.get("given", 0)
            if isinstance(value, str):
                value = SYMBOLS.index(value) + 1 if value in SYMBOLS else 0
            givens.append(int(value or 0))
    if len(givens) != n * n or any(not 0 <= v <= n for v in givens):
        raise ValueError(f"a {n}x{n} Sudoku needs {n * n} cells of 0 to {n}")
    return Puzzle(shape, tuple(givens))


def _read_numcro(data: dict):
    from core.numcro import Puzzle
    from dictionaries.normalize import fold

    lang = data.get(EXTENSION, {}).get("lang", "ja")
    cells, givens = [], {}
    for row in data["puzzle"]:
        for value in row:
            if value == "#" or value is None:
                cells.append(0)
                continue
            if isinstance(value, dict):
                if "value" in value:
                    letter, _ = fold(value["value"], lang)
                    givens[int(value["cell"])] = letter
                value = value["cell"]
            cells.append(int(value))
    width = int(data["dimensions"]["width"])
    if width < 1 or not cells or len(cells) % width or min(cells) < 0:
        raise ValueError(f"{len(cells)} cells do not make rows of {width}")
    if any(letter is None or n not in cells for n, letter in givens.items()):
        raise ValueError("a given letter is not a letter, or its number is not in the grid")
    return Puzzle(lang, tuple(sorted(givens.items())), width, len(cells) // width, tuple(cells))
