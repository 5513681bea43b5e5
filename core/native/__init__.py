"""Which engine runs: the compiled one (C twins of the hot loops, built at install) when it
was built, else the Python engine, which is also the reference the compiled one must agree
with. PUZZLE_ENGINE=python forces the Python engine. Each compiled module loads on its own
(`sudoku`: core/native/sudoku.c, `variants`: core/native/variants.c)."""

from __future__ import annotations

import importlib
import os
from pathlib import Path

SWITCH = "PUZZLE_ENGINE"
MODULES = {"sudoku": "_sudoku", "variants": "_variants"}  # attribute: compiled module


def forced() -> bool:
    """The environment asks for the Python engine."""
    return os.environ.get(SWITCH, "").strip().lower() == "python"


def _load(name: str):
    """(the compiled module `name` or None, why the Python engine runs)."""
    if forced():
        return None, f"{SWITCH}=python forces it"
    try:
        module = importlib.import_module(f"core.native.{name}")
    except ImportError as error:
        built = any(Path(__file__).parent.glob(f"{name}*"))
        what = (f"the compiled engine did not load ({error})" if built else
                "the compiled engine was not built at install (no C compiler?)")
        return None, (f"{what}; install a C compiler and Python's headers (Debian: gcc and "
                      "python3-dev), then `pip install -e .` again")
    return module, ""


sudoku, why_python = _load("_sudoku")
variants, why_python_variants = _load("_variants")


def engine() -> str:
    """One line: which engine runs, and when it is the Python one, why."""
    if sudoku is None:
        return f"engine: Python ({why_python})"
    if variants is None:
        return f"engine: compiled (C), the variants' in Python ({why_python_variants})"
    return "engine: compiled (C)"


def engines() -> list[str]:
    """A line per compiled module: loaded, or why its Python twin runs."""
    found = []
    for attribute, why in (("sudoku", why_python), ("variants", why_python_variants)):
        module = globals()[attribute]
        found.append(f"{attribute}: compiled (C)" if module is not None else
                     f"{attribute}: Python ({why})")
    return found
