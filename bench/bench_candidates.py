"""True candidates with candidate support (issue 36): ours (the variants family's
true_candidates, compiled engine when built) against the Interactive Sudoku Solver's "all
possibilities" (ISS, github.com/sigh/Interactive-Sudoku-Solver, MIT, run headless in node by
bench/iss_peer.mjs; bench/iss_convert.py writes each puzzle as its constraint string), on the
same puzzles in the same run, with the same support cap (--support, 8 by default):

  setters   the setters' puzzles of bench/data/sudokusolver_variants.tsv (unique: one solution)
  sparse    near-empty 9x9 grids: two or three lines or cages drawn, no givens
  five      9x9 grids of five constraints of assorted kinds, no givens (issue 36: under 1 s)

Ours: a fresh plan each run (as the app's worker sees an edit), median of --repeat runs
(one run past a second). ISS: its build (parse + handlers) and search, as it measures them,
median of --repeat, in one long-lived node process (its start-up left out: the app's solver
stays loaded). Every puzzle's support is checked to be ISS's, candidate by candidate, and
the ratio is ours / ISS's build + search (issue 36 asks <= 2). Also the search nodes and the
solutions each side met (ISS: its solutions counter; ours: TrueCandidates.solutions).
All times are wall-clock: run on a quiet machine.

    python bench/bench_candidates.py [--iss PATH] [--support 8] [--repeat 3] [--seconds 30]
        [--sets setters,sparse,five] [--count 8] [--ours]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bench_variants import SETTERS, _read
from common import median_ms
from iss_convert import DEFAULT_ISS, Peer, Unshared, to_iss

from core.kinds import by_name
from core.variants import engine, rules
from core.variants.model import make
from tests.core.variants.helpers import constraint_parts, solution_grid

FAMILY = by_name("variants")
SPARSE_KINDS = ("thermo", "arrow", "whisper", "renban", "cage", "palindrome", "regionsum",
                "little")
FIVE_KINDS = SPARSE_KINDS + ("x", "v", "white", "black", "between", "zipper", "sandwich")


def drawn(kinds: list[str], rng: random.Random):
    """A 9x9 with no givens and one constraint of each kind, drawn around a random solution
    (so it has solutions); one mark a pair."""
    s = solution_grid(9, rng)
    parts: dict = {}
    for kind in kinds:
        for key, value in constraint_parts(kind, 9, s, rng).items():
            if key == "negative":  # every dot given: not with one mark of each kind
                continue
            if isinstance(value, set):
                parts[key] = parts.get(key, set()) | value
            else:
                parts[key] = list(parts.get(key, [])) + list(value)[:1]  # one of each
    pairs = {}
    for mark in parts.get("marks", []):
        pairs.setdefault(frozenset((mark.a, mark.b)), mark)
    parts["marks"] = list(pairs.values())
    return make(9, None, None, **parts)


def puzzle_sets(names, count: int) -> dict[str, list[tuple[str, object]]]:
    found: dict[str, list] = {}
    if "setters" in names:
        rows = [line.split("\t") for line in SETTERS.read_text(encoding="utf-8").splitlines()
                if line and not line.startswith("#")]
        found["setters"] = [(row[0][:36], _read(row[-1])) for row in rows]
    rng = random.Random(36)
    if "sparse" in names:
        found["sparse"] = []
        for i in range(count):
            kinds = rng.sample(SPARSE_KINDS, rng.choice((2, 3)))
            found["sparse"].append((f"sparse {i + 1}: {'+'.join(kinds)}", drawn(kinds, rng)))
    if "five" in names:
        found["five"] = []
        for i in range(count):
            kinds = rng.sample(FIVE_KINDS, 5)
            found["five"].append((f"five {i + 1}: {'+'.join(kinds)}"[:36], drawn(kinds, rng)))
    return found


def ours_ms(p, support: int, repeat: int, seconds: float):
    """Our true candidates with a fresh plan: the median of `repeat` runs (one when the first
    takes past a second), stopped after `seconds`."""
    times = []
    for _ in range(repeat):
        engine.plan_of.cache_clear()
        rules.gathered.cache_clear()  # the shape's rules, which clashes and keeps gather
        start = time.perf_counter()
        found = FAMILY.true_candidates(
            p, support, lambda s=start: time.perf_counter() - s > seconds)
        times.append(time.perf_counter() - start)
        if times[-1] > 1 or found.partial:
            break
    return median_ms(times), found


def iss_ms(peer: Peer, text: str, support: int, repeat: int):
    runs = [peer.candidates(text, support) for _ in range(repeat)]
    return (statistics.median(r["build_ms"] + r["search_ms"] for r in runs), runs[0])


def same_support(found, iss: dict, n: int) -> bool:
    counts = iss["counts"]
    return all(found.support[c].get(d + 1, 0) == counts[c * n + d]
               for c in range(len(found.support)) for d in range(n))


def report_ours(sets, support: int, repeat: int, seconds: float) -> None:
    """Ours alone (no ISS: the sanitizer's run, or a machine without node)."""
    for set_name, rows in sets.items():
        print(f"\n{set_name}: {len(rows)} puzzles\n{'puzzle':36} {'ours ms':>9} {'nodes':>8} "
              f"{'met':>6}")
        for name, p in rows:
            if not isinstance(p, ValueError):
                ours, found = ours_ms(p, support, repeat, seconds)
                print(f"{name:36} {ours:9.1f} {found.nodes:8} {found.solutions:6}")


def report(sets, iss_path, support: int, repeat: int, seconds: float) -> None:
    peer = Peer(iss_path)
    print(f"support up to {support}; ours: fresh plan, median of {repeat}; ISS: build + search")
    for set_name, rows in sets.items():
        print(f"\n{set_name}: {len(rows)} puzzles")
        print(f"{'puzzle':36} {'ours ms':>9} {'nodes':>8} {'met':>6} {'ISS ms':>9} "
              f"{'guesses':>8} {'met':>6} {'ratio':>6}")
        ratios, ours_all, iss_all = [], [], []
        for name, p in rows:
            if isinstance(p, ValueError):
                print(f"{name:36} not read: {p}")
                continue
            try:
                text = to_iss(p)
            except Unshared as e:
                print(f"{name:36} not shared with ISS: {e}")
                continue
            ours, found = ours_ms(p, support, repeat, seconds)
            theirs, reply = iss_ms(peer, text, support, repeat)
            agree = found.partial or same_support(found, reply, p.size)
            shown = f">{ours:8.0f}" if found.partial else f"{ours:9.1f}"
            ratio = ours / theirs
            print(f"{name:36} {shown} {found.nodes:8} {found.solutions:6} {theirs:9.1f} "
                  f"{reply['guesses']:8} {reply['solutions']:6} {ratio:6.2f}"
                  + ("" if agree else "  SUPPORT DIFFERS"))
            assert agree, name
            ratios.append(ratio)
            ours_all.append(ours)
            iss_all.append(theirs)
        if ratios:
            print(f"median: ours {statistics.median(ours_all):.1f} ms, ISS "
                  f"{statistics.median(iss_all):.1f} ms; ratio median "
                  f"{statistics.median(ratios):.2f}, worst {max(ratios):.2f}, past 2x: "
                  f"{sum(r > 2 for r in ratios)} of {len(ratios)}; ours worst "
                  f"{max(ours_all):.0f} ms")
    peer.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iss", default=DEFAULT_ISS)
    parser.add_argument("--support", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--sets", default="setters,sparse,five")
    parser.add_argument("--count", type=int, default=8, help="puzzles of sparse and five")
    parser.add_argument("--ours", action="store_true", help="ours alone, without ISS")
    args = parser.parse_args()
    from core import native

    print(native.engine())
    if args.ours:
        report_ours(puzzle_sets(args.sets.split(","), args.count), args.support, args.repeat,
                    args.seconds)
        return
    report(puzzle_sets(args.sets.split(","), args.count), args.iss, args.support, args.repeat,
           args.seconds)


if __name__ == "__main__":
    main()
