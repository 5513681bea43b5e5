"""Which engine runs: the compiled one (C twins of the hot loops, built at install) when it
was built, else the Python engine, which is also the reference the compiled one must agree
with. PUZZLE_ENGINE=python forces the Python engine."""

from __future__ import annotations

import os
from pathlib import Path

SWITCH = "PUZZLE_ENGINE"


def forced() -> bool:
    """The environment asks for the Python engine."""
    return os.environ.get(SWITCH, "").strip().lower() == "python"


def _load():
    """(the compiled Sudoku module or None, why the Python engine runs)."""
    if forced():
        return None, f"{SWITCH}=python forces it"
    try:
        from core.native import _sudoku
    except ImportError as error:
        built = any(Path(__file__).parent.glob("_sudoku*"))
        what = (f"the compiled engine did not load ({error})" if built else
                "the compiled engine was not built at install (no C compiler?)")
        return None, (f"{what}; install a C compiler and Python's headers (Debian: gcc and "
                      "python3-dev), then `pip install -e .` again")
    return _sudoku, ""


sudoku, why_python = _load()


def engine() -> str:
    """One line: which engine runs, and when it is the Python one, why."""
    if sudoku is not None:
        return "engine: compiled (C)"
    return f"engine: Python ({why_python})"
