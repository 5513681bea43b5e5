"""ISS's own puzzles as ISS links: every example and collection puzzle of the Interactive Sudoku
Solver (github.com/sigh/Interactive-Sudoku-Solver, MIT; data/example_puzzles.js and
data/collections.js), in the constraint string its links carry (ISS's canonical form, as
bench/iss_peer.mjs dumps it), read by the workbench's ISS reader (core/variants/iss.py) and
counted to 2 by the workbench and by ISS in node, in the same run. Prints each puzzle's
outcome with -v, then the totals: read, refused by name (and which ISS type), counted right,
wrong (a count or solution that differs from ISS's: must be none), unfinished (a side past
--seconds), and of the puzzles the workbench should read (every type one it has a kind for,
on a square grid of digits 1 to N) how many read and counted right.

    python bench/bench_iss_links.py [--iss PATH] [--seconds 60] [-v]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import select
import subprocess
import time
from collections import Counter
from pathlib import Path

from common import ROOT  # noqa: F401  (puts the repository on the path)
from iss_convert import DEFAULT_ISS, PEER_SCRIPT, Peer

from core.variants import iss
from core.variants.family import VARIANTS
from core.variants.model import ModelError

GENERIC_READERS = ("Sum",)  # read only in the forms the workbench writes
BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"  # ISS's peer writes each digit so


def iss_puzzles(path) -> list[dict]:
    out = subprocess.run(["node", str(PEER_SCRIPT), str(path), "all"], capture_output=True,
                         text=True, check=True).stdout
    return json.loads(out)


def should_read(text: str) -> bool:
    """Every type one the workbench has a kind for, on a grid it has (square, 1 to N)."""
    try:
        found = iss.items(text)
        iss._size(found)
    except iss.IssError:
        return False
    return all(item.type in iss.READERS and item.type not in GENERIC_READERS
               for item in found)


def blockers(text: str) -> set[str]:
    """The types of a string no kind reads (ISS's generic ones, and a Shape that is no grid of
    the workbench's, named Shape)."""
    try:
        found = iss.items(text)
    except iss.IssError:
        return {"(malformed)"}
    types = {item.type for item in found if (item.type in iss.NO_KIND and item.type != "End")
             or item.type in GENERIC_READERS}
    try:
        iss._size(found)
    except iss.IssError:
        types.add("Shape")
    return types


class TimedPeer(Peer):
    """ISS in node, given up on (and restarted) past a deadline."""

    def count_within(self, text: str, limit: int, seconds: float) -> dict | None:
        self.proc.stdin.write(json.dumps({"input": text, "limit": limit}) + "\n")
        self.proc.stdin.flush()
        ready, _, _ = select.select([self.proc.stdout], [], [], seconds)
        if not ready:
            self.proc.kill()
            self.proc.wait()
            self.proc, _ = self._start()
            return None
        return json.loads(self.proc.stdout.readline())


def ours(p, seconds: float):
    deadline = time.monotonic() + seconds
    return VARIANTS.count(p, 2, lambda: time.monotonic() > deadline)


def outcome(entry: dict, peer: TimedPeer, seconds: float) -> tuple[str, str]:
    """(read|refused|error|right|wrong|unfinished, detail) of one puzzle."""
    text = entry["input"]
    try:
        p = iss.read(text)
    except iss.IssError as error:  # each names the item's type and why
        return "refused", f"{error.kind or '-'}: {error}"
    except ModelError as error:
        return "error", f"model: {error}"
    found = ours(p, seconds)
    theirs = peer.count_within(text, 2, seconds)
    if found.stopped or theirs is None:
        return "unfinished", "ours" if found.stopped else "ISS"
    if "error" in theirs:
        return "wrong", f"ISS refuses it: {theirs['error']}"
    mine = sorted("".join(BASE36[v - p.shift] for v in s)  # as shown: 0-8 grids say 0
                  for s in found.solutions)
    if found.count != len(theirs["solutions"]) or (  # two of many: each side finds its own
            found.count == 1 and mine != sorted(theirs["solutions"])):
        return "wrong", f"ours {found.count}, ISS {len(theirs['solutions'])}"
    return "right", f"{found.count} solution(s)"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--iss", default=DEFAULT_ISS)
    parser.add_argument("--seconds", type=float, default=60, help="give up counting after")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    peer = TimedPeer(args.iss)  # says where to get ISS when it is missing
    commit = subprocess.run(["git", "-C", str(args.iss), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip() or (
        "examples sha256 " + hashlib.sha256((Path(args.iss) / "data" / "example_puzzles.js")
                                            .read_bytes()).hexdigest()[:12])
    puzzles = iss_puzzles(args.iss)
    tally, refused, alone, should, should_right, wrong = Counter(), Counter(), Counter(), 0, 0, []
    for entry in puzzles:
        result, detail = outcome(entry, peer, args.seconds)
        tally[result] += 1
        if result == "refused":
            blocking = blockers(entry["input"]) or {detail.split(":")[0] + " (as used)"}
            refused.update(blocking)
            alone.update(blocking if len(blocking) == 1 else ())
        if should_read(entry["input"]):
            should += 1
            should_right += result == "right"
        if result in ("wrong", "error") or args.verbose:
            print(f"{result:10} {entry['group'][:20]:20} {entry['name'][:30]:30} {detail[:150]}")
        if result == "wrong":
            wrong.append(entry["name"])
    peer.close()
    read = tally["right"] + tally["wrong"] + tally["unfinished"]
    print(f"\nISS {commit}: {len(puzzles)} puzzles; read {read}, refused by name "
          f"{tally['refused']}, other errors {tally['error']}; counted right {tally['right']}, "
          f"wrong {tally['wrong']}, unfinished (past {args.seconds:g} s) {tally['unfinished']}")
    print(f"the workbench should read {should}: read and counted right {should_right} "
          f"({100 * should_right / max(should, 1):.1f}%)")
    print("refused: the ISS types no kind reads, with the puzzles holding each (and holding it "
          "as their only such type):")
    print("  " + ", ".join(f"{kind} {count} ({alone[kind]})"
                           for kind, count in refused.most_common()))
    if wrong:
        print("WRONG:", ", ".join(wrong))


if __name__ == "__main__":
    main()
