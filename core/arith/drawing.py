"""A masked calculation as a drawing for print (core.export.drawing): the vertical layout,
a box per cell, rule lines, and the division bracket."""

from __future__ import annotations

from core.arith.formats import format as format_text
from core.arith.model import BLANK, Puzzle, filled
from core.export.drawing import ANSWER, INK, THICK, Box, Drawing, Label, Line

OPERATION_NAMES = {"add": "足し算", "sub": "引き算", "mul": "掛け算", "div": "割り算"}


def title(puzzle: Puzzle) -> str:
    return f"{'覆面算' if puzzle.letters() else '虫食算'} ({OPERATION_NAMES[puzzle.op]})"


def draw(puzzle: Puzzle, answer=None, cell: float | None = None) -> Drawing:
    """The calculation as printed (the vertical text): a digit or letter in each cell, a
    blank as an empty box, rule lines as lines, the division bracket as a curve's stand-in."""
    lines = format_text(puzzle).rstrip("\n").split("\n")
    lines = [line for line in lines if not line.startswith("#")]
    solved = format_text(filled(puzzle, answer)).split("\n") if answer else None
    cells = _printed_cells(lines)
    left = min(x for _, x, _, _ in cells)
    columns = max(x for _, x, _, _ in cells) - left + 1
    cell = cell or min(7.0, 150.0 / columns)
    d = Drawing(columns * cell, len(lines) * cell)
    for y, x, ch, source in cells:
        at, top = (x - left) * cell, y * cell
        if ch == "-":  # a rule line: one stroke under the cells it spans
            d.items.append(Line(at, top + cell / 2, at + cell, top + cell / 2, THICK))
        elif ch == ")":  # the bracket, at the dividend's left, under the overline
            edge = at + cell * 0.55
            d.items.append(Line(edge, top - cell / 2, edge + cell * 0.25, top + cell / 4, THICK))
            d.items.append(Line(edge + cell * 0.25, top + cell / 4, edge, top + cell, THICK))
        elif ch in "+x×" or (ch == "-" and x == 0):
            d.items.append(Label(at + cell / 2, top + cell * 0.78, "×" if ch in "x×" else ch,
                                 cell * 0.7))
        else:
            d.items.append(Box(at + cell * 0.06, top + cell * 0.06, cell * 0.88, cell * 0.88))
            shown, color = ch, INK
            if solved and not ch.isdigit():  # a blank or a letter: its digit in the answer
                shown, color = solved[y][source], ANSWER
            elif ch == BLANK:
                shown = ""
            if shown:
                d.items.append(Label(at + cell / 2, top + cell * 0.78, shown, cell * 0.7, color))
    return d


def _printed_cells(lines: list[str]) -> list[tuple[int, int, str, int]]:
    """(line, column drawn, character, column in the text) of what is drawn: the vertical
    text's cells, rule lines as "-" cells, the operator; a division's divisor moved up
    against its bracket."""
    cells = []
    for y, line in enumerate(lines):
        rule = set(line.strip()) == {"-"}
        bracket = line.find(" ) ")
        for x, ch in enumerate(line):
            if ch == " ":
                continue
            if rule:
                cells.append((y, x, "-", x))
            elif x == 0 and ch in "+x×-" and not bracket >= 0:
                cells.append((y, x, "x" if ch in "x×" else ch, x))
            elif bracket >= 0 and x < bracket:
                cells.append((y, x + 2, ch, x))  # the divisor, moved next to the bracket
            elif ch == ")":
                cells.append((y, x + 1, ch, x))
            else:
                cells.append((y, x, ch, x))
    return cells
