"""The open puzzles as a row of tabs under an editor's header, shown once two or more are
open: the one in front highlighted, • where changes are unsaved; a click brings one to the
front (keys: ctrl+pageup / ctrl+pagedown, ctrl+w closes)."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import events
from textual.widgets import Static


def document_name(editor, family: bool = True) -> str:
    """What the author calls an open puzzle: its file's name, its own title, or "untitled",
    the family (unless the words beside it say it) and, from the second new one of a family
    open at once, its number."""
    if editor.path:
        return Path(editor.path).name
    if editor.own_title():
        return editor.own_title()
    number = f" {editor.untitled}" if editor.untitled > 1 else ""
    return f"untitled{f' {editor.family.title}' if family else ''}{number}"


def untitled_number(editor, documents) -> int:
    """The least number no other open new puzzle of the editor's family has."""
    taken = {d.untitled for d in documents
             if d is not editor and not d.path and d.family is editor.family}
    return next(n for n in range(1, len(taken) + 2) if n not in taken)


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
