"""What a book prints of each puzzle (a `Piece`: its drawings, heading and walkthrough), the
order of a book by level, and the plan of its pages: a contents page, puzzle pages, answer
pages and the walkthrough appendix. The geometry is core/export/layout.py's, the PDF
core/export/pdf.py's."""

from __future__ import annotations

from dataclasses import dataclass, field

from core.export.drawing import Drawing
from core.export.style import Style
from core.family import NotRated, level_rank
from core.search import Stopped, with_deadline

NOT_RATED = "not rated"
RATE_SECONDS = 60.0  # a puzzle's rating for print is given up after this


@dataclass(frozen=True)
class Piece:
    """One puzzle as a book prints it: numbered in the book's order."""

    number: int
    kind: str  # the family and size: "Sudoku 9x9", "虫食算 (割り算)"
    drawing: Drawing
    solution: Drawing | None = None
    level: str | None = None
    rating: str | None = None  # the score with its scale named: "SE 4.0 (Sukaku Explainer scale)"
    title: str = ""
    author: str = ""
    date: str = ""
    walkthrough: tuple[str, ...] = ()  # the steps in words, for the appendix
    rules: str = ""  # printed with the puzzle where the style places them (a variant's)


@dataclass
class Source:
    """A puzzle on its way to print: its family, the puzzle, its answer and rating (None
    when it has none), and the credits a heading may carry."""

    family: object
    puzzle: object
    answer: object = None
    rating: object = None
    credits: dict = field(default_factory=dict)


def rating_of(family, puzzle, context=None, seconds: float = RATE_SECONDS):
    """The family's rating of the puzzle, or None (no rating, not unique, or not found in
    `seconds`)."""
    if not family.rated:
        return None
    from core.family import NO_CONTEXT

    try:
        return family.rate(puzzle, with_deadline(None, seconds), context or NO_CONTEXT)
    except (NotRated, Stopped):
        return None


def level_order(source: Source) -> tuple:
    """Easiest first; within a level, by score where the rating has one; unrated last."""
    rating = source.rating
    return level_rank(getattr(rating, "level", None)), getattr(rating, "score", 0.0) or 0.0


def pieces(sources: list[Source], style: Style, walkthroughs=()) -> list[Piece]:
    """The sources drawn in the style and numbered from 1; the walkthrough kept for the
    numbers in `walkthroughs` (rated puzzles only); the rules in the style's language unless
    the style prints none."""
    made = []
    for number, s in enumerate(sources, 1):
        rating = s.rating
        credits = {**s.credits, **{k: v for k, v in _own_credits(s.puzzle).items() if v}}
        rules = s.family.rules_text(s.puzzle, style.language) if style.rules != "none" else ""
        made.append(Piece(
            number, s.family.title_in(s.puzzle, style.language),
            s.family.draw(s.puzzle, None, style),
            s.family.draw(s.puzzle, s.answer, style) if s.answer is not None else None,
            getattr(rating, "level", None), _score_text(rating),
            credits.get("title", ""), credits.get("author", ""), credits.get("date", ""),
            tuple(rating.walkthrough()) if rating is not None and number in walkthroughs
            else (), rules))
    return made


def _own_credits(puzzle) -> dict:
    """A title and author the puzzle carries itself (variants read them from f-puzzles,
    SudokuPad and their text's header; their rules text is the family's rules_text)."""
    own = dict(getattr(puzzle, "meta", ()) or ())
    return {key: own[key] for key in ("title", "author") if key in own}


def _score_text(rating) -> str | None:
    if rating is None:
        return None
    return rating.score_text()


def heading_lines(piece: Piece, style: Style, solution: bool = False) -> list[str]:
    """The heading's lines, each part where the style shows it: the number, kind and title;
    the level and rating; the author and date. An answer is headed by number and kind."""
    show = style.shows
    first = " ".join(part for part, on in ((str(piece.number), show("number")),
                                           (piece.kind, show("kind"))) if on)
    if solution:
        return [first] if first else []
    if show("title") and piece.title:
        first = f"{first} — {piece.title}" if first else piece.title
    second = " · ".join(part for part, on in ((piece.level, show("level")),
                                              (piece.rating, show("rating"))) if on and part)
    third = " · ".join(part for part, on in ((piece.author, show("author")),
                                             (piece.date, show("date"))) if on and part)
    return [line for line in (first, second, third) if line]


def level_groups(book: list[Piece]) -> list[tuple[str, int, int]]:
    """(level, first number, last number) of each run of puzzles of one level, in order."""
    groups: list[tuple[str, int, int]] = []
    for piece in book:
        level = piece.level or NOT_RATED
        if groups and groups[-1][0] == level:
            groups[-1] = (level, groups[-1][1], piece.number)
        else:
            groups.append((level, piece.number, piece.number))
    return groups
