"""Each family's puzzle as a drawing in millimetres: lines, boxes and text. SVG and PDF
render the same drawing, so a printed page and a shared picture never disagree.

A solution is drawn from the filled puzzle: the givens look as in the puzzle, the rest in
the answer style."""

from __future__ import annotations

from dataclasses import dataclass, field

from core.numcro.model import BLOCK

THIN, THICK = 0.25, 0.8  # line widths, mm
INK, ANSWER, GREY = "#000000", "#1f5fbf", "#808080"


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    width: float = THIN


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None  # None: outline only
    width: float = THIN


@dataclass(frozen=True)
class Label:
    x: float  # the centre of the text
    y: float  # the baseline
    text: str
    size: float  # font size in mm (cap height about 0.7 of it)
    color: str = INK


@dataclass
class Drawing:
    width: float
    height: float
    items: list = field(default_factory=list)

    def texts(self) -> list[str]:
        return [item.text for item in self.items if isinstance(item, Label)]


def draw(kind: str, puzzle, answer=None, cell: float | None = None) -> Drawing:
    """The puzzle (or, with `answer`, the filled puzzle as a solution)."""
    return {"sudoku": draw_sudoku, "arith": draw_arith, "numcro": draw_numcro}[kind](
        puzzle, answer, cell)


def draw_sudoku(puzzle, answer=None, cell: float | None = None) -> Drawing:
    from core.sudoku import SYMBOLS

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


def draw_numcro(puzzle, answer=None, cell: float | None = None) -> Drawing:
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


def draw_arith(puzzle, answer=None, cell: float | None = None) -> Drawing:
    """The calculation as printed (the vertical text): a digit or letter in each cell, a
    blank as an empty box, rule lines as lines, the division bracket as a curve's stand-in."""
    from core import arith

    lines = arith.format(puzzle).rstrip("\n").split("\n")
    lines = [line for line in lines if not line.startswith("#")]
    filled = arith.format(arith.filled(puzzle, answer)).split("\n") if answer else None
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
            if filled and not ch.isdigit():  # a blank or a letter: its digit in the answer
                shown, color = filled[y][source], ANSWER
            elif ch == arith.BLANK:
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
