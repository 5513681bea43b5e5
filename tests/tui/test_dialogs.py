"""Dialogs move between fields and buttons with Tab and the arrow keys, Enter in a field
answers them; every palette entry is found by the words it shows."""

import pytest
from rich.console import Console
from textual.widgets import Button, Input

from core import arith, sudoku
from tests.tui.conftest import burst, paced, palette, wait_for
from tests.tui.test_app import ready
from tests.tui.test_generate import opened
from tui.app import PuzzleApp
from tui.commands import PuzzleCommands, commands
from tui.screens.dialogs import Choice, PathPrompt
from tui.screens.generate import GenerateDialog
from tui.screens.sudoku_editor import SudokuEditor


async def test_a_choice_moves_between_its_buttons_with_the_arrows_and_tab():
    answers = []
    app = PuzzleApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.push_screen(Choice("Which?", ["One", "Two", "Three"]), answers.append)
        await wait_for(pilot, lambda: ready(app, Choice))
        assert app.focused.label.plain == "One"
        await pilot.press("right", "right")
        assert app.focused.label.plain == "Three"
        await pilot.press("right", "left", "left")  # round from the last to the first
        assert app.focused.label.plain == "Two"
        await pilot.press("tab")
        assert app.focused.label.plain == "Three"
        await pilot.press("shift+tab", "enter")
        await wait_for(pilot, lambda: answers == ["Two"])


async def test_keys_sent_at_once_act_in_order_in_a_dialog():
    answers = []
    app = PuzzleApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.push_screen(Choice("Unsaved changes.", ["Save", "Quit without saving", "Cancel"]),
                        answers.append)
        await wait_for(pilot, lambda: ready(app, Choice))
        await burst(pilot, "right", "enter")
        assert answers == ["Quit without saving"]
        app.push_screen(PathPrompt("Name?"), answers.append)
        await wait_for(pilot, lambda: ready(app, PathPrompt))
        await burst(pilot, "x", "down", "right", "left", "enter")  # OK, pressed
        assert answers[1:] == ["x"]


PROMPT_KEYS = [
    ("backspace", "x"),  # the issue's: 'abc' at once, 'abx' slowly
    ("left", "y"),  # 'abcy' at once, 'abyc' slowly
    ("home", "z", "end", "w"),
    ("left", "left", "backspace", "q", "right", "delete", "r"),
    ("shift+left", "s", "ctrl+a", "t", "ctrl+e", "u"),
    ("left", "left", "ctrl+k", "n", "ctrl+u", "v"),
    ("down", "up", "v"),  # to the OK button and back: the v was lost on the button
    ("down", "right", "left", "up", "end", "w"),
]


async def prompt_value(app, pilot, keys, how) -> str:
    """The text in a prompt holding 'abc' (the cursor at its end) after `keys`."""
    app.push_screen(PathPrompt("Open", "abc"))
    await wait_for(pilot, lambda: ready(app, PathPrompt) and isinstance(app.focused, Input))
    await pilot.press("end")  # the field selects its text when focused
    await how(pilot, *keys)
    value = app.screen.query_one(Input).value
    app.pop_screen()
    return value


async def test_editing_keys_sent_at_once_in_a_prompt_act_in_order():
    """Printable keys were inserted at once, while Backspace, the arrows, Home and End ran
    only after bubbling up to the bindings: typed fast, the letter got in first."""
    app = PuzzleApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        for keys in PROMPT_KEYS:
            slowly = await prompt_value(app, pilot, keys, paced)
            at_once = await prompt_value(app, pilot, keys, burst)
            assert (keys, at_once) == (keys, slowly)
        assert await prompt_value(app, pilot, ("backspace", "x"), burst) == "abx"


@pytest.mark.parametrize("start, keys, want", [
    # from the ナンクロ text field, ↓ to the letters given: 2-3 belongs there
    ("text", ("down", "2", "-", "3", "up", "a", "left", "b"), {"givens": "2-3", "text": "ba"}),
    # from the size over two choices (symmetry, language) to the text field
    ("size", ("down", "down", "down", "m", "y"), {"text": "my"}),
])
async def test_keys_sent_at_once_in_the_generator_dialog_go_to_the_field_moved_to(
        pool, start, keys, want):
    """Typed at once, the letters land where typed slowly they land, not in a field or on
    a choice that an arrow before them left."""
    given = []
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        for typed in (lambda: paced(pilot, *keys), lambda: burst(pilot, *keys)):
            dialog = await opened(app, pilot, "numcro")
            dialog.query_one(f"#{start}").focus()
            await wait_for(pilot, lambda dialog=dialog: app.focused.id == start)
            await typed()
            given.append(dialog.given())
            app.pop_screen()
    assert {k: given[0][k] for k in want} == want
    assert given[1] == given[0]


async def test_a_prompt_answers_with_enter_in_its_field_and_moves_down_to_its_buttons():
    answers = []
    app = PuzzleApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.push_screen(PathPrompt("Name?"), answers.append)
        await wait_for(pilot, lambda: ready(app, PathPrompt))
        await pilot.press(*"a.txt")
        await pilot.press("left", "left", "left", "left", "b")  # ← → stay in the text
        assert app.focused.value == "ab.txt"
        await pilot.press("down")
        assert isinstance(app.focused, Button) and app.focused.id == "ok"
        await pilot.press("right")
        assert app.focused.id == "cancel"
        await pilot.press("up", "up")
        assert isinstance(app.focused, Input)
        await pilot.press("enter")
        await wait_for(pilot, lambda: answers == ["ab.txt"])


async def test_the_generator_dialog_goes_field_by_field_with_the_arrows(pool):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        dialog = await opened(app, pilot, "arith")
        names = [f.name for f in dialog.generator.fields if not f.more]
        seen = [app.focused.id]
        for _ in names[1:]:
            await pilot.press("down")  # a choice does not open on ↓, a text field keeps ←→
            seen.append(app.focused.id)
        assert seen == names
        assert "--level: how a person solves it" in str(dialog.query_one("#field-help").render())
        await pilot.press("down", "enter", "down")  # More options, opened, its first field
        assert app.focused.id == next(f.name for f in dialog.generator.fields if f.more)
        await pilot.press("space")  # not a choice or a flag: a space in the text
        await pilot.press("tab", "tab", "tab")  # past the last field and the seed: Generate
        assert app.focused.id == "start"
        await pilot.press("right")
        assert app.focused.id == "cancel"
        await pilot.press(*["up"] * 8)  # back to the one-blank box
        assert app.focused.id == "one_blank_per_column" and not app.focused.value
        await pilot.press("space")
        assert app.focused.value is True
        await pilot.press("up", "up", "up")
        assert app.focused.id == "op"
        await pilot.press("space")  # a choice opens on space (or Enter)
        assert app.focused.__class__.__name__ == "SelectOverlay"
        await pilot.press("escape", "escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, GenerateDialog))


async def search(provider: PuzzleCommands, query: str) -> list[str]:
    """The entries' titles as the palette lists them: best first."""
    hits = [hit async for hit in provider.search(query)]
    return [hit.text for hit in sorted(hits, key=lambda hit: -hit.score)]


@pytest.mark.parametrize("with_editor", [False, True])
async def test_every_palette_entry_is_found_by_the_words_it_shows(pool, with_editor):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        await pilot.pause()
        if with_editor:
            app.edit(sudoku.Puzzle.blank(4))
            app.edit(sudoku.Puzzle.blank(6))
            await wait_for(pilot, lambda: isinstance(app.screen, SudokuEditor)
                           and app.screen.puzzle.size == 6)
        provider = PuzzleCommands(app.screen)
        entries = commands(app, app.screen)
        assert len({e.title for e in entries}) == len(entries)  # each has words of its own
        for entry in entries:
            found = await search(provider, entry.title)
            assert found and found[0] == entry.title, entry.title
            words = entry.help.split()[:3]  # its help line's words find it too
            assert entry.title in await search(provider, " ".join(words)), entry.help


async def test_the_palette_opens_the_generator_its_words_name(pool):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        await palette(pilot, "Generate a unique ナンクロ")
        await wait_for(pilot, lambda: ready(app, GenerateDialog))
        assert app.screen.generator.name == "numcro"


async def test_the_help_is_made_from_every_binding_and_starts_with_the_family_in_front():
    from tui import families
    from tui.screens.editor import PuzzleEditor
    from tui.screens.help import HelpScreen, own_bindings

    app = PuzzleApp()
    async with app.run_test(size=(110, 40)) as pilot:
        app.edit(arith.parse("SEND+MORE=MONEY"))
        await wait_for(pilot, lambda: isinstance(app.screen, PuzzleEditor))
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        console = Console(width=100, record=True)
        console.print(app.screen.help())
        text = " ".join(console.export_text().split())
        editors = families.editors()
        for cls in (type(app), PuzzleEditor, *editors.values(),
                    *(e.grid_widget for e in editors.values())):
            for binding in own_bindings(cls):
                assert binding.description in text, (cls.__name__, binding.description)
        for editor in editors.values():
            assert " ".join(editor.typing_help.split()) in text
        sections = [text.index(e.family.title + " ") for e in editors.values()]
        assert min(sections) == text.index("虫食算・覆面算 ")  # the family in front first
