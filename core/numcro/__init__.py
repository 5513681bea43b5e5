"""ナンクロ (number crosswords): the model, its text formats, and solution counting against a
dictionary. The generator (issue 5) comes next."""

from core.errors import ParseError
from core.numcro.formats import format, format_blog, format_grid, parse
from core.numcro.model import BLOCK, Entry, Puzzle
from core.numcro.solver import count


def iter_puzzles(text: str):
    """A file holds one puzzle: (line, puzzle or its ParseError)."""
    try:
        yield 1, parse(text)
    except ParseError as error:
        yield error.line, error


def filled(puzzle: Puzzle, solution) -> Puzzle:
    """The puzzle with every number's letter given (a solution is (number, letter) pairs)."""
    return Puzzle(puzzle.lang, tuple(solution), puzzle.width, puzzle.height, puzzle.cells,
                  puzzle.entry_numbers)


def cell_names(puzzle: Puzzle, numbers) -> list[str]:
    """Differences are named by number: the letters of those numbers differ."""
    return [str(n) for n in numbers]


__all__ = ["BLOCK", "Entry", "Puzzle", "cell_names", "count", "filled", "format",
           "format_blog", "format_grid", "iter_puzzles", "parse"]
