"""The text field of every dialog: an Input whose keys act in the order typed.

Textual's Input inserts a printable key at once, but runs Backspace, ← →, Home, End (its
own bindings) and the dialog's ↑ ↓ only after the key has bubbled up to the app: in a burst
(a paste, a laggy link, key repeat) a letter typed after Backspace got in before it, and
letters typed after ↓ went into the field left. Here each key is finished before the next,
as a grid's keys are (tui/widgets/cell_grid.py)."""

from __future__ import annotations

from textual import events
from textual.widgets import Input

from tui.widgets.keys import hand_on, run_bound


class TextField(Input):
    """An Input that runs its bound keys now, answers Enter now, and sends the keys typed
    after one that moved the focus (or closed its dialog) on to where the focus went."""

    async def on_key(self, event: events.Key) -> None:
        if self.screen is not self.app.screen or self.screen.focused is not self:
            event.stop()
            event.prevent_default()  # not typed here: it was typed for the next field
            await hand_on(self, event)
        elif not event.is_printable and await run_bound(self, event.key):
            event.stop()
            event.prevent_default()

    async def action_submit(self) -> None:
        """The dialog takes the answer now (posted, it would wait behind the keys typed
        after Enter, which would still go into this field)."""
        checked = self.validate(self.value) if "submitted" in self.validate_on else None
        await self.screen.on_event(self.Submitted(self, self.value, checked))
