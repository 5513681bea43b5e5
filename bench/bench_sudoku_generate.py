"""Sudoku generation rate (puzzles per CPU second, one process) against `qqwing --generate N` on
the same machine in the same run, plus our rates by symmetry, by level and for 16x16.

    python bench/bench_sudoku_generate.py [--n 100]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from common import have, run_cpu_seconds

from core.sudoku import Options, generate


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100)
    args = parser.parse_args()
    n = args.n
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
    rate, clues = our_rate(Options(size=16, symmetry="rot180"), max(3, n // 20))
    print(f"16x16 rot180   ours {rate:7.3f}/s (median {clues:.0f} clues)")


if __name__ == "__main__":
    main()
