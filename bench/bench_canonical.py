"""The minlex form's speed (core/sudoku/canonical.py) on the full public puzzle sets: median and
max per puzzle, and how many of the 17-clue puzzles (published in a canonical form) it leaves as
they are. Data: top1465.txt, clue17_sample1000.txt and forum_hardest_1905_se11plus_sample300.txt
of ../shared/data/sudoku (where to get them: tests/data/README.md).

    python bench/bench_canonical.py [--n 300] [--engines compiled,python]
"""

from __future__ import annotations

import argparse
import statistics
import time

from common import shared

from core import native
from core.sudoku import format_line, iter_puzzles
from core.sudoku.canonical import minlex


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=300)
    parser.add_argument("--engines", default="compiled,python")
    args = parser.parse_args()
    compiled = native.sudoku
    for name in ("top1465.txt", "clue17_sample1000.txt",
                 "forum_hardest_1905_se11plus_sample300.txt"):
        puzzles = [p for _, p in iter_puzzles(shared("sudoku", name).read_text())][:args.n]
        forms = {}
        for engine in args.engines.split(","):
            native.sudoku = compiled if engine == "compiled" else None
            seconds, forms[engine] = [], []
            for puzzle in puzzles:
                start = time.perf_counter()
                forms[engine].append(minlex(puzzle))
                seconds.append(time.perf_counter() - start)
            same = sum(f == format_line(p).replace(".", "0")
                       for f, p in zip(forms[engine], puzzles, strict=True))
            print(f"{name:42} n={len(puzzles):4}  {engine:8} median "
                  f"{statistics.median(seconds) * 1e6:7.1f} us  max {max(seconds) * 1e3:6.2f} ms"
                  f"  already minlex: {same}", flush=True)
        native.sudoku = compiled
        assert len({tuple(f) for f in forms.values()}) == 1, "the engines' forms differ"


if __name__ == "__main__":
    main()
