"""The Interactive Sudoku Solver (github.com/sigh/Interactive-Sudoku-Solver, MIT) run headless
in node (bench/iss_peer.mjs) as the peer of bench_variants.py and bench_iss_links.py. Our
puzzles travel to it as its constraint strings, written by core.variants.iss (the one place that
knows ISS's types: what each of our constraints becomes is said there). Bench code only: none
of ISS's code is in this repository. Get it with
`git clone https://github.com/sigh/Interactive-Sudoku-Solver` beside the checkout
(../Interactive-Sudoku-Solver, or say where with --iss); it needs node 20.

    to_iss(puzzle) -> str      Peer(path).count(text, 2) -> dict (see bench/iss_peer.mjs)
"""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path

from core.variants.iss import IssError as Unshared  # what ISS cannot hold (a box indexer)
from core.variants.iss import read as read_iss
from core.variants.iss import write as to_iss

DEFAULT_ISS = Path(__file__).resolve().parent.parent.parent / "Interactive-Sudoku-Solver"
PEER_SCRIPT = Path(__file__).resolve().parent / "iss_peer.mjs"
__all__ = ["DEFAULT_ISS", "PEER_SCRIPT", "IssMissing", "Peer", "Unshared", "agree",
           "startup_seconds", "to_iss"]


class IssMissing(RuntimeError):
    """ISS or node is not where the bench looks."""


class Peer:
    """One long-lived node process running ISS (bench/iss_peer.mjs serve): puzzles in as
    constraint strings, solutions and its own build and search times out."""

    def __init__(self, iss: Path = DEFAULT_ISS):
        self.iss = Path(iss)
        if not (self.iss / "js" / "solver" / "sudoku_builder.js").exists():
            raise IssMissing(
                f"the Interactive Sudoku Solver is not at {self.iss}: clone "
                "https://github.com/sigh/Interactive-Sudoku-Solver there (MIT; node 20 runs "
                "it) or give its folder with --iss PATH")
        self.proc, self.startup = self._start()

    def _start(self):
        start = time.perf_counter()
        try:
            proc = subprocess.Popen(["node", str(PEER_SCRIPT), str(self.iss), "serve"],
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        except FileNotFoundError as e:
            raise IssMissing("node is not on the PATH (ISS runs in node 20)") from e
        ready = proc.stdout.readline()
        if not ready.startswith('{"ready"'):
            raise IssMissing(f"ISS did not start: {ready.strip() or 'no answer'}")
        return proc, time.perf_counter() - start

    def count(self, text: str, limit: int = 2) -> dict:
        self.proc.stdin.write(json.dumps({"input": text, "limit": limit}) + "\n")
        self.proc.stdin.flush()
        reply = json.loads(self.proc.stdout.readline())
        if "error" in reply:
            raise ValueError(f"ISS refused the puzzle: {reply['error']}")
        return reply

    def candidates(self, text: str, support: int) -> dict:
        """ISS's all possibilities with candidate support up to `support` (counts: numValues
        numbers a cell, value 1 first)."""
        self.proc.stdin.write(json.dumps({"input": text, "support": support}) + "\n")
        self.proc.stdin.flush()
        reply = json.loads(self.proc.stdout.readline())
        if "error" in reply:
            raise ValueError(f"ISS refused the puzzle: {reply['error']}")
        return reply

    def root(self, text: str, cands: list[int] | None = None) -> list[int] | None:
        """ISS's candidates where its first guess is about to be made (the root's propagation
        and its forced steps; a mask a cell, bit 0 its least value, as ours), None when it
        found a contradiction first. `cands`: start from these candidates instead of the
        givens' (a state of our search), ISS's propagation of them."""
        ask = {"input": text, "root": True}
        if cands is not None:
            ask["cands"] = list(cands)
        self.proc.stdin.write(json.dumps(ask) + "\n")
        self.proc.stdin.flush()
        reply = json.loads(self.proc.stdout.readline())
        if "error" in reply:
            raise ValueError(f"ISS refused the puzzle: {reply['error']}")
        return reply["root"] if reply["ok"] else None

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait()


def startup_seconds(iss: Path = DEFAULT_ISS, times: int = 5) -> list[float]:
    """Node start-up plus loading ISS's modules, to its first answer's readiness, each in a
    fresh process."""
    found = []
    for _ in range(times):
        peer = Peer(iss)
        found.append(peer.startup)
        peer.close()
    return found


def agree(iss: Path = DEFAULT_ISS, per_kind: int = 3) -> None:
    """Solution counts (up to 50) and the solutions themselves, ours and ISS's, on random 4x4,
    6x6 and 9x9 (45 givens) puzzles of every constraint kind the brute-force tests build, and
    of the negative rules alone and together beside marks of their families."""
    import random

    from core.variants import engine
    from core.variants.model import make, parts_of
    from tests.core.variants.helpers import KINDS, random_puzzle

    peer, compared, skipped = Peer(iss), 0, []
    negatives = ({"white"}, {"black"}, {"white", "black"}, {"x"}, {"v"}, {"x", "v"})
    cases = [(kind, None) for kind in KINDS] + [(k, neg) for k in ("white", "black", "x", "v",
                                                                    "white-k", "bar")
                                                for neg in negatives]
    for kind, negative in cases:
        rng = random.Random(f"iss-{kind}-{sorted(negative or ())}")
        for n, givens, times in ((4, 2, per_kind), (6, 10, per_kind), (6, 12, per_kind),
                                 (9, 45, 1)):
            for _ in range(times if kind != "jigsaw" or n < 9 else 0):
                p = random_puzzle(kind, n, rng, givens=givens)
                if negative is not None:
                    parts = dict(parts_of(p), negative=negative)
                    p = make(n, p.givens, p.regions, **parts)
                try:
                    text = to_iss(p)
                except Unshared as e:
                    skipped.append(f"{kind} {n}x{n}: {e}")
                    continue
                ours = engine.count(p, 50)
                theirs = peer.count(text, 50)
                mine = sorted("".join(f"{v:x}" for v in s) for s in ours.solutions)
                same = ours.count == 50 or mine == sorted(theirs["solutions"])  # 50: the cap
                assert ours.count == len(theirs["solutions"]) and same, (kind, negative, text)
                back = engine.count(read_iss(text), 50)  # and the string read back
                assert sorted(back.solutions) == sorted(ours.solutions), (kind, negative, text)
                compared += 1
    peer.close()
    print(f"ISS agrees on {compared} puzzles; not shared: {len(skipped)}")
    for line in sorted(set(skipped)):
        print("  ", line)


if __name__ == "__main__":
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    agree(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_ISS)
