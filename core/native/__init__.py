"""Which engine runs: the compiled one (C twins of the hot loops, built at install) when it
was built, else the Python engine, which is also the reference the compiled one must agree
with. PUZZLE_ENGINE=python forces the Python engine.

Each C module is its own extension and loads on its own: `sudoku` (the solver, generator and
minlex, core/native/sudoku.c), `variants` (the variants search, variants.c), `explainer` (the
Sudoku Explainer rater's searches, explainer.c) and `chains` (its chains, chains.c). One that
did not build leaves the Python twin of its part running, and says why."""

from __future__ import annotations

import importlib
import os
from pathlib import Path

SWITCH = "PUZZLE_ENGINE"


def forced() -> bool:
    """The environment asks for the Python engine."""
    return os.environ.get(SWITCH, "").strip().lower() == "python"


def _load(name: str, what: str):
    """(the compiled module core.native.<name> or None, why its Python twin runs)."""
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


# (this module's attribute, the attribute saying why it is None, its C module, what it is)
PARTS = (("sudoku", "why_python", "_sudoku", "the compiled engine"),
         ("variants", "why_python_variants", "_variants", "the compiled variants engine"),
         ("explainer", "why_python_explainer", "_explainer", "the compiled rater"),
         ("chains", "why_chains", "_chains", "the compiled rater chains"))

sudoku, why_python = _load("_sudoku", "the compiled engine")
variants, why_python_variants = _load("_variants", "the compiled variants engine")
explainer, why_python_explainer = _load("_explainer", "the compiled rater")
chains, why_chains = _load("_chains", "the compiled rater chains")


def load_built() -> None:
    """Load the parts built since this process started (the app builds them in its
    background after `make run`, core/native/build.py): the functions that ask for their
    twin at call time run compiled from their next call."""
    importlib.invalidate_caches()  # the folder's listing was cached without them
    for attribute, reason, name, what in PARTS:
        if globals()[attribute] is None:
            globals()[attribute], globals()[reason] = _load(name, what)


def _parts() -> list[tuple[str, object, str]]:
    """(name, module or None, why not) of each part, read when asked (tests switch them)."""
    return [("engine", sudoku, why_python), ("variants", variants, why_python_variants),
            ("rater", explainer, why_python_explainer), ("rater chains", chains, why_chains)]


def _lines() -> list[tuple[bool, str]]:
    """(compiled, what it says) for each part: the Sudoku engine first."""
    said = [(module is not None, f"{name}: compiled (C)" if module is not None
             else f"{name}: Python ({why})") for name, module, why in _parts()]
    if forced() and not any(compiled for compiled, _ in said):
        return said[:1]  # one reason says it all
    return said


def engine() -> str:
    """Which engine runs, a line a part, and for a Python one, why."""
    return "\n".join(text for _, text in _lines())


def slow_parts() -> str:
    """What runs on the Python engine and why, in a line ("" when everything is compiled)."""
    return "; ".join(text for compiled, text in _lines() if not compiled)


def missing() -> list[str]:
    """The compiled parts that do not run (unless the Python engine was asked for)."""
    if forced():
        return []
    return [name for name, module, _ in _parts() if module is None]
