"""The compiled engine under AddressSanitizer and UndefinedBehaviorSanitizer: its C sources
built with both into a copy of the tree, then each part's tests and a bigger differential run
on that build: the solver (its engine tests, bench/diff_engines.py), the variants engine (its
tests, bench/diff_variants.py), true candidates on both (their tests, bench/bench_candidates.py
--ours), the rater's searches (their tests, bench/diff_rater.py) and
its chains (their tests; bench/bench_chains.py's hints, steps and ratings on a sample). Any
report ends the run with an error (`make sanitize`).

    python bench/sanitize.py [--n 5000] [--variants 600] [--step 10] [--chains 8]
        [--candidates 4] [--parts sudoku variants candidates rater chains]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

from common import ROOT

FLAGS = ["-std=c11", "-O1", "-g", "-fno-omit-frame-pointer", "-fsanitize=address,undefined",
         "-fno-sanitize-recover=all", "-shared", "-fPIC"]


def build(tree: Path) -> None:
    """The tree's Python sources and tests, and its C modules built with the sanitizers."""
    skip = shutil.ignore_patterns("*.so", "__pycache__")
    for part in ("core", "tests", "bench"):
        shutil.copytree(ROOT / part, tree / part, ignore=skip)
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    for source in sorted((ROOT / "core" / "native").glob("*.c")):
        target = tree / "core" / "native" / f"_{source.stem}{suffix}"
        subprocess.run(["gcc", *FLAGS, f"-I{sysconfig.get_paths()['include']}", str(source),
                        "-o", str(target)], check=True)


def runs(args) -> dict[str, tuple[str, list[list[str]]]]:
    """Each part: its module, and the runs that exercise it."""
    pytest = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    return {
        "sudoku": ("_sudoku", [
            pytest + ["tests/core/sudoku/test_engines.py", "tests/core/sudoku/test_solver.py"],
            [sys.executable, "bench/diff_engines.py", "--n", str(args.n), "--seed", "7"]]),
        "variants": ("_variants", [
            pytest + ["tests/core/variants/test_engines.py",
                      "tests/core/variants/test_custom_rules.py::"
                      "test_both_engines_agree_step_for_step"],
            [sys.executable, "bench/diff_variants.py", "--n", str(args.variants), "--seed", "7",
             "--polls", "8"]]),
        "candidates": ("_variants", [  # both engines' true candidates (_sudoku's too)
            pytest + ["tests/core/test_candidates.py"],
            [sys.executable, "bench/bench_candidates.py", "--ours", "--repeat", "1",
             "--count", str(args.candidates)]]),
        "rater": ("_explainer", [
            pytest + ["tests/core/sudoku/test_explainer_engines.py"],
            [sys.executable, "bench/diff_rater.py", "--step", str(args.step), "--no-ratings"]]),
        "chains": ("_chains", [
            pytest + ["tests/core/sudoku/test_chain_engines.py"],
            [sys.executable, "bench/bench_chains.py", "--hints", str(args.chains), "--steps",
             str(args.chains), "--min", "8.5", "--limit", str(args.chains)]]),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=5000, help="puzzles of the bigger corpus")
    parser.add_argument("--variants", type=int, default=600,
                        help="random variant puzzles of the variants' corpus")
    parser.add_argument("--step", type=int, default=10,
                        help="the rater's corpus: every step-th SE-rated puzzle")
    parser.add_argument("--chains", type=int, default=8,
                        help="SE sample puzzles whose chains both engines compare")
    parser.add_argument("--candidates", type=int, default=4,
                        help="open 9x9 grids of each of bench_candidates' sets")
    parser.add_argument("--parts", nargs="+",
                        choices=("sudoku", "variants", "candidates", "rater", "chains"),
                        default=["sudoku", "variants", "candidates", "rater", "chains"],
                        help="which parts' runs (default all; all are built)")
    args = parser.parse_args()
    asan = subprocess.run(["gcc", "-print-file-name=libasan.so"], capture_output=True,
                          text=True, check=True).stdout.strip()
    chosen = [runs(args)[part] for part in args.parts]
    with tempfile.TemporaryDirectory() as folder:
        tree = Path(folder)
        build(tree)
        env = {**os.environ, "PYTHONPATH": str(tree), "LD_PRELOAD": asan,
               "ASAN_OPTIONS": "detect_leaks=0:abort_on_error=0:exitcode=99",
               "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1:exitcode=99"}
        env.pop("PUZZLE_ENGINE", None)
        for module, _ in chosen:
            loaded = subprocess.run([sys.executable, "-c", f"import core.native.{module} as m; "
                                     "print(m.__file__)"], cwd=tree, env=env,
                                    capture_output=True, text=True, check=True).stdout.strip()
            if not loaded.startswith(str(tree)):
                sys.exit(f"the sanitized build was not the one loaded: {loaded}")
        for step in [step for _, steps in chosen for step in steps]:
            print("$", " ".join(step[1:]), flush=True)
            done = subprocess.run(step, cwd=tree, env=env)
            if done.returncode:
                sys.exit(f"sanitized run failed (exit {done.returncode})")
    print("sanitizers: no report")


if __name__ == "__main__":
    main()
