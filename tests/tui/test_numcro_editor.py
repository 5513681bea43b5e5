"""The ナンクロ editor as a setter uses it: take a given back, renumber, type the answer and
let the numbers follow, page through the words that fit."""

from core import numcro
from dictionaries.builder import build_from_sources
from tests.tui.conftest import wait_for
from tui.app import PuzzleApp
from tui.screens.numcro_editor import NumcroEditor

GRID = "lang: ja\n 7 4 9 3 4\n 4 ■ 7 4 ■\n 7 7 ■ 7 5\n ■ 5 3 ■ 9\n 9 3 7 5 3\ngivens: 9:ト 7:キ\n"
WORDS = ("キントウン キン キキ キヨ ヨウ トウキヨウ キンキ キヨウ トキ ウキ ウンキ ヨトウ "
         "キユ ユウ トウキユウ キユウ ユトウ")


async def open_editor(app, pilot, tmp_path, text=GRID):
    listing = tmp_path / "words.txt"
    listing.write_text("\n".join(WORDS.split()) + "\n")
    build_from_sources([str(listing)], str(tmp_path / "d"), "ja")
    app.edit(numcro.parse(text))
    await wait_for(pilot, lambda: isinstance(app.screen, NumcroEditor)
                   and app.screen.last_check is not None)
    editor = app.screen
    editor.use_dictionary(str(tmp_path / "d"))
    await wait_for(pilot, lambda: editor.found is not None)
    return editor


async def test_take_back_a_given_and_renumber(pool, tmp_path):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(120, 40)) as pilot:
        editor = await open_editor(app, pilot, tmp_path)
        assert editor.grid.number == 7
        await pilot.press("minus")  # 7 (キ) is no longer given
        assert editor.puzzle.givens == ((9, "ト"),)
        await pilot.press("ctrl+z")
        assert dict(editor.puzzle.givens) == {9: "ト", 7: "キ"}
        await pilot.press("f4")  # renumber: reading order, no gaps
        assert editor.puzzle.cells[:5] == (1, 2, 3, 4, 2)
        assert sorted(editor.puzzle.numbers()) == [1, 2, 3, 4, 5]
        assert dict(editor.puzzle.givens) == {1: "キ", 3: "ト"}


async def test_type_the_answer_and_the_numbers_follow(pool, tmp_path):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(120, 40)) as pilot:
        blank = "lang: ja\n1 2 3\n4 ■ 5\n6 7 8\n"
        editor = await open_editor(app, pilot, tmp_path, blank)
        await pilot.press("f6")
        assert editor.letters == [None] * 4 + [None] * 5
        for letter in "キンキ":
            await pilot.press(letter)
        assert editor.puzzle.cells[:3] == (1, 2, 1)  # the same letter, the same number
        await pilot.press("f6")  # back to numbers
        assert editor.letters is None and editor.grid.letters is None


async def test_the_word_panel_pages(pool, tmp_path):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(120, 40)) as pilot:
        many = " ".join(f"キ{kana}" for kana in "アイウエオカクケコサシスセソタチツテトナ")
        global WORDS
        saved, WORDS = WORDS, many
        try:
            editor = await open_editor(app, pilot, tmp_path, "lang: ja\n1 2\n3 4\n")
        finally:
            WORDS = saved
        panel = str(editor.query_one("#candidates").render())
        assert "across 1-2: 13 words+" in panel
        await pilot.press("pagedown")
        panel = str(editor.query_one("#candidates").render())
        assert "across 1-2: 20 words, 13-20" in panel


async def test_house_rules_broken_are_named_in_the_panel(pool, tmp_path):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(120, 40)) as pilot:
        editor = await open_editor(app, pilot, tmp_path)
        assert "house rule" not in str(editor.query_one("#details").render())
        await pilot.press("space")  # a block in r1c1, and by symmetry in r5c5
        await wait_for(pilot, lambda: "house rule: a block in a corner (r1c1 r5c5)"
                       in str(editor.query_one("#details").render()))


async def test_a_what_if_step_shows_in_the_level(pool, tmp_path):
    """A codeword only a letter tried out finishes (tests/core/numcro/test_logic.py): the
    panel says hard, the what-if counted, and the step in words."""
    from tests.core.numcro.test_logic import BY_LETTER, CODEWORD

    listing = tmp_path / "words.txt"
    listing.write_text("\n".join(BY_LETTER.split()) + "\n")
    build_from_sources([str(listing)], str(tmp_path / "en"), "en")
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(120, 40)) as pilot:
        app.edit(numcro.parse(CODEWORD))
        await wait_for(pilot, lambda: isinstance(app.screen, NumcroEditor)
                       and app.screen.last_check is not None)
        editor = app.screen
        editor.use_dictionary(str(tmp_path / "en"))
        await wait_for(pilot, lambda: "1 trying choices out" in str(
            editor.query_one("#difficulty").render()))
        assert "level: hard (5 steps" in str(editor.query_one("#difficulty").render())
        assert "1. 9 = J: with E, across r1c1 (1-2-3-4) would have no word left" in str(
            editor.query_one("#techniques").render())


async def test_a_keyword_cell_made_a_block_leaves_the_keyword(pool, tmp_path):
    """二重マス cells are white cells: a block drawn over one takes it out of the keyword, so
    the saved file reads back (it was refused: 'r1c1 is not a white cell')."""
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(120, 40)) as pilot:
        editor = await open_editor(app, pilot, tmp_path, GRID + "keyword: r1c1 r1c3 r5c5\n")
        assert editor.puzzle.keyword == (0, 2, 24)
        await pilot.press("space")  # blocks in r1c1 and, by symmetry, r5c5
        assert editor.puzzle.keyword == (2,)
        assert numcro.parse(editor.family.format(editor.puzzle)) == editor.puzzle
        await pilot.press("ctrl+z")
        assert editor.puzzle.keyword == (0, 2, 24)


async def test_f7_marks_keyword_cells_in_order(pool, tmp_path):
    """二重マス chosen in the app: F7 adds the cursor's cell as the keyword's next letter
    (underlined in the grid), again takes it out; a block is refused."""
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(120, 40)) as pilot:
        editor = await open_editor(app, pilot, tmp_path)
        await pilot.press("right", "right", "f7", "left", "left", "f7")
        assert editor.puzzle.keyword == (2, 0)
        assert "keyword 2 cells" in editor.describe()
        text = editor.grid.render()
        underlined = [any(span.start <= 4 * cell + 1 < span.end and span.style.underline
                          for span in text.spans) for cell in range(3)]
        assert underlined == [True, False, True]
        await pilot.press("f7")
        assert editor.puzzle.keyword == (2,)
        await pilot.press("down", "right", "f7")  # r2c2 is a block
        assert editor.puzzle.keyword == (2,)
        assert "keyword: r1c3" in editor.family.format(editor.puzzle)
