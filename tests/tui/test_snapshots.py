"""Snapshots of each screen (pytest-textual-snapshot). Each was looked at as a picture before
it was committed; `pytest --snapshot-update` rewrites them after a deliberate change."""

from pathlib import Path

from core import sudoku
from tests.tui.conftest import wait_for
from tui.app import PuzzleApp
from tui.screens.sudoku_editor import SudokuEditor

SAMPLE = Path(__file__).resolve().parents[2] / "puzzles" / "sudoku" / "hard_rot180.txt"
SIZE = (110, 36)


def test_start_screen(snap_compare, pool):
    assert snap_compare(PuzzleApp(pool=pool), terminal_size=SIZE)


def test_editor_unique_with_difficulty(snap_compare, pool):
    app = PuzzleApp(str(SAMPLE), pool=pool)

    async def settled(pilot):
        await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor)
                       and app.screen.last_rating)
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=settled)


def test_editor_several_solutions_highlighted(snap_compare, pool):
    app = PuzzleApp(pool=pool)
    loose = sudoku.parse(SAMPLE.read_text())
    loose = loose.with_givens(0 if c in (1, 3) else v for c, v in enumerate(loose.givens))

    async def settled(pilot):
        app.edit(loose)
        await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor)
                       and app.screen.last_check.get("count") == 2)
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=settled)


def test_help_screen(snap_compare, pool):
    assert snap_compare(PuzzleApp(pool=pool), terminal_size=SIZE, press=["f1"])


def test_generator_dialog(snap_compare, pool):
    app = PuzzleApp(pool=pool)

    async def opened(pilot):
        app.action_generate()
        await pilot.pause(0.2)

    assert snap_compare(app, terminal_size=SIZE, run_before=opened)
