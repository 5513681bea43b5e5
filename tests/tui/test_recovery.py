"""The recovery copy follows the document: there while the puzzle differs from its file,
gone when it does not (a save, an undo back, a clean quit); a copy equal to the file is
never offered; each window keeps its own, and a save deletes only its own."""

from pathlib import Path

from textual.widgets import Button, Input

from core import sudoku
from tests.tui.conftest import wait_for
from tests.tui.test_app import ready, text_of
from tui import storage
from tui.app import PuzzleApp
from tui.screens.dialogs import Choice, PathPrompt
from tui.screens.sudoku_editor import SudokuEditor

SAMPLE = Path(__file__).resolve().parents[2] / "puzzles" / "sudoku" / "hard_rot180.txt"


def a_file(tmp_path, name: str = "p.txt") -> Path:
    path = tmp_path / name
    path.write_text(SAMPLE.read_text())
    return path


async def opened(app, pilot) -> SudokuEditor:
    await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor)
                   and app.screen.found is not None)
    return app.screen


def choose(app, answer: str) -> None:
    """Press the dialog's button that says `answer`."""
    next(b for b in app.screen.query(Button) if str(b.label) == answer).press()


def copies() -> list[str]:
    return [c.key for c in storage.all_copies()]


async def test_the_copy_goes_when_an_undo_comes_back_to_the_file(pool, tmp_path):
    path = a_file(tmp_path)
    app = PuzzleApp(str(path), pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        editor = await opened(app, pilot)
        assert copies() == []  # the file as saved: nothing to keep
        await pilot.press("4")
        assert copies() == [editor.recovery]
        assert storage.load_recovery(editor.recovery) == editor.text()
        await pilot.press("5")  # the copy follows each edit
        assert storage.load_recovery(editor.recovery) == editor.text()
        await pilot.press("ctrl+z", "ctrl+z")
        assert not editor.dirty and copies() == []
        await pilot.press("ctrl+y")
        assert copies() == [editor.recovery]
        await pilot.press("ctrl+z")
    assert copies() == []  # and none after the app has closed
    app = PuzzleApp(str(path), pool=pool)  # reopened: nothing offered
    async with app.run_test(size=(110, 40)) as pilot:
        await opened(app, pilot)


async def test_a_clean_quit_leaves_no_copy(pool, tmp_path):
    """Saved, or knowingly quit without saving: nothing left to offer next time."""
    path = a_file(tmp_path)
    app = PuzzleApp(str(path), pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        await opened(app, pilot)
        await pilot.press("4", "ctrl+s")
        await pilot.press("5", "ctrl+q")
        await wait_for(pilot, lambda: ready(app, Choice))
        choose(app, "Quit without saving")
        await wait_for(pilot, lambda: not app.is_running)
    assert copies() == [] and storage.recoveries() == []
    assert sudoku.parse(path.read_text()).givens[0] == 4


async def test_a_copy_equal_to_its_file_is_never_offered(pool, tmp_path):
    """Left by a window that closed with the puzzle back as its file (or saved elsewhere):
    opening the file asks nothing, the start screen lists nothing, and the copy goes."""
    path = a_file(tmp_path)
    puzzle = sudoku.parse(SAMPLE.read_text())
    storage.save_recovery(storage.recovery_key(str(path)), sudoku.format(puzzle), str(path))
    assert storage.recoveries() == []
    assert copies() == []
    storage.save_recovery(storage.recovery_key(str(path)), sudoku.format(puzzle), str(path))
    app = PuzzleApp(str(path), pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        editor = await opened(app, pilot)
        assert not editor.dirty and copies() == []


async def save_as_is_asked(app, pilot, path) -> None:
    """Save as (F2) onto `path`, which is there already: the app asks before replacing it."""
    await pilot.press("f2")
    await wait_for(pilot, lambda: ready(app, PathPrompt))
    app.screen.query_one(Input).value = str(path)
    await pilot.press("enter")
    await wait_for(pilot, lambda: ready(app, Choice))
    assert f"{path} exists already." in text_of(app, ".title")


async def test_save_as_onto_an_existing_file_asks_first(pool, tmp_path):
    other = tmp_path / "other.txt"
    other.write_text("keep me\n")
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        app.edit(sudoku.parse(SAMPLE.read_text()))
        editor = await opened(app, pilot)
        for answer in ("Cancel", "Replace it"):
            await save_as_is_asked(app, pilot, other)
            if answer == "Cancel":
                await pilot.press("escape")
                await wait_for(pilot, lambda: app.screen is editor)
                assert other.read_text() == "keep me\n" and editor.path is None
            else:
                await pilot.press("enter")  # Replace it
                await wait_for(pilot, lambda: not editor.dirty)
        assert sudoku.parse(other.read_text()) == editor.puzzle and editor.path == str(other)


async def test_save_as_onto_a_symlink_loop_asks_too(pool, tmp_path):
    """A link that leads nowhere (here into itself) is something there: replaced only when
    the author says so."""
    loop = tmp_path / "loop.txt"
    loop.symlink_to(loop)
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        app.edit(sudoku.parse(SAMPLE.read_text()))
        editor = await opened(app, pilot)
        await save_as_is_asked(app, pilot, loop)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is editor)
    assert loop.is_symlink()


async def test_two_windows_on_one_file_keep_a_copy_each(pool, tmp_path):
    """Window B's unsaved work survives window A saving the file and B being killed; while
    B runs its copy is not offered to anyone else, and A is told B has unsaved changes."""
    path = a_file(tmp_path)
    window_b = storage.Window()  # another app window on the same file, with an edit
    theirs = sudoku.parse(SAMPLE.read_text())
    theirs = theirs.with_givens((9,) + theirs.givens[1:])
    b_copy = window_b.copy_key(storage.recovery_key(str(path)))
    window_b.keep(b_copy, sudoku.format(theirs), str(path))
    app = PuzzleApp(str(path), pool=pool)  # window A
    async with app.run_test(size=(110, 40)) as pilot:
        editor = await opened(app, pilot)  # nothing offered: B runs
        assert any("unsaved changes in another window" in n.message
                   for n in app._notifications)
        await pilot.press("4")
        assert set(copies()) == {b_copy, editor.recovery}
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: not editor.dirty)
        assert copies() == [b_copy]  # A's save deleted A's copy only
    window_b._lock.close()  # B is killed: the system lets go of its lock
    app = PuzzleApp(str(path), pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        await wait_for(pilot, lambda: ready(app, Choice))
        assert "Unsaved changes to p.txt were kept" in text_of(app, ".title")
        await pilot.press("enter")  # restore them
        editor = await opened(app, pilot)
        assert editor.puzzle == theirs and editor.dirty
        assert copies() == [editor.recovery]  # taken over by this window's own copy
        editor.action_save()
        await wait_for(pilot, lambda: not editor.dirty)
        assert copies() == []
