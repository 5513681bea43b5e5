"""A ナンクロ as a drawing for print (core.export.drawing): the grid with small numbers and
given letters, beside it the solver's table of letters (the 50音 table for Japanese, A-Z for
English) with the given letters crossed out, under it the key (a box for every number,
the given ones filled in), and the keyword strip when 二重マス cells spell a final word.
Large print (`rules: large`): bigger cells, and numbers and letters bigger within them (a
page scales each drawing to fit its slot, so the cells alone would print no larger; export
one puzzle a page, `--per-page 1`, for the largest print)."""

from __future__ import annotations

from core.export.drawing import ANSWER, GREY, INK, THICK, Box, Drawing, Label, Line
from core.numcro.model import BLOCK, Puzzle

# the 50音 table as solvers cross it out: one gyō a row, the dan across (ア イ ウ エ オ)
GOJUON = ("アイウエオ", "カキクケコ", "サシスセソ", "タチツテト", "ナニヌネノ", "ハヒフヘホ",
          "マミムメモ", "ヤ ユ ヨ", "ラリルレロ", "ワ   ヲ", "ン   ー", "ガギグゲゴ", "ザジズゼゾ",
          "ダヂヅデド", "バビブベボ", "パピプペポ")
ALPHABET = ("ABCDEFGHIJKLM", "NOPQRSTUVWXYZ")
GAP = 3.0  # mm between the parts
NUMBER = {False: 0.24, True: 0.32}  # a number's size, a share of its cell (large print: True)
LETTER = {False: (0.55, 0.55, 0.82), True: (0.64, 0.58, 0.9)}  # size, centre, baseline


def title(puzzle: Puzzle) -> str:
    name = "ナンクロ" if puzzle.lang == "ja" else "Codeword"
    return f"{name} {puzzle.width}x{puzzle.height}"


def draw(puzzle: Puzzle, answer=None, cell: float | None = None) -> Drawing:
    """The grid, the letter table beside it, the key and the keyword strip under it."""
    from core.numcro.rules import settings

    if not puzzle.has_grid:
        raise ValueError("a ナンクロ given as a list of entries has no grid to draw")
    large = settings(puzzle).large
    w, h = puzzle.width, puzzle.height
    cell = cell or (min(13.0, 170.0 / max(w, h)) if large else min(9.0, 120.0 / max(w, h)))
    letters = dict(puzzle.givens)
    solved = dict(answer) if answer else {}
    table = _table_rows(puzzle)
    table_cell = h * cell / len(table)
    grid_w = w * cell
    width = grid_w + GAP + len(table[0]) * table_cell
    numbers = puzzle.numbers()
    per_row = max(1, int(width // (cell * 0.9)))
    key_cell = width / per_row
    key_rows = -(-len(numbers) // per_row)
    keyword_h = (GAP + cell * 1.6) if puzzle.keyword else 0
    d = Drawing(width, h * cell + GAP + key_rows * key_cell + keyword_h)
    small = NUMBER[large]
    _grid(d, puzzle, cell, large, letters, solved)
    _letter_table(d, table, grid_w + GAP, table_cell,
                  set(solved.values()) if solved else set(letters.values()))
    top = h * cell + GAP
    for i, number in enumerate(numbers):
        r, c = divmod(i, per_row)
        x, y = c * key_cell, top + r * key_cell
        d.items.append(Box(x, y, key_cell, key_cell))
        d.items.append(Label(x + key_cell * 0.22, y + key_cell * 0.3, str(number),
                             key_cell * small, GREY))
        _letter(d, x, y, key_cell, letters.get(number), solved.get(number), large)
    if puzzle.keyword:
        _keyword_strip(d, puzzle, top + key_rows * key_cell + GAP, cell, large, solved)
    return d


def _grid(d: Drawing, puzzle: Puzzle, cell: float, large: bool, letters, solved) -> None:
    w, small = puzzle.width, NUMBER[large]
    keyword = set(puzzle.keyword)
    for index, number in enumerate(puzzle.cells):
        r, c = divmod(index, w)
        x, y = c * cell, r * cell
        if number == BLOCK:
            d.items.append(Box(x, y, cell, cell, fill=INK))
            continue
        d.items.append(Box(x, y, cell, cell))
        if index in keyword:  # 二重マス: a second square inside
            inset = cell * 0.08
            d.items.append(Box(x + inset, y + inset, cell - 2 * inset, cell - 2 * inset))
        d.items.append(Label(x + cell * 0.22, y + cell * 0.3, str(number), cell * small, GREY))
        _letter(d, x, y, cell, letters.get(number), solved.get(number), large)
    d.items.append(Box(0, 0, w * cell, puzzle.height * cell, width=THICK))


def _table_rows(puzzle: Puzzle) -> tuple[str, ...]:
    return GOJUON if puzzle.lang == "ja" else tuple("".join(pair) for pair in zip(*ALPHABET,
                                                                                  strict=True))


def _letter_table(d: Drawing, rows, left: float, size: float, used: set[str]) -> None:
    """The solver's table: every letter in a small box, the ones known crossed out."""
    for r, row in enumerate(rows):
        for c, letter in enumerate(row):
            if letter == " ":
                continue
            x, y = left + c * size, r * size
            d.items.append(Box(x, y, size, size))
            d.items.append(Label(x + size / 2, y + size * 0.75, letter, size * 0.62,
                                 GREY if letter in used else INK))
            if letter in used:
                d.items.append(Line(x + size * 0.15, y + size * 0.85, x + size * 0.85,
                                    y + size * 0.15))


def _keyword_strip(d: Drawing, puzzle: Puzzle, top: float, cell: float, large: bool,
                   solved) -> None:
    """The final answer's boxes: each shows the number of its 二重マス cell."""
    label = "キーワード" if puzzle.lang == "ja" else "KEYWORD"
    left = cell * 2.8
    d.items.append(Label(left / 2 - cell * 0.1, top + cell * 0.65, label, cell * 0.45))
    for i, index in enumerate(puzzle.keyword):
        number = puzzle.cells[index]
        x = left + i * cell
        d.items.append(Box(x, top, cell, cell, width=THICK))
        d.items.append(Label(x + cell * 0.22, top + cell * 0.3, str(number),
                             cell * NUMBER[large], GREY))
        _letter(d, x, top, cell, None, solved.get(number), large)


def _letter(d: Drawing, x: float, y: float, cell: float, given, solved,
            large: bool = False) -> None:
    size, centre, baseline = LETTER[large]
    if given or solved:
        d.items.append(Label(x + cell * centre, y + cell * baseline, given or solved,
                             cell * size, INK if given else ANSWER))
