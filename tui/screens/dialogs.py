"""Small modal dialogs: a path prompt, a choice between buttons, and each family's generator."""

from __future__ import annotations

import asyncio
import random
import time

from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, ProgressBar, Select, Static

from core import jobs, sudoku
from core.arith.family import ALPHAMETIC, ARITH, CALCULATION, AlphameticOptions
from core.family import Context, Failed, Generated
from core.numcro.family import NUMCRO, parse_givens
from core.sudoku.family import SUDOKU
from core.symmetry import SYMMETRIES

DIALOG_CSS = """
{name} {{ align: center middle; }}
{name} > Vertical {{
    width: 70; height: auto; max-height: 100%; overflow-y: auto;
    padding: 1 2; border: thick $primary; background: $surface;
}}
{name} .title {{ text-style: bold; margin-bottom: 1; }}
{name} .error {{ color: $error; }}
{name} Horizontal {{ height: auto; margin-top: 1; }}
{name} Button {{ margin-right: 2; }}
"""


class PathPrompt(ModalScreen[str | None]):
    """Ask for a line of text (a file path, by default); the caller may show an error and
    keep the dialog open. An empty answer is allowed where `allow_empty` says so."""

    DEFAULT_CSS = DIALOG_CSS.format(name="PathPrompt")
    BINDINGS = [("escape", "cancel", "Cancel")]

    def __init__(self, title: str, value: str = "", validate=None,
                 placeholder: str = "path/to/puzzle.txt", allow_empty: bool = False) -> None:
        super().__init__()
        self.title_text, self.value, self.validate = title, value, validate
        self.placeholder, self.allow_empty = placeholder, allow_empty

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text, classes="title")
            yield Input(self.value, placeholder=self.placeholder, id="path")
            yield Static("", id="error", classes="error", markup=False)
            with Horizontal():
                yield Button("OK", variant="primary", id="ok")
                yield Button("Cancel", id="cancel")

    @on(Input.Submitted)
    @on(Button.Pressed, "#ok")
    def submit(self) -> None:
        path = self.query_one("#path", Input).value.strip()
        if not path and not self.allow_empty:
            return
        problem = self.validate(path) if self.validate else None
        if problem:
            self.query_one("#error", Static).update(problem)
        else:
            self.dismiss(path)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


class Choice(ModalScreen[str]):
    """A question with a few answers as buttons; Escape picks the last one."""

    DEFAULT_CSS = DIALOG_CSS.format(name="Choice") + """
    Choice > Vertical { width: auto; min-width: 50; max-width: 96%; }
    """
    BINDINGS = [("escape", "cancel", "Cancel")]

    def __init__(self, question: str, answers: list[str]) -> None:
        super().__init__()
        self.question, self.answers = question, answers

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, classes="title", markup=False)
            with Horizontal():
                for i, answer in enumerate(self.answers):
                    variant = "primary" if i == 0 else "default"
                    yield Button(answer, id=f"answer-{i}", variant=variant)

    @on(Button.Pressed)
    def answered(self, event: Button.Pressed) -> None:
        self.dismiss(self.answers[int(event.button.id.removeprefix("answer-"))])

    def action_cancel(self) -> None:
        self.dismiss(self.answers[-1])


class GenerateDialog(ModalScreen):
    """A family's options, then a generation in the process pool with elapsed time and Cancel.
    Subclasses give `family`, `heading`, `fields()`, `job()` -> (generator name, options,
    context) and may change the puzzle made in `made(generated)`."""

    DEFAULT_CSS = DIALOG_CSS.format(name="GenerateDialog") + """
    GenerateDialog Label { color: $text-muted; }
    GenerateDialog .title { color: $text; }
    GenerateDialog ProgressBar { margin-top: 1; }
    """
    BINDINGS = [("escape", "cancel", "Cancel")]
    heading = ""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.heading, classes="title")
            yield from self.fields()
            yield Label("Seed")
            yield Input(placeholder="empty: random", id="seed", type="integer")
            yield ProgressBar(total=None, show_eta=False, id="progress")
            yield Static("", id="state", markup=False)
            with Horizontal():
                yield Button("Generate", variant="primary", id="start")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#progress").display = False

    def value(self, name: str):
        return self.query_one(f"#{name}").value

    @on(Button.Pressed, "#start")
    def start(self) -> None:
        seed_text = self.value("seed")
        seed = int(seed_text) if seed_text else random.SystemRandom().randrange(2 ** 32)
        try:
            name, options, context = self.job()
        except ValueError as error:
            self.query_one("#state", Static).update(str(error))
            return
        self.query_one("#start", Button).disabled = True
        self.query_one("#progress").display = True
        self.generate(name, options, context, seed)

    @work(exclusive=True, group="generate")
    async def generate(self, name: str, options, context: Context, seed: int) -> None:
        pool: jobs.JobPool = self.app.pool
        slot, job = pool.next_job("generate")
        started = time.monotonic()
        timer = self.set_interval(0.2, lambda: self.query_one("#state", Static).update(
            f"generating with seed {seed}… {time.monotonic() - started:.1f} s"))
        loop = asyncio.get_running_loop()
        try:
            result = await loop.run_in_executor(pool.executor, jobs.generate, slot, job, name,
                                                options, seed, context)
        finally:
            timer.stop()
        if not pool.is_live("generate", job):
            return  # cancelled
        if isinstance(result, Failed):
            self.query_one("#state", Static).update(result.error)
            self.query_one("#start", Button).disabled = False
            self.query_one("#progress").display = False
            return
        self.dismiss(self.made(result))

    def made(self, generated: Generated):
        return generated.puzzle

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.app.pool.cancel("generate")
        self.dismiss(None)


class GenerateSudoku(GenerateDialog):
    family = SUDOKU
    heading = "Generate a Sudoku"
    # two choices a row, so that Generate stays in sight
    DEFAULT_CSS = """
    GenerateSudoku .pair { height: auto; }
    GenerateSudoku .pair > Vertical { height: auto; width: 1fr; }
    GenerateSudoku .scale { width: 100%; margin-top: 1; }
    """

    def fields(self) -> ComposeResult:
        from core.sudoku.explainer.techniques import SINGLES, technique_names
        from core.sudoku.logic import score_range

        techniques = technique_names("sukaku")
        levels = [("any level", "any")]
        for level in sudoku.LEVELS[:-1]:  # needs-guessing: too rare to wait for
            low, high = score_range(level, float("inf"))
            levels.append((f"{level}, {low:.1f}-{high:.1f}", level))
        with Horizontal(classes="pair"):
            with Vertical():
                yield Label("Size")
                yield Select([(f"{n}x{n}", n) for n in (4, 6, 8, 9, 12, 16)], value=9,
                             allow_blank=False, id="size", prompt="size")
            with Vertical():
                yield Label("Symmetry of the givens")
                yield Select([(s, s) for s in SYMMETRIES], value="rot180", allow_blank=False,
                             id="symmetry")
        with Horizontal(classes="pair"):
            with Vertical():
                yield Label("Level (a band of the rating)")
                yield Select(levels, value="any", allow_blank=False, id="level")
            with Vertical():
                yield Label("SE rating, e.g. 7.0-7.5")
                yield Input(placeholder="any", id="rating")
        with Horizontal(classes="pair"):
            with Vertical():
                yield Label("Must use (stuck without it)")
                yield Select([("any technique", "")] + [(t, t) for t in techniques],
                             value="", allow_blank=False, id="must_use")
            with Vertical():
                yield Label("First step beyond singles")
                yield Select([("any technique", "")] + [(t, t) for t in techniques
                                                        if t not in SINGLES],
                             value="", allow_blank=False, id="first_hard")
        yield Label("9x9: ratings, levels and techniques are Sudoku Explainer's, on the "
                    "Sukaku Explainer scale; other sizes: levels of the workbench scale",
                    classes="scale")

    def job(self):
        level = self.value("level")
        values = {"size": self.value("size"), "symmetry": self.value("symmetry"),
                  "level": None if level == "any" else level,
                  "rating": self.value("rating").strip() or None,
                  "must_use": self.value("must_use") or None,
                  "first_hard": self.value("first_hard") or None, "scale": "sukaku"}
        return self.family.generators[0].name, self.family.generators[0].options(values), \
            Context()


class GenerateArith(GenerateDialog):
    family = ARITH
    heading = "Generate a masked calculation (虫食算, 覆面算)"

    def fields(self) -> ComposeResult:
        yield Label("Operation")
        yield Select([("multiplication", "mul"), ("division", "div"), ("addition", "add"),
                      ("subtraction", "sub"), ("覆面算: words that add up", "alphametic")],
                     value="mul", allow_blank=False, id="op")
        yield Label("Digits: 3x2; additions 4+4+4; division: divisor x quotient;\n"
                    "覆面算: the number of words")
        yield Input("3x2", id="digits")
        yield Label("Share of digits kept shown (0: as few as stay unique)")
        yield Input("0", id="keep", type="number")
        yield Label("Start from")
        yield Select([("a unique puzzle", "puzzle"),
                      ("an empty calculation of that shape, to fill in by hand", "template")],
                     value="puzzle", allow_blank=False, id="start_from")

    def job(self):
        from core import arith

        if self.value("op") == "alphametic":
            words = self.value("digits").strip()
            if not words.isdigit() or int(words) < 3:
                raise ValueError("覆面算: give the number of words, 3 or more (the sum included)")
            return ALPHAMETIC.name, AlphameticOptions(int(words)), Context()
        digits = tuple(int(n) for n in self.value("digits").replace("+", "x").split("x")
                       if n.strip().isdigit())
        template = self.value("start_from") == "template"
        keep = 1.0 if template else float(self.value("keep") or 0)
        options = arith.Options(op=self.value("op"), digits=digits, keep=keep)
        return CALCULATION.name, options, Context()

    def made(self, generated: Generated):
        from core import arith

        puzzle = generated.puzzle
        if self.value("start_from") == "template":  # every cell blank: the author types
            puzzle = arith.parse(arith.format(puzzle).translate(str.maketrans("0123456789",
                                                                              "*" * 10)))
        return puzzle


class GenerateNumcro(GenerateDialog):
    family = NUMCRO
    heading = "Generate a ナンクロ"
    # two choices a row, so that Generate stays in sight
    DEFAULT_CSS = """
    GenerateNumcro .pair { height: auto; }
    GenerateNumcro .pair > Vertical { height: auto; width: 1fr; }
    """

    def fields(self) -> ComposeResult:
        with Horizontal(classes="pair"):
            with Vertical():
                yield Label("Size")
                yield Select([(f"{n}x{n}", n) for n in (5, 7, 9, 11, 13, 15)], value=9,
                             allow_blank=False, id="size")
            with Vertical():
                yield Label("Language (dictionary)")
                yield Select([("Japanese", "ja"), ("English", "en")], value="ja",
                             allow_blank=False, id="lang")
        with Horizontal(classes="pair"):
            with Vertical():
                yield Label("Symmetry of the blocks")
                yield Select([(s, s) for s in SYMMETRIES], value="rot180", allow_blank=False,
                             id="symmetry")
            with Vertical():
                yield Label("Level (how a person solves)")
                yield Select([("no trial and error", "any"), ("easy", "easy"),
                              ("medium", "medium"), ("hard", "hard"), ("expert", "expert")],
                             value="any", allow_blank=False, id="level")
        with Horizontal(classes="pair"):
            with Vertical():
                yield Label("Codewords (English)")
                yield Select([("as the grid comes", "plain"),
                              ("26 letters, 2-3 starters", "pangram")],
                             value="plain", allow_blank=False, id="codeword")
            with Vertical():
                yield Label("Blocklisted words")
                yield Select([("left out", "out"), ("allowed", "allowed")], value="out",
                             allow_blank=False, id="sensitive")
        yield Label("Letters given, e.g. 2-4 or 3")
        yield Input("", id="givens", placeholder="blank: as magazines print (2-4 up to 11x11, "
                    "3-5 above)")
        yield Label("Your own words, tried first (a file: prose or a list)")
        yield Input("", id="text", placeholder="path/to/diary.txt")

    def job(self):
        from core.files import InputError, read_text
        from core.numcro.generator import Options

        text = None
        if self.value("text").strip():
            try:
                text = read_text(self.value("text").strip())
            except InputError as error:
                raise ValueError(str(error)) from None
        pangram = self.value("codeword") == "pangram"
        if pangram and self.value("lang") != "en":
            raise ValueError("all 26 letters: a codeword, in English")
        options = Options(size=self.value("size"), symmetry=self.value("symmetry"),
                          lang=self.value("lang"),
                          givens=parse_givens(self.value("givens").strip() or None),
                          text=text, level=None if self.value("level") == "any"
                          else self.value("level"),
                          house=(("pangram", ""), ("starters", "2-3")) if pangram else (),
                          allow_sensitive=self.value("sensitive") == "allowed")
        return self.family.generators[0].name, options, Context()


class GenerateVariants(GenerateDialog):
    """Sudoku variants: a jigsaw, a killer with no givens, marks or shapes read off a
    solution, or global rules (core/variants/generator.py)."""

    from core.variants.family import VARIANTS as family

    heading = "Generate a Sudoku variant"
    MARKS = {"kropki": ("white", "black"), "xv": ("x", "v"), "less": ("less",),
             "bar": ("bar",)}
    SHAPES = ("thermo", "arrow", "little", "sandwich", "cages")

    def fields(self) -> ComposeResult:
        yield Label("Kind")
        yield Select([("jigsaw (irregular regions)", "jigsaw"),
                      ("killer, no givens", "killer"),
                      ("kropki dots (all, with the negative rule)", "kropki"),
                      ("XV (all, with the negative rule)", "xv"),
                      ("inequality signs (不等号)", "less"),
                      ("consecutive bars (all, with the negative rule)", "bar"),
                      ("thermometers", "thermo"), ("arrows", "arrow"),
                      ("little killers", "little"), ("sandwich sums", "sandwich"),
                      ("killer cages without sums", "cages"),
                      ("diagonals (X)", "diagonal"), ("windoku (hyper)", "hyper"),
                      ("anti-knight", "antiknight"), ("even/odd", "evenodd")],
                     value="jigsaw", allow_blank=False, id="kind")
        yield Label("Size")
        yield Select([(f"{n}x{n}", n) for n in (4, 6, 8, 9)], value=9, allow_blank=False,
                     id="size")
        yield Label("Killer: one-cell cages")
        yield Select([("none (each is a given in disguise)", False), ("allowed", True)],
                     value=False, allow_blank=False, id="singles")

    def job(self):
        from core.variants.generator import Options

        kind, size = self.value("kind"), self.value("size")
        if kind in ("jigsaw", "killer"):
            name = kind
            options = Options(kind, size, singles=self.value("singles"), seconds=60)
        elif kind in self.MARKS:
            name = "marks"
            options = Options("marks", size, marks=self.MARKS[kind], all_marks=kind != "less",
                              seconds=60)
        elif kind in self.SHAPES:
            name = "shapes"
            options = Options("shapes", size, shapes=(kind,), seconds=60)
        else:
            name = "rules"
            options = Options("rules", size, rules=(kind,), seconds=60)
        return name, options, Context()
