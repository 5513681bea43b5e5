"""The text field of every dialog: an Input whose keys act in the order typed.

Textual's Input inserts a printable key at once, but runs Backspace, ← →, Home, End (its
own bindings) and the dialog's ↑ ↓ only after the key has bubbled up to the app: in a burst
(a paste, a laggy link, key repeat) a letter typed after Backspace got in before it, and
letters typed after ↓ went into the field left. Here each key is finished before the next,
as a grid's keys are (tui/widgets/cell_grid.py)."""

from __future__ import annotations

from textual.widgets import Button, Input

from tui.widgets.keys import InOrder


class TextField(InOrder, Input):
    """An Input that runs its bound keys now, answers Enter now, and sends the keys typed
    after one that moved the focus (or closed its dialog) on to where the focus went."""

    async def action_submit(self) -> None:
        """The dialog takes the answer now (posted, it would wait behind the keys typed
        after Enter, which would still go into this field)."""
        checked = self.validate(self.value) if "submitted" in self.validate_on else None
        await self.screen.on_event(self.Submitted(self, self.value, checked))


class DialogButton(InOrder, Button):
    """A dialog's button: ↑ back to a field and a letter typed next land in that field (the
    letter reached the button first, where it was lost, while ↑ waited to bubble up)."""
