"""Paired in-process A/B of Sudoku generation: core/sudoku/solver.py and generator.py at a git
revision (A) against the working tree (B), the same seeds for both.

Both versions are imported into one process under different names and called alternately
(A then B, then B then A); a sample is the ratio B/A of one pair, so the machine's swings of
speed cancel. Pairs are spread over several processes and pooled. `--control` times A against a
second copy of A: it should give ~1.00.

    python bench/ab_sudoku.py --rev HEAD --cases plain9,rot9
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
from pathlib import Path

from common import files_at, paired, pooled_pairs

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
FILES = ("solver", "generator")
CASES = {"plain9": (9, "none", 20), "rot9": (9, "rot180", 20), "plain16": (16, "none", 1)}
PAIRS = {"plain9": 40, "rot9": 40, "plain16": 8}


def load(folder: str, tag: str):
    """The generator of `folder` (solver.py and generator.py), importing its own solver."""
    solver_name = f"solver_{tag}"
    spec = importlib.util.spec_from_file_location(solver_name, f"{folder}/solver.py")
    solver = importlib.util.module_from_spec(spec)
    sys.modules[solver_name] = solver
    spec.loader.exec_module(solver)
    source = Path(f"{folder}/generator.py").read_text().replace(
        "from core.sudoku.solver import", f"from {solver_name} import")
    generator = type(sys)(f"generator_{tag}")
    sys.modules[generator.__name__] = generator  # dataclasses look their module up
    exec(compile(source, f"{folder}/generator.py", "exec"), generator.__dict__)
    return generator


def timed(generator, case: str, first_seed: int) -> float:
    size, symmetry, n = CASES[case]
    options = generator.Options(size=size, symmetry=symmetry)
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + n):
        generator.generate(options, random.Random(seed))
    return time.perf_counter() - start


def worker(case: str, pairs: int, a_dir: str, b_dir: str, seed: int) -> None:
    a, b = load(a_dir, "a"), load(b_dir, "b")
    timed(a, case, 10 ** 6), timed(b, case, 10 ** 6)  # warm up
    first = [seed + i * CASES[case][2] for i in range(pairs)]
    paired(lambda i: timed(a, case, first[i]), lambda i: timed(b, case, first[i]), pairs)


def old_files(rev: str) -> str:
    return files_at(rev, "core/sudoku", FILES)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", default="HEAD", help="A: the files at this git revision")
    parser.add_argument("--cases", default="plain9,rot9", help=", ".join(CASES))
    parser.add_argument("--pairs", type=int, default=0, help="pairs a case (default: by case)")
    parser.add_argument("--procs", type=int, default=4, help="processes the pairs are spread on")
    parser.add_argument("--control", action="store_true", help="A against a copy of A")
    parser.add_argument("--worker", nargs=5, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        case, pairs, a_dir, b_dir, seed = args.worker
        worker(case, int(pairs), a_dir, b_dir, int(seed))
        return
    a_dir = old_files(args.rev)
    b_dir = a_dir if args.control else str(ROOT / "core" / "sudoku")
    print(f"A = {args.rev}, B = {'a copy of A' if args.control else 'the working tree'}")
    print(f"{'case':8} {'pairs':>5} {'A ms':>9} {'B ms':>9} {'B/A':>7}   per process")
    for case in args.cases.split(","):
        per = -(-(args.pairs or PAIRS[case]) // args.procs)
        pooled_pairs(__file__, case, [case, str(per), a_dir, b_dir], args.procs, 8, 1,
                     seeded=True)

if __name__ == "__main__":
    main()
