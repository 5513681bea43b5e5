"""Sudoku (ナンプレ) of every box shape: formats, counting, human-logic rating, generation."""

from core.sudoku.formats import format, format_grid, format_line, iter_puzzles, parse
from core.sudoku.generator import GenerationFailed, Options, generate, random_solution
from core.sudoku.logic import LEVELS, Rating, Step, rate
from core.sudoku.model import SYMBOLS, Puzzle, Shape, cell_name, geometry
from core.sudoku.solver import Count, clashes, count, solve

__all__ = [
    "LEVELS", "SYMBOLS", "Count", "GenerationFailed", "Options", "Puzzle", "Rating", "Shape",
    "Step", "cell_name", "clashes", "count", "format", "format_grid", "format_line",
    "generate", "geometry", "iter_puzzles", "parse", "random_solution", "rate", "solve",
]
