"""The minlex form's speed (core/sudoku/canonical.py) on the full public puzzle sets: median and
max per puzzle, and how many of the 17-clue puzzles (published in a canonical form) it leaves as
they are. Data: top1465.txt, clue17_sample1000.txt and forum_hardest_1905_se11plus_sample300.txt
of ../shared/data/sudoku (where to get them: tests/data/README.md).

    python bench/bench_canonical.py [--n 300]
"""

from __future__ import annotations

import argparse
import statistics
import time

from common import shared

from core.sudoku import format_line, iter_puzzles
from core.sudoku.canonical import minlex


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=300)
    args = parser.parse_args()
    for name in ("top1465.txt", "clue17_sample1000.txt",
                 "forum_hardest_1905_se11plus_sample300.txt"):
        puzzles = [p for _, p in iter_puzzles(shared("sudoku", name).read_text())][:args.n]
        seconds, same = [], 0
        for puzzle in puzzles:
            start = time.perf_counter()
            form = minlex(puzzle)
            seconds.append(time.perf_counter() - start)
            same += form == format_line(puzzle).replace(".", "0")
        print(f"{name:42} n={len(puzzles):4}  median {statistics.median(seconds) * 1e6:7.0f} us"
              f"  max {max(seconds) * 1e3:6.1f} ms  already minlex: {same}", flush=True)


if __name__ == "__main__":
    main()
