"""ナンクロ (number crosswords, codewords): the model, its text formats, counting against a
dictionary, and generation. The family's contract is in core/numcro/family.py."""

from core.numcro.formats import format, format_blog, format_grid, parse, parse_blocks
from core.numcro.model import BLOCK, Entry, Puzzle
from core.numcro.solver import count

__all__ = ["BLOCK", "Entry", "Puzzle", "count", "format", "format_blog", "format_grid",
           "parse", "parse_blocks"]
