"""The workbench arithmetic scale against the search effort, and the logic's soundness.

1. Spearman rank correlation between the score (core/arith/rating.py) and the exact
   counter's nodes (core/arith/search.py, counting to 2) over the shared puzzles with one
   answer and freshly generated ones of both kinds; the median nodes of each level.
2. Soundness: random small calculations of both kinds (tests/core/arith/soundness.py), each
   checked against the exact counter: no answer's digit ruled out, a finished calculation
   has exactly that one answer; the outcomes counted.

    python bench/bench_arith_rating.py [--generated N] [--cases N] [--seed S]
"""

from __future__ import annotations

import argparse
import csv
import random
import statistics
import sys
from collections import Counter

from common import SHARED, spearman

from core.arith import Options, count, generate, parse
from core.arith.alphametic import english_words, generate_alphametic
from core.arith.rating import LEVELS, rate
from core.errors import GenerationFailed

SHAPES = [("add", (4, 4, 4)), ("sub", (5, 4)), ("mul", (3, 2)), ("mul", (3, 3)),
          ("mul", (4, 2)), ("div", (2, 2)), ("div", (2, 3)), ("div", (1, 4))]


def shared() -> list[tuple[str, object]]:
    """(kind, puzzle) for the shared puzzles with exactly one answer (M02, 23x20, aside: its
    rating takes seconds and says only "expert")."""
    found = []
    for path in sorted((SHARED / "arith" / "mushikuizan").glob("[MD]*.txt")):
        puzzle = parse(path.read_text())
        if "M02" not in path.name and count(puzzle).unique:
            found.append(("虫食算", puzzle))
    with open(SHARED / "arith" / "alphametics.tsv") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            puzzle = parse(row["puzzle"])
            if count(puzzle).unique:
                found.append(("覆面算", puzzle))
    return found


def generated(n: int, seed: int) -> list[tuple[str, object]]:
    """n 虫食算 over SHAPES and n 覆面算 of 3 to 5 words, any level, seeds from `seed`."""
    found = []
    for i in range(n):
        op, digits = SHAPES[i % len(SHAPES)]
        puzzle, _ = generate(Options(op=op, digits=digits), random.Random(seed + i))
        found.append(("虫食算", puzzle))
    words = english_words()
    for i in range(n):
        try:
            puzzle = generate_alphametic(3 + i % 3, random.Random(seed + i), words, 30)
        except GenerationFailed:
            continue
        found.append(("覆面算", puzzle))
    return found


def correlate(puzzles: list[tuple[str, object]], title: str) -> None:
    rows = [(kind, rate(p), count(p).nodes) for kind, p in puzzles]
    for label, chosen in (("both", rows), *((k, [r for r in rows if r[0] == k])
                                             for k in ("虫食算", "覆面算"))):
        scores, nodes = [r.score for _, r, _ in chosen], [n for _, _, n in chosen]
        print(f"{title} {label}: {len(chosen)} puzzles, Spearman(score, nodes) "
              f"{spearman(scores, nodes):.3f}")
    by_level = {level: [n for _, r, n in rows if r.level == level] for level in LEVELS}
    print("  median nodes by level: " + ", ".join(
        f"{level} {statistics.median(n):.0f} ({len(n)})" for level, n in by_level.items() if n))


def soundness(cases: int, seed: int) -> bool:
    from tests.core.arith.soundness import case, check

    rng = random.Random(seed)
    outcomes: Counter = Counter()
    faults = 0
    for _ in range(cases):
        puzzle = case(rng)
        try:
            outcomes[check(puzzle)] += 1
        except AssertionError as fault:
            faults += 1
            print(f"  FAULT: {fault}")
    kinds = ", ".join(f"{n} {outcome}" for outcome, n in outcomes.most_common())
    print(f"soundness: {cases} random calculations, {faults} faults; {kinds}")
    return faults == 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--generated", type=int, default=150, help="of each kind")
    parser.add_argument("--cases", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    puzzles = shared()
    correlate(puzzles, "shared")
    made = generated(args.generated, args.seed)
    correlate(made, "generated")
    correlate(puzzles + made, "all")
    sys.exit(0 if soundness(args.cases, args.seed) else 1)
