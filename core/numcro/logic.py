"""Solving a ナンクロ as a person does, for its level and walkthrough.

A person keeps, for each number, the letters it may still be, and for each entry the words
that still fit. Steps, easiest first:
- only word: an entry with letters still unknown has one word left that fits;
- only letter: every word that still fits one entry puts the same letter on a number;
- only number: a letter that just one number can still be (when every letter is used: a
  pangram; a kana need not appear at all);
- crossing entries: a number's letter follows only when the words of all its entries are
  put together (no entry alone decides it): the step that needs more than one entry at once;
- what if: a number with two or three letters left (or an entry with up to ten words),
  where every letter (word) but one, tried out and followed through the crossing entries,
  leaves an entry without words.
After each step the letter leaves every other number, and the entries lose the words that no
longer fit. The level counts the crossing and what-if steps; a puzzle these steps cannot
finish needs deeper trial and error ("expert"). Every step is sound against the dictionary,
so a puzzle they finish is unique.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from core.numcro.model import Entry, Puzzle
from core.numcro.wordsets import WordSets
from core.search import Stopped, bits

ONLY_WORD, ONLY_LETTER, ONLY_NUMBER, CROSSING, WHAT_IF = (
    "only word", "only letter", "only number", "crossing entries", "what if")
WHAT_IF_LETTERS = 3  # a person tries out a number with at most this many letters left
WHAT_IF_NUMBERS = 12  # ... among the numbers with the fewest letters left
WHAT_IF_WORDS = 10  # ... or an entry with at most this many words left
LEVELS = ("easy", "medium", "hard", "expert")


@dataclass(frozen=True)
class Step:
    kind: str
    numbers: tuple[tuple[int, str], ...]  # what it fixes: (number, letter)
    text: str


@dataclass(frozen=True)
class Solved:
    steps: tuple[Step, ...]
    letters: tuple[tuple[int, str], ...]  # what the steps fixed, givens included
    complete: bool

    def used(self, kind: str) -> int:
        return sum(1 for s in self.steps if s.kind == kind)

    @property
    def level(self) -> str:
        return level(self.complete, self.used(CROSSING), self.used(WHAT_IF))

    @property
    def without_trial(self) -> bool:
        """A person finishes it without trial and error: no letter tried out, nothing left
        to guess."""
        return self.complete and not self.used(WHAT_IF)


def level(complete: bool, crossing: int, what_if: int = 0) -> str:
    """easy: one entry at a time suffices; medium: one step needs crossing entries at once;
    hard: two or more, or a letter tried out and refuted; expert: the steps do not finish
    it."""
    if not complete:
        return "expert"
    if what_if == 0 and crossing == 0:
        return "easy"
    return "medium" if what_if == 0 and crossing == 1 else "hard"


def solve(puzzle: Puzzle, words: WordSets, stop=None) -> Solved:
    """The steps a person takes, in order, until the grid is full or no step is left."""
    return Logic(puzzle, words, stop).run()


class Logic:
    def __init__(self, puzzle: Puzzle, words: WordSets, stop=None):
        self.entries: list[Entry] = puzzle.entries()
        self.lengths = [words.length(len(e.numbers)) for e in self.entries]
        self.fits = [words.candidates(e.numbers) for e in self.entries]
        self.alphabet = frozenset(ch for length in self.lengths for _, ch in length.letters)
        self.numbers = puzzle.numbers()
        self.known: dict[int, str] = {}
        self.may = {n: set(self.alphabet) for n in self.numbers}
        self.places = {n: [(i, e.numbers.index(n)) for i, e in enumerate(self.entries)
                           if n in e.numbers] for n in self.numbers}
        self.filtered: dict[tuple[int, int], int] = {}  # (entry, position) -> letters seen
        self.stop = stop
        self.steps: list[Step] = []
        for n, letter in puzzle.givens:
            self.fix(n, letter)

    def run(self) -> Solved:
        while len(self.known) < len(self.numbers):
            if self.stop is not None and self.stop():
                raise Stopped
            self.keep_fitting()
            step = self.only_word() or self.only_letter() or self.only_number()
            if step is None:  # no entry alone decides: put the entries together
                self.cross()
                step = self.crossing() or self.only_word() or self.only_letter() or \
                    self.only_number()
                if step is not None and step.kind != CROSSING:
                    step = Step(CROSSING, step.numbers, step.text + " (with the crossing "
                                "entries' words put together)")
            if step is None:  # try a letter out: the others leave an entry without words
                step = self.what_if()
            if step is None:
                break
            self.steps.append(step)
            for n, letter in step.numbers:
                self.fix(n, letter)
        self.keep_fitting()  # finished means every entry is a word: then it is the one answer
        return Solved(tuple(self.steps), tuple(sorted(self.known.items())),
                      len(self.known) == len(self.numbers) and all(self.fits))

    def fix(self, number: int, letter: str) -> None:
        self.known[number] = letter
        self.may[number] = {letter}
        for other in self.numbers:
            if other != number:
                self.may[other].discard(letter)

    def keep_fitting(self) -> bool:
        """Entries keep the words whose letters their numbers may still be; True when one
        lost a word."""
        changed = False
        for i, entry in enumerate(self.entries):
            for p, n in enumerate(entry.numbers):
                if entry.numbers.index(n) != p or self.filtered.get((i, p)) == len(
                        self.may[n]):
                    continue
                self.filtered[(i, p)] = len(self.may[n])
                allowed = 0
                for letter in self.may[n]:
                    allowed |= self.lengths[i].letter(p, letter)
                if self.fits[i] & ~allowed:
                    self.fits[i] &= allowed
                    changed = True
        return changed

    def cross(self) -> None:
        """Each number may only be a letter every entry through it allows, to a fixpoint."""
        changed = True
        while changed:
            changed = False
            for n in self.numbers:
                if n not in self.known:
                    letters = set.intersection(*(self.letters_at(i, p)
                                                 for i, p in self.places[n]))
                    if letters != self.may[n]:
                        self.may[n] = letters
                        changed = True
            changed = self.keep_fitting()

    def letters_at(self, i: int, p: int) -> set[str]:
        """The letters the words still fitting entry i put at position p."""
        n = self.entries[i].numbers[p]
        return {ch for ch in self.may[n] if self.fits[i] & self.lengths[i].letter(p, ch)}

    def only_word(self) -> Step | None:
        for i, entry in enumerate(self.entries):
            if all(n in self.known for n in entry.numbers) or self.fits[i].bit_count() != 1:
                continue
            word = self.lengths[i].words[self.fits[i].bit_length() - 1]
            fixed = tuple((n, ch) for n, ch in dict(zip(entry.numbers, word, strict=True)).items()
                          if n not in self.known)
            return Step(ONLY_WORD, fixed, f"{where(entry)}: only {word} fits, so "
                        f"{pairs(fixed)}")
        return None

    def only_letter(self) -> Step | None:
        for i, entry in enumerate(self.entries):
            for p, n in enumerate(entry.numbers):
                if n in self.known:
                    continue
                letters = self.letters_at(i, p)
                if len(letters) == 1:
                    letter = next(iter(letters))
                    count = self.fits[i].bit_count()
                    return Step(ONLY_LETTER, ((n, letter),),
                                f"{where(entry)}: all {count} words that fit put {letter} on "
                                f"{n}")
        return None

    def only_number(self) -> Step | None:
        """Sound only when every letter is used (a pangram: as many numbers as letters): a
        kana or a letter need not be in the grid at all."""
        if len(self.numbers) < len(self.alphabet):
            return None
        for letter in sorted(set().union(*(self.may[n] for n in self.numbers
                                           if n not in self.known))):
            if letter in self.known.values():
                continue
            able = [n for n in self.numbers if n not in self.known and letter in self.may[n]]
            if len(able) == 1 and len(self.may[able[0]]) > 1:
                return Step(ONLY_NUMBER, ((able[0], letter),),
                            f"{letter} can only be number {able[0]}")
        return None

    def what_if(self) -> Step | None:
        """A number with few letters left where all but one of them, put in and followed
        through the crossing entries, leave an entry without words or a number without a
        letter."""
        unknown = sorted((n for n in self.numbers if n not in self.known),
                         key=lambda n: (len(self.may[n]), n))
        for n in unknown[:WHAT_IF_NUMBERS]:
            if len(self.may[n]) > WHAT_IF_LETTERS:
                break
            why = {letter: self.refuted(((n, letter),)) for letter in sorted(self.may[n])}
            alive = [letter for letter, reason in why.items() if reason is None]
            if len(alive) == 1:
                return Step(WHAT_IF, ((n, alive[0]),), f"{n} = {alive[0]}: {refutations(why)}")
        return self.what_if_word()

    def what_if_word(self) -> Step | None:
        """An entry with a few words left (the fewest first) where all but one, put in and
        followed through, leave another entry without words."""
        for i in sorted(range(len(self.entries)), key=lambda i: self.fits[i].bit_count()):
            entry = self.entries[i]
            count = self.fits[i].bit_count()
            if not 2 <= count <= WHAT_IF_WORDS or all(n in self.known for n in entry.numbers):
                continue
            words = [self.lengths[i].words[w] for w in bits(self.fits[i])]
            why = {w: self.refuted(self.letters_of(entry, w)) for w in words}
            alive = [w for w, reason in why.items() if reason is None]
            if len(alive) == 1:
                fixed = self.letters_of(entry, alive[0])
                return Step(WHAT_IF, fixed, f"{where(entry)}: {alive[0]}, so {pairs(fixed)}: "
                            f"{refutations(why)}")
        return None

    def letters_of(self, entry: Entry, word: str) -> tuple[tuple[int, str], ...]:
        """What a word in the entry puts on its numbers not known yet."""
        return tuple((n, ch) for n, ch in dict(zip(entry.numbers, word, strict=True)).items()
                     if n not in self.known)

    def refuted(self, letters: tuple[tuple[int, str], ...]) -> str | None:
        """Why putting these letters in and narrowing is impossible (an entry without words,
        a number without letters, or one letter on two numbers), or None when it is not
        seen to be."""
        if len({ch for _, ch in letters}) < len(letters) or any(
                ch not in self.may[n] for n, ch in letters):
            return "two numbers would have one letter"
        if self.stop is not None and self.stop():  # many trials on a big grid: stay stoppable
            raise Stopped
        trial = copy.copy(self)
        trial.fits = list(self.fits)
        trial.known = dict(self.known)
        trial.may = {n: set(options) for n, options in self.may.items()}
        trial.filtered = dict(self.filtered)
        for number, letter in letters:
            trial.fix(number, letter)
        trial.keep_fitting()
        trial.cross()
        empty = next((e for e, fits in zip(self.entries, trial.fits, strict=True) if not fits),
                     None)
        if empty is not None:
            return f"{where(empty)} would have no word left"
        number = next((n for n in self.numbers if not trial.may[n]), None)
        return None if number is None else f"number {number} would have no letter left"

    def crossing(self) -> Step | None:
        for n in self.numbers:
            if n not in self.known and len(self.may[n]) == 1:
                letter = next(iter(self.may[n]))
                entries = ", ".join(where(self.entries[i]) for i, _ in self.places[n])
                return Step(CROSSING, ((n, letter),),
                            f"{n} = {letter}: the only letter the words of {entries} allow "
                            f"together")
        return None


def where(entry: Entry) -> str:
    direction = {"A": "across", "D": "down"}.get(entry.direction, "entry")
    at = f" r{entry.row}c{entry.col}" if entry.row else ""
    return f"{direction}{at} ({'-'.join(map(str, entry.numbers))})"


def refutations(why: dict[str, str | None]) -> str:
    """The choices tried out, grouped by what goes wrong: "with E or F, across r1c1 ..."."""
    tried: dict[str, list[str]] = {}
    for choice, reason in why.items():
        if reason is not None:
            tried.setdefault(reason, []).append(choice)
    return "; ".join(f"with {' or '.join(choices)}, {reason}" for reason, choices in tried.items())


def pairs(fixed) -> str:
    return ", ".join(f"{n}={ch}" for n, ch in fixed)


__all__ = ["Logic", "Solved", "Step", "bits", "level", "solve"]
