"""The 虫食算 / 覆面算 editor: the letter key of the answer, the search effort, the level and
first steps, the shape changed in place, undo."""

from core import arith
from tests.tui.conftest import wait_for
from tui.app import PuzzleApp
from tui.screens.arith_editor import ArithEditor


async def open_editor(app, pilot, puzzle):
    app.edit(puzzle)
    await wait_for(pilot, lambda: isinstance(app.screen, ArithEditor)
                   and app.screen.found is not None)
    return app.screen


def text(app, selector: str) -> str:
    return str(app.screen.query_one(selector).render())


async def test_the_answer_of_an_alphametic_shows_its_letter_key(pool):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        editor = await open_editor(app, pilot, arith.parse("SEND+MORE=MONEY"))
        assert editor.found == 1 and "search effort" in text(app, "#details")
        await pilot.press("ctrl+r")
        assert "S=9" in text(app, "#details") and "Y=2" in text(app, "#details")
        shown = "\n".join(editor.grid.solution)
        assert "9567" in shown and "10652" in shown  # letters show their digits


async def test_the_shape_changes_in_place_and_undoes(pool):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        start = arith.parse("  *2*\nx  *3\n-----\n  ***\n ***\n-----\n ****\n")
        editor = await open_editor(app, pilot, start)
        await pilot.press("f7")  # a third multiplier digit, with its partial product
        assert len(editor.puzzle.operands[1]) == 3 and len(editor.puzzle.partials) == 3
        await pilot.press("f9")  # multiplication -> addition
        assert editor.puzzle.op == "add"
        await pilot.press("ctrl+z", "ctrl+z")
        assert editor.puzzle == start
        editor.grid.cursor = 0  # the multiplicand's first cell
        await pilot.press("plus")
        assert editor.puzzle.operands[0] == "**2*"
        await pilot.press("minus", "minus")
        assert editor.puzzle.operands[0] == "2*"


async def test_a_unique_calculation_shows_its_level_and_first_steps(pool):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        await open_editor(app, pilot, arith.parse("SEND+MORE=MONEY"))
        await wait_for(pilot, lambda: "level:" in text(app, "#difficulty"))
        headline = text(app, "#difficulty")
        assert "medium (score 2.5, workbench arithmetic scale)" in headline
        assert "M = 1" in text(app, "#techniques")  # the first steps, in words


async def test_showing_the_answer_keeps_the_level(pool):
    """ctrl+r shows the check again: the level the rating gave stays (it said "rating…",
    and the rating was not asked again)."""
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        await open_editor(app, pilot, arith.parse("SEND+MORE=MONEY"))
        await wait_for(pilot, lambda: "level:" in text(app, "#difficulty"))
        await pilot.press("ctrl+r")
        await wait_for(pilot, lambda: "S=9" in text(app, "#details"))
        assert "level: medium" in text(app, "#difficulty")
