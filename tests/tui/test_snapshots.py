"""Snapshots of each screen (pytest-textual-snapshot). Each was looked at as a picture before
it was committed; `pytest --snapshot-update` rewrites them after a deliberate change."""

from pathlib import Path

from core import arith, sudoku
from dictionaries.builder import build_from_sources
from tests import DATA
from tests.tui.conftest import wait_for
from tui import families
from tui.app import PuzzleApp
from tui.screens.arith_editor import ArithEditor
from tui.screens.generate import GenerateDialog
from tui.screens.numcro_editor import NumcroEditor
from tui.screens.sudoku_editor import SudokuEditor

SAMPLE = Path(__file__).resolve().parents[2] / "puzzles" / "sudoku" / "hard_rot180.txt"
SIZE = (110, 36)


def test_start_screen(snap_compare, pool):
    assert snap_compare(PuzzleApp(pool=pool), terminal_size=SIZE)


def test_editor_unique_with_difficulty(snap_compare, pool):
    app = PuzzleApp(str(SAMPLE), pool=pool)

    async def settled(pilot):
        await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor)
                       and app.screen.last_rating and not app.screen.live.running)
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=settled)


async def _two_solutions_shown(app, pilot) -> None:
    """The sample less two givens opened, its two solutions found and a given suggested."""
    loose = sudoku.parse(SAMPLE.read_text())
    app.edit(loose.with_givens(0 if c in (1, 3) else v for c, v in enumerate(loose.givens)))
    await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor)
                   and app.screen.found == 2 and app.screen.suggested
                   and not app.screen.live.running)


def test_editor_several_solutions_highlighted(snap_compare, pool):
    app = PuzzleApp(pool=pool)

    async def settled(pilot):
        await _two_solutions_shown(app, pilot)
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=settled)


def test_both_solutions_side_by_side_in_turn(snap_compare, pool):
    """The second of two solutions shown, the cells where they differ highlighted."""
    app = PuzzleApp(pool=pool)

    async def settled(pilot):
        await _two_solutions_shown(app, pilot)
        await pilot.press("ctrl+r", "ctrl+r")
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=settled)


def test_candidates_view(snap_compare, pool):
    app = PuzzleApp(str(SAMPLE), pool=pool)

    async def settled(pilot):
        await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor)
                       and app.screen.last_rating and not app.screen.live.running)
        await pilot.press("f5")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(100, 40), run_before=settled)


def test_stepper_on_the_hardest_step(snap_compare, pool):
    app = PuzzleApp(str(SAMPLE), pool=pool)

    async def settled(pilot):
        await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor)
                       and app.screen.last_rating and not app.screen.live.running)
        await pilot.press("ctrl+j")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(100, 40), run_before=settled)


def test_help_screen(snap_compare, pool):
    assert snap_compare(PuzzleApp(pool=pool), terminal_size=SIZE, press=["f1"])


def generator_named(name: str):
    return next(m for m in families.generators() if m.generator.name == name)


def test_generator_menu(snap_compare, pool):
    assert snap_compare(PuzzleApp(pool=pool), terminal_size=SIZE, press=["ctrl+g"])


def test_generator_dialog(snap_compare, pool):
    app = PuzzleApp(pool=pool)

    async def opened(pilot):
        app.open_generator(generator_named("sudoku"))
        await pilot.pause(0.2)

    assert snap_compare(app, terminal_size=SIZE, run_before=opened)


def test_generator_dialog_at_80x24_with_more_options(snap_compare, pool):
    """The fields scroll; the help line, the state and the buttons stay in sight."""
    app = PuzzleApp(pool=pool)

    async def opened(pilot):
        app.open_generator(generator_named("arith"))
        await pilot.pause(0.2)
        for _ in range(6):
            await pilot.press("down")
        await pilot.press("enter")  # More options, opened
        await pilot.press("down", "down")
        await pilot.pause(0.2)

    assert snap_compare(app, terminal_size=(80, 24), run_before=opened)


def test_two_puzzles_open_as_tabs(snap_compare, pool):
    app = PuzzleApp(str(SAMPLE), pool=pool)

    async def settled(pilot):
        await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor)
                       and app.screen.last_rating)
        app.edit(arith.parse("**+**=19*"))
        await wait_for(pilot, lambda: isinstance(app.screen, ArithEditor)
                       and app.screen.found == 2)
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=settled)


def test_arith_editor_several_solutions(snap_compare, pool):
    app = PuzzleApp(pool=pool)

    async def settled(pilot):
        app.edit(arith.parse("**+**=19*"))
        await wait_for(pilot, lambda: isinstance(app.screen, ArithEditor)
                       and app.screen.found == 2)
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=settled)


def test_numcro_editor_unique(snap_compare, pool, tmp_path):
    listing = tmp_path / "words.txt"
    words = "キントウン キン キキ キヨ ヨウ トウキヨウ キンキ キヨウ トキ ウキ ウンキ ヨトウ"
    listing.write_text("\n".join(words.split()) + "\n")
    build_from_sources([str(listing)], tmp_path / "words", "ja")
    app = PuzzleApp(str(DATA / "numcro" / "ja_wikipedia_5x5.q.txt"), pool=pool)

    async def settled(pilot):
        await wait_for(pilot, lambda: isinstance(app.screen, NumcroEditor)
                       and app.screen.last_check is not None)
        app.screen.use_dictionary(str(tmp_path / "words"))
        await wait_for(pilot, lambda: app.screen.found == 1)
        await pilot.press("ctrl+r")
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=settled)


def test_numcro_generator_dialog(snap_compare, pool):
    app = PuzzleApp(pool=pool)

    async def opened(pilot):
        app.open_generator(generator_named("numcro"))
        await wait_for(pilot, lambda: isinstance(app.screen, GenerateDialog)
                       and app.screen.query("#field-help")
                       and str(app.screen.query("#field-help").first().render()).strip())
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=opened)


def test_candidates_view_at_80x24_follows_the_cursor(snap_compare, pool):
    """The marks of 81 cells do not fit 24 lines: the board scrolls to the cursor in the
    last row, and the panel wraps beside it."""
    app = PuzzleApp(str(SAMPLE), pool=pool)

    async def settled(pilot):
        await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor)
                       and app.screen.last_rating and not app.screen.live.running)
        await pilot.press("f5", "up", "left")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=settled)
