"""The community sample (bench/data/iss_sample.tsv): every puzzle of the Interactive Sudoku
Solver's examples and collections (github.com/sigh/Interactive-Sudoku-Solver, MIT,
data/example_puzzles.js and data/collections.js) that carries its published solution, that
f-puzzles can express and that ISS counts unique (one, a solver's snipe, has two), written as
f-puzzles data by bench/iss_fpuzzles.py, with its name and source link. Prints how many there
are, how many f-puzzles can express (and why not the rest), how many our reader reads and how
many we count right (unique, the published solution); a wrong count is listed first and in
full.

    python bench/make_iss_sample.py [--iss PATH] [--write] [--seconds 120] [--verbose]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import time
from collections import Counter

from common import ROOT
from iss_convert import DEFAULT_ISS, PEER_SCRIPT, Peer
from iss_fpuzzles import Inexpressible, solution_digits, to_fpuzzles

from core.variants import engine, fpuzzles, lzlink

SAMPLE = ROOT / "bench" / "data" / "iss_sample.tsv"
HEADER = """\
# Community variant puzzles as f-puzzles data (the ?load= part), from the Interactive Sudoku
# Solver's examples and collections (github.com/sigh/Interactive-Sudoku-Solver at {commit},
# data/example_puzzles.js and data/collections.js; MIT licence, (c) its authors), each with
# its published solution (unique: ISS counts each to one) and the source ISS gives (a puzzle
# video, logic-masters, a forum thread; ISS's data file where it names none). The puzzles
# are their setters'; they are kept here only to check that each one is read and counted
# right (bench/make_iss_sample.py wrote them through bench/iss_fpuzzles.py;
# tests/core/variants/test_iss_sample.py counts them).
# name <TAB> source <TAB> solution (its digits in decimal, run together) <TAB> f-puzzles data
"""


def iss_puzzles(iss) -> list[dict]:
    out = subprocess.run(["node", str(PEER_SCRIPT), str(iss), "dump"], capture_output=True,
                         text=True, check=True).stdout
    return json.loads(out)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--iss", default=DEFAULT_ISS)
    parser.add_argument("--write", action="store_true", help=f"write {SAMPLE.name}")
    parser.add_argument("--seconds", type=float, default=120, help="give up counting after")
    parser.add_argument("--verbose", action="store_true", help="each puzzle's time and nodes")
    args = parser.parse_args()
    peer = Peer(args.iss)  # says where to get ISS when it is missing
    commit = subprocess.run(["git", "-C", str(args.iss), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip() or "?"
    puzzles = iss_puzzles(args.iss)
    why_not: Counter = Counter()
    rows, unread, wrong, slow = [], [], [], []
    for p in puzzles:
        try:
            data = to_fpuzzles(p["input"])
        except Inexpressible as e:
            why_not[str(e).split(" (")[0]] += 1
            continue
        if len(peer.count(p["input"], 2)["solutions"]) != 1:  # a solver's snipe, not a puzzle
            why_not["not unique (ISS finds two solutions)"] += 1
            continue
        text = json.dumps(data, separators=(",", ":"))
        source = p["src"][0] if p["src"] else f"ISS data/{p['group']}"
        solution = "".join(map(str, solution_digits(p["solution"])))  # as tests/ write them
        rows.append((p["name"] or p["group"], source, solution, lzlink.compress(text)))
        try:
            puzzle = fpuzzles.read(json.loads(text))
        except ValueError as e:
            unread.append((p["name"], str(e)))
            continue
        start = time.monotonic()
        found = engine.count(puzzle, 2, lambda s=start: time.monotonic() > s + args.seconds)
        if args.verbose:
            print(f"{time.monotonic() - start:7.2f} s {found.nodes:8} nodes  {p['name']}",
                  flush=True)
        if found.stopped:
            slow.append(p["name"])
        elif found.count != 1 or list(found.solution) != solution_digits(p["solution"]):
            wrong.append((p["name"], found.count, p["input"]))
    for name, n, text in wrong:
        print(f"WRONG COUNT: {name}: {n} solutions\n  {text}")
    print(f"ISS puzzles with a solution: {len(puzzles)}; f-puzzles can express {len(rows)}; "
          f"read {len(rows) - len(unread)}; counted right "
          f"{len(rows) - len(unread) - len(wrong) - len(slow)}; wrong {len(wrong)}; "
          f"stopped at {args.seconds:g} s {len(slow)}")
    for name, error in unread:
        print(f"  not read: {name}: {error}")
    for name in slow:
        print(f"  not counted in {args.seconds:g} s: {name}")
    peer.close()
    print("not expressible in f-puzzles, or not unique:")
    for reason, k in why_not.most_common():
        print(f"  {k:4} {reason}")
    if args.write:
        SAMPLE.write_text(HEADER.format(commit=commit) + "".join(
            "\t".join(row) + "\n" for row in rows), encoding="utf-8")
        print(f"wrote {len(rows)} puzzles to {SAMPLE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
