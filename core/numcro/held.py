"""What grids of each size held of an author's word lists, measured (docs/benchmarks.md,
issue 35; `python bench/bench_own_words.py --size N`, built-in dictionaries, seeds 1-5,
medians), kept beside the code so that `generate` tells an author whose list is longer than
their grid holds which size, or how many letters given, held more of such a list: a fact
measured, not a guess."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Measured:
    """One list through `generate` on each size asked for: the median of its words held,
    by (size, letters given: None for what that size prints)."""

    name: str  # the list in puzzles/words (diary: diary_ja.txt read as --text)
    lang: str
    words: int  # words in the list
    held: dict  # (size, (low, high) or None) -> median held


MEASURED = (  # 9x9 and --givens 2-6 (seeds 1-5) and theme_ja on 11x11 (seeds 1-3): earlier
    # sessions; 11x11 to 15x15 (seeds 1-5): 2026-11-28, branch words3
    Measured("theme_ja", "ja", 12, {(9, None): 8, (9, (2, 6)): 8, (11, None): 9,
                                    (13, None): 12, (15, None): 12}),
    Measured("food_ja", "ja", 26, {(9, None): 6, (9, (2, 6)): 8, (11, None): 11,
                                   (13, None): 16, (15, None): 20}),
    Measured("diary_ja.txt", "ja", 30, {(9, None): 9, (9, (2, 6)): 11, (11, None): 12,
                                        (13, None): 21, (15, None): 25}),
)
SHORTEST = 12  # lists shorter than this fit a 9x9 (seasons_ja: 6 of 6): nothing to say


def _order(item) -> tuple:
    (size, givens), _ = item
    return size, givens or (0, 0)


def nearest(lang: str, words: int) -> Measured | None:
    """The measured list nearest in length to an author's list of `words` (none for a
    short list, or a language not measured)."""
    lists = [m for m in MEASURED if m.lang == lang]
    if words < SHORTEST or not lists:
        return None
    return min(lists, key=lambda m: (abs(m.words - words), -m.words))


def more_room(lang: str, size: int, givens: tuple[int, int] | None, words: int,
              held: int) -> str | None:
    """What held more of a list such as the author's (`words` long, `held` of it in their
    puzzle, a `size` grid with `givens` asked, None: as printed), in words: the larger
    sizes, and the wider --givens on theirs, whose median was above both what they got and
    what their size held; None when nothing measured held more."""
    measured = nearest(lang, words)
    if measured is None:
        return None
    here = measured.held.get((size, givens)) or measured.held.get((size, None))
    better = [(key, n) for key, n in sorted(measured.held.items(), key=_order)
              if n > max(held, here or 0) and
              (key[0] > size and key[1] is None or key[0] == size and key[1] is not None)]
    if not better:
        return None
    asked = [f"--size {s}" if g is None else f"--givens {g[0]}-{g[1]}" for (s, g), _ in better]
    said = ", ".join(f"{a} held {n}" for a, (_, n) in zip(asked, better, strict=True))
    on_theirs = f" held a median {here} on {size}x{size}" if here is not None else ""
    return f"a list as long as yours ({measured.name}, {measured.words} words){on_theirs}; " \
           f"{said} (docs/benchmarks.md)"
