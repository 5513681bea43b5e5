"""Rating checks: the rating against the SE-rated sample's (tests/data/sudoku/se_sample.txt;
the 9x9 rating is Sudoku Explainer's, so the rank correlation should be 1, and the time a
rating with every step takes), and a check that the workbench ladder (the rater of the sizes
SE does not rate, core/sudoku/ladder.py) is never wrong on the hard sets (top1465.txt and
forum_hardest_1905_se11plus_sample300.txt of ../shared/data/sudoku; where to get them:
tests/data/README.md).

    python bench/bench_rating.py [--step K]   (every K-th puzzle; default all)
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter

from common import DATA, median_ms, shared, spearman, timed

from core.sudoku import count, iter_puzzles, parse, rate
from core.sudoku.ladder import solve_logically


def calibrate(step: int) -> None:
    ours, theirs, seconds, levels = [], [], [], Counter()
    lines = (DATA / "sudoku" / "se_sample.txt").read_text().splitlines()
    for line in [line for line in lines if line.strip() and not line.startswith("#")][::step]:
        text, _, se, _ = line.split()  # puzzle, classic, sukaku (the bank's), id
        rating, t = timed(rate, parse(text))
        ours.append(rating.score)
        theirs.append(float(se))
        seconds.append(t)
        levels[rating.level] += 1
    print(f"SE sample: {len(ours)} puzzles, Spearman {spearman(ours, theirs):.3f}, "
          f"rating median {median_ms(seconds):.0f} ms, max {max(seconds) * 1000:.0f} ms")
    print("  levels:", dict(levels))


def check_hard_set(name: str, step: int) -> None:
    puzzles = [p for _, p in iter_puzzles(shared("sudoku", name).read_text())][::step]
    solved = wrong = 0
    hardest, seconds = Counter(), []
    for p in puzzles:
        result, t = timed(solve_logically, p)
        seconds.append(t)
        truth = count(p).solution
        wrong += any(v and v != truth[c] for c, v in enumerate(result.values))
        solved += result.solved
        if result.steps:
            hardest[max(result.steps, key=lambda s: s.score).technique] += 1
    print(f"{name}: {len(puzzles)} puzzles, {solved} solved by the ladder, "
          f"{len(puzzles) - solved} need guessing, {wrong} wrong; "
          f"median {median_ms(seconds):.0f} ms, mean {statistics.mean(seconds) * 1000:.0f} ms")
    print("  hardest technique:", dict(hardest.most_common()))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--step", type=int, default=1)
    args = parser.parse_args()
    calibrate(args.step)
    for name in ("top1465.txt", "forum_hardest_1905_se11plus_sample300.txt"):
        check_hard_set(name, args.step)
