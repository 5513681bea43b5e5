"""Counting ナンクロ solutions against a dictionary: every entry must be a word of the
dictionary (of the tiers allowed), equal numbers equal letters, different numbers different
letters. Constraint propagation on the number -> letter map with the entries' candidate sets,
the entry with the fewest candidates first."""

from __future__ import annotations

from collections.abc import Callable

from core.counting import Count
from core.numcro.model import Puzzle
from dictionaries import Dictionary
from dictionaries.pattern import pattern
from dictionaries.store import CHECK

STOP_EVERY = 64


class Stopped(Exception):
    pass


def count(puzzle: Puzzle, dictionary: Dictionary, limit: int = 2,
          stop: Callable[[], bool] | None = None, tier: int = CHECK) -> Count:
    """Solutions (each a tuple of (number, letter) pairs) up to `limit`; for two of them, the
    numbers whose letters differ."""
    entries = [e.numbers for e in puzzle.entries()]
    shapes = [pattern(tuple(map(str, numbers))) for numbers in entries]
    found: list[dict[int, str]] = []
    nodes = [0]

    def candidates(i: int, letters: dict[int, str], used: set[str]) -> list[str]:
        numbers = entries[i]
        known = {p: letters[n] for p, n in enumerate(numbers) if n in letters}
        fresh = {n for n in numbers if n not in letters}
        words = []
        for word in dictionary.lookup(shapes[i], known, tier=tier):
            # a letter new to this entry must not belong to another number already
            if all(word[p] not in used for p, n in enumerate(numbers) if n in fresh):
                words.append(word)
        return words

    def search(letters: dict[int, str], used: set[str]) -> None:
        nodes[0] += 1
        if stop is not None and nodes[0] % STOP_EVERY == 0 and stop():
            raise Stopped
        best, best_words = None, None
        for i, numbers in enumerate(entries):
            if all(n in letters for n in numbers):
                continue
            words = candidates(i, letters, used)
            if not words:
                return
            if best_words is None or len(words) < len(best_words):
                best, best_words = i, words
                if len(words) == 1:
                    break
        if best is None:
            if all(_is_word(dictionary, shapes[i], entries[i], letters, tier)
                   for i in range(len(entries))):
                found.append(dict(letters))
            return
        for word in best_words:
            added = {n: ch for n, ch in zip(entries[best], word, strict=True)
                     if n not in letters}
            search({**letters, **added}, used | set(added.values()))
            if len(found) >= limit:
                return

    givens = dict(puzzle.givens)
    stopped = False
    try:
        search(givens, set(givens.values()))
    except Stopped:
        stopped = True
    solutions = tuple(tuple(sorted(s.items())) for s in found)
    differs = ()
    if len(found) >= 2:
        differs = tuple(n for n in sorted(found[0]) if found[0][n] != found[1].get(n))
    return Count(len(found), limit, solutions, differs, stopped=stopped)


def _is_word(dictionary: Dictionary, shape, numbers, letters, tier) -> bool:
    word = "".join(letters[n] for n in numbers)
    return word in dictionary.lookup(shape, dict(enumerate(word)), tier=tier)
