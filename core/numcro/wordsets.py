"""Word ids as bit sets: how the ナンクロ solver and generator see a dictionary.

Per word length: the words sorted by (pattern, word), and Python ints whose bit i stands for
word i, one per (position, letter) and one per pattern. The candidates of an entry are then an
AND of a few ints and `bit_count()` counts them. Sets are built per length on first use (a few
tens of milliseconds for the largest length of a 200k-word dictionary)."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable

from core.search import bits as members
from dictionaries.pattern import pattern
from dictionaries.store import CHECK, FILL, SENSITIVE


class Length:
    """The words of one length, with their bit sets."""

    def __init__(self, words: list[str], tiers: list[int], marks: bytes | None = None):
        shapes = [pattern(w) for w in words]
        order = sorted(range(len(words)), key=lambda i: (shapes[i], words[i]))
        self.words = [words[i] for i in order]
        self.tiers = bytes(tiers[i] for i in order)
        self.marks = bytes(marks[i] for i in order) if marks else bytes(len(order))
        self.all = (1 << len(self.words)) - 1
        self.fill = bit_set(i for i, t in enumerate(self.tiers) if t == FILL)
        self.preferred = 0  # words the fill tries first (an author's own)
        spans: dict[tuple[int, ...], tuple[int, int]] = {}  # sorted: a pattern is one run
        for i, j in enumerate(order):
            spans[shapes[j]] = (spans.get(shapes[j], (i, i))[0], i + 1)
        self.patterns = {shape: ((1 << (end - start)) - 1) << start
                         for shape, (start, end) in spans.items()}
        positions: dict[tuple[int, str], list[int]] = {}
        for i, word in enumerate(self.words):
            for p, letter in enumerate(word):
                positions.setdefault((p, letter), []).append(i)
        self.letters = {key: bit_set(ids) for key, ids in positions.items()}

    def letter(self, position: int, letter: str) -> int:
        return self.letters.get((position, letter), 0)


def bit_set(ids: Iterable[int]) -> int:
    ids = list(ids)
    if not ids:
        return 0
    raw = bytearray(ids[-1] // 8 + 1)
    for i in ids:
        raw[i >> 3] |= 1 << (i & 7)
    return int.from_bytes(raw, "little")


def member_at_or_after(bits: int, start: int) -> int:
    """The first set bit at or after `start`, wrapping round; bits must not be 0. A random
    start gives a random member without listing them all."""
    high = bits >> start
    if high:
        return start + ((high & -high).bit_length() - 1)
    return (bits & -bits).bit_length() - 1


def word_sets(dictionary) -> WordSets:
    """A dictionary's words as bit sets, made once per open dictionary (per length on first
    use)."""
    made = dictionary.derived.get("word_sets")
    if made is None:
        made = dictionary.derived["word_sets"] = WordSets(
            lambda n: (*dictionary.words_of(n), dictionary.marks_of(n)))
    return made


def folded_word_sets(dictionary) -> WordSets:
    """濁点ナンクロ: every word with its voiced kana written unvoiced (ガ as カ, パ as ハ), a
    word keeping the best tier of the words it folds from (made once per dictionary)."""
    from dictionaries.normalize import normalize

    made = dictionary.derived.get("folded")
    if made is None:
        tiered = []
        for n in dictionary.meta["lengths"]:
            words, tiers = dictionary.words_of(int(n))
            marks = dictionary.marks_of(int(n))
            tiered += [(normalize(w, "ja", fold_voiced=True)[0], t, m)
                       for w, t, m in zip(words, tiers, marks, strict=True)]
        made = dictionary.derived["folded"] = WordSets.from_words(tiered)
    return made


class WordSets:
    """Bit sets over a word source: `words_of(length)` gives (words, tiers) of that length,
    and optionally their marks."""

    def __init__(self, words_of):
        self._words_of = words_of
        self._lengths: dict[int, Length] = {}

    @classmethod
    def from_words(cls, tiered: Iterable[tuple]) -> WordSets:
        """From (word, tier) or (word, tier, marks); a word listed twice keeps its best tier
        (and that word's marks)."""
        best: dict[str, tuple[int, int]] = {}
        for word, tier, *marks in tiered:
            if word not in best or tier < best[word][0]:
                best[word] = (tier, marks[0] if marks else 0)
        by_length: dict[int, tuple[list[str], list[int], bytearray]] = {}
        for word, (tier, marks) in best.items():
            words, tiers, all_marks = by_length.setdefault(len(word), ([], [], bytearray()))
            words.append(word)
            tiers.append(tier)
            all_marks.append(marks)
        return cls(lambda n: by_length.get(n, ([], [], b"")))

    def length(self, n: int) -> Length:
        found = self._lengths.get(n)
        if found is None:
            found = self._lengths[n] = Length(*self._words_of(n))
        return found

    def candidates(self, numbers: tuple[int, ...], tier: int = CHECK) -> int:
        """The words of this pattern (and tier) as a bit set of `length(len(numbers))`."""
        length = self.length(len(numbers))
        bits = length.patterns.get(pattern(numbers), 0)
        return bits & length.fill if tier == FILL else bits


class Tailored(WordSets):
    """A word set's words with its fill tier changed for one puzzle: words `blocked` says no
    to leave it, `preferred` words join it (added as words where the base lacks them) and
    are marked to be tried first. Blocked words still check uniqueness."""

    def __init__(self, base: WordSets, blocked: Callable[[str, int], bool],
                 preferred: Iterable[str] = ()):
        super().__init__(None)
        self.base, self.blocked = base, blocked
        self.preferred_order = tuple(dict.fromkeys(preferred))  # the author's order
        self.preferred_words = frozenset(self.preferred_order)

    def length(self, n: int) -> Length:
        found = self._lengths.get(n)
        if found is None:
            found = self._lengths[n] = self._tailor(n)
        return found

    def _tailor(self, n: int) -> Length:
        base = self.base.length(n)
        own = {w for w in self.preferred_words if len(w) == n}
        missing = sorted(own - set(base.words)) if own else []
        if missing:  # rebuilt with the author's words in (tens of ms for a large length)
            length = Length(base.words + missing, [*base.tiers, *[CHECK] * len(missing)],
                            base.marks + bytes(len(missing)))
        else:
            length = copy.copy(base)
        blocked = bit_set(i for i in members(length.fill)
                          if self.blocked(length.words[i], length.marks[i]))
        wanted = bit_set(i for i, w in enumerate(length.words)
                         if w in own and not self.blocked(w, length.marks[i])) if own else 0
        length.fill = (length.fill & ~blocked) | wanted
        length.preferred = wanted
        return length


def sensitive(word: str, marks: int) -> bool:
    """A word the dictionary marked sensitive when it was built."""
    return bool(marks & SENSITIVE)


class FillOnly(WordSets):
    """Only the fill words of a word set, numbered anew: the fill search ANDs and counts bit
    sets ~10x shorter than ones over every word of a length (the check tier stays with the
    base, for uniqueness)."""

    def __init__(self, base: WordSets):
        super().__init__(None)
        self.base = base
        self.preferred_words = getattr(base, "preferred_words", frozenset())
        self.preferred_order = getattr(base, "preferred_order", ())

    def length(self, n: int) -> Length:
        found = self._lengths.get(n)
        if found is None:
            base = self.base.length(n)
            ids = list(members(base.fill))
            found = Length([base.words[i] for i in ids], [FILL] * len(ids),
                           bytes(base.marks[i] for i in ids))
            own = {base.words[i] for i in members(base.preferred)}
            found.preferred = bit_set(i for i, w in enumerate(found.words) if w in own)
            self._lengths[n] = found
        return found
