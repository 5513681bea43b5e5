"""Keys act in the order typed, whatever the speed: in every editor a sequence delivered at
once (Pilot posting the keys back to back, as a paste or a laggy link delivers them) leaves
the same document as the same keys typed one by one. Moves, entries, undo and the editors'
own keys are mixed in each sequence."""

import pytest

from core import arith, numcro, sudoku
from core.variants import formats
from core.variants.model import make
from tests.tui.conftest import burst, paced, wait_for
from tui.app import PuzzleApp
from tui.screens.arith_editor import ArithEditor
from tui.screens.numcro_editor import NumcroEditor
from tui.screens.sudoku_editor import SudokuEditor
from tui.screens.variants_editor import VariantsEditor
from tui.widgets.cell_grid import CellGrid

SUDOKU_KEYS = ("right", "5", "down", "7", "right", "3", "down", "1",  # the issue's burst
               "ctrl+z", "left", "left", "9", "delete", "j", "2", "ctrl+z", "ctrl+y", "l", "4")
VARIANT_KEYS = ("right", "5", "down", "w", "7", "right", "W", "shift+right", "shift+right",
                "t", "down", "3", "ctrl+z", "x", "left", "8", "right", "m", "down", "backspace")
NUMCRO_KEYS = ("down", "1", "2", "right", "3", "space", "right", "right", "4", "5", "left",
               "ctrl+z", "down", "space", "right", "7")
ARITH_KEYS = ("right", "7", "down", "3", "left", "9", "backspace", "down", "down", "5",
              "ctrl+z", "right", "2", "up", "plus", "4")


async def document_after(pool, start, editor_type, keys, how) -> str:
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        app.edit(start)
        await wait_for(pilot, lambda: isinstance(app.screen, editor_type)
                       and isinstance(app.focused, CellGrid))
        editor = app.screen
        await how(pilot, *keys)
        await pilot.pause(0.2)
        return editor.text()


@pytest.mark.parametrize("start, editor_type, keys", [
    (sudoku.Puzzle(sudoku.Shape.of_size(9), (0,) * 81), SudokuEditor, SUDOKU_KEYS),
    (make(9), VariantsEditor, VARIANT_KEYS),
    (numcro.Puzzle("en", (), 5, 5, tuple(range(1, 26))), NumcroEditor, NUMCRO_KEYS),
    (arith.parse("  ***\nx  **\n-----\n  ***\n ***\n-----\n ****\n"), ArithEditor, ARITH_KEYS),
], ids=["sudoku", "variants", "numcro", "arith"])
async def test_a_burst_of_keys_leaves_the_document_typing_them_slowly_does(
        pool, start, editor_type, keys):
    slowly = await document_after(pool, start, editor_type, keys, paced)
    at_once = await document_after(pool, start, editor_type, keys, burst)
    assert at_once == slowly
    assert slowly != editor_type.family.format(start)  # the keys did edit


async def test_the_issues_burst_puts_each_digit_in_its_own_cell(pool):
    """→ 5 ↓ 7 → 3 ↓ 1 in a new 9x9, sent at once: once every digit landed in r1c1."""
    empty = sudoku.Puzzle(sudoku.Shape.of_size(9), (0,) * 81)
    typed = sudoku.parse(await document_after(pool, empty, SudokuEditor, SUDOKU_KEYS[:8],
                                              burst))
    assert {c: v for c, v in enumerate(typed.givens) if v} == {1: 5, 10: 7, 11: 3, 20: 1}


@pytest.mark.parametrize("picked", [
    ("shift+right", "k", "1", "5", "enter"),
    # editing in the question, and keys after Enter back in the grid (the tmux repro's
    # `BSpace 5 Enter`: the 5 got in before the Backspace, the keys after Enter were lost)
    ("shift+right", "k", "1", "6", "backspace", "5", "enter", "right", "3"),
], ids=["typed", "edited"])
async def test_keys_after_one_that_opens_a_dialog_go_to_the_dialog(pool, picked):
    """k asks a cage's sum: the digits and Enter typed on go into that question."""
    start = formats.parse("kind: variants\nsize: 9\n")
    slowly = await document_after(pool, start, VariantsEditor, picked, paced)
    at_once = await document_after(pool, start, VariantsEditor, picked, burst)
    assert "cage 15: r1c1 r1c2" in slowly
    assert at_once == slowly
