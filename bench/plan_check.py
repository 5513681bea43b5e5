"""The variants engine's plan, unchanged: for each puzzle of the real f-puzzles links, the
setters' puzzles and the community sample (bench/data), and random puzzles of every kind of
constraint the tests build (tests/core/variants/helpers.py, fixed seeds, 4x4 and 6x6), a
fingerprint of its Plan's propagators in order (each one's class and every slot but its memo)
and of the logic's steps, and, for all but the community sample, the search nodes
engine.count takes to two.
`--write` records them in bench/data/plan_fingerprints.tsv; without it the script compares
and prints every puzzle that differs (exit 1 when one does). A refactor of how the plan is
gathered (the kind records) must keep them all, since the compiled twin of the search runs the
same `props` list in the same order.

    python bench/plan_check.py [--write] [--sets links,setters,iss,made]
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys

from bench_variants import puzzle_sets
from common import ROOT

from core.variants import engine

FINGERPRINTS = ROOT / "bench" / "data" / "plan_fingerprints.tsv"
COUNTED = ("links", "setters", "made")  # the community sample holds puzzles of minutes
MADE_KINDS = ("diagonal", "antidiagonal", "antiknight", "antiking", "disjoint", "jigsaw",
              "extra", "evenodd", "white", "black", "bar", "x", "v", "nonconsecutive", "less",
              "cage", "cage-nosum", "little", "thermo", "arrow", "pill", "sandwich", "whisper",
              "renban", "regionsum", "palindrome", "between", "entropic", "modular", "zipper",
              "doublearrow", "slowthermo", "nabner", "candidates", "white-k", "black-k", "quad",
              "clone", "minmax", "rowindexer", "columnindexer", "boxindexer", "xsum",
              "skyscraper")  # the kinds of tests/core/variants/helpers.py when it was written


def made() -> list[tuple[str, object, str]]:
    """Random puzzles of each kind, as the tests build them (fixed seeds)."""
    from tests.core.variants.helpers import random_puzzle

    found = []
    for kind in MADE_KINDS:
        for n, givens in ((4, 3), (6, 8)):
            for seed in range(3):
                rng = random.Random(f"{kind}-{n}-{seed}")
                found.append((f"{kind} {n}x{n} {seed}", random_puzzle(kind, n, rng, givens), ""))
    return found


def signature(prop) -> str:
    """A propagator as its class and slots (the memo, a cache, aside)."""
    slots = [s for cls in type(prop).__mro__ for s in getattr(cls, "__slots__", ())]
    return type(prop).__name__ + repr([(s, getattr(prop, s, None)) for s in slots
                                       if s != "memo"])


def fingerprint(p) -> str:
    plan = engine.plan_of(engine.shape_of(p))
    text = "\n".join(["props", *map(signature, plan.props), "steps",
                      *map(signature, plan.steps)])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def rows(names) -> list[tuple[str, str, str]]:
    found = []
    sets = puzzle_sets(names) | ({"made": made()} if "made" in names else {})
    for name, puzzles in sets.items():
        for i, (label, p, _) in enumerate(puzzles):
            nodes = str(engine.count(p, 2).nodes) if name in COUNTED else "-"
            found.append((f"{name} {i} {label}", fingerprint(p), nodes))
            print(*found[-1], sep="\t", flush=True)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--sets", default="links,setters,iss,made")
    args = parser.parse_args()
    found = rows(args.sets.split(","))
    if args.write:
        FINGERPRINTS.write_text("".join("\t".join(r) + "\n" for r in found), encoding="utf-8")
        return 0
    known = {r[0]: tuple(r[1:]) for r in (line.split("\t") for line in
                                   FINGERPRINTS.read_text(encoding="utf-8").splitlines())}
    differ = [r for r in found if known.get(r[0]) != tuple(r[1:])]
    for r in differ:
        print("DIFFERS:", *r, "was", *known.get(r[0], ("missing",)), sep="\t")
    print(f"{len(found) - len(differ)} of {len(found)} puzzles: the same plan and nodes")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
