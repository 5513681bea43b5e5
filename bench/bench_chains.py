"""Sudoku Explainer's chains on both engines (core/native/chains.c and its Python reference):
per-puzzle times paired in one process (the engines alternate, first one then the other), and
that they agree: the same rating (both scales) on tests/data's SE-rated puzzles, the same steps
(`rate --steps`) on a sample, and the same chain hints with the same chains on the boards met
while rating sample puzzles.

    python bench/bench_chains.py [--min 7.0] [--limit N] [--hardest N]
                                 [--ratings both|compiled] [--scales ...] [--steps N] [--hints N]

--min: time the SE-rated sample's puzzles rated at least this (sukaku); --hardest N: the first
N of ../shared/data/sudoku/forum_hardest_1905_se11plus_sample300.txt (referee ratings:
bench/data/se_hardest_ref.txt); --ratings: every puzzle of tests/data/sudoku/se_sample.txt and
se_heldout_known.txt on both scales (--scales) against the referee, on both engines or the
compiled one; --steps N: every step of N sample puzzles
on both engines; --hints N: the chain hints on the boards of N sample puzzles.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

from common import DATA, shared

from core import native
from core.sudoku.explainer import chains
from core.sudoku.explainer.rater import explain
from tests.core.sudoku.test_chain_engines import seen

HERE = os.path.dirname(os.path.abspath(__file__))
COMPILED = native.chains


def use(compiled: bool) -> None:
    native.chains = COMPILED if compiled else None


def givens(text: str) -> list[int]:
    return [int(c) if c.isdigit() else 0 for c in text]


def sample_rows() -> list[tuple[str, float, float]]:
    rows = []
    for line in (DATA / "sudoku" / "se_sample.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            puzzle, classic, sukaku, _ = line.split()
            rows.append((puzzle, float(sukaku), float(classic)))
    return rows


def known_rows() -> list[tuple[str, float, float]]:
    rows = []
    for line in (DATA / "sudoku" / "se_heldout_known.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            puzzle, sukaku, classic = line.split()[:3]
            rows.append((puzzle, float(sukaku), float(classic)))
    return rows


def paired(name: str, puzzles: list[tuple[str, str]]) -> None:
    """Rate each puzzle on both engines, alternating which goes first; print both times."""
    print(f"\n{name}: {len(puzzles)} puzzles, sukaku scale, paired in one process")
    print(f"  {'puzzle':81} {'referee':>7} {'C':>5} {'Python':>6} {'C s':>8} {'Python s':>8}")
    times = {True: [], False: []}
    for i, (puzzle, ref) in enumerate(puzzles):
        got = {}
        for compiled in ((True, False) if i % 2 == 0 else (False, True)):
            use(compiled)
            start = time.perf_counter()
            got[compiled] = explain(givens(puzzle)).rating
            times[compiled].append(time.perf_counter() - start)
        use(True)
        flag = "" if got[True] == got[False] else "  ENGINES DIFFER"
        print(f"  {puzzle} {ref:>7} {got[True]:5} {got[False]:6} {times[True][-1]:8.2f} "
              f"{times[False][-1]:8.2f}{flag}", flush=True)
        if got[True] != got[False]:
            raise SystemExit("the engines rate differently")
    c, p = times[True], times[False]
    ratios = [a / b for a, b in zip(c, p, strict=True) if b > 0]
    print(f"  median C {statistics.median(c):.3f} s, Python {statistics.median(p):.3f} s; "
          f"max C {max(c):.2f} s, Python {max(p):.2f} s; total C {sum(c):.1f} s, Python "
          f"{sum(p):.1f} s; median ratio C/Python {statistics.median(ratios):.3f}")


def ratings(scales: list[str], engines: list[bool]) -> None:
    rows = sample_rows() + known_rows()
    print(f"\nratings of tests/data: {len(rows)} puzzles, against the referee's")
    for scale, column in (("sukaku", 1), ("classic", 2)):
        if scale not in scales:
            continue
        for compiled in engines:
            use(compiled)
            start = time.perf_counter()
            wrong = [row[0] for row in rows if explain(givens(row[0]), scale).rating != row[column]]
            print(f"  {scale:7} {'C' if compiled else 'Python':6} {len(rows) - len(wrong)}/"
                  f"{len(rows)} equal to the referee's, {time.perf_counter() - start:.1f} s",
                  flush=True)
            if wrong:
                raise SystemExit(f"different ratings: {wrong[:5]}")
    use(True)


def steps(count: int) -> None:
    rows = [row for row in sample_rows() if row[1] >= 6.5]
    rows = rows[::max(1, len(rows) // count)][:count]
    same = 0
    for scale in ("sukaku", "classic"):
        for puzzle, _, _ in rows:
            results = []
            for compiled in (True, False):
                use(compiled)
                results.append(explain(givens(puzzle), scale, steps=True))
            use(True)
            if results[0] != results[1]:
                raise SystemExit(f"different steps on {puzzle} ({scale})")
            same += 1
    print(f"\nsteps (rate --steps): {same} ratings ({len(rows)} puzzles of 6.5 and up, both "
          "scales) step for step the same on both engines")


def hints(count: int) -> None:
    """Every unary and branching chaining (without nesting) on every board where a rating asked
    for chains, on both engines."""
    rows = [row for row in sample_rows() if row[1] >= 7.0]
    rows = rows[::max(1, len(rows) // count)][:count]
    boards = []
    real = chains.Chaining.hints
    real_first = chains.Chaining._first_unary

    def record(self, board):
        boards.append(board.copy())
        return real(self, board)

    def record_first(self, board):
        boards.append(board.copy())
        return real_first(self, board)

    chains.Chaining.hints, chains.Chaining._first_unary = record, record_first
    for puzzle, _, _ in rows:
        explain(givens(puzzle))
    chains.Chaining.hints, chains.Chaining._first_unary = real, real_first
    unique = {(tuple(b.values), tuple(b.cands)): b for b in boards}
    compared = 0
    for board in unique.values():
        for multiple, dynamic, nishio in ((False, False, False), (False, True, True),
                                          (True, False, False), (True, True, False)):
            results = []
            for compiled in (True, False):
                use(compiled)
                results.append(seen(chains.Chaining(multiple, dynamic, nishio).hints(board.copy())))
            use(True)
            if results[0] != results[1]:
                raise SystemExit(f"different hints on {board.state()} "
                                 f"({multiple}, {dynamic}, {nishio})")
            compared += len(results[0])
    print(f"\nchain hints: {compared} hints on {len(unique)} boards met rating {len(rows)} sample "
          "puzzles (unary, Nishio, multiple and dynamic chainings) the same on both engines, "
          "chains, parents and causes included")


def hardest_rows(count: int) -> list[tuple[str, str]]:
    refs = {}
    for line in open(os.path.join(HERE, "data", "se_hardest_ref.txt")).read().splitlines():
        if line.strip() and not line.startswith("#"):
            puzzle, rating = line.split()[:2]
            refs[puzzle] = rating
    lines = shared("sudoku", "forum_hardest_1905_se11plus_sample300.txt").read_text()
    puzzles = [p.replace(".", "0") for p in lines.split()[:count]]
    return [(p, refs.get(p, "?")) for p in puzzles]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--min", type=float, default=None, help="time sample puzzles rated >= this")
    parser.add_argument("--limit", type=int, default=0, help="at most this many of them")
    parser.add_argument("--hardest", type=int, default=0)
    parser.add_argument("--ratings", choices=("both", "compiled"),
                        help="tests/data's ratings on both engines, or the compiled one only "
                             "(the Python engine's are the referee's: the tests say so)")
    parser.add_argument("--scales", nargs="+", default=["sukaku", "classic"])
    parser.add_argument("--steps", type=int, default=0)
    parser.add_argument("--hints", type=int, default=0)
    args = parser.parse_args()
    if COMPILED is None:
        raise SystemExit(f"the compiled chains do not run: {native.why_chains}")
    print(f"bench_chains {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
          f"load {os.getloadavg()[0]:.1f}, {os.cpu_count()} cores", flush=True)
    if args.ratings:
        ratings(args.scales, [True] if args.ratings == "compiled" else [True, False])
    if args.steps:
        steps(args.steps)
    if args.hints:
        hints(args.hints)
    if args.min is not None:
        rows = [(p, str(s)) for p, s, _ in sample_rows() if s >= args.min]
        paired(f"SE sample, {args.min}+", rows[:args.limit] if args.limit else rows)
    if args.hardest:
        paired("hardest set", hardest_rows(args.hardest))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
