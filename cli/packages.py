"""The packages `make run` leaves to the app's background: pyproject's extras named in LATER
(SudachiPy and its dictionary, Dask), installed by `puzzle-tui install` into the venv the app
runs in, and the packages' bytecode, which `make run`'s first install leaves out (pip
--no-compile: compiling it was a third of a fresh clone's set-up)."""

from __future__ import annotations

import re
import subprocess
import sys
import sysconfig
from collections.abc import Callable
from importlib import metadata

from core.errors import BadInput

PROJECT = "puzzle-workbench"
LATER = ("japanese", "cluster")


def missing() -> list[str]:
    """The requirements of the LATER extras whose package is not installed ([] when the
    project is not installed: nothing says what it would need)."""
    try:
        required = metadata.requires(PROJECT) or []
    except metadata.PackageNotFoundError:
        return []
    wanted = []
    for line in required:
        requirement, _, marker = line.partition(";")
        extra = re.search(r"extra\s*==\s*['\"]([^'\"]+)['\"]", marker)
        if extra and extra[1] in LATER and not _installed(requirement):
            wanted.append(requirement.strip())
    return wanted


def _installed(requirement: str) -> bool:
    name = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", requirement)
    try:
        metadata.distribution(name[1])
    except metadata.PackageNotFoundError:
        return False
    return True


def in_venv() -> bool:
    return sys.prefix != sys.base_prefix


def install(say: Callable[[str], None] = print) -> None:
    """pip-install what `missing` lists into this interpreter's venv; BadInput saying what to
    run when this is no venv or pip fails."""
    wanted = missing()
    if not wanted:
        return
    names = ", ".join(re.match(r"[A-Za-z0-9._-]+", r)[0] for r in wanted)
    if not in_venv():
        raise BadInput(f"{names} not installed: pip install '{PROJECT}[{','.join(LATER)}]'")
    say(f"pip: {names} ...")
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", *wanted],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True)
    if done.returncode != 0:
        errors = [line for line in done.stderr.splitlines() if "ERROR" in line]
        raise BadInput(f"pip could not install {names}: "
                       f"{(errors or done.stderr.splitlines() or ['no output'])[-1]}")
    say(f"pip: {names} installed")


def compile_bytecode(say: Callable[[str], None] = print) -> None:
    """The venv's packages compiled to bytecode (later starts read it instead of compiling
    in memory where PYTHONDONTWRITEBYTECODE is set); files already compiled are skipped."""
    import compileall

    if not in_venv():
        return
    say("compiling the packages' bytecode (for faster starts) ...")
    compileall.compile_dir(sysconfig.get_paths()["purelib"], quiet=2, workers=1)
