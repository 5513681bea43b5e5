"""An author's words put in the grid first, as crossword compilers seed theme entries: each
word into a free entry of its length whose cells agree with the words already placed across
it, and whose crossing entries keep fill words that fit; the longest words first (they have
the fewest entries), among the entries that leave their crossings the most words. Several
placements are drawn and the one holding the most words kept. The fill then completes the
grid around them (core/numcro/generator.fill_around), moving or taking out a word it cannot
fill around; where the house rules on letters fail around them, the plain fill takes over
(a short Latin-alphabet list: the pattern is given up and a fresh one drawn instead).
Under the rule that each kana is used twice (9x9 ナンクロ), the words go in one at a time
instead (generator._kana_twice), each kept where `Board.filled`, with the rule part of its
search, fills the whole grid around it.

Filling entries an author's word fits first, in the fill's own order, placed 0-4 of 6-26
words: a word competed with thousands of dictionary words in each entry, and the first word
of a crossing decided the rest."""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field

from core.numcro.wordsets import WordSets, member_at_or_after
from core.search import bits as members

PLACEMENTS = 8  # placements drawn at most; the one holding most words kept
PLACED_WORDS = 200  # words tried in all the placements: a long list (a diary's 70) gets fewer
FILL_NODES = 400  # boards the fill around the author's words may try
FILL_TRIES = 3  # words tried in an entry before backing up
MOVES = 1  # times a word the fill could not fill around moves before it is taken out
ROOMIEST = 4  # entries tried for a word: the one leaving the tightest entry most words wins

# why an author's word is not in the grid; `generate` lists their words under each
NO_ENTRY = "no entry of their length"
ENTRIES_TAKEN = "every entry of their length holds another of your words"
ENTRIES_TAKEN_THEN = ("every entry of their length held another of your words when they were "
                      "placed (some were taken out later)")
CLASH = "their letters clashed with your words placed across every free entry of their length"
NO_CROSSING = "no dictionary word fitted across them in any free entry of their length"
TAKEN_OUT = "taken out: the dictionary could not fill the entries around them"
LETTERS_MISSED = ("taken out: no fill around them kept the house rule on letters (each used "
                  "at least twice)")
KANA_TWICE = ("no fill around them and your words put in before them kept each kana used at "
              "least twice")
KANA_MOST = 12  # an author's kana words put in a first 9x9 grid at most, half as many in the
# next; larger grids as many more as they have cells (generator.kana_most)
KANA_MOST_SAID = ("left out: a {size}x{size} grid takes at most {most} of your words, half as "
                  "many after a grid around more was no puzzle with the letters given")
MORE_GIVENS = ("in a grid that needed {needed} letters given ({low}-{high} asked): "
               "--givens {low}-{needed} allows such grids")
LEFT_OUT = "left out of the fill (blocklisted or avoided)"
TOO_MANY = "left out: grids with more of your words could not be filled in time"
SHORT_MOST = ("left out: a grid takes at most {most} of your words when none is longer than "
              "{longest} letters (around more the fill rarely keeps each letter used twice), "
              "half as many after a grid around them could not be filled")
PLAIN = ("no grid built around your words became a puzzle, and the fill that tried them "
         "first found no crossing words for them")


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
        self.words, self.crossing = words, crossing
        self.domains = {slot: words.length(len(slot)).fill for slot in slots}
        self.across = {slot: [(other, slot.index(c), other.index(c))
                              for other in crossing[slot] for c in set(slot) & set(other)]
                       for slot in slots}
        self.done: frozenset = frozenset()  # the entries a word was put in
        self.emptied = None  # the entry left without a word, when one was
        self.ok = self._consistent(set(slots))

    def copy(self) -> Board:
        made = object.__new__(Board)
        made.words, made.across, made.ok = self.words, self.across, self.ok
        made.crossing, made.done = self.crossing, self.done
        made.domains = dict(self.domains)
        return made

    def filled(self, rng: random.Random, dead_ends: Counter | None = None, uses: int = 1,
               budget: int = FILL_NODES, tries: int = FILL_TRIES,
               rule_kept: bool = False, hint: dict | None = None) -> dict | None:
        """Every entry given a word, keeping the board consistent after each, backing up
        where an entry is left without a word (counted in `dead_ends`); None past `budget`
        boards (entry -> word otherwise). Up to `tries` words are tried an entry, the
        author's own first, then (under the house rule that each letter is used `uses`
        times) words putting a letter used fewer times on an empty cell. With `rule_kept`
        the rule is part of the search: while a letter is used fewer times, the next entry
        is one that can use it again (the letter with the fewest words to do so first), its
        words doing so tried first, a letter no open cell can take ends the branch (its
        entries counted in `dead_ends`), and a full board keeps the rule; else the entry
        with the fewest words is next. With `hint` (entry -> word: an earlier fill), the
        entry's word there is tried first while the board allows it."""
        left = [budget]

        def dive(board: Board) -> Board | None:
            open_ = [(d.bit_count(), rng.random(), s) for s, d in board.domains.items()
                     if s not in board.done]
            if not open_:
                return board if not rule_kept or board.uses_kept(uses) else None
            if rule_kept:
                slot, pick = board.wanted(open_, uses, rng, dead_ends)
                if slot is None:
                    return None
            else:
                slot = min(open_)[2]
                pick = board.rare_words(slot, uses)
            length = self.words.length(len(slot))
            domain = board.domains[slot]
            for _ in range(min(tries, domain.bit_count())):
                left[0] -= 1
                if left[0] < 0:
                    return None
                among = domain & length.preferred or domain & pick or domain
                if rule_kept:  # a lonely letter's words first, the author's among them
                    among = domain & pick or domain
                    among = among & length.preferred or among
                word_id = member_at_or_after(among, rng.randrange(len(length.words)))
                again = self.bit(hint[slot]) if hint and slot in hint else 0
                if again & domain:
                    word_id = again.bit_length() - 1
                domain &= ~(1 << word_id)
                trial = board.copy()
                if trial.put(slot, length.words[word_id]):
                    found = dive(trial)
                    if found is not None:
                        return found
                elif dead_ends is not None:
                    dead_ends[trial.emptied] += 1
            return None

        found = dive(self)
        return None if found is None else {
            slot: length_word(self.words, slot, domain) for slot, domain in found.domains.items()}

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
        self.done = self.done | {slot}
        return self._consistent(changed)

    def wanted(self, open_: list, uses: int, rng: random.Random,
               dead_ends: Counter | None = None) -> tuple:
        """The entry to fill next and the words to try there first (0: any): for the letter
        used fewer than `uses` times with the fewest words to use it again on an empty cell,
        the entry with the fewest words among those that can, and those words; with no such
        letter, the entry with the fewest words. (None, 0) when a letter used too rarely
        has no open cell to go (its entries counted in `dead_ends`)."""
        letters = self.done_letters() if uses >= 2 else {}
        counts = Counter(letters.values())
        best, best_total = None, 0
        lonely = sorted(ch for ch, n in counts.items() if n < uses)
        empty = {slot: tuple(p for p, cell in enumerate(slot) if cell not in letters)
                 for _, _, slot in open_} if lonely else {}
        for ch in lonely:
            options, total = [], 0
            for _, _, slot in open_:
                can = self.domains[slot] & _at_any(self.words.length(len(slot)),
                                                   empty[slot], ch)
                if can:
                    total += can.bit_count()
                    options.append((self.domains[slot].bit_count(), rng.random(), slot, can))
            if not options:
                if dead_ends is not None:
                    dead_ends.update(s for s in self.done if any(
                        letters[c] == ch for c in s))
                return None, 0
            if best is None or total < best_total:
                best, best_total = options, total
        if best is None:
            return min(open_)[2], 0
        _, _, slot, can = min(best)
        return slot, can

    def rare_words(self, slot, uses: int) -> int:
        """The entry's words putting a letter used fewer than `uses` times on one of its
        empty cells (0 when every letter is used enough)."""
        if uses < 2:
            return 0
        length = self.words.length(len(slot))
        letters = self.done_letters()
        rare = [ch for ch, n in Counter(letters.values()).items() if n < uses]
        found = 0
        for p, cell in enumerate(slot):
            if cell not in letters:
                for ch in rare:
                    found |= length.letter(p, ch)
        return found

    def uses_kept(self, uses: int) -> bool:
        """Every letter of the entries a word was put in used `uses` times or more."""
        return uses < 2 or min(Counter(self.done_letters().values()).values(),
                               default=uses) >= uses

    def done_letters(self) -> dict[int, str]:
        """The letters of the entries a word was put in, by cell."""
        letters = {}
        for done in self.done:
            letters.update(zip(done, length_word(self.words, done, self.domains[done]),
                               strict=True))
        return letters

    def keep_letters(self, alphabet: set[str]) -> bool:
        """Only words spelt with `alphabet`'s letters left to the entries without a word
        (the author's own words kept); False, the board unchanged, when an entry is left
        without a word."""
        saved = dict(self.domains)
        for slot in self.domains:
            if slot not in self.done:
                self.domains[slot] &= spelt_with(self.words.length(len(slot)), alphabet)
        if self._consistent(set(self.domains) - self.done):
            return True
        self.domains = saved
        return False

    def tightest(self, before: Board, seeds) -> int:
        """The fewest words left to an entry without an author's word that lost words since
        `before`."""
        return min((d.bit_count() for s, d in self.domains.items()
                    if s not in seeds and d != before.domains[s]), default=1 << 30)

    def room(self, seeds) -> float:
        return sum(math.log(d.bit_count()) for s, d in self.domains.items() if s not in seeds)

    def _consistent(self, queue: set) -> bool:
        while queue:
            slot = queue.pop()
            if not self.domains[slot]:
                self.emptied = slot
                return False
            for other, p, q in self.across[slot]:
                domain = self.domains[other]
                kept = domain & self._with_letters(other, q, self._letters(slot, p))
                if kept != domain:
                    if not kept:
                        self.domains[other] = 0
                        self.emptied = other
                        return False
                    self.domains[other] = kept
                    queue.add(other)
        return True

    def _letters(self, slot, p: int) -> set[str]:
        """The letters the entry's words put at its p-th cell."""
        domain, length = self.domains[slot], self.words.length(len(slot))
        if domain.bit_count() <= 64:
            return {length.words[i][p] for i in members(domain)}
        return {ch for ch, ids in _at(length, p) if ids & domain}

    def _with_letters(self, slot, q: int, letters: set[str]) -> int:
        """The entry's words with one of `letters` at its q-th cell (all of them when the
        letters are every letter its words have there)."""
        length = self.words.length(len(slot))
        at = _at(length, q)
        if len(letters) >= len(at) and all(ch in letters for ch, _ in at):
            return length.all
        found = 0
        for ch in letters:
            found |= length.letter(q, ch)
        return found


def _at_any(length, positions: tuple[int, ...], ch: str) -> int:
    """The words of one length with the letter at one of `positions` (made once each)."""
    made = getattr(length, "at_any", None)
    if made is None:
        made = length.at_any = {}
    found = made.get((positions, ch))
    if found is None:
        found = made[positions, ch] = 0
        for p in positions:
            found |= length.letter(p, ch)
        made[positions, ch] = found
    return found


def _at(length, p: int) -> list:
    """(letter, words with it at position p) for the words of one length, made once."""
    made = getattr(length, "at", None)
    if made is None:
        made = length.at = {}
        for (q, ch), ids in length.letters.items():
            made.setdefault(q, []).append((ch, ids))
    return made.get(p, [])


def spelt_with(length, alphabet: set[str]) -> int:
    """The words of one length spelt with `alphabet`'s letters only, and the author's own
    (made once an alphabet)."""
    made = getattr(length, "spelt", None)
    if made is None:
        made = length.spelt = {}
    key = frozenset(alphabet)
    if key not in made:
        made[key] = length.preferred | (length.all & ~_using(length, set(
            ch for _, ch in length.letters) - key))
    return made[key]


def _using(length, letters: set[str]) -> int:
    """The words of one length with one of `letters` somewhere."""
    found = 0
    for (_, ch), bits in length.letters.items():
        if ch in letters:
            found |= bits
    return found


def common_letters(words: WordSets, lengths, most: int) -> set[str]:
    """The `most` letters the fill words of these lengths use most often."""
    counts = Counter()
    for n in lengths:
        length = words.length(n)
        for (_, ch), bits in length.letters.items():
            counts[ch] += (bits & length.fill).bit_count()
    return {ch for ch, _ in counts.most_common(most)}


def length_word(words: WordSets, slot, domain: int) -> str:
    """The one word a done entry's bit set holds."""
    return words.length(len(slot)).words[domain.bit_length() - 1]


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
          placements: int | None = None, most: int | None = None) -> Placement:
    """The author's words in the grid's entries (`most` of them at most): the best of
    `placements` drawn (by default PLACEMENTS, fewer for a long list: about PLACED_WORDS
    words tried in all; the most words, then the most room left for the fill), and why each
    other word is not placed."""
    board = Board(slots, crossing, words)
    best = None
    if placements is None:
        placements = max(1, min(PLACEMENTS, PLACED_WORDS // max(1, len(own))))
    for attempt in range(placements if board.ok else 0):
        order = sorted(own, key=lambda w: (-len(w), rng.random())) if attempt % 2 == 0 \
            else rng.sample(own, len(own))  # every other draw in a random order
        made = _placed(slots, order, board.copy(), rng, len(own) if most is None else most)
        if best is None or (len(made.seeds), made.room) > (len(best.seeds), best.room):
            best = made
        if len(best.seeds) == len(own):
            break
    return best or Placement(why={word: NO_CROSSING for word in own})


def _placed(slots, order: list[str], board: Board, rng: random.Random,
            most: int) -> Placement:
    made = Placement()
    for word in order:
        if len(made.seeds) >= most:
            made.why[word] = TOO_MANY
            continue
        board, why = put_word(word, slots, made, board, rng)
        if why:
            made.why[word] = why
    made.room = board.room(made.seeds)
    return made


def put_word(word: str, slots, made: Placement, board: Board, rng: random.Random, tried=(),
             at=None):
    """The word in a free entry of its length (not in `tried`) that keeps the board
    consistent: `at` (the entry laid out for it, core/numcro/layout.py) where it does, else
    one chosen at random among the ROOMIEST such entries (their crossings keep the most
    words): the new board and None, or the board unchanged and why no entry takes it."""
    if at is not None and at not in made.seeds and at not in tried and all(
            made.letters().get(c, ch) == ch for c, ch in zip(at, word, strict=True)):
        trial = board.copy()
        if trial.put(at, word):
            made.seeds[at] = word
            return trial, None
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
    best, best_room = None, None
    for _, slot in sorted(scored)[:ROOMIEST]:
        trial = board.copy()
        if trial.put(slot, word):
            shared = sum(1 for other in board.across[slot] for seed in made.seeds
                         if other[0] in board.crossing[seed])
            room = (-shared, trial.tightest(board, {*made.seeds, slot}))
            if best_room is None or room > best_room:
                best, best_room, best_slot = trial, room, slot
    if best is None:
        return board, CLASH if clashed and not scored else NO_CROSSING
    made.seeds[best_slot] = word
    return best, None


def move(made: Placement, slot, slots, crossing, words: WordSets, rng: random.Random,
         tried: set, why: str = TAKEN_OUT) -> None:
    """The word in `slot` to another free entry of its length not in `tried`, or taken out
    of the grid (`why`) when it has moved MOVES times or no such entry keeps the board
    consistent."""
    word = made.seeds.pop(slot)
    if len(tried) > MOVES:
        made.why[word] = why
        return
    board = Board(slots, crossing, words)
    for placed, other in made.seeds.items():
        board.put(placed, other)
    before = set(made.seeds)
    put_word(word, slots, made, board, rng, tried)
    moved = set(made.seeds) - before
    if moved:
        tried |= moved
    else:
        made.why[word] = why


def said_of(why: dict[str, str], grid, slots, own) -> dict[str, str]:
    """The reasons checked against the grid made: "every entry of their length holds
    another of your words" only where that is still so."""
    words = ["".join(grid[c] for c in slot) for slot in slots]
    mine = set(own)

    def full(n: int) -> bool:
        return all(w in mine for w in words if len(w) == n)
    return {word: ENTRIES_TAKEN_THEN if reason == ENTRIES_TAKEN and not full(len(word))
            else reason for word, reason in why.items()}


def plain_reasons(letters, slots, own) -> dict[str, str]:
    """Why the author's words the plain fill (`generator.fill`, which only tries them first)
    left out are not in its grid."""
    if letters is None:
        return {}
    held = {"".join(letters[c] for c in slot) for slot in slots}
    lengths = {len(slot) for slot in slots}
    return {w: PLAIN if len(w) in lengths else NO_ENTRY for w in own if w not in held}


def nearest_trouble(seeds, stuck: Counter, crossing) -> list:
    """The placed entries, those nearest where the fills were stuck (`stuck` counts those
    entries: the entry's own count and its crossings') first."""
    return sorted(seeds, key=lambda s: -(stuck[s] + sum(stuck[o] for o in crossing[s])))


def to_move(seeds, stuck: Counter, crossing, rng: random.Random):
    """The placed entry nearest where the fill ran out of words or the house rules were
    missed (`stuck` counts those entries): the entry itself, one crossing it, or one
    crossing an entry that crosses it; else any."""
    for slot, _ in stuck.most_common(3):
        near = [s for s in seeds if s == slot or s in crossing[slot]]
        near = near or [s for s in seeds if set(crossing[s]) & set(crossing[slot])]
        if near:
            return rng.choice(near)
    return rng.choice(list(seeds))
