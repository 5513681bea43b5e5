"""Sudoku Explainer's rating, computed as its published source does (see rater.py): the number
Sudoku setters quote, on Sukaku Explainer v1.15.10's scale or classic SE 1.2.1.3's."""

from core.sudoku.explainer.rater import SCALES, SeResult, SeStep, explain

__all__ = ["SCALES", "SeResult", "SeStep", "explain"]
