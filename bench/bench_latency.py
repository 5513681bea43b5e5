"""Key-to-screen latency of the app in a real terminal (tmux), with and without a hard check
running in the process pool.

    python bench/bench_latency.py [--keys 20] [--rev REV [--rounds 4]]

It types the solution's digit into the empty first cell and clears it again (the puzzle stays
unique, so every edit starts a check and then a rating), and times each key from tmux send-keys
until capture-pane shows the change. "Idle": an easy puzzle, checked and rated in a few ms.
"Hard check running": the top1465 puzzle whose rating takes longest among the first 200 with
an empty first cell (about 1 s of forcing chains), so a worker is busy when the next key comes.
"Candidates view on": the easy puzzle with every empty cell's pencil marks shown (F5).
"Arith editor, M02": the 23x20 multiplication in the arithmetic editor; a digit typed into the
multiplicand's first cell and blanked again, each edit starting a fresh check.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from common import DATA, ROOT, app_command, source_at

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


def arith_row(screen: str) -> str:
    """The calculation's first line (the multiplicand), left of the side panel."""
    lines = [line.split("│")[0] for line in screen.splitlines()[1:]]
    return next(line for line in lines if line.strip())


def wait_for(condition, timeout: float = 30.0) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        screen = tmux("capture-pane", "-p", "-t", SESSION)
        if condition(screen):
            return screen
        time.sleep(0.001)
    raise TimeoutError("the screen did not change")


def measure(puzzle_text: str, keys: int, settle: float, typed: tuple[str, str] | None = None,
            row=None, first: str | None = None, source: Path | None = None) -> list[float]:
    """Alternate the two `typed` keys (a Sudoku's first-cell digit and Delete by default) and
    time each until the `row` of the screen (the grid's first row) changes; `source`: the
    app of that source tree, else the installed one."""
    typed = typed or (str(solve(parse(puzzle_text))[0]), "Delete")
    row = row or first_row
    folder = tempfile.mkdtemp()
    path = Path(folder) / "p.txt"
    path.write_text(puzzle_text)
    env = f"PUZZLE_WORKBENCH_HOME={folder}/home TERM=xterm-256color"
    tmux("new-session", "-d", "-s", SESSION, "-x", "110", "-y", "40", "-c", str(source or ROOT),
         f"env {env} {app_command(path, source)}")
    try:
        wait_for(lambda s: "unique" in s)
        if first:  # a view to switch on before typing
            tmux("send-keys", "-t", SESSION, first)
            time.sleep(0.5)
        times = []
        for i in range(keys):
            before = row(tmux("capture-pane", "-p", "-t", SESSION))
            key = typed[i % 2]
            start = time.perf_counter()
            tmux("send-keys", "-t", SESSION, key)
            wait_for(lambda s, before=before: row(s) != before)
            times.append(time.perf_counter() - start)
            time.sleep(settle)  # let the check (and a rating) start after the edit
        return times
    finally:
        subprocess.run(["tmux", "kill-session", "-t", SESSION], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=20)
    parser.add_argument("--rev", help="also the app at this git revision (A) against the "
                        "working tree (B), in turns: A B, then B A, --rounds times")
    parser.add_argument("--rounds", type=int, default=4)
    args = parser.parse_args()
    if shutil.which("tmux") is None:
        print("tmux is not installed: no latency figures")
        return
    easy = (ROOT / "puzzles" / "sudoku" / "easy_rot180.txt").read_text()
    runs = [("idle (easy puzzle)", easy, None, None),
            ("candidates view on", easy, None, None, "F5"),
            ("hard check running", HARD + "\n", None, None)]
    m02 = next((DATA / "arith" / "mushikuizan").glob("M02*"))
    # the 23x20 multiplication: every key starts a check of 20-40 ms
    runs.append(("arith editor, M02", m02.read_text(), ("7", "BSpace"), arith_row))
    if args.rev:
        paired(runs, args.keys, args.rev, args.rounds)
        return
    for name, text, typed, row, *first in runs:
        times = measure(text, args.keys, settle=0.3, typed=typed, row=row,
                        first=first[0] if first else None)
        print(f"{name:22} key-to-screen median {statistics.median(times) * 1000:6.1f} ms, "
              f"max {max(times) * 1000:6.1f} ms over {len(times)} keys", flush=True)


def paired(runs, keys: int, rev: str, rounds: int) -> None:
    """Each condition with the app at `rev` (A) and the working tree (B) in turns; the
    median of each side over all its keys, and the median of the rounds' ratios B/A."""
    with tempfile.TemporaryDirectory() as temp:
        base = source_at(rev, Path(temp) / "a")
        print(f"{rev} (A) against the working tree (B), {rounds} rounds of {keys} keys")
        for name, text, typed, row, *first in runs:
            times: dict[str, list[float]] = {"A": [], "B": []}
            ratios = []
            for i in range(rounds):
                order = (("A", base), ("B", None)) if i % 2 == 0 else (("B", None), ("A", base))
                got = {side: measure(text, keys, settle=0.3, typed=typed, row=row,
                                     first=first[0] if first else None, source=source)
                       for side, source in order}
                for side in got:
                    times[side] += got[side]
                ratios.append(statistics.median(got["B"]) / statistics.median(got["A"]))
            print(f"{name:22} A {statistics.median(times['A']) * 1000:6.1f} ms, "
                  f"B {statistics.median(times['B']) * 1000:6.1f} ms, B/A median "
                  f"{statistics.median(ratios):.2f} (rounds {min(ratios):.2f}-"
                  f"{max(ratios):.2f})", flush=True)


if __name__ == "__main__":
    main()
