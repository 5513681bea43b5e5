"""The minlex form of a Sudoku puzzle: of all the puzzles its symmetries give (symbols relabelled,
rows moved within their band, bands moved, columns within their stack, stacks, and the grid
transposed when boxes are square: 3,359,232 arrangements of a 9x9), the one whose givens, read
row by row with blanks as 0, are smallest. Two puzzles are the same puzzle in disguise exactly
when their minlex forms are equal, so a bank deduplicates on it.

Relabelling needs no search: for a fixed arrangement of rows and columns the smallest labels
number the symbols in the order they first appear. The search goes row by row and keeps only
the partial arrangements that tie for the smallest rows so far (a row that compares larger
can never come back), so each row is chosen among a few survivors, not among millions.
"""

from __future__ import annotations

from itertools import pairwise, permutations, product

from core.sudoku.model import Puzzle, Shape

MAX_SIZE = 9  # larger grids have too many column orders to list (16x16: 4!^5 = 7,962,624)


def minlex(puzzle: Puzzle) -> str:
    """The minlex form as one line of digits (0 for a blank; symbols 10+ as letters)."""
    shape = puzzle.shape
    if shape.size > MAX_SIZE:
        raise ValueError(f"no minlex form for {shape.size}x{shape.size} grids; "
                         f"sizes up to {MAX_SIZE}x{MAX_SIZE}")
    n = shape.size
    grids = [_rows(puzzle.givens, n)]
    if shape.box_rows == shape.box_cols:
        grids.append([list(column) for column in zip(*grids[0], strict=True)])
    survivors = _first_rows(grids, shape)
    form: list[int] = list(survivors[0].row)
    for _ in range(1, n):
        survivors = _next_rows(survivors, shape)
        form += survivors[0].row
    return "".join("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[v] for v in form)


def _rows(givens: tuple[int, ...], n: int) -> list[list[int]]:
    return [list(givens[r * n:(r + 1) * n]) for r in range(n)]


class _Partial:
    """Rows chosen so far in one arrangement: the grid (as given or transposed), the column
    order, the labels given to symbols, the source rows used and the last output row."""

    __slots__ = ("grid", "columns", "labels", "used", "row")

    def __init__(self, grid, columns, labels, used, row):
        self.grid, self.columns, self.labels, self.used, self.row = (
            grid, columns, labels, used, row)


def _first_rows(grids, shape: Shape) -> list[_Partial]:
    """Every arrangement whose first row is smallest. A first row's labels are 1, 2, ... from
    left to right whatever the symbols, so only where its givens stand matters: as few
    givens as possible in the leftmost stacks, and pushed right within each stack."""
    n, width = shape.size, shape.box_cols
    best, found = None, []
    for grid in grids:
        for r, values in enumerate(grid):
            per_stack = [sum(1 for v in values[s * width:(s + 1) * width] if v)
                         for s in range(n // width)]
            key = sorted(per_stack)
            if best is None or key < best:
                best, found = key, []
            if key == best:
                for columns in _tied_columns(values, per_stack, width):
                    labels, row = _label(values, columns, [0] * (n + 1))
                    found.append(_Partial(grid, columns, labels, (r,), row))
    return found


def _tied_columns(values: list[int], per_stack: list[int], width: int):
    """The column orders that give a row its smallest pattern: stacks by how many givens they
    hold (any order among equals), blanks first within each stack (any order of each)."""
    stacks = range(len(per_stack))
    orders = [order for order in permutations(stacks)
              if all(per_stack[a] <= per_stack[b] for a, b in pairwise(order))]
    for order in orders:
        parts = []
        for s in order:
            cells = range(s * width, (s + 1) * width)
            blanks = [c for c in cells if not values[c]]
            givens = [c for c in cells if values[c]]
            parts.append([b + g for b in permutations(blanks) for g in permutations(givens)])
        for choice in product(*parts):
            yield tuple(c for part in choice for c in part)


def _label(values: list[int], columns, labels: list[int]):
    """The row read in `columns` order with symbols relabelled (new symbols get the next
    labels), and the labels after it."""
    labels = labels[:]
    following = max(labels) + 1
    row = []
    for c in columns:
        v = values[c]
        if v:
            if not labels[v]:
                labels[v] = following
                following += 1
            v = labels[v]
        row.append(v)
    return labels, row


def _next_rows(survivors: list[_Partial], shape: Shape) -> list[_Partial]:
    """Extend every survivor by each row the band structure allows; keep the smallest."""
    best, kept = None, []
    for partial in survivors:
        for r in _allowed_rows(partial.used, shape):
            found = _label_unless_larger(partial.grid[r], partial.columns, partial.labels, best)
            if found is None:
                continue
            labels, row = found
            if best is None or row < best:
                best, kept = row, []
            kept.append(_Partial(partial.grid, partial.columns, labels, partial.used + (r,), row))
    return kept


def _label_unless_larger(values: list[int], columns, labels: list[int], best):
    """`_label`, given up (None) as soon as the row is sure to compare larger than `best`:
    most candidates lose within a few cells."""
    following = 0
    row = []
    equal = best is not None
    for c in columns:
        v = values[c]
        if v:
            label = labels[v]
            if not label:
                if not following:
                    labels = labels[:]
                    following = max(labels) + 1
                label = labels[v] = following
                following += 1
            v = label
        if equal:
            b = best[len(row)]
            if v > b:
                return None
            equal = v == b
        row.append(v)
    return labels, row


def _allowed_rows(used: tuple[int, ...], shape: Shape) -> list[int]:
    """Source rows that may come next: the rest of the current band, or, when it is complete,
    any row of a band not used yet."""
    height = shape.box_rows
    if len(used) % height:
        band = used[-1] // height
        return [r for r in range(band * height, (band + 1) * height) if r not in used]
    bands = {r // height for r in used}
    return [r for r in range(shape.size) if r // height not in bands]
