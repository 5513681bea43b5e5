"""A masked calculation as a drawing for print (core.export.drawing), laid out as books print
筆算: a box of one size for every digit, blank or letter, the operator beside, rule lines
under the numbers they total (in rows of their own, thinner than a number's), and a long
division's ")" bracket joined to the line over the dividend, the quotient above it."""

from __future__ import annotations

import math

from core.arith.formats import format as format_text
from core.arith.model import BLANK, Puzzle, filled
from core.export.drawing import ANSWER, INK, Box, Drawing, Line, Path, centred
from core.export.style import MAGAZINE, Style

OPERATION_NAMES = {"add": "足し算", "sub": "引き算", "mul": "掛け算", "div": "割り算"}
RULE_ROW = 0.4  # a rule line's row, of a cell's height
BOX = 0.86  # a box, of its cell
RULE, BRACKET, OPERATOR, CELL = "rule", "bracket", "operator", "cell"


def title(puzzle: Puzzle) -> str:
    return f"{'覆面算' if puzzle.letters() else '虫食算'} ({OPERATION_NAMES[puzzle.op]})"


def draw(puzzle: Puzzle, answer=None, style: Style | None = None) -> Drawing:
    """The calculation as printed (the vertical text): a digit or letter in each box, a blank
    as an empty box; in a solution every box holds its digit."""
    style = style or MAGAZINE
    lines = [line for line in format_text(puzzle).rstrip("\n").split("\n")
             if not line.startswith("#")]
    solved = format_text(filled(puzzle, answer)).split("\n") if answer else None
    cells = _printed_cells(lines)
    left = min(x for _, x, _, _, _ in cells)
    cell = style.cell
    rules = {y for y, _, _, _, kind in cells if kind == RULE}
    tops = [0.0]
    for y in range(len(lines)):
        tops.append(tops[-1] + cell * (RULE_ROW if y in rules else 1.0))
    columns = max(x for _, x, _, _, _ in cells) - left + 1
    d = Drawing(columns * cell, tops[-1], cell=cell)
    size = min(style.size_mm(style.givens), 0.72 * cell)
    for y, x, ch, source, kind in cells:
        at, top = (x - left) * cell, tops[y]
        if kind == RULE:
            middle = top + cell * RULE_ROW / 2
            d.items.append(Line(at, middle, at + cell, middle, style.box_line))
        elif kind == BRACKET:
            _bracket(d, at, tops[y - 1] + cell * RULE_ROW / 2, top + cell, cell, style)
        elif kind == OPERATOR:
            d.items.append(centred(at + cell / 2, top + cell / 2, "×" if ch in "x×" else ch,
                                   size))
        else:
            inset = cell * (1 - BOX) / 2
            d.items.append(Box(at + inset, top + inset, cell * BOX, cell * BOX,
                               width=style.cell_line))
            shown, color = ch, INK
            if solved and not ch.isdigit():  # a blank or a letter: its digit in the answer
                shown, color = solved[y][source], ANSWER
            elif ch == BLANK:
                shown = ""
            if shown:
                d.items.append(centred(at + cell / 2, top + cell / 2, shown, size, color))
    return d


def _bracket(d: Drawing, at: float, line_y: float, bottom: float, cell: float,
             style: Style) -> None:
    """The ")" of a long division: from the left end of the line over the dividend, bowed
    to the right, down to the dividend's foot; the line carried left to meet it."""
    x = at + cell * 0.3
    d.items.append(Line(x, line_y, at + cell, line_y, style.box_line))
    points = tuple((x + cell * 0.3 * math.sin(math.pi * t / 12),
                    line_y + (bottom - line_y) * t / 12) for t in range(13))
    d.items.append(Path(points, style.box_line))


def _printed_cells(lines: list[str]) -> list[tuple[int, int, str, int, str]]:
    """(line, column drawn, character, column in the text, kind) of what is drawn: the
    vertical text's cells, rule lines cell by cell, the operator, the division's bracket;
    a division's divisor moved up against its bracket."""
    cells = []
    for y, line in enumerate(lines):
        rule = set(line.strip()) == {"-"}
        bracket = line.find(" ) ")
        for x, ch in enumerate(line):
            if ch == " ":
                continue
            if rule:
                cells.append((y, x, "-", x, RULE))
            elif x == 0 and ch in "+x×-" and bracket < 0:
                cells.append((y, x, ch, x, OPERATOR))
            elif bracket >= 0 and x < bracket:
                cells.append((y, x + 2, ch, x, CELL))  # the divisor, next to the bracket
            elif ch == ")":
                cells.append((y, x + 1, ch, x, BRACKET))
            else:
                cells.append((y, x, ch, x, CELL))
    return cells
