"""Where the app keeps its own files: recent files, and a recovery copy of each puzzle's
unsaved work, kept while the puzzle differs from its file. Each app window writes copies of
its own (two windows on one file keep one each) and holds a lock while it has any, so that
another window tells live work from work a closed or killed window left behind.

The state folder may be unwritable or full: writes then raise StorageError, which the app
says once and otherwise ignores (editing goes on; only the safety copy is missing)."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from core.files import atomic_write
from core.places import state_dir

RECENT_LIMIT = 10
HEADER = "# recovery of: "


class StorageError(Exception):
    """The state folder cannot be written: what failed, and why."""


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
# recovery/DOCUMENT.WINDOW.txt: DOCUMENT names the puzzle (its file's path hashed, or
# new-... for a new puzzle), WINDOW the app window that wrote it; windows/WINDOW.lock is held
# (flock) while that window has copies. A copy without a window (DOCUMENT.txt) was left by
# an older version: no window holds it.

@dataclass(frozen=True)
class Recovery:
    key: str  # names the copy (load_recovery, clear_recovery)
    origin: str | None  # the puzzle file, None for a new puzzle
    saved_at: float  # when the copy was written (seconds since the epoch)
    window: str = ""  # the window that wrote it ("": none known)


def recovery_key(path: str | None) -> str:
    """The name of a puzzle's document: a file's is its full path hashed (the same file
    opened again finds its copies); a new puzzle gets a name of its own."""
    if path is None:
        return f"new-{uuid.uuid4().hex[:12]}"
    return hashlib.sha256(full_path(path).encode()).hexdigest()[:24]


class Window:
    """One app window's claim on its recovery copies: while it has any, it holds a lock on
    windows/ID.lock, which the system lets go of when the process ends, even killed."""

    def __init__(self) -> None:
        self.id = uuid.uuid4().hex[:10]
        self.copies: set[str] = set()
        self._lock = None  # the open lock file while copies exist

    def copy_key(self, document: str) -> str:
        """The name of this window's copy of a document."""
        return f"{document}.{self.id}"

    def keep(self, key: str, text: str, origin: str | None) -> None:
        """Write (or rewrite) one of this window's copies; StorageError when it cannot."""
        if self._lock is None:
            self._lock = _hold_lock(self.id)
        save_recovery(key, text, origin)
        self.copies.add(key)

    def drop(self, key: str) -> None:
        """Delete one of this window's copies; the lock goes with the last."""
        clear_recovery(key)
        self.copies.discard(key)
        if not self.copies and self._lock is not None:
            self._lock.close()  # closing lets go of the lock
            self._lock = None


def _hold_lock(window: str):
    """The window's lock file, open and locked (None where the system has no flock: other
    windows' copies then all look left behind, and are offered, as before windows)."""
    try:
        import fcntl
    except ImportError:
        return None
    folder = state_dir() / "windows"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        lock = open(folder / f"{window}.lock", "a+")  # held while copies exist
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as error:
        raise StorageError(f"{folder}: {error.strerror or error}") from None
    return lock


def window_running(window: str) -> bool:
    """Whether the window that wrote a copy still runs (holds its lock)."""
    try:
        import fcntl
    except ImportError:
        return False
    try:
        with open(state_dir() / "windows" / f"{window}.lock") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)  # got it: no one holds it
    except BlockingIOError:
        return True
    except OSError:
        return False
    return False


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


def all_copies() -> list[Recovery]:
    """Every copy of unsaved work, those of running windows too, newest first."""
    found = []
    for path in (state_dir() / "recovery").glob("*.txt"):
        try:
            first = path.read_text(encoding="utf-8").partition("\n")[0]
            saved_at = path.stat().st_mtime
        except (OSError, ValueError):
            continue
        origin = first.removeprefix(HEADER).strip()
        window = path.stem.partition(".")[2]
        found.append(Recovery(path.stem, None if origin == "new puzzle" else origin,
                              saved_at, window))
    return sorted(found, key=lambda r: -r.saved_at)


def recoveries() -> list[Recovery]:
    """The copies no running window holds (left by a window that was closed or killed),
    newest first: the work to offer. A copy of the very puzzle its file holds now has
    nothing to recover: it is deleted, never offered."""
    running: dict[str, bool] = {}
    left = [r for r in all_copies() if not r.window or not running.setdefault(
        r.window, window_running(r.window))]
    stale = [r for r in left if _same_as_its_file(r)]
    for copy in stale:
        clear_recovery(copy.key)
    return [r for r in left if r not in stale]


def _same_as_its_file(copy: Recovery) -> bool:
    """The copy holds the puzzle its file holds (in the family's own text)."""
    if copy.origin is None:
        return False
    from core import kinds
    from core.errors import ParseError
    from core.files import InputError, read_text

    try:
        family, puzzle = kinds.parse(read_text(copy.origin))
    except (InputError, ParseError):
        return False
    return family.format(puzzle) == load_recovery(copy.key)


def kept(path: str) -> list[Recovery]:
    """The copies of one puzzle file no running window holds, newest first."""
    origin = full_path(path)
    return [r for r in recoveries() if r.origin == origin]


def held_elsewhere(path: str, window: Window) -> list[Recovery]:
    """Copies of one puzzle file that other running windows hold: unsaved work there."""
    origin = full_path(path)
    return [r for r in all_copies() if r.origin == origin and r.window
            and r.window != window.id and window_running(r.window)]


def clear_recovery(key: str) -> None:
    with contextlib.suppress(OSError):  # unwritable: the copy stays, and is offered again
        (state_dir() / "recovery" / f"{key}.txt").unlink(missing_ok=True)


def age(recovery: Recovery) -> str:
    minutes = int((time.time() - recovery.saved_at) // 60)
    return "just now" if minutes < 1 else f"{minutes} min ago" if minutes < 120 else (
        time.strftime("%Y-%m-%d %H:%M", time.localtime(recovery.saved_at)))
