"""Build the compiled engine of a source checkout in place, while the app runs on the Python
engine: `make run` installs without it (PUZZLE_NATIVE=later, setup.py) so that the app starts
at once, and the app runs `python -m core.native --build` in its background.

pip builds a wheel of the checkout (setup.py's modules with the flags an install uses, in a
build environment of its own); each module is taken from it into core/native under a
temporary name and renamed into place, so a process starting meanwhile finds the module whole
or not at all. Nothing else of the wheel is used: the installed project stays as it is."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import zipfile
from collections.abc import Callable
from pathlib import Path

FOLDER = Path(__file__).resolve().parent
ROOT = FOLDER.parent.parent
SUFFIX = sysconfig.get_config_var("EXT_SUFFIX") or ".so"


class BuildFailed(Exception):
    """The build did not run or gave no module; the message says why."""


def unbuildable() -> str | None:
    """Why the compiled engine cannot be built here, or None when it can."""
    if not (ROOT / "setup.py").is_file():
        return "this is no source checkout (setup.py is not there)"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return "Python's headers are not installed (Debian: python3-dev)"
    if not os.access(FOLDER, os.W_OK):
        return f"{FOLDER} cannot be written"
    return None


def build(say: Callable[[str], None] = print) -> list[str]:
    """Build the modules and put them in place; their names (those setup.py could not build
    are missing: the compiler's errors are said)."""
    why = unbuildable()
    if why:
        raise BuildFailed(why)
    say("building the compiled engine (Python answers meanwhile)")
    env = {key: value for key, value in os.environ.items() if key != "PUZZLE_NATIVE"}
    with tempfile.TemporaryDirectory() as work:
        done = subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--no-deps", "--verbose", "--wheel-dir",
             work, str(ROOT)], stdin=subprocess.DEVNULL, capture_output=True, text=True,
            env=env)
        wheels = list(Path(work).glob("*.whl"))
        if done.returncode != 0 or not wheels:
            raise BuildFailed(f"pip could not build it: {_errors(done.stdout + done.stderr)}")
        built = _place(wheels[0])
    if not built:
        raise BuildFailed(f"no module built: {_errors(done.stdout + done.stderr)}")
    return built


def _place(wheel: Path) -> list[str]:
    """The wheel's modules of core/native, each renamed into place."""
    built = []
    with zipfile.ZipFile(wheel) as archive:
        for name in archive.namelist():
            if not (name.startswith("core/native/") and name.endswith(SUFFIX)):
                continue
            target = FOLDER / Path(name).name
            part = target.with_name(f".{target.name}.part")
            part.write_bytes(archive.read(name))
            part.chmod(0o755)
            os.replace(part, target)
            built.append(target.name.split(".")[0])
    return built


def _errors(output: str) -> str:
    """The compiler's and pip's error lines, the last few."""
    lines = [line.strip() for line in output.splitlines()
             if "error" in line.lower() and "warning" not in line.lower()]
    return "; ".join(lines[-4:]) or (output.strip().splitlines() or ["no output"])[-1]
