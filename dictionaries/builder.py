"""From sources to a dictionary: read, normalise, tier, and write."""

from __future__ import annotations

from pathlib import Path

from dictionaries import importers
from dictionaries.importers import Report
from dictionaries.normalize import normalize
from dictionaries.store import CHECK, FILL, Entry, build

WORDFREQ_COUNT = 400_000
LICENCES = {"wordfreq": "wordfreq data: CC BY-SA 4.0 (see the wordfreq package)",
            "cefr": "wordfreq data: CC BY-SA 4.0; CEFR levels of the cefrpy package",
            "list": "the user's list",
            "jmdict": "JMdict: CC BY-SA 4.0, the EDRDG licence (edrdg.org)"}


def build_from_sources(sources: list[str], out: str | Path, lang: str,
                       min_frequency: float | None = None, fold_voiced: bool = False,
                       wordfreq_count: int = WORDFREQ_COUNT) -> tuple[dict, Report]:
    """Sources: `wordfreq`, `cefr` (common English words: always fill), `jmdict:DB`
    (jamdict-data's SQLite file), `skk:FILE`, `mecab:FILE` (or `mecab:FILE:COLUMN`), or a word
    list FILE. Fill tier: words whose frequency reaches `min_frequency` (Zipf), and a user's own
    words without one; SKK and MeCab dictionaries add every word they know to the check tier."""
    report = Report()
    dropped: dict[str, int] = {}
    described = []
    entries = []
    for source in sources:
        kind, words, where = source_words(source, lang, report, wordfreq_count)
        described.append({"source": where, "kind": kind,
                          "licence": LICENCES.get(kind, "as its source states")})
        for raw, frequency, _ in words:
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
            entries.append(Entry(word, frequency, FILL if fill else CHECK))
    meta = build(entries, out, lang, described, {**dropped, **report.skipped})
    return meta, report


def source_words(source: str, lang: str, report: Report, wordfreq_count: int):
    """(kind, words, name) of one source spec."""
    if source == "wordfreq":
        return "wordfreq", importers.wordfreq_words(lang, wordfreq_count), "wordfreq"
    if source == "cefr":
        if lang != "en":
            raise ValueError("cefr: common English words, for --lang en")
        return "cefr", importers.common_english(), "cefr"
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
