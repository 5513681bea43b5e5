"""Paired in-process A/B of classic Sudoku's Python propagation and search: core/sudoku/
solver.py at a git revision (A) against the working tree (B), on the same classic 9x9 trials
(every digit of every open cell of each puzzle's propagated givens, as the ladder's and the
generator's trials place them: `_propagate`) and on whole counts to 2 (`explore`, the Python
search; its nodes must be equal). A and B alternate trial by trial; the same result and
candidates are asserted. Times are this process's CPU time. `--control` times A against a
copy of A. The Python engine is forced (PUZZLE_ENGINE=python).

    python bench/ab_solver_propagate.py --rev main --step 20 --rounds 3
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import os
import sys
import time

os.environ["PUZZLE_ENGINE"] = "python"

from common import DATA, ROOT, files_at  # noqa: E402

from core.sudoku.formats import iter_puzzles  # noqa: E402
from core.sudoku.model import geometry  # noqa: E402


def load(folder: str, tag: str):
    spec = importlib.util.spec_from_file_location(f"solver_{tag}", f"{folder}/solver.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def cpu(f, *args):
    start = time.process_time()
    out = f(*args)
    return time.process_time() - start, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rev", default="HEAD", help="A: solver.py at this git revision")
    parser.add_argument("--set", default="top1465_sample.txt")
    parser.add_argument("--step", type=int, default=20, help="every step-th puzzle")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--control", action="store_true", help="A against a copy of A")
    args = parser.parse_args()
    a_dir = files_at(args.rev, "core/sudoku", ["solver"])
    sides = load(a_dir, "a"), load(a_dir if args.control else str(ROOT / "core/sudoku"), "b")
    puzzles = [p for _, p in iter_puzzles((DATA / "sudoku" / args.set).read_text())][::args.step]
    geo = geometry(puzzles[0].shape)
    prop, count = [0.0, 0.0], [0.0, 0.0]
    trials = nodes = 0
    gc.disable()
    for i, puzzle in enumerate(puzzles):
        root = sides[0]._initial(puzzle.givens, geo, sides[0]._propagate) or []
        for c, m in enumerate(root):
            for bit in (1 << b for b in range(9) if m >> b & 1 and m & (m - 1)):
                trials += 1
                for k in range(args.rounds):
                    seen = []
                    for side in ((0, 1) if (k + trials) % 2 else (1, 0)):
                        cand = root[:]
                        cand[c] = bit
                        t, ok = cpu(sides[side]._propagate, cand, geo, [c], 0)
                        prop[side] += t
                        seen.append((ok, cand))
                    if seen[0] != seen[1]:
                        raise SystemExit(f"puzzle {i}, cell {c}: the two propagations differ")
        for k in range(args.rounds):
            seen = []
            for side in ((0, 1) if (k + i) % 2 else (1, 0)):
                t, out = cpu(sides[side].explore, list(puzzle.givens), geo, 2, None, None, 0,
                             None, True)
                count[side] += t
                seen.append(out)
            if seen[0] != seen[1]:
                raise SystemExit(f"puzzle {i}: the two counts differ")
            nodes += seen[0][2]
    gc.enable()
    print(f"A = {args.rev}, B = {'a copy of A' if args.control else 'the working tree'}; "
          f"{len(puzzles)} puzzles x {args.rounds} rounds")
    print(f"_propagate: {trials} trials  A {prop[0] * 1000:.1f} ms  B {prop[1] * 1000:.1f} ms  "
          f"B/A {prop[1] / prop[0]:.3f}")
    print(f"explore (count to 2): {nodes} nodes  A {count[0] * 1000:.1f} ms  "
          f"B {count[1] * 1000:.1f} ms  B/A {count[1] / count[0]:.3f}")


if __name__ == "__main__":
    main()
