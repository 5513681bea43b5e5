"""A Sudoku as a drawing for print (core.export.drawing) in a house style: cell lines, box
lines and the outer frame at the style's weights, givens in ink and, in a solution, the rest
in the answer colour."""

from __future__ import annotations

from core.export.drawing import ANSWER, INK, Drawing, Line, centred, rule_weight
from core.export.style import MAGAZINE, Style
from core.sudoku.model import SYMBOLS, Puzzle


def draw(puzzle: Puzzle, answer=None, style: Style | None = None) -> Drawing:
    style = style or MAGAZINE
    n, cell = puzzle.size, style.cell
    d = Drawing(n * cell, n * cell, cell=cell)
    rules = []
    for i in range(n + 1):
        outer = i in (0, n)
        rules.append(Line(0, i * cell, n * cell, i * cell,
                          rule_weight(style, i % puzzle.shape.box_rows == 0, outer)))
        rules.append(Line(i * cell, 0, i * cell, n * cell,
                          rule_weight(style, i % puzzle.shape.box_cols == 0, outer)))
    d.items += sorted(rules, key=lambda line: line.width)  # heavier lines over lighter
    size = style.size_mm(style.givens)
    for index, value in enumerate(puzzle.givens):
        shown, color = value, INK
        if not value and answer is not None:
            shown, color = answer[index], ANSWER
        if shown:
            r, c = divmod(index, n)
            d.items.append(centred((c + 0.5) * cell, (r + 0.5) * cell, SYMBOLS[shown - 1],
                                   size * (0.75 if n > 9 else 1.0), color))
    return d


def title(puzzle: Puzzle) -> str:
    return f"Sudoku {puzzle.size}x{puzzle.size}"
