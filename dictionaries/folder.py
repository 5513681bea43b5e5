"""Where a dictionary lives: a folder NAME holding only data.mdb (LMDB), lock.mdb and
check.json. A build writes `.NAME.building-XXXX` beside it and switches it in at the end.

The switch is two renames: NAME -> `.NAME.old`, then the new folder -> NAME. Killed between
them, the old dictionary is still whole under a fixed name: readers open it there, and the next
build puts it back first. This is simpler than a symlink NAME switched with one rename: NAME
stays a plain folder (dictionaries built before need no migration, a copy with cp or rsync is
the dictionary itself), and the one moment without NAME loses nothing.
"""

from __future__ import annotations

import contextlib
import fcntl
import glob
import mmap
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

from dictionaries.errors import DictionaryError

DICTIONARY_FILES = frozenset({"data.mdb", "lock.mdb", "check.json"})
BUILDING = "building-"
# how a dictionary's meta record begins (json.dumps of store._write's dict): dictionaries
# built before check.json existed are known by it
META_RECORD = re.compile(rb'\{"format": \d+, "normalization": \d+, "lang": "')


class OutputRefused(DictionaryError):
    """The output folder holds something a build must not delete."""


def previous(path: Path) -> Path:
    return path.with_name(f".{path.name}.old")


def current(path: str | Path) -> Path:
    """The folder to open: `path`, or the whole old dictionary a build killed at its switch
    left beside it."""
    path = Path(path)
    if not path.exists() and (previous(path) / "data.mdb").is_file():
        return previous(path)
    return path


def check_output(out: Path) -> None:
    """A build writes only into a missing or empty folder, or over a dictionary."""
    if not out.exists():
        return
    if not out.is_dir():
        raise OutputRefused(f"{out}: a file is there, not a dictionary: choose another output")
    names = {p.name for p in out.iterdir()}
    if not names or _holds_dictionary(out, names):
        return
    others = sorted(names - DICTIONARY_FILES) or sorted(names)
    raise OutputRefused(f"{out}: the folder holds {', '.join(others[:3])}"
                        f"{' ...' if len(others) > 3 else ''}, not a dictionary; a build "
                        f"writes only into a new or empty folder, or over a dictionary")


def _holds_dictionary(folder: Path, names: set[str]) -> bool:
    if not names <= DICTIONARY_FILES or "data.mdb" not in names:
        return False
    if "check.json" in names:
        return True
    with open(folder / "data.mdb", "rb") as f:  # searched as a file: LMDB is not asked
        if os.fstat(f.fileno()).st_size == 0:
            return False
        with mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as data:
            return META_RECORD.search(data) is not None


@contextlib.contextmanager
def replacing(out: Path) -> Iterator[Path]:
    """A fresh folder to write a dictionary into; switched in for `out` when the block ends
    without an error, removed when it fails."""
    out.parent.mkdir(parents=True, exist_ok=True)
    with _building_lock(out.parent):
        _recover(out)
        check_output(out)
        _remove_leftovers(out)
        work = Path(tempfile.mkdtemp(prefix=f".{out.name}.{BUILDING}", dir=out.parent))
        try:
            yield work
            _switch(work, out)
        except BaseException:
            _remove(work)
            raise


@contextlib.contextmanager
def _building_lock(parent: Path) -> Iterator[None]:
    """One build at a time in a folder (a lock on the folder itself: no lock file left
    behind), so leftovers found under the lock are a killed build's, never a running one's."""
    fd = os.open(parent, os.O_RDONLY)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise OutputRefused(f"{parent}: another build is writing here; try again when it "
                                f"has finished") from None
        yield
    finally:
        os.close(fd)  # releases the lock


def _recover(out: Path) -> None:
    """Put back the old dictionary of a build killed between its two renames."""
    if not out.exists() and not out.is_symlink() and previous(out).is_dir():
        os.rename(previous(out), out)


def _remove_leftovers(out: Path) -> None:
    _remove(previous(out))
    for leftover in out.parent.glob(f".{glob.escape(out.name)}.{BUILDING}*"):
        _remove(leftover)


def _switch(work: Path, out: Path) -> None:
    old = previous(out)
    if out.exists() or out.is_symlink():
        os.rename(out, old)
    os.rename(work, out)
    _sync(out.parent)  # the renames survive a power cut too
    _remove(old)


def _sync(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _remove(path: Path) -> None:
    if path.is_symlink() or path.is_file():
        path.unlink()
    elif path.exists():
        shutil.rmtree(path, ignore_errors=True)
