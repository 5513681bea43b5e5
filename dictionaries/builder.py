"""From sources to a dictionary: read, normalise, tier, and write."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from dictionaries import folder, importers
from dictionaries.blocklist import built_in, is_listed
from dictionaries.errors import DictionaryError
from dictionaries.importers import Report
from dictionaries.normalize import normalize
from dictionaries.store import CHECK, FILL, INITIALISM, NAME, SENSITIVE, Entry, build

WORDFREQ_COUNT = 400_000
PROGRESS_EVERY = 100_000
LICENCES = {"wordfreq": "wordfreq data: CC BY-SA 4.0 (see the wordfreq package)",
            "cefr": "wordfreq data: CC BY-SA 4.0; CEFR levels of the cefrpy package",
            "list": "the user's list",
            "jmdict": "JMdict: CC BY-SA 4.0, the EDRDG licence (edrdg.org)"}


def build_from_sources(sources: list[str], out: str | Path, lang: str,
                       min_frequency: float | None = None, fold_voiced: bool = False,
                       wordfreq_count: int = WORDFREQ_COUNT,
                       say: Callable[[str], None] | None = None) -> tuple[dict, Report]:
    """Sources: `wordfreq`, `cefr` (common English words: always fill), `jmdict:DB`
    (jamdict-data's SQLite file), `skk:FILE`, `mecab:FILE` (or `mecab:FILE:COLUMN`), or a word
    list FILE. Fill tier: words whose frequency reaches `min_frequency` (Zipf), and a user's own
    words without one; SKK and MeCab dictionaries add every word they know to the check tier.
    A source that gives no word is an error (a wrong path or language, not an empty build).
    `say` hears how many words were read, now and then."""
    folder.check_output(Path(os.path.abspath(out)))  # refused now, not after minutes of reading
    report = Report()
    dropped: dict[str, int] = {}
    described = []
    entries = []
    for source in sources:
        kind, words, where = source_words(source, lang, report, wordfreq_count)
        described.append({"source": where, "kind": kind,
                          "licence": LICENCES.get(kind, "as its source states")})
        skipped, dropped_before = dict(report.skipped), dict(dropped)
        found, read = _entries(kind, words, lang, min_frequency, fold_voiced, dropped, say)
        if not found:
            raise DictionaryError(_nothing_from(where, read, lang, _new(report.skipped, skipped),
                                                _new(dropped, dropped_before)))
        entries += found
    if say and len(entries) >= PROGRESS_EVERY:
        say(f"  writing {len(entries):,} words")
    meta = build(entries, out, lang, described, {**dropped, **report.skipped})
    return meta, report


def _entries(kind: str, words, lang: str, min_frequency: float | None, fold_voiced: bool,
             dropped: dict[str, int], say) -> tuple[list[Entry], int]:
    """A source's normalised words with their tiers and marks, and how many it gave. A word
    its source marks a name or an initialism never fills; a fill word on the language's
    blocklist is marked sensitive (the generator leaves it out unless told otherwise)."""
    entries, read = [], 0
    blocked = built_in(lang)
    for raw, frequency, *rest in words:
        marks = rest[1] if len(rest) > 1 else 0
        read += 1
        if say and read % PROGRESS_EVERY == 0:
            say(f"  {read:,} words read")
        word, why = normalize(raw, lang, fold_voiced)
        if word is None:
            dropped[why] = dropped.get(why, 0) + 1
            continue
        if kind == "cefr":  # chosen for being common
            fill = True
        elif frequency:  # a word with a frequency is judged by it
            fill = min_frequency is None or frequency >= min_frequency
        else:  # without one: a user's own words fill, a big dictionary's only check
            fill = kind == "list"
        fill = fill and not marks & (NAME | INITIALISM)
        if fill and is_listed(word, blocked, lang):
            marks |= SENSITIVE
        entries.append(Entry(word, frequency, FILL if fill else CHECK, marks))
    return entries, read


def _new(counts: dict[str, int], before: dict[str, int]) -> dict[str, int]:
    return {k: n - before.get(k, 0) for k, n in counts.items() if n > before.get(k, 0)}


def _nothing_from(where: str, read: int, lang: str, skipped: dict, dropped: dict) -> str:
    why = ", ".join(f"{reason}: {n}" for reason, n in {**skipped, **dropped}.items())
    if not read:
        return f"{where}: no words in it{f' ({why})' if why else ''}; nothing was built"
    return f"{where}: {read} words read, none fits a {lang} grid ({why}); nothing was built"


def source_words(source: str, lang: str, report: Report, wordfreq_count: int):
    """(kind, words, name) of one source spec."""
    if source == "wordfreq":
        return "wordfreq", importers.wordfreq_words(lang, wordfreq_count), "wordfreq"
    if source == "cefr":
        if lang != "en":
            raise ValueError("cefr: common English words, for --lang en")
        return "cefr", importers.common_english_marked(), "cefr"
    kind, _, rest = source.partition(":")
    if kind == "jmdict" and rest:
        return "jmdict", importers.jmdict(rest, report), Path(rest).name
    if kind == "skk" and rest:
        return "skk", importers.skk(rest, report), Path(rest).name
    if kind == "mecab" and rest:
        path, _, column = rest.partition(":")
        if column and not column.isdigit():
            raise ValueError(f"{source}: the reading column is a number (mecab:FILE:11)")
        words = importers.mecab_csv(path, report, int(column) if column else 11)
        return "mecab", words, Path(path).name
    return "list", importers.plain_list(source, report), Path(source).name
