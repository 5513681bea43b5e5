"""Help: what the keys do."""

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

HELP = """\
Puzzle workbench — keys

Sudoku: arrows or h j k l move · 1-9 (A-Z beyond 9) place a given · 0 . space Delete clear
Sudoku: ctrl+t shows the logical walkthrough step by step
Sudoku: ctrl+y cycles symmetric editing (a new given places its partners)
Calculation (虫食算, 覆面算): arrows move over the cells · type a digit, a blank (* ? □) or a
  letter (A-Z, kana, kanji) · Backspace blanks a cell · ctrl+g makes a new calculation
ナンクロ: digits type the cell's number · space or # draws a block (ctrl+y: its symmetry)
  · = gives the number under the cursor a letter · ctrl+d picks the dictionary
  · the side panel lists the words that fit the entries under the cursor
Grids: a mouse click moves the cursor
Checks: every edit is checked for a unique solution after a short pause
Checks: Esc cancels a long check · ctrl+r shows the solution in the empty cells
Red: clashing givens · yellow: where two solutions differ
Cyan, underlined: redundant givens (the puzzle stays unique without any one of them)
Files: ctrl+s save · F2 save as · ctrl+o open · ctrl+e export · ctrl+g generate
App: ctrl+p command palette · F1 this help · ctrl+q quit (asks about unsaved work)
"""


class HelpScreen(ModalScreen):
    BINDINGS = [("escape,f1,q", "app.pop_screen", "Close")]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen VerticalScroll {
        width: 96; height: auto; max-height: 90%; border: thick $primary;
        background: $surface; padding: 1 2;
    }
    """

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(HELP, markup=False)
