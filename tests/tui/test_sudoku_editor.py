"""The Sudoku editor as an author uses it: undo, candidates, the stepper, both solutions and
the givens that make a puzzle unique."""

from pathlib import Path

from cli import main
from core import sudoku
from core.family import Failed
from core.sudoku.authoring import candidates
from tests.tui.conftest import checked_editor, wait_for
from tui.app import PuzzleApp
from tui.screens.sudoku_editor import SudokuEditor

SAMPLE = Path(__file__).resolve().parents[2] / "puzzles" / "sudoku" / "hard_rot180.txt"
TOP1 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


async def open_editor(app, pilot, puzzle):
    app.edit(puzzle)
    return await checked_editor(pilot, app, SudokuEditor)


async def test_undo_and_redo_take_a_symmetric_edit_and_a_generation_as_one_step(pool):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        empty = sudoku.Puzzle(sudoku.Shape.of_size(9), (0,) * 81)
        editor = await open_editor(app, pilot, empty)
        await pilot.press("f3")  # rot180
        await pilot.press("5")  # r1c1 = 5, its partner r9c9 follows from a solution
        await wait_for(pilot, lambda: editor.puzzle.givens[80] != 0)
        filled = editor.puzzle
        await pilot.press("ctrl+z")
        assert editor.puzzle == empty  # the edit and its partner went as one
        assert editor.found is not None  # shown from the cache, not counted again
        await pilot.press("ctrl+y")
        assert editor.puzzle == filled
        made = sudoku.parse(SAMPLE.read_text())
        editor.set_puzzle(made, replace=True)  # what a generated puzzle does
        await pilot.press("ctrl+z")
        assert editor.puzzle == filled
        await pilot.press("ctrl+shift+z")
        assert editor.puzzle == made
        await pilot.press("ctrl+y")  # nothing more to redo
        assert editor.puzzle == made


async def test_escape_stops_a_check_but_never_wipes_a_result(pool):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        editor = await open_editor(app, pilot, sudoku.parse(SAMPLE.read_text()))
        await wait_for(pilot, lambda: editor.found == 1)
        await pilot.press("escape")
        assert editor.found == 1
        assert str(editor.query_one("#uniqueness").render()) == "✓ unique"


async def test_candidates_view_and_the_authors_pencil_marks(pool):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(100, 40)) as pilot:
        puzzle = sudoku.parse(SAMPLE.read_text())
        editor = await open_editor(app, pilot, puzzle)
        await pilot.press("f5")
        grid = editor.grid
        assert grid.marks.computed == candidates(puzzle)
        lines = grid.plain().split("\n")
        assert len(lines) == 9 * 3 + 4  # three lines of marks a cell, at 100x40
        first_empty = puzzle.givens.index(0)
        grid.cursor = first_empty
        await pilot.press("f6")  # pencil mode: typing toggles the author's marks
        await pilot.press("1", "2")
        assert editor.own_marks == {first_empty: 0b11} and editor.puzzle == puzzle
        await pilot.press("2")
        assert editor.own_marks == {first_empty: 0b1}
        await pilot.press("delete")
        assert editor.own_marks == {}
        await pilot.press("f6", "f5")
        assert grid.marks.computed is None


async def test_the_stepper_walks_the_solution_on_the_grid(pool):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        puzzle = sudoku.parse(SAMPLE.read_text())
        editor = await open_editor(app, pilot, puzzle)
        await wait_for(pilot, lambda: editor.last_rating is not None)
        steps = sudoku.rate(puzzle).steps
        await pilot.press("ctrl+t")
        grid = editor.grid
        assert grid.marks.placing == {steps[0].placements[0][0]}
        assert str(editor.query_one("#step").render()).startswith(f"step 1 of {len(steps)}")
        await pilot.press("pagedown", "pagedown")
        assert editor.step_at == 2 and grid.marks.placing == {steps[2].placements[0][0]}
        placed_before = {c for s in steps[:2] for c, _ in s.placements}
        assert all(grid.marks.values[c] for c in placed_before)
        await pilot.press("end")  # the hardest
        hardest = max(range(len(steps)), key=lambda i: (steps[i].score, -i))
        assert editor.step_at == hardest == sudoku.rate(puzzle).hardest_index()
        step = steps[hardest]
        assert grid.marks.struck == set(step.eliminations) and grid.marks.used
        assert step.text in str(editor.query_one("#step").render())
        await pilot.press("home")
        assert editor.step_at == 0
        await pilot.press("ctrl+t")
        assert editor.step_at is None and grid.marks.computed is None


async def test_the_stepper_says_there_are_no_steps_when_the_rating_was_stopped(pool):
    """ctrl+t after Esc stopped the rating opens the step line and says there are no steps,
    as in the variants editor (the Sudoku editor once opened nothing); End says so too."""
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        editor = await open_editor(app, pilot, sudoku.parse(SAMPLE.read_text()))
        await wait_for(pilot, lambda: editor.last_rating is not None)
        editor.last_rating = Failed(stopped=True)  # what the rating's job answers after Esc
        await pilot.press("ctrl+t")
        step = editor.query_one("#step")
        await wait_for(pilot, lambda: step.display)
        assert str(step.render()) == "steps: rated once the puzzle is unique"
        assert editor.grid.marks.placing == set() and editor.grid.marks.values is None
        await pilot.press("end")
        notice = str(editor.query_one("#notice").render())
        assert editor.step_at == 0 and notice.startswith("no logical steps yet")
        await pilot.press("ctrl+t")
        await wait_for(pilot, lambda: not step.display)


async def test_the_panel_the_stepper_and_rate_steps_tell_one_story(pool, capsys):
    """The hardest step and the score are the same wherever they show, on a puzzle whose
    hardest step was once a W-Wing in the panel and a Skyscraper in SE's walkthrough."""
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        editor = await open_editor(app, pilot, sudoku.parse(SAMPLE.read_text()))
        await wait_for(pilot, lambda: editor.last_rating is not None)
        panel = str(editor.query_one("#difficulty").render())
        await pilot.press("end")  # the stepper on the hardest step
        stepper = str(editor.query_one("#step").render()).splitlines()
        shown = [line for line in str(editor.query_one("#walkthrough").render()).splitlines()
                 if line.startswith("▶")]
    assert main(["rate", "--steps", str(SAMPLE)]) == 0
    summary, *steps = capsys.readouterr().out.splitlines()
    marked = [line for line in steps if line.endswith("◀ hardest")]
    assert panel == "hard, SE 4.0 (Sukaku Explainer scale), hardest: Skyscraper"
    assert summary.startswith(panel + "; ")
    number = int(marked[0].split(".")[0])
    assert stepper[0] == (f"step {number} of {len(steps)} · Skyscraper · SE 4.0 "
                          "(Sukaku Explainer scale)")
    assert len(marked) == 1 and marked[0].endswith(f"4.0 {stepper[1]}  ◀ hardest")
    assert shown == ["▶" + marked[0]]


async def test_several_solutions_show_both_and_the_given_that_makes_it_unique(pool):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        puzzle = sudoku.parse("." + TOP1[1:])
        editor = await open_editor(app, pilot, puzzle)
        await wait_for(pilot, lambda: editor.suggested)
        both = sudoku.count(puzzle).solutions
        await pilot.press("ctrl+r")
        assert editor.grid.solution == both[0]
        await pilot.press("ctrl+r")
        assert editor.grid.solution == both[1]
        assert editor.grid.differs == set(editor.last_check.count.differs)
        assert "make it unique by adding" in str(editor.query_one("#details").render())
        first = editor.suggested[0]
        await pilot.press("ctrl+u")
        await wait_for(pilot, lambda: editor.found == 1)
        assert all(editor.puzzle.givens[c] == v for c, v in first)
        assert sudoku.count(editor.puzzle).unique


async def test_ctrl_u_with_nothing_to_add_says_why_in_the_panels_words(pool):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        empty = sudoku.Puzzle(sudoku.Shape.of_size(9), (0,) * 81)
        editor = await open_editor(app, pilot, empty)
        await pilot.press("5")  # one given: many solutions, no given makes it unique alone
        await wait_for(pilot, lambda: editor.puzzle.clue_count == 1 and editor.found == 2
                       and editor.suggested == ())
        panel = str(editor.query_one("#details").render())
        assert "no given (nor a symmetric set of them) makes it unique" in panel
        assert str(editor.query_one("#uniqueness").render()) == "⚠ several solutions"
        await pilot.press("ctrl+u")
        notice = str(editor.query_one("#notice").render())
        assert notice.startswith("several solutions: no given (nor a symmetric set")
        assert editor.puzzle.clue_count == 1
        # a unique puzzle: ctrl+u says so
        editor.set_puzzle(sudoku.parse(SAMPLE.read_text()), replace=True)
        await wait_for(pilot, lambda: editor.found == 1)
        await pilot.press("ctrl+u")
        assert str(editor.query_one("#notice").render()) == (
            "nothing to add: the puzzle is unique")
