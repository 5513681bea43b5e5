"""Re-create bench/data/se_heldout.txt: fresh Sudokus over the whole SE scale, rated by the referee.

The rater was tuned on the SE-rated sample (tests/data/sudoku/se_sample.txt); these puzzles are
new. Sources:
Debian's qqwing (--difficulty simple/easy/intermediate/expert, --symmetry random; qqwing takes
no seed, so a re-run gives other puzzles of the same kinds) and our own generator
(`python -m cli generate sudoku --rating A-B --seed S --symmetry ...`, reproducible). Every
candidate is rated by the referee, ../shared/tools/se/serate (where to get it: bench/common.py;
the sukaku scale, capped at --cap seconds a
puzzle); then at most --per-value puzzles of each sukaku rating are kept (so the common 4.0-4.2
and 7.1-7.2 do not swamp the rest), and the kept ones are rated on the classic scale too.

Output lines: `puzzle81 sukaku classic source` (`timeout` where the referee ran past the cap;
such puzzles are listed in the header and left out). serate is a measuring tool: only bench/
calls it.

    python bench/make_se_heldout.py [--qqwing-expert 2000] [--cap 60] [-o bench/data/se_heldout.txt]
"""

from __future__ import annotations

import argparse
import collections
import datetime
import json
import os
import subprocess
import sys
from pathlib import Path

from common import DATA, SERATE

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SAMPLE = DATA / "sudoku" / "se_sample.txt"

# (band, how many, symmetry) for our generator; seeds are 1000 * band index + i
OWN_BANDS = (("1.2-1.5", 25, "rot180"), ("1.5-2.0", 30, "none"), ("2.0-2.8", 25, "rot90"),
             ("2.8-3.6", 25, "horizontal"), ("3.6-4.4", 15, "diagonal"),
             ("4.4-5.2", 25, "rot180"), ("5.2-6.0", 25, "none"), ("6.0-6.9", 25, "rot180"),
             ("7.3-7.9", 20, "none"), ("8.0-8.5", 20, "rot180"), ("8.5-9.3", 20, "none"))


def qqwing(count: int, difficulty: str) -> list[str]:
    out = subprocess.run(["qqwing", "--generate", str(count), "--difficulty", difficulty,
                          "--symmetry", "random", "--one-line"],
                         capture_output=True, text=True, check=True).stdout
    return [line.strip() for line in out.splitlines() if len(line.strip()) == 81]


def own(band: str, count: int, symmetry: str, seed: int) -> list[str]:
    out = subprocess.run([sys.executable, "-m", "cli", "generate", "sudoku", "--rating", band,
                          "--symmetry", symmetry, "--count", str(count), "--seed", str(seed),
                          "--jobs", "1", "--json"],
                         capture_output=True, text=True, cwd=ROOT).stdout
    return [json.loads(line)["puzzle"] for line in out.splitlines() if line.startswith("{")]


def serate(puzzles: list[str], engine: str, cap: int, jobs: int) -> list[tuple[str, float]]:
    """(rating or 'timeout'/'none'/'error', seconds) per puzzle, in order."""
    text = "".join(p + "\n" for p in puzzles)
    out = subprocess.run([str(SERATE), "-e", engine, "-j", str(jobs), "-t", str(cap), "--time"],
                         input=text, capture_output=True, text=True, check=True).stdout
    rows = [line.split() for line in out.splitlines() if line.strip()]
    assert len(rows) == len(puzzles), (len(rows), len(puzzles))
    return [(row[1], float(row[2]) if len(row) > 2 else 0.0) for row in rows]


def normal(puzzle: str) -> str:
    return "".join(c if c in "123456789" else "0" for c in puzzle)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--qqwing-expert", type=int, default=2000)
    parser.add_argument("--qqwing-other", type=int, default=200,
                        help="each of simple/easy/intermediate")
    parser.add_argument("--per-value", type=int, default=22, help="puzzles kept per sukaku rating")
    parser.add_argument("--cap", type=int, default=60, help="referee seconds per puzzle")
    parser.add_argument("--jobs", type=int, default=2, help="serate JVMs")
    parser.add_argument("-o", "--output", default=str(HERE / "data" / "se_heldout.txt"))
    args = parser.parse_args(argv)

    sample = {normal(line.split()[0]) for line in SAMPLE.read_text().splitlines()
              if line.strip() and not line.startswith("#")}
    candidates: dict[str, str] = {}  # puzzle -> source

    def add(puzzles, source):
        for p in puzzles:
            p = normal(p)
            if p not in sample:
                candidates.setdefault(p, source)

    for difficulty in ("simple", "easy", "intermediate"):
        add(qqwing(args.qqwing_other, difficulty), f"qqwing-{difficulty}")
    add(qqwing(args.qqwing_expert, "expert"), "qqwing-expert")
    for index, (band, count, symmetry) in enumerate(OWN_BANDS):
        seed = 1000 * (index + 1)
        add(own(band, count, symmetry, seed), f"own-{band}-{symmetry}-seed{seed}")
    print(f"{len(candidates)} candidates", file=sys.stderr)

    puzzles = list(candidates)
    rated = dict(zip(puzzles, serate(puzzles, "sukaku", args.cap, args.jobs), strict=True))
    skipped = [p for p, (er, _) in rated.items() if er in ("timeout", "error", "none")]
    by_value = collections.defaultdict(list)
    for p, (er, _) in rated.items():
        if p not in skipped:
            by_value[er].append(p)
    kept = [p for er in sorted(by_value, key=float) for p in by_value[er][:args.per_value]]
    classic = dict(zip(kept, serate(kept, "classic", args.cap, args.jobs), strict=True))

    load = os.getloadavg()[0]
    lines = ["# fresh Sudokus rated by serate (sukaku = Sukaku Explainer v1.15.10, "
             "classic = SE 1.2.1.3)",
             f"# made by bench/make_se_heldout.py on {datetime.date.today()} (load {load:.1f}); "
             f"{len(candidates)} candidates, at most {args.per_value} per sukaku rating",
             f"# referee cap {args.cap} s a puzzle; skipped (sukaku past the cap or error): "
             f"{len(skipped)}"]
    lines += [f"#   skipped {p} {rated[p][0]} {candidates[p]}" for p in skipped]
    lines.append("# puzzle sukaku classic source")
    for p in sorted(kept, key=lambda p: (float(rated[p][0]), candidates[p], p)):
        lines.append(f"{p} {rated[p][0]} {classic[p][0]} {candidates[p]}")
    Path(args.output).write_text("\n".join(lines) + "\n")
    print(f"{len(kept)} puzzles -> {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
