"""Words a magazine does not print: each language's built-in blocklist, and an author's own
lists of words to avoid or to prefer.

- English: better-profanity's word list (PyPI `better-profanity`, MIT licence), read from the
  installed package; a listed word blocks its plain inflections too (RAPE: RAPED, RAPES).
- Japanese: dictionaries/blocklists/ja.txt, this project's own list in kana (its header says
  where it comes from); JMdict's own tags (vulgar, X-rated, derogatory, sensitive) mark more
  words at build time (dictionaries/importers.py).

An author's lists are read by core/numcro/tailoring.py. The blocklist keeps words out of the
fill tier only: they still count when uniqueness is
proven, since a solver may think of them.
"""

from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path

from dictionaries.normalize import normalize

FOLDER = Path(__file__).with_name("blocklists")
SOURCES = {"en": "better-profanity's word list (PyPI better-profanity, MIT licence)",
           "ja": "dictionaries/blocklists/ja.txt (this project's; JMdict's vulg/X/derog/sens "
                 "tags too, CC BY-SA 4.0)"}
ENGLISH_ENDINGS = ("S", "ES", "D", "ED", "ING", "ER", "ERS")


@functools.cache
def built_in(lang: str) -> frozenset[str]:
    """The language's blocklist, normalised (read once a process)."""
    if lang == "en":
        source = resources.files("better_profanity").joinpath("profanity_wordlist.txt")
    else:
        source = FOLDER / f"{lang}.txt"
    lines = source.read_text(encoding="utf-8").splitlines()
    words = (normalize(line, lang)[0] for line in lines
             if line.strip() and not line.startswith("#"))
    return frozenset(w for w in words if w)


def is_listed(word: str, listed: frozenset[str], lang: str) -> bool:
    """The word, or (English) the word an ending was added to, is on the list."""
    if word in listed:
        return True
    return lang == "en" and any(word.endswith(e) and word[:-len(e)] in listed
                                for e in ENGLISH_ENDINGS)
