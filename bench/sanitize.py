"""The compiled engine under AddressSanitizer and UndefinedBehaviorSanitizer: its C sources
built with both into a copy of the tree, then the engines' tests (the 2,000-puzzle
differential corpus, the bad arrays, the stops; the rater's twin: its differential sample, bad
input, odd boards) and bigger corpora (the solver's, and the rater's boards of every `--step`-th
SE-rated puzzle) run on that build. Any report ends the run with an error (`make sanitize`).

    python bench/sanitize.py [--n 5000] [--step 10] [--part all|sudoku|rater]
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=5000, help="puzzles of the bigger corpus")
    parser.add_argument("--step", type=int, default=10,
                        help="the rater's corpus: every step-th SE-rated puzzle")
    parser.add_argument("--part", choices=("all", "sudoku", "rater"), default="all",
                        help="the solver's module and tests, the rater's, or both")
    args = parser.parse_args()
    asan = subprocess.run(["gcc", "-print-file-name=libasan.so"], capture_output=True,
                          text=True, check=True).stdout.strip()
    with tempfile.TemporaryDirectory() as folder:
        tree = Path(folder)
        build(tree)
        env = {**os.environ, "PYTHONPATH": str(tree), "LD_PRELOAD": asan,
               "ASAN_OPTIONS": "detect_leaks=0:abort_on_error=0:exitcode=99",
               "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1:exitcode=99"}
        env.pop("PUZZLE_ENGINE", None)
        for module in ("_sudoku", "_explainer"):
            loaded = subprocess.run([sys.executable, "-c", f"import core.native.{module} as m; "
                                     "print(m.__file__)"], cwd=tree, env=env,
                                    capture_output=True, text=True, check=True).stdout.strip()
            if not loaded.startswith(str(tree)):
                sys.exit(f"the sanitized build was not the one loaded: {loaded}")
        pytest = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
        sudoku = [pytest + ["tests/core/sudoku/test_engines.py",
                            "tests/core/sudoku/test_solver.py"],
                  [sys.executable, "bench/diff_engines.py", "--n", str(args.n), "--seed", "7"]]
        rater = [pytest + ["tests/core/sudoku/test_explainer_engines.py"],
                 [sys.executable, "bench/diff_rater.py", "--step", str(args.step),
                  "--no-ratings"]]
        steps = {"all": sudoku + rater, "sudoku": sudoku, "rater": rater}[args.part]
        for step in steps:
            print("$", " ".join(step[1:]), flush=True)
            done = subprocess.run(step, cwd=tree, env=env)
            if done.returncode:
                sys.exit(f"sanitized run failed (exit {done.returncode})")
    print("sanitizers: no report")


if __name__ == "__main__":
    main()
