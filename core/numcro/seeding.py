"""An author's words put in the grid first, as crossword compilers seed theme entries: each
word into a free entry of its length whose cells agree with the words already placed across
it, and whose crossing entries keep fill words that fit; the longest words first (they have
the fewest entries), among the entries that leave their crossings the most words. Several
placements are drawn and the one holding the most words kept. The fill then completes the
grid around them (core/numcro/generator.fill_around), moving or taking out a word it cannot
fill around.

Filling entries an author's word fits first, in the fill's own order, placed 0-4 of 6-26
words: a word competed with thousands of dictionary words in each entry, and the first word
of a crossing decided the rest."""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field

from core.numcro.wordsets import WordSets
from core.search import bits as members

PLACEMENTS = 24  # placements drawn; the one holding most words kept
ROOMIEST = 3  # a word goes to one of the entries leaving its crossings the most words

# why an author's word is not in the grid; `generate` lists their words under each
NO_ENTRY = "no entry of their length"
ENTRIES_TAKEN = "every entry of their length holds another of your words"
CLASH = "their letters clash with your words across every free entry of their length"
NO_CROSSING = "no dictionary word fits across them in any free entry of their length"
TAKEN_OUT = "taken out: the dictionary could not fill the entries around them"
LEFT_OUT = "left out of the fill (blocklisted or avoided)"


@dataclass
class Placement:
    seeds: dict[tuple[int, ...], str] = field(default_factory=dict)  # entry -> word
    why: dict[str, str] = field(default_factory=dict)  # word not placed -> reason
    room: float = 0.0  # the free entries' words left (the sum of their logs): more fill easier

    def letters(self) -> dict[int, str]:
        return {c: ch for slot, word in self.seeds.items() for c, ch in zip(slot, word,
                                                                            strict=True)}


class Board:
    """Each entry's fill words as a bit set, kept arc consistent: a word stays only while,
    at every cell it shares with a crossing entry, that entry still has a word with the same
    letter there. A placed word is its entry's only word and no other entry's."""

    def __init__(self, slots, crossing, words: WordSets):
        self.words = words
        self.domains = {slot: words.length(len(slot)).fill for slot in slots}
        self.across = {slot: [(other, slot.index(c), other.index(c))
                              for other in crossing[slot] for c in set(slot) & set(other)]
                       for slot in slots}
        self.ok = self._consistent(set(slots))

    def copy(self) -> Board:
        made = object.__new__(Board)
        made.words, made.across, made.ok = self.words, self.across, self.ok
        made.domains = dict(self.domains)
        return made

    def bit(self, word: str) -> int:
        length = self.words.length(len(word))
        index = getattr(length, "index_of", None)
        if index is None:
            index = length.index_of = {w: i for i, w in enumerate(length.words)}
        return 1 << index[word] if word in index else 0

    def put(self, slot, word: str) -> bool:
        """The word in the entry, the board made consistent again; False when an entry is
        left without a word (the board is then of no use)."""
        bit = self.bit(word)
        if not self.domains[slot] & bit:
            return False
        changed = {slot}
        for other, domain in self.domains.items():
            if other != slot and len(other) == len(slot) and domain & bit:
                self.domains[other] = domain & ~bit
                changed.add(other)
        self.domains[slot] = bit
        return self._consistent(changed)

    def room(self, seeds) -> float:
        return sum(math.log(d.bit_count()) for s, d in self.domains.items() if s not in seeds)

    def _consistent(self, queue: set) -> bool:
        while queue:
            slot = queue.pop()
            if not self.domains[slot]:
                return False
            for other, p, q in self.across[slot]:
                domain = self.domains[other]
                kept = domain & self._with_letters(other, q, self._letters(slot, p))
                if kept != domain:
                    if not kept:
                        self.domains[other] = 0
                        return False
                    self.domains[other] = kept
                    queue.add(other)
        return True

    def _letters(self, slot, p: int) -> set[str]:
        """The letters the entry's words put at its p-th cell."""
        domain, length = self.domains[slot], self.words.length(len(slot))
        if domain.bit_count() <= 64:
            return {length.words[i][p] for i in members(domain)}
        return {ch for (at, ch), ids in length.letters.items() if at == p and ids & domain}

    def _with_letters(self, slot, q: int, letters: set[str]) -> int:
        length, found = self.words.length(len(slot)), 0
        for ch in letters:
            found |= length.letter(q, ch)
        return found


def own_words(words: WordSets, size: int) -> tuple[list[str], dict[str, str]]:
    """The author's words a grid of `size` can hold, in their order (fill words: not
    blocklisted or avoided), and why each other one cannot be there."""
    usable, why = [], {}
    for word in getattr(words, "preferred_order", ()):
        if len(word) > size:
            why[word] = NO_ENTRY
            continue
        length = words.length(len(word))
        if any(length.words[i] == word for i in members(length.preferred)):
            usable.append(word)
        else:
            why[word] = LEFT_OUT
    return usable, why


def place(slots, crossing, own: list[str], words: WordSets, rng: random.Random,
          placements: int = PLACEMENTS) -> Placement:
    """The author's words in the grid's entries: the best of `placements` drawn (the most
    words, then the most room left for the fill), and why each other word is not placed."""
    board = Board(slots, crossing, words)
    best = None
    for attempt in range(placements if board.ok else 0):
        order = sorted(own, key=lambda w: (-len(w), rng.random())) if attempt % 2 == 0 \
            else rng.sample(own, len(own))  # every other draw in a random order
        made = _placed(slots, order, board.copy(), rng)
        if best is None or (len(made.seeds), made.room) > (len(best.seeds), best.room):
            best = made
        if len(best.seeds) == len(own):
            break
    return best or Placement(why={word: NO_CROSSING for word in own})


def _placed(slots, order: list[str], board: Board, rng: random.Random) -> Placement:
    made = Placement()
    for word in order:
        board, why = put_word(word, slots, made, board, rng)
        if why:
            made.why[word] = why
    made.room = board.room(made.seeds)
    return made


def put_word(word: str, slots, made: Placement, board: Board, rng: random.Random, tried=()):
    """The word in a free entry of its length (not in `tried`) that keeps the board
    consistent, chosen at random among the ROOMIEST such entries (their crossings keep the
    most words): the new board and None, or the board unchanged and why no entry takes it."""
    free = [s for s in slots if len(s) == len(word) and s not in made.seeds and s not in tried]
    if not free:
        taken = any(len(s) == len(word) for s in slots)
        return board, ENTRIES_TAKEN if taken else NO_ENTRY
    letters, bit, scored, clashed = made.letters(), board.bit(word), [], False
    for slot in free:
        if any(letters.get(c, ch) != ch for c, ch in zip(slot, word, strict=True)):
            clashed = True
        elif board.domains[slot] & bit:
            scored.append((rng.random(), slot))
    for _, slot in sorted(scored)[:ROOMIEST * 2]:
        tried_board = board.copy()
        if tried_board.put(slot, word):
            made.seeds[slot] = word
            return tried_board, None
    return board, CLASH if clashed and not scored else NO_CROSSING


def move(made: Placement, slot, slots, crossing, words: WordSets, rng: random.Random,
         tried: set) -> None:
    """The word in `slot` to another free entry of its length not in `tried`, or taken out
    of the grid (saying why) when no such entry keeps the board consistent."""
    word = made.seeds.pop(slot)
    board = Board(slots, crossing, words)
    for placed, other in made.seeds.items():
        board.put(placed, other)
    before = set(made.seeds)
    put_word(word, slots, made, board, rng, tried)
    moved = set(made.seeds) - before
    if moved:
        tried |= moved
    else:
        made.why[word] = TAKEN_OUT


def to_move(seeds, stuck: Counter, crossing, rng: random.Random):
    """The placed entry nearest where the fill ran out of words: crossing the entry it ran
    out on most, or crossing an entry that crosses it; else one at random."""
    for slot, _ in stuck.most_common(3):
        near = [s for s in seeds if s == slot or s in crossing[slot]]
        near = near or [s for s in seeds if set(crossing[s]) & set(crossing[slot])]
        if near:
            return rng.choice(near)
    return rng.choice(list(seeds))
