"""Masked arithmetic: 虫食算 (blanks) and 覆面算 (letters) in one model, for +, -, x and /."""

from core.arith.formats import (
    format,
    format_line,
    format_vertical,
    iter_puzzles,
    parse,
    parse_shape,
)
from core.arith.generator import GenerationFailed, Options, generate, generate_from_shape
from core.arith.model import BLANK, DivisionStep, Puzzle, Rules, cell_names, filled
from core.arith.solver import Count, count, solve

__all__ = [
    "BLANK", "Count", "DivisionStep", "GenerationFailed", "Options", "Puzzle", "Rules",
    "cell_names", "count", "filled", "format", "format_line", "format_vertical", "generate",
    "generate_from_shape",
    "iter_puzzles", "parse", "parse_shape", "solve",
]
