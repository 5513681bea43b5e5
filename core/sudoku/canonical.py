"""The minlex form of a Sudoku puzzle: of all the puzzles its symmetries give (symbols relabelled,
rows moved within their band, bands moved, columns within their stack, stacks, and the grid
transposed when boxes are square: 3,359,232 arrangements of a 9x9), the one whose givens, read
row by row with blanks as 0, are smallest. Two puzzles are the same puzzle in disguise exactly
when their minlex forms are equal, so a bank deduplicates on it.

Relabelling needs no search: for a fixed arrangement of rows and columns the smallest labels
number the symbols in the order they first appear. The search goes row by row and keeps only
the partial arrangements that tie for the smallest rows so far (a row that compares larger
can never come back). Columns are not ordered up front: within a stack they stay in blocks
whose order is still open, and each row orders a block the smallest way (blanks first, then
the labels already given, then new symbols, whose order is the only choice that branches).
The compiled engine runs the same search (core/native/minlex.h).
"""

from __future__ import annotations

from itertools import permutations, product

from core import native
from core.sudoku.model import Puzzle, Shape

MAX_SIZE = 9  # larger grids have too many column orders to list (16x16: 4!^5 = 7,962,624)


def minlex(puzzle: Puzzle) -> str:
    """The minlex form as one line of digits (0 for a blank; symbols 10+ as letters)."""
    shape = puzzle.shape
    if shape.size > MAX_SIZE:
        raise ValueError(f"no minlex form for {shape.size}x{shape.size} grids; "
                         f"sizes up to {MAX_SIZE}x{MAX_SIZE}")
    if native.sudoku is not None:
        form = native.sudoku.minlex(shape.box_rows, shape.box_cols, puzzle.givens)
        if form is not None:  # None: past a million tied arrangements (a nearly empty grid)
            return form
    n = shape.size
    grids = [_rows(puzzle.givens, n)]
    if shape.box_rows == shape.box_cols:
        grids.append([list(column) for column in zip(*grids[0], strict=True)])
    survivors = _first_rows(grids, shape)
    form: list[int] = []
    for depth in range(n):
        if depth:
            survivors = _next_rows(survivors, shape)
        form += survivors[0].row
    return "".join("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[v] for v in form)


def _rows(givens: tuple[int, ...], n: int) -> list[list[int]]:
    return [list(givens[r * n:(r + 1) * n]) for r in range(n)]


class _Partial:
    """Rows chosen so far in one arrangement: the grid (as given or transposed), the columns
    as blocks in output order (the order within a block still open), the labels given to
    symbols, the next label, the source rows used and the last output row."""

    __slots__ = ("grid", "blocks", "labels", "following", "used", "row")

    def __init__(self, grid, blocks, labels, following, used, row):
        self.grid, self.blocks, self.labels, self.following = grid, blocks, labels, following
        self.used, self.row = used, row


def _first_rows(grids, shape: Shape) -> list[_Partial]:
    """The arrangements whose first row is smallest. A first row's labels are 1, 2, ... from
    left to right whatever its symbols, so only where its givens stand matters: stacks with
    fewer givens first (any order among equals)."""
    n, width = shape.size, shape.box_cols
    stacks = range(n // width)
    best, starts = None, []
    for grid in grids:
        for r, values in enumerate(grid):
            per_stack = [sum(map(bool, values[s * width:(s + 1) * width])) for s in stacks]
            key = sorted(per_stack)
            if best is None or key < best:
                best, starts = key, []
            if key == best:
                starts += [(grid, r, order) for order in permutations(stacks)
                           if [per_stack[s] for s in order] == key]
    found: list[_Partial] = []
    for grid, r, order in starts:
        blocks = tuple(tuple(range(s * width, (s + 1) * width)) for s in order)
        start = _Partial(grid, blocks, (0,) * (n + 1), 1, (), ())
        found += _ordered(start, r, *_smallest(grid[r], blocks, start.labels, 1))
    return found


def _next_rows(survivors: list[_Partial], shape: Shape) -> list[_Partial]:
    """Extend every survivor by each row the band structure allows; keep the smallest."""
    best, kept = None, []
    for partial in survivors:
        for r in _allowed_rows(partial.used, shape):
            row, parts = _smallest(partial.grid[r], partial.blocks, partial.labels,
                                   partial.following, best)
            if row is None:
                continue
            if best is None or row < best:
                best, kept = row, []
            if row == best:
                kept.append((partial, r, row, parts))
    return [child for partial, r, row, parts in kept for child in _ordered(partial, r, row, parts)]


def _smallest(values: list[int], blocks, labels, following: int, bound=None):
    """The smallest row the open column order allows, and each block's parts: its blanks
    (still in any order), its labelled columns (in label order) and its new symbols' columns
    (any order gives this row; each order labels them differently)."""
    row: list[int] = []
    parts = []
    for block in blocks:
        if len(block) == 1:
            v = values[block[0]]
            if v and not labels[v]:
                row.append(following)
                following += 1
                parts.append(((), (), block))
            else:
                row.append(labels[v])
                parts.append(((), block, ()) if v else (block, (), ()))
            continue
        blanks, known, new = [], [], []
        for c in block:  # one pass: blanks, labelled symbols, new symbols
            v = values[c]
            if not v:
                blanks.append(c)
            elif labels[v]:
                known.append((labels[v], c))
            else:
                new.append(c)
        if blanks:
            row += [0] * len(blanks)
        if known:
            if len(known) > 1:
                known.sort()
            row += [label for label, _ in known]
        if new:
            row += range(following, following + len(new))
            following += len(new)
        parts.append((tuple(blanks), tuple(c for _, c in known), tuple(new)))
        if bound is not None and row > bound[:len(row)]:
            return None, None  # already larger than the best row: this arrangement is out
    return row, parts


def _ordered(partial: _Partial, r: int, row: list[int], parts) -> list[_Partial]:
    """The arrangements a row leaves: one for each order of the new symbols' columns within
    their blocks; the blocks split into the parts the row told apart."""
    values = partial.grid[r]
    choices = [permutations(new) if len(new) > 1 else (new,) for _, _, new in parts]
    children = []
    for chosen in product(*choices):
        labels, following = list(partial.labels), partial.following
        blocks = []
        for (blanks, known, _), new in zip(parts, chosen, strict=True):
            if blanks:
                blocks.append(blanks)
            blocks += [(c,) for c in known]
            for c in new:
                labels[values[c]] = following
                following += 1
                blocks.append((c,))
        children.append(_Partial(partial.grid, tuple(blocks), tuple(labels), following,
                                 partial.used + (r,), tuple(row)))
    return children


def _allowed_rows(used: tuple[int, ...], shape: Shape) -> list[int]:
    """Source rows that may come next: the rest of the current band, or, when it is complete,
    any row of a band not used yet."""
    height = shape.box_rows
    if len(used) % height:
        band = used[-1] // height
        return [r for r in range(band * height, (band + 1) * height) if r not in used]
    bands = {r // height for r in used}
    return [r for r in range(shape.size) if r // height not in bands]
