"""Start-up in a real terminal (tmux): from `puzzle-tui FILE` to the first paint of the grid,
and to the first status (the uniqueness check's answer on screen).

    python bench/bench_startup.py [--runs 7]

Each run starts a fresh app in a new tmux session (its own state folder) on the sample
Sudoku and polls the screen every few milliseconds."""

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

SAMPLE = ROOT / "puzzles" / "sudoku" / "hard_rot180.txt"


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], capture_output=True, text=True).stdout


def one_start(session: str, home: Path) -> tuple[float, float]:
    script = Path(sys.executable).with_name("puzzle-tui")
    started = time.monotonic()
    tmux("new-session", "-d", "-s", session, "-x", "110", "-y", "40",
         f"env PUZZLE_WORKBENCH_HOME={home} TERM=xterm-256color {script} {SAMPLE}")
    painted = None
    try:
        while time.monotonic() - started < 30:
            screen = tmux("capture-pane", "-p", "-t", session)
            if painted is None and "┌" in screen:
                painted = time.monotonic() - started
            if "✓ unique" in screen:
                return painted or 0.0, time.monotonic() - started
            time.sleep(0.003)
        raise TimeoutError("no status within 30 s")
    finally:
        tmux("kill-session", "-t", session)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    if shutil.which("tmux") is None:
        sys.exit("tmux is not installed")
    paints, statuses = [], []
    with tempfile.TemporaryDirectory() as home:
        for i in range(args.runs):
            paint, status = one_start(f"startup-{os.getpid()}-{i}", Path(home) / str(i))
            paints.append(paint)
            statuses.append(status)
            time.sleep(0.3)
    print(f"{'':22} {'median':>8} {'min':>8} {'max':>8}")
    for name, values in (("first paint", paints), ("first status", statuses)):
        print(f"{name:22} {statistics.median(values):7.2f}s {min(values):7.2f}s "
              f"{max(values):7.2f}s")


if __name__ == "__main__":
    main()
