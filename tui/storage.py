"""Where the app keeps its own files: recent files and the recovery copy of unsaved work."""

from __future__ import annotations

import json
import os
from pathlib import Path

from core.files import atomic_write

RECENT_LIMIT = 10


def state_dir() -> Path:
    """$PUZZLE_WORKBENCH_HOME, else $XDG_STATE_HOME/puzzle-workbench (~/.local/state/...)."""
    home = os.environ.get("PUZZLE_WORKBENCH_HOME")
    if home:
        return Path(home)
    base = os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state"
    return Path(base) / "puzzle-workbench"


def _ensure() -> Path:
    folder = state_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def recent_files() -> list[str]:
    try:
        names = json.loads((state_dir() / "recent.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    if not isinstance(names, list):
        return []
    return [n for n in names if isinstance(n, str)][:RECENT_LIMIT]


def remember(path: str | Path) -> None:
    path = str(Path(path).resolve())
    names = [path] + [n for n in recent_files() if n != path]
    atomic_write(_ensure() / "recent.json", json.dumps(names[:RECENT_LIMIT], indent=1))


RECOVERY = "recovery.txt"


def save_recovery(text: str, origin: str | None) -> None:
    """The unsaved puzzle, with the file it came from on a comment line."""
    atomic_write(_ensure() / RECOVERY, f"# recovery of: {origin or 'untitled'}\n{text}")


def load_recovery() -> tuple[str, str | None] | None:
    """(puzzle text, original path or None), if unsaved work was left behind."""
    try:
        text = (state_dir() / RECOVERY).read_text(encoding="utf-8")
    except OSError:
        return None
    first, _, rest = text.partition("\n")
    origin = first.removeprefix("# recovery of: ").strip()
    return rest, None if origin == "untitled" else origin


def clear_recovery() -> None:
    (state_dir() / RECOVERY).unlink(missing_ok=True)
