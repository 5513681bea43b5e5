"""A Sudoku in ipuz (the standard `sudoku` kind). Boxes that are not square are written as
`zones` (ipuz's `boxes` means square ones); zones read back must tile the grid into boxes."""

from __future__ import annotations

from core.errors import ParseError
from core.sudoku.model import BOX_SHAPES, SYMBOLS, Puzzle, Shape

KIND = "http://ipuz.org/sudoku#1"


def to_ipuz(puzzle: Puzzle, answer=None) -> dict:
    n, shape = puzzle.size, puzzle.shape
    square = shape.box_rows == shape.box_cols
    rows = [list(puzzle.givens[r * n:(r + 1) * n]) for r in range(n)]
    data = {"kind": [KIND], "charset": SYMBOLS[:n], "displaycharset": True, "boxes": square,
            "dimensions": {"width": n, "height": n}, "puzzle": rows}
    if not square:  # zones: [x1, y1, x2, y2], column first, counted from 0
        data["zones"] = [{"rect": [c, r, c + shape.box_cols - 1, r + shape.box_rows - 1]}
                         for r in range(0, n, shape.box_rows)
                         for c in range(0, n, shape.box_cols)]
    if answer is not None:
        data["solution"] = [list(answer[r * n:(r + 1) * n]) for r in range(n)]
    return data


def from_ipuz(data: dict) -> Puzzle:
    rows = data["puzzle"]
    n = len(rows)
    if n not in BOX_SHAPES:
        raise ValueError(f"a Sudoku has {', '.join(map(str, BOX_SHAPES))} rows; found {n}")
    givens = []
    for row in rows:
        for value in row:
            if isinstance(value, dict):
                value = value.get("given", 0)
            if isinstance(value, str):
                value = SYMBOLS.index(value) + 1 if value in SYMBOLS else 0
            if not isinstance(value, int | None) or not 0 <= (value or 0) <= n:
                raise ValueError(f"a {n}x{n} Sudoku's cells hold 0 to {n}, not {value!r}")
            givens.append(value or 0)
    if len(givens) != n * n:
        raise ValueError(f"a {n}x{n} Sudoku needs {n * n} cells; found {len(givens)}")
    zones = data.get("zones")
    shape = _shape_of_zones(zones, n) if zones else Shape.of_size(n)
    return Puzzle(shape, tuple(givens))


def _shape_of_zones(zones, n: int) -> Shape:
    """The box shape that `zones` draw: they must cover every cell once, as n boxes of equal
    rectangles. Corners may count from 0 or from 1 (the spec leaves it open)."""
    rects = [zone["rect"] for zone in zones]
    if not all(isinstance(r, list) and len(r) == 4 and all(type(v) is int for v in r)
               for r in rects):
        raise ParseError("ipuz zones: each `rect` is [x1, y1, x2, y2] (whole numbers)", 1, 1)
    corners = [v for r in rects for v in r]
    base = 1 if min(corners) >= 1 and max(corners) == n else 0
    seen: set[int] = set()
    for x1, y1, x2, y2 in rects:
        if not (base <= x1 <= x2 < n + base and base <= y1 <= y2 < n + base):
            raise ParseError(f"ipuz zones: rect {[x1, y1, x2, y2]} is not inside the "
                             f"{n}x{n} grid", 1, 1)
        cells = {(y - base) * n + x - base for y in range(y1, y2 + 1) for x in range(x1, x2 + 1)}
        if cells & seen:
            raise ParseError(f"ipuz zones: rect {[x1, y1, x2, y2]} overlaps another", 1, 1)
        seen |= cells
    sizes = {(y2 - y1 + 1, x2 - x1 + 1) for x1, y1, x2, y2 in rects}
    if len(seen) != n * n or len(sizes) != 1:
        raise ParseError(f"ipuz zones do not tile the {n}x{n} grid into equal boxes "
                         f"(irregular regions are not read yet)", 1, 1)
    box_rows, box_cols = sizes.pop()
    aligned = all((x1 - base) % box_cols == 0 and (y1 - base) % box_rows == 0
                  for x1, y1, _, _ in rects)
    if box_rows * box_cols != n or not aligned:
        raise ParseError(f"ipuz zones of {box_rows}x{box_cols} cells are not the boxes of a "
                         f"{n}x{n} Sudoku", 1, 1)
    return Shape(box_rows, box_cols)
