"""The two Sudoku engines on a bigger differential corpus than the test's: every answer of the
compiled engine against the Python engine's (counts to 2 and 5, a preferred-symbol search in
a random cell order, a node cap, a stop, a propagation), on puzzles of every size.

    python bench/diff_engines.py [--n 20000] [--seed 1]
"""

from __future__ import annotations

import argparse
import time

import common  # noqa: F401  (puts the repository on the path)

from tests.core.sudoku.corpus import corpus, differences


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.perf_counter()
    puzzles = list(corpus(args.n, args.seed))
    found = list(differences(puzzles, args.seed + 1))
    for line in found[:20]:
        print(line)
    print(f"{len(puzzles)} puzzles, {len(found)} with different answers, "
          f"{time.perf_counter() - start:.1f} s")
    raise SystemExit(1 if found else 0)


if __name__ == "__main__":
    main()
