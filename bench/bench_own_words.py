"""How many of an author's words a generated ナンクロ or codeword holds (issue 35): for each
word list of puzzles/words and seeds 1-N, `generate numcro --prefer LIST --seed S` through the
family as the command line runs it, on the built-in dictionaries (`puzzle-tui dict install`).
A list named `diary` is puzzles/words/diary_ja.txt given as `--text` (prose).

A word "fits" when the grid has an entry of its length (and it may fill: not blocklisted or
avoided); the figure is how many of those the grid holds, and the room: how many the
entries of their lengths could hold at most (a grid with 4 entries of 5 letters holds at
most 4 of 15 five-letter words). Also said: the words not placed,
with the reason `generate` gives, and the time.

With `--against REV` the run is a paired A/B in one process: the generator and seeding of
core/numcro at git revision REV (unpacked from `git archive`) against the working tree's,
seed by seed, which goes first alternating (the machine's speed swings; times compare only
within one run).

    python bench/bench_own_words.py [--seeds 5] [--lists pets_en,food_ja,diary] [--size 9]
                                    [--uses 1] [--givens 2-6] [--against main]
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import common

import core.numcro.generator as generator
from core.family import Context
from core.numcro.family import NUMCRO, _options
from core.numcro.generator import entry_words

LISTS = ("pets_en", "garden_en", "kitchen_en", "seasons_ja", "theme_ja", "food_ja", "diary")


def old_generate(rev: str, folder: Path):
    """`generate` of core/numcro/generator.py at `rev`, with that revision's seeding.py."""
    source = common.source_at(rev, folder) / "core" / "numcro"
    modules = {}
    for name in ("seeding", "generator"):
        spec = importlib.util.spec_from_file_location(f"old_{name}", source / f"{name}.py")
        modules[name] = importlib.util.module_from_spec(spec)
        sys.modules[f"old_{name}"] = modules[name]
    seeding = sys.modules.pop("core.numcro.seeding")  # the old generator imports the old one
    sys.modules["core.numcro.seeding"] = modules["seeding"]
    try:
        modules["seeding"].__spec__.loader.exec_module(modules["seeding"])
        package = sys.modules["core.numcro"]
        package.seeding, kept = modules["seeding"], package.seeding
        modules["generator"].__spec__.loader.exec_module(modules["generator"])
        package.seeding = kept
    finally:
        sys.modules["core.numcro.seeding"] = seeding
    return modules["generator"].generate


def one(options, seed: int, generate) -> tuple:
    """A puzzle through the family with `generate` as the generator; what it holds."""
    own_generate, generator.generate = generator.generate, generate
    try:
        start = time.perf_counter()
        made = NUMCRO.generate(options, random.Random(seed), context=Context())
        took = time.perf_counter() - start
    finally:
        generator.generate = own_generate
    assert not NUMCRO.rules(made.puzzle, made.solution)
    notes = made.notes
    unplaced = notes["own_words_not_placed"]
    blocked = {w for why, ws in unplaced.items() if "blocklist" in why or "avoid" in why
               for w in ws}
    own = [*notes["own_words_in_grid"], *(w for ws in unplaced.values() for w in ws)]
    entries = Counter(map(len, entry_words(made.puzzle, made.solution)))
    fitting = [w for w in own if entries[len(w)] and w not in blocked]
    room = sum(min(n, entries[k]) for k, n in Counter(map(len, fitting)).items())
    return len(notes["own_words_in_grid"]), len(fitting), room, took, len(own), unplaced


def run(name: str, seeds: int, size: int, seconds: float, uses: int | None,
        variants: dict, givens: str | None = None) -> None:
    if name == "diary":
        lang, words = "ja", {"text": (common.ROOT / "puzzles/words/diary_ja.txt").read_text()}
    else:
        lang = name.rsplit("_", 1)[1]
        words = {"prefer": (common.ROOT / "puzzles" / "words" / f"{name}.txt").read_text()}
    options = _options({"size": size, "symmetry": "rot180", "lang": lang, "seconds": seconds,
                        "uses": uses, **({"givens": givens} if givens else {}), **words})
    rows: dict[str, list] = {label: [] for label in variants}
    for seed in range(1, seeds + 1):
        order = list(variants) if seed % 2 else list(variants)[::-1]
        for label in order:
            used, fit, room, took, listed, unplaced = one(options, seed, variants[label])
            rows[label].append((used, fit, room, took))
            print(f"  {name} seed {seed} {label}: {used} of {fit} that fit (entries of their "
                  f"lengths for {room}; {listed} in the list), {took:.1f} s; not placed: "
                  f"{unplaced}")
    rule = f" --uses {uses}" if uses else ""
    rule += f" --givens {givens}" if givens else ""
    for label, found in rows.items():
        used, fitting, room, took = zip(*found, strict=True)
        print(f"{name:12} {size}x{size}{rule} {label}: placed {list(used)} of {list(fitting)} "
              f"that fit (room for {list(room)}); mean {statistics.mean(used):.1f}, median "
              f"{statistics.median(used)} of {statistics.median(fitting)}, time median "
              f"{statistics.median(took):.1f} s (max {max(took):.1f})")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--lists", default=",".join(LISTS))
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--uses", type=int, help="house rule: every letter used N times")
    parser.add_argument("--givens", metavar="A-B", help="letters given (default: as printed)")
    parser.add_argument("--against", metavar="REV", help="paired A/B against a git revision")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        variants = {"now": generator.generate}
        if args.against:
            variants = {args.against: old_generate(args.against, Path(temp)), **variants}
        for name in args.lists.split(","):
            run(name, args.seeds, args.size, args.seconds, args.uses, variants, args.givens)


if __name__ == "__main__":
    main()
