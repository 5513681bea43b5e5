"""Paired in-process A/B of the arithmetic searches: core/arith/search.py at a git revision
(A) against the working tree (B), on the multiplications, divisions and alphametics of
../shared/data/arith (where to get them: tests/data/README.md).

Both versions are imported into one process under different module names and called
alternately (A then B, then B then A); a sample is the ratio B/A of one pair, so the machine's
swings of speed cancel. A process carries a small bias of its own (a copy of A against itself
comes out up to ~3 % off on sub-millisecond cases), so the pairs are spread over several
processes and pooled. `--control` times A against a second copy of A: it should give ~1.00.

    python bench/ab_arith.py --rev HEAD --cases M01,M02,ALPHA
"""

from __future__ import annotations

import argparse
import csv
import importlib.util
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import paired, pooled_pairs, shared

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
SEARCH = ROOT / "core" / "arith" / "search.py"
PAIRS = {"M01": 200, "M02": 40, "ALPHA": 12}
REPS = {"M01": 5, "M03": 5, "M04": 10, "M05": 5, "M06": 5}  # runs per timing of tiny cases


def load(path: str, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cases() -> dict[str, list]:
    from core.arith import parse

    found = {path.name[:3]: [parse(path.read_text())]
             for path in sorted(shared("arith", "mushikuizan").glob("*.txt"))}
    rows = csv.DictReader(shared("arith", "alphametics.tsv").open(), delimiter="\t")
    found["ALPHA"] = [parse(row["puzzle"]) for row in rows]
    return found


def timed(search, puzzles, reps: int) -> float:
    from core.arith.checker import Checker

    total = 0.0
    for _ in range(reps):
        for puzzle in puzzles:
            checker = Checker(puzzle, None)  # outside the clock: the same code for both
            start = time.perf_counter()
            search.SEARCHES[puzzle.op](puzzle, checker, [], 2, None)
            total += time.perf_counter() - start
    return total / reps


def worker(case: str, pairs: int, a_path: str, b_path: str) -> None:
    a, b = load(a_path, "search_a"), load(b_path, "search_b")
    puzzles, reps = cases()[case], REPS.get(case, 1)
    timed(a, puzzles, reps), timed(b, puzzles, reps)  # warm up
    paired(lambda i: timed(a, puzzles, reps), lambda i: timed(b, puzzles, reps), pairs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", default="HEAD", help="A: search.py at this git revision")
    parser.add_argument("--cases", default="M01,M02,ALPHA",
                        help="M01..M06, D01..D08 (files of ../shared/data/arith), "
                        "ALPHA (all 57 alphametics)")
    parser.add_argument("--pairs", type=int, default=0, help="pairs a case (default: by case)")
    parser.add_argument("--procs", type=int, default=4, help="processes the pairs are spread on")
    parser.add_argument("--control", action="store_true", help="A against a copy of A")
    parser.add_argument("--worker", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        case, pairs, a_path, b_path = args.worker
        worker(case, int(pairs), a_path, b_path)
        return
    old = subprocess.run(["git", "-C", str(ROOT), "show", f"{args.rev}:core/arith/search.py"],
                         capture_output=True, text=True, check=True).stdout
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(old)
    a_path = f.name
    b_path = a_path if args.control else str(SEARCH)
    print(f"A = {args.rev}, B = {'a copy of A' if args.control else 'the working tree'}")
    print(f"{'case':6} {'pairs':>5} {'A ms':>9} {'B ms':>9} {'B/A':>7}   per process")
    for case in args.cases.split(","):
        per = -(-(args.pairs or PAIRS.get(case, 60)) // args.procs)
        pooled_pairs(__file__, case, [case, str(per), a_path, b_path], args.procs, 6, 3)
    Path(a_path).unlink()


if __name__ == "__main__":
    main()
