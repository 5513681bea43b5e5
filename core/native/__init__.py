"""Which engine runs: the compiled one (C twins of the hot loops, built at install) when it
was built, else the Python engine, which is also the reference the compiled one must agree
with. PUZZLE_ENGINE=python forces the Python engine. Two modules: `sudoku` (the solver,
generator and minlex) and `explainer` (the Sudoku Explainer rater's searches); each is None
when it did not load."""

from __future__ import annotations

import os
from pathlib import Path

SWITCH = "PUZZLE_ENGINE"


def forced() -> bool:
    """The environment asks for the Python engine."""
    return os.environ.get(SWITCH, "").strip().lower() == "python"


def _load(name: str):
    """(the compiled module core.native._<name> or None, why the Python engine runs)."""
    if forced():
        return None, f"{SWITCH}=python forces it"
    try:
        module = __import__(f"core.native._{name}", fromlist=["_"])
    except ImportError as error:
        built = any(Path(__file__).parent.glob(f"_{name}*"))
        what = (f"the compiled engine did not load ({error})" if built else
                "the compiled engine was not built at install (no C compiler?)")
        return None, (f"{what}; install a C compiler and Python's headers (Debian: gcc and "
                      "python3-dev), then `pip install -e .` again")
    return module, ""


sudoku, why_python = _load("sudoku")
explainer, why_python_explainer = _load("explainer")


def engine() -> str:
    """Which engine runs, a line per compiled module; when it is the Python one, why."""
    lines = ["engine: compiled (C)" if sudoku is not None else f"engine: Python ({why_python})"]
    lines.append("rater: compiled (C)" if explainer is not None else
                 f"rater: Python ({why_python_explainer})")
    return "\n".join(lines)
