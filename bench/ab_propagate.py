"""Paired in-process A/B of the variants engine's propagation alone (engine.propagate, the
Python reference: the hot loop of the Python search, of `start` and of the variants logic's
contradictions): each puzzle's trials (every digit of every open cell after `start`, placed
and propagated, as logic.contradiction tries them) run on engine.py at a git revision (A) and
on the working tree (B), alternating A and B trial by trial; the same result and candidates
are asserted. Prints per puzzle the trials, the total time of each side and B/A, then the
geometric mean. Times are this process's CPU time (a shared machine's load counts less).
`--control` times A against a copy of A.

    python bench/ab_propagate.py --rev main --rounds 5 Eddies "killer: Blitz" bars
"""

from __future__ import annotations

import argparse
import gc
import math
import time

from ab_variants import chosen, load, old_files
from common import ROOT


def trials(engine, p) -> list[tuple[list[int], int]]:
    """(candidates, cell) of each trial: one digit of an open cell of the propagated givens."""
    plan = engine.plan_of(engine.shape_of(p))
    cand = engine.start(p, plan) or []
    found = []
    for c, m in enumerate(cand):
        while m & (m - 1) and m:
            bit = m & -m
            m ^= bit
            trial = cand[:]
            trial[c] = bit
            found.append((trial, c))
    return found


def timed(engine, plan, trial, cell) -> tuple[float, bool, list[int], list[int]]:
    cand, blame = trial[:], []
    start = time.process_time()  # this process's CPU: the other processes' load counts less
    ok = engine.propagate(cand, plan, [cell], blame=blame)
    return time.process_time() - start, ok, cand, blame


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzles", nargs="+", help="names (or parts of them), or bars")
    parser.add_argument("--rev", default="HEAD", help="A: the files at this git revision")
    parser.add_argument("--rounds", type=int, default=5, help="times each trial is run")
    parser.add_argument("--control", action="store_true", help="A against a copy of A")
    args = parser.parse_args()
    a_dir = old_files(args.rev)
    a = load(a_dir, "a")
    b = load(a_dir if args.control else str(ROOT / "core" / "variants"), "b")
    print(f"A = {args.rev}, B = {'a copy of A' if args.control else 'the working tree'}")
    logs = []
    for name, p in chosen(args.puzzles):
        plans = a.plan_of(a.shape_of(p)), b.plan_of(b.shape_of(p))
        both = [0.0, 0.0]
        found = trials(a, p)
        if not found:  # solved by propagation from the start: nothing to time
            print(f"{name[:40]:40}      0 trials  (skipped)", flush=True)
            continue
        gc.disable()
        for k in range(args.rounds):
            for i, (trial, cell) in enumerate(found):
                order = (0, 1) if (i + k) % 2 == 0 else (1, 0)
                runs = {side: timed((a, b)[side], plans[side], trial, cell) for side in order}
                if runs[0][1:] != runs[1][1:]:
                    raise SystemExit(f"{name}: trial {i} differs between A and B")
                both[0] += runs[0][0]
                both[1] += runs[1][0]
        gc.enable()
        logs.append(math.log(both[1] / both[0]))
        print(f"{name[:40]:40} {len(found):6} trials  A {both[0] * 1000:9.1f} ms  "
              f"B {both[1] * 1000:9.1f} ms  B/A {both[1] / both[0]:.3f}", flush=True)
    if logs:
        print(f"geometric mean of B/A: {math.exp(sum(logs) / len(logs)):.3f}")


if __name__ == "__main__":
    main()
