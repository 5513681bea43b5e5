"""Banks under stress (issue 29): two builds at once, a full disk, a read-only mount, a byte
changed inside a stored puzzle, and an export that finds fewer puzzles than asked."""

import errno
import json
import os
import sqlite3
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cli import main
from core.sudoku import count, parse

ROOT = Path(__file__).resolve().parents[2]
SMALL = ["--kind", "sudoku", "--size", "6"]


def build(path, *options) -> int:
    return main(["bank", "build", str(path), *SMALL, *options])


def start_build(path, *options) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "cli", "bank", "build", str(path), *SMALL,
                             *options], cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)


def query(path, sql: str) -> list[tuple]:
    db = sqlite3.connect(path)
    try:
        return db.execute(sql).fetchall()
    finally:
        db.close()


def stored_once(path) -> bool:
    """Every seed tried once: a row a seed, and the counts agree with the seeds."""
    rows, seeds = query(path, "SELECT count(*), count(DISTINCT seed) FROM puzzles")[0]
    meta = dict(query(path, "SELECT key, value FROM meta"))
    tried = int(meta["next_seed"]) - int(meta["seed"])
    return rows == seeds and int(meta["tried"]) == tried == (
        rows + int(meta["duplicates"]) + int(meta["missed"]))


def wait_until(condition, what: str) -> None:
    deadline = time.monotonic() + 120
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"not in two minutes: {what}")
        time.sleep(0.05)


# --- two builds at once --------------------------------------------------------------------

def test_a_second_build_on_a_bank_being_built_is_refused(tmp_path):
    """Two builds on one bank stored every puzzle twice (600 rows, 301 duplicates)."""
    bank = tmp_path / "b.sqlite"
    assert build(bank, "--count", "2", "--seed", "1") == 0
    first = start_build(bank, "--count", "100000")
    try:
        wait_until(lambda: query(bank, "SELECT count(*) FROM puzzles")[0][0] > 5,
                   "the first build stores puzzles")
        second = subprocess.run([sys.executable, "-m", "cli", "bank", "build", str(bank),
                                 "--count", "100000"], cwd=ROOT, capture_output=True,
                                text=True, timeout=120)
        assert second.returncode == 2, second.stderr
        assert "another build is writing here" in second.stderr
    finally:
        first.kill()
        first.wait(timeout=30)
    assert stored_once(bank)


def test_two_builds_making_one_new_bank_at_once(tmp_path):
    bank = tmp_path / "b.sqlite"
    builds = [start_build(bank, "--count", "100000", "--seed", "3") for _ in range(2)]
    try:
        wait_until(lambda: any(b.poll() is not None for b in builds), "one build refused")
        refused = next(b for b in builds if b.poll() is not None)
        err = refused.communicate(timeout=30)[1]
        assert refused.returncode == 2, err
        assert ("another build is writing here" in err or "another build made it meanwhile"
                in err), err
        wait_until(lambda: query(bank, "SELECT count(*) FROM puzzles")[0][0] > 5,
                   "the other build stores puzzles")
    finally:
        for b in builds:
            b.kill()
            b.wait(timeout=30)
    assert stored_once(bank)
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(("-wal", "-shm"))
                  ) == ["b.sqlite"]


# --- a full disk ---------------------------------------------------------------------------

def test_a_full_disk_is_said_and_the_bank_keeps_its_puzzles(tmp_path, capsys, monkeypatch):
    """`database or disk is full` at the fourth puzzle: exit 2, the three before kept, and
    the same build goes on later to the same bank as one never stopped."""
    from core.bank import store

    bank, whole = tmp_path / "b.sqlite", tmp_path / "whole.sqlite"
    real, calls = store.Bank._record, []

    def disk_fills(self, result):
        calls.append(result.seed)
        if len(calls) >= 4:
            raise sqlite3.OperationalError("database or disk is full")
        return real(self, result)

    monkeypatch.setattr(store.Bank, "_record", disk_fills)
    assert build(bank, "--count", "8", "--seed", "5") == 2
    err = capsys.readouterr().err
    assert "seed 8 could not be stored (database or disk is full)" in err
    assert "keeps its 3 puzzles" in err and "Traceback" not in err
    monkeypatch.undo()
    assert stored_once(bank) and query(bank, "SELECT count(*) FROM puzzles") == [(3,)]
    assert main(["bank", "build", str(bank), "--count", "8"]) == 0
    assert build(whole, "--count", "8", "--seed", "5") == 0
    sql = "SELECT canonical, seed FROM puzzles ORDER BY seed"
    assert query(bank, sql) == query(whole, sql)


def test_no_space_for_a_new_bank_is_said(tmp_path, capsys, monkeypatch):
    from core.bank import store

    def no_space(*_, **__):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(store.tempfile, "mkstemp", no_space)
    assert build(tmp_path / "b.sqlite", "--count", "2", "--seed", "1") == 2
    err = capsys.readouterr().err
    assert f"b.sqlite: {os.strerror(errno.ENOSPC)}" in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


# --- a read-only mount ---------------------------------------------------------------------

def as_reader_who_cannot_write(args: list[str], folder: Path) -> subprocess.CompletedProcess:
    """A bank command run where `folder` cannot be written: its mode is enough for a user;
    root writes anywhere, so its child gives up that power (CAP_DAC_OVERRIDE) first."""
    folder.chmod(0o555)
    return subprocess.run([sys.executable, "-m", "cli", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120,
                          preexec_fn=without_root_powers if os.geteuid() == 0 else None)


def without_root_powers() -> None:
    """Drop the capabilities that let root ignore file modes (for the program exec'd next)."""
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (1, 2):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH
        if libc.prctl(24, capability, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


def test_a_healthy_bank_in_a_read_only_folder_is_read(tmp_path, capsys):
    """WAL needs its shared-memory file beside the bank: SQLite could not make it, and a
    healthy bank was called damaged."""
    folder = tmp_path / "ro"
    folder.mkdir()
    bank = folder / "b.sqlite"
    assert build(bank, "--count", "4", "--seed", "1") == 0
    puzzles = [row[0] for row in query(bank, "SELECT puzzle FROM puzzles ORDER BY id")]
    bank.chmod(0o444)
    assert sorted(p.name for p in folder.iterdir()) == ["b.sqlite"]  # no WAL files to use
    info = as_reader_who_cannot_write(["bank", "info", str(bank), "--json"], folder)
    assert info.returncode == 0, info.stderr
    assert json.loads(info.stdout)["puzzles"] == 4
    export = as_reader_who_cannot_write(["bank", "export", str(bank), "--json"], folder)
    assert export.returncode == 0, export.stderr
    assert [json.loads(line)["puzzle"] for line in export.stdout.splitlines()] == puzzles
    sample = as_reader_who_cannot_write(["bank", "sample", str(bank), "--seed", "2"], folder)
    assert sample.returncode == 0 and count(parse(sample.stdout)).unique, sample.stderr
    build_there = as_reader_who_cannot_write(["bank", "build", str(bank), "--count", "5"],
                                             folder)
    assert build_there.returncode == 2 and "not writable" in build_there.stderr
    assert sorted(p.name for p in folder.iterdir()) == ["b.sqlite"]
    folder.chmod(0o755)


# --- a changed byte inside a stored puzzle -------------------------------------------------

def changed_byte(bank: Path, puzzle: str) -> str:
    """The bank file with one given of `puzzle` blanked in place (SQLite's own check still
    passes); the puzzle as it now reads."""
    damaged = puzzle.replace(next(ch for ch in puzzle if ch != "."), ".", 1)
    raw = bank.read_bytes()
    assert raw.count(puzzle.encode()) == 1
    bank.write_bytes(raw.replace(puzzle.encode(), damaged.encode()))
    assert query(bank, "PRAGMA quick_check") == [("ok",)]
    return damaged


def test_a_damaged_row_is_named_and_never_exported(tmp_path, capsys):
    bank = tmp_path / "b.sqlite"
    assert build(bank, "--count", "6", "--seed", "1") == 0
    rows = query(bank, "SELECT id, puzzle, seed FROM puzzles ORDER BY id")
    row_id, puzzle, seed = rows[2]
    damaged = changed_byte(bank, puzzle)
    assert not count(parse(damaged)).unique  # what export gave before
    capsys.readouterr()
    out = tmp_path / "book.txt"
    assert main(["bank", "export", str(bank), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"puzzle {row_id} (seed {seed}) is damaged" in err and "left out" in err
    assert out.read_text().splitlines() == [r[1] for r in rows if r[0] != row_id]
    for action in (["sample", "--count", "6", "--seed", "1"], ["export", "--json"]):
        assert main(["bank", action[0], str(bank), *action[1:]]) == 2
        said = capsys.readouterr()
        assert f"puzzle {row_id} (seed {seed}) is damaged" in said.err
        assert damaged not in said.out and len(said.out.splitlines()) == 5


def test_a_bank_from_before_checksums_is_read_and_upgraded(tmp_path, capsys):
    bank = tmp_path / "b.sqlite"
    assert build(bank, "--count", "3", "--seed", "1") == 0
    db = sqlite3.connect(bank)
    with db:  # as the version before checksums made it
        db.execute("ALTER TABLE puzzles DROP COLUMN checksum")
        db.execute("UPDATE meta SET value = 'puzzle-workbench bank 1' WHERE key = 'format'")
    db.close()
    capsys.readouterr()
    assert main(["bank", "export", str(bank)]) == 0
    said = capsys.readouterr()
    assert len(said.out.splitlines()) == 3 and "3 of these puzzles were stored before" in said.err
    assert main(["bank", "build", str(bank), "--count", "5"]) == 0  # upgraded as it goes on
    assert query(bank, "SELECT count(checksum) FROM puzzles") == [(2,)]
    capsys.readouterr()
    assert main(["bank", "export", str(bank)]) == 0
    assert "3 of these puzzles were stored before" in capsys.readouterr().err


# --- fewer than asked ----------------------------------------------------------------------

def test_fewer_puzzles_than_asked_are_said_with_exit_1(tmp_path, capsys):
    bank = tmp_path / "b.sqlite"
    assert build(bank, "--count", "4", "--seed", "1") == 0
    capsys.readouterr()
    for action in ("export", "sample"):
        assert main(["bank", action, str(bank), "--count", "100"]) == 1
        said = capsys.readouterr()
        assert len(said.out.splitlines()) == 4
        assert "only 4 puzzles match, not the 100 asked" in said.err
    assert main(["bank", "export", str(bank), "--count", "4"]) == 0


# --- file modes -----------------------------------------------------------------------------

@pytest.mark.parametrize("umask", [0o022, 0o002, 0o077])
def test_a_new_bank_follows_the_umask_as_other_files_do(tmp_path, umask):
    """Issue 39: banks were 0600 whatever the umask (the temporary file's mode)."""
    old = os.umask(umask)
    try:
        assert build(tmp_path / "b.db", "--count", "1") == 0
        assert main(["export", str(ROOT / "puzzles" / "sudoku" / "six_by_six.txt"), "--to",
                     "text", "-o", str(tmp_path / "p.txt")]) == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "b.db").stat().st_mode) == 0o666 & ~umask
    assert stat.S_IMODE((tmp_path / "p.txt").stat().st_mode) == 0o666 & ~umask
