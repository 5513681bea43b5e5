"""The generator dialog is made from each generator's Fields, as the command line's flags
are: for every generator it offers every field with the command line's default and
choices, refuses what the command line refuses in the same words, and makes the same
puzzle for the same options and seed."""

import shlex

import pytest
from textual.widgets import Button, Checkbox, Input, Select, Static

from cli import build_parser, main
from cli.generate import options_of
from cli.usage import chosen
from core import kinds
from core.jobs import JobPool
from dictionaries.builder import build_from_sources
from tests.tui.conftest import wait_for
from tui import families
from tui.app import PuzzleApp
from tui.screens.editor import PuzzleEditor
from tui.screens.generate import OWN_IDS, GenerateDialog

NAMES = sorted(kinds.GENERATORS)


async def opened(app, pilot, name: str) -> GenerateDialog:
    making = next(m for m in families.generators() if m.generator.name == name)
    app.open_generator(making)
    await wait_for(pilot, lambda: isinstance(app.screen, GenerateDialog)
                   and bool(app.screen.query(Button)))
    return app.screen


def set_fields(dialog: GenerateDialog, values: dict) -> None:
    """Values as an author sets them: text typed, a choice picked, a box ticked."""
    for name, value in values.items():
        widget = dialog.query_one(f"#{name}")
        widget.value = value if isinstance(widget, (Checkbox, Select)) else str(value)


def flags(values: dict) -> list[str]:
    """The same values as command-line words."""
    words = []
    for name, value in values.items():
        flag = "--" + name.replace("_", "-")
        words += [flag] if value is True else [flag, str(value)]
    return words


def test_no_field_takes_a_name_the_dialog_uses_itself():
    assert not {f.name for _, g in kinds.GENERATORS.values() for f in g.fields} & set(OWN_IDS)


@pytest.mark.parametrize("name", NAMES)
async def test_the_dialog_offers_every_field_with_the_clis_default_and_choices(name, pool):
    family, generator = kinds.GENERATORS[name]
    parser = build_parser(["generate", name])
    args = parser.parse_args(["generate", name])
    command_line = {action.dest: action for action in chosen(parser, ["generate", name])._actions}
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        dialog = await opened(app, pilot, name)
        for field in generator.fields:
            widget = dialog.query_one(f"#{field.name}")
            flag = command_line[field.name]
            if field.type is bool:
                assert isinstance(widget, Checkbox) and widget.value is False
                assert flag.const is True and flag.default is False
            elif field.choices:
                offered = [value for _, value in widget._options]  # as the list shows them
                blank = [""] if field.default is None else []
                assert offered == blank + [str(c) for c in flag.choices]
                assert widget.value == ("" if field.default is None else str(field.default))
            else:
                assert isinstance(widget, Input) and flag.choices is None
                assert widget.value == field.default_text
        # untouched, the dialog asks for exactly the options the bare command line makes
        assert generator.options_from(dialog.given()) == options_of(args, generator)


# (generator, what the author sets) that the command line refuses
REFUSED = [
    ("sudoku", {"clues": "many"}),
    ("sudoku", {"rating": "9-3"}),
    ("sudoku", {"size": "4", "must_use": "X-Wing"}),
    ("sudoku", {"max_technique": "guessing"}),
    ("sudoku", {"mask": "no-such-mask.txt"}),
    ("arith", {"digits": "3 by 2"}),
    ("arith", {"op": "div", "digits": "3"}),
    ("arith", {"keep": "1.5"}),
    ("alphametic", {"words": "2"}),
    ("numcro", {"givens": "two"}),
    ("numcro", {"size": "3"}),
    ("numcro", {"pangram": True}),
    ("numcro", {"lang": "en", "dakuten": True}),
    ("numcro", {"keyword": "1"}),
    ("jigsaw", {"size": "20"}),
    ("marks", {"marks": "white dots"}),
    ("rules", {"rules": "diagonal spiral"}),
    ("shapes", {"seconds": "soon"}),
    ("killer", {"size": "3"}),
]


@pytest.mark.parametrize("name, values", REFUSED)
async def test_the_dialog_refuses_what_the_cli_refuses_in_the_same_words(name, values, pool,
                                                                          capsys, tmp_path,
                                                                          monkeypatch):
    monkeypatch.chdir(tmp_path)  # a file named in the values is not there
    assert main(["generate", name, *flags(values)]) == 2
    said = capsys.readouterr().err.strip()
    assert said.startswith("generate: ") and "\n" not in said
    message = said.removeprefix("generate: ")
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        dialog = await opened(app, pilot, name)
        set_fields(dialog, values)
        await pilot.click("#start")
        assert str(dialog.query_one("#state", Static).render()) == message
        assert app.screen is dialog and not dialog.query_one("#start", Button).disabled
        named = sorted((message.index(flag), n) for n in values
                       if (flag := "--" + n.replace("_", "-")) in message)
        if named:  # the author is taken to the first field the message names
            assert app.focused.id == named[0][1]


# (generator, options, seed): small and quick
MADE = [
    ("sudoku", {"size": "4", "symmetry": "rot180"}, 5),
    ("sudoku", {"level": "easy", "minimal": True}, 2),
    ("arith", {"digits": "2x2", "op": "mul"}, 3),
    ("arith", {"op": "add", "digits": "3+3", "one_blank_per_column": True}, 4),
    ("alphametic", {"words": "3"}, 1),
    ("jigsaw", {"size": "4"}, 1),
    ("killer", {"size": "4", "singles": True}, 1),
    ("marks", {"size": "4", "marks": "x v", "all_marks": True}, 1),
    ("shapes", {"size": "4"}, 2),
    ("rules", {"size": "4", "rules": "diagonal"}, 1),
]


async def made_in_the_dialog(app, pilot, name: str, values: dict, seed: int) -> tuple:
    """The puzzle the dialog opens, and the command line it says makes it again."""
    dialog = await opened(app, pilot, name)
    set_fields(dialog, values | {"seed": str(seed)})
    dialog.query_one("#seed", Input).focus()
    await pilot.press("enter")  # Enter in a field generates
    await wait_for(pilot, lambda: isinstance(app.screen, PuzzleEditor), timeout=60)
    editor = app.screen
    await wait_for(pilot, lambda: editor.found == 1, timeout=60)  # unique, as made
    said = [n.message for n in app._notifications if n.title == "Generated"]
    return editor.puzzle, said[-1]


@pytest.mark.parametrize("name, values, seed", MADE)
async def test_the_dialog_makes_the_puzzle_the_cli_makes(name, values, seed, pool, capsys):
    family, generator = kinds.GENERATORS[name]
    assert main(["generate", name, *flags(values), "--seed", str(seed)]) == 0
    printed = capsys.readouterr().out
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(110, 40)) as pilot:
        puzzle, command = await made_in_the_dialog(app, pilot, name, values, seed)
    assert family.format(puzzle, generator.style) == printed
    # the command line the dialog says it ran makes it again
    assert command.startswith(f"puzzle-tui generate {name} ") and f"--seed {seed}" in command
    assert main(shlex.split(command)[1:]) == 0
    assert capsys.readouterr().out == printed


async def test_a_numcro_from_the_dialog_is_the_clis(tmp_path, monkeypatch, capsys):
    """Its own pool: worker processes read the data folder from their environment at start."""
    data = tmp_path / "data"
    monkeypatch.setenv("PUZZLE_WORKBENCH_DATA", str(data))
    build_from_sources(["cefr"], data / "dictionaries" / "en", "en")
    values = {"lang": "en", "size": "5", "givens": "2-3"}
    assert main(["generate", "numcro", *flags(values), "--seed", "2"]) == 0
    printed = capsys.readouterr().out
    own_pool = JobPool()
    try:
        app = PuzzleApp(pool=own_pool)
        async with app.run_test(size=(110, 40)) as pilot:
            puzzle, _ = await made_in_the_dialog(app, pilot, "numcro", values, 2)
            assert app.screen.source == "builtin:en"
    finally:
        own_pool.shutdown()
    assert kinds.by_name("numcro").format(puzzle) == printed
