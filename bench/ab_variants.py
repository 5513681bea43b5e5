"""Paired in-process A/B of the variants counter: core/variants/engine.py, propagators.py and
lines.py at a git revision (A) against the working tree (B), counting the same puzzles to 2
with a fresh plan each time.

Both versions are imported into one process under different names and called alternately
(A then B, then B then A); a sample is the ratio B/A of one pair, so the machine's swings of
speed cancel. Prints each puzzle's nodes on both sides (deterministic), median times and the
median ratio, and the geometric mean of the ratios. `--control` times A against a copy of A.
Puzzles by name (a prefix) from bench/data (fpuzzles_links.txt, sudokusolver_variants.tsv,
iss_sample.tsv), or `bars`: an empty 9x9 with three consecutive bars and the non-consecutive
rule (the regression of docs/benchmarks.md).

    python bench/ab_variants.py --rev HEAD~1 --pairs 5 "killer: Blitz" Eddies bars
"""

from __future__ import annotations

import argparse
import gc
import math
import statistics
import sys
import time
from pathlib import Path

from bench_variants import puzzle_sets
from common import ROOT, files_at

from core.variants.model import Mark, make

FILES = ("propagators", "lines", "engine")


def bars():
    return make(9, None, None, negative={"white"},
                marks=[Mark("bar", 3, 4), Mark("bar", 55, 64), Mark("bar", 63, 72)])


def load(folder: str, tag: str):
    """The engine of `folder`, importing its own propagators and lines."""
    names = {name: f"{name}_{tag}" for name in FILES}
    for name in FILES:
        source = Path(folder, f"{name}.py").read_text()
        source = source.replace("from core.variants.propagators import",
                                f"from {names['propagators']} import")
        source = source.replace(
            "from core.variants import lines, rules",
            f"from core.variants import rules\nimport {names['lines']} as lines")
        module = type(sys)(names[name])
        sys.modules[module.__name__] = module
        exec(compile(source, f"{folder}/{name}.py", "exec"), module.__dict__)
    return sys.modules[names["engine"]]


def old_files(rev: str) -> str:
    return files_at(rev, "core/variants", FILES)


def timed(engine, p) -> tuple[float, int]:
    engine.plan_of.cache_clear()
    start = time.perf_counter()
    result = engine.count(p, 2)
    return time.perf_counter() - start, result.nodes


def chosen(names) -> list[tuple[str, object]]:
    every = [(name, p) for rows in puzzle_sets({"links", "setters", "iss"}).values()
             for name, p, _ in rows if not isinstance(p, ValueError)] + [("bars", bars())]
    found = []
    for wanted in names:
        match = [(name, p) for name, p in every if name.startswith(wanted) or wanted in name]
        if not match:
            raise SystemExit(f"no puzzle named {wanted!r}")
        found.append(match[0])
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzles", nargs="+", help="names (or parts of them), or bars")
    parser.add_argument("--rev", default="HEAD", help="A: the files at this git revision")
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--control", action="store_true", help="A against a copy of A")
    args = parser.parse_args()
    a_dir = old_files(args.rev)
    a = load(a_dir, "a")
    b = load(a_dir if args.control else str(ROOT / "core" / "variants"), "b")
    print(f"A = {args.rev}, B = {'a copy of A' if args.control else 'the working tree'}")
    print(f"{'puzzle':40} {'A nodes':>8} {'B nodes':>8} {'A ms':>9} {'B ms':>9} {'B/A':>6}")
    logs = []
    for name, p in chosen(args.puzzles):
        times_a, times_b, ratios = [], [], []
        gc.disable()
        for i in range(args.pairs):
            if i % 2 == 0:
                (ta, na), (tb, nb) = timed(a, p), timed(b, p)
            else:
                (tb, nb), (ta, na) = timed(b, p), timed(a, p)
            gc.collect()
            times_a.append(ta)
            times_b.append(tb)
            ratios.append(tb / ta)
        gc.enable()
        ratio = statistics.median(ratios)
        logs.append(math.log(ratio))
        print(f"{name[:40]:40} {na:8} {nb:8} {statistics.median(times_a) * 1000:9.1f} "
              f"{statistics.median(times_b) * 1000:9.1f} {ratio:6.2f}", flush=True)
    print(f"geometric mean of B/A: {math.exp(sum(logs) / len(logs)):.3f}")


if __name__ == "__main__":
    main()
