"""The side panel: live uniqueness, the jobs running in the pool (time, search nodes, Esc),
difficulty, techniques, and the logic walkthrough. Its text wraps to its width and it
scrolls when taller than the screen."""

from __future__ import annotations

import time
from collections.abc import Callable

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.widgets import Static

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
SHOWN_AFTER = 0.3  # seconds: a job quicker than this is not announced
JOB_NAMES = {"check": "checking", "redundant": "redundant givens", "rate": "rating",
             "suggest": "givens that make it unique", "candidates": "true candidates"}


class StatusPanel(VerticalScroll):
    def compose(self) -> ComposeResult:
        yield Static("Status", classes="heading")
        yield Static("", id="uniqueness", markup=False)
        yield Static("", id="details", markup=False)
        yield Static("", id="progress", markup=False)
        yield Static("", id="candidates", markup=False)
        yield Static("Difficulty", classes="heading")
        yield Static("", id="difficulty", markup=False)
        yield Static("", id="techniques", markup=False)
        yield Static("", id="walkthrough", markup=False)

    def on_mount(self) -> None:
        for line in self.query(Static):
            line.display = line.has_class("heading")  # an empty line takes no room
        self._shown: dict[str, str] = {}  # the text of each line as shown
        self._busy: dict[str, tuple[float, Callable[[], int] | None]] = {}
        self._frame = 0
        self._following: tuple[str, str] | None = None  # (line, mark) kept in view
        self.set_interval(0.1, self._tick)

    def busy(self, job: str, nodes: Callable[[], int] | None = None) -> None:
        """A job started in the pool: its time (and the search nodes `nodes()` says it has
        visited) show until it reports."""
        self._busy[job] = (time.monotonic(), nodes)

    def idle(self, job: str) -> None:
        self._busy.pop(job, None)
        self._tick()

    def _tick(self) -> None:
        self._frame += 1
        now, spin = time.monotonic(), SPINNER[self._frame % len(SPINNER)]
        lines = []
        for job, (start, nodes) in self._busy.items():
            if now - start > SHOWN_AFTER:
                searched = nodes() if nodes else 0
                lines.append(f"{spin} {JOB_NAMES.get(job, job)} {now - start:.1f} s"
                             + (f", {_count(searched)} nodes" if searched else ""))
        if "check" in self._busy and now - self._busy["check"][0] > SHOWN_AFTER:
            self.set_uniqueness("checking…", "")
        self._update("#progress", "\n".join(lines + ["Esc stops"]) if lines else "")

    def set_uniqueness(self, text: str, kind: str, details: str | None = None) -> None:
        self._update("#uniqueness", text)
        line = self.query_one("#uniqueness", Static)
        if set(line.classes) != set(kind.split()):
            line.set_classes(kind)
        if details is not None:
            self._update("#details", details)

    def set_candidates(self, text: str) -> None:
        """What the true-candidates view shows and how far it went ("": the view is off)."""
        self._update("#candidates", text)

    def set_difficulty(self, headline: str, techniques: str = "", walkthrough: str = "") -> None:
        self._update("#difficulty", headline)
        self._update("#techniques", techniques)
        self._update("#walkthrough", walkthrough)

    def follow(self, selector: str, mark: str | None) -> None:
        """Keep the line of `selector` that starts with `mark` in view (the walkthrough's
        step shown; None: no more): on a short screen it is far below. Scrolled again when
        the panel's size changes, as when its text re-wraps beside a new scrollbar."""
        self._following = (selector, mark) if mark else None
        self.call_after_refresh(self._scroll_to_mark)

    def on_resize(self) -> None:
        self._scroll_to_mark()

    def _scroll_to_mark(self) -> None:
        if self._following is None:
            return
        selector, mark = self._following
        widget = self.query_one(selector, Static)
        lines = self._shown.get(selector, "").splitlines()
        at = next((i for i, line in enumerate(lines) if line.startswith(mark)), None)
        width = widget.content_region.width
        if at is None or not widget.display or width <= 0:
            return
        row, height = _lines("\n".join(lines[:at]), width), _lines(lines[at], width)
        region = Region(0, row, width, height).translate(widget.virtual_region.offset)
        self.scroll_to_region(region, animate=False, immediate=True)

    def _update(self, selector: str, text: str) -> None:
        """A line's new text. A layout pass redraws the whole screen, and the grid's next
        keystroke should not wait for that: the same text is left alone, and a text that
        wraps to as many lines as the old one is drawn without a layout."""
        old = self._shown.get(selector)
        if old == text:
            return
        self._shown[selector] = text
        widget = self.query_one(selector, Static)
        if widget.display != bool(text):
            widget.display = bool(text)  # an empty line takes no room
        width = widget.content_region.width
        same = old is not None and width > 0 and _lines(old, width) == _lines(text, width)
        widget.update(text, layout=not same)


def _count(n: int) -> str:
    """12 k, 3.4 M: a count of nodes at a glance."""
    return f"{n / 1e6:.1f} M" if n >= 1_000_000 else f"{n // 1000} k" if n >= 1000 else str(n)


def _lines(text: str, width: int) -> int:
    """How many lines `text` takes when wrapped at `width` cells."""
    from rich.console import Console
    from rich.text import Text

    return len(Text(text).wrap(Console(width=width), width)) if text else 0
