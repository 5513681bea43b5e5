"""The side panel: live uniqueness, difficulty, techniques, and the logic walkthrough."""

from __future__ import annotations

import time

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"


class StatusPanel(VerticalScroll):
    DEFAULT_CSS = """
    StatusPanel { width: 1fr; min-width: 36; padding: 0 1; border-left: solid $primary; }
    StatusPanel > .heading { text-style: bold; margin-top: 1; }
    StatusPanel #uniqueness.unique { color: $success; }
    StatusPanel #uniqueness.several { color: $warning; }
    StatusPanel #uniqueness.none { color: $error; }
    """

    def compose(self) -> ComposeResult:
        yield Static("Status", classes="heading")
        yield Static("", id="uniqueness", markup=False)
        yield Static("", id="details", markup=False)
        yield Static("Difficulty", classes="heading")
        yield Static("", id="difficulty", markup=False)
        yield Static("", id="techniques", markup=False)
        yield Static("", id="walkthrough", markup=False)

    def on_mount(self) -> None:
        self._shown: dict[str, str] = {}  # the text of each line as shown
        self._busy: dict[str, float] = {}
        self._frame = 0
        self.set_interval(0.1, self._tick)

    def busy(self, what: str) -> None:
        """A check or rating started; show a spinner and the elapsed time until it reports."""
        self._busy[what] = time.monotonic()
        self._tick()

    def idle(self, what: str) -> None:
        self._busy.pop(what, None)

    def _tick(self) -> None:
        self._frame += 1
        now = time.monotonic()
        spin = SPINNER[self._frame % len(SPINNER)]
        if "check" in self._busy:
            elapsed = now - self._busy["check"]
            if elapsed > 0.3:
                self.set_uniqueness(f"{spin} checking… {elapsed:.1f} s (Esc cancels)", "")
        if "rate" in self._busy:
            elapsed = now - self._busy["rate"]
            if elapsed > 0.3:
                self.query_one("#difficulty", Static).update(f"{spin} rating… {elapsed:.1f} s")

    def set_uniqueness(self, text: str, kind: str, details: str | None = None) -> None:
        self._update("#uniqueness", text)
        self.query_one("#uniqueness", Static).set_classes(kind)
        if details is not None:
            self._update("#details", details)

    def set_difficulty(self, headline: str, techniques: str = "", walkthrough: str = "") -> None:
        self._update("#difficulty", headline)
        self._update("#techniques", techniques)
        self._update("#walkthrough", walkthrough)

    def _update(self, selector: str, text: str) -> None:
        """A line's new text. A layout pass redraws the whole screen, and the grid's next
        keystroke should not wait for that: the same text is left alone, and a text that
        wraps to as many lines as the old one is drawn without a layout."""
        old = self._shown.get(selector)
        if old == text:
            return
        self._shown[selector] = text
        widget = self.query_one(selector, Static)
        width = widget.content_region.width
        same = old is not None and width > 0 and _lines(old, width) == _lines(text, width)
        widget.update(text, layout=not same)


def _lines(text: str, width: int) -> int:
    """How many lines `text` takes when wrapped at `width` cells."""
    from rich.console import Console
    from rich.text import Text

    return len(Text(text).wrap(Console(width=width), width)) if text else 0
