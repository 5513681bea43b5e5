"""Where things sit in a SudokuPad picture: points in cell units (row, column from the
top left), the cells, edges and corners they fall on, and the chevrons of minima and
maxima."""

from __future__ import annotations

import math

from core.variants.sudokupad.scl import SclError
from core.variants.sudokupad.styles import CHEVRON

STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))


def near(x, y, eps: float = 0.06) -> bool:
    return isinstance(x, int | float) and abs(x - y) < eps


def edge_at(center, n: int) -> tuple[int, int] | None:
    """The two neighbouring cells whose shared edge `center` sits on, or None."""
    r, c = center
    if near(r % 1, 0.5) and near(c, round(c)) and 0 < round(c) < n and 0 <= r < n:
        row, col = int(r), round(c)
        return row * n + col - 1, row * n + col
    if near(c % 1, 0.5) and near(r, round(r)) and 0 < round(r) < n and 0 <= c < n:
        row, col = round(r), int(c)
        return (row - 1) * n + col, row * n + col
    return None


def corner_at(center, n: int) -> tuple[int, int, int, int] | None:
    """The four cells round the grid point `center`, or None."""
    r, c = center
    if near(r, round(r)) and near(c, round(c)) and 0 < round(r) < n and 0 < round(c) < n:
        top = (round(r) - 1) * n + round(c) - 1
        return top, top + 1, top + n, top + n + 1
    return None


def inside(point, n: int) -> bool:
    return 0 <= point[0] < n and 0 <= point[1] < n


def cell_at(point, n: int) -> int:
    r, c = int(math.floor(point[0])), int(math.floor(point[1]))
    if not (0 <= r < n and 0 <= c < n):
        raise SclError(f"a shape reaches outside the grid at row {r + 1}, column {c + 1}")
    return r * n + c


def place_of(point) -> tuple[int, int]:
    """The cell (row, column from 0; -1 or n outside) a point lies in."""
    return math.floor(point[0]), math.floor(point[1])


def centre_of(cell: int, n: int) -> list[float]:
    return [cell // n + 0.5, cell % n + 0.5]


def midpoint(a: int, b: int, n: int) -> list[float]:
    ca, cb = centre_of(a, n), centre_of(b, n)
    return [(ca[0] + cb[0]) / 2, (ca[1] + cb[1]) / 2]


def neighbour(cell: int, step, n: int) -> int | None:
    r, c = divmod(cell, n)
    r, c = r + step[0], c + step[1]
    return r * n + c if 0 <= r < n and 0 <= c < n else None


def open_sides(cell: int, same, n: int):
    """The steps from a minimum (maximum) to the neighbours it is compared with: those that
    are not one too, where SudokuPad draws a chevron."""
    return [s for s in STEPS if neighbour(cell, s, n) is not None
            and neighbour(cell, s, n) not in same]


def chevron_points(cell: int, step, kind: str, n: int) -> list[list[float]]:
    """SudokuPad's chevron on a minimum's (maximum's) side towards a neighbour: pointing in
    (out), as its f-puzzles import draws them."""
    (r, c), (dr, dc) = divmod(cell, n), step
    a, b = CHEVRON[kind]
    cr, cc = r + 0.5, c + 0.5
    return [[round(cr + dr * a + 0.1 * dc, 3), round(cc + dc * a + 0.1 * dr, 3)],
            [round(cr + dr * b, 3), round(cc + dc * b, 3)],
            [round(cr + dr * a - 0.1 * dc, 3), round(cc + dc * a - 0.1 * dr, 3)]]
