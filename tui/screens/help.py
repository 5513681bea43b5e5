"""Help: what the keys do."""

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

HELP = """\
Puzzle workbench — keys

Grid: arrows or h j k l move · 1-9 (A-Z beyond 9) place a given · 0 . space Delete clear
Grid: a mouse click moves the cursor
Checks: every edit is checked for a unique solution after a short pause
Checks: Esc cancels a long check · ctrl+r shows the solution in the empty cells
Red: clashing givens · yellow: where two solutions differ
Cyan, underlined: redundant givens (the puzzle stays unique without any one of them)
Difficulty: ctrl+t shows the logical walkthrough step by step
Authoring: ctrl+y cycles symmetric editing (a new given places its partners)
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
