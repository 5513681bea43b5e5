"""The Sudoku Explainer rater on its two engines, paired in one process: each puzzle rated on
the Python engine and on the compiled one in turn (which goes first alternates), the same
rating asserted, and the median time of each and of their ratio.

    python bench/ab_rater.py [--set heldout|sample] [--scale sukaku] [--step 1] [--limit N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from common import DATA, ROOT

from core.sudoku.explainer.rater import explain
from tests.core.sudoku.rater_corpus import engine, read_puzzles

SETS = {"heldout": ROOT / "bench" / "data" / "se_heldout.txt",
        "sample": DATA / "sudoku" / "se_sample.txt"}


def timed(givens, scale: str, compiled: bool) -> tuple[float, float]:
    with engine(compiled):
        start = time.perf_counter()
        rating = explain(givens, scale).rating
        return rating, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", choices=SETS, default="heldout")
    parser.add_argument("--scale", default="sukaku")
    parser.add_argument("--step", type=int, default=1, help="every step-th puzzle")
    parser.add_argument("--limit", type=int)
    args = parser.parse_args()
    puzzles = read_puzzles(SETS[args.set], args.limit, args.step)
    python, compiled = [], []
    for k, givens in enumerate(puzzles):
        order = (False, True) if k % 2 else (True, False)
        runs = {c: timed(givens, args.scale, c) for c in order}
        if runs[False][0] != runs[True][0]:
            raise SystemExit(f"puzzle {k}: rated {runs[False][0]} by Python, {runs[True][0]} "
                             "compiled")
        python.append(runs[False][1])
        compiled.append(runs[True][1])
    ratios = [c / p for p, c in zip(python, compiled, strict=True)]
    load = os.getloadavg()[0]
    print(f"{args.set}, {args.scale}: {len(puzzles)} puzzles (load {load:.1f}), same ratings; "
          f"median Python {statistics.median(python) * 1000:.2f} ms, compiled "
          f"{statistics.median(compiled) * 1000:.2f} ms; median ratio "
          f"{statistics.median(ratios):.3f}, total {sum(compiled) / sum(python):.3f}")


if __name__ == "__main__":
    main()
