"""What every editor's grid shares: the cursor, moving it (keys and mouse), the view scrolled to
it, and the one path for the grid's keys.

Keys reach the focused grid in the order they were typed, and `CellGrid.on_key` finishes each
before it looks at the next: a move moves the cursor, an entry is handed to the editor as a
message (`Edited`, or a grid's own) that the editor handles then and there, and a key bound
in the editor or the app runs its action then and there too. Textual would otherwise run a
bound key (an arrow, undo) only after it has bubbled up to the app, and a message only when
the editor's queue gets to it: in a burst of keys (a paste, a laggy link, key repeat) the
digits then land before the moves typed between them."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.binding import Binding
from textual.geometry import Region, Spacing
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from tui.widgets.keys import ARROWS, hand_on, must_follow, run_bound

MOVES = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
CLEAR = Binding("delete,backspace,0,full_stop,space", "clear", "Clear", show=False)


class CellGrid(Widget, can_focus=True):
    """A grid of cells with a cursor. Subclasses say how many rows and columns of cells they
    have (or how the cursor moves), which keys are entries (`entry`), where a cell is drawn
    (`cell_region`) and which cell is under a point (`cell_at`)."""

    BINDINGS: ClassVar = ARROWS  # for help: `on_key` moves before any binding could
    MOVE_KEYS: ClassVar[dict[str, tuple[int, int]]] = MOVES

    cursor: reactive[int] = reactive(0)

    class Edited(Message, bubble=False):
        """The author set a cell (`value`: what the grid's entries mean; 0 or the blank
        clears)."""

        def __init__(self, cell: int, value) -> None:
            self.cell, self.value = cell, value
            super().__init__()

    # --- what a grid says about itself -----------------------------------------------------

    @property
    def rows_and_columns(self) -> tuple[int, int]:
        raise NotImplementedError

    def entry(self, event: events.Key) -> Message | None:
        """The message a key enters at the cursor, or None when the key is no entry."""
        return None

    def cell_region(self, cell: int) -> Region:
        """Where a cell is drawn, in the widget's coordinates."""
        raise NotImplementedError

    def cell_at(self, x: int, y: int) -> int | None:
        """The cell under a point of the widget's content, or None."""
        raise NotImplementedError

    # --- keys --------------------------------------------------------------------------------

    async def on_key(self, event: events.Key) -> None:
        # an earlier key opened a dialog (it gets this one), or keys handed on from a closed
        # dialog are still on their way here (this one follows them)
        if self.screen is not self.app.screen or must_follow(self, event):
            event.stop()
            await hand_on(self, event)
            return
        if self.steer(event.key):
            event.stop()
            return
        message = self.entry(event)
        if message is not None:
            event.stop()
            await self.send(message)
            return
        if await run_bound(self, event.key):
            event.stop()

    def steer(self, key: str) -> bool:
        """Move for a movement key; whether it was one."""
        step = self.MOVE_KEYS.get(key)
        if step is not None:
            self.action_move(*step)
        return step is not None

    async def send(self, message: Message) -> None:
        """The editor handles `message` now, before this grid takes its next key (posted, it
        would wait in the editor's queue while later keys act)."""
        await self.screen.on_event(message)

    def action_move(self, rows: int = 0, cols: int = 0) -> None:
        self.cursor = self.moved(rows, cols)

    def moved(self, rows: int, cols: int) -> int:
        """The cell `rows` down and `cols` right of the cursor, wrapping round the edges."""
        height, width = self.rows_and_columns
        r, c = divmod(self.cursor, width)
        return ((r + rows) % height) * width + (c + cols) % width

    # --- the mouse, focus and scrolling ----------------------------------------------------

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        cell = None if offset is None else self.cell_at(offset.x, offset.y)
        if cell is not None:
            self.cursor = cell
            self.focus()

    def watch_cursor(self) -> None:
        self.refresh()
        self.scroll_to_cursor()

    def scroll_to_cursor(self) -> None:
        """A grid larger than the screen scrolls (in its container) to show the cursor,
        clear of what is docked there (the Sudoku stepper's words)."""
        container = self.parent
        if isinstance(container, Widget) and container.is_scrollable and self.size:
            region = self.cell_region(self.cursor).translate(self.virtual_region.offset)
            container.scroll_to_region(region, spacing=Spacing.all(1) + self.dock_gutter,
                                       animate=False, immediate=True)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()


class SymbolGrid(CellGrid):
    """A grid whose cells take one of `symbols` (Sudoku's and the variants': 1-9, then
    letters): typing one enters its value (1 for the first), CLEAR's keys enter 0; the
    editor decides what the entry changes."""

    @property
    def symbols(self) -> str:
        raise NotImplementedError

    def entry(self, event: events.Key) -> Message | None:
        char = (event.character or "").upper()
        if len(char) == 1 and char in self.symbols:
            return self.Edited(self.cursor, self.symbols.index(char) + 1)
        return None

    async def action_clear(self) -> None:
        await self.send(self.Edited(self.cursor, 0))
