"""The words one generation may use: the dictionary's fill tier without the blocklisted and
avoided words, with an author's own words (a preferred list, the words of their prose) added
and tried first. Uniqueness is still proven against every word, blocked ones included."""

from __future__ import annotations

from core.errors import ParseError
from core.numcro.wordsets import Tailored, WordSets, folded_word_sets, sensitive, word_sets
from dictionaries.blocklist import built_in, is_listed
from dictionaries.normalize import normalize

MAX_LIST_WORDS = 100_000


def word_list(text: str, lang: str, what: str, fits=None) -> tuple[str, ...]:
    """An author's list (`--avoid`, `--prefer`): words separated by spaces or lines, `#`
    starts a comment; Japanese words in kana, or in kanji the analyser reads as one word.
    ParseError with line and column for a word a grid cannot hold, or one `fits(word)`
    says why no entry can (a complaint, or None)."""
    found: list[str] = []
    for number, line in enumerate(text.splitlines(), 1):
        content = line.split("#", 1)[0]
        column = 0
        for token in content.split():
            column = content.index(token, column)
            word = normalize(token, lang)[0] or _reading(token, lang)
            if word is None:
                hint = "kana, or kanji read as one word" if lang == "ja" else "letters A-Z"
                raise ParseError(f"{what}: {token[:20]!r} is not a word a grid holds "
                                 f"({hint})", number, column + 1)
            complaint = fits and fits(word)
            if complaint:
                raise ParseError(f"{what}: {token[:20]!r} {complaint}", number, column + 1)
            found.append(word)
            column += len(token)
            if len(found) > MAX_LIST_WORDS:
                raise ParseError(f"{what}: more than {MAX_LIST_WORDS} words", number, 1)
    return tuple(dict.fromkeys(found))


def _reading(token: str, lang: str) -> str | None:
    if lang != "ja":
        return None
    from dictionaries.prose import reading

    return reading(token)


def prose_words(text: str, lang: str) -> tuple[str, ...]:
    """An author's prose (a diary page) as grid words, the most telling first; ValueError
    when it holds none."""
    from dictionaries.prose import words_of_prose

    words = tuple(words_of_prose(text, lang))
    if not words:
        raise ValueError(f"no {lang} words in the text: nothing a grid can hold")
    return words


def tailored(dictionary, lang: str, allow_sensitive: bool = False, avoid: tuple = (),
             prefer: tuple = (), voiced_as_one: bool = False) -> WordSets:
    """The dictionary's words for one generation (made once per dictionary and choice):
    fill without blocklisted (unless `allow_sensitive`) and avoided words, `prefer` words
    added and tried first; for 濁点ナンクロ, every word with its voiced kana folded."""
    key = ("tailored", allow_sensitive, avoid, prefer, voiced_as_one)
    made = dictionary.derived.get(key)
    if made is None:
        fold = _folding(voiced_as_one)
        listed = frozenset() if allow_sensitive else frozenset(map(fold, built_in(lang)))
        avoided = frozenset(map(fold, avoid))
        prefer = tuple(map(fold, prefer))
        base = folded_word_sets(dictionary) if voiced_as_one else word_sets(dictionary)

        def blocked(word: str, marks: int) -> bool:
            return word in avoided or (not allow_sensitive and (
                sensitive(word, marks) or is_listed(word, listed, lang)))

        made = dictionary.derived[key] = Tailored(base, blocked, prefer)
    return made


def _folding(voiced_as_one: bool):
    """濁点ナンクロ's letters for a word (ガッコウ -> カツコウ), or the word as it is."""
    if not voiced_as_one:
        return lambda word: word
    return lambda word: normalize(word, "ja", fold_voiced=True)[0] or word
