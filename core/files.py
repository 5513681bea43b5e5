"""Reading puzzle files safely and writing them atomically."""

from __future__ import annotations

import errno
import json
import os
import re
import secrets
import stat
import sys
from contextlib import contextmanager
from pathlib import Path

from core.errors import ParseError

MAX_FILE_CHARS = 5_000_000
MAX_JSON_DEPTH = 64  # JSON nested deeper than any puzzle file is refused before it is read


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
    bad = SURROGATE.search(text)  # standard input's undecodable bytes, escaped by Python
    if bad:
        line = text.count("\n", 0, bad.start()) + 1
        raise InputError(f"{path}: not UTF-8 text (line {line}, column "
                         f"{bad.start() - text.rfind(chr(10), 0, bad.start())})")
    return text


SURROGATE = re.compile("[\ud800-\udfff]")
# A \u escape of half a UTF-16 pair with no other half: JSON allows it, text cannot hold it
# (it cannot be printed or saved). An escaped backslash is matched first, so \\ud800 is text.
LONE_ESCAPE = re.compile(r"\\\\|\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})"
                         r"|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}")


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


def new_file_mode() -> int:
    """The mode a new file gets as open() would make it: 0666 less the umask (mkstemp's
    files are 0600 whatever the umask)."""
    return 0o666 & ~_umask()


class OutputError(Exception):
    """An output path that cannot or must not be written: what is wrong, with the path."""


def check_output(path: str, force: bool = False, inputs=()) -> None:
    """Refuse an output that would destroy something: an existing file without `force`, one
    of the input files, anything that is not a regular file (a folder, a FIFO, a device), or a
    folder that does not exist. `-` is standard output."""
    if path == "-":
        return
    if not path.strip():
        raise OutputError("the output file name is empty")
    target = Path(os.path.realpath(path))  # a symlink is written through to its target
    if target.exists():
        if not target.is_file():
            raise OutputError(f"{path}: not a regular file (a folder, a pipe or a device): "
                              "refusing to replace it")
        for source in inputs:
            if source != "-" and Path(source).exists() and target.samefile(source):
                raise OutputError(f"{path}: is an input file; write elsewhere")
        if not force:
            raise OutputError(f"{path}: exists; --force overwrites it")
    elif not target.parent.is_dir():
        raise OutputError(f"{path}: no folder {target.parent}")


def write_output(path: str, data: str | bytes) -> None:
    """Write an output: standard output for `-`, else atomically (through a symlink to its
    target). OutputError with the path when it cannot be written."""
    if path == "-":
        if isinstance(data, bytes):
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
        else:
            sys.stdout.write(data)
            sys.stdout.flush()
        return
    try:
        atomic_write(path, data)
    except OSError as error:
        raise OutputError(f"{path}: cannot write: {error.strerror or error}") from None


@contextmanager
def open_atomic(path: str):
    """A text file to write an output into, `-` standard output: the file appears at `path`
    (through a symlink, to its target) only when the block ends without an error."""
    if path == "-":
        yield sys.stdout
        return
    target = Path(os.path.realpath(path))
    made: list[Path] = []
    try:
        try:
            fd = _temporary(target, made)
        except OSError as error:
            raise OutputError(f"{path}: cannot write: {error.strerror or error}") from None
        tmp = made[0]
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, _mode_for(target))
        os.replace(tmp, target)
    except BaseException:
        for tmp in made:
            tmp.unlink(missing_ok=True)
        raise


def _temporary(target: Path, made: list[Path]) -> int:
    """A new private file beside `target`, open for writing; its name goes into `made` before
    the file exists, so a Ctrl+C at any moment leaves the caller the name to remove (one
    landing inside tempfile.mkstemp, after the file was made, lost it)."""
    for _ in range(100):
        made.append(target.parent / f".{target.name}.{secrets.token_hex(4)}.tmp")
        try:
            return os.open(made[-1], os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            made.pop()  # another's file: never ours to remove
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(target.parent))


def _mode_for(path: Path) -> int:
    """mkstemp makes the file private (0600): keep the old file's mode, else the usual one."""
    return stat.S_IMODE(path.stat().st_mode) if path.exists() else new_file_mode()


def atomic_write(path: str | Path, data: str | bytes) -> None:
    """Write to a temporary file beside `path`, then rename it over `path`: a crash leaves
    either the old file or the new one, never half of one. A symlink is written through (its
    target changes, the link stays); anything but a regular file is refused (OSError)."""
    target, tmp = _staged(path, data)
    try:
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _staged(path: str | Path, data: str | bytes) -> tuple[Path, str]:
    """The data written and synced to a temporary file beside `path` (through a symlink, to
    its target): (the target, the temporary file) for the caller to rename."""
    path = Path(os.path.realpath(path))
    if path.exists() and not path.is_file():
        raise IsADirectoryError(errno.EISDIR, "not a regular file", str(path))
    mode = "wb" if isinstance(data, bytes) else "w"
    made: list[Path] = []
    try:
        fd = _temporary(path, made)
        tmp = str(made[0])
        os.chmod(tmp, _mode_for(path))
        with os.fdopen(fd, mode, **({} if mode == "wb" else {"encoding": "utf-8"})) as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        for tmp in made:
            tmp.unlink(missing_ok=True)
        raise
    return path, tmp


def write_outputs(files: dict) -> None:
    """Several outputs (name: data) that belong together (a puzzle and its solution), all or
    none: each is written beside its place first, and only when every one is on the disk are
    they renamed into place. OutputError naming the one that could not be written."""
    if list(files) == ["-"]:
        write_output("-", files["-"])
        return
    staged: list[tuple[str, Path, str]] = []  # (name, target, temporary file)
    try:
        for name, data in files.items():
            try:
                staged.append((name, *_staged(name, data)))
            except OSError as error:
                raise OutputError(f"{name}: cannot write: {error.strerror or error}; nothing "
                                  "was written") from None
        for done, (name, target, tmp) in enumerate(staged):
            try:
                os.replace(tmp, target)
            except OSError as error:
                raise OutputError(f"{name}: cannot write: {error.strerror or error}; {done} of "
                                  f"the {len(staged)} files were written") from None
    finally:
        for _, _, tmp in staged:
            Path(tmp).unlink(missing_ok=True)  # those renamed into place are gone already


def read_json(text: str):
    """JSON text, parsed; ParseError with line and column when it is not JSON or is nested
    deeper than MAX_JSON_DEPTH (Python's reader would recurse past its limit)."""
    depth = 0
    in_string = escaped = False
    for at, ch in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                line = text.count("\n", 0, at) + 1
                raise ParseError(f"JSON nested more than {MAX_JSON_DEPTH} deep", line,
                                 at - text.rfind("\n", 0, at))
        elif ch in "]}":
            depth -= 1
    try:
        data = json.loads(text, parse_constant=lambda name: _refuse(text, name))
    except json.JSONDecodeError as error:
        raise ParseError(f"not JSON: {error.msg}", error.lineno, error.colno) from None
    except ParseError:
        raise
    except ValueError:  # Python refuses integers of more than 4,300 digits
        raise ParseError("a number with thousands of digits: no puzzle needs one", 1, 1) from None
    for match in LONE_ESCAPE.finditer(text):
        if match.group() != "\\\\":
            _refuse(text, match.group(), match.start())
    if SURROGATE.search(text):
        _refuse(text, "\\u" + f"{ord(SURROGATE.search(text).group()):x}")
    return data


def _refuse(text: str, found: str, at: int | None = None):
    """ParseError for what Python's JSON reader takes and no puzzle text can hold: NaN and
    Infinity (not JSON), and half a UTF-16 pair (it cannot be printed or saved)."""
    at = text.find(found) if at is None else at
    line, column = text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)
    if found.startswith("\\u"):
        raise ParseError(f"{found} is half a character (a lone UTF-16 surrogate): no text "
                         "can hold it", line, column)
    raise ParseError(f"{found} is not JSON (numbers are finite)", line, column)
