"""Help: what the keys do."""

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

HELP = """\
Puzzle workbench — keys

Every editor: ctrl+z undo · ctrl+y (or ctrl+shift+z) redo · ctrl+r shows the solution
  · Esc stops a running check · ctrl+p the command palette (new puzzles, start screen, ...)
Sudoku: arrows or h j k l move · 1-9 (A-Z beyond 9) place a given · 0 . space Delete clear
  · F5 candidates (pencil marks) · F6 pencil mode: typing toggles your own marks
  · ctrl+t steps on the grid: PgDn/PgUp (or ] [) next and previous, Home the first,
    End the hardest · ctrl+j the hardest step · F3 symmetric editing (partners follow)
  · several solutions: ctrl+r shows each in turn · ctrl+u adds the suggested givens
Calculation (虫食算, 覆面算): arrows move over the cells · type a digit, a blank (* ? □) or a
  letter (A-Z, kana, kanji) · Backspace blanks a cell · + / - the row under the cursor a
  digit longer / shorter · F7 / F8 a row more / fewer · F9 another operation
ナンクロ: digits type the cell's number · space or # draws a block (F3: its symmetry)
  · = gives the number under the cursor a letter · - takes it back · F4 renumbers
  · F6 type the answer (letters; the numbers follow) · F7 the cell spells the keyword's
    next letter (二重マス; again: leaves it) · ctrl+d picks the dictionary
  · the side panel lists the words that fit the entries under the cursor (PgDn/PgUp)
Sudoku variants: digits set givens · : adds a constraint in the text format's words
  (cage 15: r1c1 r1c2 · thermo: r1c1 r1c2 · rules: diagonal) · w b x v < a white dot, black
  dot, X, V or < towards the next cell (W B X V >: below; w or b on a dot again: its
  difference or ratio) · shift+arrows pick cells, then k a cage (its sum asked), t a
  thermometer, r an arrow (bulb first), l a line (its kind typed: renban, whisper, region
  sum, palindrome, between, entropic, modular, zipper, double arrow, slow thermo, Nabner;
  a whisper asks its difference), = a clone's first shape, then its second · at the
  cursor: q the quadruple on its lower-right corner, m / M a minimum / maximum, i a row,
  column or box indexer in turn, p its given candidates, o a clue outside its row or
  column (x 15 left · sky 3 top · sandwich 10) · ctrl+d drops what touches the cursor's
  cell · the panel says what the cursor's cell holds and what the grid's marks stand for
Grids: a mouse click moves the cursor
Checks: every edit is checked for a unique solution after a short pause
Red: clashing givens (ナンクロ: an entry no word fits) · yellow: where two solutions differ
Cyan, underlined: redundant givens (the puzzle stays unique without any one of them)
Steps: blue the cells a step reasons from, green the cell it fills, red struck candidates
Files: ctrl+s save · F2 save as · ctrl+o open · ctrl+e export · ctrl+g generate
App: F1 this help · ctrl+q quit (asks about unsaved work)
"""


class HelpScreen(ModalScreen):
    BINDINGS = [("escape,f1,q", "app.pop_screen", "Close")]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen VerticalScroll {
        width: 104; max-width: 100%; height: auto; max-height: 96%; border: thick $primary;
        background: $surface; padding: 1 2;
    }
    """

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(HELP, markup=False)
