"""The Sudoku variants editor: the grid draws the constraints, digits set givens, `:` adds a
constraint in the text format's words, mark keys put dots and signs between cells, the live
check says unique / several in the pool, and undo takes a constraint back."""

import pytest

from core.variants import formats
from core.variants.model import Cage
from tests.core.variants.test_formats import SAMPLE
from tests.tui.conftest import wait_for
from tui.app import PuzzleApp
from tui.screens.variants_editor import VariantsEditor


async def open_editor(app, pilot, puzzle):
    app.edit(puzzle)
    await wait_for(pilot, lambda: isinstance(app.screen, VariantsEditor)
                   and app.screen.found is not None)
    return app.screen


def status(app) -> str:
    return str(app.screen.query_one("#uniqueness").render())


async def test_a_unique_variant_is_drawn_and_checked(pool):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(120, 40)) as pilot:
        editor = await open_editor(app, pilot, formats.parse(SAMPLE))
        assert editor.found == 1 and "unique" in status(app)
        drawn = editor.grid.plain()
        assert "○" in drawn and "◉" in drawn and "9 " in drawn  # dot, thermo bulb, cage sum
        assert "38↘" in drawn  # the little killer clue outside the grid


async def test_constraints_are_added_by_words_and_keys_and_undone(pool):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(120, 40)) as pilot:
        start = formats.parse(SAMPLE.split("white:")[0])
        editor = await open_editor(app, pilot, start)
        await pilot.press("colon")
        for ch in "cage 14: r1c3 r1c4":
            await pilot.press("space" if ch == " " else ch)
        await pilot.press("enter")
        await wait_for(pilot, lambda: editor.puzzle.cages and editor.found is not None)
        assert editor.puzzle.cages[0].total == 14
        editor.grid.cursor = 40
        await pilot.press("x")  # an X between r5c5 and r5c6
        assert any(m.kind == "x" and {m.a, m.b} == {40, 41} for m in editor.puzzle.marks)
        await pilot.press("ctrl+z", "ctrl+z")
        assert editor.puzzle == start


async def test_a_constraint_that_cannot_be_says_why(pool):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(120, 40)) as pilot:
        editor = await open_editor(app, pilot, formats.parse(SAMPLE.split("white:")[0]))
        assert editor.problem_with_line("cage 99: r1c1 r1c2").startswith("a cage of 2 cells")
        assert editor.problem_with_line("thermo: r1c1 r5c5").startswith("a thermometer jumps")


async def test_cells_picked_with_shift_arrows_become_a_thermo_a_cage_and_an_arrow(pool):
    from core.variants.model import make

    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(120, 40)) as pilot:
        editor = await open_editor(app, pilot, make(9))
        await pilot.press("shift+right", "shift+right", "shift+down", "shift+up")
        assert editor.grid.selection == [0, 1, 2]  # stepping back takes the last cell off
        await pilot.press("t")
        assert editor.puzzle.thermos == ((0, 1, 2),) and editor.grid.selection == []
        editor.grid.cursor = 20
        await pilot.press("shift+down", "k")
        await wait_for(pilot, lambda: ready_prompt(app))
        await pilot.press("1", "x", "enter")
        assert "whole number" in str(app.screen.query_one("#error").render())
        await pilot.press("backspace", "7", "enter")
        await wait_for(pilot, lambda: editor.puzzle.cages)
        assert editor.puzzle.cages == (Cage((20, 29), 17),)
        editor.grid.cursor = 60
        await pilot.press("shift+right", "shift+right", "r")
        assert [(a.bulb, a.shaft) for a in editor.puzzle.arrows] == [((60,), (61, 62))]
        await pilot.press("ctrl+z", "ctrl+z", "ctrl+z")
        assert editor.puzzle == make(9)


def ready_prompt(app) -> bool:
    from tui.screens.dialogs import PathPrompt

    return isinstance(app.screen, PathPrompt) and app.screen.is_mounted


async def test_diagonals_and_extra_regions_are_drawn(pool):
    from core.variants.model import make, windows
    from tui.widgets.variants_grid import EXTRA_TINT, _cage_tints

    puzzle = make(9, None, None, rules={"diagonal", "antidiagonal"}, extra=windows(9)[:1])
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(120, 40)) as pilot:
        editor = await open_editor(app, pilot, puzzle)
        drawn = editor.grid.plain()
        assert "╲" in drawn and "╱" in drawn and "╳" in drawn  # the centre is on both
        assert "diagonal" in editor.describe()
    assert _cage_tints(puzzle)[windows(9)[0][0]] == EXTRA_TINT



@pytest.mark.parametrize("kind, seed", [("thermo", "2"), ("killer", "3")])
async def test_generator_dialog_makes_thermometers_and_killers_without_one_cell_cages(
        pool, kind, seed):
    from textual.widgets import Input

    from tests.tui.test_app import ready
    from tui.screens.dialogs import GenerateVariants

    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(120, 40)) as pilot:
        app.generate("variants")
        await wait_for(pilot, lambda: ready(app, GenerateVariants))
        dialog = app.screen
        dialog.query_one("#kind").value = kind
        dialog.query_one("#size").value = 6
        dialog.query_one("#seed", Input).value = seed
        await pilot.pause(0.5)  # two quick clicks would count as a double click
        await pilot.click("#start")
        await wait_for(pilot, lambda: isinstance(app.screen, VariantsEditor)
                       and app.screen.found is not None, timeout=60)
        editor = app.screen
        assert editor.found == 1
        if kind == "thermo":
            assert editor.puzzle.thermos
        else:
            assert editor.puzzle.cages and min(len(c.cells) for c in editor.puzzle.cages) >= 2
