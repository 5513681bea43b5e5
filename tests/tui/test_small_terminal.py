"""Every editor at 80x24: the cursor stays in view wherever it goes (the board scrolls to
it), the side panel sits inside the screen with its text wrapped to its width, and notices
go away by themselves."""

from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text
from textual.geometry import Region

from core import arith, numcro, sudoku
from core.variants import formats
from tests import DATA
from tests.core.variants.test_formats import SAMPLE as VARIANT
from tests.tui.conftest import wait_for
from tui.app import PuzzleApp
from tui.screens import editor as editor_module
from tui.widgets.cell_grid import CellGrid
from tui.widgets.layout_grid import LayoutGrid
from tui.widgets.status_panel import StatusPanel

SAMPLE = Path(__file__).resolve().parents[2] / "puzzles" / "sudoku" / "hard_rot180.txt"
SIZE = (80, 24)


def cursor_in_view(editor) -> bool:
    """The cursor's cell lies inside the part of the board on screen."""
    grid, board = editor.query_one(CellGrid), editor.query_one("#board")
    cell = grid.cell_region(grid.cursor).translate(grid.virtual_region.offset)
    window = Region(*board.scroll_offset, *board.scrollable_content_region.size).shrink(
        grid.dock_gutter)  # not under the stepper's words, docked at the board's foot
    return window.contains_region(cell) and board.region.right <= SIZE[0]


def panel_readable(editor) -> bool:
    """The panel is on screen and wide enough to read; its status lines wrap inside it, as
    tall as their wrapped text (a long one scrolls with the panel)."""
    panel = editor.query_one(StatusPanel)
    if panel.region.right > SIZE[0] or panel.content_region.width < 20:
        return False
    if not panel.query_one("#uniqueness").display:
        return False
    for line in panel.query_one("#uniqueness"), panel.query_one("#details"):
        text, width = str(line.render()), line.content_region.width
        if not line.display:  # nothing to say there
            continue
        wrapped = len(Text(text).wrap(Console(width=width), width)) if text else 0
        inside = panel.region.x <= line.region.x and line.region.right <= panel.region.right
        if not inside or line.size.height < wrapped:
            return False
    return True


def in_last_row(grid) -> bool:
    if isinstance(grid, LayoutGrid):  # the calculation's cells, line by line
        return grid.at[0] == max(y for y, _ in grid.cells)
    rows, columns = grid.rows_and_columns
    return grid.cursor // columns == rows - 1


async def opened(app, pilot, puzzle):
    app.edit(puzzle)
    await wait_for(pilot, lambda: isinstance(app.focused, CellGrid)
                   and app.screen.last_check is not None)
    await pilot.pause()  # the panel laid out with the check's words
    return app.screen


@pytest.mark.parametrize("puzzle, keys", [
    (sudoku.parse(SAMPLE.read_text()), ["up", "left"]),  # wraps to r9c9
    (sudoku.Puzzle(sudoku.Shape.of_size(16), (0,) * 256), ["up", "left"]),
    (formats.parse(VARIANT), ["up", "left"]),
    (numcro.Puzzle("ja", (), 13, 13, tuple(range(1, 170))), ["up", "left"]),
    (arith.parse((DATA / "arith" / "mushikuizan").glob("M02*").__next__().read_text()),
     ["down"] * 40 + ["left"] * 30),
], ids=["sudoku", "sudoku16", "variants", "numcro13", "arith-23x20"])
async def test_the_cursor_in_the_last_row_is_in_view_and_the_panel_readable(
        pool, puzzle, keys):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=SIZE) as pilot:
        editor = await opened(app, pilot, puzzle)
        assert cursor_in_view(editor) and panel_readable(editor)
        await pilot.press(*keys)
        await pilot.pause()
        assert in_last_row(editor.query_one(CellGrid))
        assert cursor_in_view(editor) and panel_readable(editor)
        await pilot.press("down")  # and back to the first row
        await pilot.pause()
        assert cursor_in_view(editor)


async def test_the_candidates_view_scrolls_to_the_cursor(pool):
    """Three lines of marks a row do not fit 24 lines: the board follows the cursor."""
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=SIZE) as pilot:
        editor = await opened(app, pilot, sudoku.parse(SAMPLE.read_text()))
        await pilot.press("f5")
        board = editor.query_one("#board")
        for _ in range(8):
            await pilot.press("down")
            await pilot.pause()
            assert cursor_in_view(editor)
        assert board.scroll_offset.y > 0 and panel_readable(editor)
        await pilot.press("f5", "f5")  # off and on again with the cursor in the last row
        await pilot.pause()
        assert cursor_in_view(editor)


async def test_a_notice_goes_away_by_itself(pool, monkeypatch):
    monkeypatch.setitem(editor_module.NOTICE_SECONDS, "information", 0.3)
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=SIZE) as pilot:
        editor = await opened(app, pilot, sudoku.parse(SAMPLE.read_text()))
        await pilot.press("ctrl+z")
        notice = editor.query_one("#notice")
        assert str(notice.render()) == "nothing to undo"
        await wait_for(pilot, lambda: not str(notice.render()), timeout=5)
        assert panel_readable(editor)


def shown(app, widget) -> str:
    """The words on screen in a widget's columns (inside its border, padding and scrollbar),
    top to bottom, wrapped lines joined."""
    region = widget.scrollable_content_region
    lines = [strip.text[region.x:region.right]
             for strip in app.screen._compositor.render_strips()]
    return " ".join(" ".join(lines).split())


async def test_the_steppers_words_and_its_line_in_the_walkthrough_are_in_view(pool):
    """With its candidates the grid is taller than the board at 80x24: the step's words
    (once under the grid, scrolled out of sight) stay on screen, and the panel's walkthrough
    follows the step shown."""
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=SIZE) as pilot:
        editor = await opened(app, pilot, sudoku.parse(SAMPLE.read_text()))
        await wait_for(pilot, lambda: editor.last_rating is not None)
        steps = editor.last_rating.steps
        board, panel = editor.query_one("#board"), editor.query_one(StatusPanel)
        await pilot.press("up")  # the cursor in the last row, where the words will go
        for key in ("ctrl+j", "pagedown", "home", "end", "down", "up"):
            await pilot.press(key)
            await pilot.pause()
            at = editor.step_at
            on_board = shown(app, board)
            assert f"step {at + 1} of {len(steps)} · {steps[at].technique}" in on_board, key
            assert " ".join(steps[at].text.split()) in on_board, key
            marked = next(line for line in editor.last_rating.walkthrough()
                          if line.startswith(f"{at + 1:3}. "))
            assert " ".join(("▶" + marked).split()) in shown(app, panel), key
            assert cursor_in_view(editor)
