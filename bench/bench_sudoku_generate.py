"""Sudoku generation rate against `qqwing --generate N` on the same machine in the same run: whole
processes (`puzzle-tui generate sudoku --count N`, start-up included, CPU time) alternated with
qqwing's, and puzzles per CPU second in one process; our rates by level; 16x16 and 25x25 times
per puzzle (medians over seeds, with clue counts and how many came out minimal).

    python bench/bench_sudoku_generate.py [--n 300] [--rounds 3] [--big 5]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time

from common import ROOT, have, run_cpu_seconds

from core.sudoku import Options, generate
from core.sudoku.generator import make


def our_rate(options: Options, n: int, seed: int = 1) -> tuple[float, float]:
    """Puzzles per CPU second, and the median clue count."""
    rng = random.Random(seed)
    clues = []
    start = time.process_time()
    for _ in range(n):
        puzzle, _ = generate(options, rng)
        clues.append(puzzle.clue_count)
    return n / (time.process_time() - start), statistics.median(clues)


def qqwing_rate(n: int, symmetry: str) -> float:
    _, cpu = run_cpu_seconds(["qqwing", "--generate", str(n), "--one-line",
                              "--symmetry", symmetry])
    return n / cpu


def whole_processes(n: int, rounds: int, compiled: bool = True) -> None:
    """`puzzle-tui generate` and qqwing as whole processes, alternated; the ratio of their CPU
    times in each round (above 1: ours makes puzzles faster). `compiled`: our bytecode is
    cached as in any installed copy (in a temporary folder, after a warm-up run), even where
    the environment sets PYTHONDONTWRITEBYTECODE, which makes every run compile the project
    anew (~0.03 s)."""
    ours_cmd = [sys.executable, "-m", "cli", "generate", "sudoku", "--count", str(n)]
    env = None
    if compiled:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="bench-pycache-")
        run_cpu_seconds(ours_cmd[:-1] + ["1"], cwd=ROOT, env=env)
    for symmetry, theirs in (("none", "none"), ("rot180", "rotate180")):
        ratios, ours_s, peer_s = [], [], []
        for r in range(rounds):
            _, ours = run_cpu_seconds(ours_cmd + ["--symmetry", symmetry, "--seed", str(r)],
                                      cwd=ROOT, env=env)
            _, peer = run_cpu_seconds(["qqwing", "--generate", str(n), "--one-line",
                                       "--symmetry", theirs])
            ours_s.append(ours)
            peer_s.append(peer)
            ratios.append(peer / ours)
        how = "whole process" if compiled else "whole process (compiling)"
        print(f"{how}, {n} 9x9 {symmetry:6}: ours {statistics.median(ours_s):.2f} s, "
              f"qqwing {statistics.median(peer_s):.2f} s CPU (medians of {rounds}); rate "
              f"ours/qqwing {statistics.median(ratios):.2f} (rounds: "
              + ", ".join(f"{x:.2f}" for x in ratios) + ")", flush=True)


def big_grids(count: int) -> None:
    for size in (16, 25):
        for symmetry in ("none", "rot180"):
            times, clues, minimal = [], [], 0
            for seed in range(1, count + 1):
                start = time.perf_counter()
                made = make(Options(size=size, symmetry=symmetry), random.Random(seed))
                times.append(time.perf_counter() - start)
                clues.append(made.puzzle.clue_count)
                minimal += made.minimal
            print(f"{size}x{size} {symmetry:6}: median {statistics.median(times):6.2f} s, max "
                  f"{max(times):6.2f} s, median {statistics.median(clues):.0f} clues "
                  f"({100 * statistics.median(clues) / size ** 2:.0f}%), minimal {minimal} of "
                  f"{count}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--big", type=int, default=5, help="seeds of 16x16 and 25x25")
    args = parser.parse_args()
    n = args.n
    if have("qqwing"):
        whole_processes(n, args.rounds)
        whole_processes(n, args.rounds, compiled=False)
    for ours, theirs in (("none", "none"), ("rot180", "rotate180")):
        rate, clues = our_rate(Options(symmetry=ours), n)
        line = f"9x9 {ours:8} ours {rate:7.1f}/s (median {clues:.0f} clues)"
        if have("qqwing"):
            peer = qqwing_rate(n, theirs)
            line += f"  qqwing {peer:7.1f}/s  ours/qqwing {rate / peer:5.2f}"
        print(line, flush=True)
    for level in ("easy", "medium", "hard", "expert", "master"):
        count = max(3, n // (5 if level in ("easy", "medium") else 20))
        rate, clues = our_rate(Options(level=level), count)
        print(f"9x9 level {level:7} ours {rate:7.2f}/s over {count} (median {clues:.0f} clues)",
              flush=True)
    big_grids(args.big)


if __name__ == "__main__":
    main()
