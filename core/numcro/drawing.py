"""A ナンクロ as a drawing for print (core.export.drawing): the grid with small numbers and
given letters, and under it the key, a box for every number, as magazines print it."""

from __future__ import annotations

from core.export.drawing import ANSWER, GREY, INK, THICK, Box, Drawing, Label
from core.numcro.model import BLOCK, Puzzle


def title(puzzle: Puzzle) -> str:
    return f"ナンクロ {puzzle.width}x{puzzle.height}"


def draw(puzzle: Puzzle, answer=None, cell: float | None = None) -> Drawing:
    """The grid (numbers small in a corner, given letters large), and under it the key: a
    box for every number, the given ones filled in, as printed in magazines."""
    if not puzzle.has_grid:
        raise ValueError("a ナンクロ given as a list of entries has no grid to draw")
    w, h = puzzle.width, puzzle.height
    cell = cell or min(9.0, 120.0 / max(w, h))
    letters = dict(puzzle.givens)
    solved = dict(answer) if answer else {}
    numbers = puzzle.numbers()
    per_row = max(1, int(w * cell // (cell * 0.9)))
    key_cell = w * cell / per_row
    key_rows = -(-len(numbers) // per_row)
    d = Drawing(w * cell, h * cell + 3 + key_rows * key_cell)
    for index, number in enumerate(puzzle.cells):
        r, c = divmod(index, w)
        x, y = c * cell, r * cell
        if number == BLOCK:
            d.items.append(Box(x, y, cell, cell, fill=INK))
            continue
        d.items.append(Box(x, y, cell, cell))
        d.items.append(Label(x + cell * 0.22, y + cell * 0.3, str(number), cell * 0.24, GREY))
        _letter(d, x, y, cell, letters.get(number), solved.get(number))
    top = h * cell + 3
    for i, number in enumerate(numbers):
        r, c = divmod(i, per_row)
        x, y = c * key_cell, top + r * key_cell
        d.items.append(Box(x, y, key_cell, key_cell))
        d.items.append(Label(x + key_cell * 0.22, y + key_cell * 0.3, str(number),
                             key_cell * 0.24, GREY))
        _letter(d, x, y, key_cell, letters.get(number), solved.get(number))
    d.items.append(Box(0, 0, w * cell, h * cell, width=THICK))
    return d


def _letter(d: Drawing, x: float, y: float, cell: float, given, solved) -> None:
    if given or solved:
        d.items.append(Label(x + cell * 0.55, y + cell * 0.82, given or solved,
                             cell * 0.55, INK if given else ANSWER))

