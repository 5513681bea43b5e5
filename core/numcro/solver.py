"""Counting ナンクロ solutions against a dictionary: every entry must be a word of the
dictionary (of the tiers allowed), equal numbers equal letters, different numbers different
letters. The number -> letter map grows one entry at a time, the entry with the fewest
candidate words first; candidates are bit sets (dictionaries.wordsets): the entry's pattern,
AND the words with each known letter in place, minus the words that would give a new number a
letter another number already has."""

from __future__ import annotations

from collections.abc import Callable

from core.counting import Count
from core.numcro.model import Puzzle
from dictionaries.store import CHECK
from dictionaries.wordsets import WordSets, members

STOP_EVERY = 64


class Stopped(Exception):
    pass


def count(puzzle: Puzzle, dictionary, limit: int = 2,
          stop: Callable[[], bool] | None = None, tier: int = CHECK) -> Count:
    """Solutions (each a tuple of (number, letter) pairs) up to `limit`; for two of them, the
    numbers whose letters differ. `dictionary`: a Dictionary or a WordSets."""
    sets = dictionary if isinstance(dictionary, WordSets) else dictionary.word_sets()
    search = Search(puzzle, sets, tier, limit, stop)
    givens = dict(puzzle.givens)
    stopped = False
    try:
        search.run(givens, search.used_masks({}, set(givens.values())), frozenset())
    except Stopped:
        stopped = True
    found = search.found
    solutions = tuple(tuple(sorted(s.items())) for s in found)
    differs = ()
    if len(found) >= 2:
        differs = tuple(n for n in sorted(found[0]) if found[0][n] != found[1].get(n))
    return Count(len(found), limit, solutions, differs, stopped=stopped, nodes=search.nodes)


class Search:
    def __init__(self, puzzle: Puzzle, sets: WordSets, tier: int, limit: int, stop):
        self.sets = sets
        self.entries = [e.numbers for e in puzzle.entries()]
        self.lengths = [sets.length(len(numbers)) for numbers in self.entries]
        self.base = [sets.candidates(numbers, tier) for numbers in self.entries]
        # each number's first position in an entry: the pattern fixes the others
        self.firsts = [[(p, n) for p, n in enumerate(numbers) if numbers.index(n) == p]
                       for numbers in self.entries]
        self.keys = {(len(numbers), p)
                     for numbers, firsts in zip(self.entries, self.firsts, strict=True)
                     for p, _ in firsts}
        self.limit, self.stop = limit, stop
        self.found: list[dict[int, str]] = []
        self.nodes = 0

    def used_masks(self, masks: dict, letters: set[str]) -> dict:
        """Per (length, position): the words with a used letter there."""
        grown = dict(masks)
        for n, p in self.keys:
            bits = grown.get((n, p), 0)
            length = self.sets.length(n)
            for letter in letters:
                bits |= length.letter(p, letter)
            grown[(n, p)] = bits
        return grown

    def candidates(self, i: int, letters: dict[int, str], masks: dict) -> int:
        bits, length, size = self.base[i], self.lengths[i], len(self.entries[i])
        fresh = []
        for p, n in self.firsts[i]:
            letter = letters.get(n)
            if letter is None:
                fresh.append(p)
            else:
                bits &= length.letter(p, letter)
                if not bits:
                    return 0
        for p in fresh:
            bits &= ~masks[(size, p)]
        return bits

    def run(self, letters: dict[int, str], masks: dict, complete: frozenset) -> None:
        self.nodes += 1
        if self.stop is not None and self.nodes % STOP_EVERY == 0 and self.stop():
            raise Stopped
        best, best_bits, best_count = None, 0, 0
        done = set(complete)
        for i, numbers in enumerate(self.entries):
            if i in complete:
                continue
            bits = self.candidates(i, letters, masks)
            if not bits:
                return
            if all(n in letters for n in numbers):
                done.add(i)  # a word: nothing left to choose here
                continue
            size = bits.bit_count()
            if best is None or size < best_count:
                best, best_bits, best_count = i, bits, size
        if best is None:
            self.found.append(dict(letters))
            return
        numbers, words = self.entries[best], self.lengths[best].words
        done = frozenset(done)
        for word_id in members(best_bits):
            word = words[word_id]
            added = {n: ch for n, ch in zip(numbers, word, strict=True) if n not in letters}
            self.run({**letters, **added}, self.used_masks(masks, set(added.values())),
                     done | {best})
            if len(self.found) >= self.limit:
                return
