"""Could classic Sudoku's propagation (core/sudoku/solver.py, singles) be the variants
engine's (core/variants/engine.py: singles, propagators, negative pairs, locked candidates,
blame)? This times the two on the same classic 9x9 trials (every digit of every open cell of
each puzzle's propagated givens), paired trial by trial in CPU time: solver's Python
reference (`_propagate`) against engine.propagate on the classic plan with its locked
candidates phase made a no-op (singles alone, as classic Sudoku's). A ratio over 1 is what
classic Sudoku's hot loop would pay for one shared loop. It also counts the trials where the
two reach different candidates: engine.propagate does not look again at the houses of a cell
a hidden single placed (its twin in variants.c neither), solver.propagate does, so its
fixpoint can hold fewer candidates (and its node counts, and sudoku.c's, depend on that).

    python bench/ab_two_propagates.py --set top1465_sample.txt --step 20 --rounds 3
"""

from __future__ import annotations

import argparse
import gc
import time

from common import DATA

from core.sudoku import solver
from core.sudoku.formats import iter_puzzles
from core.sudoku.model import geometry
from core.variants import engine
from core.variants.model import make


def cpu(f, *args) -> tuple[float, bool]:
    start = time.process_time()
    ok = f(*args)
    return time.process_time() - start, ok


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", default="top1465_sample.txt")
    parser.add_argument("--step", type=int, default=20, help="every step-th puzzle")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    puzzles = [p for _, p in iter_puzzles((DATA / "sudoku" / args.set).read_text())][::args.step]
    engine.locked_candidates = lambda *args: []  # singles only, as classic Sudoku's
    plan = engine.plan_of(engine.shape_of(make(9)))
    geo = geometry(puzzles[0].shape)
    times = [0.0, 0.0]
    trials = differ = 0
    gc.disable()
    for puzzle in puzzles:
        root = solver._initial(puzzle.givens, geo, solver._propagate)
        for c, m in enumerate(root or []):
            for bit in (1 << b for b in range(9) if m >> b & 1 and m & (m - 1)):
                trials += 1
                for k in range(args.rounds):
                    sides = {}
                    for side in ((0, 1) if (k + trials) % 2 else (1, 0)):
                        cand = root[:]
                        cand[c] = bit
                        if side == 0:
                            t, ok = cpu(solver._propagate, cand, geo, [c], 0)
                        else:
                            t, ok = cpu(engine.propagate, cand, plan, [c])
                        times[side] += t
                        sides[side] = (ok, cand if ok else None)
                differ += sides[0] != sides[1]
    gc.enable()
    print(f"{len(puzzles)} puzzles, {trials} trials x {args.rounds}: solver._propagate "
          f"{times[0] * 1000:.1f} ms, engine.propagate {times[1] * 1000:.1f} ms, "
          f"engine/solver {times[1] / times[0]:.3f}; {differ} trials reach another fixpoint")


if __name__ == "__main__":
    main()
