"""Small modal dialogs: a path prompt, a PDF's print options, a choice between buttons, and
a menu. Every dialog
moves between its fields and buttons with Tab and the arrow keys (↑ ↓ from field to field,
← → from button to button; inside a text field ← → move the cursor), and Enter in a text
field answers it, as the default button would."""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from tui.widgets.text_field import DialogButton, TextField


class Dialog(ModalScreen):
    """A modal with the keys every dialog shares; Escape cancels (`action_cancel`)."""

    CSS_PATH = Path(__file__).parent.parent / "dialogs.tcss"  # every dialog's, subclasses too
    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("up", "app.focus_previous", "Previous", show=False),
        Binding("down", "app.focus_next", "Next", show=False),
        Binding("left", "beside(-1)", "Previous button", show=False),
        Binding("right", "beside(1)", "Next button", show=False),
    ]

    def action_beside(self, step: int) -> None:
        """← →: from a button to the one beside it (a text field keeps them for its cursor,
        as it takes them before the dialog does)."""
        focused = self.focused
        if not isinstance(focused, Button) or focused.parent is None:
            return
        row = [b for b in focused.parent.children if isinstance(b, Button) and not b.disabled]
        # at once, not after the keys already typed: "→ Enter" in one burst presses the next
        self.set_focus(row[(row.index(focused) + step) % len(row)])

    def action_cancel(self) -> None:
        self.dismiss(None)


def error_and_buttons() -> ComposeResult:
    """Under a dialog's fields: the line that says what is wrong with an answer (#error; the
    dialog stays open) and the OK (#ok) and Cancel (#cancel) buttons."""
    yield Static("", id="error", classes="error", markup=False)
    with Horizontal(classes="buttons"):
        yield DialogButton("OK", variant="primary", id="ok")
        yield DialogButton("Cancel", id="cancel")


class PathPrompt(Dialog):
    """Ask for a line of text (a file path, by default); the caller may show an error and
    keep the dialog open. An empty answer is allowed where `allow_empty` says so."""

    def __init__(self, title: str, value: str = "", validate=None,
                 placeholder: str = "path/to/puzzle.txt", allow_empty: bool = False) -> None:
        super().__init__()
        self.title_text, self.value, self.validate = title, value, validate
        self.placeholder, self.allow_empty = placeholder, allow_empty

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text, classes="title")
            yield TextField(self.value, placeholder=self.placeholder, id="path")
            yield from error_and_buttons()

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def submit(self) -> None:
        path = self.query_one("#path", Input).value.strip()
        if not path and not self.allow_empty:
            return
        problem = self.validate(path) if self.validate else None
        if problem:
            self.query_one("#error", Static).update(problem)
        else:
            self.dismiss(path)

    @on(Button.Pressed, "#cancel")
    def cancelled(self) -> None:
        self.dismiss(None)


class PrintOptions(Dialog):
    """The command line's print options for a PDF from the app: puzzles a page, the book's
    title, answer pages, the house style and the rules' language, and with several puzzles
    open whether they all go in; each checked as the command line checks it. Answers a
    tui.session.Printing, or None."""

    FIELDS = (("per_page", "Puzzles a page", "1 2 4 6 9; empty: fewest pages"),
              ("title", "Book title", "the running head"),
              ("solutions", "Answer pages", "yes or no"),
              ("style", "House style", "magazine, large, a .toml file"),
              ("lang", "Rules in", "en or ja (a variant's)"))

    def __init__(self, title: str, open_puzzles: int = 1) -> None:
        super().__init__()
        self.book_title, self.open_puzzles = title, open_puzzles

    def compose(self) -> ComposeResult:
        values = {"per_page": "", "title": self.book_title, "solutions": "yes",
                  "style": "magazine", "lang": "en", "every": "this"}
        fields = self.FIELDS + ((("every", "Puzzles", f"this, or all {self.open_puzzles} "
                                  "open"),) if self.open_puzzles > 1 else ())
        with Vertical():
            yield Label("Print (PDF): the command line's print options", classes="title")
            with Grid():
                for name, words, choices in fields:
                    yield Label(words)
                    yield TextField(values[name], id=name)
                    yield Label(choices, classes="choices")
            yield from error_and_buttons()

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def submit(self) -> None:
        from tui.session import Printing

        given = {field.id: field.value.strip() for field in self.query(TextField)}
        try:
            chosen = Printing(_per_page(given["per_page"]), given["title"] or "Puzzles",
                              _yes(given["solutions"]), given["style"] or "magazine",
                              _one_of(given["lang"] or "en", ("en", "ja"), "the language"),
                              _one_of(given.get("every") or "this", ("this", "all"),
                                      "the puzzles") == "all")
            chosen.house_style()
        except ValueError as error:
            self.query_one("#error", Static).update(str(error))
            return
        self.dismiss(chosen)

    @on(Button.Pressed, "#cancel")
    def cancelled(self) -> None:
        self.dismiss(None)


def _per_page(text: str) -> int | None:
    from core.export.style import LAYOUTS

    if not text:
        return None
    if not text.isdigit() or int(text) not in LAYOUTS:
        raise ValueError(f"puzzles a page: {text}? one of {', '.join(map(str, LAYOUTS))}")
    return int(text)


def _yes(text: str) -> bool:
    return _one_of(text.lower() or "yes", ("yes", "no"), "answer pages") == "yes"


def _one_of(text: str, choices: tuple[str, ...], what: str) -> str:
    if text.lower() not in choices:
        raise ValueError(f"{what}: {text}? {' or '.join(choices)}")
    return text.lower()


class Choice(Dialog):
    """A question with a few answers as buttons; Escape picks the last one."""

    def __init__(self, question: str, answers: list[str]) -> None:
        super().__init__()
        self.question, self.answers = question, answers

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, classes="title", markup=False)
            with Horizontal(classes="buttons"):
                for i, answer in enumerate(self.answers):
                    variant = "primary" if i == 0 else "default"
                    yield DialogButton(answer, id=f"answer-{i}", variant=variant)

    @on(Button.Pressed)
    def answered(self, event: Button.Pressed) -> None:
        self.dismiss(self.answers[int(event.button.id.removeprefix("answer-"))])

    def action_cancel(self) -> None:
        self.dismiss(self.answers[-1])


class Menu(Dialog):
    """A list to pick one entry from (Enter or a click); the entry's index, None on Escape."""

    def __init__(self, title: str, entries: list[str], highlighted: int = 0) -> None:
        super().__init__()
        self.title_text, self.entries, self.highlighted = title, entries, highlighted

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text, classes="title")
            yield OptionList(*(Option(entry) for entry in self.entries))

    def on_mount(self) -> None:
        self.query_one(OptionList).highlighted = self.highlighted

    @on(OptionList.OptionSelected)
    def chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_index)
