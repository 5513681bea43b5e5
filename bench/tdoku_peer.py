"""tdoku (github.com/t-dillon/tdoku) as a peer: built here from its public source at a path
given on the command line (a checkout, or the folder `git archive` of it unpacks to), with the
machine's g++ -O3 -march=native, beside a small timing harness written at run time. No code
of tdoku enters this repository.

The harness reads one-line 9x9 puzzles and, for each, counts solutions up to 2 with
TdokuSolverDpllTriadSimd, timing each call alone (best of `repeat` runs, microseconds): the
same question our count answers."""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

HARNESS = r"""
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include "tdoku.h"
int main(int argc, char **argv) {
    int repeat = argc > 1 ? atoi(argv[1]) : 1;
    char line[1024], solution[82];
    while (fgets(line, sizeof line, stdin)) {
        if (strlen(line) < 81) continue;
        line[81] = 0;
        for (int i = 0; i < 81; i++) if (line[i] == '0') line[i] = '.';
        double best = 1e30;
        size_t found = 0, guesses;
        for (int r = 0; r < repeat; r++) {
            auto start = std::chrono::steady_clock::now();
            found = TdokuSolverDpllTriadSimd(line, 2, 0, solution, &guesses);
            auto end = std::chrono::steady_clock::now();
            double us = std::chrono::duration<double, std::micro>(end - start).count();
            if (us < best) best = us;
        }
        printf("%zu %.3f\n", found, best);
    }
}
"""


def build(source: Path) -> Path:
    """The harness linked with tdoku's solver, in a temporary folder; its path."""
    src = source / "src"
    if not (src / "solver_dpll_triad_simd.cc").exists():
        raise SystemExit(f"{source}: no tdoku source (src/solver_dpll_triad_simd.cc) there")
    folder = Path(tempfile.mkdtemp(prefix="tdoku-peer-"))
    (folder / "harness.cc").write_text(HARNESS)
    binary = folder / "harness"
    subprocess.run(["g++", "-O3", "-march=native", "-std=c++17", f"-I{source / 'include'}",
                    str(folder / "harness.cc"), str(src / "solver_dpll_triad_simd.cc"),
                    str(src / "util.cc"), "-o", str(binary)], check=True)
    return binary


def counts(binary: Path, lines: list[str], repeat: int) -> list[tuple[int, float]]:
    """(solutions up to 2, best microseconds) per puzzle line."""
    out = subprocess.run([str(binary), str(repeat)], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, check=True).stdout
    return [(int(a), float(b)) for a, b in (row.split() for row in out.splitlines())]
