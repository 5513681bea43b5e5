"""A bank on disk: one SQLite file, the embedded database Python ships, with a table `puzzles`
(one row a puzzle, unique by its canonical form) and a table `meta` (what the bank is built
from, and the next seed to try). Every result is written with the next seed in one
transaction, so a killed build loses only the puzzles in flight and resumes where it was.

Each row carries a checksum of its own columns, written with it and checked when it is read
for export: SQLite's own check sees a damaged page, not a changed byte inside a puzzle. One
build writes a bank at a time (a lock on the file, held while it is open for writing)."""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import sqlite3
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from core.family import level_rank
from core.files import new_file_mode

FORMAT = "puzzle-workbench bank 2"  # 2: every row has its checksum
UNCHECKED_FORMAT = "puzzle-workbench bank 1"  # rows without one: read, and upgraded by a build
SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE puzzles (
    id INTEGER PRIMARY KEY,
    puzzle TEXT NOT NULL,
    solution TEXT NOT NULL,
    canonical TEXT NOT NULL UNIQUE,
    rating REAL,
    level TEXT,
    hardest TEXT,
    seed INTEGER NOT NULL,
    generator TEXT NOT NULL,
    checksum BLOB
);
CREATE INDEX puzzles_level ON puzzles (level);
CREATE INDEX puzzles_rating ON puzzles (rating);
"""
COLUMNS = ("puzzle", "solution", "canonical", "rating", "level", "hardest", "seed", "generator")
CHECKSUM = "checksum"  # 16 bytes of the SHA-256 of a row's COLUMNS (NULL: stored by format 1)
# SQLite's primary result codes for "cannot open" and "read-only"
SQLITE_CANTOPEN, SQLITE_READONLY = 14, 8


def checksum(values) -> bytes:
    """A row's checksum: its columns as JSON, hashed (damage, not forgery, is the concern)."""
    return hashlib.sha256(json.dumps(list(values), ensure_ascii=False).encode()).digest()[:16]


class BankError(Exception):
    """A bank file that cannot be used: missing, not a bank, damaged, or built otherwise."""


@dataclass(frozen=True)
class Entry:
    """One generated, rated puzzle, as the bank stores it (plain data: it crosses processes
    and machines)."""

    puzzle: str
    solution: str
    canonical: str
    rating: float | None
    level: str | None
    hardest: str | None
    seed: int
    generator: str


@dataclass(frozen=True)
class Missed:
    """A seed that gave no puzzle (the generator's attempts or budget ran out)."""

    seed: int
    error: str


@dataclass
class Rows:
    """Rows read for export: the whole ones in the order asked, and the ids and seeds of
    those whose checksum does not match (damaged: never exported)."""

    whole: list[dict] = field(default_factory=list)
    damaged: list[tuple[int, object]] = field(default_factory=list)
    unchecked: int = 0  # stored before rows had checksums: given as they are


class Bank:
    """An open bank. `create` makes a new file (never over an existing one); `open` checks
    that a file is an undamaged bank first. A bank open for writing holds `lock`."""

    def __init__(self, path: str, connection: sqlite3.Connection, lock: int | None = None):
        self.path, self.db, self.lock = path, connection, lock

    @staticmethod
    def check_new(path: str) -> None:
        """BankError unless a new bank can be made at `path` (never over a file)."""
        target = Path(path)
        if target.exists() or target.is_symlink():
            raise BankError(f"{path}: exists")
        if not target.parent.is_dir():
            raise BankError(f"{path}: no such folder {str(target.parent)!r}")
        if not os.access(target.parent, os.W_OK):
            raise BankError(f"{path}: the folder is not writable")

    @classmethod
    def create(cls, path: str, spec: dict, seed: int) -> Bank:
        """Made under a temporary name, locked, and linked into place whole: a build killed
        while it makes the file leaves no half-made bank in the way of the next run, and
        another build that makes it at the same time finds it there, locked."""
        cls.check_new(path)
        try:
            fd, name = tempfile.mkstemp(prefix=".bank-", dir=Path(path).parent)
        except OSError as error:
            raise BankError(f"{path}: {_plainly(error)}") from None
        part = Path(name)
        try:
            os.fchmod(fd, new_file_mode())  # as other files: the umask, not mkstemp's 0600
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # a new file: no one else holds it
            db = sqlite3.connect(part)
            with db:
                db.executescript(SCHEMA)
                db.executemany("INSERT INTO meta VALUES (?, ?)", [
                    ("format", FORMAT), ("spec", json.dumps(spec, sort_keys=True)),
                    ("seed", str(seed)), ("next_seed", str(seed)), ("tried", "0"),
                    ("duplicates", "0"), ("missed", "0")])
            db.close()
            _link(part, path)
            return cls(path, _connect(path), fd)
        except (OSError, sqlite3.Error) as error:
            os.close(fd)
            if isinstance(error, FileExistsError):
                raise BankError(f"{path}: another build made it meanwhile; try again when "
                                f"it has finished") from None
            raise BankError(f"{path}: {_plainly(error)}") from None
        finally:
            part.unlink(missing_ok=True)

    @classmethod
    def open(cls, path: str, writable: bool = False) -> Bank:
        """Checked read-only first: a file that is not an undamaged bank is never written.
        Writable: locked against another build first (BankError if one holds it)."""
        target = Path(path)
        if not target.is_file():
            raise BankError(f"{path}: no such bank" if not target.exists()
                            else f"{path}: not a file")
        if not os.access(path, os.R_OK):
            raise BankError(f"{path}: not readable")
        uri = target.resolve().as_uri()
        if not writable:
            return cls(path, _read_only(path, uri))
        if not os.access(path, os.W_OK):
            raise BankError(f"{path}: not writable")
        lock = _lock(path)
        try:
            _checked(path, uri + "?mode=ro").close()
            db = _connect(uri + "?mode=rw", uri=True)
            _add_checksums(db)
        except BaseException as error:
            os.close(lock)
            if isinstance(error, sqlite3.Error):
                raise BankError(f"{path}: {_plainly(error)}") from None
            raise
        return cls(path, db, lock)

    def close(self) -> None:
        self.db.close()
        if self.lock is not None:
            os.close(self.lock)  # after SQLite's own handle: closing a file drops its locks
            self.lock = None

    def meta(self, key: str) -> str:
        return self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()[0]

    @property
    def spec(self) -> dict:
        return json.loads(self.meta("spec"))

    @property
    def next_seed(self) -> int:
        return int(self.meta("next_seed"))

    def size(self) -> int:
        return self.db.execute("SELECT count(*) FROM puzzles").fetchone()[0]

    def record(self, result: Entry | Missed) -> bool:
        """Store a seed's result and move the next seed on, in one transaction; False when
        the puzzle was already in the bank (in some disguise) or the seed gave none.
        BankError when it cannot be written (a full disk): the bank keeps what it held."""
        try:
            return self._record(result)
        except sqlite3.Error as error:
            raise BankError(f"{self.path}: seed {result.seed} could not be stored "
                            f"({_plainly(error)}); the bank keeps its {self.size()} puzzles, "
                            "and the same build run again goes on from there") from None

    def _record(self, result: Entry | Missed) -> bool:
        stored = False
        with self.db:
            if isinstance(result, Entry):
                values = tuple(getattr(result, c) for c in COLUMNS)
                cursor = self.db.execute(
                    f"INSERT OR IGNORE INTO puzzles ({', '.join(COLUMNS)}, {CHECKSUM}) "
                    f"VALUES ({', '.join('?' * (len(COLUMNS) + 1))})",
                    (*values, checksum(values)))
                stored = cursor.rowcount == 1
                if not stored:
                    self._add("duplicates", 1)
            else:
                self._add("missed", 1)
            self._add("tried", 1)
            self.db.execute("UPDATE meta SET value = ? WHERE key = 'next_seed'",
                            (str(result.seed + 1),))
        return stored

    def _add(self, key: str, amount: int) -> None:
        self.db.execute("UPDATE meta SET value = CAST(value AS INTEGER) + ? WHERE key = ?",
                        (amount, key))

    def select(self, level: str | None = None, rating: tuple[float, float] | None = None
               ) -> list[int]:
        """The ids of the puzzles of a level and a rating range, in the order stored."""
        where, args = _where(level, rating)
        return [row[0] for row in self.db.execute(f"SELECT id FROM puzzles{where} ORDER BY id",
                                                  args)]

    def rows(self, ids: list[int]) -> Rows:
        """The rows of `ids`, each checked against its checksum."""
        found = {}
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            marks = ",".join("?" * len(chunk))
            for row in self.db.execute(f"SELECT id, {', '.join(COLUMNS)}, {self._checksum} "
                                       f"FROM puzzles WHERE id IN ({marks})", chunk):
                found[row[0]] = row[1:]
        rows = Rows()
        for i in ids:
            *values, stored = found[i]
            if stored is None:
                rows.unchecked += 1
            elif stored != checksum(values):
                rows.damaged.append((i, values[COLUMNS.index("seed")]))
                continue
            rows.whole.append(dict(zip(COLUMNS, values, strict=True)))
        return rows

    @property
    def _checksum(self) -> str:
        """The checksum column, or NULL in a bank from before it (read-only, not upgraded)."""
        return CHECKSUM if self.meta("format") == FORMAT else "NULL"

    def summary(self) -> dict:
        """What `bank info` shows: the build, the counts, and the levels and ratings held."""
        counts = self.db.execute(
            "SELECT coalesce(level, '-'), count(*) FROM puzzles GROUP BY level").fetchall()
        levels = dict(sorted(counts, key=lambda row: (level_rank(row[0]), row[0])))
        low, high = self.db.execute("SELECT min(rating), max(rating) FROM puzzles").fetchone()
        return {"path": self.path, "puzzles": self.size(), "spec": self.spec,
                "seed": int(self.meta("seed")), "next_seed": self.next_seed,
                "tried": int(self.meta("tried")), "duplicates": int(self.meta("duplicates")),
                "missed": int(self.meta("missed")), "levels": levels,
                "rating": [low, high] if low is not None else None}


class _CannotOpen(Exception):
    """SQLite could not open the file read-only as it is (see _read_only)."""


def _read_only(path: str, uri: str) -> sqlite3.Connection:
    """A read-only connection. In a folder no one may write (a read-only mount), SQLite
    cannot make a WAL bank's shared-memory file, and nothing can change the bank there
    either: it is read as immutable (a healthy bank was called damaged)."""
    try:
        return _checked(path, uri + "?mode=ro", cannot_open=_CannotOpen)
    except _CannotOpen:
        return _checked(path, uri + "?mode=ro&immutable=1")


def _checked(path: str, uri: str, cannot_open: type[Exception] | None = None
             ) -> sqlite3.Connection:
    """A read-only connection to a file that is an undamaged bank, else BankError (or
    `cannot_open`, when SQLite could not open it read-only)."""
    db = None
    try:
        db = sqlite3.connect(uri, uri=True, timeout=10)
        ok = db.execute("PRAGMA quick_check").fetchone()[0]
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
        found = dict(db.execute("SELECT key, value FROM meta")) if "meta" in tables else {}
        columns = tuple(row[1] for row in db.execute("PRAGMA table_info(puzzles)"))[1:]
    except sqlite3.Error as error:
        if db is not None:
            db.close()
        if cannot_open and error.sqlite_errorcode & 0xFF in (SQLITE_CANTOPEN, SQLITE_READONLY):
            raise cannot_open from None
        raise BankError(f"{path}: not a puzzle bank, or damaged ({error})") from None
    expected = {FORMAT: COLUMNS + (CHECKSUM,), UNCHECKED_FORMAT: COLUMNS}
    if ok != "ok" or expected.get(found.get("format")) != columns:
        db.close()
        raise BankError(f"{path}: not a puzzle bank, or damaged"
                        + (f" ({ok})" if ok != "ok" else ""))
    return db


def _lock(path: str) -> int:
    """An exclusive lock on the bank file for one build (flock: SQLite's own locks are
    POSIX locks, which do not meet it), held until the bank is closed."""
    fd = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise BankError(f"{path}: another build is writing here; try again when it has "
                        f"finished") from None
    return fd


def _link(part: Path, path: str) -> None:
    """`part` in place at `path`, never over a file there (FileExistsError); where the
    file system has no hard links, renamed over it, as checked just before."""
    try:
        os.link(part, path)
    except FileExistsError:
        raise
    except OSError:
        Bank.check_new(path)
        os.replace(part, path)


def _add_checksums(db: sqlite3.Connection) -> None:
    """A bank from before checksums gets the column; its old rows keep none (unchecked)."""
    if db.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()[0] == FORMAT:
        return
    with db:
        db.execute(f"ALTER TABLE puzzles ADD COLUMN {CHECKSUM} BLOB")
        db.execute("UPDATE meta SET value = ? WHERE key = 'format'", (FORMAT,))


def _plainly(error: Exception) -> str:
    """An OSError or SQLite error in words (errno's text, not its repr)."""
    return error.strerror if isinstance(error, OSError) and error.strerror else str(error)


def _connect(target: str, uri: bool = False) -> sqlite3.Connection:
    db = sqlite3.connect(target, uri=uri, timeout=10, isolation_level=None)
    db.isolation_level = ""  # transactions by `with db:`
    if not uri or "mode=rw" in target:
        # a killed process loses nothing committed; commits need no fsync each
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
    return db


def _where(level: str | None, rating: tuple[float, float] | None) -> tuple[str, list]:
    parts, args = [], []
    if level is not None:
        parts.append("level = ?")
        args.append(level)
    if rating is not None:
        parts.append("rating BETWEEN ? AND ?")
        args += list(rating)
    return (" WHERE " + " AND ".join(parts) if parts else ""), args
