"""The Sudoku Explainer rater's two engines on the full differential corpus: every board met
while rating the SE-rated sets (tests/data/sudoku/se_sample.txt and bench/data/se_heldout.txt,
both scales), and on each every hint of every technique with a compiled twin and the direct
rounds, compared; then every SE-rated puzzle of tests/data rated on both engines, on both
scales (the referee's rating, and the same hardest step and steps' names and words).

    python bench/diff_rater.py [--step 1] [--limit N] [--chains] [--no-ratings]
"""

from __future__ import annotations

import argparse
import time

from common import DATA, ROOT

from core.sudoku.explainer.rater import explain
from tests.core.sudoku.rater_corpus import boards_met, differences, engine, read_puzzles

SETS = (DATA / "sudoku" / "se_sample.txt", ROOT / "bench" / "data" / "se_heldout.txt")
# the rated sets of tests/data: (file, column of the sukaku rating, of the classic one)
RATED = (("se_sample.txt", 2, 1), ("se_heldout_known.txt", 1, 2))


def rated(givens, scale: str, compiled: bool) -> tuple:
    with engine(compiled):
        result = explain(givens, scale)
    return result.rating, result.hardest, [(s.name, s.difficulty, s.text) for s in result.steps]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--step", type=int, default=1, help="every step-th puzzle of a set")
    parser.add_argument("--limit", type=int, help="at most this many puzzles of a set")
    parser.add_argument("--chains", action="store_true",
                        help="boards past the first chain step too (slow: chains in Python)")
    parser.add_argument("--no-ratings", action="store_true", help="the boards only")
    args = parser.parse_args()
    start = time.perf_counter()
    found, boards = [], 0
    for path in SETS:
        for scale in ("sukaku", "classic"):
            for givens in read_puzzles(path, args.limit, args.step):
                met = boards_met(givens, scale, args.chains)
                boards += len(met)
                found += differences(met, scale)
    print(f"{boards} boards, {len(found)} differences ({time.perf_counter() - start:.0f} s)")
    ratings = 0
    for name, *columns in () if args.no_ratings else RATED:
        path = DATA / "sudoku" / name
        rows = [line.split() for line in path.read_text().splitlines()
                if line.strip() and not line.startswith("#")][::args.step][:args.limit]
        for row in rows:
            givens = [int(c) if c.isdigit() else 0 for c in row[0]]
            for scale, column in zip(("sukaku", "classic"), columns, strict=True):
                ratings += 1
                python, compiled = rated(givens, scale, False), rated(givens, scale, True)
                if python != compiled or python[0] != float(row[column]):
                    found.append(f"{name} {scale}: {row[0]} rated {python[0]} by Python, "
                                 f"{compiled[0]} compiled, {row[column]} by serate")
    print(f"{ratings} ratings on both engines ({time.perf_counter() - start:.0f} s)")
    for line in found[:20]:
        print(line)
    print(f"{len(found)} differences")
    raise SystemExit(1 if found else 0)


if __name__ == "__main__":
    main()
