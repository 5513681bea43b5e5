"""Paired in-process A/B of the human-logic solvers: the workbench ladder
(core/sudoku/ladder.py) and the variants logic (core/variants/logic.py) at a git revision (A)
against the working tree (B), on the puzzles of bench/logic_snapshot.py.

The A side's ladder.py and logic.py are imported under other names (they import the rest of
the working tree: the engines, the models); both sides solve each puzzle in turn (A then B,
then B then A), the same steps are asserted, and a sample is the ratio B/A of one pair, so
the machine's swings of speed cancel; times are this process's CPU time. Prints, per solver,
the median times and the median and geometric mean of the ratios.

    python bench/ab_logic.py --rev HEAD~1 --pairs 3 --per-file 6
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time

from common import ROOT, files_at
from logic_snapshot import classic_puzzles, variant_puzzles

from core.sudoku import ladder
from core.variants import logic


def load(folder: str, name: str, tag: str):
    """The module `name`.py of `folder`, imported as `name`_`tag`."""
    module = type(sys)(f"{name}_{tag}")
    sys.modules[module.__name__] = module
    path = f"{folder}/{name}.py"
    with open(path, encoding="utf-8") as f:
        exec(compile(f.read(), path, "exec"), module.__dict__)
    return module


def run_ladder(module, puzzle):
    return [s.text for s in module.solve_logically(puzzle).steps]


def run_logic(module, p):
    return [s.text for s in module.solve_logically(p)[0]]


def paired(run, old, new, puzzles, pairs: int) -> list[tuple[float, float]]:
    """(time A, time B) of each pair; the same steps on both sides."""
    found = []
    for name, puzzle in puzzles:
        for k in range(pairs):
            order = ((old, 0), (new, 1)) if k % 2 == 0 else ((new, 1), (old, 0))
            times, said = [0.0, 0.0], [None, None]
            for module, side in order:
                start = time.process_time()  # CPU: the machine's other load counts less
                said[side] = run(module, puzzle)
                times[side] = time.process_time() - start
            if said[0] != said[1]:
                raise SystemExit(f"{name}: the steps differ between A and B")
            found.append((times[0], times[1]))
    return found


def report(what: str, found: list[tuple[float, float]]) -> None:
    ratios = [b / a for a, b in found]
    a_ms, b_ms = (statistics.median(t[side] for t in found) * 1000 for side in (0, 1))
    print(f"{what}: {len(found)} pairs; median A {a_ms:.2f} ms, B {b_ms:.2f} ms; "
          f"ratio B/A median "
          f"{statistics.median(ratios):.3f}, geometric mean "
          f"{math.exp(statistics.fmean(math.log(r) for r in ratios)):.3f}, total "
          f"{sum(b for _, b in found) / sum(a for a, _ in found):.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rev", default="HEAD", help="the A side's revision")
    parser.add_argument("--pairs", type=int, default=3, help="pairs per puzzle")
    parser.add_argument("--per-file", type=int, default=6, help="puzzles of each file or set")
    parser.add_argument("--control", action="store_true", help="B is a copy of A")
    parser.add_argument("--only", choices=("ladder", "variants"), help="one solver alone")
    args = parser.parse_args()
    ladder_a = load(files_at(args.rev, "core/sudoku", ["ladder"]), "ladder", "a")
    logic_a = load(files_at(args.rev, "core/variants", ["logic"]), "logic", "a")
    ladder_b, logic_b = ladder, logic
    if args.control:
        ladder_b = load(files_at(args.rev, "core/sudoku", ["ladder"]), "ladder", "b")
        logic_b = load(files_at(args.rev, "core/variants", ["logic"]), "logic", "b")
    print(f"A: {args.rev} ({ROOT.name}); B: {'a copy of A' if args.control else 'working tree'}")
    if args.only != "variants":
        report("ladder", paired(run_ladder, ladder_a, ladder_b,
                                classic_puzzles(args.per_file), args.pairs))
    if args.only != "ladder":
        report("variants logic", paired(run_logic, logic_a, logic_b,
                                        variant_puzzles(args.per_file), args.pairs))


if __name__ == "__main__":
    main()
