"""Where the app keeps its own files: recent files, and a recovery copy of each puzzle's
unsaved work (one a puzzle file, one a new puzzle), kept until that puzzle is saved.

The state folder may be unwritable or full: writes then raise StorageError, which the app
says once and otherwise ignores (editing goes on; only the safety copy is missing)."""

from __future__ import annotations

import hashlib
import json
import os
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from core.files import atomic_write

RECENT_LIMIT = 10
HEADER = "# recovery of: "


class StorageError(Exception):
    """The state folder cannot be written: what failed, and why."""


def state_dir() -> Path:
    """$PUZZLE_WORKBENCH_HOME, else $XDG_STATE_HOME/puzzle-workbench (~/.local/state/...)."""
    home = os.environ.get("PUZZLE_WORKBENCH_HOME")
    if home:
        return Path(home)
    base = os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state"
    return Path(base) / "puzzle-workbench"


def _write(name: str, text: str) -> None:
    path = state_dir() / name
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, text)
    except OSError as error:
        raise StorageError(f"{path.parent}: {error.strerror or error}") from None


def recent_files() -> list[str]:
    try:
        names = json.loads((state_dir() / "recent.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    if not isinstance(names, list):
        return []
    return [n for n in names if isinstance(n, str)][:RECENT_LIMIT]


def full_path(path: str | Path) -> str:
    """The file's full path with its symlinks followed, so that two names of one file agree;
    a symlink loop (or a link into a folder that cannot be read) keeps the name as given,
    made absolute: opening it then fails with a message, never here with a traceback."""
    try:
        return str(Path(path).resolve())
    except (OSError, RuntimeError):  # RuntimeError: Python 3.11-3.12's "Symlink loop"
        return os.path.abspath(path)


def remember(path: str | Path) -> None:
    path = full_path(path)
    names = [path] + [n for n in recent_files() if n != path]
    _write("recent.json", json.dumps(names[:RECENT_LIMIT], indent=1))


# --- recovery copies -----------------------------------------------------------------------

@dataclass(frozen=True)
class Recovery:
    key: str  # names the copy: a puzzle file's, or a new puzzle's own
    origin: str | None  # the puzzle file, None for a new puzzle
    saved_at: float  # when the copy was written (seconds since the epoch)


def recovery_key(path: str | None) -> str:
    """A puzzle file's copy is named by its full path (the same file opened again finds it);
    a new puzzle gets a name of its own."""
    if path is None:
        return f"new-{uuid.uuid4().hex[:12]}"
    return hashlib.sha256(full_path(path).encode()).hexdigest()[:24]


def save_recovery(key: str, text: str, origin: str | None) -> None:
    origin = full_path(origin) if origin else "new puzzle"
    _write(f"recovery/{key}.txt", f"{HEADER}{origin}\n{text}")


def load_recovery(key: str) -> str | None:
    """The unsaved puzzle text kept under `key`, or None."""
    try:
        text = (state_dir() / "recovery" / f"{key}.txt").read_text(encoding="utf-8")
    except (OSError, ValueError):
        return None
    return text.partition("\n")[2]


def recoveries() -> list[Recovery]:
    """Every copy of unsaved work, newest first."""
    found = []
    for path in (state_dir() / "recovery").glob("*.txt"):
        try:
            first = path.read_text(encoding="utf-8").partition("\n")[0]
            saved_at = path.stat().st_mtime
        except (OSError, ValueError):
            continue
        origin = first.removeprefix(HEADER).strip()
        found.append(Recovery(path.stem, None if origin == "new puzzle" else origin, saved_at))
    return sorted(found, key=lambda r: -r.saved_at)


def clear_recovery(key: str) -> None:
    try:
        (state_dir() / "recovery" / f"{key}.txt").unlink(missing_ok=True)
    except OSError:
        pass  # an unwritable folder: the copy stays, and is offered again (harmless)


def age(recovery: Recovery) -> str:
    minutes = int((time.time() - recovery.saved_at) // 60)
    return "just now" if minutes < 1 else f"{minutes} min ago" if minutes < 120 else (
        time.strftime("%Y-%m-%d %H:%M", time.localtime(recovery.saved_at)))
