"""Paired in-process A/B of the compiled variants search on one plan's program: A is either the
same plan with the required-value exclusions off (`--without-required`: the cages',
renbans' and quadruples' `seen` taken away, propagators.required_places; `--of Quadruple`:
only that class's; `--of gap`: the between lines' gap 2 instead) or another build of the compiled
module (`--so PATH`: a copy of core/native/_variants*.so built from another revision with the
same program layout, loaded under another name). B is the working tree's build and plan.

Each pair counts the puzzle to 2 on both sides (A then B, then B then A), stopped after
--nodes nodes (both stop on the same poll); a sample is B/A of one pair, so the machine's
swings cancel. Prints each side's nodes (deterministic), the median times, microseconds a
node and the median ratio, then the geometric mean of the ratios. Puzzles by name (a prefix)
from bench/data, as bench/ab_variants.py takes them.

    python bench/ab_compiled_search.py --without-required --pairs 3 "Hard renban 3" Wecoc
    python bench/ab_compiled_search.py --so /tmp/before.so --pairs 3 16x16
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
from core.search import STOP_EVERY, node_capped
from core.variants import compiled, engine, lines, rules


def load_build(path: str):
    """The compiled module of another build, under another name (its init is PyInit__variants,
    so the name keeps `_variants` last)."""
    loader = importlib.machinery.ExtensionFileLoader("ab_before._variants", path)
    spec = importlib.util.spec_from_file_location("ab_before._variants", path, loader=loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def programs(p, without_required: bool, of: tuple = ()):
    """(A's program, B's program) of the puzzle's plan (`of`: the names of the classes whose
    `seen` A lacks; empty: every propagator whose digits are required)."""
    plan = engine.plan_of(engine.shape_of(p))
    b = compiled.write(plan)
    if not without_required:
        return b, b
    if of == ("gap",):  # the between lines' ends only differ (lines.Between's gap 2)
        name, off, kept = "gap", 2, [(x, x.gap) for x in plan.props if type(x) is lines.Between]
    else:
        name, off = "seen", None
        kept = [(x, x.seen) for x in plan.props if getattr(x, "required", False)
                and (not of or type(x).__name__ in of)]
    for prop, _ in kept:
        setattr(prop, name, off)
    try:
        a = compiled.write(plan)
    finally:
        for prop, value in kept:
            setattr(prop, name, value)
    return a, b


def timed(module, program, cand, keeps, polls: int) -> tuple[int, float]:
    start = time.perf_counter()
    _, _, nodes, _ = module.search(program, cand[:], 2, node_capped(None, polls), keeps, KEPT)
    return nodes, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="+")
    side = parser.add_mutually_exclusive_group(required=True)
    side.add_argument("--without-required", action="store_true")
    side.add_argument("--so", help="A's build of core/native/_variants")
    parser.add_argument("--of", action="append", default=[],
                        help="with --without-required: only this class's (CageSum, Innie, "
                             "Renban, Quadruple; again for more), or gap: the between "
                             "lines' ends only differ")
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--nodes", type=int, default=200_000)
    args = parser.parse_args()
    if native.variants is None:
        parser.exit(2, "the compiled variants engine is not built\n")
    a_module = load_build(args.so) if args.so else native.variants
    polls = max(1, args.nodes // STOP_EVERY)
    rows = [row for rows in puzzle_sets(("links", "setters", "iss")).values() for row in rows]
    ratios = []
    for want in args.names:
        for name, p, _ in (row for row in rows if row[0].startswith(want)):
            if isinstance(p, ValueError):
                continue
            a_prog, b_prog = programs(p, args.without_required, tuple(args.of))
            cand = engine.given_candidates(p, engine.plan_of(engine.shape_of(p)))
            keeps = rules.keeps(p)
            times = {"A": [], "B": []}
            nodes = {}
            for i in range(args.pairs):
                for tag in ("AB" if i % 2 == 0 else "BA"):
                    module, program = (a_module, a_prog) if tag == "A" else (native.variants,
                                                                          b_prog)
                    nodes[tag], t = timed(module, program, cand, keeps, polls)
                    times[tag].append(t)
            pair = [b / a for a, b in zip(times["A"], times["B"], strict=True)]
            ratio = statistics.median(pair)
            ratios.append(ratio)
            ta, tb = statistics.median(times["A"]), statistics.median(times["B"])
            print(f"{name[:40]:40} nodes {nodes['A']:>9,} -> {nodes['B']:>9,}  "
                  f"{ta * 1e3:8.1f} -> {tb * 1e3:8.1f} ms  us/node "
                  f"{ta * 1e6 / max(nodes['A'], 1):6.1f} -> {tb * 1e6 / max(nodes['B'], 1):6.1f}"
                  f"  B/A {ratio:.2f}", flush=True)
    if ratios:
        mean = math.exp(sum(map(math.log, ratios)) / len(ratios))
        print(f"{len(ratios)} puzzles, geometric mean of B/A {mean:.2f}")


if __name__ == "__main__":
    main()
