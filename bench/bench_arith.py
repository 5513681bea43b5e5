"""Masked arithmetic: uniqueness proven (count to 2), solver time without start-up.

    python bench/bench_arith.py [--repeat 5]

Data: the 57 alphametics and 14 long calculations of ../shared/data/arith (where to get them:
tests/data/README.md).

Peers, measured in the same run when installed (`make bench` installs both): OR-Tools CP-SAT
on the alphametics (a linear model with AllDifferent, counting up to two solutions) and PyPI
`cryptarithm` on the divisions; the article's C++ solver for M02 is quoted (about 10-15 ms of
CPU on this machine class).
"""

from __future__ import annotations

import argparse
import csv
import statistics
import time

from common import median_ms, shared

from core.arith import count, parse
from core.arith.model import is_letter

ARTICLE_M02_MS = 12.5  # the middle of the quoted 10-15 ms


def timed_median(fn, repeat: int) -> tuple[object, float]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return result, statistics.median(times)


def cp_sat_count(puzzle) -> int:
    """Solutions of an addition alphametic, up to two, with CP-SAT."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    letters = {}
    rows = puzzle.rows()
    terms = []
    for role, cells in rows:
        sign = -1 if role == "result" else 1
        for i, ch in enumerate(cells):
            if ch not in letters:
                letters[ch] = model.NewIntVar(0, 9, ch)
            if i == 0 and len(cells) > 1:
                model.Add(letters[ch] >= 1)
            terms.append(sign * 10 ** (len(cells) - 1 - i) * letters[ch])
    model.AddAllDifferent(list(letters.values()))
    model.Add(sum(terms) == 0)

    class Stop(cp_model.CpSolverSolutionCallback):
        def __init__(self):
            super().__init__()
            self.found = 0

        def on_solution_callback(self):
            self.found += 1
            if self.found >= 2:
                self.StopSearch()

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    callback = Stop()
    solver.Solve(model, callback)
    return callback.found


def alphametics(repeat: int) -> None:
    rows = list(csv.DictReader(shared("arith", "alphametics.tsv").open(), delimiter="\t"))
    ours, theirs = [], []
    try:
        import ortools  # noqa: F401
        have_peer = True
    except ImportError:
        have_peer = False
    for row in rows:
        p = parse(row["puzzle"])
        assert all(is_letter(c) for _, cells in p.rows() for c in cells)
        result, t = timed_median(lambda p=p: count(p, limit=2), repeat)
        assert result.count == min(int(row["n_solutions"]), 2), row["id"]
        ours.append((t, row["id"]))
        if have_peer:
            found, t_peer = timed_median(lambda p=p: cp_sat_count(p), repeat)
            assert found == result.count, row["id"]
            theirs.append(t_peer)
    total = sum(t for t, _ in ours)
    worst = max(ours)
    line = (f"alphametics (57): total {total * 1000:.0f} ms, median "
            f"{median_ms([t for t, _ in ours]):.1f} ms, slowest {worst[0] * 1000:.1f} ms "
            f"({worst[1]})")
    if theirs:
        line += (f"; CP-SAT total {sum(theirs) * 1000:.0f} ms, slowest "
                 f"{max(theirs) * 1000:.1f} ms; ours/CP-SAT (total) {total / sum(theirs):.2f}")
    print(line, flush=True)


def long_calculations(repeat: int) -> None:
    for path in sorted(shared("arith", "mushikuizan").glob("*.txt")):
        p = parse(path.read_text())
        result, t = timed_median(lambda p=p: count(p, limit=2), repeat)
        extra = ""
        if path.name.startswith("M02"):
            extra = f"  ours/article C++ (~{ARTICLE_M02_MS} ms) {t * 1000 / ARTICLE_M02_MS:.1f}"
        print(f"{path.name[:44]:44} count {result.count}  median {t * 1000:8.2f} ms{extra}",
              flush=True)


def cryptarithm_text(p) -> str | None:
    """A division in PyPI cryptarithm's layout (quotient, divisor)dividend, then subtrahend and
    next working number for each step, the remainder last); None when a quotient digit is 0:
    that package shows a step for every digit, our files skip the zero steps."""
    if any(step is None for step in p.steps):
        return None
    lines = [p.result, p.operands[1] + ")" + p.operands[0]]
    for j, step in enumerate(p.steps):
        if j:
            lines.append(step.working)
        lines.append(step.subtrahend)
    lines.append(p.steps[-1].remainder)
    return "\n".join(lines)


def divisions_vs_cryptarithm() -> None:
    """Both count to two on the same divisions; side conditions (# extra) are left out, as the
    peer has no way to state them."""
    try:
        from cryptarithm import Division, solve_division
    except ImportError:
        print("cryptarithm not installed (pip install cryptarithm): no division peer")
        return
    for path in sorted(shared("arith", "mushikuizan").glob("D*.txt")):
        text = "\n".join(ln for ln in path.read_text().splitlines() if not ln.startswith("#"))
        p = parse(text)
        peer_text = cryptarithm_text(p)
        if peer_text is None:
            print(f"{path.name[:44]:44} has a quotient digit 0: not expressible for the peer")
            continue
        ours, t = timed_median(lambda p=p: count(p, limit=2).count, 3)

        def peer(peer_text=peer_text) -> int:
            found = 0
            for _ in solve_division(Division.string2division(peer_text)):
                found += 1
                if found >= 2:
                    break
            return found

        theirs, t_peer = timed_median(peer, 1)
        assert theirs == ours, (path.name, ours, theirs)
        print(f"{path.name[:44]:44} count {ours}  ours {t * 1000:8.1f} ms  cryptarithm "
              f"{t_peer * 1000:9.1f} ms  ours/peer {t / t_peer:.3f}", flush=True)


def alphametic_generation(seeds: int) -> None:
    """Time to the first unique n-word alphametic from the default English list."""
    import random

    from core.arith.alphametic import english_words, generate_alphametic

    start = time.perf_counter()
    words = english_words()
    print(f"English word list: {len(words)} words in {time.perf_counter() - start:.2f} s")
    for n in (10, 30):
        times = []
        for seed in range(seeds):
            start = time.perf_counter()
            generate_alphametic(n, random.Random(seed), words, seconds=300)
            times.append(time.perf_counter() - start)
        print(f"first unique {n}-word alphametic: median {statistics.median(times):.2f} s, "
              f"max {max(times):.2f} s over {seeds} seeds", flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seeds", type=int, default=5, help="alphametic generation runs")
    args = parser.parse_args()
    alphametics(args.repeat)
    long_calculations(args.repeat)
    divisions_vs_cryptarithm()
    alphametic_generation(args.seeds)
