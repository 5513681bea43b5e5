"""The contract every puzzle family keeps, and the small typed results that cross the process
pool. A family is one package (core/sudoku, core/arith, core/numcro) with one `Family` object
registered in core/kinds.py; the command line, the app's workers, export and the editors reach
a family only through that object, never by its name.

Terms: a *puzzle* is the family's immutable model; a *solution* is what its `count` returns
(Sudoku: a symbol per cell; arithmetic: every row's digits; ナンクロ: (number, letter) pairs);
a *cell* is whatever the family points at when it says where two solutions differ or which
given can go (Sudoku: a cell index; arithmetic: (row, column) of the model; ナンクロ: a number).
"""

from __future__ import annotations

import math
import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from core.counting import NONE, SEVERAL, UNIQUE, UNKNOWN, Count, Verdict
from core.errors import ParseError, did_you_mean
from core.search import Stop, Stopped, node_capped, with_deadline

# the levels every family's rating names, easiest first (a family uses a prefix of them)
LEVEL_ORDER = ("easy", "medium", "hard", "expert", "master", "needs-guessing")


def level_rank(level: str | None) -> int:
    """A level's place among LEVEL_ORDER; anything else (no level, unrated) after them."""
    return LEVEL_ORDER.index(level) if level in LEVEL_ORDER else len(LEVEL_ORDER)


@dataclass(frozen=True)
class Context:
    """What a family may need beyond the puzzle. `own`: what the author chose for a family's
    own needs (`Family.needs`), by the need's name, the command line's option (ナンクロ's
    `dict`: its dictionary); only the family that names a need reads it. `scale`: the
    difficulty scale `rate` reports on (Sudoku: sukaku or classic, see `Family.scales`); None
    means the family's first."""

    own: tuple[tuple[str, str], ...] = ()
    # (givens left, seconds elapsed) as a generator works, where the family reports it;
    # set only in the process that shows it (a callable does not cross the pool)
    progress: Callable[[int, float], None] | None = field(default=None, compare=False)
    scale: str | None = None

    @classmethod
    def choosing(cls, **chosen: str | None) -> Context:
        """A context with the needs the author chose (None: not chosen, the family's default)."""
        return cls(own=tuple(sorted((k, v) for k, v in chosen.items() if v is not None)))

    def chosen(self, need: str) -> str | None:
        """What the author chose for `need`; None when nothing (the family's default)."""
        return dict(self.own).get(need)


NO_CONTEXT = Context()


@dataclass(frozen=True)
class Field:
    """One generator option, declared once: the command line makes it a flag (cli/generate.py)
    and the app a widget of its generator dialog (tui/screens/generate.py). Both hand what
    the author gave to `Generator.options_from`, so they accept and refuse alike, with the
    same words. `file`: the value names a file whose text the option takes (read capped)."""

    name: str  # `--name` on the command line, with - for _; the dialog's widget id
    help: str
    type: type = str  # str, int, float or bool (a flag)
    default: Any = None  # None: not given (the generator decides)
    choices: tuple = ()
    file: bool = False
    metavar: str | None = None
    label: str = ""  # what the dialog calls it; the name in words when empty
    words: tuple[str, ...] = ()  # the dialog's words for the choices, in their order
    blank: str = ""  # what leaving it empty means, said in the dialog ("any level")
    more: bool = False  # the dialog keeps it under "More options"
    # names the dialog suggests as the author types (any text stays allowed); a function, so
    # that a long list is only made when a dialog asks
    known: Callable[[], tuple[str, ...]] | None = field(default=None, compare=False)

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    @property
    def title(self) -> str:
        return self.label or self.name.replace("_", " ").capitalize()

    @property
    def default_text(self) -> str:
        """The default as an author would type it ('' when there is none)."""
        if self.default is None or self.type is bool:
            return ""
        return f"{self.default:g}" if self.type is float else str(self.default)

    def value_of(self, given: str | bool | None):
        """The value of what an author gave: a command-line word or a dialog's text, True or
        False for a flag; None or blank: the default. ValueError naming the option."""
        if self.type is bool:
            return bool(given)
        text = "" if given is None else str(given).strip()
        if not text:
            return self.default
        try:
            value = self.type(text)
        except ValueError:
            kind = "a whole number" if self.type is int else "a number"
            raise ValueError(f"{self.flag} {text!r}? {kind}") from None
        if self.type is float and not math.isfinite(value):
            raise ValueError(f"{self.flag} {text!r}? a number")
        if self.choices and value not in self.choices:
            raise ValueError(f"{self.flag} {text!r}? one of "
                             f"{', '.join(map(str, self.choices))}"
                             f"{did_you_mean(text, [str(c) for c in self.choices])}")
        return value


@dataclass(frozen=True)
class Generator:
    """A way a family makes puzzles (`generate NAME`). `options` turns the fields' values
    (a dict by field name) into the family's options for `Family.generate`: ValueError or
    ParseError, with line and column, for a bad value."""

    name: str
    help: str
    fields: tuple[Field, ...]
    options: Callable[[dict], Any]
    style: str  # the text style one generated puzzle is printed in
    many_style: str  # ... and several, one after another

    def values_from(self, given: dict) -> dict:
        """Every field's value from what an author gave, by field name (absent or None: the
        default); a file field's file is read. ValueError saying what is wrong."""
        from core.files import InputError, read_text

        values = {}
        for one in self.fields:
            value = one.value_of(given.get(one.name))
            if one.file and value is not None and given.get(one.name) is not None:
                try:
                    value = read_text(value)
                except InputError as error:
                    raise ValueError(str(error)) from None
            values[one.name] = value
        return values

    def options_from(self, given: dict):
        """The family's options from what an author gave (see `values_from`): the one check
        the command line and the app both make. ValueError with the words to show; an error
        in the one file given names that file."""
        values = self.values_from(given)
        try:
            return self.options(values)
        except ParseError as error:
            files = [given[f.name] for f in self.fields if f.file and given.get(f.name)]
            raise ValueError(f"{files[0]}: {error}" if len(files) == 1 else str(error)) from None


def notes_text(notes: dict) -> str:
    """A generator's notes in words, as the command line and the app say them: lists spaced,
    reasons each with their words (`own words not placed: no entry of their length: ...`)."""
    def said(value) -> str:
        if isinstance(value, list):
            return " ".join(map(str, value)) or "none"
        if isinstance(value, dict):
            return "; ".join(f"{why}: {said(v)}" for why, v in value.items()) or "none"
        return str(value)
    return ", ".join(f"{name.replace('_', ' ')}: {said(value)}" for name, value in notes.items())


@dataclass(frozen=True)
class Generated:
    """A generator's one result type: the puzzle, its (unique) solution, the seed that made it,
    its rating or level where the family has one, and notes for the author (plain JSON
    values by name, e.g. how many of their own words a ナンクロ used)."""

    puzzle: Any
    solution: Any
    seed: int | None = None
    rating: Any = None  # the family's rating: `.level`, `.headline()`, `.as_dict()` for JSON
    notes: dict = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class Checked:
    """A check: the count, and when asked and unique, the givens that could go and those
    the redundant pass did not decide in its time (each may or may not be needed)."""

    count: Count
    redundant: tuple = ()
    undecided: tuple = ()


@dataclass(frozen=True)
class Failed:
    """A job that did not finish: what went wrong, or that it was stopped."""

    error: str = ""
    stopped: bool = False
    bad_input: bool = False  # the input was at fault (a missing dictionary), not the search


NOT_RATED = {"not_rated": "the time budget ran out (puzzle-tui rate rates it)"}


def rated_within(rate: Callable[[], Any], stop: Stop | None) -> tuple[Any, dict]:
    """`rate()`, a generated puzzle's rating, within what is left of the generator's time
    budget (`stop` carries its deadline): (rating, {}), or (None, NOT_RATED) when the budget
    ended the rating first (a rater stopped part way may return what it saw so far)."""
    try:
        rating = rate()
    except (NotRated, Stopped):
        if stop is None or not stop():
            raise
        rating = None
    if stop is not None and stop():
        return None, dict(NOT_RATED)
    return rating, {}


@dataclass(frozen=True)
class RuleBroken:
    """A house rule a puzzle breaks (a block in a corner, a number used once), with the
    cells it concerns, named as `cell_names` would (r3c5)."""

    rule: str
    message: str
    cells: tuple[str, ...] = ()


REDUNDANT_SECONDS = 10.0  # the redundant givens' budget when the caller gives none
# Passes over the givens not yet decided: stop polls a count may take (each STOP_EVERY search
# nodes; 0: as many as the budget allows)
REDUNDANT_POLLS = (4, 64, 1024, 0)


def _in_order(puzzle, family: Family, cells: list) -> tuple:
    """Cells in the order of the puzzle's givens."""
    order = {cell: i for i, cell in enumerate(family.givens(puzzle))}
    return tuple(sorted(cells, key=order.__getitem__))


class NotRated(ValueError):
    """The family has no difficulty rating, or this puzzle cannot be rated (not unique)."""


class Family(ABC):
    """One puzzle family. Subclasses set the class attributes and implement the abstract
    methods; the others have defaults that suit most families."""

    name: str = ""  # the `kind:` header word and the registry key: sudoku, arith, numcro
    title: str = ""  # what a person calls it
    puzzle_type: type = object
    styles: tuple[str, ...] = ()  # text styles `format` writes; the first is the full layout
    line_style: str | None = None  # the style that writes a puzzle on one line, losslessly
    ipuz_kind: str | None = None  # the ipuz `kind` URI (without its #version)
    needs: tuple[str, ...] = ()  # what `count` and `generate` read beyond the puzzle (Context.own)
    rated: bool = False  # `rate` gives a difficulty for a person
    rated_in_check: bool = False  # ... cheaply enough that `check --json` carries it
    rating_scale: str | None = None  # the one scale its scores are on, said beside them
    house_rules: bool = False  # `rules` checks publishers' house rules (check --json: rules)
    gives_candidates: bool = False  # `true_candidates` (a cell's digits over every solution)
    scales: tuple[str, ...] = ()  # the scales `rate` can report on (Context.scale), default first
    generators: tuple[Generator, ...] = ()
    differ_words: str = "two solutions differ in"  # a verdict's words before the cells

    # --- text ------------------------------------------------------------------------------

    @abstractmethod
    def recognise(self, text: str) -> int:
        """How surely `text` is this family's (0: not at all, 1: it could be, 2: it has a
        mark of the family, 3: nothing else reads like it)."""

    @abstractmethod
    def parse(self, text: str):
        """Exactly one puzzle; ParseError with line and column otherwise."""

    def iter_puzzles(self, text: str) -> Iterator[tuple[int, Any]]:
        """(line, puzzle or its ParseError) for each puzzle of a file, in order; a file holds
        one puzzle unless the family reads files of many."""
        try:
            yield 1, self.parse(text)
        except ParseError as error:
            yield error.line, error

    @abstractmethod
    def format(self, puzzle, style: str | None = None) -> str:
        """The puzzle as text in one of `styles` (the first when None); ends in a newline."""

    def solution_text(self, puzzle, solution, one_line: bool = False) -> str:
        """A solution as text (no final newline): the filled puzzle, on one line if asked."""
        filled = self.filled(puzzle, solution)
        return self.format(filled, self.line_style if one_line and self.line_style else None
                           ).rstrip("\n")

    # --- solving ---------------------------------------------------------------------------

    @abstractmethod
    def count(self, puzzle, limit: int = 2, stop: Stop | None = None,
              context: Context = NO_CONTEXT) -> Count:
        """Solutions up to `limit`, and for two of them the cells where they differ."""

    def solve(self, puzzle, context: Context = NO_CONTEXT):
        """One solution, or None."""
        return self.count(puzzle, 1, None, context).solution

    @abstractmethod
    def filled(self, puzzle, solution):
        """The puzzle with every cell given its solution's value."""

    @abstractmethod
    def differs(self, puzzle, first, second) -> tuple:
        """The cells where two solutions differ."""

    @abstractmethod
    def cell_names(self, puzzle, cells) -> list[str]:
        """Cells named as an author reads them (r3c5, product:4, the number 12)."""

    def verdict(self, puzzle, count: Count, seconds: float | None = None,
                rating=None) -> Verdict:
        """The count in words' terms (core.counting.Verdict): what the command line and
        every editor say of it. `seconds`: the budget a count stopped undecided had;
        `rating`: the puzzle's rating, once rated (its level said)."""
        broken = self.rules(puzzle, count.solution if count.unique else None) if (
            self.house_rules) else ()
        if count.unique and rating is not None:
            return Verdict(UNIQUE, 1, broken=broken, level=rating.level,
                           level_words=self.level_words(rating))
        if count.unique:
            return Verdict(UNIQUE, 1, broken=broken)
        if count.stopped and count.count < 2:
            return Verdict(UNKNOWN, count.count, seconds=seconds, broken=broken)
        if count.count == 0:
            return Verdict(NONE, 0, clashes=self.clashes_text(puzzle, count.clashes),
                           broken=broken)
        return Verdict(SEVERAL, count.count, count.count >= count.limit or count.stopped,
                       tuple(self.cell_names(puzzle, count.differs)), self.differ_words,
                       broken=broken)

    def level_words(self, rating) -> str:
        """A rating in words, as the verdict says it: its headline (the level, the score on
        its scale, the hardest step)."""
        return rating.headline()

    def clashes_text(self, puzzle, clashes) -> str:
        """Count.clashes (pairs of givens that break a rule at sight) in words."""
        return "; ".join(" and ".join(self.cell_names(puzzle, pair)) for pair in clashes)

    @abstractmethod
    def givens(self, puzzle) -> tuple:
        """The cells that hold a given (a clue an author could take away)."""

    @abstractmethod
    def without(self, puzzle, cell):
        """The puzzle with the given at `cell` taken away."""

    def redundant(self, puzzle, stop: Stop | None = None, context: Context = NO_CONTEXT,
                  solution=None) -> tuple[tuple, tuple]:
        """(the givens that could go, one at a time, and leave the puzzle unique; those not
        decided before `stop`), for a unique puzzle (`solution`: its solution, when known).
        Every given is first tried with a small search, then the undecided ones with larger
        ones: one hard given does not hold up the others."""
        found, left = [], list(self.givens(puzzle))
        for polls in REDUNDANT_POLLS:
            undecided = []
            for i, cell in enumerate(left):
                if stop is not None and stop():
                    return _in_order(puzzle, self, found), tuple(undecided + left[i:])
                capped = node_capped(stop, polls) if polls else stop
                result = self.count(self.without(puzzle, cell), 2, capped, context)
                if result.unique:
                    found.append(cell)
                elif result.stopped and result.count < 2:
                    undecided.append(cell)
            left = undecided
            if not left:
                break
        return _in_order(puzzle, self, found), tuple(left)

    def rules(self, puzzle, solution=None) -> tuple[RuleBroken, ...]:
        """The house rules the puzzle (with its solution, when known) breaks; () where the
        family has none (`house_rules` False)."""
        return ()

    def true_candidates(self, puzzle, support: int = 1, stop: Stop | None = None):
        """Each cell's digits in some solution, with how many solutions hold each, capped
        at `support` (a core.candidates.TrueCandidates; partial when `stop` ended it); only
        where `gives_candidates`: NotImplementedError otherwise."""
        raise NotImplementedError(f"{self.title} has no true candidates")

    def candidates_text(self, puzzle, found, with_support: bool = False) -> str:
        """True candidates (`true_candidates`' answer) as a picture of the grid, each cell's
        digits in their places; with `with_support`, a second grid of their support."""
        raise NotImplementedError(f"{self.title} has no true candidates")

    def making_unique(self, puzzle, stop: Stop | None = None, context: Context = NO_CONTEXT
                      ) -> tuple:
        """For a puzzle with several solutions: givens to add, each suggestion a tuple of
        (cell, value), that leave exactly one. () where the family offers none."""
        return ()

    def check(self, puzzle, limit: int = 2, stop: Stop | None = None,
              context: Context = NO_CONTEXT, with_redundant: bool = False,
              seconds: float | None = None, began: float | None = None) -> Checked:
        """The count, and when asked and the puzzle is unique, the givens that could go.
        `seconds`: a time budget for both together from `began` (time.monotonic(); now when
        None): the givens that could go get what the count left; with no budget, the count
        has none and the givens REDUNDANT_SECONDS from its end. `stop` ends either sooner."""
        budget = with_deadline(stop, seconds, time.monotonic() if began is None else began)
        result = self.count(puzzle, limit, budget, context)
        if not (with_redundant and result.unique):
            return Checked(result)
        found, undecided = self.redundant(
            puzzle, budget if seconds else with_deadline(stop, REDUNDANT_SECONDS), context,
            result.solution)
        return Checked(result, found, undecided)

    # --- making and rating -----------------------------------------------------------------

    def canonical(self, puzzle) -> str:
        """Text that two puzzles share exactly when they are one puzzle in disguise (a bank
        deduplicates on it); by default the puzzle's own text in its line style."""
        return self.format(puzzle, self.line_style).rstrip("\n")

    def generate(self, options, rng: random.Random, stop: Stop | None = None,
                 context: Context = NO_CONTEXT, rate: bool = False) -> Generated:
        """A unique puzzle made to `options` (from one of `generators`), rated if asked;
        GenerationFailed when none was found in the attempts or time allowed."""
        raise NotImplementedError(f"{self.title}: no generator")

    def rate(self, puzzle, stop: Stop | None = None, context: Context = NO_CONTEXT):
        """The difficulty for a person (`.level`, `.headline()`: the level and score with
        the scale named, `.as_dict()`, `.summary()`, `.steps`); NotRated when the family has
        none or the puzzle is not unique."""
        raise NotRated(f"{self.title} has no difficulty rating yet")

    # --- print -----------------------------------------------------------------------------

    @abstractmethod
    def title_of(self, puzzle) -> str:
        """A caption for print: the family and the puzzle's shape."""

    def title_in(self, puzzle, lang: str = "en") -> str:
        """The caption in a language (en, ja) where the family has one in it."""
        return self.title_of(puzzle)

    def rules_text(self, puzzle, lang: str = "en") -> str:
        """The rules a page prints beside the puzzle (a variant's, said from its
        constraints or the setter's own), in `lang` (en, ja); "" where the family's rules
        go without saying."""
        return ""

    @abstractmethod
    def draw(self, puzzle, answer=None, style=None):
        """The puzzle (or with `answer`, its solution) as a core.export.drawing.Drawing in a
        house style (core.export.style.Style; None: the built-in magazine style)."""

    @abstractmethod
    def to_ipuz(self, puzzle, answer=None) -> dict:
        """The ipuz fields of the puzzle (kind, puzzle, solution, ...), without `version`."""

    @abstractmethod
    def from_ipuz(self, data: dict):
        """The puzzle of an ipuz object of this family's kind (KeyError, TypeError or
        ValueError on a malformed one: the caller reports them)."""

