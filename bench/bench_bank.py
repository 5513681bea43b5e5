"""Bank building throughput: rated, deduplicated 9x9 Sudokus a second with one local process,
with --jobs 2, and on a Dask LocalCluster of two worker processes, in the same run on the same
seeds (so the three banks hold the same puzzles); the ratios, and what 1M puzzles on 16 cores
would take at the measured rate per core.

    python bench/bench_bank.py [--n 1000] [--symmetry none]
"""

from __future__ import annotations

import argparse
import sqlite3
import tempfile
import time
from pathlib import Path

from common import ROOT  # noqa: F401  (puts the project on the path)

from cli import main as puzzle_tui


def build(path: Path, n: int, symmetry: str, *where: str) -> float:
    start = time.perf_counter()
    status = puzzle_tui(["bank", "build", str(path), "--count", str(n), "--seed", "1",
                         "--symmetry", symmetry, *where])
    assert status == 0, status
    return time.perf_counter() - start


def held(path: Path) -> set:
    db = sqlite3.connect(path)
    try:
        return set(db.execute("SELECT canonical FROM puzzles"))
    finally:
        db.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1000)
    parser.add_argument("--symmetry", default="none")
    args = parser.parse_args()
    from distributed import LocalCluster

    folder = Path(tempfile.mkdtemp())
    one = build(folder / "one.sqlite", args.n, args.symmetry)
    two = build(folder / "two.sqlite", args.n, args.symmetry, "--jobs", "2")
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None, host="127.0.0.1") as cluster:
        dask = build(folder / "dask.sqlite", args.n, args.symmetry, "--scheduler",
                     cluster.scheduler_address)
    same = held(folder / "one.sqlite") == held(folder / "two.sqlite") == held(
        folder / "dask.sqlite")
    n = args.n
    print(f"{n} rated 9x9 ({args.symmetry}), same puzzles in all three: {same}")
    print(f"--jobs 1            {n / one:7.1f}/s  ({one:.1f} s)")
    print(f"--jobs 2            {n / two:7.1f}/s  ({two:.1f} s)  jobs 2 / jobs 1: {one / two:.2f}")
    print(f"LocalCluster 2 x 1  {n / dask:7.1f}/s  ({dask:.1f} s)  cluster / jobs 2: "
          f"{two / dask:.2f}")
    per_core = n / two / 2
    print(f"1M on 16 cores at {per_core:.1f}/s a core: {1e6 / (16 * per_core) / 3600:.1f} h")


if __name__ == "__main__":
    main()
