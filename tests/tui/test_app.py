import dataclasses
from pathlib import Path

import pytest
from textual.widgets import Button, Input, OptionList

from core import arith, numcro, sudoku
from dictionaries.builder import build_from_sources
from tests import DATA
from tests.tui.conftest import wait_for
from tui import families, storage
from tui.app import PuzzleApp
from tui.screens.arith_editor import ArithEditor
from tui.screens.dialogs import Choice, Menu, PathPrompt, PrintOptions
from tui.screens.generate import GenerateDialog
from tui.screens.numcro_editor import NumcroEditor
from tui.screens.start import StartScreen
from tui.screens.sudoku_editor import SudokuEditor

SAMPLE = Path(__file__).resolve().parents[2] / "puzzles" / "sudoku" / "hard_rot180.txt"


def ready(app, screen_type) -> bool:
    """The dialog is on top and composed (its widgets can be queried)."""
    return isinstance(app.screen, screen_type) and app.screen.is_mounted and bool(
        app.screen.query("Button"))


def text_of(app, selector: str) -> str:
    return str(app.screen.query_one(selector).render())


async def test_open_sample_shows_unique_and_difficulty(pool):
    app = PuzzleApp(str(SAMPLE), pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor)
                       and app.screen.last_rating)
        assert text_of(app, "#uniqueness") == "✓ unique"
        rating = sudoku.rate(sudoku.parse(SAMPLE.read_text()))
        assert text_of(app, "#difficulty") == rating.headline()
        assert f"SE {rating.score:.1f} (Sukaku Explainer scale)" in rating.headline()
        await pilot.press("ctrl+t")
        assert f"\n▶  1. {rating.steps[0].score:4.1f} Hidden Single: " in text_of(
            app, "#walkthrough")


async def test_typing_a_4x4_goes_from_several_to_unique_to_none(pool):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        app.edit(sudoku.Puzzle(sudoku.Shape.of_size(4), (0,) * 16))
        await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor))
        editor = app.screen
        await wait_for(pilot, lambda: editor.found == 2)
        assert text_of(app, "#uniqueness") == "⚠ several solutions"
        assert editor.grid.differs == set(editor.last_check.count.differs)
        assert len(editor.grid.differs) >= 4
        # 1 2 / 3 4 in the first box, r2c3 = 1, r3c3 = 4, r3c2 = 1: unique
        await pilot.press("1", "right", "2", "down", "left", "3", "right", "4", "right", "1",
                          "down", "4", "left", "1")
        await wait_for(pilot, lambda: editor.found == 1)
        assert editor.puzzle.givens == (1, 2, 0, 0, 3, 4, 1, 0, 0, 1, 4, 0, 0, 0, 0, 0)
        assert text_of(app, "#uniqueness") == "✓ unique"
        await pilot.press("down", "right", "4")  # r4c3 = 4 clashes with r3c3 = 4
        await wait_for(pilot, lambda: editor.found == 0)
        assert text_of(app, "#uniqueness") == "✗ no solution"
        assert editor.grid.clashes == {10, 14}
        assert "r3c3 and r4c3" in text_of(app, "#details")


async def test_save_and_reopen_round_trip(pool, tmp_path):
    target = tmp_path / "mine.txt"
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        app.edit(sudoku.Puzzle(sudoku.Shape.of_size(9), (0,) * 81))
        await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor))
        editor = app.screen
        await pilot.press("7", "right", "8")
        assert editor.dirty and storage.load_recovery(editor.recovery) is not None
        copy = editor.recovery
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: ready(app, PathPrompt))
        app.screen.query_one(Input).value = str(target)
        await pilot.press("enter")
        await wait_for(pilot, lambda: not editor.dirty)
        assert storage.load_recovery(copy) is None and storage.recoveries() == []
        assert sudoku.parse(target.read_text()) == editor.puzzle
        assert str(target.resolve()) in storage.recent_files()
    app = PuzzleApp(str(target), pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor))
        assert app.screen.puzzle.givens[:2] == (7, 8)


async def test_bad_file_shows_the_parse_error(pool, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("# a puzzle\n" + "1" * 40 + "x" + "." * 40 + "\n")
    app = PuzzleApp(str(bad), pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        await wait_for(pilot, lambda: any("line 2, column 41: unknown symbol 'x'" in n.message
                                          for n in app._notifications))
        assert not isinstance(app.screen, SudokuEditor)
        # the open dialog keeps the error on screen and stays open
        await pilot.press("ctrl+p")  # the palette is there; close it again
        await pilot.press("escape")
        app.action_open()
        await wait_for(pilot, lambda: ready(app, PathPrompt))
        app.screen.query_one(Input).value = str(bad)
        await pilot.press("enter")
        await wait_for(pilot, lambda: "column 41" in text_of(app, "#error"))
        assert isinstance(app.screen, PathPrompt)


async def test_a_symlink_loop_is_said_and_the_app_stays_up(pool, tmp_path):
    """A link to itself: resolving it for the recovery copy's name raised RuntimeError and
    Textual's error screen closed the app."""
    loop = tmp_path / "loop.txt"
    loop.symlink_to(loop)
    app = PuzzleApp(str(loop), pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        await wait_for(pilot, lambda: any("symbolic links" in n.message
                                          for n in app._notifications))
        assert app.is_running and app.return_code is None
        assert not isinstance(app.screen, SudokuEditor)
        app.action_open()  # the app still answers
        await wait_for(pilot, lambda: ready(app, PathPrompt))


async def test_generator_menu_dialog_and_cancel(pool):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        await pilot.press("ctrl+g")  # the generator menu; Sudoku's generator first
        await wait_for(pilot, lambda: isinstance(app.screen, Menu))
        await pilot.press("enter")
        await wait_for(pilot, lambda: ready(app, GenerateDialog))
        assert app.screen.generator.name == "sudoku"
        app.screen.query_one("#seed", Input).value = "5"
        await pilot.click("#start")
        await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor))
        editor = app.screen
        await wait_for(pilot, lambda: editor.found == 1)
        assert editor.dirty and editor.path is None
        # a slow request (16x16 at the master level) is cancelled from the dialog
        await pilot.press("ctrl+g")
        await wait_for(pilot, lambda: isinstance(app.screen, Menu))
        await pilot.press("enter")
        await wait_for(pilot, lambda: ready(app, GenerateDialog))
        dialog = app.screen
        dialog.query_one("#size").value = "16"
        dialog.query_one("#level").value = "master"
        await pilot.click("#start")
        await wait_for(pilot, lambda: dialog.query_one("#start", Button).disabled)
        await pilot.click("#cancel")
        await wait_for(pilot, lambda: app.screen is editor)
        assert editor.puzzle.size == 9 and app.documents == [editor]


async def test_sudoku_generator_dialog_targets_a_rating(pool):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        app.open_generator(families.generators()[0])
        await wait_for(pilot, lambda: ready(app, GenerateDialog))
        dialog = app.screen
        dialog.query_one("#rating", Input).value = "9-3"
        await pilot.click("#start")  # a bad range is said in the dialog
        assert "low to high" in text_of(app, "#state")
        dialog.query_one("#rating", Input).value = "1.5-2.0"
        dialog.query_one("#seed", Input).value = "4"
        await pilot.pause(0.5)  # two quick clicks would count as a double click
        await pilot.click("#start")
        await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor), timeout=60)
        editor = app.screen
        await wait_for(pilot, lambda: editor.found == 1)
        assert 1.5 <= sudoku.rate(editor.puzzle).score <= 2.0


async def test_quit_with_unsaved_changes_asks_first(pool):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        app.edit(sudoku.Puzzle(sudoku.Shape.of_size(9), (0,) * 81))
        await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor))
        await pilot.press("4")
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda: ready(app, Choice))
        await pilot.press("escape")  # Cancel
        await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor))
        assert app.is_running


async def test_recovered_work_is_offered_at_start(pool):
    key = storage.recovery_key(None)
    storage.save_recovery(key, sudoku.format(sudoku.parse(SAMPLE.read_text())), None)
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        options = app.screen.query_one(OptionList)
        assert "Recover unsaved work on a new puzzle" in str(
            options.get_option_at_index(0).prompt)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor))
        editor = app.screen
        assert editor.puzzle == sudoku.parse(SAMPLE.read_text()) and editor.dirty
        assert "•" in editor.title
        # this window's own copy takes over from the one left behind
        assert storage.load_recovery(editor.recovery) == sudoku.format(editor.puzzle)
        assert storage.load_recovery(key) is None


async def test_a_files_kept_changes_are_offered_when_it_is_opened(pool, tmp_path):
    """One safety copy a puzzle file: opening the file again offers it, restored work is
    unsaved (•), and only saving that file deletes the copy."""
    mine = tmp_path / "mine.txt"
    mine.write_text(SAMPLE.read_text())
    other = tmp_path / "other.txt"
    other.write_text(SAMPLE.read_text())
    edited = sudoku.parse(SAMPLE.read_text())
    edited = edited.with_givens((5,) + edited.givens[1:])
    storage.save_recovery(storage.recovery_key(str(mine)), sudoku.format(edited), str(mine))
    app = PuzzleApp(str(other), pool=pool)  # another file: nothing is asked
    async with app.run_test(size=(110, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor))
        assert not app.screen.dirty
    app = PuzzleApp(str(mine), pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        await wait_for(pilot, lambda: ready(app, Choice))
        assert "Unsaved changes to mine.txt were kept" in text_of(app, ".title")
        await pilot.press("enter")  # Restore the unsaved changes
        await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor))
        editor = app.screen
        assert editor.puzzle == edited and editor.dirty and "•" in editor.title
        assert storage.load_recovery(editor.recovery) is not None
        editor.action_save()
        await wait_for(pilot, lambda: not editor.dirty)
        assert sudoku.parse(mine.read_text()) == edited and storage.recoveries() == []


async def test_saving_over_a_file_changed_on_disk_asks_first(pool, tmp_path):
    mine = tmp_path / "mine.txt"
    mine.write_text(SAMPLE.read_text())
    app = PuzzleApp(str(mine), pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor))
        editor = app.screen
        await pilot.press("5")
        mine.write_text("# changed by someone else\n" + SAMPLE.read_text())
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: ready(app, Choice))
        assert "changed on disk" in text_of(app, ".title")
        await pilot.press("escape")  # Cancel: the other program's file stays
        await wait_for(pilot, lambda: app.screen is editor)
        assert mine.read_text().startswith("# changed by someone else") and editor.dirty
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: ready(app, Choice))
        await pilot.press("enter")  # Overwrite it
        await wait_for(pilot, lambda: not editor.dirty)
        assert sudoku.parse(mine.read_text()) == editor.puzzle


async def test_an_unwritable_state_folder_is_said_once(pool, tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("PUZZLE_WORKBENCH_HOME", str(blocker / "home"))  # cannot be made
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        app.edit(sudoku.Puzzle(sudoku.Shape.of_size(9), (0,) * 81))
        await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor))
        await pilot.press("1", "right", "2", "right", "3")
        await wait_for(pilot, lambda: app.screen.puzzle.givens[:3] == (1, 2, 3) and any(
            "safety copies" in n.message for n in app._notifications))
        await pilot.pause()  # the later keys' copies, had they warned again, posted by now
        warnings = [n.message for n in app._notifications if "safety copies" in n.message]
        assert len(warnings) == 1 and app.is_running
        assert app.screen.puzzle.givens[:3] == (1, 2, 3)


async def test_symmetric_editing_places_partners(pool):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        app.edit(sudoku.Puzzle(sudoku.Shape.of_size(9), (0,) * 81))
        await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor))
        editor = app.screen
        await pilot.press("f3")  # rot180
        assert editor.symmetry == "rot180"
        await pilot.press("5")
        await wait_for(pilot, lambda: editor.puzzle.givens[80] != 0)
        assert editor.puzzle.givens[0] == 5
        assert sudoku.count(editor.puzzle).count >= 1
        await pilot.press("delete")
        await wait_for(pilot, lambda: editor.puzzle.clue_count == 0)


async def test_arith_editor_goes_from_several_to_unique_to_none(pool):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        app.edit(arith.parse("**+**=19*"))
        await wait_for(pilot, lambda: isinstance(app.screen, ArithEditor))
        editor = app.screen
        await wait_for(pilot, lambda: editor.found == 2)
        assert text_of(app, "#uniqueness") == "⚠ several solutions"
        assert editor.grid.differs and all(editor.grid.lines[y][x] == "*"
                                           for y, x in editor.grid.differs)
        await pilot.press("down", "down", "right", "8")  # the result's last cell: 198
        await wait_for(pilot, lambda: editor.found == 1)
        assert arith.format(editor.puzzle, "line") == "**+**=198\n"
        assert text_of(app, "#uniqueness") == "✓ unique"
        await pilot.press("ctrl+r")
        assert editor.grid.solution[0].strip() == "99"
        await pilot.press("9")  # 199 is more than two 2-digit numbers make
        await wait_for(pilot, lambda: editor.found == 0)
        assert text_of(app, "#uniqueness") == "✗ no solution"


async def test_arith_file_opens_in_its_editor_and_saves(pool, tmp_path):
    path = tmp_path / "smm.txt"
    path.write_text("SEND+MORE=MONEY\n")
    app = PuzzleApp(str(path), pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ArithEditor)
                       and app.screen.found == 1)
        editor = app.screen
        await pilot.press("9")  # S is 9 in the answer, yet a letter may be 9 too then
        await wait_for(pilot, lambda: editor.dirty and editor.found == 2)
        assert "operand 1:4, result:5" in text_of(app, "#details")
        await pilot.press("ctrl+s")
        assert arith.parse(path.read_text()) == arith.parse("9END+MORE=MONEY")


async def test_numcro_editor_checks_against_the_chosen_dictionary(pool, tmp_path):
    case = DATA / "numcro" / "ja_wikipedia_5x5.q.txt"
    words = ("キントウン キン キキ キヨ ヨウ トウキヨウ キンキ キヨウ トキ ウキ ウンキ ヨトウ "
             "キユ ユウ トウキユウ キユウ ユトウ")  # with ユ for ヨ every entry reads too
    listing = tmp_path / "words.txt"
    listing.write_text("\n".join(words.split()) + "\n")
    folder = str(tmp_path / "d")
    build_from_sources([str(listing)], folder, "ja")
    app = PuzzleApp(str(case), pool=pool)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, NumcroEditor)
                       and app.screen.last_check is not None)
        editor = app.screen
        # no built-in dictionary in the tests' data folder: said plainly
        assert "puzzle-tui install" in text_of(app, "#uniqueness")
        editor.use_dictionary(folder)
        await wait_for(pilot, lambda: editor.found == 2)
        assert text_of(app, "#uniqueness") == "⚠ several solutions"
        assert "letters not fixed for numbers 5" in text_of(app, "#details")
        assert editor.grid.differs == {5}
        candidates = text_of(app, "#candidates")
        assert "across 2-4-1-3-4: 1 word\n  キントウン" in candidates  # キ and ト given
        await pilot.press("down", "down", "right", "right", "right", "right")  # a 5
        assert editor.grid.number == 5
        await pilot.press("equals_sign")
        await wait_for(pilot, lambda: ready(app, PathPrompt))
        await pilot.press("よ", "enter")
        await wait_for(pilot, lambda: editor.found == 1)
        assert (5, "ヨ") in editor.puzzle.givens
        assert text_of(app, "#uniqueness") == "✓ unique"
        # a letter no word has there: no solution
        editor.set_puzzle(dataclasses.replace(editor.puzzle, givens=((1, "ト"), (2, "キ"),
                                                                     (5, "ア"))))
        await wait_for(pilot, lambda: editor.found == 0)
        assert text_of(app, "#uniqueness") == "✗ no solution"
        assert "no word fits across at r3c4 (2-5)" in text_of(app, "#details")
        assert {13, 14} <= editor.grid.dead  # that entry's cells are highlighted
        editor.set_puzzle(dataclasses.replace(editor.puzzle, givens=((1, "ト"), (2, "キ"),
                                                                     (5, "ヨ"))))
        await wait_for(pilot, lambda: editor.found == 1)
        # space draws a block and its rot180 partner
        await pilot.press("space")
        await wait_for(pilot, lambda: editor.puzzle.cells[14] == 0)
        assert editor.puzzle.cells[10] == 0


async def test_export_from_the_editor_follows_the_file_name(pool, tmp_path):
    from core.export import FontMissing, find_font
    from core.kinds import parse as from_ipuz

    app = PuzzleApp(str(SAMPLE), pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor)
                       and app.screen.found == 1 and app.screen.last_rating)
        editor = app.screen
        targets = ["p.ipuz", "p.svg"]
        try:
            find_font()
            targets.append("p.pdf")
        except FontMissing:
            pass
        for name in targets:
            await pilot.press("ctrl+e")
            await wait_for(pilot, lambda: ready(app, PathPrompt))
            app.screen.query_one(Input).value = str(tmp_path / name)
            await pilot.press("enter")
            if name.endswith(".pdf"):  # its print options: the defaults
                await wait_for(pilot, lambda: ready(app, PrintOptions))
                await pilot.press("enter")
            await wait_for(pilot, lambda target=tmp_path / name: target.exists())
        # a name no exporter writes is refused, not filled with text
        await pilot.press("ctrl+e")
        await wait_for(pilot, lambda: ready(app, PathPrompt))
        app.screen.query_one(Input).value = str(tmp_path / "p.docx")
        await pilot.press("enter")
        await wait_for(pilot, lambda: "no exporter writes .docx" in text_of(app, "#notice"))
        assert not (tmp_path / "p.docx").exists()
        assert from_ipuz((tmp_path / "p.ipuz").read_text()) == (editor.family, editor.puzzle)
        assert (tmp_path / "p-solution.svg").read_text().count("<text") == 81
        if "p.pdf" in targets:  # headed as the command line heads it: level, score, scale
            import pdfplumber

            with pdfplumber.open(tmp_path / "p.pdf") as pdf:
                heading = pdf.pages[0].extract_text()
            rating = editor.last_rating
            assert f"{rating.level} · SE {rating.score:.1f} (Sukaku Explainer scale)" in heading
        # the name offered sits beside the puzzle; its own file is never written over
        await pilot.press("ctrl+e")
        await wait_for(pilot, lambda: ready(app, PathPrompt))
        assert app.screen.query_one(Input).value == str(SAMPLE.with_suffix(".pdf"))
        app.screen.query_one(Input).value = str(SAMPLE)
        await pilot.press("enter")
        await wait_for(pilot, lambda: "this puzzle's own file" in text_of(app, "#notice"))
        # an existing file: asked first
        (tmp_path / "p.ipuz").write_text("keep me")
        await pilot.press("ctrl+e")
        await wait_for(pilot, lambda: ready(app, PathPrompt))
        app.screen.query_one(Input).value = str(tmp_path / "p.ipuz")
        await pilot.press("enter")
        await wait_for(pilot, lambda: ready(app, Choice))
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, Choice))
        assert (tmp_path / "p.ipuz").read_text() == "keep me"


async def test_an_empty_calculation_to_fill_in_from_the_start_screen(pool):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(110, 50)) as pilot:
        choices = app.screen.query_one(OptionList)
        at = next(i for i in range(choices.option_count)
                  if "虫食算" in str(choices.get_option_at_index(i).prompt))
        choices.highlighted = at
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ArithEditor))
        editor = app.screen
        assert editor.puzzle.op == "mul" and len(editor.puzzle.operands) == 2
        assert not any(ch.isdigit() for _, row in editor.puzzle.rows() for ch in row)
        await wait_for(pilot, lambda: editor.found == 2)


async def test_a_numcro_without_a_grid_is_refused_with_a_clear_message(pool):
    path = DATA / "numcro" / "en_codewords_solver_grid1.json"
    app = PuzzleApp(str(path), pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        await wait_for(pilot, lambda: any("without its grid: the app edits grids" in n.message
                                          for n in app._notifications))
        assert not isinstance(app.screen, NumcroEditor)


async def test_every_family_exports_from_its_editor(pool, tmp_path):
    from core.kinds import parse as from_ipuz

    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        for puzzle, kind in ((arith.parse("SEND+MORE=MONEY"), ArithEditor),
                             (numcro.parse("lang: en\n1 2 3\n2 ■ 2\n3 2 1\ngivens: 1:C"),
                              NumcroEditor)):
            app.edit(puzzle)
            await wait_for(pilot, lambda kind=kind: isinstance(app.screen, kind)
                           and app.screen.last_check is not None)
            name = tmp_path / f"{kind.__name__}.ipuz"
            await pilot.press("ctrl+e")
            await wait_for(pilot, lambda: ready(app, PathPrompt))
            app.screen.query_one(Input).value = str(name)
            await pilot.press("enter")
            await wait_for(pilot, lambda name=name: name.exists())
            assert from_ipuz(name.read_text())[1] == puzzle
            app.screen.session.discard()  # nothing to ask about for the next one
            app.screen.session.document.saved_text = app.screen.text()




async def test_the_app_says_when_it_runs_on_the_python_engine(pool, monkeypatch):
    from core import native

    monkeypatch.setattr(native, "sudoku", None)
    monkeypatch.setattr(native, "why_python", "the compiled engine was not built at install")
    monkeypatch.delenv(native.SWITCH, raising=False)
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: app._notifications)
        said = [n.message for n in app._notifications]
        assert said == ["engine: Python (the compiled engine was not built at install): the "
                        "same answers, more slowly"]


@pytest.mark.parametrize("part, reason, name", [
    ("variants", "why_python_variants", "variants"),
    ("explainer", "why_python_explainer", "rater"),
    ("chains", "why_chains", "rater chains")])
async def test_the_app_says_which_part_runs_on_the_python_engine(pool, monkeypatch, part, reason,
                                                                 name):
    from core import native

    if native.missing():
        pytest.skip(f"the compiled engine does not run: {native.slow_parts()}")
    monkeypatch.setattr(native, part, None)
    monkeypatch.setattr(native, reason, "it was not built")
    monkeypatch.delenv(native.SWITCH, raising=False)
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: app._notifications)
        said = [n.message for n in app._notifications]
        assert said == [f"{name}: Python (it was not built): the same answers, more slowly"]


async def test_the_compiled_engine_is_not_announced(pool):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        assert not list(app._notifications)


INSTALLER = """\
import pathlib, sys, time
print("downloading jamdict_data-1.5.tar.gz: 6.3 MB of 53.9 MB", flush=True)
go = pathlib.Path(sys.argv[1])
while not go.exists():  # the test says when the install may end
    time.sleep(0.05)
print("print font: ipaexg.ttf", flush=True)
"""


async def test_the_app_starts_at_once_and_installs_in_the_background(pool, tmp_path):
    """What `puzzle-tui install` fetches is fetched while the app is in use: its progress on
    the start screen, a ナンクロ check that needs it says so, and checks again after."""
    import sys

    from tui.screens.start import StartScreen

    script, go = tmp_path / "install.py", tmp_path / "go"
    script.write_text(INSTALLER)
    app = PuzzleApp(pool=pool, install=(sys.executable, str(script), str(go)))
    async with app.run_test(size=(110, 40)) as pilot:
        await wait_for(pilot, lambda: "installing in the background: downloading jamdict"
                       in app.screen.sub_title)
        assert isinstance(app.screen, StartScreen)  # the app is there, the install runs
        app.edit(numcro.parse((SAMPLE.parents[1] / "numcro" / "nine_ja.txt").read_text()))
        await wait_for(pilot, lambda: isinstance(app.screen, NumcroEditor))
        await wait_for(pilot, lambda: "being installed in the background (downloading"
                       in text_of(app, "#uniqueness"))
        # what reads the dictionary meanwhile says it is on its way, not to install it
        await pilot.press("right")  # the cursor into an entry: its candidates are asked for
        await wait_for(pilot, lambda: "being installed in the background (downloading"
                       in text_of(app, "#candidates"))
        assert "puzzle-tui install" not in text_of(app, "#candidates")
        go.write_text("")
        await wait_for(pilot, lambda: app.installing is None)
        # the notice is a message the app handles after the install ends: waited for
        await wait_for(pilot, lambda: any("dictionaries and the print font are installed"
                                          in n.message for n in app._notifications))
        # checked again: the fake install built nothing, so the check says how to install
        await wait_for(pilot, lambda: "cannot check: the built-in ja dictionary is not "
                       "installed yet" in text_of(app, "#uniqueness"))


BUILDER = """\
import pathlib, sys, time
print("building the compiled engine (Python answers meanwhile)", flush=True)
go = pathlib.Path(sys.argv[1])
while not go.exists():  # the test says when the build may end
    time.sleep(0.05)
if go.read_text():
    print(go.read_text(), file=sys.stderr)
    sys.exit(1)
"""


@pytest.fixture
def engine_not_built(monkeypatch):
    """This process as `make run` leaves it: no compiled part loaded yet, one buildable."""
    from core import native

    if native.missing():
        pytest.skip(f"the compiled engine does not run: {native.slow_parts()}")
    for part, reason, *_ in native.PARTS:
        monkeypatch.setattr(native, part, None)
        monkeypatch.setattr(native, reason, "the compiled engine was not built at install")
    monkeypatch.delenv(native.SWITCH, raising=False)
    monkeypatch.setattr("core.native.build.unbuildable", lambda: None)
    return native


async def test_the_app_starts_before_the_compiled_engine_is_built(pool, tmp_path,
                                                                  engine_not_built):
    """make run leaves the build to the app: it starts at once on the Python engine, says
    so, shows the build's progress, checks meanwhile, and runs compiled once it is built."""
    import sys

    script, go = tmp_path / "build.py", tmp_path / "go"
    script.write_text(BUILDER)
    app = PuzzleApp(str(SAMPLE), pool=pool, build=(sys.executable, str(script), str(go)))
    builds = pool.builds.value
    async with app.run_test(size=(110, 40)) as pilot:
        await wait_for(pilot, lambda: app.installing and "building the compiled engine"
                       in app.installing)
        said = {n.title: n.message for n in app._notifications}
        assert "being built in the background" in said["Compiled engine"]
        assert "Python engine" not in said  # no warning: it is on its way
        await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor)
                       and text_of(app, "#uniqueness") == "✓ unique")  # checked meanwhile
        await pilot.press("ctrl+n")  # the start screen shows the progress
        await wait_for(pilot, lambda: "installing in the background: building the "
                       "compiled engine" in app.screen.sub_title)
        assert engine_not_built.missing()
        go.write_text("")
        await wait_for(pilot, lambda: app.installing is None)
        assert not engine_not_built.missing()  # loaded here, and the workers are told
        assert pool.builds.value == builds + 1
        await wait_for(pilot, lambda: "the compiled engine is built: checks run on it now"
                       in [n.message for n in app._notifications])
        assert app.screen.sub_title == ""


async def test_a_failed_build_says_why_and_the_python_engine_runs_on(pool, tmp_path,
                                                                    engine_not_built,
                                                                    monkeypatch):
    import sys

    script, go = tmp_path / "build.py", tmp_path / "go"
    script.write_text(BUILDER)
    monkeypatch.setattr(engine_not_built, "load_built", lambda: None)  # nothing was built
    app = PuzzleApp(pool=pool, build=(sys.executable, str(script), str(go)))
    async with app.run_test(size=(110, 40)) as pilot:
        await wait_for(pilot, lambda: app.installing is not None)
        go.write_text("the compiled engine was not built: no C compiler (cc)")
        await wait_for(pilot, lambda: app.installing is None)
        # the warning is a message the app handles after the build ends: waited for
        await wait_for(pilot, lambda: any(n.title == "Python engine"
                                          for n in app._notifications))
        said = {n.title: n.message for n in app._notifications}
        assert said["Python engine"].startswith(
            "the compiled engine was not built: no C compiler (cc); engine: Python (the "
            "compiled engine was not built at install)")


async def test_reading_japanese_prose_waits_for_its_background_install(pool, tmp_path,
                                                                       monkeypatch, capsys):
    """SudachiPy is left to the background install: a ナンクロ made from Japanese prose
    says it is on its way meanwhile (the command line: how to install it)."""
    import sys

    from cli import main
    from dictionaries import prose

    monkeypatch.setitem(sys.modules, "sudachipy", None)  # not installed: import fails
    prose._tokenizer.cache_clear()
    diary = tmp_path / "diary.txt"
    diary.write_text("今日は図書館で本を読んだ。\n", encoding="utf-8")
    try:
        assert main(["generate", "numcro", "--lang", "ja", "--text", str(diary)]) == 2
        assert capsys.readouterr().err.strip() == (
            "generate: reading Japanese needs SudachiPy and its dictionary, which are not "
            "installed yet: run `puzzle-tui install` (make run's app does, in its background)")
        script, go = tmp_path / "install.py", tmp_path / "go"
        script.write_text(INSTALLER)
        app = PuzzleApp(pool=pool, install=(sys.executable, str(script), str(go)))
        async with app.run_test(size=(110, 40)) as pilot:
            await wait_for(pilot, lambda: app.installing is not None)
            making = next(m for m in families.generators() if m.generator.name == "numcro")
            app.open_generator(making)
            await wait_for(pilot, lambda: isinstance(app.screen, GenerateDialog)
                           and bool(app.screen.query(Button)))
            app.screen.query_one("#text", Input).value = str(diary)
            await pilot.click("#start")
            await wait_for(pilot, lambda: "not yet: what this needs is being installed in "
                           "the background (downloading" in text_of(app, "#state"))
            go.write_text("")
    finally:
        prose._tokenizer.cache_clear()
