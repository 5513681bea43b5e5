"""Where the workbench keeps what it installs and what it remembers: one place for both
folders, so the dictionaries, the print font and the app's state agree."""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    """$PUZZLE_WORKBENCH_DATA, else $XDG_DATA_HOME/puzzle-workbench (~/.local/share/...): the
    built-in dictionaries and the print font."""
    return _folder("PUZZLE_WORKBENCH_DATA", "XDG_DATA_HOME", ".local/share")


def state_dir() -> Path:
    """$PUZZLE_WORKBENCH_HOME, else $XDG_STATE_HOME/puzzle-workbench (~/.local/state/...): the
    app's recent files, recovery copies and window locks."""
    return _folder("PUZZLE_WORKBENCH_HOME", "XDG_STATE_HOME", ".local/state")


def _folder(own: str, xdg: str, default: str) -> Path:
    home = os.environ.get(own)
    if home:
        return Path(home)
    return Path(os.environ.get(xdg) or Path.home() / default) / "puzzle-workbench"
