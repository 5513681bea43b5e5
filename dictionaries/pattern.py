"""Patterns: letters renumbered by first occurrence (きんとうん -> 12342). As text, 1-9 then
A-Z stand for the first 35 letters of a word; as a key, one byte a letter."""

from __future__ import annotations

from dictionaries.normalize import MAX_WORD

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def pattern(word: str) -> tuple[int, ...]:
    seen: dict[str, int] = {}
    return tuple(seen.setdefault(ch, len(seen) + 1) for ch in word)


def pattern_text(numbers: tuple[int, ...]) -> str:
    return "".join(SYMBOLS[n - 1] for n in numbers)


def parse_pattern(text: str) -> tuple[int, ...]:
    """A pattern from its text, or from any word of the same shape (キントウン as well as
    12342); ValueError when the text is not a pattern."""
    text = text.strip()
    if len(text) > MAX_WORD:
        raise ValueError(f"a pattern of {len(text)} letters: words here have at most {MAX_WORD}")
    if text and all(ch in SYMBOLS for ch in text.upper()):
        numbers = tuple(SYMBOLS.index(ch) + 1 for ch in text.upper())
        if pattern(text.upper()) == numbers:
            return numbers
        if all(ch.isdigit() for ch in text):
            raise ValueError(f"{text!r} is not a pattern: numbers must first appear in order "
                             f"1, 2, 3, ... ({pattern_text(pattern(text))} is)")
    if not text:
        raise ValueError("an empty pattern")
    return pattern(text)
