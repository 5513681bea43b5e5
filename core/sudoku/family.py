"""Sudoku (ナンプレ) as a registered family: see core/family.py for the contract."""

from __future__ import annotations

import re
from dataclasses import replace

from core.family import NO_CONTEXT, Family, Field, Generated, Generator, NotRated, rated_within
from core.search import where_differ
from core.sudoku import formats, ipuz
from core.sudoku.model import BOX_SHAPES, SYMBOLS, Puzzle, cell_name
from core.sudoku.rating import SE_SCALES
from core.sudoku.solver import count
from core.symmetry import SYMMETRIES, SYMMETRY_WORDS

LENGTHS = {n * n for n in BOX_SHAPES}
TOKEN = re.compile(r"[^\s,;]+")
SYMBOL_CHARS = set(SYMBOLS + ".0*")


def _is_one_liner(line: str) -> bool:
    return any(len(t) in LENGTHS and set(t) <= SYMBOL_CHARS for t in TOKEN.findall(line))


class Sudoku(Family):
    name = "sudoku"
    title = "Sudoku"
    puzzle_type = Puzzle
    styles = ("grid", "line")
    line_style = "line"
    ipuz_kind = ipuz.KIND.split("#")[0]
    rated = True
    gives_candidates = True
    scales = SE_SCALES  # Sudoku Explainer's (9x9; other sizes: the workbench ladder's)

    def recognise(self, text: str) -> int:
        """3 when the first lines are one-line Sudokus (blanks as 0 included), else 1: any
        text that no other family claims is tried as a grid."""
        lines = [line for line in text.splitlines()[:200]
                 if line.strip() and not line.lstrip().startswith("#")
                 and not formats.HEADER.match(line)][:20]
        return 3 if lines and all(_is_one_liner(line) for line in lines) else 1

    parse = staticmethod(formats.parse)
    iter_puzzles = staticmethod(formats.iter_puzzles)

    def format(self, puzzle: Puzzle, style: str | None = None) -> str:
        return formats.format(puzzle, style or "grid")

    def count(self, puzzle, limit=2, stop=None, context=NO_CONTEXT):
        return count(puzzle, limit, stop)

    def true_candidates(self, puzzle, support=1, stop=None):
        from core.sudoku.solver import true_candidates

        return true_candidates(puzzle, support, stop)

    def candidates_text(self, puzzle, found, with_support=False):
        from core.candidates import pictures
        from core.sudoku.model import geometry

        geo = geometry(puzzle.shape)
        boxes = [geo.box(c) for c in range(puzzle.shape.cells)]
        return pictures(found, puzzle.size, boxes, puzzle.givens, SYMBOLS, with_support)

    def filled(self, puzzle: Puzzle, solution) -> Puzzle:
        return puzzle.with_givens(solution)

    def differs(self, puzzle, first, second) -> tuple:
        return where_differ(first, second)

    def cell_names(self, puzzle: Puzzle, cells) -> list[str]:
        return [cell_name(c, puzzle.size) for c in cells]

    def clashes_text(self, puzzle: Puzzle, clashes) -> str:
        return "; ".join(" and ".join(self.cell_names(puzzle, pair)) + " both hold "
                         + SYMBOLS[puzzle.givens[pair[0]] - 1] for pair in clashes)

    def givens(self, puzzle: Puzzle) -> tuple:
        return tuple(c for c, v in enumerate(puzzle.givens) if v)

    def without(self, puzzle: Puzzle, cell) -> Puzzle:
        return puzzle.with_givens(puzzle.givens[:cell] + (0,) + puzzle.givens[cell + 1:])

    def redundant(self, puzzle, stop=None, context=NO_CONTEXT, solution=None):
        """Each given tested by "without it, and with its cell holding another symbol, is
        there a solution?": singles settle most tests (core.sudoku.generator)."""
        from core.sudoku.generator import redundant_givens

        solution = solution or count(puzzle, 1, stop).solution
        if solution is None:  # stopped before a solution was found
            return (), tuple(self.givens(puzzle))
        return redundant_givens(puzzle, solution, stop)

    def making_unique(self, puzzle, stop=None, context=NO_CONTEXT) -> tuple:
        from core.sudoku.authoring import making_unique

        return making_unique(puzzle, stop)

    def generate(self, options, rng, stop=None, context=NO_CONTEXT, rate=False) -> Generated:
        from core.sudoku.generator import Options, make

        notes: dict = {}
        if not isinstance(options, Options):  # Targeted: a rating or technique to meet
            from core.sudoku.targets import generate as generate_to

            puzzle, solution = generate_to(options, rng, stop)
            context = replace(context, scale=options.target.scale)
        else:
            made = make(options, rng, stop, context.progress)
            puzzle, solution = made.puzzle, made.solution
            if not made.minimal:  # a time budget or a node cap left givens that might go
                notes["minimal"] = False
        rating = None
        if rate:  # within what is left of the budget (`stop` carries its deadline)
            rating, not_rated = rated_within(lambda: self.rate(puzzle, stop, context), stop)
            notes.update(not_rated)
        return Generated(puzzle, solution, rating=rating, notes=notes)

    def canonical(self, puzzle: Puzzle) -> str:
        """Minlex under the grid's symmetries (up to 9x9; larger grids: the puzzle's text)."""
        from core.sudoku.canonical import MAX_SIZE, minlex

        return minlex(puzzle) if puzzle.size <= MAX_SIZE else super().canonical(puzzle)

    def rate(self, puzzle, stop=None, context=NO_CONTEXT):
        from core.sudoku.logic import rate

        scale = context.scale or self.scales[0]
        if scale not in self.scales:
            raise NotRated(f"no scale {scale!r}; one of {', '.join(self.scales)}")
        try:
            return rate(puzzle, stop, scale)
        except ValueError as error:
            raise NotRated(str(error)) from None

    # print and exchange: the family's drawing.py (imported when drawn: it loads the export
    # layer's fonts) and ipuz.py
    def title_of(self, puzzle: Puzzle) -> str:
        from core.sudoku.drawing import title

        return title(puzzle)

    def draw(self, puzzle: Puzzle, answer=None, style=None):
        from core.sudoku.drawing import draw

        return draw(puzzle, answer, style)

    to_ipuz = staticmethod(ipuz.to_ipuz)
    from_ipuz = staticmethod(ipuz.from_ipuz)


def _options(values: dict):
    from core.sudoku.generator import Options

    attempts = values.get("attempts")
    options = Options(size=values["size"], symmetry=values["symmetry"], clues=values.get("clues"),
                      minimal=bool(values.get("minimal")), mask=_mask(values.get("mask")),
                      level=values.get("level"), max_technique=values.get("max_technique"),
                      seconds=values.get("seconds"))
    if attempts:
        options = replace(options, attempts=attempts)
    rating, must_use, first_hard = (values.get(k) for k in ("rating", "must_use", "first_hard"))
    if rating is None and must_use is None and first_hard is None and not options.rated_by_se:
        return options
    if options.size != 9:
        raise ValueError("--rating, --must-use and --first-hard: Sudoku Explainer rates 9x9 only")
    from core.sudoku.targets import ATTEMPTS as TARGET_ATTEMPTS  # the rater: only here
    from core.sudoku.targets import parse_rating, targeted

    made = targeted(options, parse_rating(rating) if rating is not None else None, must_use,
                    first_hard, values.get("scale") or "sukaku")
    if not attempts:  # a rare target needs more candidates than a plain puzzle needs grids
        made = replace(made, options=replace(made.options, attempts=TARGET_ATTEMPTS))
    return made


def _mask(text: str | None) -> tuple[bool, ...] | None:
    """An author's pattern of givens (core/sudoku/formats.parse_mask)."""
    return None if text is None else formats.parse_mask(text)


def _se_techniques() -> tuple[str, ...]:
    from core.sudoku.explainer.techniques import technique_names

    return technique_names("sukaku")


def _any_techniques() -> tuple[str, ...]:
    from core.sudoku.ladder import TECHNIQUE_NAMES

    return tuple(dict.fromkeys(_se_techniques() + TECHNIQUE_NAMES))


def _generators() -> tuple[Generator, ...]:
    from core.sudoku.rating import LEVEL_BANDS, LEVELS

    bands = ", ".join(f"{level} to {top:.1f}" for level, top in LEVEL_BANDS[:-1])
    sizes = tuple(sorted(BOX_SHAPES))
    fields = (
        Field("size", "4, 6, 8, 9, 12, 16 or 25", int, 9, sizes,
              words=tuple(f"{n}x{n}" for n in sizes)),
        Field("symmetry", "of the givens", str, "none", SYMMETRIES,
              label="Symmetry of the givens", words=SYMMETRY_WORDS),
        Field("level", f"exactly this difficulty, a band of the rating ({bands}, then "
              f"needs-guessing): on 9x9 Sudoku Explainer's on --scale, else the workbench "
              f"ladder's", str, None, LEVELS, blank="any level",
              words=tuple(f"{level}, to {top:.1f}" for level, top in LEVEL_BANDS[:-1])
              + ("needs-guessing",)),
        Field("max_technique", "solvable with this technique and easier ones (9x9: Sudoku "
              "Explainer's, e.g. X-Wing; other sizes: the workbench ladder's, e.g. "
              "'naked pair')", str, metavar="TECHNIQUE", label="Hardest technique allowed",
              blank="any", known=_any_techniques),
        Field("clues", "stop at this many clues", int, label="Stop at clues",
              blank="as few as stay unique"),
        Field("minimal", "no clue can be removed", bool, False,
              label="Minimal: no clue can go"),
        Field("mask", "givens exactly on this pattern's cells: a row a line (or one line "
              "of all cells), # x or a digit for a given, . or 0 for an empty cell", file=True,
              label="Mask of the givens (a file)", blank="none: givens anywhere", more=True),
        Field("attempts", "random grids to try (1,000; with a target: puzzles to try, 20,000)",
              int, blank="1,000; with a target 20,000", more=True),
        Field("seconds", "time budget: then the best unique puzzle so far (maybe not minimal); "
              "with a target: the time to find one", float, label="Time budget (seconds)",
              blank="none", more=True),
        Field("rating", "Sudoku Explainer's rating in this range, e.g. 7.0-7.5", str,
              metavar="A-B", label="SE rating, e.g. 7.0-7.5", blank="any"),
        Field("scale", "the scale of the rating, the level and the techniques: sukaku "
              "(Sukaku Explainer 1.15.10) or classic (Sudoku Explainer 1.2.1.3)", str,
              "sukaku", ("sukaku", "classic"), label="Scale of the rating",
              words=("Sukaku Explainer 1.15.10", "Sudoku Explainer 1.2.1.3 (classic)"),
              more=True),
        Field("must_use", "the solution needs this Sudoku Explainer technique (easier ones "
              "get stuck), e.g. X-Wing", str, metavar="TECHNIQUE",
              label="Must use (stuck without it)", blank="any", known=_se_techniques),
        Field("first_hard", "the first step beyond singles uses this technique", str,
              metavar="TECHNIQUE", label="First step beyond singles", blank="any",
              known=_se_techniques),
    )
    return (Generator("sudoku", "a unique Sudoku", fields, _options, "grid", "line"),)


Sudoku.generators = _generators()
SUDOKU = Sudoku()
