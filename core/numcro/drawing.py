"""A ナンクロ as a drawing for print (core.export.drawing) in a house style: the grid, its
numbers in the corner (as UK codewords print them) or centred (as Japanese ナンクロ magazines
do, a given letter printed in place of its number), the solver's table of letters (the 50音
table for Japanese, A-Z for English) with the given letters crossed out, beside the grid or
under it, the key (a box for every number, the given ones filled in) and the keyword strip
when 二重マス cells spell a final word. Large print (`rules: large` in the puzzle): the table
under the grid so the grid takes the page's width, and numbers and letters a third larger
(the `large` house style puts the table under the grid too, and sets everything larger).
Every length is a share of the cell, so a page scales it whole."""

from __future__ import annotations

from core.export.drawing import ANSWER, INK, Box, Drawing, Label, Line, centred
from core.export.style import MAGAZINE, PT, Style
from core.numcro.model import BLOCK, Puzzle

# the 50音 table as solvers cross it out: one gyō a row, the dan across (ア イ ウ エ オ)
GOJUON = ("アイウエオ", "カキクケコ", "サシスセソ", "タチツテト", "ナニヌネノ", "ハヒフヘホ",
          "マミムメモ", "ヤ ユ ヨ", "ラリルレロ", "ワ   ヲ", "ン   ー", "ガギグゲゴ", "ザジズゼゾ",
          "ダヂヅデド", "バビブベボ", "パピプペポ")
ALPHABET = ("ABCDEFGHIJKLM", "NOPQRSTUVWXYZ")
GAP = 0.35  # of a cell, between the parts
LARGE = 1.35  # large print: numbers and letters this much larger
LETTER = 0.6  # a letter's size, of its cell
CLEAR = 0.06  # of a cell: white between a corner number and the lines beside it
DIGIT_TOP = 0.75  # of a font's size: how high its digits reach (the print font's: 0.74)
KEYWORD_INSET = 0.08  # of a cell: a 二重マス cell's second square


def title(puzzle: Puzzle) -> str:
    name = "ナンクロ" if puzzle.lang == "ja" else "Codeword"
    return f"{name} {puzzle.width}x{puzzle.height}"


class _Print:
    """What the style and the puzzle say about the print: sizes in mm at the cell."""

    def __init__(self, puzzle: Puzzle, style: Style):
        from core.numcro.rules import settings

        self.style, self.cell = style, style.cell
        large = settings(puzzle).large
        self.scale = LARGE if large else 1.0
        self.centred = style.numbers == "centre" or (style.numbers == "auto"
                                                     and puzzle.lang == "ja")
        size = style.centre_size if self.centred else style.corner_size
        self.number = min(size * PT * self.scale,  # in the clues' font
                          (0.6 if self.centred else 0.4) * self.cell)
        self.letter = min(LETTER * self.scale, 0.8) * self.cell
        self.table = "under" if large and style.table != "none" else style.table
        self.grey = style.grey_ink
        self.ink = style.number_ink


def draw(puzzle: Puzzle, answer=None, style: Style | None = None) -> Drawing:
    """The grid; the letter table beside it or under it; the key and the keyword strip."""
    if not puzzle.has_grid:
        raise ValueError("a ナンクロ given as a list of entries has no grid to draw")
    look = _Print(puzzle, style or MAGAZINE)
    cell, w, h = look.cell, puzzle.width, puzzle.height
    letters, solved = dict(puzzle.givens), dict(answer) if answer else {}
    table = _table_rows(puzzle)
    d = Drawing(w * cell, h * cell, cell=cell)
    _grid(d, puzzle, look, letters, solved)
    used = set(solved.values()) if solved else set(letters.values())
    bottom = h * cell
    if look.table == "beside":
        size = h * cell / len(table)
        _letter_table(d, table, w * cell + GAP * cell, 0, size, used, look)
        d.width += GAP * cell + len(table[0]) * size
    elif look.table == "under":
        bottom = _table_under(d, puzzle, bottom + GAP * cell, used, look)
    bottom = _key(d, puzzle, look, bottom + GAP * cell, letters, solved)
    if puzzle.keyword:
        bottom = _keyword_strip(d, puzzle, bottom + GAP * cell, look, solved)
    d.height = bottom
    return d


def _grid(d: Drawing, puzzle: Puzzle, look: _Print, letters, solved) -> None:
    w, cell = puzzle.width, look.cell
    keyword = set(puzzle.keyword)
    thin, outer = look.style.cell_line / 2, look.style.outer_line / 2
    for index, number in enumerate(puzzle.cells):
        r, c = divmod(index, w)
        x, y = c * cell, r * cell
        if number == BLOCK:
            d.items.append(Box(x, y, cell, cell, fill=INK, width=look.style.cell_line))
            continue
        d.items.append(Box(x, y, cell, cell, width=look.style.cell_line))
        # how far the lines at the cell's left and top reach into it: half a line's width,
        # half the frame's on the grid's edge, to the second square's inner edge in 二重マス
        edges = (outer if c == 0 else thin, outer if r == 0 else thin)
        if index in keyword:  # 二重マス: a second square inside
            inset = cell * KEYWORD_INSET
            d.items.append(Box(x + inset, y + inset, cell - 2 * inset, cell - 2 * inset,
                               width=look.style.cell_line))
            edges = (inset + thin, inset + thin)
        _numbered(d, x, y, cell, number, letters.get(number), solved.get(number), look, edges)
    d.items.append(Box(0, 0, w * cell, puzzle.height * cell, width=look.style.outer_line))


def _numbered(d: Drawing, x: float, y: float, cell: float, number: int | None, given, solved,
              look: _Print, edges: tuple[float, float] | None = None) -> None:
    """A cell's number and letter: centred, the letter (given, or in a solution) printed in
    place of the number; in the corner, the letter beside it a little low and right. A
    corner number stays CLEAR of the lines at the cell's left and top, which reach `edges`
    (mm) into it (half a cell line unless said), so it never prints flush against them."""
    letter, color = given or solved, INK if given else ANSWER
    if look.centred:
        if letter:
            d.items.append(centred(x + cell / 2, y + cell / 2, letter, look.letter, color))
        elif number is not None:
            d.items.append(centred(x + cell / 2, y + cell / 2, str(number), look.number,
                                   look.ink, font="clues"))
        return
    if number is not None:
        left, top = edges or (look.style.cell_line / 2,) * 2
        d.items.append(Label(x + left + CLEAR * cell,
                             y + top + CLEAR * cell + DIGIT_TOP * look.number,
                             str(number), look.number, look.ink, anchor="start",
                             font="clues"))
    if letter:
        d.items.append(centred(x + cell * 0.56, y + cell * 0.58, letter,
                               min(look.letter, 0.55 * cell * look.scale), color))


def _table_rows(puzzle: Puzzle) -> tuple[str, ...]:
    return GOJUON if puzzle.lang == "ja" else tuple("".join(pair) for pair in zip(*ALPHABET,
                                                                                  strict=True))


def _letter_table(d: Drawing, rows, left: float, top: float, size: float, used: set[str],
                  look: _Print) -> None:
    """The solver's table beside the grid, a gyō (or a pair of letters) a row."""
    for r, row in enumerate(rows):
        for c, letter in enumerate(row):
            _table_letter(d, letter, left + c * size, top + r * size, size, used, look)


def _table_under(d: Drawing, puzzle: Puzzle, top: float, used: set[str], look: _Print
                 ) -> float:
    """The table under the grid, centred: the 50音表 as it is printed (a gyō a column, ア on
    the right), or A-Z in two rows. Its bottom."""
    across = len(GOJUON) if puzzle.lang == "ja" else len(ALPHABET[0])
    size = min(d.width / across, look.cell * 0.9)
    left = (d.width - size * across) / 2
    if puzzle.lang != "ja":
        _letter_table(d, ALPHABET, left, top, size, used, look)
        return top + len(ALPHABET) * size
    for k, column in enumerate(GOJUON):
        for r, letter in enumerate(column):
            _table_letter(d, letter, left + (across - 1 - k) * size, top + r * size, size,
                          used, look)
    return top + 5 * size


def _table_letter(d: Drawing, letter: str, x: float, y: float, size: float, used: set[str],
                  look: _Print) -> None:
    """A letter in a small box, crossed out (and grey) when it is known."""
    if letter == " ":
        return
    d.items.append(Box(x, y, size, size, width=look.style.cell_line))
    d.items.append(centred(x + size / 2, y + size / 2, letter, size * 0.62,
                           look.grey if letter in used else INK))
    if letter in used:
        d.items.append(Line(x + size * 0.15, y + size * 0.85, x + size * 0.85, y + size * 0.15,
                            look.style.cell_line))


def _key(d: Drawing, puzzle: Puzzle, look: _Print, top: float, letters, solved) -> float:
    """A box for every number, rows as wide as the drawing, the given letters filled in (in
    the centred style the number on top, the letter under it). The last row's bottom."""
    numbers = puzzle.numbers()
    per_row = max(1, int(d.width // (look.cell * 0.9)))
    size = d.width / per_row
    for i, number in enumerate(numbers):
        r, c = divmod(i, per_row)
        x, y = c * size, top + r * size
        d.items.append(Box(x, y, size, size, width=look.style.cell_line))
        given, found = letters.get(number), solved.get(number)
        if not look.centred:
            _numbered(d, x, y, size, number, given, found, look)
            continue
        d.items.append(centred(x + size / 2, y + 0.2 * size, str(number),
                               min(look.number, 0.28 * size), look.ink, font="clues"))
        if given or found:
            d.items.append(centred(x + size / 2, y + 0.62 * size, given or found, 0.5 * size,
                                   INK if given else ANSWER))
    return top + -(-len(numbers) // per_row) * size


def _keyword_strip(d: Drawing, puzzle: Puzzle, top: float, look: _Print, solved) -> float:
    """The final answer's boxes: each shows the number of its 二重マス cell."""
    cell = look.cell
    label = "キーワード" if puzzle.lang == "ja" else "KEYWORD"
    left = cell * 2.8
    d.items.append(centred(left / 2 - cell * 0.1, top + cell / 2, label, cell * 0.45))
    for i, index in enumerate(puzzle.keyword):
        number = puzzle.cells[index]
        x = left + i * cell
        d.items.append(Box(x, top, cell, cell, width=look.style.outer_line))
        _numbered(d, x, top, cell, number, None, solved.get(number), look,
                  (look.style.outer_line / 2,) * 2)
    d.width = max(d.width, left + len(puzzle.keyword) * cell)
    return top + cell
