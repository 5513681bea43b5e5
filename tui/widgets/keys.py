"""Keys the grid widgets and text fields share, and how they act in the order typed: a
widget that takes keys runs a bound key itself (`run_bound`), at once, and sends a key that
an earlier one moved away from on to where the focus went (`hand_on`)."""

import asyncio
from collections import deque

from textual import events
from textual.binding import Binding
from textual.widget import Widget

HAND_ON_WAIT = 1.0  # seconds a key waits for the widget an earlier key moved the focus to

# Arrows only: in the arithmetic and ナンクロ grids every letter is something to type.
ARROWS = [
    Binding("up", "move(-1, 0)", "Up", show=False),
    Binding("down", "move(1, 0)", "Down", show=False),
    Binding("left", "move(0, -1)", "Left", show=False),
    Binding("right", "move(0, 1)", "Right", show=False),
]
# Where keys are not text (Sudoku): the vi keys move too
VI_MOVES = {"k": (-1, 0), "j": (1, 0), "h": (0, -1), "l": (0, 1)}


async def run_bound(widget: Widget, key: str) -> bool:
    """Run the non-priority binding of `key` where `widget` has the focus, now: the check
    Textual makes only once the key has bubbled up to the app, behind keys typed after it
    (the focused widget's bindings first, then its ancestors', a skipped action falling
    through to the next, as an Input's ↓ falls through to a dialog's). Whether one ran."""
    return await widget.app._check_bindings(key)


class HandedKeys:
    """The keys an app has handed on and not yet taken. While there are any, a key that
    reaches a widget straight from the terminal goes the same way, behind them: it would
    overtake them otherwise (they wait for the focus, then join the app's queue)."""

    def __init__(self) -> None:
        self.pending = 0  # handed on and not yet taken from the app's queue
        self.waiting: deque[events.Key] = deque()  # handed on and not yet posted, in order
        self.delivery: asyncio.Task | None = None


def _handed(app) -> HandedKeys:
    keys = getattr(app, "_handed_keys", None)
    if keys is None:
        keys = app._handed_keys = HandedKeys()
    return keys


def keys_on_their_way(app) -> int:
    """How many keys are handed on and not yet taken (tests wait for none)."""
    return _handed(app).pending


def must_follow(widget: Widget, event: events.Key) -> bool:
    """Are keys handed on still on their way, so that this one goes behind them?"""
    return _handed(widget.app).pending > 0 and not getattr(event, "handed", False)


def taken(app, event: events.Event) -> None:
    """The app has taken a handed-on key from its queue (it goes to the focused widget
    now, ahead of every key still to come)."""
    if getattr(event, "handed", False):
        _handed(app).pending -= 1


def hand_on(widget: Widget, event: events.Key) -> None:
    """Send a key on to the focused widget once it has taken the focus (an Input selects its
    text then: a digit typed before would be replaced by the next). Keys are queued here
    at once, in the order handed, and posted one at a time."""
    app, handed = widget.app, _handed(widget.app)
    handed.pending += 1
    handed.waiting.append(event)
    if handed.delivery is None or handed.delivery.done():
        handed.delivery = asyncio.get_running_loop().create_task(_deliver(app, handed))


async def _deliver(app, handed: HandedKeys) -> None:
    while handed.waiting:
        waited = 0.0
        while (app.focused is None or app.focused.screen is not app.screen
               or not app.focused.has_focus):
            if waited > HAND_ON_WAIT:
                break
            await asyncio.sleep(0.01)
            waited += 0.01
        event = handed.waiting.popleft()
        key = events.Key(event.key, event.character)
        key.handed = True
        app.post_message(key)


def hand_on_queued(widget: Widget) -> None:
    """A screen opens or closes over `widget`: hand on the keys already in its queue now.
    The app sent them there before, so they go before any key it sends elsewhere from now
    on; left to the widget's turn, a key sent to the new focus could overtake them."""
    queue, keys, others = widget._message_queue, [], []
    if widget._pending_message is not None:
        others.append(widget._pending_message)
        widget._pending_message = None
    while not queue.empty():
        others.append(queue.get_nowait())
        queue.task_done()
    for message in others:
        if isinstance(message, events.Key):
            keys.append(message)
        else:
            queue.put_nowait(message)  # the rest (and the pump's close) keep their order
    for key in keys:
        hand_on(widget, key)


class InOrder:
    """A dialog widget whose keys act in the order typed: a bound key (an arrow moving to the
    next field or button, Backspace) runs now, and a key that arrives once an earlier one has
    moved the focus away (or closed the dialog) goes on to where the focus went."""

    async def on_key(self, event: events.Key) -> None:
        focused = self.screen.focused  # self, or a part of it (a choice's open list)
        if (self.screen is not self.app.screen or focused is None
                or self not in focused.ancestors_with_self or must_follow(self, event)):
            event.stop()
            event.prevent_default()  # not typed here: it was typed for the next widget
            hand_on(self, event)
        elif not event.is_printable and await run_bound(self, event.key):
            event.stop()
            event.prevent_default()
