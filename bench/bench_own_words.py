"""How many of an author's words a generated ナンクロ or codeword holds (issue 35): for each
word list of puzzles/words and seeds 1-N, `generate numcro --prefer LIST --seed S` through the
family as the command line runs it, on the built-in dictionaries (`puzzle-tui dict install`).

A word "fits" when the grid has an entry of its length (and it may fill: not blocklisted or
avoided); the figure is how many of those the grid holds, and the room: how many the
entries of their lengths could hold at most (a grid with 4 entries of 5 letters holds at
most 4 of 15 five-letter words). Also said: the words not placed,
with the reason `generate` gives, and the time.

    python bench/bench_own_words.py [--seeds 5] [--lists pets_en,food_ja] [--size 9] [--uses 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter

import common

from core.family import Context
from core.numcro.family import NUMCRO, _options
from core.numcro.generator import entry_words

LISTS = ("pets_en", "garden_en", "kitchen_en", "seasons_ja", "theme_ja", "food_ja")


def run(name: str, seeds: int, size: int, seconds: float, uses: int | None) -> None:
    text = (common.ROOT / "puzzles" / "words" / f"{name}.txt").read_text()
    lang = name.rsplit("_", 1)[1]
    options = _options({"size": size, "symmetry": "rot180", "lang": lang, "seconds": seconds,
                        "prefer": text, "uses": uses})
    rows = []
    for seed in range(1, seeds + 1):
        start = time.perf_counter()
        made = NUMCRO.generate(options, random.Random(seed), context=Context())
        took = time.perf_counter() - start
        notes = made.notes
        lengths = {len(w) for w in entry_words(made.puzzle, made.solution)}
        unplaced = notes["own_words_not_placed"]
        blocked = {w for why, ws in unplaced.items() if "blocklist" in why or "avoid" in why
                   for w in ws}
        own = [*notes["own_words_in_grid"], *(w for ws in unplaced.values() for w in ws)]
        fitting = [w for w in own if len(w) in lengths and w not in blocked]
        entries = Counter(map(len, entry_words(made.puzzle, made.solution)))
        room = sum(min(n, entries[k]) for k, n in Counter(map(len, fitting)).items())
        used = len(notes["own_words_in_grid"])
        rows.append((used, len(fitting), room, took))
        print(f"  {name} seed {seed}: {used} of {len(fitting)} that fit (entries of their "
              f"lengths for {room}; {len(own)} in the list), {took:.1f} s; not placed: "
              f"{unplaced}")
    used, fitting, room, took = zip(*rows, strict=True)
    rule = f" --uses {uses}" if uses else ""
    print(f"{name:12} {size}x{size}{rule}: placed {list(used)} of {list(fitting)} that fit "
          f"(room for {list(room)}); median {statistics.median(used)} of "
          f"{statistics.median(fitting)}, time median {statistics.median(took):.1f} s "
          f"(max {max(took):.1f})")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--lists", default=",".join(LISTS))
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--uses", type=int, help="house rule: every letter used N times")
    args = parser.parse_args()
    for name in args.lists.split(","):
        run(name, args.seeds, args.size, args.seconds, args.uses)


if __name__ == "__main__":
    main()
