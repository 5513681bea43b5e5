"""Paired in-process A/B of building the variants engine's plans: the whole `core` package at a
git revision (A) against the working tree's (B), on the puzzles of bench_variant_nodes' sets
(links, setters, iss: 146 puzzles).

Both trees are imported into one process (core's modules are set aside after A's import, then
B's imported; each side's modules are put back in place while it runs), and each side reads
the puzzles with its own code. A sample is one puzzle's plan built from scratch (the shape's
caches cleared: engine.plan_of and rules.gathered, as bench_variants' count_ms) on each side,
A then B, then B then A, its time the process's CPU time; the ratio B/A of the pair's sums
per round pools every puzzle, so the machine's swings of speed cancel. Both sides must build
the same plans (asserted on the propagators' classes and cells: a change of speed only).
`--control` times A against a second copy of A: it should give ~1.00.

    python bench/ab_variant_plans.py --rev main --rounds 10
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import math
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"
SETS = ("links", "setters", "iss")
OURS = ("core", "common", "iss_convert", "bench_variants")  # what each side imports anew


def _ours(name: str) -> bool:
    return any(name == top or name.startswith(top + ".") for top in OURS)


def load_tree(root: Path, tag: str):
    """(core's modules, engine, rules, [(name, puzzle)]) of the tree at `root`."""
    for name in [m for m in sys.modules if _ours(m)]:
        del sys.modules[name]
    sys.path[:0] = [str(root), str(root / "bench")]
    try:
        spec = importlib.util.spec_from_file_location(f"bench_variants_{tag}",
                                                      root / "bench" / "bench_variants.py")
        bench = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(bench)
        rows = [(name, p) for rows in bench.puzzle_sets(SETS).values() for name, p, _ in rows
                if not isinstance(p, ValueError)]
        engine = importlib.import_module("core.variants.engine")
        rules = importlib.import_module("core.variants.rules")
    finally:
        del sys.path[:2]
    modules = {name: m for name, m in sys.modules.items() if _ours(name)}
    return modules, engine, rules, rows


def build(side, p) -> tuple[float, object]:
    """Seconds (CPU) to build `p`'s plan from scratch, and the plan."""
    modules, engine, rules, _ = side
    sys.modules.update(modules)
    engine.plan_of.cache_clear()
    rules.gathered.cache_clear()
    start = time.process_time()
    plan = engine.plan_of(engine.shape_of(p))
    return time.process_time() - start, plan


def said(plan) -> list:
    return [(type(x).__name__, getattr(x, "cells", None)) for x in plan.props]


def export(rev: str, into: Path) -> Path:
    """The tree at `rev` (its core, bench and tests: the corpus) in a folder of its own."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "core", "bench"],
                             check=True, capture_output=True).stdout
    into.mkdir(parents=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rev", default="main", help="A: the revision to compare against")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--control", action="store_true", help="B: a second copy of A")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        a_root = export(args.rev, Path(tmp) / "a")
        b_root = export(args.rev, Path(tmp) / "b") if args.control else ROOT
        sides = {"A": load_tree(a_root, "a"), "B": load_tree(b_root, "b")}
        pairs = list(zip(sides["A"][3], sides["B"][3], strict=True))
        for (name, pa), (_, pb) in pairs:
            assert said(build(sides["A"], pa)[1]) == said(build(sides["B"], pb)[1]), name
        ratios, totals = [], {"A": [], "B": []}
        for r in range(args.rounds):
            spent = {"A": 0.0, "B": 0.0}
            for i, ((_, pa), (_, pb)) in enumerate(pairs):
                order = "AB" if (i + r) % 2 == 0 else "BA"
                for side in order:
                    spent[side] += build(sides[side], pa if side == "A" else pb)[0]
            ratios.append(spent["B"] / spent["A"])
            totals["A"].append(spent["A"]), totals["B"].append(spent["B"])
            print(f"round {r + 1}: A {spent['A'] * 1e3:.1f} ms, B {spent['B'] * 1e3:.1f} ms, "
                  f"B/A {ratios[-1]:.3f}", flush=True)
    mean = math.exp(sum(math.log(x) for x in ratios) / len(ratios))
    a, b = (statistics.median(totals[side]) * 1e3 for side in "AB")
    print(f"{len(pairs)} puzzles, {args.rounds} rounds: A {a:.1f} ms, B {b:.1f} ms a round "
          f"(medians); B/A median "
          f"{statistics.median(ratios):.3f}, geometric mean {mean:.3f} (min {min(ratios):.3f}, "
          f"max {max(ratios):.3f})")


if __name__ == "__main__":
    main()
