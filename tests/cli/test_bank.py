"""`puzzle-tui bank`: build, resume after a kill, the same puzzles from a Dask LocalCluster as
from local processes, info, export, sample, and clean errors that never touch a bad file.
6x6 Sudokus keep it quick: they are rated by our ladder and deduplicated by minlex too."""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from cli import main
from core.sudoku import count, parse

SMALL = ["--kind", "sudoku", "--size", "6"]


def build(path, *options) -> int:
    return main(["bank", "build", str(path), *SMALL, *options])


def stored(path) -> set[tuple[str, int]]:
    db = sqlite3.connect(path)
    try:
        return set(db.execute("SELECT canonical, seed FROM puzzles"))
    finally:
        db.close()


def test_build_info_export_and_sample(tmp_path, capsys):
    bank = tmp_path / "b.sqlite"
    assert build(bank, "--count", "8", "--seed", "1") == 0
    assert "holds 8 puzzles" in capsys.readouterr().err
    assert main(["bank", "info", str(bank), "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["puzzles"] == 8 and info["spec"]["values"]["size"] == 6
    assert info["tried"] == 8 + info["duplicates"] + info["missed"]
    assert sum(info["levels"].values()) == 8
    out = tmp_path / "book.txt"
    assert main(["bank", "export", str(bank), "--count", "5", "-o", str(out)]) == 0
    lines = out.read_text().splitlines()
    assert len(lines) == 5 and all(count(parse(line)).unique for line in lines)
    assert main(["bank", "sample", str(bank), "--count", "3", "--seed", "4", "--json"]) == 0
    first = capsys.readouterr().out
    assert main(["bank", "sample", str(bank), "--count", "3", "--seed", "4", "--json"]) == 0
    assert capsys.readouterr().out == first and len(first.splitlines()) == 3
    rows = [json.loads(line) for line in first.splitlines()]
    assert all(row["solution"] == "".join(str(v) for v in count(parse(row["puzzle"])).solution)
               for row in rows)
    level = rows[0]["level"]
    assert main(["bank", "export", str(bank), "--level", level, "--json"]) == 0
    exported = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert exported and all(row["level"] == level for row in exported)


def test_a_bank_grows_to_a_larger_count_and_refuses_other_options(tmp_path, capsys):
    bank = tmp_path / "b.sqlite"
    assert build(bank, "--count", "3", "--seed", "2") == 0
    assert main(["bank", "build", str(bank), "--count", "5"]) == 0  # the bank's own options
    assert len(stored(bank)) == 5
    capsys.readouterr()
    assert build(bank, "--count", "6", "--symmetry", "rot180") == 2
    assert "built otherwise: --symmetry 'rot180'" in capsys.readouterr().err
    assert main(["bank", "build", str(bank), "--count", "6", "--seed", "9"]) == 2
    assert len(stored(bank)) == 5


def test_resumes_after_a_kill_with_the_same_puzzles(tmp_path):
    killed, whole = tmp_path / "killed.sqlite", tmp_path / "whole.sqlite"
    process = subprocess.Popen(
        [sys.executable, "-m", "cli", "bank", "build", str(killed), *SMALL, "--count", "400",
         "--seed", "7", "--jobs", "2"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not killed.exists() or len(stored(killed)) < 5):
        time.sleep(0.2)
    os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=10)
    held = len(stored(killed))
    assert 5 <= held < 400
    assert main(["bank", "build", str(killed), "--count", str(held + 4)]) == 0
    assert build(whole, "--count", str(held + 4), "--seed", "7") == 0
    assert stored(killed) == stored(whole)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_says_what_was_kept_and_how_to_go_on(tmp_path, jobs):
    bank = tmp_path / "b.sqlite"
    process = subprocess.Popen(
        [sys.executable, "-m", "cli", "bank", "build", str(bank), *SMALL, "--count", "400",
         "--seed", "7", "--jobs", jobs], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        text=True, start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not bank.exists() or len(stored(bank)) < 3):
        time.sleep(0.2)
    os.killpg(process.pid, signal.SIGINT)  # as a terminal's Ctrl+C: the whole group
    _, err = process.communicate(timeout=30)
    assert process.returncode == 130
    held = len(stored(bank))
    assert 3 <= held < 400
    db = sqlite3.connect(bank)
    next_seed = int(db.execute("SELECT value FROM meta WHERE key = 'next_seed'").fetchone()[0])
    db.close()
    assert err.strip().splitlines()[-1] == (
        f"bank: interrupted: {bank} keeps the {held} puzzles stored (of 400); "
        f"`puzzle-tui bank build {bank} --count 400` goes on from seed {next_seed}")
    assert "Traceback" not in err


def test_a_dask_local_cluster_makes_the_same_puzzles_as_local_jobs(tmp_path):
    import distributed
    local, cluster_bank = tmp_path / "local.sqlite", tmp_path / "cluster.sqlite"
    assert build(local, "--count", "10", "--seed", "11", "--jobs", "2") == 0
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None, host="127.0.0.1") as cluster:
        assert build(cluster_bank, "--count", "10", "--seed", "11", "--scheduler",
                     cluster.scheduler_address) == 0
    assert stored(local) == stored(cluster_bank)


@pytest.mark.parametrize("content", [b"", b"not a database at all" * 50,
                                     b"SQLite format 3\x00" + bytes(range(256)) * 8])
def test_a_file_that_is_no_bank_is_refused_and_left_alone(tmp_path, capsys, content):
    path = tmp_path / "b.sqlite"
    path.write_bytes(content)
    for command in (["build", str(path), "--count", "3"], ["info", str(path)],
                    ["export", str(path)], ["sample", str(path)]):
        assert main(["bank", *command]) == 2
        err = capsys.readouterr().err
        assert "not a puzzle bank" in err and "Traceback" not in err
    assert path.read_bytes() == content


def test_another_sqlite_database_is_refused(tmp_path, capsys):
    path = tmp_path / "other.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE t (x)")
    before = path.read_bytes()
    assert main(["bank", "build", str(path), "--count", "2"]) == 2
    assert "not a puzzle bank" in capsys.readouterr().err
    assert path.read_bytes() == before


@pytest.mark.parametrize("options, message", [
    (["--count", "0"], "--count 0"),
    (["--count", "2", "--size", "7"], "--size '7'? one of 4, 6, 8, 9, 12, 16, 25"),
    (["--count", "2", "--jobs", "0"], "--jobs 0"),
    (["--count", "2", "--lang", "ja"], "--kind sudoku has no option --lang"),
    (["--count", "2", "--scheduler", "nosuch://127.0.0.1:1"], "--scheduler"),
])
def test_bad_build_options_are_clear_errors(tmp_path, capsys, options, message):
    path = tmp_path / "b.sqlite"
    assert main(["bank", "build", str(path), *options]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert not path.exists()


def test_unwritable_places_and_bad_filters_are_clear_errors(tmp_path, capsys):
    assert main(["bank", "build", str(tmp_path / "no" / "b.sqlite"), "--count", "2"]) == 2
    assert "no such folder" in capsys.readouterr().err
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        if os.access(locked, os.W_OK):
            print("running as root: a read-only folder is writable, that case is not tested")
        else:
            assert main(["bank", "build", str(locked / "b.sqlite"), "--count", "2"]) == 2
            assert "not writable" in capsys.readouterr().err
    finally:
        locked.chmod(0o700)
    bank = tmp_path / "b.sqlite"
    assert build(bank, "--count", "2", "--seed", "1") == 0
    capsys.readouterr()
    assert main(["bank", "export", str(bank), "--rating", "9-1"]) == 2
    assert "--rating 9-1" in capsys.readouterr().err
    assert main(["bank", "export", str(bank), "--level", "nosuch"]) == 2
    assert "no puzzle matches" in capsys.readouterr().err
    assert main(["bank", "info", str(tmp_path / "missing.sqlite")]) == 2
    assert "no such bank" in capsys.readouterr().err


def test_an_alphametic_bank_and_its_canonical_form(tmp_path, capsys):
    from core import kinds

    arith = kinds.by_name("arith")
    assert arith.canonical(arith.parse("MORE+SEND=MONEY")) == arith.canonical(
        arith.parse("SEND+MORE=MONEY"))
    assert arith.canonical(arith.parse("SEND+MORE=MONEY")) != arith.canonical(
        arith.parse("SEND+MOST=MONEY"))
    bank = tmp_path / "a.sqlite"
    assert main(["bank", "build", str(bank), "--kind", "alphametic", "--words", "3",
                 "--count", "2", "--seed", "1"]) == 0
    assert main(["bank", "export", str(bank), "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(rows) == 2 and all(arith.count(arith.parse(r["puzzle"])).unique for r in rows)
    assert all(r["level"] == arith.rate(arith.parse(r["puzzle"])).level for r in rows)


def test_a_bank_of_easy_calculations_stores_their_rating(tmp_path, capsys):
    from core import kinds

    arith = kinds.by_name("arith")
    bank = tmp_path / "m.sqlite"
    assert main(["bank", "build", str(bank), "--kind", "arith", "--op", "mul", "--digits",
                 "3x2", "--level", "easy", "--count", "2", "--seed", "1"]) == 0
    assert main(["bank", "export", str(bank), "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    for row in rows:
        rating = arith.rate(arith.parse(row["puzzle"]))
        assert row["level"] == rating.level == "easy"
        assert (row["rating"], row["hardest"]) == (rating.score, rating.hardest)
    assert main(["bank", "info", str(bank)]) == 0
    assert "(workbench arithmetic scale)" in capsys.readouterr().out


def test_a_task_that_fails_is_said_and_the_bank_keeps_its_puzzles(tmp_path, capsys,
                                                                   monkeypatch):
    import importlib

    tasks = importlib.import_module("core.bank.build")  # the module, not core.bank's build()
    bank = tmp_path / "b.sqlite"
    assert build(bank, "--count", "2", "--seed", "1") == 0

    def broken(spec, seed):
        raise RuntimeError("a bug")

    monkeypatch.setattr(tasks, "entry", broken)
    assert main(["bank", "build", str(bank), "--count", "4"]) == 1
    err = capsys.readouterr().err
    assert "seed 3: RuntimeError('a bug')" in err and "keeps 2 puzzles" in err
    assert len(stored(bank)) == 2


def test_a_numcro_bank_against_a_dictionary(tmp_path, capsys):
    folder = str(tmp_path / "en")
    assert main(["dict", "build", "cefr", "--lang", "en", "-o", folder]) == 0
    bank = tmp_path / "n.sqlite"
    assert main(["bank", "build", str(bank), "--kind", "numcro", "--lang", "en", "--size", "9",
                 "--dict", folder, "--count", "2", "--seed", "4"]) == 0
    assert main(["bank", "build", str(bank), "--count", "3"]) == 0  # resumes with its options
    capsys.readouterr()
    assert main(["bank", "export", str(bank), "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(rows) == 3 == len({row["puzzle"] for row in rows})
    puzzle = tmp_path / "one.txt"
    puzzle.write_text(rows[0]["puzzle"] + "\n")
    assert main(["check", str(puzzle), "--dict", folder, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["unique"]


def test_info_lists_the_levels_easiest_first_whatever_their_counts(tmp_path, capsys):
    bank = tmp_path / "b.sqlite"
    assert build(bank, "--count", "8", "--seed", "1") == 0
    # the counts made to fall as the levels rise would list them hardest first by count
    db = sqlite3.connect(bank)
    with db:
        ids = [row[0] for row in db.execute("SELECT id FROM puzzles ORDER BY id")]
        for level, chosen in (("master", ids[:4]), ("hard", ids[4:6]), ("easy", ids[6:7]),
                              (None, ids[7:])):
            db.executemany("UPDATE puzzles SET level = ? WHERE id = ?",
                           [(level, i) for i in chosen])
    db.close()
    capsys.readouterr()
    assert main(["bank", "info", str(bank)]) == 0
    listed = [line.strip() for line in capsys.readouterr().out.splitlines()[3:]]
    assert listed == ["easy: 1", "hard: 2", "master: 4", "-: 1"]
    assert main(["bank", "info", str(bank), "--json"]) == 0
    assert list(json.loads(capsys.readouterr().out)["levels"]) == ["easy", "hard", "master", "-"]
