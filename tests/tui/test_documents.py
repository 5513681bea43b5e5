"""Several puzzles open at once: a generated or opened puzzle opens beside the one in front,
each keeps its undo history, its check and its file; switching, closing and quitting work
from the keys and the palette, and ask about unsaved work (quitting: once for all)."""

import shutil
from pathlib import Path

from textual.widgets import Input, OptionList

from core import arith, sudoku
from tests.tui.conftest import palette, wait_for
from tests.tui.test_app import ready, text_of
from tests.tui.test_generate import opened, set_fields
from tui import storage
from tui.app import PuzzleApp
from tui.screens.arith_editor import ArithEditor
from tui.screens.dialogs import Choice, PathPrompt
from tui.screens.start import StartScreen
from tui.screens.sudoku_editor import SudokuEditor
from tui.widgets.document_tabs import DocumentTabs

SAMPLE = Path(__file__).resolve().parents[2] / "puzzles" / "sudoku" / "hard_rot180.txt"


def copy_of_sample(tmp_path, name: str) -> Path:
    path = tmp_path / name
    shutil.copy(SAMPLE, path)
    return path


def tabs_of(editor) -> str:
    """The tab row an editor shows, or nothing while it is not mounted yet."""
    tabs = editor.query(DocumentTabs)
    return str(tabs.first().render()) if tabs else ""


async def a_file_and_a_new_calculation(app, pilot) -> tuple:
    """The file the app was started on, and a new 覆面算 opened beside it (in front)."""
    await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor))
    first = app.screen
    app.edit(arith.parse("SEND+MORE=MONEY"))
    await wait_for(pilot, lambda: isinstance(app.screen, ArithEditor))
    return first, app.screen


async def test_a_generated_puzzle_opens_beside_and_each_keeps_its_own(pool, tmp_path):
    mine = copy_of_sample(tmp_path, "mine.txt")
    app = PuzzleApp(str(mine), pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor)
                       and app.screen.found == 1)
        first = app.screen
        await pilot.press("3")  # r1c1 = 3 clashes with r1c2
        await wait_for(pilot, lambda: first.found == 0)
        dialog = await opened(app, pilot, "sudoku")
        set_fields(dialog, {"size": "4", "seed": "5"})
        await pilot.click("#start")
        await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor)
                       and app.screen is not first and app.screen.found == 1)
        second = app.screen
        assert app.documents == [first, second] and second.path is None
        assert first.dirty and first.path == str(mine)  # nothing was asked or replaced
        # the tabs are mounted once a second puzzle is open: waited for, not queried at once
        await wait_for(pilot, lambda: "1 mine.txt •" in tabs_of(second)
                       and "2 untitled Sudoku •" in tabs_of(second))
        await pilot.press("1")  # an edit in the second, its own history
        await wait_for(pilot, lambda: second.puzzle.givens[0] == 1)
        await pilot.press("ctrl+pageup")  # back to the first: its check is shown again
        await wait_for(pilot, lambda: app.screen is first)
        await wait_for(pilot, lambda: text_of(app, "#uniqueness") == "✗ no solution")
        await pilot.press("ctrl+z")  # undoes the first's edit, not the second's
        await wait_for(pilot, lambda: first.found == 1 and not first.dirty)
        assert text_of(app, "#uniqueness") == "✓ unique"
        assert second.puzzle.givens[0] == 1 and second.history.at == 1
        await pilot.press("ctrl+pagedown")
        await wait_for(pilot, lambda: app.screen is second)
        await pilot.press("ctrl+z")
        await wait_for(pilot, lambda: second.puzzle.givens[0] != 1 and second.history.at == 0)
        assert first.history.at == 0 and first.puzzle == sudoku.parse(mine.read_text())


async def test_each_puzzle_saves_to_its_own_file(pool, tmp_path):
    a, b = copy_of_sample(tmp_path, "a.txt"), copy_of_sample(tmp_path, "b.txt")
    app = PuzzleApp(str(a), pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor))
        first = app.screen
        app.open_path(str(b))
        await wait_for(pilot, lambda: app.screen is not first
                       and isinstance(app.screen, SudokuEditor))
        second = app.screen
        await pilot.press("right", "right", "right", "5", "ctrl+s")  # r1c4 in b
        await wait_for(pilot, lambda: not second.dirty)
        await pilot.press("ctrl+pageup", "7", "ctrl+s")  # r1c1 in a
        await wait_for(pilot, lambda: app.screen is first and not first.dirty)
        assert sudoku.parse(a.read_text()).givens[0] == 7
        assert sudoku.parse(a.read_text()).givens[3] == sudoku.parse(SAMPLE.read_text()).givens[3]
        assert sudoku.parse(b.read_text()).givens[3] == 5
        assert sudoku.parse(b.read_text()).givens[0] == 0
        app.open_path(str(a))  # open already: brought to the front, not opened twice
        await wait_for(pilot, lambda: app.screen is first)
        await pilot.press("ctrl+pagedown")
        await wait_for(pilot, lambda: app.screen is second)
        app.open_path(str(a))
        await wait_for(pilot, lambda: app.screen is first)
        assert app.documents == [first, second]


async def test_closing_asks_about_unsaved_work(pool, tmp_path):
    mine = copy_of_sample(tmp_path, "mine.txt")
    app = PuzzleApp(str(mine), pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        first, second = await a_file_and_a_new_calculation(app, pilot)
        await pilot.press("9")  # S is 9: kept in a safety copy
        await wait_for(pilot, lambda: storage.load_recovery(second.recovery) is not None)
        await pilot.press("ctrl+w")  # unsaved: asked
        await wait_for(pilot, lambda: ready(app, Choice))
        assert "untitled 虫食算・覆面算 has unsaved changes" in text_of(app, ".title")
        await pilot.press("escape")  # Cancel
        await wait_for(pilot, lambda: app.screen is second)
        assert app.documents == [first, second]
        copy = second.recovery
        await pilot.press("ctrl+w")
        await wait_for(pilot, lambda: ready(app, Choice))
        await pilot.press("right", "enter")  # Discard: the safety copy goes too
        await wait_for(pilot, lambda: app.screen is first)
        assert app.documents == [first] and storage.load_recovery(copy) is None
        assert not second.is_attached
        await pilot.press("ctrl+w")  # the file as saved: closed at once
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        assert app.documents == [] and not first.is_attached


async def test_quitting_asks_once_and_saves_them_all(pool, tmp_path):
    mine = copy_of_sample(tmp_path, "mine.txt")
    app = PuzzleApp(str(mine), pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor))
        first = app.screen
        await pilot.press("4")
        app.edit(sudoku.Puzzle.blank(4))
        await wait_for(pilot, lambda: app.screen is not first
                       and isinstance(app.screen, SudokuEditor))
        second = app.screen
        await pilot.press("2")
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda: ready(app, Choice))
        assert text_of(app, ".title") == ("Unsaved changes: mine.txt, untitled Sudoku.")
        await pilot.press("enter")  # Save all 2: the file is written, the new one asks
        await wait_for(pilot, lambda: ready(app, PathPrompt))
        assert not first.dirty and sudoku.parse(mine.read_text()).givens[0] == 4
        app.screen.query_one(Input).value = str(tmp_path / "small.txt")
        await pilot.press("enter")
        await wait_for(pilot, lambda: not app.is_running)
    assert sudoku.parse((tmp_path / "small.txt").read_text()) == second.puzzle
    assert storage.recoveries() == []


async def test_quitting_without_saving_drops_every_safety_copy(pool):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        for size in (4, 6):
            app.edit(sudoku.Puzzle.blank(size))
            await wait_for(pilot, lambda size=size: isinstance(app.screen, SudokuEditor)
                           and app.screen.puzzle.size == size)
            await pilot.press("1")
        await wait_for(pilot, lambda: len(storage.all_copies()) == 2)
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda: ready(app, Choice))
        await pilot.press("right", "enter")  # Quit without saving
        await wait_for(pilot, lambda: not app.is_running)
    assert storage.all_copies() == []


async def test_the_palette_and_the_start_screen_switch_between_puzzles(pool, tmp_path):
    mine = copy_of_sample(tmp_path, "mine.txt")
    app = PuzzleApp(str(mine), pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        first, second = await a_file_and_a_new_calculation(app, pilot)
        await pilot.press("9")  # its safety copy is not offered as work to recover
        await wait_for(pilot, lambda: storage.all_copies() != [])
        await palette(pilot, "Switch to 1 mine.txt")
        await wait_for(pilot, lambda: app.screen is first)
        await pilot.press("ctrl+n")  # the start screen: the open puzzles first
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        choices = app.screen.query_one(OptionList)
        shown = [str(choices.get_option_at_index(i).prompt) for i in range(2)]
        assert shown == ["Switch to 1 mine.txt", "Switch to 2 untitled 虫食算・覆面算 •"]
        assert not any("Recover" in str(choices.get_option_at_index(i).prompt)
                       for i in range(choices.option_count))
        assert app.documents == [first, second]
        await pilot.press("down", "enter")
        await wait_for(pilot, lambda: app.screen is second)
        await palette(pilot, "Close untitled")
        await wait_for(pilot, lambda: ready(app, Choice))
        await pilot.press("right", "enter")  # Discard
        await wait_for(pilot, lambda: app.screen is first and app.documents == [first])


async def test_two_new_puzzles_of_a_family_have_names_of_their_own(pool, tmp_path):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        empty = sudoku.Puzzle(sudoku.Shape.of_size(9), (0,) * 81)
        app.edit(empty)
        await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor))
        first = app.screen
        app.edit(empty)
        await wait_for(pilot, lambda: app.screen is not first
                       and isinstance(app.screen, SudokuEditor))
        second = app.screen
        app.edit(arith.parse("SEND+MORE=MONEY"))  # another family's first new one
        await wait_for(pilot, lambda: isinstance(app.screen, ArithEditor))
        tabs = str(app.screen.query_one(DocumentTabs).render())
        assert "1 untitled Sudoku " in tabs and "2 untitled Sudoku 2 " in tabs
        assert "3 untitled 虫食算・覆面算 " in tabs
        # its header (a new puzzle is unsaved: •)
        await wait_for(pilot, lambda: second.title == "untitled 2 •")
        # closing the first frees its name for the next new one; the second keeps its own
        app.show_document(first)
        await wait_for(pilot, lambda: app.screen is first)
        await pilot.press("ctrl+w")  # a new puzzle is unsaved: asked
        await wait_for(pilot, lambda: ready(app, Choice))
        assert "untitled Sudoku has unsaved changes" in text_of(app, ".title")
        await pilot.press("right", "enter")  # Discard
        await wait_for(pilot, lambda: first not in app.documents)
        app.edit(empty)
        await wait_for(pilot, lambda: len(app.documents) == 3
                       and all(d.title for d in app.documents))
        names = [d.title for d in app.documents if isinstance(d, SudokuEditor)]
        assert names == ["untitled 2 •", "untitled •"]


async def test_the_title_says_the_givens_symmetry_apart_from_the_editing_mode(pool):
    app = PuzzleApp(str(SAMPLE), pool=pool)  # hard_rot180.txt: its givens are rot180
    async with app.run_test(size=(110, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor))
        editor = app.screen
        await wait_for(pilot, lambda: editor.sub_title.startswith("Sudoku 9x9"))
        assert editor.sub_title == "Sudoku 9x9 · givens rot180"  # editing symmetry: off
        await pilot.press("f3")
        await wait_for(pilot, lambda: editor.sub_title.endswith("symmetric editing rot180"))
        editor.set_puzzle(sudoku.parse(".1" + "." * 79))  # r1c2 alone: no symmetry keeps it
        await wait_for(pilot, lambda: "givens not symmetric" in editor.sub_title)
