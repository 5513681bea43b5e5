"""Sudoku (ナンプレ) of every box shape: formats, counting, human-logic rating, generation."""

from core.sudoku.formats import format, format_grid, format_line, iter_puzzles, parse
from core.sudoku.generator import GenerationFailed, Options, generate, random_solution
from core.sudoku.logic import (
    LEVELS,
    TECHNIQUE_NAMES,
    Rating,
    Step,
    rate,
    solvable_with,
    solve_logically,
    techniques_up_to,
)
from core.sudoku.model import SYMBOLS, Puzzle, Shape, cell_name, geometry
from core.sudoku.solver import Count, clashes, count, solve


def filled(puzzle: Puzzle, solution: tuple[int, ...]) -> Puzzle:
    """The puzzle with every cell given its solution's symbol."""
    return puzzle.with_givens(solution)


def cell_names(puzzle: Puzzle, cells) -> list[str]:
    return [cell_name(c, puzzle.size) for c in cells]

__all__ = [
    "LEVELS", "SYMBOLS", "TECHNIQUE_NAMES", "Count", "GenerationFailed", "Options", "Puzzle",
    "Rating", "Shape", "Step", "cell_name", "cell_names", "clashes", "count", "filled",
    "format", "format_grid",
    "format_line", "generate", "geometry", "iter_puzzles", "parse", "random_solution", "rate",
    "solvable_with", "solve", "solve_logically", "techniques_up_to",
]
