"""The Sudoku variants editor: the grid with its regions, cages, marks, lines and shapes drawn
in the terminal; digits set givens; `:` adds any constraint in the text format's words (cage
15: r1c1 r1c2, thermo: ..., white: r1c1-r1c2, rules: diagonal, regions rows, ...); keys at the
cursor add the common marks towards the next cell, a clue on its corner, a minimum or
maximum, a marked cell, its given digits or a clue outside its row or column; cells picked
with shift+arrows become a cage, a thermometer, an arrow, any of today's lines or one shape of
a twin clue; ctrl+d takes back the constraints on the cursor's cell. The side panel says after
every edit whether the puzzle is unique (in the process pool, as for classic Sudoku), which
givens could go (underlined), and how hard it is; ctrl+t walks the logical solution on the
grid (the step in words, its cells marked, as the Sudoku editor's stepper); it also says what
the cursor's cell holds, what the grid's letters and marks stand for, and the puzzle's title,
author and rules."""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from textual.binding import Binding
from textual.widgets import Static

from core.errors import ParseError
from core.family import Checked, Failed
from core.variants import formats, model
from core.variants.authoring import boards_before, step_cells
from core.variants.cell_clues import CELL_KINDS, EXTREMES
from core.variants.custom import RULE_KINDS, every_rule
from core.variants.drawing import line_word, rule_label
from core.variants.family import VARIANTS
from core.variants.groups import CORNERS, GROUPS, PENCILS, TWINS, WAYS, placed
from core.variants.kinds import LINE_KINDS, LINES
from core.variants.marks import MARKS
from core.variants.model import Line, Mark, Outside, Variant, digit_of
from core.variants.outside import OUTSIDE
from core.variants.shapes import SHAPES, ranked
from tui.live_check import LiveCheck
from tui.redundant import RedundantGivens
from tui.screens.dialogs import PathPrompt
from tui.screens.editor import PuzzleEditor, plural, walkthrough_window
from tui.stepper import STEPPER_KEYS, Stepper
from tui.widgets.variants_grid import StepView, VariantsGrid, legend, margins

SHAPE_WORDS = {kind.word: kind for kind in SHAPES.values()}
EXAMPLES = [kind.example for kind in SHAPES.values() if kind.example]
EXAMPLE = EXAMPLES[0]
SHAPE_KEYS = "".join(f"{kind.key} {kind.title.lower()} · " for kind in ranked("editor")
                     if kind.key)
HINT = "\n".join([
    "Keys",
    "digits: givens · Delete: clear",
    f": a constraint in words ({' · '.join(EXAMPLES)} · rules: diagonal)",
    "w b x v <: a white or black dot, X, V or < to the right; W B X V >: below "
    "(a dot again: its number)",
    f"shift+arrows pick cells, then {SHAPE_KEYS}l line"
    + "".join(f" · {kind.typed} {kind.called} (pick the other shape, {kind.typed} again)"
              for kind in TWINS),
    "at the cursor: " + "".join(f"{kind.key} {kind.called} · " for kind in CORNERS)
    + "m minimum · M maximum · "
    + "".join(f"{kind.key} {kind.called} · " for kind in (*WAYS, *PENCILS))
    + "o outside clue",
    "ctrl+d takes back what touches the cursor's cell",
    ": title: ..., author: ..., note: ... (the rules in your words) name the puzzle",
])
LINE_ALIASES = {alias: name for name, kind in LINES.items() for alias in kind.aliases}
SIDED = {kind.word: kind for kind in SHAPES.values() if kind.sided}  # left of a row, above
OUTSIDE_WORDS = {**{word: name for name, kind in OUTSIDE.items() for word in kind.editor},
                 **{word: word for word in SIDED}}
START = ("start with " + ", ".join(f"{kind.editor[0]} ({kind.called})" for kind in OUTSIDE.values())
         + "".join(f" or {word}" for word in SIDED))
# The kinds the new puzzle's line names as examples: the shapes' records with a title.
SHOWN_FIRST = tuple(kind.title.lower() + "s" for kind in SHAPES.values() if kind.title)
SIDES = {"left": ("row", False), "right": ("row", True), "top": ("col", False),
         "bottom": ("col", True)}


class VariantsEditor(Stepper, RedundantGivens, PuzzleEditor):
    family = VARIANTS
    grid_widget = VariantsGrid
    boards_before = staticmethod(boards_before)
    new_puzzles = ((f"Sudoku variant 9x9 (: adds {', '.join(SHOWN_FIRST)}, jigsaw, dots, ...)",
                    partial(model.blank, 9)),)
    typing_help = HINT
    export_style = ("grid", "the variants text format")
    SLOTS = ("check", "redundant", "rate", "candidates")
    contradiction = "the rules contradict each other"
    unique_hint = "; ctrl+r shows it"
    BINDINGS = [
        Binding("colon", "add_constraint", "Add constraint"),
        Binding("f4", "true_candidates", "True candidates"),
        *STEPPER_KEYS,
        Binding("ctrl+d", "drop_constraints", "Drop here"),
        Binding("ctrl+r", "reveal", "Solution"),
        *(Binding(kind.keys[below], f"mark('{name}', {below})",
                  f"{kind.glyph if kind.directed else name + ' mark'} "
                  f"{'below' if below else 'right'}", show=False)
          for below, name, kind in sorted(((below, name, kind) for name, kind in MARKS.items()
                                           if kind.keys[0] for below in (False, True)),
                                          key=lambda x: (x[2].directed, x[0]))),
        *(Binding(kind.key, f"shape('{kind.word}')", kind.title, show=False)
          for kind in ranked("editor") if kind.key),
        Binding("l", "shape('line')", "Line", show=False),
        *(Binding(kind.key, f"twin('{kind.field}')", kind.called.capitalize(), show=False)
          for kind in TWINS),
        *(Binding(kind.key, f"corner('{kind.field}')", kind.called.capitalize(), show=False)
          for kind in CORNERS),
        *(Binding(kind.key, f"cell_clue('{kind.field}')", kind.caption.capitalize(),
                  show=False) for kind in CELL_KINDS.values() if kind.key),
        *(Binding(kind.key, f"ways('{kind.field}')", kind.called.capitalize(), show=False)
          for kind in WAYS),
        *(Binding(kind.key, f"pencil('{kind.field}')", kind.caption.capitalize(), show=False)
          for kind in PENCILS),
        Binding("o", "outside", "Outside clue", show=False),
    ]

    def on_mount(self) -> None:
        self.status.mount(Static("Grid", classes="heading"), Static("", id="here", markup=False),
                          Static("", id="legend"), after="#progress")
        self.status.mount(Static("Puzzle", classes="heading"),
                          Static("", id="words", markup=False))
        self.watch(self.grid, "cursor", self.show_here)
        self.show_puzzle()
        super().on_mount()

    @property
    def grid(self) -> VariantsGrid:
        return self.query_one(VariantsGrid)

    def describe(self) -> str:
        from core.variants.drawing import describe

        kinds = describe(self.puzzle) or "no constraint yet"
        own = dict(self.puzzle.meta)
        credit = " · ".join(part for part in (
            f"“{own['title']}”" if self.path and own.get("title") else "",
            f"by {own['author']}" if own.get("author") else "") if part)
        return " · ".join(part for part in (
            credit, f"Sudoku variant {self.puzzle.size}x{self.puzzle.size}", kinds) if part)

    def own_title(self) -> str:
        return self.puzzle.title()

    # --- editing ---------------------------------------------------------------------------

    def filled_with(self, puzzle):
        """A pasted grid of digits of this size (a classic Sudoku's line or rows): its givens
        in this variant's grid, the constraints kept."""
        from core.sudoku.model import Puzzle

        if isinstance(puzzle, Puzzle) and puzzle.size == self.puzzle.size:
            return self.puzzle.with_givens(puzzle.givens)
        return None

    def entered(self, cell: int, value: int) -> Variant:
        givens = list(self.puzzle.givens)
        givens[cell] = value
        return self.puzzle.with_givens(givens)

    def action_mark(self, kind: str, below: bool) -> None:
        """A mark between the cursor's cell and the next one right (or below); the same dot
        again asks its difference or ratio."""
        self.add_mark(kind, below)

    def action_shape(self, kind: str) -> None:
        """The picked cells (or the cursor's alone) become a cage, thermometer, arrow or
        line."""
        if kind in SHAPE_WORDS:
            self.make_shape(SHAPE_WORDS[kind], self.picked())
        else:
            getattr(self, f"make_{kind}")(self.picked())

    def add_mark(self, kind: str, below: bool) -> None:
        n, a = self.puzzle.size, self.grid.cursor
        r, c = divmod(a, n)
        if (below and r == n - 1) or (not below and c == n - 1):
            self.say("no cell there: the cursor is at the edge", "warning")
            return
        b = a + (n if below else 1)
        marks = [m for m in self.puzzle.marks if {m.a, m.b} != {a, b}]
        again = any(m.kind == kind and {m.a, m.b} == {a, b} for m in self.puzzle.marks)
        if again and MARKS[kind].valued:
            self.ask_dot_value(kind, a, b, marks)  # the same dot again: its number
            return
        marks.append(Mark(kind, a, b))
        self.try_puzzle(lambda: model.make(**_parts(self.puzzle, marks=marks)))

    def ask_dot_value(self, kind: str, a: int, b: int, others: list) -> None:
        """A white dot's difference or a black dot's ratio, the present one offered."""
        n = self.puzzle.size
        now = next(m for m in self.puzzle.marks if {m.a, m.b} == {a, b}).amount
        word = MARKS[kind].asked

        def given(text: str | None) -> None:
            if text is not None:
                dot = Mark(kind, a, b, int(text))
                self.try_puzzle(lambda: model.make(**_parts(self.puzzle, marks=others + [dot])))

        self.app.push_screen(PathPrompt(
            f"The {kind} dot between {self.puzzle.name(a)} and {self.puzzle.name(b)}:\n"
            f"its {word}", str(now),
            validate=lambda t: _number_problem(t, MARKS[kind].usual, n - 1, "it"),
            placeholder=str(now)), given)

    def picked(self) -> list[int]:
        """The cells picked with shift+arrows (or the cursor's cell alone); picking ends."""
        cells = self.grid.selection or [self.grid.cursor]
        self.grid.selection = []
        return cells

    def make_shape(self, kind, cells: list[int]) -> None:
        """The picked cells become a shape of a record of core.variants.shapes; a kind that
        takes a number asks it first (empty: none)."""
        def made(total: int | None) -> None:
            parts = kind.made(cells, total, self.puzzle)
            if isinstance(parts, str):  # what is wrong with the picked cells
                self.say(parts, "warning")
                return
            self.try_puzzle(lambda: model.make(**_parts(self.puzzle, **parts)))

        if kind.prompt is None:
            made(None)
            return
        self.app.push_screen(
            PathPrompt(kind.prompt(len(cells)), "", validate=_sum_problem(kind.called),
                       placeholder="15", allow_empty=True),
            lambda text: None if text is None else made(int(text) if text.strip() else None))

    def make_line(self, cells: list[int]) -> None:
        """The picked path becomes a line of the kind the author types (a whisper's least
        difference is asked next, the usual offered)."""
        n = self.puzzle.size

        def add(kind: str, value: int) -> None:
            line = Line(kind, tuple(cells), value)
            self.try_puzzle(lambda: model.make(**_parts(
                self.puzzle, lines=[*self.puzzle.lines, line])))

        def chosen(text: str | None) -> None:
            if text is None:
                return
            kind, value = _line_kind(text, n)
            record = LINES[kind]
            if record.usual is None or value:
                add(kind, value)
                return
            styles = ", ".join(f"{v}: {style.capitalize()}" for style, v in
                               record.values(n).items())
            self.app.push_screen(PathPrompt(
                f"{record.title.capitalize()}: its {record.number}\n({styles})",
                str(record.usual(n)),
                validate=lambda t: _number_problem(t, 1, n - 1, f"a {record.number}"),
                placeholder=str(record.usual(n))),
                lambda t: t is not None and add(kind, int(t)))

        kinds = list(LINE_KINDS)
        self.app.push_screen(PathPrompt(
            f"A line through {plural(len(cells), 'cell')}: its kind\n"
            f"{', '.join(kinds[:6])},\n{', '.join(kinds[6:])}\n"
            f"(first letters do; also {', '.join(LINE_ALIASES)})", "",
            validate=lambda t: _problem(_line_kind(t, n)),
            placeholder=kinds[1]), chosen)

    def action_twin(self, field: str) -> None:
        """The picked cells (or the cursor's alone) are one shape of a twin clue:
        the first waits (shaded in the grid); the second makes the clue, cell for cell in
        reading order. The same shape again drops the first."""
        kind, cells, first = GROUPS[field], self.picked(), self.grid.pending
        if not first:
            self.grid.pending = tuple(cells)
            self.grid.refresh()
            self.say(f"{kind.called}: now pick the other shape (shift+arrows) and press "
                     f"{kind.typed} again")
            return
        self.grid.pending = ()
        self.grid.refresh()
        if sorted(first) == sorted(cells):
            self.say(f"no {kind.called}: the same shape twice")
            return
        new = kind.twin(tuple(sorted(first)), tuple(sorted(cells)))
        self.try_puzzle(lambda: model.make(**_parts(
            self.puzzle, **{field: [*kind.items(self.puzzle), new]})))

    def action_corner(self, field: str) -> None:
        """The clue of this kind on the corner below-right of the cursor: its
        digits asked (those there offered); none takes it back."""
        kind, n, cell = GROUPS[field], self.puzzle.size, self.grid.cursor
        if cell % n == n - 1 or cell // n == n - 1:
            self.say(f"a {kind.called} sits where four cells meet: move the cursor up or left",
                     "warning")
            return
        old = next((digits for corner, digits in map(kind.digits_of, kind.items(self.puzzle))
                    if corner == cell), None)
        others = [item for item in kind.items(self.puzzle) if kind.digits_of(item)[0] != cell]

        def given(text: str | None) -> None:
            if text is None:
                return
            first = self.puzzle.first
            new = [kind.at_corner(cell, tuple(digit_of(ch, first) for ch in text.upper()), n)
                   ] if text else []
            self.try_puzzle(lambda: model.make(**_parts(self.puzzle, **{field: others + new})))

        self.app.push_screen(PathPrompt(
            f"{kind.called.capitalize()} where {self.puzzle.name(cell)} to "
            f"{self.puzzle.name(cell + n + 1)} meet:\n{kind.prompt}",
            "".join(self.puzzle.digit(d) for d in old) if old else "",
            validate=lambda t: _digits_problem(t, n, kind.most, first=self.puzzle.first),
            placeholder=kind.sample,
            allow_empty=True), given)

    def action_cell_clue(self, key: str) -> None:
        """The cursor's cell takes a clue of this kind (a minimum), or stops having it; it
        drops the others of its group (a maximum)."""
        cell, p, kind = self.grid.cursor, self.puzzle, CELL_KINDS[key]
        cells = kind.cells(p)
        changes = {other.field: [c for c in other.cells(p) if c != cell]
                   for other in CELL_KINDS.values() if other.group == kind.group}
        changes[key] = [c for c in cells if c != cell] if cell in cells else [*cells, cell]
        self.try_puzzle(lambda: model.make(**_parts(p, **changes)))

    def action_ways(self, field: str) -> None:
        """The cursor's cell: none of this kind, then each way of it in turn."""
        kind, cell, p = GROUPS[field], self.grid.cursor, self.puzzle
        now = next((way for way, c in kind.items(p) if c == cell), None)
        order = (None, *(way.name for way in kind.ways))
        after = order[(order.index(now) + 1) % len(order)]
        kept = [(way, c) for way, c in kind.items(p) if c != cell]
        self.try_puzzle(lambda: model.make(**_parts(
            p, **{field: kept + ([(after, cell)] if after else [])})))
        said = f"{after} {kind.called}" if after else f"no {kind.called}"
        self.say(f"{p.name(cell)}: {said}")

    def action_pencil(self, field: str) -> None:
        """The cursor cell's given digits of this kind, those there
        offered; none takes them back."""
        kind, n, cell = GROUPS[field], self.puzzle.size, self.grid.cursor
        bits = dict(kind.items(self.puzzle)).get(cell, 0)
        others = [(c, d) for c, d in kind.items(self.puzzle) if c != cell]

        def given(text: str | None) -> None:
            if text is None:
                return
            digits = sum(1 << (digit_of(ch, self.puzzle.first) - 1) for ch in set(text.upper()))
            self.try_puzzle(lambda: model.make(**_parts(
                self.puzzle, **{field: others + ([(cell, digits)] if digits else [])})))

        self.app.push_screen(PathPrompt(
            f"{kind.caption.capitalize()} of {self.puzzle.name(cell)}: {kind.prompt}\n"
            "(empty: any)", "".join(self.puzzle.digit(v + 1) for v in range(n) if bits >> v & 1),
            validate=lambda t: _digits_problem(t, n, n, repeat=False, first=self.puzzle.first),
            placeholder=kind.sample,
            allow_empty=True), given)

    def action_outside(self) -> None:
        """A clue outside the cursor's row or column: an X-sum, a skyscraper or a sandwich,
        on the side the author names (the nearest by default); a kind without a number takes
        that side's clue back."""
        cell, n = self.grid.cursor, self.puzzle.size
        near = _nearest_side(cell, n)

        def given(text: str | None) -> None:
            if text is not None:
                self.try_puzzle(lambda: _with_outside(self.puzzle, cell, text, near))

        self.app.push_screen(PathPrompt(
            f"A clue outside {self.puzzle.name(cell)}'s row or column:\n"
            + ", ".join(f"{kind.editor[0]} {kind.number} ({kind.called})"
                        for kind in OUTSIDE.values())
            + "".join(f" or {word} SUM" for word in SIDED) + ",\n"
            f"then left, right, top or bottom ({near} if not said);\n"
            "a kind alone takes that side's clue back",
            _outside_here(self.puzzle, cell, near),
            validate=lambda t: _outside_problem(self.puzzle, cell, t, near),
            placeholder="x 15 left"), given)

    def action_add_constraint(self) -> None:
        def added(line: str | None) -> None:
            if line:
                self.set_puzzle(self.with_line(line))

        self.app.push_screen(PathPrompt("Add a constraint (the text format's line)", "",
                                        validate=self.problem_with_line,
                                        placeholder=EXAMPLE), added)

    def with_line(self, line: str) -> Variant:
        key, colon, value = line.partition(":")
        if colon and key.strip().lower() in formats.META:  # title:, author:, note: replace
            own = dict(self.puzzle.meta) | {formats.META[key.strip().lower()]: value.strip()}
            return replace(self.puzzle, meta=tuple((k, v) for k, v in own.items() if v))
        text = formats.format(self.puzzle)
        if line.strip().lower().startswith("digits:"):  # the grid's digits: 0-8 or 1-9
            text = "\n".join(t for t in text.split("\n") if not t.startswith("digits:"))
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
            **{name: [x for x in kind.of(p) if cell not in kind.cells(x)]
               for name, kind in SHAPES.items()},
            **{kind.field: [c for c in kind.cells(p) if c != cell]
               for kind in CELL_KINDS.values()},
            lines=[line for line in p.lines if cell not in line.cells],
            **{name: [item for item in kind.items(p) if cell not in kind.cells(item)]
               for name, kind in GROUPS.items()},
            custom=[r for r in p.custom if cell not in r.cells])))

    def try_puzzle(self, make) -> None:
        try:
            puzzle = make()
        except ValueError as error:
            self.say(str(error), "warning")
            return
        self.set_puzzle(replace(puzzle, meta=self.puzzle.meta))

    # --- showing ---------------------------------------------------------------------------

    def show_puzzle(self) -> None:
        self.show_grid()
        self.fit()
        self.show_here()
        if not self.query("#words"):  # the app took the editor down as it mounted
            return
        key, words = self.query_one("#legend", Static), legend(self.puzzle)
        key.update(words)
        key.display = bool(words)
        self.query_one("#words", Static).update(puzzle_words(self.puzzle))

    def show_here(self) -> None:
        """What the cursor's cell holds, in words (a setter's candidates in full)."""
        lines = self.query("#here")
        if lines:  # not while the app takes the editor down as it mounts (a quick quit)
            lines.first(Static).update(here(self.puzzle, self.grid.cursor))

    def on_resize(self) -> None:
        self.call_after_refresh(self.fit)

    def fit(self) -> None:
        """The grid keeps its margin while the board is tall enough for it and its clues
        (a 9x9 with clues outside fits 80x24 without)."""
        top, bottom, _, _ = margins(self.puzzle)
        room = self.query_one("#board").size.height
        tall = room >= 2 * self.puzzle.size + 1 + top + bottom + 2
        self.grid.styles.margin = (1, 1) if tall or not room else (0, 1)

    def show_grid(self) -> None:
        """The puzzle with what the check found (cells where two solutions differ, givens
        that could go), the solution when asked, or the stepper's board."""
        result = self.last_check.count if isinstance(self.last_check, Checked) else None
        found = result.count if result else 0
        answer = result.solution if result and self.reveal and found else None
        self.grid.show(self.puzzle, differs=result.differs if found >= 2 else (),
                       solution=answer if found != 0 else None,
                       redundant=self.redundant_givens() if found == 1 else (),
                       step=self.step_view(), tall=self.true_view.on,
                       true=self.true_view.now())

    def keys_hint(self) -> str:
        """The keys, and on a grid past 9x9 which tool keys type a digit there instead (the
        grid takes a digit's letter first)."""
        shown = (model.symbol(v, self.puzzle.first) for v in range(1, self.puzzle.size + 1))
        letters = "".join(ch for ch in shown if ch.isalpha())
        taken = sorted({b.key for b in self.BINDINGS
                        if len(b.key) == 1 and b.key.upper() in letters},
                       key=lambda key: (key.lower(), key.isupper()))
        if not taken:
            return HINT
        return (f"{HINT}\non this grid {letters[0]}-{letters[-1]} are digits: "
                f"{' '.join(taken)} type one; add what they add with :")

    def checked(self) -> None:
        """A unique puzzle: the givens that could go, and its rating on the variants scale,
        each in the pool."""
        self.last_rating = None
        if self.found != 1:
            self.status.set_difficulty(self.difficulty(), "", self.keys_hint())
            self.show_step()
            return
        self.look_for_redundant()

        def rated(rating) -> None:
            if LiveCheck.stopped(rating):
                return
            self.last_rating = rating
            self.show_rating()
        known = self.known_rating()
        rated(known) if known is not None else self.rate(rated)

    def show_rating(self) -> None:
        rating = self.last_rating
        if isinstance(rating, Failed):
            self.status.set_difficulty(rating.error, "", self.keys_hint())
            return
        used = "\n".join(f"  {name} ×{times}" for name, times in rating.techniques.items())
        self.status.set_difficulty(self.difficulty(rating), used,
                                   walkthrough_window(rating, self.step_at) + "\n\n"
                                   + self.keys_hint())
        self.status.follow("#walkthrough", "▶" if self.step_at is not None else None)
        self.show_step()

    # --- the stepper -----------------------------------------------------------------------

    def step_view(self) -> StepView | None:
        stepping = self.stepper_boards()
        if stepping is None:
            return None
        boards, steps, at = stepping
        before, step = boards[at], steps[at]
        return StepView(before.values, frozenset(step_cells(self.puzzle, step, before)),
                        frozenset(c for c, _ in step.placements),
                        frozenset(c for c, _ in step.eliminations))


def _sum_problem(called: str):
    """What is wrong with the sum typed for `called` (a cage), or None."""
    def problem(text: str) -> str | None:
        text = text.strip()
        if text and not (text.isdigit() and len(text) <= 3):
            return f"a sum is a whole number (or empty for {called} without one)"
        return None
    return problem


def _is_region_row(line: str, p: Variant) -> bool:
    return p.jigsaw and len(line) == p.size and set(line) <= set(formats.REGION_LETTERS)


def _parts(p: Variant, **changes) -> dict:
    """The arguments of model.make for p (every constraint), with some parts replaced."""
    return dict(size=p.size, givens=p.givens, regions=p.regions, first=p.first,
                **model.parts_of(p)) | changes


def _line_kind(text: str, n: int) -> tuple[str, int] | str:
    """(kind, its number or 0) from the author's words, or what is wrong with them: a kind
    of LINE_KINDS or its first letters, or an alias of its record (a style, such as Dutch
    whispers, says its number), and a number after a kind that takes one."""
    words = text.lower().replace("-", " ").split()
    value = int(words.pop()) if len(words) > 1 and words[-1].isdigit() else 0
    said = "".join(words)
    name = LINE_ALIASES.get(said, said)
    if name in LINES and LINES[name].usual is not None:
        style = LINES[name].values(n).get(said, 0)
        value = value or (style if style != LINES[name].usual(n) else 0)
    found = [name] if name in LINE_KINDS else [k for k in LINE_KINDS if name and k.startswith(name)]
    if len(found) != 1:
        return (f"{name}: {' or '.join(found)}?" if found else
                f"no line {name!r}; lines: {', '.join(LINE_KINDS)}")
    kind = LINES[found[0]]
    if value and kind.usual is None:
        return f"a {found[0]} line takes no number"
    if value and not 1 <= value < n:
        return f"a {kind.name}'s {kind.number} is 1 to {n - 1}"
    return found[0], value


def _problem(answer) -> str | None:
    """What is wrong, when a reader of the author's words returned that instead."""
    return answer if isinstance(answer, str) else None


def _number_problem(text: str, low: int, high: int, what: str) -> str | None:
    if not (text.isdigit() and low <= int(text) <= high):
        return f"{what} is a whole number from {low} to {high}"
    return None


def _digits_problem(text: str, n: int, most: int, repeat: bool = True,
                    first: int = 1) -> str | None:
    """Digits of the grid (1-9, then A-G; from 0 on a grid of 0 to N-1), at most `most`."""
    text = text.upper()
    wrong = [ch for ch in text if not 1 <= digit_of(ch, first) <= n]
    if wrong:
        return f"{wrong[0]!r} is not a digit of a {n}x{n} grid"
    if len(text) > most or (not repeat and len(set(text)) != len(text)):
        return f"at most {most} digits" + ("" if repeat else ", each once")
    return None


def _nearest_side(cell: int, n: int) -> str:
    r, c = divmod(cell, n)
    return min((c, "left"), (n - 1 - c, "right"), (r, "top"), (n - 1 - r, "bottom"))[1]


def _outside_words(text: str, near: str) -> tuple[str, int | None, str] | str:
    """(kind, number or None, side) from words like `x 15 left`, or what is wrong."""
    words = text.lower().split()
    if not words or words[0] not in OUTSIDE_WORDS:
        return START
    kind, rest = OUTSIDE_WORDS[words[0]], words[1:]
    total = int(rest.pop(0)) if rest and rest[0].isdigit() else None
    side = rest.pop(0) if rest else near
    if side not in SIDES or rest:
        return "the side is left, right, top or bottom"
    if kind in SIDED and SIDES[side][1]:
        return f"a {kind} sum sits left of its row or above its column"
    return kind, total, side


def _outside_problem(p: Variant, cell: int, text: str, near: str) -> str | None:
    if _problem(_outside_words(text, near)):
        return _problem(_outside_words(text, near))
    try:
        _with_outside(p, cell, text, near)
    except ValueError as error:
        return str(error)
    return None


def _with_outside(p: Variant, cell: int, text: str, near: str) -> Variant:
    """p with the clue the words give outside the cell's row or column (in place of any
    X-sum, skyscraper or sandwich there)."""
    kind, total, side = _outside_words(text, near)
    line, reverse = SIDES[side]
    index = divmod(cell, p.size)[0 if line == "row" else 1]
    outside = [o for o in p.outside if (o.line, o.index, o.reverse) != (line, index, reverse)]
    sided = {shape.field: [x for x in shape.of(p) if reverse or shape.sided[1](x) != (
        line, index)] for shape in SIDED.values()}
    if total is not None and kind in SIDED:
        sided[SIDED[kind].field].append(SIDED[kind].sided[0](line, index, total))
    elif total is not None:
        outside.append(Outside(kind, line, index, reverse, total))
    return model.make(**_parts(p, outside=outside, **sided))


def _outside_here(p: Variant, cell: int, side: str) -> str:
    """The words of the clue on that side of the cell's row or column, if there is one."""
    line, reverse = SIDES[side]
    index = divmod(cell, p.size)[0 if line == "row" else 1]
    for o in p.outside:
        if (o.line, o.index, o.reverse) == (line, index, reverse):
            return f"{OUTSIDE[o.kind].editor[0]} {o.total} {side}"
    for kind in SIDED.values():
        for x in kind.of(p):
            if not reverse and kind.sided[1](x) == (line, index):
                return f"{kind.word} {x.total} {side}"
    return ""


def puzzle_words(p: Variant) -> str:
    """The puzzle's title, author and rules as a page prints them: the setter's own, or
    those written from the constraints (said so); `:` with title, author or note sets them."""
    from core.variants.wording import name, rules_text

    own = dict(p.meta)
    lines = [own.get("title") or f"{name(p)} (no title: `:` title: ...)"]
    if own.get("author"):
        lines.append(f"by {own['author']}")
    if own.get("rules"):
        lines.append(f"Rules (the setter's):\n{own['rules']}")
    else:
        lines.append(f"Rules (written from the constraints; `:` note: ... for your own):\n"
                     f"{rules_text(p)}")
    return "\n".join(lines)


def here(p: Variant, cell: int) -> str:
    """The constraints on a cell, in words: its lines, marks, cage, thermometer, arrow,
    clues on groups of cells, minimum or maximum, marked cells and the setter's candidates
    (all)."""
    n, found = p.size, []
    found += [f"{line_word(line, n)} {p.name(line.cells[0])}–{p.name(line.cells[-1])}"
              for line in p.lines if cell in line.cells]
    found += [f"{m.kind}{f' {m.value}' if m.value else ''} with {p.name(m.a + m.b - cell)}"
              for m in p.marks if cell in (m.a, m.b)]
    found += [word for kind in ranked("editor") for word in kind.here(p, cell)]
    found += [kind.said(p, item, cell) for kind in placed("")
              for item in kind.items(p) if cell in kind.cells(item)]
    found += [kind.caption for kind in EXTREMES if cell in kind.cells(p)]
    found += [kind.said(p, item, cell) for kind in placed("late")
              for item in kind.items(p) if cell in kind.cells(item)]
    found += [f"{RULE_KINDS[r.kind].title} {rule_label(p, r)}".strip() for r in every_rule(p)
              if cell in r.cells]
    found += [kind.said(p, item, cell) for kind in placed("given")
              for item in kind.items(p) if cell in kind.cells(item)]
    return f"{p.name(cell)}: {', '.join(found) if found else 'no constraint of its own'}"
