"""`generate -o big.txt` when it cannot finish (issue 29). Ctrl+C (was: no file and no word):
the puzzles finished are kept, whole, in a file written atomically, and stderr says how
many, or that nothing was written. A full disk (was: a traceback): said, exit 2."""

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cli import main
from core.sudoku import count, parse

ROOT = Path(__file__).resolve().parents[2]


def start(tmp_path: Path, *options: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "cli", "generate", "sudoku", *options,
                             "-o", str(tmp_path / "big.txt")], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def wait_for_temporary_file(tmp_path: Path, least_bytes: int) -> None:
    """The output's temporary file exists (generating has begun) and holds `least_bytes`."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        found = list(tmp_path.glob(".big.txt.*.tmp"))
        if found and found[0].stat().st_size >= least_bytes:
            return
        time.sleep(0.05)
    raise AssertionError("the generator wrote nothing in two minutes")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_keeps_the_finished_puzzles(tmp_path, jobs):
    process = start(tmp_path, "--size", "4", "--count", "1000000000", "--seed", "1",
                    "--jobs", jobs)
    wait_for_temporary_file(tmp_path, 1)  # its first buffer of puzzles was written
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130 and "Traceback" not in err, err
    said = re.search(r"interrupted: (\d+) finished puzzles written to .*big\.txt", err)
    assert said, err
    lines = (tmp_path / "big.txt").read_text().splitlines()
    assert len(lines) == int(said.group(1)) > 100
    assert all(count(parse(line)).unique for line in lines)  # each one whole
    assert os.listdir(tmp_path) == ["big.txt"]  # no temporary file left


def test_ctrl_c_before_the_first_puzzle_says_nothing_was_written(tmp_path):
    (tmp_path / "big.txt").write_text("the old file\n")
    process = start(tmp_path, "--size", "25", "--seed", "1", "--force")
    wait_for_temporary_file(tmp_path, 0)  # begun: a 25x25 takes tens of seconds
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130 and "Traceback" not in err, err
    assert "interrupted: nothing was written to" in err
    assert os.listdir(tmp_path) == ["big.txt"]
    assert (tmp_path / "big.txt").read_text() == "the old file\n"


def test_a_full_disk_is_said_and_nothing_is_left(tmp_path, capsys, monkeypatch):
    """The output's last bytes cannot reach the disk (ENOSPC as they are synced)."""
    import errno

    def no_space(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", no_space)
    out = tmp_path / "big.txt"
    assert main(["generate", "sudoku", "--size", "4", "--seed", "1", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"big.txt: cannot write: {os.strerror(errno.ENOSPC)}; nothing was written" in err
    assert "Traceback" not in err and os.listdir(tmp_path) == []


@pytest.mark.parametrize("write", ["open_atomic", "atomic_write", "write_outputs"])
def test_ctrl_c_the_moment_the_temporary_file_is_made_leaves_nothing(tmp_path, monkeypatch,
                                                                     write):
    """A KeyboardInterrupt landing just after the temporary file was created (under load the
    Ctrl+C test above met one inside tempfile.mkstemp, whose file then stayed)."""
    from core import files

    real_open = os.open

    def open_then_ctrl_c(path, flags, *args, **kwargs):
        fd = real_open(path, flags, *args, **kwargs)
        if str(path).endswith(".tmp"):
            os.close(fd)
            raise KeyboardInterrupt
        return fd

    (tmp_path / "big.txt").write_text("the old file\n")
    monkeypatch.setattr(os, "open", open_then_ctrl_c)
    target = str(tmp_path / "big.txt")
    with pytest.raises(KeyboardInterrupt):
        if write == "open_atomic":
            with files.open_atomic(target) as out:
                out.write("new\n")
        elif write == "atomic_write":
            files.atomic_write(target, "new\n")
        else:
            files.write_outputs({target: "new\n"})
    assert os.listdir(tmp_path) == ["big.txt"]
    assert (tmp_path / "big.txt").read_text() == "the old file\n"
