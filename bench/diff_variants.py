"""The two variants engines on a bigger differential corpus than the test's: random puzzles of
every constraint kind (4x4 to 9x9; rules no kind names, ors of them and grids of digits from
0 among them) counted to 5, and the community puzzles (f-puzzles links,
ISS's sample) counted to 2 and stopped after --polls polls of 64 nodes; every answer of the
compiled engine (count, solutions in order, nodes, stop) against the Python engine's.

    python bench/diff_variants.py [--n 2000] [--seed 1] [--polls 40]
"""

from __future__ import annotations

import argparse
import time

import common  # noqa: F401  (puts the repository on the path)

from tests.core.variants.corpus import community, differences, random_corpus


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--polls", type=int, default=40, help="the community puzzles' stop")
    args = parser.parse_args()
    start = time.perf_counter()
    puzzles = list(random_corpus(args.n, args.seed))
    found = list(differences(puzzles, limit=5))
    shared = list(community())
    found += differences(shared, limit=2, polls=args.polls)
    for line in found[:20]:
        print(line)
    print(f"{len(puzzles)} random and {len(shared)} community puzzles, {len(found)} with "
          f"different answers, {time.perf_counter() - start:.1f} s")
    raise SystemExit(1 if found else 0)


if __name__ == "__main__":
    main()
