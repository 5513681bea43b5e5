"""An editor's document and file: where the puzzle is saved, the recovery copy that follows the
puzzle while it differs from its file, saving, and the files an export writes. No widgets:
the editor asks the author, then calls these."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from core.family import Family
from core.files import atomic_write
from tui import storage


def disk_stamp(path: str | None) -> tuple[int, int] | None:
    """(modification time, size) of a file, None when there is none: a change means someone
    else wrote it."""
    try:
        info = os.stat(path) if path else None
    except OSError:
        return None
    return (info.st_mtime_ns, info.st_size) if info else None


@dataclass(frozen=True)
class Printing:
    """What the author chose for a PDF, as the command line's print options: puzzles a page
    (None: as few pages as hold them), the book's title, answer pages, the house style
    (magazine, large or a style file) and the rules' language."""

    per_page: int | None = None
    title: str = "Puzzles"
    solutions: bool = True
    style: str = "magazine"
    lang: str = "en"
    every_open: bool = False  # the open puzzles, this one first, in one book

    def house_style(self):
        """The style it names (StyleError, a ValueError, for a bad style file)."""
        from dataclasses import replace

        from core.export.style import load_style

        return replace(load_style(self.style), language=self.lang)


@dataclass(eq=False)
class Document:
    """A puzzle file as this window knows it. Saving changes it in place, so every undo step
    of the document sees the new saved text."""

    path: str | None  # None: a new puzzle, never saved
    saved_text: str | None  # the puzzle's text as opened or last saved here
    stamp: tuple[int, int] | None  # the file then: a change means someone else wrote it
    copy: str  # the name of this window's recovery copy of it


class Session:
    """The document an editor shows and this window's recovery copy of it: written while the
    puzzle's text differs from the saved text (after every change), deleted as soon as it
    does not (a save, an undo back to the file, a clean close)."""

    def __init__(self, family: Family, window: storage.Window, path: str | None,
                 saved_text: str | None, adopted: str | None = None) -> None:
        self.family, self.window = family, window
        self.document = self.open(path, saved_text)
        self.adopted = adopted  # a copy left by a closed window, taken over: deleted once
        self.kept: str | None = None  # the text of our copy on disk (None: no copy)

    def open(self, path: str | None, saved_text: str | None) -> Document:
        return Document(path, saved_text, disk_stamp(path),
                        self.window.copy_key(storage.recovery_key(path)))

    def dirty(self, text: str) -> bool:
        return text != self.document.saved_text

    def follow(self, text: str) -> None:
        """Keep the copy in step with the puzzle's text; StorageError when the state folder
        cannot be written (the copy is then missing, nothing else)."""
        if not self.dirty(text):
            self.drop_copy()
        elif text != self.kept:
            self.window.keep(self.document.copy, text, self.document.path)
            self.kept = text
        if self.adopted:  # our own copy holds the work now (or the file does)
            storage.clear_recovery(self.adopted)
            self.adopted = None

    def drop_copy(self) -> None:
        if self.kept is not None:
            self.window.drop(self.document.copy)
            self.kept = None

    def switch(self, document: Document, adopted: str | None = None) -> None:
        """Another document is shown (a file opened in this editor, or undo back across one):
        the copy of the one left goes (it was saved, or the author let it go); `follow`
        then keeps the new one's."""
        self.drop_copy()
        self.document, self.adopted = document, adopted

    def changed_on_disk(self) -> bool:
        """Someone else wrote the file since it was opened or saved here."""
        return disk_stamp(self.document.path) not in (self.document.stamp, None)

    def is_own_file(self, path: str) -> bool:
        own = self.document.path
        return bool(own) and storage.full_path(path) == storage.full_path(own)

    def save(self, path: str, text: str) -> str | None:
        """Write the puzzle (atomically) to `path`, which becomes its file; what went wrong,
        or None. StorageError after a save that worked: the recent files are not kept."""
        try:
            atomic_write(path, text)
        except OSError as error:
            return f"{path}: {error.strerror or error}"
        self.drop_copy()
        document = self.document
        document.path, document.saved_text, document.stamp = path, text, disk_stamp(path)
        document.copy = self.window.copy_key(storage.recovery_key(path))
        storage.remember(path)
        return None

    def discard(self) -> None:
        """The author let the unsaved changes go."""
        self.drop_copy()

    def close(self, text: str) -> None:
        """The editor closes: with nothing unsaved no copy is left behind (with unsaved work
        the copy stays: the app was not asked, or is going down)."""
        if not self.dirty(text):
            self.drop_copy()

    # --- export ----------------------------------------------------------------------------

    def exported(self, path: str, puzzle, answer, style: str, rating=None,
                 printing=None, more=()) -> dict[str, str | bytes]:
        """The files an export to `path` writes, by name: .ipuz, .svg (and -solution.svg when
        the answer is known), .pdf (its heading with the rating, when known; `printing`: the
        print options the author chose, and `more`: other open puzzles' (family, puzzle,
        answer, rating) after this one), .txt or no extension the family's text in `style`.
        ValueError for another extension, or FontMissing, when it cannot be drawn."""
        from core import export

        family = self.family
        kind = export.format_of_name(path)  # the name says the format, whatever its case
        if kind is None:
            raise ValueError(f"no exporter writes {export.extension_of(path)} files; name it "
                             ".pdf, .svg, .ipuz or .txt")
        if kind == "ipuz":
            return {path: export.to_ipuz(family, puzzle, answer)}
        if kind == "svg":
            files = {path: export.export_svg(family, puzzle)}
            if answer is not None:
                files[path[:-4] + "-solution.svg"] = export.export_svg(family, puzzle, answer)
            return files
        if kind == "pdf":
            chosen = printing or Printing(title=Path(path).stem)
            book = [(family, puzzle, answer, rating), *more]
            return {path: export.export_pdf(
                [(f, p, a, f.title_of(p), r) for f, p, a, r in book], per_page=chosen.per_page,
                title=chosen.title, style=chosen.house_style(), solutions=chosen.solutions)}
        return {path: family.format(puzzle, style)}

    @staticmethod
    def write_export(files: dict[str, str | bytes]) -> str | None:
        """Write each file atomically; what went wrong, or None."""
        for name, data in files.items():
            try:
                atomic_write(name, data)
            except OSError as error:
                return f"{name}: {error.strerror or error}"
        return None
