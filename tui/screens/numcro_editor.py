"""The ナンクロ editor: draw blocks (with symmetry), type numbers, give letters, pick the
dictionary. The side panel says whether the answer is unique against the dictionary, which
numbers' letters are not fixed (highlighted), and lists the words that fit the entries under
the cursor."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Header, Static

from core.family import Context
from core.numcro import BLOCK, Puzzle
from core.numcro.family import NUMCRO
from core.symmetry import SYMMETRIES, orbits
from dictionaries import Dictionary, DictionaryError, pattern
from dictionaries.defaults import open_source
from dictionaries.normalize import fold
from tui.screens.dialogs import Choice, PathPrompt
from tui.screens.editor import PuzzleEditor
from tui.widgets.numcro_grid import NumcroGrid
from tui.widgets.status_panel import StatusPanel

CANDIDATES_SHOWN = 12


class NumcroEditor(PuzzleEditor):
    family = NUMCRO
    export_style = ("blog", "the blog's text")
    BINDINGS = [
        Binding("equals_sign", "give", "Give letter"),
        Binding("ctrl+d", "dictionary", "Dictionary"),
        Binding("f3", "symmetry", "Symmetry", show=False),
        Binding("ctrl+r", "reveal", "Solution"),
    ]
    CSS = """
    NumcroEditor Horizontal { height: 1fr; }
    NumcroEditor #side { width: 1fr; }
    NumcroEditor StatusPanel { height: auto; max-height: 60%; }
    NumcroEditor #candidates { height: auto; padding: 0 1; border-left: solid $primary; }
    """

    def __init__(self, puzzle: Puzzle, path: str | None = None,
                 saved_text: str | None = None) -> None:
        super().__init__(puzzle, path, saved_text)
        self.symmetry = "rot180"
        self.source = f"builtin:{puzzle.lang}"  # the dictionary: builtin:LANG or a folder

    @classmethod
    def cannot_edit(cls, puzzle: Puzzle) -> str | None:
        if not puzzle.has_grid:
            return ("a ナンクロ given as a list of entries, without its grid: the app edits "
                    "grids (the command line checks and solves it: puzzle-tui check FILE)")
        return None

    def context(self) -> Context:
        return Context(self.source)

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            yield NumcroGrid(self.puzzle, id="grid")
            with Vertical(id="side"):
                yield StatusPanel(id="status")
                yield Static("", id="candidates", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.grid.focus()
        self.status.set_difficulty("", "", "digits: number · space: block · =: give a letter")
        super().on_mount()

    @property
    def grid(self) -> NumcroGrid:
        return self.query_one(NumcroGrid)

    def describe(self) -> str:
        p = self.puzzle
        where = self.source.removeprefix("builtin:") + " (built-in)" if (
            self.source.startswith("builtin:")) else Path(self.source).name
        return (f"ナンクロ {p.width}x{p.height} · {len(p.numbers())} numbers · "
                f"{len(p.givens)} givens · blocks {self.symmetry} · dictionary {where}")

    # --- editing ---------------------------------------------------------------------------

    def on_numcro_grid_edited(self, event: NumcroGrid.Edited) -> None:
        cells = list(self.puzzle.cells)
        if event.value == BLOCK or cells[event.cell] == BLOCK:
            group = next(o for o in orbits(self.puzzle.width, self.symmetry)
                         if event.cell in o) if self.puzzle.width == self.puzzle.height else (
                event.cell,)
        else:
            group = (event.cell,)
        fresh = max(self.puzzle.numbers(), default=0)
        for cell in group:
            if event.value == BLOCK:
                cells[cell] = BLOCK
            elif event.value > 0 and cell == event.cell:
                cells[cell] = event.value
            elif cells[cell] == BLOCK or cell == event.cell:
                fresh += 1
                cells[cell] = fresh  # a new white cell gets a number of its own
        used = set(cells)
        givens = tuple(g for g in self.puzzle.givens if g[0] in used)
        self.last_check = None
        self.set_puzzle(replace(self.puzzle, cells=tuple(cells), givens=givens))

    def action_give(self) -> None:
        number = self.grid.number
        if number == BLOCK:
            return

        def chosen(letter: str | None) -> None:
            if letter is None:
                return
            givens = {n: ch for n, ch in self.puzzle.givens if n != number}
            if letter.strip():
                folded, why = fold(letter, self.puzzle.lang)
                if folded is None or len(folded) != 1:
                    self.notify(f"{letter!r} is not one letter ({why or 'too long'})",
                                severity="warning")
                    return
                if folded in givens.values():
                    self.notify(f"{folded} is given to another number already",
                                severity="warning")
                    return
                givens[number] = folded
            self.set_puzzle(replace(self.puzzle, givens=tuple(sorted(givens.items()))))
        self.app.push_screen(PathPrompt(f"Letter for {number} (empty: not given)",
                                        dict(self.puzzle.givens).get(number, ""),
                                        placeholder="a kana or a letter", allow_empty=True),
                             chosen)

    def action_symmetry(self) -> None:
        self.symmetry = SYMMETRIES[(SYMMETRIES.index(self.symmetry) + 1) % len(SYMMETRIES)]
        self.update_title()
        self.notify(f"blocks drawn with symmetry {self.symmetry}")

    def action_dictionary(self) -> None:
        def answered(answer: str) -> None:
            if answer.startswith("Built-in"):
                self.use_dictionary("builtin:" + ("ja" if "Japanese" in answer else "en"))
            elif answer == "A folder…":
                self.app.push_screen(PathPrompt("Dictionary folder (puzzle-tui dict build)",
                                                placeholder="path/to/dictionary"),
                                     lambda path: path and self.use_dictionary(path))
        self.app.push_screen(Choice("Check against which dictionary?",
                                    ["Built-in Japanese", "Built-in English", "A folder…",
                                     "Cancel"]), answered)

    def use_dictionary(self, source: str) -> None:
        try:
            self.dictionary(source)
        except DictionaryError as error:
            self.notify(str(error), title="No dictionary", severity="error", timeout=10)
            return
        self.source = source
        self.update_title()
        self.show_candidates()
        self.schedule_check(now=True)

    def show_puzzle(self) -> None:
        self.grid.show(self.puzzle)
        self.show_candidates()

    # --- the check and the candidates ------------------------------------------------------

    def show_check(self) -> None:
        if self.check_failed():
            return
        result = self.last_check.count
        found, differs = result.count, result.differs
        if found == 1:
            self.status.set_uniqueness("✓ unique", "unique",
                                       f"search effort {result.nodes} nodes; "
                                       "ctrl+r shows the answer")
        elif found == 0:
            self.status.set_uniqueness("✗ no solution", "none",
                                       "no words of the dictionary fit every entry")
        else:
            self.status.set_uniqueness("⚠ several solutions", "several",
                                       "letters not fixed for numbers "
                                       + ", ".join(map(str, differs)) + " (highlighted)")
        self.grid.show(self.puzzle, differs if found >= 2 else (),
                       result.solution if self.reveal else None)

    def on_numcro_grid_moved(self, event: NumcroGrid.Moved) -> None:
        self.show_candidates()

    def dictionary(self, source: str | None = None) -> Dictionary:
        return open_source(source or self.source)

    def show_candidates(self) -> None:
        panel = self.query_one("#candidates", Static)
        entries = self.puzzle.entries_through(self.grid.cursor)
        if not entries:
            panel.update("")
            return
        try:
            dictionary = self.dictionary()
        except DictionaryError as error:
            panel.update(str(error))
            return
        givens = dict(self.puzzle.givens)
        lines = []
        for entry in entries:
            direction, numbers = entry.direction, entry.numbers
            known = {p: givens[n] for p, n in enumerate(numbers) if n in givens}
            words = dictionary.lookup(pattern(numbers), known, CANDIDATES_SHOWN + 1)
            name = {"A": "across", "D": "down"}[direction]
            shown, more = words[:CANDIDATES_SHOWN], "…" if len(words) > CANDIDATES_SHOWN else ""
            count = f"{len(shown)}{'+' if more else ''}"
            lines.append(f"{name} {'-'.join(map(str, numbers))}: {count} words")
            lines.append("  " + (" ".join(shown) + more if shown else "none fit"))
        panel.update("Words that fit\n" + "\n".join(lines))
