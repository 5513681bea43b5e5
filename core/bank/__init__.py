"""Puzzle banks: many generated, rated puzzles in one SQLite file, deduplicated by each
family's canonical form (Sudoku: minlex under its 3,359,232 symmetries), built resumably by
local processes or by the workers of a Dask cluster."""

from core.bank.build import Spec, build, entry
from core.bank.store import Bank, BankError, Entry, Missed

__all__ = ["Bank", "BankError", "Entry", "Missed", "Spec", "build", "entry"]
