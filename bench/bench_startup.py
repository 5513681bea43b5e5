"""Start-up in a real terminal (tmux): from `puzzle-tui FILE` to the first paint of the grid,
and to the first status (the uniqueness check's answer on screen).

    python bench/bench_startup.py [--runs 7] [--rev REV]

Each run starts a fresh app in a new tmux session (its own state folder) on the sample
Sudoku and polls the screen every few milliseconds. With --rev, the app at a git revision
(A, from `git archive`) and the working tree (B) start in turns, A B then B A, and each
pair's ratio B/A is kept: the machine's swings of speed cancel."""

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

from common import ROOT, app_command, source_at

SAMPLE = ROOT / "puzzles" / "sudoku" / "hard_rot180.txt"


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], capture_output=True, text=True).stdout


def one_start(session: str, home: Path, folder: Path | None = None) -> tuple[float, float]:
    """(first paint, first status) in seconds; `folder`: run the app from that source tree
    (python -m cli), else the installed `puzzle-tui`."""
    app = app_command(SAMPLE, folder)
    started = time.monotonic()
    tmux("new-session", "-d", "-s", session, "-x", "110", "-y", "40", "-c", str(folder or ROOT),
         f"env PUZZLE_WORKBENCH_HOME={home} TERM=xterm-256color {app}")
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


def paired(runs: int, rev: str) -> None:
    """The revision (A) and the working tree (B), started in turns."""
    with tempfile.TemporaryDirectory() as temp:
        base = source_at(rev, Path(temp) / "a")
        times: dict[str, list[tuple[float, float]]] = {"A": [], "B": []}
        for i in range(runs):
            order = (("A", base), ("B", ROOT)) if i % 2 == 0 else (("B", ROOT), ("A", base))
            for name, folder in order:
                home = Path(temp) / f"{name}{i}"
                times[name].append(one_start(f"startup-{os.getpid()}-{name}{i}", home, folder))
                time.sleep(0.3)
    print(f"{rev} (A) against the working tree (B), {runs} pairs")
    print(f"{'':22} {'A median':>9} {'B median':>9} {'B/A median':>11}")
    for at, name in ((0, "first paint"), (1, "first status")):
        a = [t[at] for t in times["A"]]
        b = [t[at] for t in times["B"]]
        ratio = statistics.median(y / x for x, y in zip(a, b, strict=True))
        print(f"{name:22} {statistics.median(a):8.2f}s {statistics.median(b):8.2f}s "
              f"{ratio:11.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--rev", help="also start the app at this git revision, in turns")
    args = parser.parse_args()
    if shutil.which("tmux") is None:
        sys.exit("tmux is not installed")
    if args.rev:
        paired(args.runs, args.rev)
        return
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
