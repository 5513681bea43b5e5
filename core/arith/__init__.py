"""Masked arithmetic: 虫食算 (blanks) and 覆面算 (letters) in one model, for +, -, x and /."""

from core.arith.formats import format, format_line, format_vertical, parse
from core.arith.model import BLANK, DivisionStep, Puzzle, Rules
from core.arith.solver import Count, count, solve

__all__ = ["BLANK", "Count", "DivisionStep", "Puzzle", "Rules", "count", "format",
           "format_line", "format_vertical", "parse", "solve"]
