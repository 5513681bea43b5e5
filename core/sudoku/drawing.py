"""A Sudoku as a drawing for print (core.export.drawing): thin cell lines, thick box lines,
givens in ink and, in a solution, the rest in the answer colour."""

from __future__ import annotations

from core.export.drawing import ANSWER, INK, THICK, THIN, Drawing, Label, Line
from core.sudoku.model import SYMBOLS, Puzzle


def draw(puzzle: Puzzle, answer=None, cell: float | None = None) -> Drawing:
    n = puzzle.size
    cell = cell or min(9.0, 90.0 / n)
    d = Drawing(n * cell, n * cell)
    for i in range(n + 1):
        width = THICK if i % puzzle.shape.box_rows == 0 else THIN
        d.items.append(Line(0, i * cell, n * cell, i * cell, width))
        width = THICK if i % puzzle.shape.box_cols == 0 else THIN
        d.items.append(Line(i * cell, 0, i * cell, n * cell, width))
    for index, value in enumerate(puzzle.givens):
        shown, color = value, INK
        if not value and answer is not None:
            shown, color = answer[index], ANSWER
        if shown:
            r, c = divmod(index, n)
            d.items.append(Label((c + 0.5) * cell, (r + 0.78) * cell, SYMBOLS[shown - 1],
                                 cell * 0.7, color))
    return d


def title(puzzle: Puzzle) -> str:
    return f"Sudoku {puzzle.size}x{puzzle.size}"
