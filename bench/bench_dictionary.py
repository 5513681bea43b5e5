"""ナンクロ dictionaries: build time for 400k words, and lookups (pattern + one known letter;
the candidate set of an entry in a half-filled grid). No peer: the figures are the targets of
issue 5 (<= 15 s, <= 20 µs median, <= 1 ms median).

    python bench/bench_dictionary.py [--words 400000]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

import common  # noqa: F401 - puts the project root on the import path

from dictionaries import Dictionary, normalize, pattern
from dictionaries.store import Entry, build


def words(count: int) -> list[Entry]:
    """Real words: wordfreq's English list, then Spanish and German ones, normalised."""
    from wordfreq import top_n_list, zipf_frequency

    seen: dict[str, Entry] = {}
    for lang in ("en", "es", "de", "fr"):
        for raw in top_n_list(lang, 400_000):
            word, _ = normalize(raw, "en")
            if word and word not in seen:
                seen[word] = Entry(word, zipf_frequency(raw, lang))
                if len(seen) >= count:
                    return list(seen.values())
    return list(seen.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--words", type=int, default=400_000)
    args = parser.parse_args()
    entries = words(args.words)
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "dict"
        start = time.perf_counter()
        build(entries, out, "en")
        print(f"build: {len(entries)} words in {time.perf_counter() - start:.1f} s", flush=True)
        d = Dictionary(out)
        rng = random.Random(1)
        sample = rng.sample([e.word for e in entries], 2000)
        one, half = [], []
        for word in sample:
            numbers = pattern(word)
            position = rng.randrange(len(word))
            start = time.perf_counter()
            d.ids(numbers, {position: word[position]})
            one.append(time.perf_counter() - start)
            known = {p: word[p] for p in rng.sample(range(len(word)), len(word) // 2)}
            start = time.perf_counter()
            d.ids(numbers, known)
            half.append(time.perf_counter() - start)
        print(f"pattern + one known letter: median {statistics.median(one) * 1e6:.1f} µs, "
              f"p90 {sorted(one)[len(one) * 9 // 10] * 1e6:.1f} µs")
        print(f"entry of a half-filled grid (half its letters known): median "
              f"{statistics.median(half) * 1e3:.3f} ms, p90 "
              f"{sorted(half)[len(half) * 9 // 10] * 1e3:.3f} ms")
        d.close()


if __name__ == "__main__":
    main()
