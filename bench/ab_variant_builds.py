"""Paired in-process A/B of two builds of the compiled variants engine (core/native/
variants.c): another build's _variants module (A: --base, a .so built from another tree, as
`python setup.py build_ext --inplace` there makes it) loaded beside this tree's (B; --build:
another .so, such as a copy of it, or A's again for a control), both searching the same
program and candidates alternately (A then B, then B then A), each count stopped past
--polls polls of STOP_EVERY nodes (a short count repeated within a sample to last --sample
seconds). Both must see the same nodes and solutions (asserted: a change of speed only).
Times are the process's CPU time (time.process_time: the time other processes of a shared
machine hold the cores is left out), and a sample is the ratio B/A of one pair, so the
machine's swings of speed cancel; prints microseconds a node on each side, the median ratio
per puzzle and the geometric mean of the ratios. The plan is built once, outside the times:
this measures the search alone, a node's cost.

    python bench/ab_variant_builds.py --base /tmp/main/_variants.so --pairs 6 --polls 200 \\
        "Triple digits" "Long sums 1" "Wecoc #1"
"""

from __future__ import annotations

import argparse
import importlib.machinery
import importlib.util
import math
import statistics
import time

from bench_variants import puzzle_sets

from core import native
from core.counting import KEPT
from core.search import node_capped
from core.variants import compiled, engine, rules


def load_build(path: str, package: str = "base_build"):
    """The _variants module of the .so at `path`, under a name of its own."""
    name = f"{package}._variants"
    loader = importlib.machinery.ExtensionFileLoader(name, path)
    spec = importlib.util.spec_from_file_location(name, path, loader=loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def searcher(p):
    """search(module, polls) -> (found, total, nodes, stopped) and seconds, on `p`'s program."""
    plan = engine.plan_of(engine.shape_of(p))
    program, _ = compiled.program(plan)
    cand = engine.given_candidates(p, plan)
    if program is None or cand is None or not all(cand):
        return None
    keep = rules.keeps(p)

    def search(module, polls: int, runs: int = 1):
        start = time.process_time()
        for _ in range(runs):
            found = module.search(program, cand, 2, node_capped(None, polls), keep, KEPT)
        return found, (time.process_time() - start) / runs
    return search


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*")
    parser.add_argument("--base", required=True, help="the other build's _variants .so")
    parser.add_argument("--build", help="B's .so instead of this tree's (a copy keeps a long "
                                        "run apart from rebuilds; the same .so twice: a control)")
    parser.add_argument("--sets", default="links,setters,iss")
    parser.add_argument("--pairs", type=int, default=6)
    parser.add_argument("--polls", type=int, default=200)
    parser.add_argument("--sample", type=float, default=0.1,
                        help="seconds a sample lasts at least (a short count is repeated)")
    args = parser.parse_args()
    if native.variants is None:
        raise SystemExit(f"this tree's variants engine does not run: "
                         f"{native.why_python_variants}")
    builds = {"A": load_build(args.base, "base_build"),
              "B": load_build(args.build, "this_build") if args.build else native.variants}
    rows = [(name, p) for rows in puzzle_sets(args.sets.split(",")).values()
            for name, p, _ in rows if not isinstance(p, ValueError)
            and (not args.names or any(name.startswith(n) for n in args.names))]
    ratios = []
    print(f"{'puzzle':40} {'nodes':>8} {'A us/node':>10} {'B us/node':>10} {'B/A':>6}")
    for name, p in rows:
        search = searcher(p)
        if search is None:
            continue
        times = {"A": [], "B": []}
        pair = []
        _, once = search(builds["A"], args.polls)
        repeat = max(1, int(args.sample / once))  # a short count repeated, so a sample lasts
        for i in range(args.pairs):
            order = "AB" if i % 2 == 0 else "BA"
            runs = {side: search(builds[side], args.polls, repeat) for side in order}
            (a, ta), (b, tb) = runs["A"], runs["B"]
            assert a == b, f"{name}: the builds differ: {a[1:]} against {b[1:]}"
            times["A"].append(ta), times["B"].append(tb), pair.append(tb / ta)
        nodes = max(a[2], 1)
        ratio = statistics.median(pair)
        ratios.append(ratio)
        print(f"{name:40} {a[2]:8} {statistics.median(times['A']) * 1e6 / nodes:10.2f} "
              f"{statistics.median(times['B']) * 1e6 / nodes:10.2f} {ratio:6.3f}", flush=True)
    if ratios:
        mean = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
        print(f"{len(ratios)} puzzles: B/A geometric mean {mean:.3f} "
              f"(min {min(ratios):.3f}, max {max(ratios):.3f})")


if __name__ == "__main__":
    main()
