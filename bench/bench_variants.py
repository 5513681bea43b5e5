"""Sudoku variants: uniqueness checks (count to 2) against the Interactive Sudoku Solver (ISS,
github.com/sigh/Interactive-Sudoku-Solver, MIT, run headless in node: bench/iss_convert.py
writes each puzzle in its constraint string), on the same puzzles in the same run: the real
f-puzzles links and generated jigsaws of bench/data/fpuzzles_links.txt, the setters' puzzles
of bench/data/sudokusolver_variants.tsv and the community sample of bench/data/iss_sample.tsv
(ISS's own example puzzles, as f-puzzles data). Ours: engine.count to 2 with a fresh plan,
median of --repeat runs (one run past a second). ISS: one long-lived node process fed the
puzzles (bench/iss_peer.mjs); its build (parse + handlers) and search times as it measures them,
median of --repeat; its start-up (node + its modules, to ready) measured apart in fresh
processes, and its whole time = start-up + build + search. Each puzzle's solution is checked
to be the published one on both sides. Per set: medians, the ratio of ours to ISS's whole
time, the worst puzzle of each side, and the puzzles slower than max(0.5 s, 10x ISS's whole);
issue 34's goals: microseconds a node (ours: counts again with the plan kept, the median of
--repeat, so the search and the count's Python around it, not the plan's building) and a guess
(ISS's search over its guesses, the median of --repeat), the
puzzles past max(0.1 s, 2x ISS's whole), the median ratio. Ours runs on the compiled engine
when it is built (`python -m core.native`); --engines times the Python engine too, on each
puzzle right after the compiled one.
All times are wall-clock in one process each: run on a quiet machine.

--cpsat adds OR-Tools CP-SAT and PyPI pencilmark on the f-puzzles links (bench/
pencilmark_convert.py); --generate and --killers time the generator (9x9 jigsaws and
zero-given killers, with how many came out unique).

    python bench/bench_variants.py [--iss PATH] [--repeat 3] [--sets links,setters,iss]
        [--only NAME ...] [--seconds 60] [--engines] [--cpsat] [--generate 0] [--killers 0]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from common import ROOT, median_ms, timed
from iss_convert import DEFAULT_ISS, IssMissing, Peer, Unshared, startup_seconds, to_iss

from core.variants import engine, links, rules
from core.variants.generator import Options, generate

LINKS = ROOT / "bench" / "data" / "fpuzzles_links.txt"
SETTERS = ROOT / "bench" / "data" / "sudokusolver_variants.tsv"
SAMPLE = ROOT / "bench" / "data" / "iss_sample.tsv"
FPUZZLES = "https://www.f-puzzles.com/?load="


def real_puzzles() -> list[tuple[str, object, str]]:
    found = []
    for line in LINKS.read_text().splitlines():
        if line and not line.startswith("#"):
            kind, solution, link = line.split("\t")
            found.append((kind, links.read(link), solution))
    return found


def puzzle_sets(names) -> dict[str, list[tuple[str, object, str]]]:
    """(name, puzzle, solution) of each set asked for."""
    found: dict[str, list] = {}
    if "links" in names:
        found["links"] = [(f"{kind}: {p.title()[:20] or i + 1}", p, solution)
                          for i, (kind, p, solution) in enumerate(real_puzzles())]
    for name, path in (("setters", SETTERS), ("iss", SAMPLE)):
        if name in names:
            rows = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()
                    if line and not line.startswith("#")]
            found[name] = [(row[0][:40], _read(row[-1]), row[-2]) for row in rows]
    return found


def _read(data: str):
    """The puzzle of an f-puzzles data string, or the reader's error when it refuses it."""
    try:
        return links.read(FPUZZLES + data)
    except ValueError as e:
        return e


def count_ms(puzzle, repeat: int, seconds: float = 0) -> float:
    """Our count to 2 with a fresh plan (as the command line sees a puzzle): the median of
    `repeat` runs, one when the first takes past a second; stopped after `seconds` if given."""
    times = []
    for _ in range(repeat):
        engine.plan_of.cache_clear()
        rules.gathered.cache_clear()  # the shape's rules, which clashes and keeps gather
        start = time.perf_counter()
        stop = (lambda s=start: time.perf_counter() - s > seconds) if seconds else (lambda: False)
        result, t = timed(engine.count, puzzle, 2, stop)
        times.append(t)
        if t > 1 or result.stopped:
            break
    return median_ms(times), result


def warm_ms(puzzle, repeat: int, seconds: float) -> float:
    """Our count to 2 with the plan kept (a count just made it): the median of `repeat` runs,
    one when the first takes past a second."""
    times = []
    for _ in range(repeat):
        _, t = timed(engine.count, puzzle, 2, deadline(seconds))
        times.append(t)
        if t > 1:
            break
    return median_ms(times)


def iss_ms(peer: Peer, text: str, repeat: int):
    """ISS's build and search milliseconds (medians), its guesses and solutions."""
    runs = [peer.count(text, 2) for _ in range(repeat)]
    build = statistics.median(r["build_ms"] for r in runs)
    search = statistics.median(r["search_ms"] for r in runs)
    return build, search, runs[0]["guesses"], runs[0]["solutions"]


def deadline(seconds: float):
    """A stop true `seconds` from now."""
    end = time.perf_counter() + seconds
    return lambda: time.perf_counter() > end


def python_ms(puzzle, repeat: int, seconds: float):
    """count_ms on the Python engine (the compiled one put back after)."""
    from core import native

    kept, native.variants = native.variants, None
    try:
        return count_ms(puzzle, repeat, seconds)
    finally:
        native.variants = kept


def report_iss(sets, iss, repeat: int, seconds: float, engines: bool = False) -> None:
    startup = statistics.median(startup_seconds(iss, 5)) * 1000
    print(f"ISS start-up (node + its modules, to ready; median of 5 fresh processes): "
          f"{startup:.1f} ms; ISS whole = start-up + build + search")
    peer = Peer(iss)
    for set_name, rows in sets.items():
        print(f"\n{set_name}: {len(rows)} puzzles")
        print(f"{'puzzle':40} {'ours ms':>9} {'nodes':>7} {'us/node':>8} {'ISS build':>9} "
              f"{'search':>8} {'guesses':>7} {'us/guess':>8} {'whole':>8} {'ratio':>6}"
              + (f" {'Python ms':>10} {'x':>6}" if engines else ""))
        table = []
        for name, p, solution in rows:
            if isinstance(p, ValueError):
                print(f"{name:40} not read: {p}")
                continue
            try:
                text = to_iss(p)
            except Unshared as e:
                print(f"{name:40} not shared with ISS: {e}")
                continue
            ours, result = count_ms(p, repeat, seconds)
            build, search, guesses, theirs = iss_ms(peer, text, repeat)
            mine = ["".join(map(str, s)) for s in result.solutions]  # as bench/data has them
            theirs = ["".join(str(int(ch, 36)) for ch in s) for s in theirs]
            assert result.stopped or mine == [solution] == theirs, name
            assert theirs == [solution], name
            whole = startup + build + search
            shown = f">{ours:8.0f}" if result.stopped else f"{ours:9.1f}"
            # per node: counts again with the plan (and its program) kept, so the search alone
            # (and a count's Python around it); the median of `repeat`, as ISS's search is
            per_node = warm_ms(p, repeat, seconds) * 1000 / max(result.nodes, 1)
            per_guess = search * 1000 / max(guesses, 1)
            line = (f"{name:40} {shown} {result.nodes:7} {per_node:8.1f} {build:9.1f} "
                    f"{search:8.1f} {guesses:7} {per_guess:8.1f} {whole:8.1f} "
                    f"{ours / whole:6.2f}")
            if engines:  # the Python engine on the same puzzle, right after
                slow, again = python_ms(p, repeat, seconds)
                assert again.stopped or result.stopped or (again.count, again.nodes) == (
                    result.count, result.nodes), name
                line += f" {slow:10.1f} {slow / ours:6.1f}"
            print(line)
            table.append((name, ours, whole, build + search, result.stopped, per_node,
                          per_guess, guesses))
        summarise(table)
    peer.close()


def summarise(table) -> None:
    if not table:
        return
    ours = statistics.median(t[1] for t in table)
    whole = statistics.median(t[2] for t in table)
    inside = statistics.median(t[3] for t in table)
    print(f"median: ours {ours:.1f} ms, ISS whole {whole:.1f} ms (ratio {ours / whole:.2f}), "
          f"ISS build + search {inside:.1f} ms (ratio {ours / inside:.2f})")
    ratios = [t[1] / t[2] for t in table]
    print(f"median of the ratios ours / ISS whole: {statistics.median(ratios):.3f} "
          f"(issue 34 asks <= 0.05)")
    guessed = [t for t in table if t[7] >= 100]  # enough guesses for a per-node figure
    if guessed:
        per = [t[5] / t[6] for t in guessed]
        print(f"per node (puzzles where ISS guessed 100 times or more: {len(guessed)}): ours "
              f"{statistics.median(t[5] for t in guessed):.1f} us, ISS "
              f"{statistics.median(t[6] for t in guessed):.1f} us a guess, median ratio "
              f"{statistics.median(per):.2f}, worst {max(per):.2f} (issue 34 asks <= 2)")
    late = [t for t in table if t[4] or t[1] > max(100, 2 * t[2])]
    print(f"past max(0.1 s, 2x ISS whole): {len(late)} of {len(table)}"
          + "".join(f"\n  {t[0]}: {t[1]:.0f} ms{' (stopped)' if t[4] else ''} against "
                    f"{t[2]:.1f} ms" for t in late))
    worst_ours = max(table, key=lambda t: t[1])
    worst_iss = max(table, key=lambda t: t[2])
    print(f"worst of ours: {worst_ours[0]} {worst_ours[1]:.1f} ms (ISS {worst_ours[2]:.1f} ms)")
    print(f"worst of ISS: {worst_iss[0]} {worst_iss[2]:.1f} ms (ours {worst_iss[1]:.1f} ms)")
    slow = [t for t in table if t[4] or t[1] > max(500, 10 * t[2])]
    print(f"slower than max(0.5 s, 10x ISS whole): {len(slow)}"
          + "".join(f"\n  {t[0]}: {t[1]:.0f} ms{' (stopped)' if t[4] else ''} against "
                    f"{t[2]:.1f} ms" for t in slow))


def cpsat_ms(puzzle) -> float:
    from tests.core.variants.cpsat import cpsat_count

    found, t = timed(cpsat_count, puzzle, 2)
    return t * 1000, found


def pencilmark_ms(puzzle, solution: str, repeat: int) -> str:
    """pencilmark's JSON load and exhaustive search (median of `repeat`), checked to find
    the same one solution; "-" where it is not installed or the puzzle is not shared."""
    try:
        from pencilmark_convert import pencilmark_count
    except ImportError:
        return f"{'-':>17}"
    runs = []
    for _ in range(repeat):
        found = pencilmark_count(puzzle, 2)
        if found is None:
            return f"{'-':>17}"
        runs.append(found)
    assert len(runs[0][0]) == 1 and "".join(map(str, runs[0][0][0])) == solution
    load = statistics.median(r[1] for r in runs) * 1000
    search = statistics.median(r[2] for r in runs) * 1000
    return f"{load:7.1f} +{search:9.1f}"


def report_counts(rows, repeat: int) -> None:
    print(f"{'puzzle':28} {'ours ms':>9} {'CP-SAT ms':>10} {'ratio':>7} "
          f"{'pencilmark load+search ms':>26} {'ratio':>7}")
    by_kind: dict[str, list[float]] = {}
    for name, kind, puzzle, solution in rows:
        ours, result = count_ms(puzzle, repeat)
        peer, peer_count = cpsat_ms(puzzle)
        right = result.unique and (solution is None or "".join(map(str, result.solution))
                                   == solution)
        assert right and peer_count == 1, name
        by_kind.setdefault(kind, []).append(ours)
        pm = pencilmark_ms(puzzle, solution, repeat)
        total = sum(float(x) for x in pm.replace("+", " ").split()) if "-" not in pm else 0
        pm_ratio = f"{ours / total:7.2f}" if total else f"{'-':>7}"
        print(f"{name:28} {ours:9.1f} {peer:10.1f} {ours / peer:7.2f} {pm:>26} {pm_ratio}")
    for kind, values in by_kind.items():
        print(f"median {kind:20} {statistics.median(values):9.1f} ms over {len(values)}")


def generation(kind: str, count: int, **options) -> None:
    """Median time to a puzzle; each one counted again (unique?) and, for killers, its
    one-cell cages (givens in disguise) and givens."""
    rng = random.Random(7)
    seconds, unique, singles, givens = [], 0, 0, 0
    for _ in range(count):
        start = time.perf_counter()
        puzzle, _ = generate(Options(kind, 9, seconds=120, **options), rng)
        seconds.append(time.perf_counter() - start)
        unique += engine.count(puzzle, 2).unique
        singles += sum(len(cage.cells) == 1 for cage in puzzle.cages)
        givens += puzzle.clue_count
    print(f"generate {kind:10} n={count}  median {statistics.median(seconds):6.2f} s  "
          f"max {max(seconds):6.2f} s  unique {unique}/{count}  one-cell cages {singles}  "
          f"givens {givens / count:.1f} a puzzle")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--iss", default=DEFAULT_ISS, help="the ISS checkout (default: "
                        "../Interactive-Sudoku-Solver beside this one)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--sets", default="links,setters,iss",
                        help="links, setters and/or iss (comma separated)")
    parser.add_argument("--seconds", type=float, default=60, help="stop our count after")
    parser.add_argument("--cpsat", action="store_true", help="CP-SAT and pencilmark too")
    parser.add_argument("--engines", action="store_true",
                        help="the Python engine too, on each puzzle right after the compiled "
                        "one (its time and how many times slower)")
    parser.add_argument("--generate", type=int, default=0)
    parser.add_argument("--killers", type=int, default=0)
    parser.add_argument("--only", nargs="*", default=(), help="puzzles whose name starts so")
    args = parser.parse_args()
    sets = puzzle_sets(args.sets.split(","))
    if args.only:
        sets = {name: [r for r in rows if r[0].startswith(tuple(args.only))]
                for name, rows in sets.items()}
    try:
        report_iss(sets, args.iss, args.repeat, args.seconds, args.engines)
    except IssMissing as e:
        raise SystemExit(str(e)) from None
    if args.cpsat:
        rows = [(f"{kind}: {p.title()[:20] or i + 1}", kind, p, s)
                for i, (kind, p, s) in enumerate(real_puzzles())]
        report_counts(rows, args.repeat)
    if args.generate:
        generation("jigsaw", args.generate)
    if args.killers:
        generation("killer", args.killers)


if __name__ == "__main__":
    main()
