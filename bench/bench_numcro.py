"""ナンクロ: solving the cases of tests/data/numcro with uniqueness proven, and generating
puzzles unique against the check tier of the built-in dictionaries (`puzzle-tui dict install`
first).

The peer is the blog's method, run in the same process on the same dictionary: the entry
with the fewest candidates first, candidates found by pattern lookup plus a word-by-word
check of the known letters (what our solver did before bit sets). Targets of issue 5: each
case <= 1 s; generation 9x9 ja <= 2 s median, 11x11 ja <= 3 s, 13x13 en <= 5 s; <= 10 givens
median for 9x9. Issue 16: ja 11x11 with the house rules kept and the blocklist on <= 2 s
median; en 13x13 pangram with 2-3 starters <= 5 s; a ~300-character diary into a unique 9x9
<= 10 s; the levels (how a person solves) ordered like their crossing and what-if
deductions. Issue 27: the defaults give 2-4 letters (3-5 on 13x13) and no trial and error.

    python bench/bench_numcro.py [--seeds 10] [--only publish|levels|defaults]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

import common

from core.numcro import parse
from core.numcro.generator import Options, generate
from core.numcro.solver import count
from core.numcro.wordsets import FillOnly, WordSets, word_sets
from dictionaries.defaults import open_default
from dictionaries.pattern import pattern
from dictionaries.store import CHECK, FILL

CASES = ("ja_wikipedia_5x5.json", "en_codewords_solver_grid1.json",
         "en_codewords_solver_grid2.json", "en_kaidoku_13x13.json")


def with_words(dictionary, extra: list[str]) -> WordSets:
    """The dictionary's words plus a case's answers (JMdict lacks キントウン)."""
    known = [(w, CHECK) for n in dictionary.meta["lengths"]
             for w in dictionary.words_of(int(n))[0]]
    return WordSets.from_words(known + [(w, FILL) for w in extra])


def blog_count(puzzle, words: WordSets, limit: int = 2) -> int:
    """The peer: most-constrained entry first, candidates by pattern then letter checks."""
    entries = [e.numbers for e in puzzle.entries()]
    by_pattern = []
    for numbers in entries:
        length = words.length(len(numbers))
        by_pattern.append([w for w in length.words if pattern(w) == pattern(numbers)])
    found = [0]

    def search(letters: dict[int, str]) -> None:
        used = set(letters.values())
        best = None
        for i, numbers in enumerate(entries):
            fits = [w for w in by_pattern[i]
                    if all(letters.get(n, ch) == ch and (n in letters or ch not in used)
                           for n, ch in zip(numbers, w, strict=True))]
            if not fits:
                return
            if any(n not in letters for n in numbers) and (best is None or
                                                           len(fits) < len(best[1])):
                best = (i, fits)
        if best is None:
            found[0] += 1
            return
        i, fits = best
        for word in fits:
            search({**letters, **dict(zip(entries[i], word, strict=True))})
            if found[0] >= limit:
                return

    search(dict(puzzle.givens))
    return found[0]


def solve_cases() -> None:
    print("tests/data cases, built-in dictionary + the case's answers, count to 2")
    print(f"{'case':34} {'count':>5} {'ours ms':>9} {'blog ms':>9} {'ours/blog':>10}")
    for name in CASES:
        text = (common.DATA / "numcro" / name).read_text()
        puzzle = parse(text)
        words = with_words(open_default(puzzle.lang),
                           [e["answer"] for e in json.loads(text)["entries"]])
        for numbers in (e.numbers for e in puzzle.entries()):
            words.length(len(numbers))  # bit sets built before timing, as in a live app
        ours, seconds = common.timed(count, puzzle, words)
        theirs, peer = common.timed(blog_count, puzzle, words)
        assert theirs == ours.count, (name, theirs, ours.count)
        print(f"{name:34} {ours.count:>5} {seconds * 1000:>9.1f} {peer * 1000:>9.1f} "
              f"{seconds / peer:>10.5f}")


def generation(seeds: int) -> None:
    print(f"\ngeneration, unique against the check tier, {seeds} seeds each")
    print(f"{'grid':14} {'median s':>9} {'max s':>7} {'givens':>7} {'levels'}")
    for lang, size in (("ja", 9), ("ja", 11), ("en", 13)):
        words = word_sets(open_default(lang))
        fill = FillOnly(words)  # as the family runs it: the fill search over fill words
        for n in range(2, size + 1):
            words.length(n)
            fill.length(n)
        times, givens, levels = [], [], []
        for seed in range(seeds):
            start = time.perf_counter()
            made = generate(Options(size=size, lang=lang), fill, words, random.Random(seed))
            times.append(time.perf_counter() - start)
            givens.append(len(made.puzzle.givens))
            levels.append(made.level)
        counted = {level: levels.count(level) for level in dict.fromkeys(levels)}
        print(f"{lang} {size}x{size:<9} {statistics.median(times):>9.2f} {max(times):>7.2f} "
              f"{statistics.median(givens):>7} {counted}")


DIARY = ("今日は朝から雨だった。駅まで歩いて、電車で会社に行った。昼休みに同僚と近くの食堂で"
         "カレーを食べた。午後は会議が長くて、少し眠くなった。帰りに本屋に寄って、料理の本と地図を"
         "買った。夜は妹から電話があり、来月の旅行の話をした。京都の寺や庭園を見に行く予定だ。天気が"
         "良ければ、川沿いを散歩して、抹茶のお菓子も食べたい。寝る前に日記を書いて、温かいお茶を"
         "飲んだ。明日は休みなので、部屋の掃除と洗濯をして、公園で読書をするつもりだ。猫が窓の"
         "そばで気持ちよさそうに眠っている。来週は友達の誕生日なので、花屋で花束を買って、駅前の"
         "喫茶店で一緒にケーキを食べる約束をした。")


def publishing(seeds: int) -> None:
    """Issue 16's figures, through the family as the command line runs it (blocklist on)."""
    from core.family import Context
    from core.numcro.family import NUMCRO, _options

    base = {"size": 9, "symmetry": "rot180", "lang": "ja", "seconds": 60.0}
    cases = (("ja 11x11, house rules + blocklist", {**base, "size": 11}),
             ("en 13x13, pangram, 2-3 starters", {**base, "size": 13, "lang": "en",
                                                   "pangram": True, "starters": "2-3"}),
             (f"ja 9x9 from a {len(DIARY)}-character diary", {**base, "text": DIARY}))
    print(f"\npublishing: {seeds} seeds each, through the family (blocklist on)")
    print(f"{'case':40} {'median s':>9} {'max s':>7} {'givens':>7} {'own words':>10} levels")
    for name, values in cases:
        options = _options(values)
        NUMCRO.generate(options, random.Random(99), context=Context())  # warm the bit sets
        times, givens, own, levels = [], [], [], []
        for seed in range(seeds):
            start = time.perf_counter()
            made = NUMCRO.generate(options, random.Random(seed), context=Context())
            times.append(time.perf_counter() - start)
            givens.append(len(made.puzzle.givens))
            own.append(made.notes.get("own_words_used", 0))
            levels.append(made.rating.level)
            assert not NUMCRO.rules(made.puzzle, made.solution), (name, seed)
        counted = {level: levels.count(level) for level in dict.fromkeys(levels)}
        print(f"{name:40} {statistics.median(times):>9.2f} {max(times):>7.2f} "
              f"{statistics.median(givens):>7} {statistics.median(own):>10} {counted}")


def levels(seeds: int) -> None:
    """The levels against the deductions a person makes: crossing and what-if steps, and
    (independent of the rating) the search nodes of the uniqueness proof."""
    from core.family import Context
    from core.numcro.family import NUMCRO, _options

    print(f"\nlevels, ja 9x9, {seeds} seeds a level asked for (medians)")
    print(f"{'level':8} {'made':>5} {'crossing':>9} {'what-if':>8} {'both':>5} {'steps':>6} "
          f"{'proof nodes':>12} {'givens':>7} {'rate s':>7}")
    words = word_sets(open_default("ja"))
    for level in ("easy", "medium", "hard", "expert"):
        options = _options({"size": 9, "symmetry": "rot180", "lang": "ja", "seconds": 20.0,
                            "level": level})
        rows = []
        for seed in range(seeds):
            try:
                made = NUMCRO.generate(options, random.Random(seed), context=Context())
            except Exception:  # GenerationFailed: none of that level within the budget
                continue
            nodes = count(made.puzzle, words).nodes
            start = time.perf_counter()
            rating = NUMCRO.rate(made.puzzle, context=Context())
            seconds = time.perf_counter() - start
            kinds = dict(rating.kinds)
            crossing, tried = kinds["crossing entries"], kinds.get("what if", 0)
            rows.append((crossing, tried, crossing + tried, len(rating.steps), nodes,
                         len(made.puzzle.givens), seconds))
        if rows:
            crossing, tried, both, steps, nodes, givens, seconds = (
                statistics.median(c) for c in zip(*rows, strict=True))
            print(f"{level:8} {len(rows):>5} {crossing:>9} {tried:>8} {both:>5} {steps:>6} "
                  f"{nodes:>12} {givens:>7} {seconds:>7.3f}")
        else:
            print(f"{level:8} {0:>5}   none within 20 s a seed")


def defaults(seeds: int) -> None:
    """Issue 27: what `generate numcro` makes with no options, by size and language: the
    letters given and the level, and whether a person finishes it without trial and error."""
    from core.family import Context
    from core.numcro.family import NUMCRO, _options

    print(f"\ndefaults: seeds 1-{seeds}, through the family as `generate numcro` runs it")
    print(f"{'grid':10} {'givens':>12} {'no trial':>9} {'median s':>9} {'max s':>6} levels")
    for lang in ("ja", "en"):
        for size in (9, 11, 13):
            options = _options({"size": size, "symmetry": "rot180", "lang": lang,
                                "seconds": 60.0})
            times, givens, levels, free = [], [], [], 0
            for seed in range(1, seeds + 1):
                start = time.perf_counter()
                made = NUMCRO.generate(options, random.Random(seed), context=Context())
                times.append(time.perf_counter() - start)
                givens.append(len(made.puzzle.givens))
                levels.append(made.rating.level)
                free += made.rating.complete and not dict(made.rating.kinds)["what if"]
            counted = {level: levels.count(level) for level in sorted(set(levels))}
            spread = {n: givens.count(n) for n in sorted(set(givens))}
            print(f"{lang} {size}x{size:<4} {str(spread):>12} {free:>5}/{seeds:<3} "
                  f"{statistics.median(times):>9.2f} {max(times):>6.2f} {counted}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--only", choices=("solve", "generate", "publish", "levels",
                                           "defaults"))
    args = parser.parse_args()
    if args.only in (None, "solve"):
        solve_cases()
    if args.only in (None, "generate"):
        generation(args.seeds)
    if args.only in (None, "publish"):
        publishing(args.seeds)
    if args.only in (None, "levels"):
        levels(args.seeds)
    if args.only in (None, "defaults"):
        defaults(args.seeds)


if __name__ == "__main__":
    main()
