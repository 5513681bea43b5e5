"""A bank on disk: one SQLite file, the embedded database Python ships, with a table `puzzles`
(one row a puzzle, unique by its canonical form) and a table `meta` (what the bank is built
from, and the next seed to try). Every result is written with the next seed in one
transaction, so a killed build loses only the puzzles in flight and resumes where it was."""

from __future__ import annotations

import json
import os
import sqlite3
import tempfile
from dataclasses import dataclass
from pathlib import Path

FORMAT = "puzzle-workbench bank 1"
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
    generator TEXT NOT NULL
);
CREATE INDEX puzzles_level ON puzzles (level);
CREATE INDEX puzzles_rating ON puzzles (rating);
"""
COLUMNS = ("puzzle", "solution", "canonical", "rating", "level", "hardest", "seed", "generator")


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


class Bank:
    """An open bank. `create` makes a new file (never over an existing one); `open` checks
    that a file is an undamaged bank first."""

    def __init__(self, path: str, connection: sqlite3.Connection):
        self.path, self.db = path, connection

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
        """Made under a temporary name and moved into place whole: a build killed while it
        makes the file leaves no half-made bank in the way of the next run."""
        cls.check_new(path)
        part = Path(tempfile.mkstemp(prefix=".bank-", dir=Path(path).parent)[1])
        try:
            db = sqlite3.connect(part)
            with db:
                db.executescript(SCHEMA)
                db.executemany("INSERT INTO meta VALUES (?, ?)", [
                    ("format", FORMAT), ("spec", json.dumps(spec, sort_keys=True)),
                    ("seed", str(seed)), ("next_seed", str(seed)), ("tried", "0"),
                    ("duplicates", "0"), ("missed", "0")])
            db.close()
            cls.check_new(path)
            os.replace(part, path)
        except (OSError, sqlite3.Error) as error:
            raise BankError(f"{path}: {error}") from None
        finally:
            part.unlink(missing_ok=True)
        return cls(path, _connect(path))

    @classmethod
    def open(cls, path: str, writable: bool = False) -> Bank:
        """Checked read-only first: a file that is not an undamaged bank is never written."""
        target = Path(path)
        if not target.is_file():
            raise BankError(f"{path}: no such bank" if not target.exists()
                            else f"{path}: not a file")
        if writable and not os.access(path, os.W_OK):
            raise BankError(f"{path}: not writable")
        uri = target.resolve().as_uri()
        db = _checked(path, uri + "?mode=ro")
        if not writable:
            return cls(path, db)
        db.close()
        try:
            return cls(path, _connect(uri + "?mode=rw", uri=True))
        except sqlite3.Error as error:
            raise BankError(f"{path}: {error}") from None

    def close(self) -> None:
        self.db.close()

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
        the puzzle was already in the bank (in some disguise) or the seed gave none."""
        stored = False
        with self.db:
            if isinstance(result, Entry):
                cursor = self.db.execute(
                    "INSERT OR IGNORE INTO puzzles (puzzle, solution, canonical, rating, level, "
                    "hardest, seed, generator) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    tuple(getattr(result, c) for c in COLUMNS))
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

    def rows(self, ids: list[int]) -> list[dict]:
        found = {}
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            marks = ",".join("?" * len(chunk))
            for row in self.db.execute(
                    f"SELECT id, {', '.join(COLUMNS)} FROM puzzles WHERE id IN ({marks})", chunk):
                found[row[0]] = dict(zip(COLUMNS, row[1:], strict=True))
        return [found[i] for i in ids]

    def summary(self) -> dict:
        """What `bank info` shows: the build, the counts, and the levels and ratings held."""
        levels = dict(self.db.execute(
            "SELECT coalesce(level, '-'), count(*) FROM puzzles GROUP BY level ORDER BY 2 DESC"))
        low, high = self.db.execute("SELECT min(rating), max(rating) FROM puzzles").fetchone()
        return {"path": self.path, "puzzles": self.size(), "spec": self.spec,
                "seed": int(self.meta("seed")), "next_seed": self.next_seed,
                "tried": int(self.meta("tried")), "duplicates": int(self.meta("duplicates")),
                "missed": int(self.meta("missed")), "levels": levels,
                "rating": [low, high] if low is not None else None}


def _checked(path: str, uri: str) -> sqlite3.Connection:
    """A read-only connection to a file that is an undamaged bank, else BankError."""
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
        raise BankError(f"{path}: not a puzzle bank, or damaged ({error})") from None
    if ok != "ok" or found.get("format") != FORMAT or columns != COLUMNS:
        db.close()
        raise BankError(f"{path}: not a puzzle bank, or damaged"
                        + (f" ({ok})" if ok != "ok" else ""))
    return db


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
