"""The Sudoku variants editor: the grid draws the constraints, digits set givens, `:` adds a
constraint in the text format's words, mark keys put dots and signs between cells, the live
check says unique / several in the pool, and undo takes a constraint back."""

import pytest

from core.variants import formats
from core.variants.shapes import Cage
from tests.core.variants.test_formats import SAMPLE
from tests.tui.conftest import checked_editor, wait_for
from tui.app import PuzzleApp
from tui.screens.variants_editor import VariantsEditor


async def open_editor(app, pilot, puzzle):
    app.edit(puzzle)
    return await checked_editor(pilot, app, VariantsEditor)


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
    from core.variants.groups import EXTRA_REGIONS
    from core.variants.model import make, windows
    from tui.widgets.variants_grid import _tints

    puzzle = make(9, None, None, rules={"diagonal", "antidiagonal"}, extra=windows(9)[:1])
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(120, 40)) as pilot:
        editor = await open_editor(app, pilot, puzzle)
        drawn = editor.grid.plain()
        assert "╲" in drawn and "╱" in drawn and "╳" in drawn  # the centre is on both
        assert "diagonal" in editor.describe()
    assert _tints(puzzle)[windows(9)[0][0]] == EXTRA_REGIONS.tints[0]


KEY_NAMES = {" ": "space", "-": "minus", "=": "equals_sign"}


async def answer(app, pilot, text: str, clear: bool = False) -> None:
    """Type `text` into the prompt that opens (after clearing what it offers) and press Enter."""
    from textual.widgets import Input

    await wait_for(pilot, lambda: ready_prompt(app))
    if clear:
        app.screen.query_one(Input).value = ""
    for ch in text:
        await pilot.press(KEY_NAMES.get(ch, ch))
    await pilot.press("enter")


def document(editor) -> str:
    return formats.format(editor.puzzle)


async def test_a_picked_path_becomes_any_line_its_kind_typed(pool):
    """Each kind from its name or first letters; a whisper asks its difference, offering
    the usual; the grid shows each line's letter and the connectors between its cells."""
    from core.variants.kinds import LINE_KINDS, LINES
    from core.variants.model import make
    from tui.widgets.variants_grid import LINE_GLYPHS

    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(100, 40)) as pilot:
        editor = await open_editor(app, pilot, make(9))
        for i, kind in enumerate(LINE_KINDS[1:]):  # three cells of a row each
            row, col = i % 9 + 1, 1 + 4 * (i // 9)
            editor.grid.cursor = (row - 1) * 9 + col - 1
            await pilot.press("shift+right", "shift+right", "l")
            await answer(app, pilot, kind[:3] if kind != "regionsum" else "region sum")
            await wait_for(pilot, lambda kind=kind: editor.puzzle.lines_of(kind))
            assert f"{kind}: " + " ".join(f"r{row}c{c}" for c in range(col, col + 3)) in (
                document(editor))
            glyph = LINES[kind].glyph_ends[0] or LINE_GLYPHS[kind]  # ringed ends, a bulb
            drawn = editor.grid.plain().split("\n")[2 * row - 1]
            assert drawn[4 * col - 3:4 * col + 4] == f" {glyph} ━ {LINE_GLYPHS[kind]} "[:7]
        editor.grid.cursor = 81 - 9
        await pilot.press("shift+right", "shift+up", "l")
        await answer(app, pilot, "whisper")
        await answer(app, pilot, "4", clear=True)  # 5 offered: 4 makes it Dutch
        await wait_for(pilot, lambda: editor.puzzle.lines_of("whisper"))
        assert "whisper 4: r8c2 r9c2 r9c1" in document(editor)  # kept from its smaller end
        assert "w Dutch whispers" in str(app.screen.query_one("#legend").render())
        await pilot.press("shift+right", "l")
        await answer(app, pilot, "re")
        assert "renban or regionsum?" in str(app.screen.query_one("#error").render())
        await pilot.press("escape")
        for _ in LINE_KINDS:
            await pilot.press("ctrl+z")
        assert editor.puzzle == make(9)  # one step each


async def test_cell_tools_add_each_constraint_as_one_step(pool):
    """Quadruple, clone, minimum, maximum, indexers, given candidates and outside clues by
    their keys: the document holds each, the grid shows each, and undo takes each back."""
    from core.variants.groups import Quad
    from core.variants.model import make

    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(100, 40)) as pilot:
        editor = await open_editor(app, pilot, make(9))
        editor.grid.cursor = 30  # r4c4
        await pilot.press("q")
        await answer(app, pilot, "1379")
        await wait_for(pilot, lambda: editor.puzzle.quads)
        await pilot.press("down", "m", "right", "M", "right", "i", "right", "i", "i")
        editor.grid.cursor = 0
        await pilot.press("p")
        await answer(app, pilot, "531")
        await wait_for(pilot, lambda: editor.puzzle.candidates)
        await pilot.press("shift+right", "equals_sign")
        editor.grid.cursor = 79
        await pilot.press("shift+right", "equals_sign")
        editor.grid.cursor = 18  # r3c1: the nearest side is the left
        await pilot.press("o")
        await answer(app, pilot, "x 15")
        await wait_for(pilot, lambda: editor.puzzle.outside)
        editor.grid.cursor = 4
        await pilot.press("o")
        await answer(app, pilot, "sky 3 top")
        await wait_for(pilot, lambda: len(editor.puzzle.outside) == 2)
        await pilot.press("o")
        await answer(app, pilot, "sandwich 10 left")
        await wait_for(pilot, lambda: editor.puzzle.sandwiches)
        text = document(editor)
        for line in ("quad: r4c4=1379", "minimum: r5c4", "maximum: r5c5", "rowindexer: r5c6",
                     "columnindexer: r5c7", "candidates: r1c1=135", "clone: r1c1 r1c2 | r9c8 r9c9",
                     "xsum 15: r3c0", "skyscraper 3: r0c5", "sandwich row 1: 10"):
            assert line in text
        drawn = editor.grid.plain()
        for mark in ("╂─1379──┼", "›·‹", "‹·›", "↕", "↔", "≡", "x15", "▲3", "10 ┃"):
            assert mark in drawn
        assert " 10 ┃135│" in drawn.split("\n")[2]  # r1c1, under the top clue row and border
        editor.grid.cursor = 0
        await pilot.pause()
        assert "r1c1: clone of r9c8 r9c9, candidates 1 3 5" in str(
            app.screen.query_one("#here").render())
        for _ in range(10):  # min, max, 3 indexers (row, row, then column), candidates,
            await pilot.press("ctrl+z")  # clone, 3 clues: a step each
        assert editor.puzzle == make(9, quads=[Quad((30, 31, 39, 40), (1, 3, 7, 9))])
        await pilot.press("ctrl+z")
        assert editor.puzzle == make(9)


async def test_a_dot_marked_again_takes_another_difference_or_ratio(pool):
    from core.variants.model import make

    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(100, 40)) as pilot:
        editor = await open_editor(app, pilot, make(9))
        editor.grid.cursor = 40
        await pilot.press("w", "w")
        await answer(app, pilot, "3", clear=True)  # 1 offered
        await wait_for(pilot, lambda: editor.puzzle.marks[0].value == 3)
        await pilot.press("B", "B")
        await answer(app, pilot, "4", clear=True)  # 2 offered
        await wait_for(pilot, lambda: len(editor.puzzle.marks) == 2
                       and editor.puzzle.marks[0].value == 4)
        assert "white 3: r5c5-r5c6" in document(editor)
        assert "black 4: r5c5-r6c5" in document(editor)
        rows = editor.grid.plain().split("\n")
        assert "│ · 3 · ┃" in rows[9] and "─4─" in rows[10]  # for ○ and ●
        assert str(app.screen.query_one("#here").render()) == (
            "r5c5: black 4 with r6c5, white 3 with r5c6")
        legend_text = str(app.screen.query_one("#legend").render())
        assert "white dot of that difference" in legend_text and "black dot" in legend_text


async def test_many_given_candidates_show_in_part_in_the_cell_and_whole_in_the_panel(pool):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(100, 40)) as pilot:
        editor = await open_editor(app, pilot, formats.parse(
            "kind: variants\nsize: 9\ncandidates: r1c1=12345 r1c2=79\n"))
        assert "┃12…│ 79│" in editor.grid.plain().split("\n")[1]
        assert str(app.screen.query_one("#here").render()) == "r1c1: candidates 1 2 3 4 5"
        await pilot.press("right")
        assert str(app.screen.query_one("#here").render()) == "r1c2: candidates 7 9"


async def test_tools_say_what_is_wrong_and_ctrl_d_takes_todays_constraints_back(pool):
    from core.variants.groups import Clone, Quad
    from core.variants.model import Line, Mark, make, parts_of

    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(100, 40)) as pilot:
        start = make(9, lines=[Line("renban", (0, 1, 2))], quads=[Quad((0, 1, 9, 10), (1,))],
                     clones=[Clone((1,), (80,))], minima=[1], indexers=[("box", 1)],
                     candidates=[(1, 0b11)])
        editor = await open_editor(app, pilot, start)
        editor.grid.cursor = 8
        await pilot.press("q")  # the last column: no corner to its lower right
        editor.grid.cursor = 1
        await pilot.press("o")
        await answer(app, pilot, "x 99 top")
        assert "1 to 45, not 99" in str(app.screen.query_one("#error").render())
        await pilot.press("escape")
        editor.grid.cursor = 40
        await pilot.press("w")  # a mark keeps today's constraints
        assert editor.puzzle == make(9, **{**parts_of(start), "marks": [Mark("white", 40, 41)]})
        editor.grid.cursor = 1
        await pilot.press("ctrl+d")
        assert editor.puzzle == make(9, marks=[Mark("white", 40, 41)])


async def test_every_tool_fits_a_small_terminal(pool):
    """At 80x24 a 9x9 with clues on all four sides shows whole (the grid gives up its
    margin), and a line made there is drawn."""
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(80, 24)) as pilot:
        editor = await open_editor(app, pilot, formats.parse(
            "kind: variants\nsize: 9\nxsum 15: r1c0\nxsum 25: r10c3\nskyscraper 3: r0c4\n"
            "skyscraper 2: r5c10\n"))
        await pilot.pause()
        grid, panel = editor.grid.region, editor.status.region
        assert grid.bottom <= 23 and grid.right <= panel.x  # above the footer, beside the panel
        editor.grid.cursor = 40
        await pilot.press("shift+down", "shift+down", "l")
        await answer(app, pilot, "nab")
        await wait_for(pilot, lambda: editor.puzzle.lines)
        assert "nabner: r5c5 r6c5 r7c5" in document(editor)
        rows = editor.grid.plain().split("\n")
        assert "x15" in rows[2] and "x25" in rows[-1] and "▲2" in rows[10]
        assert "─┃─" in rows[11] and " n " in rows[12]  # r5c5 to r6c5, r6c5



@pytest.mark.parametrize("name, values", [("shapes", {"shapes": "thermo", "seed": "2"}),
                                          ("killer", {"seed": "3"})])
async def test_generator_dialog_makes_thermometers_and_killers_without_one_cell_cages(
        pool, name, values):
    from tests.tui.test_generate import opened, set_fields

    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(120, 40)) as pilot:
        dialog = await opened(app, pilot, name)
        set_fields(dialog, values | {"size": "6"})
        await pilot.click("#start")
        await wait_for(pilot, lambda: isinstance(app.screen, VariantsEditor)
                       and app.screen.found is not None, timeout=60)
        editor = app.screen
        assert editor.found == 1
        if name == "shapes":
            assert editor.puzzle.thermos
        else:
            assert editor.puzzle.cages and min(len(c.cells) for c in editor.puzzle.cages) >= 2


def test_every_corner_of_a_grid_has_its_junction():
    """Inside, four walls each thin or thick; on the edge, three or two (the edge thick)."""
    from itertools import product

    from tui.widgets.variants_grid import JUNCTIONS

    inside = set(product((1, 2), repeat=4))
    edges = {(0, d, 2, 2) for d in (1, 2)} | {(u, 0, 2, 2) for u in (1, 2)} \
        | {(2, 2, 0, r) for r in (1, 2)} | {(2, 2, l, 0) for l in (1, 2)}
    corners = {(0, 2, 0, 2), (0, 2, 2, 0), (2, 0, 0, 2), (2, 0, 2, 0)}
    assert inside | edges | corners <= set(JUNCTIONS)
    assert [JUNCTIONS[a] for a in ((0, 2, 0, 2), (2, 2, 0, 1), (1, 1, 1, 1), (2, 2, 2, 2),
                                   (1, 2, 1, 2), (2, 0, 2, 1))] == list("┏┠┼╋╆┹")


async def test_on_a_16x16_the_letter_keys_type_digits_and_the_panel_says_so(pool):
    from core.variants.model import make

    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(120, 60)) as pilot:
        editor = await open_editor(app, pilot, make(16))
        await pilot.press("b", "right", "B", "right", "g")
        await wait_for(pilot, lambda: editor.puzzle.givens[:3] == (11, 11, 16))
        assert not editor.puzzle.marks  # no black dot
        walkthrough = str(editor.query_one("#walkthrough").render())
        assert "on this grid A-G are digits: b B type one; add what they add with :" in walkthrough
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(120, 60)) as pilot:
        editor = await open_editor(app, pilot, make(9))
        await wait_for(pilot, lambda: "Keys" in str(editor.query_one("#walkthrough").render()))
        assert "are digits" not in str(editor.query_one("#walkthrough").render())


async def test_on_a_16x16_of_digits_from_0_the_panel_names_the_letters_as_shown(pool):
    from dataclasses import replace

    from core.variants.model import make

    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(120, 60)) as pilot:
        editor = await open_editor(app, pilot, replace(make(16), first=0))
        await pilot.press("b", "right", "f")
        await wait_for(pilot, lambda: editor.puzzle.givens[:2] == (12, 16))
        walkthrough = str(editor.query_one("#walkthrough").render())
        assert "on this grid A-F are digits: b B type one; add what they add with :" in walkthrough


async def test_a_links_title_author_and_rules_are_shown_kept_and_written_back(pool):
    from dataclasses import replace

    from core.variants import links
    from tui.widgets.document_tabs import document_name

    own = (("title", "Little thermo"), ("author", "A. Setter"),
           ("rules", "Normal sudoku rules apply.\nThermos increase from the bulb."))
    link = links.write(replace(formats.parse(SAMPLE), meta=own), "fpuzzles")
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_link(link)
        editor = await checked_editor(pilot, app, VariantsEditor)
        await wait_for(pilot, lambda: editor.title.startswith("Little thermo"))
        assert document_name(editor) == "Little thermo"
        assert "by A. Setter" in editor.sub_title
        words = str(editor.query_one("#words").render())
        assert "Normal sudoku rules apply.\nThermos increase from the bulb." in words
        assert dict(links.read(links.write(editor.puzzle, "sudokupad")).meta) == dict(own)
        assert "note: Thermos increase from the bulb." in editor.text()
        await pilot.press("colon")
        for ch in "title: Warm":
            await pilot.press("space" if ch == " " else ch)
        await pilot.press("enter")
        await wait_for(pilot, lambda: editor.title.startswith("Warm"))
        assert dict(editor.puzzle.meta)["author"] == "A. Setter"
        assert dict(links.read(links.write(editor.puzzle, "fpuzzles")).meta)["title"] == "Warm"


async def test_without_the_setters_rules_the_panel_shows_those_print_writes(pool):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(120, 40)) as pilot:
        editor = await open_editor(app, pilot, formats.parse(SAMPLE))
        words = " ".join(str(editor.query_one("#words").render()).split())
        assert "Rules (written from the constraints" in words
        assert "Digits along a thermometer increase from the bulb end." in words


async def test_a_cage_sum_reads_apart_from_a_digit_and_every_cage_shows_its_outline(pool):
    from tui.widgets.variants_grid import OUTLINE_TINTS

    # two cages side by side, inside one box: r1c1-r1c2 (sum 9) and r1c3 r2c3 (sum 8), and
    # the given 9 beside the first one's sum
    p = formats.parse("kind: variants\n" + "\n".join(["9 . . . . . . . ."] + [". " * 9] * 8)
                      + "\ncage 9: r2c1 r2c2\ncage 8: r1c2 r1c3\n")
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(120, 40)) as pilot:
        editor = await open_editor(app, pilot, p)
        rows = editor.grid.plain().splitlines()
        assert rows[1].startswith("┃ 9 ╎⁸  │ · ┃")  # the sum raised: not a second 9
        assert rows[3].startswith("┃⁹  │ · ╎ · ┃")
        assert rows[2].startswith("┠╌╌╌┼╌╌╌┼╌╌╌╂")  # the cages' outlines where they meet
        strip = editor.grid.lines()[3]
        tints = {seg.style.bgcolor.name for seg in strip if seg.style and seg.style.bgcolor}
        first = editor.grid.lines()[1]
        above = {seg.style.bgcolor.name for seg in first if seg.style and seg.style.bgcolor}
        assert tints and above and tints.isdisjoint(above)  # neighbours shaded apart
        assert tints | above <= {t.lower() for t in OUTLINE_TINTS}


def test_neighbouring_cages_never_share_a_tint():
    from core.variants.model import make
    from core.variants.shapes import Cage
    from tui.widgets.variants_grid import _look

    # the first cage and the fifth meet at r2c1|r2c2: four tints in turn gave them one
    p = make(9, cages=[Cage((0, 9)), Cage((1,)), Cage((2,)), Cage((3,)), Cage((10,))])
    tints = _look(p).tints
    cage_of = {c: i for i, cage in enumerate(p.cages) for c in cage.cells}
    for a in cage_of:
        for b in (a + 1, a + 9):
            if b in cage_of and cage_of[a] != cage_of[b]:
                assert tints[a] != tints[b], (a, b)


async def test_the_stepper_walks_a_variants_steps_with_their_cells_marked(pool):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(120, 40)) as pilot:
        editor = await open_editor(app, pilot, formats.parse(SAMPLE))
        await wait_for(pilot, lambda: editor.last_rating is not None)
        await pilot.press("ctrl+t")
        step = editor.query_one("#step")
        await wait_for(pilot, lambda: step.display and "step 1 of" in str(step.render()))
        first = editor.last_rating.steps[0]
        assert first.text in str(step.render())
        view = editor.grid.step
        assert view is not None and view.sets | view.rules_out  # the cells it concludes on
        assert "▶" in str(editor.query_one("#walkthrough").render())
        await pilot.press("pagedown")
        await wait_for(pilot, lambda: "step 2 of" in str(step.render()))
        placed = editor.last_rating.steps[0].placements
        for cell, v in placed:  # the first step's digit is on the board of the second
            assert editor.grid.step.values[cell] == v
        await pilot.press("end")
        hardest = editor.last_rating.hardest_index()
        await wait_for(pilot, lambda: f"step {hardest + 1} of" in str(step.render()))
        await pilot.press("ctrl+t")
        await wait_for(pilot, lambda: not step.display and editor.grid.step is None)


async def test_a_variants_givens_that_could_go_are_found_and_underlined(pool):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(120, 40)) as pilot:
        p = formats.parse(SAMPLE)
        editor = await open_editor(app, pilot, p)
        await wait_for(pilot, lambda: editor.redundancy(p) is not None)
        found, undecided = editor.redundancy(p)
        assert found and not undecided
        # each one really can go: the puzzle stays unique without it
        from core.variants.family import VARIANTS

        for cell in found[:3]:
            assert VARIANTS.count(VARIANTS.without(p, cell)).unique
        needed = next(c for c in VARIANTS.givens(p) if c not in found)
        assert VARIANTS.count(VARIANTS.without(p, needed)).count == 2
        assert f"{len(found)} redundant givens (underlined)" in str(
            editor.query_one("#details").render())
        assert editor.grid.redundant == frozenset(found)


async def test_a_pdf_from_the_app_takes_the_command_lines_print_options(pool, tmp_path,
                                                                         print_font):
    import pdfplumber
    from textual.widgets import Input

    from core import sudoku
    from tests.tui.test_app import SAMPLE as HARD
    from tui.screens.dialogs import PathPrompt, PrintOptions

    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(80, 24)) as pilot:
        app.edit(sudoku.parse(HARD.read_text()))
        editor = await open_editor(app, pilot, formats.parse(SAMPLE))
        await pilot.press("ctrl+e")
        await wait_for(pilot, lambda: isinstance(app.screen, PathPrompt))
        app.screen.query_one(Input).value = str(tmp_path / "book.pdf")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, PrintOptions)
                       and app.screen.query("#every"))
        dialog = app.screen
        for field, value in (("per_page", "3"),):
            dialog.query_one(f"#{field}", Input).value = value
        await pilot.press("enter")  # refused with the command line's words, the dialog kept
        await wait_for(pilot, lambda: "one of 1, 2, 4, 6, 9" in str(
            dialog.query_one("#error").render()))
        for field, value in (("per_page", "2"), ("title", "Warm ones"), ("solutions", "no"),
                             ("style", "large"), ("lang", "ja"), ("every", "all")):
            dialog.query_one(f"#{field}", Input).value = value
        await pilot.press("enter")
        await wait_for(pilot, lambda: (tmp_path / "book.pdf").exists())
        assert app.screen is editor
    with pdfplumber.open(tmp_path / "book.pdf") as pdf:
        pages = [page.extract_text() for page in pdf.pages]
    assert len(pages) == 1  # two puzzles on one page, no answer pages
    assert pages[0].startswith("Warm ones")
    assert "温度計の数字は" in pages[0].replace("\n", "")
    assert "1 変形ナンプレ — Little one" in pages[0] and "2 Sudoku 9x9" in pages[0]


async def test_a_rule_no_kind_names_is_added_in_words_drawn_and_listed(pool):
    from core.variants.model import make

    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(100, 36)) as pilot:
        editor = await open_editor(app, pilot, make(6))
        await pilot.press("colon")
        for ch in "relation: r1c1 r1c2 r1c3 abs(a-b) >= 3":
            await pilot.press({" ": "space", "(": "left_parenthesis", ")": "right_parenthesis",
                               "-": "minus", ">": "greater_than_sign", "=": "equals_sign",
                               ":": "colon"}.get(ch, ch))
        await pilot.press("enter")
        await wait_for(pilot, lambda: editor.puzzle.custom and editor.found is not None)
        assert editor.puzzle.custom[0].text == "abs(a-b) >= 3"
        drawn = editor.grid.plain().splitlines()[1]
        assert "•" in drawn and drawn.count("~") == 2  # its start, then its glyph
        legend = str(app.screen.query_one("#legend").render())
        assert "relation line r1c1: abs(a-b) >= 3" in legend
        editor.grid.cursor = 1
        editor.show_here()
        await pilot.pause()
        assert "relation line |a−b| ≧ 3" in str(app.screen.query_one("#here").render())
        await pilot.press("ctrl+d")  # drops what touches r1c2: the rule
        assert not editor.puzzle.custom


async def test_a_grid_of_digits_from_0_takes_a_typed_0_and_shows_its_digits(pool):
    """On a grid of digits 0-3, 0 types the digit 0 (held 1) and . clears; the grid shows the
    digits as written; `digits: 1-4` by `:` turns it back, the digits kept as written."""
    from core.variants.model import make

    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(120, 40)) as pilot:
        editor = await open_editor(app, pilot, make(4, first=0, cages=[Cage((4, 5), 5)]))
        await pilot.press("0")
        await wait_for(pilot, lambda: editor.puzzle.givens[0] == 1)
        editor.grid.cursor = 4
        await pilot.press("3")
        await wait_for(pilot, lambda: editor.puzzle.givens[4] == 4 and editor.found is not None)
        drawn = editor.grid.plain()
        rows = [line for line in drawn.splitlines() if "0" in line]
        assert rows and " 0 " in rows[0] and editor.found == count_of(editor.puzzle)
        editor.grid.cursor = 0
        await pilot.press("full_stop")
        await wait_for(pilot, lambda: editor.puzzle.givens[0] == 0)
        await pilot.press("colon")
        for ch in "digits: 1-4":
            await pilot.press("space" if ch == " " else ch)
        await pilot.press("enter")
        await wait_for(pilot, lambda: editor.puzzle.first == 1)
        assert editor.puzzle.givens[4] == 3 and editor.puzzle.cages[0].total == 5


def count_of(p) -> int:
    from core.variants.engine import count

    return min(count(p, 2).count, 2)
