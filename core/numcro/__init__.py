"""ナンクロ (number crosswords): the model and its text formats. The solver and the generator
(issue 5) come next; until then the family is not offered by the command line or the app."""

from core.numcro.formats import format, format_blog, format_grid, parse
from core.numcro.model import BLOCK, Entry, Puzzle

__all__ = ["BLOCK", "Entry", "Puzzle", "format", "format_blog", "format_grid", "parse"]
