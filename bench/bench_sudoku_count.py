"""Sudoku uniqueness checks (count to 2): medians per set, and the ratio to qqwing
(`qqwing --solve --count-solutions`) on the same 9x9 puzzles in the same run.

    python bench/bench_sudoku_count.py [--n 300]

Data: top1465.txt, forum_hardest_1905_se11plus_sample300.txt and clue17_sample1000.txt of
../shared/data/sudoku (where to get them: tests/data/README.md).
"""

from __future__ import annotations

import argparse
import random

from common import have, median_ms, run_cpu_seconds, shared, timed

from core.sudoku import Options, Puzzle, Shape, count, format_line, generate, iter_puzzles
from core.sudoku.generator import random_solution


def ours(puzzles: list[Puzzle]) -> list[float]:
    seconds = []
    for p in puzzles:
        result, t = timed(count, p)
        assert result.count >= 1
        seconds.append(t)
    return seconds


def qqwing_seconds(puzzles: list[Puzzle]) -> float:
    text = "".join(format_line(p) + "\n" for p in puzzles)
    _, cpu = run_cpu_seconds(["qqwing", "--solve", "--count-solutions", "--one-line"], text)
    return cpu / len(puzzles)


def report(name: str, puzzles: list[Puzzle], peer: bool) -> None:
    seconds = ours(puzzles)
    mean = sum(seconds) / len(seconds)
    line = (f"{name:34} n={len(puzzles):5}  median {median_ms(seconds):7.2f} ms  "
            f"mean {mean * 1000:7.2f} ms  max {max(seconds) * 1000:7.1f} ms")
    if peer and have("qqwing"):
        q = qqwing_seconds(puzzles)
        line += f"  qqwing mean {q * 1000:6.2f} ms  ours/qqwing (mean) {mean / q:5.2f}"
    print(line, flush=True)


def sixteen_with(share: float, n: int, rng: random.Random) -> list[Puzzle]:
    """Random 16x16 puzzles with `share` of a random grid's cells given (most have many
    solutions: the count stops at two)."""
    shape = Shape.of_size(16)
    puzzles = []
    for _ in range(n):
        solution = random_solution(shape, rng)
        keep = set(rng.sample(range(256), round(share * 256)))
        puzzles.append(Puzzle(shape, tuple(v if c in keep else 0 for c, v in enumerate(solution))))
    return puzzles


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=300, help="qqwing-made puzzles")
    args = parser.parse_args()
    if have("qqwing"):
        out, _ = run_cpu_seconds(["qqwing", "--generate", str(args.n), "--one-line"])
        report("qqwing-generated 9x9", [p for _, p in iter_puzzles(out)], peer=True)
    else:
        print("qqwing not installed (apt-get install qqwing): no peer ratio")
    for name in ("top1465.txt", "forum_hardest_1905_se11plus_sample300.txt",
                 "clue17_sample1000.txt"):
        puzzles = [p for _, p in iter_puzzles(shared("sudoku", name).read_text())]
        report(name, puzzles, peer=True)
    for share in (0.45, 0.40):
        report(f"16x16, {share:.0%} givens (random)", sixteen_with(share, 30, random.Random(1)),
               False)
    report("16x16 generated (unique, ~37% givens)", generated_sixteen(10), False)


def generated_sixteen(n: int) -> list[Puzzle]:
    """Unique 16x16 puzzles from our generator: the count must prove there is no second."""
    return [generate(Options(size=16), random.Random(seed))[0] for seed in range(1, n + 1)]


if __name__ == "__main__":
    main()
