"""From sources to a dictionary: read, normalise, tier, and write."""

from __future__ import annotations

from pathlib import Path

from dictionaries.importers import Report, plain_list, wordfreq_words
from dictionaries.normalize import normalize
from dictionaries.store import CHECK, FILL, Entry, build

WORDFREQ_COUNT = 400_000
LICENCES = {"wordfreq": "wordfreq data: CC BY-SA 4.0 (see the wordfreq package)"}


def build_from_sources(sources: list[str], out: str | Path, lang: str,
                       min_frequency: float | None = None, fold_voiced: bool = False,
                       wordfreq_count: int = WORDFREQ_COUNT) -> tuple[dict, Report]:
    """Sources are `wordfreq` or word list files. A word is in the fill tier when it reaches
    `min_frequency` (Zipf) or comes from a list without frequencies; otherwise it only serves
    the uniqueness check."""
    report = Report()
    dropped: dict[str, int] = {}
    described = []
    entries = []
    for source in sources:
        if source == "wordfreq":
            words = wordfreq_words(lang, wordfreq_count)
            described.append({"source": "wordfreq", "licence": LICENCES["wordfreq"]})
        else:
            words = plain_list(source, report)
            described.append({"source": str(Path(source).name), "licence": "the user's list"})
        for raw, frequency, _ in words:
            word, why = normalize(raw, lang, fold_voiced)
            if word is None:
                dropped[why] = dropped.get(why, 0) + 1
                continue
            fill = min_frequency is None or frequency >= min_frequency or (
                frequency == 0 and source != "wordfreq")
            entries.append(Entry(word, frequency, FILL if fill else CHECK))
    meta = build(entries, out, lang, described, {**dropped, **report.skipped})
    return meta, report
