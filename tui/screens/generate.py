"""The generator dialog, one class for every generator: its widgets are made from the
generator's `Field`s (core/family.py) as the command line makes its flags from them, and
what the author set is read by the same `Generator.options_from`, so the dialog offers the
command line's defaults and choices and refuses what it refuses, in the same words. The
puzzle is made in the process pool (elapsed time shown, Cancel stops it)."""

from __future__ import annotations

import asyncio
import random
import re
import shlex
import time

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.suggester import SuggestFromList
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Collapsible, Input, Label, ProgressBar, Select, Static

from core import jobs
from core.family import Context, Failed, Family, Field, Generator, notes_text
from tui.screens.dialogs import Dialog
from tui.widgets.keys import InOrder
from tui.widgets.text_field import DialogButton, TextField

SEED = Field("seed", "the seed that makes this puzzle again (generate --seed)", int,
             blank="random")
AROUND = 15  # rows of the dialog besides its fields: title, help, state, buttons, frame
OWN_IDS = ("seed", "start", "cancel", "state", "progress", "field-help")  # not field names


class FieldSelect(InOrder, Select, inherit_bindings=False):
    """A choice that opens on Enter or space; ↑ ↓ go on to the next field at once."""

    BINDINGS = [Binding("enter,space", "show_overlay", "Show choices", show=False)]


class Fields(VerticalScroll, inherit_bindings=False):
    """The fields, scrolled to the focused one; ↑ ↓ move the focus, not the view."""


class FieldCheck(InOrder, Checkbox, inherit_bindings=False):
    """A flag that space turns on and off; Enter generates, as in a text field."""

    BINDINGS = [Binding("space", "toggle_button", "Toggle", show=False)]


def field_widget(field: Field) -> Widget:
    """The widget a field is set with, holding the command line's default: a flag a
    checkbox, choices a select (with the field's words; `blank` first where the default is
    none), anything else a text field."""
    if field.type is bool:
        return FieldCheck("yes", bool(field.default), id=field.name, compact=True)
    if field.choices:
        words = field.words or tuple(map(str, field.choices))
        options = [(word, str(choice)) for word, choice in
                   zip(words, field.choices, strict=True)]
        if field.default is None:
            options.insert(0, (field.blank or "default", ""))
        return FieldSelect(options, value=field.default_text, allow_blank=False,
                           id=field.name, compact=True)
    suggester = SuggestFromList(field.known(), case_sensitive=False) if field.known else None
    placeholder = field.blank or ("path/to/file" if field.file else field.metavar or "")
    return TextField(field.default_text, placeholder=placeholder, id=field.name, compact=True,
                     suggester=suggester)


class GenerateDialog(Dialog):
    """A generator's options, then a puzzle made in the pool; dismissed with the puzzle (None
    when cancelled). Enter in a field generates."""

    BINDINGS = [Binding("enter", "start", "Generate", show=False)]

    def __init__(self, family: Family, generator: Generator) -> None:
        super().__init__()
        self.family, self.generator = family, generator
        self.fields = {field.name: field for field in generator.fields}
        self.fields[SEED.name] = SEED

    @property
    def heading(self) -> str:
        return f"Generate {self.generator.help}"

    def compose(self) -> ComposeResult:
        main = [f for f in self.generator.fields if not f.more]
        more = [f for f in self.generator.fields if f.more]
        with Vertical():
            yield Label(self.heading, classes="title")
            with Fields(id="fields"):
                yield from self.rows(main)
                if more:
                    with Collapsible(title=f"More options ({len(more)})"):
                        yield from self.rows(more)
                yield from self.rows([SEED])
            yield Static("", id="field-help", markup=False)
            yield ProgressBar(total=None, show_eta=False, id="progress")
            yield Static("", id="state", markup=False)
            with Horizontal(classes="buttons"):
                yield DialogButton("Generate", variant="primary", id="start")
                yield DialogButton("Cancel", id="cancel")

    def rows(self, fields: list[Field]) -> ComposeResult:
        with Grid():
            for field in fields:
                yield Label(field.title)
                yield field_widget(field)

    def on_mount(self) -> None:
        self.query_one("#progress").display = False
        self.query_one(f"#{self.generator.fields[0].name}").focus()

    def on_resize(self, event) -> None:
        """The fields scroll, so that the help, the state and the buttons stay in sight."""
        self.query_one("#fields").styles.max_height = max(3, event.size.height - AROUND)

    def on_descendant_focus(self, event) -> None:
        """The focused field's flag and help, under the fields."""
        field = self.field_of(event.widget)
        if field is not None:
            self.query_one("#field-help", Static).update(f"{field.flag}: {field.help}")
        elif isinstance(event.widget.parent, Collapsible):
            self.query_one("#field-help", Static).update(
                "Enter shows or hides the options set less often")

    def field_of(self, widget: Widget) -> Field | None:
        for node in (widget, *widget.ancestors):
            if node.id in self.fields:
                return self.fields[node.id]
        return None

    # --- what the author set -----------------------------------------------------------

    def given(self) -> dict:
        """Each field as the command line would pass it: text as typed (None when empty),
        a choice's word as its flag takes it, a flag's True or False."""
        given = {}
        for name in self.fields:
            value = self.query_one(f"#{name}").value
            given[name] = value if isinstance(value, bool) else (value.strip() or None)
        return given

    def command_line(self, given: dict, seed: int) -> str:
        """The `puzzle-tui generate` line that makes the same puzzle."""
        words = ["puzzle-tui", "generate", self.generator.name]
        for field in self.generator.fields:
            value = given[field.name]
            if field.type is bool:
                words += [field.flag] if value else []
            elif value is not None and value != field.default_text:
                words += [field.flag, value]
        return shlex.join(words + ["--seed", str(seed)])

    def refuse(self, message: str) -> None:
        """Say what is wrong, and take the author to the field it names."""
        message = self.app.while_installing(message)
        state = self.query_one("#state", Static)
        state.update(message)
        state.add_class("error")
        flags = {field.flag: name for name, field in self.fields.items()}
        named = [flags[flag] for flag in re.findall(r"--[a-z-]+", message) if flag in flags]
        given = self.given()
        named.sort(key=lambda name: not given[name])  # those the author set, first
        if named:
            widget = self.query_one(f"#{named[0]}")
            for collapsible in widget.ancestors:
                if isinstance(collapsible, Collapsible):
                    collapsible.collapsed = False
            widget.focus()

    # --- generating ----------------------------------------------------------------------

    @on(Input.Submitted)
    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        if self.query_one("#start", Button).disabled:
            return  # one puzzle at a time
        given = self.given()
        try:
            options = self.generator.options_from(given)
            seed = SEED.value_of(given.pop(SEED.name))
        except ValueError as error:
            self.refuse(str(error))
            return
        if seed is None:
            seed = random.SystemRandom().randrange(2 ** 32)
        self.query_one("#state", Static).remove_class("error")
        self.query_one("#start", Button).disabled = True
        self.query_one("#progress").display = True
        self.generate(options, seed, self.command_line(given, seed))

    @work(exclusive=True, group="generate")
    async def generate(self, options, seed: int, command: str) -> None:
        pool: jobs.JobPool = self.app.pool
        slot, job = pool.next_job("generate")
        state = self.query_one("#state", Static)
        started = time.monotonic()
        timer = self.set_interval(0.2, lambda: state.update(
            f"generating with seed {seed}… {time.monotonic() - started:.1f} s (Esc cancels)"))
        loop = asyncio.get_running_loop()
        try:
            result = await loop.run_in_executor(pool.executor, jobs.generate, slot, job,
                                                self.generator.name, options, seed, Context())
        finally:
            timer.stop()
        if not pool.is_live("generate", job):
            return  # cancelled
        if isinstance(result, Failed):
            self.refuse(result.error)
            self.query_one("#start", Button).disabled = False
            self.query_one("#progress").display = False
            return
        notes = f"; {notes_text(result.notes)}" if result.notes else ""
        self.app.notify(f"{command}{notes}", title="Generated", timeout=10)
        self.dismiss(result.puzzle)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.app.pool.cancel("generate")
        self.dismiss(None)
