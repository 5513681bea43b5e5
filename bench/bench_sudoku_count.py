"""Sudoku uniqueness checks (count to 2): medians per set, and the ratios to tdoku (each
puzzle's count to 2, built from its source at --tdoku) and to qqwing (`qqwing --solve
--count-solutions`, whole process) on the same 9x9 puzzles in the same run. Each engine of
ours is timed per puzzle as a caller sees it (the Python call included), best of --repeat.

    python bench/bench_sudoku_count.py [--n 300] [--tdoku ../tdoku] [--repeat 3]
        [--engines compiled,python]

Data: top1465.txt, forum_hardest_1905_se11plus_sample300.txt and clue17_sample1000.txt of
../shared/data/sudoku (where to get them: tests/data/README.md).
"""

from __future__ import annotations

import argparse
import random
import statistics
from pathlib import Path

import tdoku_peer
from common import have, median_ms, run_cpu_seconds, shared, timed

from core import native
from core.sudoku import Options, Puzzle, Shape, count, format_line, generate, iter_puzzles
from core.sudoku.generator import random_solution

SETS = ("top1465.txt", "forum_hardest_1905_se11plus_sample300.txt", "clue17_sample1000.txt")


def ours(puzzles: list[Puzzle], repeat: int = 1) -> list[float]:
    """Each puzzle's count to 2 on the engine in use, best of `repeat` (seconds)."""
    best = [float("inf")] * len(puzzles)
    for _ in range(repeat):
        for i, p in enumerate(puzzles):
            result, t = timed(count, p)
            assert result.count >= 1
            best[i] = min(best[i], t)
    return best


def on_engine(name: str, fn, *args):
    """`fn(*args)` on the compiled or the Python engine."""
    compiled = native.sudoku
    native.sudoku = compiled if name == "compiled" else None
    try:
        return fn(*args)
    finally:
        native.sudoku = compiled


def qqwing_seconds(puzzles: list[Puzzle]) -> float:
    text = "".join(format_line(p) + "\n" for p in puzzles)
    _, cpu = run_cpu_seconds(["qqwing", "--solve", "--count-solutions", "--one-line"], text)
    return cpu / len(puzzles)


def report(name: str, puzzles: list[Puzzle], engines: list[str], repeat: int,
           tdoku: Path | None = None) -> None:
    peer = None
    if tdoku is not None and puzzles[0].size == 9:
        found = tdoku_peer.counts(tdoku, [format_line(p) for p in puzzles], repeat)
        assert [n for n, _ in found] == [count(p).count for p in puzzles], "tdoku disagrees"
        peer = statistics.median(us for _, us in found) / 1e6
        print(f"{name:34} n={len(puzzles):5}  tdoku median {peer * 1e6:8.1f} us", flush=True)
    for engine in engines:
        seconds = on_engine(engine, ours, puzzles, repeat)
        mean = sum(seconds) / len(seconds)
        line = (f"{name:34} n={len(puzzles):5}  {engine:8} median {median_ms(seconds) * 1000:8.1f}"
                f" us  mean {mean * 1e6:8.1f} us  max {max(seconds) * 1000:7.1f} ms")
        if peer is not None:
            line += f"  ours/tdoku (median) {statistics.median(seconds) / peer:5.2f}"
        if puzzles[0].size == 9 and have("qqwing"):
            q = qqwing_seconds(puzzles)
            line += f"  ours/qqwing (mean) {mean / q:5.2f}"
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
    parser.add_argument("--tdoku", type=Path, help="tdoku's source (a checkout)")
    parser.add_argument("--repeat", type=int, default=3, help="runs a puzzle; its best counts")
    parser.add_argument("--engines", default="compiled,python")
    parser.add_argument("--sets", default=",".join(SETS))
    args = parser.parse_args()
    engines = args.engines.split(",")
    if "compiled" in engines and native.sudoku is None:
        raise SystemExit(f"the compiled engine does not run: {native.why_python}")
    tdoku = tdoku_peer.build(args.tdoku) if args.tdoku else None
    if tdoku is None:
        print("no --tdoku: no tdoku ratio")
    if have("qqwing"):
        out, _ = run_cpu_seconds(["qqwing", "--generate", str(args.n), "--one-line"])
        report("qqwing-generated 9x9", [p for _, p in iter_puzzles(out)], engines, args.repeat,
               tdoku)
    else:
        print("qqwing not installed (apt-get install qqwing): no qqwing ratio")
    for name in args.sets.split(","):
        puzzles = [p for _, p in iter_puzzles(shared("sudoku", name).read_text())]
        report(name, puzzles, engines, args.repeat, tdoku)
    for share in (0.45, 0.40):
        report(f"16x16, {share:.0%} givens (random)", sixteen_with(share, 30, random.Random(1)),
               engines, 1)
    report("16x16 generated (unique, ~37% givens)", generated_sixteen(10), engines, 1)


def generated_sixteen(n: int) -> list[Puzzle]:
    """Unique 16x16 puzzles from our generator: the count must prove there is no second."""
    return [generate(Options(size=16), random.Random(seed))[0] for seed in range(1, n + 1)]


if __name__ == "__main__":
    main()
