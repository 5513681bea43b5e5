"""The Sudoku model: a shape (box rows x box columns), its geometry, and a puzzle's givens."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

# Box shapes by grid size; the boxes are wider than tall, as printed.
BOX_SHAPES = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 12: (3, 4), 16: (4, 4), 25: (5, 5)}


@dataclass(frozen=True)
class Shape:
    box_rows: int
    box_cols: int

    @property
    def size(self) -> int:
        """Symbols per unit = rows = columns."""
        return self.box_rows * self.box_cols

    @property
    def cells(self) -> int:
        return self.size * self.size

    @classmethod
    def of_size(cls, size: int) -> Shape:
        return cls(*BOX_SHAPES[size])


@dataclass(frozen=True)
class Puzzle:
    """Givens row by row; 0 is an empty cell, 1..size a symbol."""

    shape: Shape
    givens: tuple[int, ...]

    @property
    def size(self) -> int:
        return self.shape.size

    @property
    def clue_count(self) -> int:
        return sum(1 for v in self.givens if v)

    def with_givens(self, givens) -> Puzzle:
        return Puzzle(self.shape, tuple(givens))

    @classmethod
    def blank(cls, size: int) -> Puzzle:
        """An empty grid of `size` (a size of BOX_SHAPES), for an author to fill."""
        return cls(Shape.of_size(size), (0,) * size * size)


@dataclass(frozen=True)
class Geometry:
    """The units (rows, columns, boxes) and peers of every cell, computed once per shape."""

    shape: Shape
    units: tuple[tuple[int, ...], ...]  # rows, then columns, then boxes
    cell_units: tuple[tuple[int, int, int], ...]  # (row unit, column unit, box unit) per cell
    peers: tuple[tuple[int, ...], ...]
    unit_bits: tuple[int, ...]  # per cell, a bit set of its three unit indices

    @property
    def size(self) -> int:
        return self.shape.size

    def row(self, cell: int) -> int:
        return cell // self.shape.size

    def col(self, cell: int) -> int:
        return cell % self.shape.size

    def box(self, cell: int) -> int:
        return self.cell_units[cell][2] - 2 * self.shape.size

    def unit_name(self, unit: int) -> str:
        kind, index = divmod(unit, self.shape.size)
        return f"{('row', 'column', 'box')[kind]} {index + 1}"


def cell_name(cell: int, size: int) -> str:
    """The usual r3c5 notation (1-based)."""
    return f"r{cell // size + 1}c{cell % size + 1}"


@cache
def geometry(shape: Shape) -> Geometry:
    n, br, bc = shape.size, shape.box_rows, shape.box_cols
    rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
    cols = [tuple(r * n + c for r in range(n)) for c in range(n)]
    boxes = []
    for top in range(0, n, br):
        for left in range(0, n, bc):
            boxes.append(tuple((top + r) * n + left + c for r in range(br) for c in range(bc)))
    units = tuple(rows + cols + boxes)
    cell_units = [[0, 0, 0] for _ in range(n * n)]
    for u, unit in enumerate(units):
        for cell in unit:
            cell_units[cell][u // n] = u
    peers = tuple(
        tuple(sorted({p for u in cell_units[c] for p in units[u]} - {c})) for c in range(n * n)
    )
    unit_bits = tuple(sum(1 << u for u in cu) for cu in cell_units)
    return Geometry(shape, units, tuple(tuple(cu) for cu in cell_units), peers, unit_bits)
