"""Word lists in, pattern-keyed LMDB dictionaries out, for the ナンクロ solver and generator."""

from dictionaries.normalize import NORMALIZATION_VERSION, normalize
from dictionaries.pattern import parse_pattern, pattern, pattern_text
from dictionaries.store import Dictionary, DictionaryError, build

__all__ = ["NORMALIZATION_VERSION", "Dictionary", "DictionaryError", "build", "normalize",
           "parse_pattern", "pattern", "pattern_text"]
