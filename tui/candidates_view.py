"""The editor's true-candidates view (F4): each empty cell's digits that some solution holds,
shaded by how many solutions hold them, up to a support the author sets. Computed in the pool
after each check (a newer edit supersedes it; results kept by puzzle state, so undo shows them
at once); the grids draw what `now()` gives."""

from __future__ import annotations

from rich.style import Style

from core import jobs
from core.candidates import MAX_SUPPORT, TrueCandidates, check_support, helpful_givens
from core.family import Failed
from core.sudoku import SYMBOLS

SUPPORT = 8  # solutions counted per digit unless the author sets another cap
SECONDS = 20.0  # a search longer than this shows what it found, marked partial
SINGLE = Style(color="green3", bold=True)  # the one digit every solution holds there
RARE = Style(color="bright_yellow", bold=True)  # held by one solution: a given there decides
FEW = Style(color="yellow")  # held by fewer solutions than the cap
COMMON = Style(dim=True)  # held by at least the cap


def shade(found: TrueCandidates, cell: int, digit: int) -> Style:
    """How a true candidate is drawn: the cell's only digit, rare, few, or common."""
    if found.single(cell) == digit:
        return SINGLE
    held = found.count(cell, digit)
    return COMMON if held >= found.cap else RARE if held == 1 else FEW


def parse_support(text: str) -> int | str:
    """The author's cap as typed, or what is wrong with it."""
    try:
        return check_support(int(text))
    except ValueError:
        return f"support {text!r}? a whole number from 1 to {MAX_SUPPORT}"


class CandidatesView:
    def __init__(self, editor) -> None:
        self.editor = editor
        self.on = False
        self.support = SUPPORT

    def key(self) -> tuple:
        return self.editor.puzzle, self.support

    def now(self) -> TrueCandidates | None:
        """The true candidates of the puzzle shown (None: not known yet, or the view off)."""
        return self.editor.live.found.get("candidates", self.key()) if self.on else None

    def run(self) -> None:
        """Look for them when the view is on and they are not known; say what is known."""
        editor = self.editor
        if not self.on:
            editor.status.set_candidates("")
            return
        known = self.now()
        if known is not None:
            editor.status.set_candidates(caption(known, editor))
            return
        if editor.found == 0:
            editor.status.set_candidates("true candidates: none (no solution)")
            return
        editor.status.set_candidates("true candidates: looking…")
        key = self.key()

        def found(result) -> None:
            if isinstance(result, Failed):
                editor.status.set_candidates(
                    "true candidates stopped (edit to look again)" if result.stopped
                    else f"true candidates: {result.error}")
                return
            editor.live.found.put("candidates", key, result)
            editor.status.set_candidates(caption(result, editor))
            editor.show_puzzle()
        editor.live.start("candidates", jobs.candidates, editor.family.name, *key,
                          SECONDS, then=found)


def caption(found: TrueCandidates, editor) -> str:
    """The panel's lines under the view: what the shading counts, how far it went, and
    where a given would help when there are several solutions."""
    if found.none:
        return "true candidates: none (no solution)"
    met = f"{found.solutions}{'' if found.exhaustive else '+'}"
    said = (f"true candidates from {met} solution{'s' * (found.solutions != 1)}; "
            f"support counted up to {found.cap}")
    if found.partial:
        said += f" (partial: stopped after {SECONDS:.0f} s)"
    said += "\nyellow: held by few solutions · green: every solution"
    helpful = helpful_givens(found) if found.solutions > 1 else []
    if helpful and helpful[0][2] < found.cap:  # at the cap everywhere: no given stands out
        names = editor.family.cell_names(editor.puzzle, [c for c, _, _ in helpful])
        shift = getattr(editor.puzzle, "shift", 0)  # a grid of digits from 0 says 0
        said += "\na given would help at " + ", ".join(
            f"{name}={('0' + SYMBOLS)[d - shift]} ({left_after(left, found.cap)})"
            for name, (_, d, left) in zip(names, helpful, strict=True))
    return said


def left_after(left: int, cap: int) -> str:
    """What a given leaves: unique, or how many solutions (at least the cap: `cap`+)."""
    return "unique" if left == 1 else f"{left}{'+' if left >= cap else ''} solutions left"
