"""Paired in-process A/B of the two variants engines: the compiled one (core/native/
variants.c) and the Python one (core/variants/engine.py), counting the same puzzles to 2,
alternately (compiled then Python, then Python then compiled), each count stopped after
--polls polls of 64 nodes so the Python engine's time stays bounded. Both see the same
nodes (asserted); a sample is the ratio of one pair, so the machine's swings cancel. Prints
microseconds a node on each engine and the median ratio per puzzle, and their median.
Puzzles by name (a prefix) from bench/data, or every one of a set (--sets).

    python bench/ab_variant_engines.py --pairs 3 --polls 20 [--sets links,setters,iss] [names]
"""

from __future__ import annotations

import argparse
import statistics
import time

from bench_variants import puzzle_sets

from core import native
from core.search import node_capped
from core.variants import engine


def timed_count(p, polls: int, compiled: bool):
    kept = native.variants
    if not compiled:
        native.variants = None
    try:
        start = time.perf_counter()
        found = engine.count(p, 2, node_capped(None, polls))
        return found, time.perf_counter() - start
    finally:
        native.variants = kept


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*")
    parser.add_argument("--sets", default="links,setters,iss")
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--polls", type=int, default=20)
    args = parser.parse_args()
    if native.variants is None:
        raise SystemExit(f"the compiled variants engine does not run: "
                         f"{native.why_python_variants}")
    rows = [(name, p) for rows in puzzle_sets(args.sets.split(",")).values()
            for name, p, _ in rows if not isinstance(p, ValueError)
            and (not args.names or any(name.startswith(n) for n in args.names))]
    ratios = []
    print(f"{'puzzle':40} {'nodes':>6} {'C us/node':>10} {'Py us/node':>10} {'Py/C':>7}")
    for name, p in rows:
        engine.count(p, 2, node_capped(None, 1))  # the plan and its program, built once
        c_times, py_times, pair = [], [], []
        for i in range(args.pairs):
            order = (True, False) if i % 2 == 0 else (False, True)
            runs = {compiled: timed_count(p, args.polls, compiled) for compiled in order}
            (c, tc), (py, tp) = runs[True], runs[False]
            assert (c.count, c.nodes, c.solutions) == (py.count, py.nodes, py.solutions), name
            c_times.append(tc), py_times.append(tp), pair.append(tp / tc)
        nodes = max(c.nodes, 1)
        ratio = statistics.median(pair)
        ratios.append(ratio)
        print(f"{name:40} {c.nodes:6} {statistics.median(c_times) * 1e6 / nodes:10.1f} "
              f"{statistics.median(py_times) * 1e6 / nodes:10.1f} {ratio:7.1f}")
    if ratios:
        middle = statistics.median(ratios)
        print(f"{len(ratios)} puzzles: the Python engine takes a median {middle:.1f} times "
              f"the compiled one's time (min {min(ratios):.1f}, max {max(ratios):.1f})")


if __name__ == "__main__":
    main()
