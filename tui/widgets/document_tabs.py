"""The open puzzles as a row of tabs under an editor's header, shown once two or more are
open: the one in front highlighted, • where changes are unsaved; a click brings one to the
front (keys: ctrl+pageup / ctrl+pagedown, ctrl+w closes)."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import events
from textual.widgets import Static


def document_name(editor) -> str:
    """What the author calls an open puzzle: its file's name, its own title, or the new
    puzzle's family."""
    if editor.path:
        return Path(editor.path).name
    return editor.own_title() or f"untitled {editor.family.title}"


class DocumentTabs(Static):
    DEFAULT_CSS = """
    DocumentTabs { height: 1; background: $panel; color: $text-muted; }
    """

    spans: list = []  # (first cell, past the last, editor) of each tab, as drawn

    def on_mount(self) -> None:
        self.watch(self.screen, "title", lambda _: self.update_tabs())  # • after an edit

    def update_tabs(self) -> None:
        documents = self.app.documents
        self.display = len(documents) > 1
        row, self.spans = Text(no_wrap=True, overflow="ellipsis"), []
        for i, editor in enumerate(documents, 1):
            label = f" {i} {document_name(editor)}{' •' if editor.dirty else ''} "
            start = row.cell_len
            row.append(label, style="reverse bold" if editor is self.screen else "")
            self.spans.append((start, row.cell_len, editor))
            row.append("│", style="dim")
        self.update(row)

    def on_click(self, event: events.Click) -> None:
        for start, end, editor in self.spans:
            if start <= event.x < end and editor in self.app.documents:
                self.app.show_document(editor)
                return
