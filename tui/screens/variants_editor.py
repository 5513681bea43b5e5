"""The Sudoku variants editor: the grid with its regions, cages, marks and shapes drawn in
the terminal; digits set givens; `:` adds any constraint in the text format's words (cage 15:
r1c1 r1c2, thermo: ..., white: r1c1-r1c2, rules: diagonal, regions rows, ...), keys at the
cursor add the common marks towards the next cell, ctrl+d takes back the constraints on the
cursor's cell. The side panel says after every edit whether the puzzle is unique (in the
process pool, as for classic Sudoku) and how hard it is."""

from __future__ import annotations

from dataclasses import replace

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Footer, Header

from core.errors import ParseError
from core.family import Checked
from core.variants import formats, model
from core.variants.family import VARIANTS
from core.variants.model import Mark, Variant
from tui.screens.dialogs import PathPrompt
from tui.screens.editor import PuzzleEditor, plural
from tui.widgets.status_panel import StatusPanel
from tui.widgets.variants_grid import VariantsGrid

HINT = ("digits set givens; : adds a constraint in the text format's words (cage 15: r1c1 "
        "r1c2 · thermo: r1c1 r1c2 · white: r1c1-r1c2 · rules: diagonal); w b x v < put a "
        "white dot, black dot, X, V or < between the cursor and the cell to its right (W B X "
        "V >: below); shift+arrows pick cells, then k makes them a cage (its sum asked), t a "
        "thermometer (bulb first), r an arrow (bulb first); ctrl+d takes back what touches "
        "the cursor's cell")
MARK_KEYS = {"w": "white", "b": "black", "x": "x", "v": "v", "less_than_sign": "less"}
SHAPE_KEYS = {"k": "make_cage", "t": "make_thermo", "r": "make_arrow"}


class VariantsEditor(PuzzleEditor):
    family = VARIANTS
    export_style = ("grid", "the variants text format")
    SLOTS = ("check", "rate")
    BINDINGS = [
        Binding("colon", "add_constraint", "Add constraint"),
        Binding("ctrl+d", "drop_constraints", "Drop here"),
        Binding("ctrl+r", "reveal", "Solution"),
    ]
    CSS = "VariantsEditor Horizontal { height: 1fr; } VariantsEditor VariantsGrid { margin: 1 2; }"

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            yield VariantsGrid(self.puzzle, id="grid")
            yield StatusPanel(id="status")
        yield Footer()

    def on_mount(self) -> None:
        self.grid.focus()
        super().on_mount()

    @property
    def grid(self) -> VariantsGrid:
        return self.query_one(VariantsGrid)

    def describe(self) -> str:
        from core.variants.drawing import describe

        kinds = describe(self.puzzle) or "no constraint yet"
        return f"Sudoku variant {self.puzzle.size}x{self.puzzle.size} · {kinds}"

    # --- editing ---------------------------------------------------------------------------

    def on_variants_grid_edited(self, event: VariantsGrid.Edited) -> None:
        givens = list(self.puzzle.givens)
        givens[event.cell] = event.value
        self.set_puzzle(self.puzzle.with_givens(givens))

    def on_key(self, event) -> None:
        key = event.key
        if key in SHAPE_KEYS and self.grid.has_focus:
            event.stop()
            getattr(self, SHAPE_KEYS[key])(self.picked())
            return
        below = len(key) == 1 and key.isupper() or key == "greater_than_sign"
        kind = MARK_KEYS.get(key.lower() if len(key) == 1 else key) or (
            "less" if key == "greater_than_sign" else None)
        if kind is None or not self.grid.has_focus:
            return
        event.stop()
        self.add_mark(kind, below)

    def add_mark(self, kind: str, below: bool) -> None:
        n, a = self.puzzle.size, self.grid.cursor
        r, c = divmod(a, n)
        if (below and r == n - 1) or (not below and c == n - 1):
            self.notify("no cell there: the cursor is at the edge", severity="warning")
            return
        b = a + (n if below else 1)
        marks = [m for m in self.puzzle.marks if {m.a, m.b} != {a, b}]
        marks.append(Mark(kind, a, b))
        self.try_puzzle(lambda: model.make(**_parts(self.puzzle, marks=marks)))

    def picked(self) -> list[int]:
        """The cells picked with shift+arrows (or the cursor's cell alone); picking ends."""
        cells = self.grid.selection or [self.grid.cursor]
        self.grid.selection = []
        return cells

    def make_cage(self, cells: list[int]) -> None:
        def summed(text: str | None) -> None:
            if text is None:
                return
            total = int(text) if text.strip() else None
            cages = [c for c in self.puzzle.cages if not set(c.cells) & set(cells)]
            self.try_puzzle(lambda: model.make(**_parts(
                self.puzzle, cages=[*cages, model.Cage(tuple(sorted(cells)), total)])))

        self.app.push_screen(PathPrompt(f"Cage of {len(cells)} cells: its sum (empty: none)",
                                        "", validate=_sum_problem, placeholder="15",
                                        allow_empty=True), summed)

    def make_thermo(self, cells: list[int]) -> None:
        if len(cells) < 2:
            self.notify("a thermometer needs two cells or more: shift+arrows from the bulb",
                        severity="warning")
            return
        self.try_puzzle(lambda: model.make(**_parts(
            self.puzzle, thermos=[*self.puzzle.thermos, tuple(cells)])))

    def make_arrow(self, cells: list[int]) -> None:
        if len(cells) < 2:
            self.notify("an arrow needs a bulb and a shaft: shift+arrows from the bulb",
                        severity="warning")
            return
        arrow = model.Arrow((cells[0],), tuple(cells[1:]))
        self.try_puzzle(lambda: model.make(**_parts(
            self.puzzle, arrows=[*self.puzzle.arrows, arrow])))

    def action_add_constraint(self) -> None:
        def added(line: str | None) -> None:
            if line:
                self.set_puzzle(self.with_line(line))

        self.app.push_screen(PathPrompt("Add a constraint (the text format's line)", "",
                                        validate=self.problem_with_line,
                                        placeholder="cage 15: r1c1 r1c2"), added)

    def with_line(self, line: str) -> Variant:
        text = formats.format(self.puzzle)
        if line.strip().lower().startswith("regions:"):  # a whole jigsaw, rows after
            text = text.replace("regions:\n", "").split("\n")
            rows = line.split(":", 1)[1].split()
            return formats.parse("\n".join(t for t in text if not _is_region_row(t, self.puzzle))
                                 + "\nregions:\n" + "\n".join(rows) + "\n")
        return formats.parse(text + line.strip() + "\n")

    def problem_with_line(self, line: str) -> str | None:
        try:
            self.with_line(line)
        except ParseError as error:
            return error.message
        return None

    def action_drop_constraints(self) -> None:
        """Everything that touches the cursor's cell goes (one step to undo)."""
        cell, p = self.grid.cursor, self.puzzle
        self.try_puzzle(lambda: model.make(**_parts(
            p, marks=[m for m in p.marks if cell not in (m.a, m.b)],
            cages=[c for c in p.cages if cell not in c.cells],
            thermos=[t for t in p.thermos if cell not in t],
            arrows=[a for a in p.arrows if cell not in a.bulb + a.shaft],
            extra=[x for x in p.extra if cell not in x],
            even=[c for c in p.even if c != cell], odd=[c for c in p.odd if c != cell],
            little=[k for k in p.little if cell not in k.cells])))

    def try_puzzle(self, make) -> None:
        try:
            puzzle = make()
        except ValueError as error:
            self.notify(str(error), severity="warning")
            return
        self.set_puzzle(replace(puzzle, meta=self.puzzle.meta))

    # --- showing ---------------------------------------------------------------------------

    def show_puzzle(self) -> None:
        self.grid.show(self.puzzle)

    def show_check(self) -> None:
        if self.check_failed():
            return
        result = self.last_check.count
        givens = plural(self.puzzle.clue_count, "given")
        if result.count == 1:
            self.status.set_uniqueness("✓ unique", "unique", f"{givens}; ctrl+r shows it")
            self.grid.show(self.puzzle, solution=result.solution if self.reveal else None)
            self.run_rating()
        elif result.count == 0:
            clashes = self.family.clashes_text(self.puzzle, result.clashes)
            self.status.set_uniqueness("✗ no solution", "none",
                                       f"{clashes or 'the rules contradict each other'}; "
                                       f"{givens}")
            self.grid.show(self.puzzle)
        else:
            cells = ", ".join(self.family.cell_names(self.puzzle, result.differs))
            self.status.set_uniqueness("⚠ several solutions", "several",
                                       f"two solutions differ in {cells} (highlighted); "
                                       f"{givens}")
            self.grid.show(self.puzzle, differs=result.differs,
                           solution=result.solution if self.reveal else None)
        if result.count != 1:
            self.status.set_difficulty("— (rated once the puzzle is unique)", "", HINT)

    @work(exclusive=True, group="rate")
    async def run_rating(self) -> None:
        rating = await self.rated(HINT)
        if rating is None:
            return
        used = "\n".join(f"  {name} ×{times}" for name, times in rating.techniques.items())
        self.status.set_difficulty(rating.headline(), used, HINT)

    def known_answer(self):
        check = self.last_check
        return check.count.solution if isinstance(check, Checked) and check.count.unique else None


def _sum_problem(text: str) -> str | None:
    text = text.strip()
    if text and not (text.isdigit() and len(text) <= 3):
        return "a sum is a whole number (or empty for a cage without one)"
    return None


def _is_region_row(line: str, p: Variant) -> bool:
    return p.jigsaw and len(line) == p.size and set(line) <= set(formats.REGION_LETTERS)


def _parts(p: Variant, **changes) -> dict:
    """The arguments of model.make for p, with some parts replaced."""
    parts = dict(size=p.size, givens=p.givens, regions=p.regions, rules=p.rules,
                 extra=p.extra, even=p.even, odd=p.odd, marks=p.marks, negative=p.negative,
                 cages=p.cages, little=p.little, thermos=p.thermos, arrows=p.arrows,
                 sandwiches=p.sandwiches)
    parts.update(changes)
    return parts
