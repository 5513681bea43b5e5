"""The true-candidates view (F4) in the Sudoku and variants editors: each empty cell shows the
digits some solution holds (counted against every solution listed by brute force), shaded by
support, the cell every solution fills alike in green; it follows edits and says where a
given would help."""

from itertools import permutations

from core import sudoku
from core.variants import formats
from tests.tui.conftest import checked_editor, wait_for
from tui.app import PuzzleApp
from tui.candidates_view import SINGLE
from tui.screens.sudoku_editor import SudokuEditor
from tui.screens.variants_editor import VariantsEditor

# a 4x4 variant with several solutions: a thermometer and a cage, one given
VARIANT = """kind: variants
1 . . .
. . . .
. . . .
. . . .
thermo: r2c1 r2c2 r2c3
cage 7: r3c4 r4c4
"""


def solutions_4x4(puzzle) -> list[tuple[int, ...]]:
    """Every 4x4 grid the variant allows, by listing Latin squares with 2x2 boxes."""
    rows = list(permutations(range(1, 5)))
    found = []
    for grid in _squares(rows, []):
        values = tuple(v for row in grid for v in row)
        if all(g in (0, v) for g, v in zip(puzzle.givens, values, strict=True)) and \
                values[4] < values[5] < values[6] and values[11] + values[15] == 7 and \
                values[11] != values[15]:
            found.append(values)
    return found


def _squares(rows, grid):
    if len(grid) == 4:
        yield grid
        return
    for row in rows:
        if all(row[c] != g[c] for g in grid for c in range(4)) and (
                len(grid) % 2 == 0 or all(
                    row[c] not in grid[-1][c // 2 * 2:c // 2 * 2 + 2] for c in range(4))):
            yield from _squares(rows, grid + [row])


async def test_the_variants_view_shows_the_digits_of_every_solution(pool):
    puzzle = formats.parse(VARIANT)
    truth = solutions_4x4(puzzle)
    assert len(truth) > 1
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(100, 40)) as pilot:
        app.edit(puzzle)
        editor = await checked_editor(pilot, app, VariantsEditor)
        await pilot.press("f4")
        await wait_for(pilot, lambda: editor.true_view.now() is not None)
        found = editor.true_view.now()
        for cell in range(16):
            held = {s[cell] for s in truth}
            assert set(found.digits(cell)) == held
            for d in held:
                assert found.count(cell, d) == min(found.cap, sum(s[cell] == d for s in truth))
        drawn = editor.grid.plain().splitlines()
        assert len(drawn) == 3 * 4 + 5  # three lines a cell, a border between rows
        top = drawn[1:4]  # r1: the given 1 in the middle line of r1c1
        assert top[1][1:4] == " 1 "
        r2c1 = "".join(line[1:4] for line in drawn[5:8])
        assert {int(ch) for ch in r2c1 if ch.isdigit()} == {s[4] for s in truth}
        caption = str(app.screen.query_one("#candidates").render())
        assert f"from {len(truth)} solutions" in caption
        await pilot.press("f4")
        assert len(editor.grid.plain().splitlines()) == 2 * 4 + 1


async def test_the_view_follows_an_edit_and_marks_cells_every_solution_fills_alike(pool):
    puzzle = formats.parse(VARIANT)
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(100, 40)) as pilot:
        app.edit(puzzle)
        editor = await checked_editor(pilot, app, VariantsEditor)
        await pilot.press("f4")
        await wait_for(pilot, lambda: editor.true_view.now() is not None)
        editor.grid.cursor = 4
        await pilot.press("1")  # r2c1 = 1 would repeat the given 1 in the box
        await wait_for(pilot, lambda: editor.found == 0)
        await wait_for(pilot, lambda: "none (no solution)" in str(
            app.screen.query_one("#candidates").render()))
        await pilot.press("2")  # the thermometer's bulb 2: r2c2 3, r2c3 4
        await wait_for(pilot, lambda: editor.true_view.now() is not None)
        found = editor.true_view.now()
        truth = solutions_4x4(editor.puzzle)
        assert found.solutions == len(truth)
        assert found.single(5) == 3 and found.single(6) == 4
        r2c2 = [char_at(editor.grid, x, y) for y in (5, 6, 7) for x in (5, 6, 7)]
        assert [(ch, style.color) for ch, style in r2c2 if ch != " "] == [("3", SINGLE.color)]


def char_at(grid, x: int, y: int):
    """The character drawn at (x, y) of the grid's lines, and its style."""
    at = 0
    for segment in grid.lines()[y]:
        if at <= x < at + len(segment.text):
            return segment.text[x - at], segment.style
        at += len(segment.text)
    raise IndexError((x, y))


async def test_the_sudoku_view_shades_true_candidates_and_says_where_a_given_helps(pool):
    text = ("1 . . .\n. . 1 .\n. 1 . .\n. . . 1\n")
    puzzle = sudoku.parse(text)
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(100, 40)) as pilot:
        app.edit(puzzle)
        editor = await checked_editor(pilot, app, SudokuEditor)
        assert editor.found >= 2
        await pilot.press("f4")
        await wait_for(pilot, lambda: editor.true_view.now() is not None)
        found = editor.true_view.now()
        every = [s for s in _squares(list(permutations(range(1, 5))), [])
                 if all(g in (0, v) for g, v in zip(puzzle.givens, sum(s, ()), strict=True))]
        for cell in range(16):
            assert set(found.digits(cell)) == {s[cell // 4][cell % 4] for s in every}
        caption = str(app.screen.query_one("#candidates").render())
        assert "a given would help at r" in caption
        assert editor.grid.marks.true is found
