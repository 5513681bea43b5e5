"""Sudoku variants: uniqueness checks (count to 2) of real f-puzzles links and of five
generated 9x9 jigsaws kept as links (bench/data/fpuzzles_links.txt), with OR-Tools CP-SAT and
PyPI pencilmark (its exhaustive C++ search, through bench/pencilmark_convert.py; ratio to its
load + search) counting the same puzzles in the same run; generation times for 9x9 jigsaws
and zero-given killers (no one-cell cages), with how many came out unique.

    python bench/bench_variants.py [--repeat 5] [--generate 5] [--killers 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from common import ROOT, median_ms, timed

from core.variants import engine, links
from core.variants.generator import Options, generate

LINKS = ROOT / "bench" / "data" / "fpuzzles_links.txt"


def real_puzzles() -> list[tuple[str, object, str]]:
    found = []
    for line in LINKS.read_text().splitlines():
        if line and not line.startswith("#"):
            kind, solution, link = line.split("\t")
            found.append((kind, links.read(link), solution))
    return found


def count_ms(puzzle, repeat: int) -> float:
    seconds = []
    for _ in range(repeat):
        engine.plan_of.cache_clear()  # a fresh puzzle each time, as the command line sees it
        result, t = timed(engine.count, puzzle, 2, lambda: False)
        seconds.append(t)
    return median_ms(seconds), result


def cpsat_ms(puzzle) -> float:
    from tests.core.variants.cpsat import cpsat_count

    found, t = timed(cpsat_count, puzzle, 2)
    return t * 1000, found


def pencilmark_ms(puzzle, solution: str, repeat: int) -> str:
    """pencilmark's JSON load and exhaustive search (median of `repeat`), checked to find
    the same one solution; "-" where it is not installed or the puzzle is not shared."""
    try:
        from pencilmark_convert import pencilmark_count
    except ImportError:
        return f"{'-':>17}"
    runs = []
    for _ in range(repeat):
        found = pencilmark_count(puzzle, 2)
        if found is None:
            return f"{'-':>17}"
        runs.append(found)
    assert len(runs[0][0]) == 1 and "".join(map(str, runs[0][0][0])) == solution
    load = statistics.median(r[1] for r in runs) * 1000
    search = statistics.median(r[2] for r in runs) * 1000
    return f"{load:7.1f} +{search:9.1f}"


def report_counts(rows, repeat: int) -> None:
    print(f"{'puzzle':28} {'ours ms':>9} {'CP-SAT ms':>10} {'ratio':>7} "
          f"{'pencilmark load+search ms':>26} {'ratio':>7}")
    by_kind: dict[str, list[float]] = {}
    for name, kind, puzzle, solution in rows:
        ours, result = count_ms(puzzle, repeat)
        peer, peer_count = cpsat_ms(puzzle)
        right = result.unique and (solution is None or "".join(map(str, result.solution))
                                   == solution)
        assert right and peer_count == 1, name
        by_kind.setdefault(kind, []).append(ours)
        pm = pencilmark_ms(puzzle, solution, repeat)
        total = sum(float(x) for x in pm.replace("+", " ").split()) if "-" not in pm else 0
        pm_ratio = f"{ours / total:7.2f}" if total else f"{'-':>7}"
        print(f"{name:28} {ours:9.1f} {peer:10.1f} {ours / peer:7.2f} {pm:>26} {pm_ratio}")
    for kind, values in by_kind.items():
        print(f"median {kind:20} {statistics.median(values):9.1f} ms over {len(values)}")


def generation(kind: str, count: int, **options) -> None:
    """Median time to a puzzle; each one counted again (unique?) and, for killers, its
    one-cell cages (givens in disguise) and givens."""
    rng = random.Random(7)
    seconds, unique, singles, givens = [], 0, 0, 0
    for _ in range(count):
        start = time.perf_counter()
        puzzle, _ = generate(Options(kind, 9, seconds=120, **options), rng)
        seconds.append(time.perf_counter() - start)
        unique += engine.count(puzzle, 2).unique
        singles += sum(len(cage.cells) == 1 for cage in puzzle.cages)
        givens += puzzle.clue_count
    print(f"generate {kind:10} n={count}  median {statistics.median(seconds):6.2f} s  "
          f"max {max(seconds):6.2f} s  unique {unique}/{count}  one-cell cages {singles}  "
          f"givens {givens / count:.1f} a puzzle")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--generate", type=int, default=5)
    parser.add_argument("--killers", type=int, default=3)
    args = parser.parse_args()
    rows = [(f"{kind}: {p.title()[:20] or i + 1}", kind, p, s)
            for i, (kind, p, s) in enumerate(real_puzzles())]
    report_counts(rows, args.repeat)
    generation("jigsaw", args.generate)
    generation("killer", args.killers)


if __name__ == "__main__":
    main()
