"""Key-to-screen latency of the app in a real terminal (tmux), with and without a hard check
running in the process pool.

    python bench/bench_latency.py [--keys 20]

It types the solution's digit into the empty first cell and clears it again (the puzzle stays
unique, so every edit starts a check and then a rating), and times each key from tmux send-keys
until capture-pane shows the change. "Idle": an easy puzzle, checked and rated in a few ms.
"Hard check running": the top1465 puzzle whose rating takes longest among the first 200 with
an empty first cell (about 1 s of forcing chains), so a worker is busy when the next key comes.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import ROOT

from core.sudoku import parse, solve

HARD = "010030060800000000000000000063090000700800400000010500090000010200700000000500700"

SESSION = f"latency-{os.getpid()}"


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], capture_output=True, text=True, check=True).stdout


def first_row(screen: str) -> str:
    """The grid's first row: the line under its top border."""
    lines = screen.splitlines()
    top = next(i for i, line in enumerate(lines) if "┌" in line)
    return lines[top + 1]


def wait_for(condition, timeout: float = 30.0) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        screen = tmux("capture-pane", "-p", "-t", SESSION)
        if condition(screen):
            return screen
        time.sleep(0.001)
    raise TimeoutError("the screen did not change")


def measure(puzzle_text: str, keys: int, settle: float) -> list[float]:
    digit = str(solve(parse(puzzle_text))[0])
    folder = tempfile.mkdtemp()
    path = Path(folder) / "p.txt"
    path.write_text(puzzle_text)
    app = Path(sys.executable).with_name("puzzle-tui")
    env = f"PUZZLE_WORKBENCH_HOME={folder}/home TERM=xterm-256color"
    tmux("new-session", "-d", "-s", SESSION, "-x", "110", "-y", "40", f"env {env} {app} {path}")
    try:
        wait_for(lambda s: "unique" in s)
        times = []
        for i in range(keys):
            before = first_row(tmux("capture-pane", "-p", "-t", SESSION))
            key = "Delete" if i % 2 else digit
            start = time.perf_counter()
            tmux("send-keys", "-t", SESSION, key)
            wait_for(lambda s, before=before: first_row(s) != before)
            times.append(time.perf_counter() - start)
            time.sleep(settle)  # let the check (and a rating) start after the edit
        return times
    finally:
        subprocess.run(["tmux", "kill-session", "-t", SESSION], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=20)
    args = parser.parse_args()
    if shutil.which("tmux") is None:
        print("tmux is not installed: no latency figures")
        return
    easy = (ROOT / "puzzles" / "sudoku" / "easy_rot180.txt").read_text()
    for name, text in (("idle (easy puzzle)", easy), ("hard check running", HARD + "\n")):
        times = measure(text, args.keys, settle=0.3)
        print(f"{name:22} key-to-screen median {statistics.median(times) * 1000:6.1f} ms, "
              f"max {max(times) * 1000:6.1f} ms over {len(times)} keys", flush=True)


if __name__ == "__main__":
    main()
