"""One versioned normalisation of words for number crosswords.

Japanese: katakana (hiragana folded), small kana written big (ャ->ヤ, ッ->ツ, ょ->ヨ), ー kept as
a symbol of its own, voiced kana kept distinct unless `fold_voiced` (the 濁点ナンクロ variant).
Latin: upper case with accents folded. A word a grid cannot hold (digits, symbols, mixed
scripts, a single letter) is dropped, with the reason.
"""

from __future__ import annotations

import unicodedata

NORMALIZATION_VERSION = 1
SMALL_TO_BIG = str.maketrans("ァィゥェォッャュョヮヵヶ", "アイウエオツヤユヨワカケ")
LONG_VOWEL = "ー"
MAX_WORD = 30


def _katakana(ch: str) -> str:
    code = ord(ch)
    return chr(code + 0x60) if 0x3041 <= code <= 0x3096 else ch


def _is_kana(ch: str) -> bool:
    return "ア" <= ch <= "ヺ" or ch == LONG_VOWEL


def normalize(word: str, lang: str, fold_voiced: bool = False) -> tuple[str | None, str]:
    """(normalised word, "") or (None, why it was dropped)."""
    word, why = fold(word, lang, fold_voiced)
    if word is not None and len(word) < 2:
        return None, "one letter"
    return word, why


def fold(word: str, lang: str, fold_voiced: bool = False) -> tuple[str | None, str]:
    """The letters of a grid for any text (a single letter too), or (None, why not)."""
    word = unicodedata.normalize("NFKC", word.strip())
    if not word:
        return None, "empty"
    if len(word) > MAX_WORD:
        return None, "too long"
    if lang == "ja":
        kana = "".join(_katakana(ch) for ch in word).translate(SMALL_TO_BIG)
        if fold_voiced:
            kana = "".join(ch for ch in unicodedata.normalize("NFD", kana)
                           if ch not in "\u3099\u309a").replace("ヴ", "ウ")
            kana = unicodedata.normalize("NFC", kana)
        if not all(_is_kana(ch) for ch in kana):
            return None, "not kana"
        word = kana
    else:
        folded = "".join(ch for ch in unicodedata.normalize("NFKD", word)
                         if not unicodedata.combining(ch)).upper()
        folded = folded.replace("Æ", "AE").replace("Œ", "OE").replace("ß", "SS")
        if not all("A" <= ch <= "Z" for ch in folded):
            return None, "not letters"
        word = folded
    return word, ""
