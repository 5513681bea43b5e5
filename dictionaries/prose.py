"""Prose in, words out: an author's text (a diary page, a theme) as the words a grid can hold,
in kana or capitals, the ones that mean most first.

Japanese is read with SudachiPy and SudachiDict's core dictionary (PyPI `sudachipy`,
`sudachidict-core`; Apache 2.0), split in its longest units (mode C: 東京都, 図書館, 日曜日 stay
whole, and read right: ニチヨウビ): nouns first, then verbs and adjectives in their dictionary
form, each word once, in the order the text first uses them. Chosen over fugashi + unidic-lite
(251 MB installed against 198 MB, and its short units cut 図書館 and read 日曜日's 日 as ヒ);
both read the 46 nouns of a 233-character diary alike. English: runs of letters, content
words before the small words (THE, AND).
"""

from __future__ import annotations

import functools
import re

from dictionaries.errors import DictionaryError
from dictionaries.normalize import normalize

MAX_PROSE = 200_000  # characters read from a text: a book's chapter, not a library
SUDACHI_BYTES = 40_000  # text given to Sudachi at once (it takes at most 49,149 bytes)
RANKS = {"名詞": 0, "動詞": 1, "形容詞": 1, "形状詞": 1, "副詞": 2}  # nouns first
ENGLISH_SMALL = frozenset(
    "THE AND BUT FOR NOR YET ARE WAS WERE HAS HAD HAVE BEEN FROM WITH THAT THIS THEN THAN "
    "INTO ONTO WHAT WHEN WHO WHOM WHICH WHERE THEIR THERE THEY THEM YOU YOUR OUR HIS HER ITS "
    "SHE HIM NOT ALL ANY CAN DID DOES WILL WOULD SHOULD COULD ON IN AT TO OF IS IT AS BE BY "
    "OR AN SO NO IF UP US WE HE ME MY DO GO AM".split())


def words_of_prose(text: str, lang: str) -> list[str]:
    """The text's words, normalised, each once: the most telling first (Japanese nouns, then
    verbs and adjectives; English content words, then small words), in the text's order."""
    text = text[:MAX_PROSE]
    ranked = _japanese(text) if lang == "ja" else _english(text)
    seen: dict[str, tuple[int, int]] = {}
    for order, (word, rank) in enumerate(ranked):
        if word and word not in seen:
            seen[word] = (rank, order)
    return sorted(seen, key=seen.get)


def _english(text: str) -> list[tuple[str | None, int]]:
    words = (normalize(w, "en")[0] for w in re.findall(r"[^\W\d_]+", text))
    return [(w, 1 if w in ENGLISH_SMALL else 0) for w in words if w]


def _japanese(text: str) -> list[tuple[str | None, int]]:
    """(reading, rank) of each word Sudachi finds; kana-only words of the text (spaced
    lists of kana) come through the same way."""
    found = []
    morphemes = (m for piece in pieces(text) for m in _tokenizer().tokenize(piece, _mode()))
    for morpheme in morphemes:
        pos = morpheme.part_of_speech()
        rank = RANKS.get(pos[0])
        if rank is None or pos[1] in ("数詞", "非自立可能") or pos[0] == "名詞" and \
                pos[1] == "固有名詞" and pos[2] == "人名":
            continue  # numbers, grammar words and people's names make poor grid words
        reading = morpheme.reading_form() if rank == 0 else _dictionary_reading(morpheme)
        found.append((normalize(reading, "ja")[0], rank))
    return found


def pieces(text: str, limit: int = SUDACHI_BYTES):
    """The text in runs Sudachi takes (it refuses more than 49,149 bytes at once): whole
    lines, or sentences of a long line, or cut anywhere when a sentence alone is too long."""
    run, size = [], 0
    for part in re.split(r"(?<=[\n。！？!?])", text):
        if run and size + len(part.encode()) > limit:
            yield "".join(run)
            run, size = [], 0
        while len(part.encode()) > limit:  # a sentence longer than the limit: cut it
            cut = len(part.encode()[:limit].decode(errors="ignore"))
            yield part[:cut]
            part = part[cut:]
        run.append(part)
        size += len(part.encode())
    if run:
        yield "".join(run)


def _dictionary_reading(morpheme) -> str:
    """A verb or adjective as the dictionary has it (食べた -> タベル)."""
    form = morpheme.dictionary_form()
    if form == morpheme.surface():
        return morpheme.reading_form()
    readings = [m.reading_form() for m in _tokenizer().tokenize(form, _mode())]
    return "".join(readings)


def reading(word: str) -> str | None:
    """One word's reading in kana (猫 -> ネコ), or None when it is not one word."""
    morphemes = list(_tokenizer().tokenize(word[:100], _mode()))
    if len(morphemes) != 1:
        return None
    return normalize(morphemes[0].reading_form(), "ja")[0]


@functools.cache
def _tokenizer():
    """SudachiPy's tokenizer over the core dictionary (opened once a process: ~0.05 s)."""
    try:
        from sudachipy import Dictionary

        return Dictionary(dict="core").tokenizer()
    except ImportError:  # make run leaves it to the app's background install
        raise DictionaryError(
            "reading Japanese needs SudachiPy and its dictionary, which are not installed "
            "yet: run `puzzle-tui install` (make run's app does, in its background)") from None


def _mode():
    from sudachipy import SplitMode

    return SplitMode.C
