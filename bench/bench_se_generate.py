"""Generation to an SE rating or technique: the median time to a puzzle, and every puzzle's rating
confirmed by the referee (serate, Sukaku Explainer v1.15.10: ../shared/tools/se/serate; where to
get it: bench/common.py) in the same run.

    python bench/bench_se_generate.py [--count 5] [--seed 1] [--only TEXT]

Each puzzle is one `python -m cli generate sudoku ... --count 1 --seed S --json` call, timed
from outside (so the time includes the interpreter's start, printed once as `start`).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from common import SERATE

ROOT = Path(__file__).resolve().parent.parent
TARGETS = (("--rating 7.0-7.5", ["--rating", "7.0-7.5"]),
           ("--rating 8.0-9.0", ["--rating", "8.0-9.0"]),
           ("--rating 9.0-9.5", ["--rating", "9.0-9.5"]),
           ("--must-use Nishio", ["--must-use", "Nishio"]),
           ("--must-use X-Wing", ["--must-use", "X-Wing"]),
           ("--must-use Swordfish", ["--must-use", "Swordfish"]),
           ("--must-use XY-Wing", ["--must-use", "XY-Wing"]),
           ("--must-use Unique Rectangle", ["--must-use", "Unique Rectangle"]),
           ("--rating 3.8 (Swordfish only)", ["--rating", "3.8"]),
           ("--first-hard X-Wing", ["--first-hard", "X-Wing"]))


def one(args: list[str], seed: int) -> tuple[float, dict | None]:
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "cli", "generate", "sudoku", *args, "--count", "1",
                          "--seed", str(seed), "--json", "--jobs", "1"],
                         capture_output=True, text=True, cwd=ROOT)
    seconds = time.perf_counter() - start
    lines = [line for line in out.stdout.splitlines() if line.startswith("{")]
    return seconds, (json.loads(lines[0]) if lines else None)


def referee(puzzles: list[str]) -> list[str]:
    text = "".join(p.replace(".", "0") + "\n" for p in puzzles)
    out = subprocess.run([str(SERATE), "-j", "1", "-t", "120"], input=text, capture_output=True,
                         text=True, check=True).stdout
    return [line.split()[1] for line in out.splitlines() if line.strip()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=5, help="puzzles per target")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", help="the targets whose label holds this text")
    args = parser.parse_args()
    print(f"bench_se_generate {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
          f"load {os.getloadavg()[0]:.1f}")
    starts = [one(["--help"], 0)[0] for _ in range(3)]
    print(f"  start (generate --help): median {statistics.median(starts):.2f} s")
    for label, target in TARGETS:
        if args.only and args.only not in label:
            continue
        seconds, made = [], []
        for i in range(args.count):
            t, result = one(target, args.seed + i)
            seconds.append(t)
            if result is not None:
                made.append(result)
        theirs = referee([r["puzzle"] for r in made]) if made else []
        agree = sum(r["rating"]["score"] == float(er) for r, er in
                    zip(made, theirs, strict=True) if er[0].isdigit())
        ratings = " ".join(f"{r['rating']['score']}/{er}" for r, er in
                           zip(made, theirs, strict=True))
        print(f"  {label:30} {len(made)}/{args.count} made, median {statistics.median(seconds):.1f}"
              f" s, max {max(seconds):.1f} s; serate agrees on {agree}/{len(made)} "
              f"(ours/serate: {ratings})")


if __name__ == "__main__":
    main()
