"""The ナンクロ editor: draw blocks (with symmetry), type numbers, give letters, pick the
dictionary. The side panel says whether the answer is unique against the dictionary, which
numbers' letters are not fixed (highlighted), and lists the words that fit the entries under
the cursor."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Vertical
from textual.reactive import var
from textual.widgets import Static

from core.counting import NONE, UNIQUE
from core.family import Checked, Context
from core.numcro import BLOCK, Puzzle
from core.numcro.authoring import (
    entries_without_words,
    letters_of,
    numbered_from_letters,
    renumbered,
)
from core.numcro.family import NUMCRO, with_dictionary
from core.symmetry import SYMMETRIES, orbits
from dictionaries import Dictionary, DictionaryError, pattern
from dictionaries.defaults import open_source
from dictionaries.normalize import fold
from tui.screens.dialogs import Choice, PathPrompt
from tui.screens.editor import PuzzleEditor, plural
from tui.widgets.numcro_grid import NumcroGrid
from tui.widgets.status_panel import StatusPanel

CANDIDATES_SHOWN = 12


HELP = ("digits: number · space: block · =: give a letter · -: take it back · F6: type the "
        "answer instead")


class NumcroEditor(PuzzleEditor):
    family = NUMCRO
    grid_widget = NumcroGrid
    new_puzzles = tuple((f"ナンクロ {n}x{n} (draw blocks, number the cells)",
                         partial(Puzzle.blank, n)) for n in (9, 11, 13))
    typing_help = HELP
    SLOTS = ("check", "rate")  # the level runs in the pool too, after a unique check
    export_style = ("blog", "the blog's text")
    BINDINGS = [
        Binding("equals_sign", "give", "Give letter"),
        Binding("minus", "ungive", "Remove given", show=False),
        Binding("f4", "renumber", "Renumber", show=False),
        Binding("f6", "answer_mode", "Type answer"),
        Binding("pagedown", "words(1)", "More words", show=False),
        Binding("pageup", "words(-1)", "Fewer words", show=False),
        Binding("ctrl+d", "dictionary", "Dictionary"),
        Binding("f3", "symmetry", "Symmetry", show=False),
        Binding("f7", "keyword", "Keyword cell", show=False),
        Binding("ctrl+r", "reveal", "Solution"),
    ]

    symmetry = var("rot180", init=False)  # blocks are drawn with their partners
    source = var("", init=False)  # the dictionary: builtin:LANG or a folder
    word_page = var(0, init=False)  # the page of the word panel

    def __init__(self, puzzle: Puzzle, path: str | None = None,
                 saved_text: str | None = None, recovery: str | None = None) -> None:
        super().__init__(puzzle, path, saved_text, recovery)
        self.set_reactive(NumcroEditor.source, f"builtin:{puzzle.lang}")
        self.letters: list[str | None] | None = None  # answer mode: the letters typed

    @classmethod
    def cannot_edit(cls, puzzle: Puzzle) -> str | None:
        if not puzzle.has_grid:
            return ("a ナンクロ given as a list of entries, without its grid: the app edits "
                    "grids (the command line checks and solves it: puzzle-tui check FILE)")
        return None

    def context(self) -> Context:
        return with_dictionary(self.source)

    def panes(self) -> ComposeResult:
        with Container(id="board"):
            yield NumcroGrid(self.puzzle, id="grid")
        with Vertical(id="side"):
            yield StatusPanel(id="status")
            yield Static("", id="candidates", markup=False)

    def on_mount(self) -> None:
        self.status.set_difficulty("", "", HELP)
        self.watch(self.grid, "cursor", self.cursor_moved, init=False)
        super().on_mount()

    @property
    def grid(self) -> NumcroGrid:
        return self.query_one(NumcroGrid)

    def describe(self) -> str:
        p = self.puzzle
        where = self.source.removeprefix("builtin:") + " (built-in)" if (
            self.source.startswith("builtin:")) else Path(self.source).name
        mode = " · typing the answer" if self.letters is not None else ""
        if p.keyword:
            mode = f" · keyword {len(p.keyword)} cells{mode}"
        return (f"ナンクロ {p.width}x{p.height} · {plural(len(p.numbers()), 'number')} · "
                f"{plural(len(p.givens), 'given')} · blocks {self.symmetry} · dictionary "
                f"{where}{mode}")

    # --- editing ---------------------------------------------------------------------------

    def entered(self, cell: int, value: int) -> Puzzle:
        """A number typed into a cell, or a block (with its symmetric partners: a block
        taken away gives them white cells, each a number of its own)."""
        cells = list(self.puzzle.cells)
        if value == BLOCK or cells[cell] == BLOCK:
            group = next(o for o in orbits(self.puzzle.width, self.symmetry)
                         if cell in o) if self.puzzle.width == self.puzzle.height else (cell,)
        else:
            group = (cell,)
        fresh = max(self.puzzle.numbers(), default=0)
        for other in group:
            if value == BLOCK:
                cells[other] = BLOCK
            elif value > 0 and other == cell:
                cells[other] = value
            elif cells[other] == BLOCK or other == cell:
                fresh += 1
                cells[other] = fresh  # a new white cell gets a number of its own
        used = set(cells)
        givens = tuple(g for g in self.puzzle.givens if g[0] in used)
        keyword = tuple(c for c in self.puzzle.keyword if cells[c] != BLOCK)  # 二重マス: white
        return replace(self.puzzle, cells=tuple(cells), givens=givens, keyword=keyword)

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
                    self.say(f"{letter!r} is not one letter ({why or 'too long'})", "warning")
                    return
                if folded in givens.values():
                    self.say(f"{folded} is given to another number already", "warning")
                    return
                givens[number] = folded
            self.set_puzzle(replace(self.puzzle, givens=tuple(sorted(givens.items()))))
        self.app.push_screen(PathPrompt(f"Letter for {number} (empty: not given)",
                                        dict(self.puzzle.givens).get(number, ""),
                                        placeholder="a kana or a letter", allow_empty=True),
                             chosen)

    def commands(self):
        return super().commands() + [
            ("Give a letter", "Set the letter of the number under the cursor (=)",
             self.action_give),
            ("Remove the given letter", "The number under the cursor is no longer given (-)",
             self.action_ungive),
            ("Renumber", "Numbers in reading order with no gaps; the key follows (F4)",
             self.action_renumber),
            ("Type the answer", "Type letters into the grid, the numbers follow; again: "
             "back to numbers (F6)", self.action_answer_mode),
            ("Dictionary", "Check against another dictionary (ctrl+d)",
             self.action_dictionary),
            ("Symmetry", "Cycle the symmetry of block drawing (F3)", self.action_symmetry),
            ("Keyword cell (二重マス)", "The cell under the cursor spells the next letter of "
             "the final word, or leaves it (F7)", self.action_keyword),
        ]

    def action_ungive(self) -> None:
        """The number under the cursor is no longer given."""
        number = self.grid.number
        if number not in dict(self.puzzle.givens):
            self.say(f"{number} is not given" if number else "a block")
            return
        givens = tuple(g for g in self.puzzle.givens if g[0] != number)
        self.set_puzzle(replace(self.puzzle, givens=givens))

    def action_keyword(self) -> None:
        """二重マス: the cursor's cell joins the keyword's cells (its next letter), or leaves."""
        cell = self.grid.cursor
        if self.puzzle.cells[cell] == BLOCK:
            self.say("a block cannot spell the keyword")
            return
        keyword = self.puzzle.keyword
        keyword = tuple(c for c in keyword if c != cell) if cell in keyword else (*keyword, cell)
        self.set_puzzle(replace(self.puzzle, keyword=keyword))

    def action_renumber(self) -> None:
        """Numbers in reading order, no gaps (the printed key follows)."""
        self.set_puzzle(renumbered(self.puzzle))

    def action_answer_mode(self) -> None:
        """Type the answer's letters into the grid (the numbers follow: the same letter is
        the same number), or go back to numbers."""
        if self.letters is None:
            check = self.last_check
            solution = check.count.solution if isinstance(check, Checked) else None
            self.letters = letters_of(self.puzzle, solution)
        else:
            self.letters = None
        self.update_title()
        self.show_puzzle()

    def on_numcro_grid_typed(self, event: NumcroGrid.Typed) -> None:
        if self.letters is None or self.puzzle.cells[event.cell] == BLOCK:
            return
        letter = None
        if event.letter:
            letter, why = fold(event.letter, self.puzzle.lang)
            if letter is None or len(letter) != 1:
                self.say(f"{event.letter!r} is not a letter of a {self.puzzle.lang} grid "
                         f"({why or 'too long'})", "warning")
                return
        self.letters[event.cell] = letter
        self.set_puzzle(numbered_from_letters(self.puzzle, self.letters))
        self.grid.action_move(0, 1)

    def action_words(self, pages: int) -> None:
        self.word_page = max(0, self.word_page + pages)

    def watch_word_page(self) -> None:
        self.show_candidates()

    def action_symmetry(self) -> None:
        self.symmetry = SYMMETRIES[(SYMMETRIES.index(self.symmetry) + 1) % len(SYMMETRIES)]

    def watch_symmetry(self, symmetry: str) -> None:
        self.update_title()
        self.say(f"blocks drawn with symmetry {symmetry}")

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
            self.say(f"no dictionary: {self.app.while_installing(str(error))}", "error")
            return
        self.source = source

    def watch_source(self) -> None:
        self.update_title()
        self.show_candidates()
        self.schedule_check(now=True)

    def show_puzzle(self) -> None:
        if self.letters is not None and len(self.letters) != len(self.puzzle.cells):
            self.letters = letters_of(self.puzzle)  # another grid: start from its givens
        self.grid.show(self.puzzle, letters=self.letters)
        self.show_candidates()

    def restored(self) -> None:
        if self.letters is not None:  # undo: the letters follow the grid undone to
            self.letters = letters_of(self.puzzle)

    # --- the check and the candidates ------------------------------------------------------

    def check_details(self, verdict, count) -> str:
        if verdict.status == UNIQUE:
            return f"search effort {count.nodes} nodes; ctrl+r shows the answer"
        if verdict.status == NONE:
            return self.why_none()
        return f"{verdict.where(12)} (highlighted)"

    def show_grid(self) -> None:
        """The grid with where two solutions differ, or the entries no word fits, and the
        answer when asked."""
        result = self.last_check.count if isinstance(self.last_check, Checked) else None
        if result is None:
            self.grid.show(self.puzzle, letters=self.letters)
            return
        self.grid.show(self.puzzle, result.differs if result.count >= 2 else (),
                       result.solution if self.reveal else None,
                       self.dead_cells() if result.count == 0 else (), self.letters)

    def checked(self) -> None:
        """A unique grid is rated by how a person solves it (in the pool): the level and
        score, the first steps in words."""
        if self.found == 1:
            self.show_level(HELP)
        else:
            self.status.set_difficulty("", "", HELP)

    def dead_entries(self):
        try:
            return entries_without_words(self.puzzle, self.dictionary())
        except DictionaryError:
            return []

    def dead_cells(self) -> set[int]:
        w = self.puzzle.width
        cells = set()
        for entry in self.dead_entries():
            step = 1 if entry.direction == "A" else w
            start = (entry.row - 1) * w + entry.col - 1
            cells |= {start + i * step for i in range(len(entry.numbers))}
        return cells

    def why_none(self) -> str:
        """The entries no word fits (highlighted), or that no combination of words fits."""
        dead = self.dead_entries()
        if not dead:
            return "every entry alone has words, but no combination of them fits all"
        names = [f"{'across' if e.direction == 'A' else 'down'} at r{e.row}c{e.col} "
                 f"({'-'.join(map(str, e.numbers))})" for e in dead[:4]]
        more = f" and {len(dead) - 4} more" if len(dead) > 4 else ""
        return f"no word fits {', '.join(names)}{more} (highlighted)"

    def cursor_moved(self) -> None:
        if self.word_page:
            self.word_page = 0  # its watcher shows the words
        else:
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
            panel.update(self.app.while_installing(str(error)))
            return
        givens = dict(self.puzzle.givens)
        lines, start = [], self.word_page * CANDIDATES_SHOWN
        for entry in entries:
            numbers = entry.numbers
            known = {p: givens[n] for p, n in enumerate(numbers) if n in givens}
            words = dictionary.lookup(pattern(numbers), known, start + CANDIDATES_SHOWN + 1)
            name = {"A": "across", "D": "down"}[entry.direction]
            shown = words[start:start + CANDIDATES_SHOWN]
            more = len(words) > start + CANDIDATES_SHOWN
            count = plural(len(words), "word") + ("+" if more else "")
            where = f", {start + 1}-{start + len(shown)}" if self.word_page and shown else ""
            lines.append(f"{name} {'-'.join(map(str, numbers))}: {count}{where}")
            lines.append("  " + (" ".join(shown) + ("…" if more else "") if shown else
                                 "none fit" if not words else "(no more)"))
        panel.update("Words that fit (PgDn/PgUp: more)\n" + "\n".join(lines))
