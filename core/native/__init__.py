"""Which engine runs: the compiled one (C twins of the hot loops, built at install) when it
was built, else the Python engine, which is also the reference the compiled one must agree
with. PUZZLE_ENGINE=python forces the Python engine.

Each C module is its own extension: `sudoku` (the solver, core/native/sudoku.c) and `chains`
(Sudoku Explainer's chains, core/native/chains.c). One that did not build leaves the Python
twin of its part running, and says why."""

from __future__ import annotations

import importlib
import os
from pathlib import Path

SWITCH = "PUZZLE_ENGINE"


def forced() -> bool:
    """The environment asks for the Python engine."""
    return os.environ.get(SWITCH, "").strip().lower() == "python"


def _load(name: str = "_sudoku", what: str = "the compiled engine"):
    """(the compiled module or None, why the Python engine runs)."""
    if forced():
        return None, f"{SWITCH}=python forces it"
    try:
        module = importlib.import_module(f"core.native.{name}")
    except ImportError as error:
        built = any(Path(__file__).parent.glob(f"{name}*"))
        said = (f"{what} did not load ({error})" if built else
                f"{what} was not built at install (no C compiler?)")
        return None, (f"{said}; install a C compiler and Python's headers (Debian: gcc and "
                      "python3-dev), then `pip install -e .` again")
    return module, ""


sudoku, why_python = _load()
chains, why_chains = _load("_chains", "the compiled rater chains")


def _lines() -> list[tuple[bool, str]]:
    """(compiled, what it says) for each module: the Sudoku engine, then the rater chains."""
    first = (sudoku is not None,
             "engine: compiled (C)" if sudoku is not None else f"engine: Python ({why_python})")
    if sudoku is None and chains is None and forced():
        return [first]  # one reason says it all
    return [first, (chains is not None, "rater chains: compiled (C)" if chains is not None
                    else f"rater chains: Python ({why_chains})")]


def engine() -> str:
    """Which engine runs, a line a module, and for a Python one, why."""
    return "\n".join(text for _, text in _lines())


def slow_parts() -> str:
    """What runs on the Python engine and why, in a line ("" when everything is compiled)."""
    return "; ".join(text for compiled, text in _lines() if not compiled)


def missing() -> list[str]:
    """The compiled modules that do not run (unless the Python engine was asked for)."""
    if forced():
        return []
    return [name for name, module in (("sudoku", sudoku), ("chains", chains)) if module is None]
