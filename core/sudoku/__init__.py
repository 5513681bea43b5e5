"""Sudoku (ナンプレ) of every box shape: formats, counting, human-logic rating, generation."""

import random
from collections.abc import Callable

from core.sudoku.formats import format, format_grid, format_line, iter_puzzles, parse
from core.sudoku.generator import GenerationFailed, Options, random_solution
from core.sudoku.logic import rate
from core.sudoku.model import SYMBOLS, Puzzle, Shape, cell_name, geometry
from core.sudoku.rating import LEVELS, Rating, Step
from core.sudoku.solver import Count, clashes, count, solve

__all__ = [
    "LEVELS", "SYMBOLS", "Count", "GenerationFailed", "Options", "Puzzle", "Rating", "Shape",
    "Step", "cell_name", "clashes", "count", "format", "format_grid", "format_line",
    "generate", "geometry", "iter_puzzles", "parse", "random_solution", "rate", "solve",
]


def generate(options: Options | None = None, rng: random.Random | None = None,
             stop: Callable[[], bool] | None = None) -> tuple[Puzzle, tuple[int, ...]]:
    """A unique puzzle that meets the options, and its solution: on 9x9 a level or a highest
    technique is met through Sudoku Explainer (core.sudoku.targets), anything else by the
    generator (core.sudoku.generator), whose puzzles are also the targets' candidates."""
    options = options or Options()
    if options.rated_by_se:
        from core.sudoku.targets import generate as generate_to
        from core.sudoku.targets import targeted

        return generate_to(targeted(options), rng or random.Random(), stop)
    from core.sudoku.generator import generate as generate_plain

    return generate_plain(options, rng, stop)
