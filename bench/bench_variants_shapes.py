"""Sudoku variants: `generate shapes` over many seeds, one shape word at a time (and all the
line words at once): generation time (median and slowest), lines and givens per puzzle, and
faults, which should all be 0: puzzles not unique, lines that break their rule on the
solution, and line geometry a setter would not draw (crossings, turns sharper than 90
degrees, a cell in two shapes; tests/core/variants/test_paths.py measures it).

    python bench/bench_variants_shapes.py [--size 9] [--seeds 100] [--shapes "whisper renban"]
"""

from __future__ import annotations

import argparse
import random
import statistics

from common import timed

from core.variants import engine, rules
from core.variants.generator import LINE_WORDS, SHAPE_WORDS, Options, generate
from tests.core.variants.test_paths import geometry_faults


def sweep(shapes: tuple[str, ...], size: int, seeds: int) -> dict:
    times, lines, givens, faults = [], [], [], {"unique": 0, "rule": 0, "geometry": 0}
    for seed in range(seeds):
        (puzzle, solution), t = timed(generate, Options("shapes", size, shapes=shapes,
                                                        seconds=300), random.Random(seed))
        times.append(t)
        lines.append(len(puzzle.lines) + len(puzzle.thermos) + len(puzzle.arrows))
        givens.append(puzzle.clue_count)
        faults["unique"] += not engine.count(puzzle, 2).unique
        faults["rule"] += any(not rules.line_holds(puzzle, line, solution)
                              for line in puzzle.lines)
        faults["geometry"] += bool(geometry_faults(puzzle))
    return {"median ms": statistics.median(times) * 1000, "slowest ms": max(times) * 1000,
            "lines": statistics.mean(lines), "givens": statistics.mean(givens), **faults}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--seeds", type=int, default=100)
    parser.add_argument("--shapes", help="shape words, one sweep each (default: every word, "
                                         "then all line words at once)")
    args = parser.parse_args()
    runs = [(w,) for w in (args.shapes.split() if args.shapes else SHAPE_WORDS)]
    if not args.shapes:
        runs.append(tuple(LINE_WORDS))
    print(f"{args.size}x{args.size}, {args.seeds} seeds a row")
    print(f"{'shapes':<24}{'median ms':>10}{'slowest ms':>11}{'lines':>7}{'givens':>7}"
          f"{'not unique':>11}{'rule':>6}{'geometry':>9}")
    for shapes in runs:
        r = sweep(shapes, args.size, args.seeds)
        name = " ".join(shapes) if len(shapes) < 3 else f"{len(shapes)} line words"
        print(f"{name:<24}{r['median ms']:>10.0f}{r['slowest ms']:>11.0f}{r['lines']:>7.1f}"
              f"{r['givens']:>7.1f}{r['unique']:>11}{r['rule']:>6}{r['geometry']:>9}",
              flush=True)


if __name__ == "__main__":
    main()
