"""Sudoku (ナンプレ) of every box shape: formats, counting, human-logic rating, generation."""

from core.sudoku.formats import format, format_grid, format_line, iter_puzzles, parse
from core.sudoku.model import SYMBOLS, Puzzle, Shape, cell_name, geometry
from core.sudoku.solver import Count, clashes, count, solve

__all__ = [
    "SYMBOLS", "Count", "Puzzle", "Shape", "cell_name", "clashes", "count", "format",
    "format_grid", "format_line", "geometry", "iter_puzzles", "parse", "solve",
]
