"""Reading puzzle files safely and writing them atomically."""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from pathlib import Path

MAX_FILE_CHARS = 5_000_000


class InputError(Exception):
    """A file that cannot be read as puzzle text (missing, not UTF-8, too large)."""


def read_text(path: str) -> str:
    """The text of a puzzle file, or of standard input for '-', capped in size."""
    try:
        if path == "-":
            text = sys.stdin.read(MAX_FILE_CHARS + 1)
        else:
            with open(path, encoding="utf-8-sig") as f:
                text = f.read(MAX_FILE_CHARS + 1)
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a directory") from None
    except UnicodeDecodeError as error:
        raise InputError(f"{path}: not UTF-8 text (byte {error.start})") from None
    except OSError as error:
        raise InputError(f"{path}: {error.strerror}") from None
    if len(text) > MAX_FILE_CHARS:
        raise InputError(f"{path}: larger than {MAX_FILE_CHARS} characters")
    return text


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


def atomic_write(path: str | Path, data: str | bytes) -> None:
    """Write to a temporary file beside `path`, then rename it over `path`: a crash leaves
    either the old file or the new one, never half of one."""
    path = Path(path)
    mode = "wb" if isinstance(data, bytes) else "w"
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
    try:
        # mkstemp makes the file private (0600): keep the old file's mode, else the usual one
        os.chmod(tmp, stat.S_IMODE(path.stat().st_mode) if path.exists() else 0o666 & ~_umask())
        with os.fdopen(fd, mode, **({} if mode == "wb" else {"encoding": "utf-8"})) as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
