"""Search nodes of the variants engine beside ISS's guesses, puzzle by puzzle (issue 34 parts 3
and 4: the gap to the Interactive Sudoku Solver is in how many nodes the search visits, and
node counts are deterministic, so they hold on a loaded machine where times do not).

Ours: engine.count to 2 (the compiled engine when built, else the Python one: the same nodes),
stopped past --nodes nodes ("+" marks a stopped count; its nodes are the cap). ISS: the guesses
of its count to 2 (bench/iss_peer.mjs: any value tried at a branch, failed ones included; the
last value of a cell is placed without a guess), read from bench/data/iss_guesses.tsv, where
--iss-refresh runs ISS for the puzzles it lacks (Pencilmark sudoku 3 alone takes ISS minutes).
A guess is not one of our nodes (a node is a branch that propagated without a contradiction),
but both count the tree's size, so the ratio says where our branching loses.

Per set and over all: the sum of the nodes, the geometric mean of the nodes and of ours / ISS's
(guesses + 1 both sides, so a puzzle without a guess counts), the worst ratios. --save writes
the nodes to a file; --against compares with such a file (the changes, the biggest first: the
swings a branching rule makes).

    python bench/bench_variant_nodes.py [--sets links,setters,iss] [--nodes 300000]
        [--only NAME ...] [--save FILE] [--against FILE] [--iss-refresh] [--iss PATH]
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

from bench_variants import puzzle_sets
from common import ROOT
from iss_convert import DEFAULT_ISS, Peer, Unshared, to_iss

from core.search import STOP_EVERY
from core.variants import engine

GUESSES = ROOT / "bench" / "data" / "iss_guesses.tsv"
HEADER = ("# ISS's guesses counting each puzzle to 2 (bench/bench_variant_nodes.py "
          "--iss-refresh; ISS checked out beside this one)\n# set <TAB> puzzle <TAB> guesses\n")


def read_table(path) -> dict[tuple[str, str], str]:
    """(set, puzzle) -> the third column of a tab-separated file (comments skipped)."""
    found = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line and not line.startswith("#"):
                set_name, name, value = line.split("\t")[:3]
                found[set_name, name] = value
    return found


def iss_guesses(sets, refresh: bool, iss) -> dict[tuple[str, str], int]:
    """ISS's guesses per (set, puzzle): the file's, ISS run for the missing ones if asked."""
    known = {k: int(v) for k, v in read_table(GUESSES).items()}
    if not refresh:
        return known
    peer = None
    for set_name, rows in sets.items():
        for name, p, _ in rows:
            if (set_name, name) in known or isinstance(p, ValueError):
                continue
            try:
                text = to_iss(p)
            except Unshared:
                continue
            peer = peer or Peer(iss)
            known[set_name, name] = peer.count(text, 2)["guesses"]
            print(f"ISS {set_name} {name}: {known[set_name, name]} guesses", flush=True)
            GUESSES.write_text(HEADER + "".join(f"{s}\t{n}\t{g}\n" for (s, n), g in
                                                known.items()), encoding="utf-8")
    if peer is not None:
        peer.close()
    return known


def node_cap(nodes: int):
    """A stop true once the search has passed about `nodes` nodes (it asks every STOP_EVERY)."""
    polls = [0]

    def stop() -> bool:
        polls[0] += 1
        return polls[0] * STOP_EVERY >= nodes
    return stop


def geomean(values) -> float:
    values = list(values)
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else 0.0


def summarise(title: str, rows) -> None:
    """rows: (name, nodes, stopped, guesses or None)."""
    paired = [r for r in rows if r[3] is not None]
    print(f"{title}: {len(rows)} puzzles, nodes {sum(r[1] for r in rows):,} "
          f"({sum(r[2] for r in rows)} stopped), geometric mean {geomean(r[1] for r in rows):.1f}")
    if paired:
        ratios = sorted(((r[1] + 1) / (r[3] + 1), r[0]) for r in paired)
        print(f"  beside ISS ({len(paired)}): our nodes {sum(r[1] for r in paired):,}, "
              f"ISS's guesses {sum(r[3] for r in paired):,}; geometric means "
              f"{geomean(r[1] + 1 for r in paired):.1f} / {geomean(r[3] + 1 for r in paired):.1f}"
              f", of the ratios {geomean(r for r, _ in ratios):.2f}; past 2x ISS: "
              f"{sum(r > 2 for r, _ in ratios)}")
        print("  worst: " + ", ".join(f"{n} {r:.1f}x" for r, n in ratios[::-1][:6]))


def compare(rows, before: dict[tuple[str, str], str]) -> None:
    """The puzzles whose nodes changed against a saved run, the biggest changes first."""
    changes = []
    for set_name, name, nodes, stopped, _ in rows:
        if (set_name, name) in before:
            old = before[set_name, name]
            was = int(old.rstrip("+"))
            if was != nodes:
                changes.append((math.log((nodes + 1) / (was + 1)), name, old, nodes, stopped))
    fewer = sum(c[0] < 0 for c in changes)
    print(f"\nagainst the saved run: {len(changes)} changed, {fewer} fewer, "
          f"{len(changes) - fewer} more")
    for delta, name, old, nodes, stopped in sorted(changes, key=lambda c: -abs(c[0]))[:25]:
        print(f"  {name:40} {old:>9} -> {nodes}{'+' if stopped else ''} ({math.exp(delta):.2f}x)")
    same = [(s, n) for s, n, *_ in rows if (s, n) in before]
    old_total = sum(int(before[k].rstrip("+")) for k in same)
    new_total = sum(r[2] for r in rows if (r[0], r[1]) in before)
    old_geo = geomean(int(before[k].rstrip("+")) + 1 for k in same)
    new_geo = geomean(r[2] + 1 for r in rows if (r[0], r[1]) in before)
    print(f"  over the {len(same)} in both: nodes {old_total:,} -> {new_total:,}, "
          f"geometric mean (nodes + 1) {old_geo:.1f} -> {new_geo:.1f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sets", default="links,setters,iss")
    ap.add_argument("--nodes", type=int, default=300_000, help="stop our count past this")
    ap.add_argument("--only", nargs="*", default=(), help="puzzles whose name starts so")
    ap.add_argument("--save", help="write set, puzzle, nodes to this file")
    ap.add_argument("--against", help="compare with a file --save wrote")
    ap.add_argument("--iss-refresh", action="store_true",
                    help="run ISS for the puzzles bench/data/iss_guesses.tsv lacks")
    ap.add_argument("--iss", default=DEFAULT_ISS, help="the ISS checkout")
    args = ap.parse_args()
    sets = puzzle_sets(args.sets.split(","))
    if args.only:
        sets = {s: [r for r in rows if r[0].startswith(tuple(args.only))]
                for s, rows in sets.items()}
    guesses = iss_guesses(sets, args.iss_refresh, args.iss)
    rows = []
    for set_name, puzzles in sets.items():
        print(f"\n{set_name}\n{'puzzle':40} {'nodes':>9} {'ISS':>9} {'ratio':>7}")
        found = []
        for name, p, solution in puzzles:
            if isinstance(p, ValueError):
                continue
            result = engine.count(p, 2, node_cap(args.nodes))
            mine = "".join(map(str, result.solution or ()))
            assert result.stopped or (result.count, mine) == (1, solution), name
            theirs = guesses.get((set_name, name))
            ratio = f"{(result.nodes + 1) / (theirs + 1):7.2f}" if theirs is not None else ""
            shown = f"{result.nodes}{'+' if result.stopped else ''}"
            print(f"{name:40} {shown:>9} {'' if theirs is None else theirs:>9} {ratio}",
                  flush=True)
            found.append((name, result.nodes, result.stopped, theirs))
            rows.append((set_name, name, result.nodes, result.stopped, theirs))
        summarise(set_name, found)
    print()
    summarise("all", [r[1:] for r in rows])
    if args.against:
        compare(rows, read_table(Path(args.against)))
    if args.save:
        with open(args.save, "w", encoding="utf-8") as f:
            f.write("# set <TAB> puzzle <TAB> nodes (+: stopped)\n")
            for set_name, name, nodes, stopped, _ in rows:
                f.write(f"{set_name}\t{name}\t{nodes}{'+' if stopped else ''}\n")


if __name__ == "__main__":
    sys.exit(main())
