"""Pasting a puzzle into the app (bracketed paste) and opening one from text (issue 35): an
81-digit line or a grid fills the grid in front when it fits (one step to undo), a link or
any other puzzle opens beside it, text that is no puzzle is said so."""

from dataclasses import replace
from pathlib import Path

from textual import events

from core.variants import formats, links
from tests.core.variants.test_formats import SAMPLE
from tests.tui.conftest import checked_editor, wait_for
from tui.app import PuzzleApp
from tui.screens.dialogs import PathPrompt
from tui.screens.start import StartScreen
from tui.screens.sudoku_editor import SudokuEditor
from tui.screens.variants_editor import VariantsEditor

HARD = Path(__file__).resolve().parents[2] / "puzzles" / "sudoku" / "hard_rot180.txt"
LINE = next(line for line in formats.format(formats.parse(SAMPLE), "line").splitlines()
            if len(line) == 81)  # the sample's givens on one line


def paste(app, text: str) -> None:
    app.post_message(events.Paste(text))


async def test_a_pasted_line_fills_a_variants_givens_and_keeps_its_constraints(pool):
    bare = formats.parse(SAMPLE).with_givens((0,) * 81)
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(120, 40)) as pilot:
        app.edit(bare)
        editor = await checked_editor(pilot, app, VariantsEditor)
        paste(app, LINE + "\n")
        await wait_for(pilot, lambda: editor.puzzle.clue_count == 30 and editor.found == 1)
        assert editor.puzzle.cages == bare.cages and editor.puzzle.thermos == bare.thermos
        assert len(app.documents) == 1
        await pilot.press("ctrl+z")
        assert editor.puzzle == bare


async def test_a_pasted_grid_opens_from_the_start_screen_and_a_link_beside(pool):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        paste(app, HARD.read_text())
        await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor)
                       and app.screen.found == 1)
        link = links.write(replace(formats.parse(SAMPLE), meta=(("title", "Pasted"),)),
                           "sudokupad")
        paste(app, link)
        await checked_editor(pilot, app, VariantsEditor)
        assert len(app.documents) == 2 and app.screen.puzzle.title() == "Pasted"


async def test_pasted_text_that_is_no_puzzle_is_said_so(pool):
    app = PuzzleApp(str(HARD), pool=pool)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor))
        before = app.screen.puzzle
        paste(app, "hello there")
        await wait_for(pilot, lambda: any("not a puzzle" in n.message
                                          for n in app._notifications))
        assert app.screen.puzzle == before and len(app.documents) == 1


async def test_open_from_text_takes_a_line_or_a_link(pool):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        app.action_open_text()
        await wait_for(pilot, lambda: isinstance(app.screen, PathPrompt))
        prompt = app.screen
        assert prompt.validate("12345") is not None  # refused, with the parser's words
        app.screen.dismiss(LINE)
        await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor)
                       and app.screen.found == 1)


async def test_a_pasted_iss_link_or_string_opens_its_puzzle(pool):
    from core.variants import iss

    puzzle = formats.parse(SAMPLE)
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        paste(app, links.write(puzzle, "iss"))
        editor = await checked_editor(pilot, app, VariantsEditor)
        assert editor.puzzle == puzzle and editor.found == 1
        paste(app, iss.write(puzzle.with_givens((0,) * 81)) + "\n")
        await wait_for(pilot, lambda: len(app.documents) == 2)
        editor = await checked_editor(pilot, app, VariantsEditor)
        assert editor.puzzle.thermos == puzzle.thermos and editor.puzzle.clue_count == 0
