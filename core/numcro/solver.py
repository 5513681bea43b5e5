"""Counting ナンクロ solutions against a dictionary: every entry must be a word of the
dictionary (of the tiers allowed), equal numbers equal letters, different numbers different
letters. The number -> letter map grows one entry at a time, the entry with the fewest
candidate words first; candidates are bit sets (core.numcro.wordsets): the entry's pattern,
AND the words with each known letter in place, minus the words that would give a new number a
letter another number already has."""

from __future__ import annotations

from collections.abc import Callable

from core.counting import Count, Found
from core.numcro.model import Puzzle
from core.numcro.wordsets import WordSets, word_sets
from core.search import STOP_EVERY, Stopped, bits
from dictionaries.store import CHECK


def count(puzzle: Puzzle, dictionary, limit: int = 2,
          stop: Callable[[], bool] | None = None, tier: int = CHECK) -> Count:
    """Solutions (each a tuple of (number, letter) pairs) up to `limit`; for two of them, the
    numbers whose letters differ. `dictionary`: a Dictionary or a WordSets."""
    sets = dictionary if isinstance(dictionary, WordSets) else word_sets(dictionary)
    search = Search(puzzle, sets, tier, limit, stop)
    givens = dict(puzzle.givens)
    candidates = list(search.base)
    stopped = False
    try:
        if search.narrow(candidates, givens):
            search.run(candidates, givens, set(givens.values()))
    except Stopped:
        stopped = True
    found = search.found
    solutions = tuple(tuple(sorted(s.items())) for s in found)
    differs = ()
    if len(found) >= 2:
        differs = tuple(n for n in sorted(found[0]) if found[0][n] != found[1].get(n))
    return Count(len(found), limit, solutions, differs, stopped=stopped, nodes=search.nodes)


class Search:
    """Each entry keeps the bit set of its candidate words, narrowed only where a number it
    holds gets a letter; that different numbers get different letters is checked on the
    words of the entry chosen for branching (cheaper than narrowing every entry by every
    letter used)."""

    def __init__(self, puzzle: Puzzle, sets: WordSets, tier: int, limit: int, stop):
        self.entries = [e.numbers for e in puzzle.entries()]
        self.lengths = [sets.length(len(numbers)) for numbers in self.entries]
        self.base = [sets.candidates(numbers, tier) for numbers in self.entries]
        self.places: dict[int, list[tuple[int, int]]] = {}  # number -> (entry, position)
        for i, numbers in enumerate(self.entries):
            for p, n in enumerate(numbers):
                if numbers.index(n) == p:  # the pattern fixes its other places
                    self.places.setdefault(n, []).append((i, p))
        self.limit, self.stop = limit, stop
        self.found = Found()  # every solution counted, the first KEPT kept
        self.nodes = 0

    def narrow(self, candidates: list[int], added: dict[int, str]) -> bool:
        """Keep the words with the new letters in place; False when an entry has none left."""
        for n, letter in added.items():
            for i, p in self.places.get(n, ()):
                candidates[i] &= self.lengths[i].letter(p, letter)
                if not candidates[i]:
                    return False
        return True

    def run(self, candidates: list[int], letters: dict[int, str], used: set[str]) -> None:
        self.nodes += 1
        if self.stop is not None and self.nodes % STOP_EVERY == 0 and self.stop():
            raise Stopped
        best, best_count = None, 0
        for i, numbers in enumerate(self.entries):
            if all(n in letters for n in numbers):
                continue  # its bit set is the one word its letters spell
            size = candidates[i].bit_count()
            if best is None or size < best_count:
                best, best_count = i, size
        if best is None:
            self.found.append(dict(letters))
            return
        numbers, words = self.entries[best], self.lengths[best].words
        for word_id in bits(candidates[best]):
            added = {n: ch for n, ch in zip(numbers, words[word_id], strict=True)
                     if n not in letters}
            if not used.isdisjoint(added.values()):
                continue
            narrowed = list(candidates)
            if self.narrow(narrowed, added):
                self.run(narrowed, {**letters, **added}, used | set(added.values()))
                if len(self.found) >= self.limit:
                    return
