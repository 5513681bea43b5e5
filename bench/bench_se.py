"""Sudoku Explainer's rating (core.sudoku.explainer) against the referee, serate, on puzzles the
rater was not tuned on: exact matches and within ±0.1 by SE band, per scale, and the median time
per puzzle of both, measured in the same run on the same puzzles.

    python bench/bench_se.py [--scales sukaku classic] [--sample] [--hardest N] [--no-serate]

Held-out set: bench/data/se_heldout.txt (bench/make_se_heldout.py). --sample adds the 443 puzzles
of the SE-rated sample, tests/data/sudoku/se_sample.txt (both scales). serate's time per puzzle is
the one its batch mode prints with --time (one JVM, -j 1, the puzzles in one stdin; the first
puzzle also pays the JVM's start). --hardest N rates the first N puzzles of
../shared/data/sudoku/forum_hardest_1905_se11plus_sample300.txt (referee ratings:
bench/data/se_hardest_ref.txt, made by serate, ~100-300 s a puzzle). The referee is
../shared/tools/se/serate (Sukaku Explainer's serate; --no-serate runs without it); where to get
the puzzle sets and the referee: bench/common.py.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import time
from pathlib import Path

from common import SERATE, shared

from core.sudoku.explainer.rater import explain

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BANDS = ((0.0, 2.0, "<2"), (2.0, 4.0, "2-4"), (4.0, 6.0, "4-6"), (6.0, 8.0, "6-8"),
         (8.0, 9.31, "8-9.3"))
ENGINE = {"sukaku": "sukaku", "classic": "classic"}


def heldout() -> list[tuple[str, dict[str, float], str]]:
    rows = []
    for line in (HERE / "data" / "se_heldout.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            puzzle, sukaku, classic, source = line.split()
            refs = {scale: float(er) for scale, er in (("sukaku", sukaku), ("classic", classic))
                    if er[0].isdigit()}  # not "timeout"
            rows.append((puzzle, refs, source))
    return rows


def sample() -> list[tuple[str, dict[str, float], str]]:
    rows = []
    path = ROOT / "tests" / "data" / "sudoku" / "se_sample.txt"
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            puzzle, classic, sukaku, _ = line.split()
            rows.append((puzzle, {"sukaku": float(sukaku), "classic": float(classic)},
                         "se_rated_sample"))
    return rows


def ours(puzzles: list[str], scale: str) -> list[tuple[float, float]]:
    out = []
    for p in puzzles:
        start = time.perf_counter()
        result = explain([int(c) if c.isdigit() else 0 for c in p], scale)
        out.append((result.rating, time.perf_counter() - start))
    return out


def referee(puzzles: list[str], scale: str, cap: int) -> list[tuple[str, float]]:
    text = "".join(p + "\n" for p in puzzles)
    out = subprocess.run([str(SERATE), "-e", ENGINE[scale], "-j", "1", "-t", str(cap), "--time"],
                         input=text, capture_output=True, text=True, check=True).stdout
    rows = [line.split() for line in out.splitlines() if line.strip()]
    return [(row[1], float(row[2])) for row in rows]


def report(name: str, scale: str, rows, rated) -> None:
    print(f"\n{name}, {scale} scale: {len(rows)} puzzles")
    print(f"  {'band':8} {'n':>5} {'exact':>7} {'±0.1':>7}")
    within = [(refs[scale], r) for (_, refs, _), (r, _) in zip(rows, rated, strict=True)
              if refs[scale] <= 9.3]
    for low, high, label in BANDS + ((0.0, 9.31, "<=9.3"),):
        pairs = [(ref, r) for ref, r in within if low <= ref < high]
        if pairs:
            exact = sum(abs(ref - r) < 1e-9 for ref, r in pairs) / len(pairs)
            near = sum(abs(ref - r) < 0.1 + 1e-9 for ref, r in pairs) / len(pairs)
            print(f"  {label:8} {len(pairs):5} {exact:7.1%} {near:7.1%}")
    misses = [(p, refs[scale], r, src) for (p, refs, src), (r, _) in zip(rows, rated, strict=True)
              if abs(refs[scale] - r) > 1e-9]
    for p, ref, r, src in misses[:15]:
        print(f"  miss {p} referee {ref} ours {r} ({src})")
    if len(misses) > 15:
        print(f"  ... {len(misses) - 15} more misses")


def timing(scale: str, puzzles: list[str], mine: list[float], cap: int) -> None:
    theirs = referee(puzzles, scale, cap)
    ms, ts = statistics.median(mine), statistics.median(t for _, t in theirs)
    print(f"  time per puzzle ({scale}): ours median {ms * 1000:.1f} ms, serate median "
          f"{ts * 1000:.1f} ms (batch --time, one JVM); ratio ours/serate {ms / ts:.2f}")


def hardest(count: int) -> None:
    refs = {}
    ref_file = HERE / "data" / "se_hardest_ref.txt"
    if ref_file.exists():
        for line in ref_file.read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                puzzle, rating = line.split()[:2]
                refs[puzzle] = rating
    lines = shared("sudoku", "forum_hardest_1905_se11plus_sample300.txt").read_text()
    puzzles = [p.replace(".", "0") for p in lines.split()[:count]]
    seconds, close = [], 0
    print(f"\nhardest set (first {count} of forum_hardest_1905_se11plus_sample300), sukaku:")
    for p in puzzles:
        start = time.perf_counter()
        result = explain([int(c) for c in p], "sukaku")
        seconds.append(time.perf_counter() - start)
        ref = refs.get(p, "?")
        ok = ref not in ("?", "timeout") and abs(float(ref) - result.rating) <= 0.3 + 1e-9
        close += ok
        print(f"  {p} ours {result.rating} referee {ref} {seconds[-1]:.1f} s")
    print(f"  median {statistics.median(seconds):.1f} s; within ±0.3 of the referee: {close}"
          f" of {sum(p in refs for p in puzzles)} with a referee rating")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scales", nargs="*", default=["sukaku", "classic"],
                        help="none: only --hardest")
    parser.add_argument("--sample", action="store_true", help="also the 443 SE sample")
    parser.add_argument("--hardest", type=int, default=0, help="rate this many of the hardest")
    parser.add_argument("--no-serate", action="store_true", help="skip serate's timing")
    parser.add_argument("--cap", type=int, default=60, help="serate seconds per puzzle")
    args = parser.parse_args()
    print(f"bench_se {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
          f"load {os.getloadavg()[0]:.1f}")
    sets = [("held-out", heldout())] + ([("SE sample", sample())] if args.sample else [])
    for name, rows in sets:
        for scale in args.scales:
            usable = [row for row in rows if scale in row[1]]
            if not usable:
                continue
            rated = ours([p for p, _, _ in usable], scale)
            report(name, scale, usable, rated)
            if not args.no_serate:
                timing(scale, [p for p, _, _ in usable], [t for _, t in rated], args.cap)
    if args.hardest:
        hardest(args.hardest)


if __name__ == "__main__":
    main()
