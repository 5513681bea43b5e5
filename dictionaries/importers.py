"""Word sources: plain lists (one word a line, an optional frequency column) and wordfreq.
Every source yields (word as written, frequency or 0, where), and some a fourth item, the
word's marks (dictionaries.store: SENSITIVE, NAME, INITIALISM, as the source says); bad lines
are reported instead of failing: a build never stops half-way over one bad line."""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from dictionaries.store import INITIALISM, NAME, SENSITIVE


@dataclass
class Report:
    """What a build skipped, by reason, with the first few places."""

    skipped: dict[str, int] = field(default_factory=dict)
    examples: list[str] = field(default_factory=list)

    def skip(self, reason: str, where: str) -> None:
        self.skipped[reason] = self.skipped.get(reason, 0) + 1
        if len(self.examples) < 20:
            self.examples.append(f"{where}: {reason}")


def plain_list(path: str | Path, report: Report) -> Iterator[tuple[str, float, str]]:
    """`word [frequency]` lines; `#` comments. Lines that are not UTF-8 or whose frequency is
    not a number are reported with file and line and skipped."""
    path = Path(path)
    with open(path, "rb") as f:
        for number, raw in enumerate(f, 1):
            where = f"{path}:{number}"
            try:
                line = raw.decode("utf-8-sig" if number == 1 else "utf-8").strip()
            except UnicodeDecodeError:
                report.skip("not UTF-8", where)
                continue
            if not line or line.startswith("#"):
                continue
            parts = line.split()
            frequency = 0.0
            if len(parts) > 2:
                report.skip("more than a word and a frequency", where)
                continue
            if len(parts) == 2:
                try:
                    frequency = float(parts[1])
                except ValueError:
                    report.skip("frequency is not a number", where)
                    continue
            yield parts[0], frequency, where


def wordfreq_words(lang: str, count: int) -> Iterator[tuple[str, float, str]]:
    """The `count` most frequent words of wordfreq in a language, with Zipf frequencies."""
    from wordfreq import top_n_list, zipf_frequency

    for word in top_n_list(lang, count):
        yield word, zipf_frequency(word, lang), f"wordfreq:{lang}"


def common_english(limit: int = 30_000, max_level: float = 4.0, min_zipf: float = 3.5,
                   ) -> Iterator[tuple[str, float, str]]:
    """Common real English words: of the `limit` most frequent in wordfreq, those that cefrpy
    places at CEFR level B2 (4) or below, not only as a proper noun, with a vowel. wordfreq
    alone lets in acronyms and names (MTG, MRNA, EARP, DNA) and fragments (SES, EDS)."""
    for word, zipf, _, marks in common_english_marked(limit, max_level, min_zipf):
        if not marks:
            yield word, zipf, "cefr"


def common_english_marked(limit: int = 30_000, max_level: float = 4.0, min_zipf: float = 3.5,
                          ) -> Iterator[tuple[str, float, str, int]]:
    """common_english's words and, marked NAME, the ones cefrpy knows only as proper nouns
    (a dictionary keeps them, out of its fill tier)."""
    from cefrpy import CEFRAnalyzer
    from wordfreq import top_n_list, zipf_frequency

    levels = CEFRAnalyzer()
    for word in top_n_list("en", limit):
        zipf = zipf_frequency(word, "en")
        if (word.isascii() and word.isalpha() and any(v in word for v in "aeiouy")
                and zipf >= (max(min_zipf, 4.0) if len(word) <= 3 else min_zipf)
                and (levels.get_average_word_level_float(word) or 9) <= max_level):
            name = not _not_a_name(set(levels.get_all_pos_for_word_as_str(word)))
            yield word, zipf, "cefr", NAME if name else 0


def _not_a_name(tags: set[str]) -> bool:
    """cefrpy's tagger calls names both proper nouns and adjectives (Boston: JJ, NNP): a word
    tagged a proper noun must be some other noun, verb or adverb too (march, may, turkey)."""
    if tags & {"NNP", "NNPS"}:
        return any(t.startswith(("NN", "VB", "RB")) and t not in ("NNP", "NNPS") for t in tags)
    return bool(tags)


def text_words(text: str) -> list[str]:
    """The words of an author's own text (a diary, a theme list), in order: runs of letters
    between spaces and punctuation. Japanese needs its words spaced (or one a line): kanji
    have no reading here, and normalisation drops them."""
    import re

    return re.findall(r"[^\W\d_]+", text)


def _lines(path: Path, report: Report) -> Iterator[tuple[int, str]]:
    """Decoded lines of a dictionary file in UTF-8 or EUC-JP (SKK and ipadic use EUC-JP):
    the encoding that decodes more of the file wins; lines it cannot decode are reported."""
    data = path.read_bytes()
    encoding = "utf-8"
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        encoding = "euc-jp"
    for number, raw in enumerate(data.splitlines(), 1):
        try:
            yield number, raw.decode(encoding)
        except UnicodeDecodeError:
            report.skip(f"not {encoding.upper()}", f"{path}:{number}")


def skk(path: str | Path, report: Report) -> Iterator[tuple[str, float, str]]:
    """SKK dictionaries (Debian skkdic): `よみ /候補/候補;注釈/` lines; the reading is the word.
    Entries with okurigana (a reading ending in a Latin letter, `おおきi`) are verb and
    adjective stems, not words, and are left out."""
    path = Path(path)
    for number, line in _lines(path, report):
        if not line or line.startswith(";"):
            continue
        reading, _, candidates = line.partition(" /")
        where = f"{path}:{number}"
        if not candidates:
            report.skip("not an SKK entry", where)
            continue
        if reading and reading[-1].isascii() and reading[-1].isalpha():
            continue
        yield reading, 0.0, where


def mecab_csv(path: str | Path, report: Report, column: int = 11,
              ) -> Iterator[tuple[str, float, str]]:
    """MeCab dictionary sources (mecab-ipadic: the reading is column 12, `column=11`; unidic's
    lex.csv has it elsewhere): one entry a line, symbols (記号) left out."""
    path = Path(path)
    for number, line in _lines(path, report):
        if not line.strip():
            continue
        fields = line.split(",")
        where = f"{path}:{number}"
        if len(fields) <= column:
            report.skip(f"fewer than {column + 1} columns", where)
            continue
        if fields[4] == "記号" or fields[column] in ("", "*"):
            continue
        yield fields[column], 0.0, where


JMDICT_COMMON = ("news1", "ichi1", "spec1", "spec2", "gai1")
JMDICT_SENSITIVE = ("vulgar expression or word", "rude or X-rated term", "derogatory",
                    "sensitive")


def jmdict(path: str | Path, report: Report) -> Iterator[tuple[str, float, str]]:
    """Kana readings of JMdict from jamdict-data's SQLite database (read-only). A reading
    gets a frequency when JMdict marks it common and it names a noun: 7.0 for the nf01 band
    down to 5.85 for nf24, 5.0 for the other common marks (news1, ichi1, spec, gai1); every
    other reading comes with 0 (check tier). Marks: SENSITIVE where the first sense (the main
    meaning) is tagged vulgar, X-rated, derogatory or sensitive (イヌ has a derogatory sense,
    "spy", and stays); NAME where every English gloss is capitalised (Australia,
    London (UK)); INITIALISM where they are and one is the letters (Japanese Industrial
    Standards; JIS)."""
    import sqlite3

    path = Path(path)
    if not path.is_file():  # sqlite would say only "unable to open database file"
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(path))
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        rows = db.execute(
            "SELECT k.text, (SELECT group_concat(p.text) FROM KNP p WHERE p.kid = k.ID), "
            "EXISTS (SELECT 1 FROM Sense s JOIN pos ON pos.sid = s.ID "
            "        WHERE s.idseq = k.idseq AND pos.text LIKE '%noun%'), k.idseq FROM Kana k")
        marks_of = _jmdict_marks(db)
        for text, common, noun, idseq in rows:
            yield text, _jmdict_frequency(common, noun), f"{path}", marks_of.get(idseq, 0)
    except sqlite3.Error as error:
        report.skip(f"not a JMdict database ({error})", str(path))


def _jmdict_frequency(marks: str | None, noun: int) -> float:
    """Only JMdict's "common" marks make a fill word (news2 and its nf25-nf48 bands do not:
    キジクツウカ, ヒキド)."""
    if not marks or not noun or not any(m in JMDICT_COMMON for m in marks.split(",")):
        return 0.0
    bands = [int(m[2:]) for m in marks.split(",") if m.startswith("nf") and m[2:].isdigit()]
    return round(7.0 - (min(bands) - 1) * 0.05, 2) if bands else 5.0


def _jmdict_marks(db) -> dict[int, int]:
    """Each entry's marks (by idseq), from its senses' tags and glosses; none where the
    database lacks those tables."""
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    marks: dict[int, int] = {}
    if "misc" in tables:
        for (idseq,) in db.execute(
                "SELECT DISTINCT s.idseq FROM Sense s JOIN misc m ON m.sid = s.ID "
                "WHERE m.text IN (?, ?, ?, ?) AND s.ID = "
                "(SELECT min(ID) FROM Sense f WHERE f.idseq = s.idseq)", JMDICT_SENSITIVE):
            marks[idseq] = SENSITIVE
    if "SenseGloss" in tables:
        glosses: dict[int, list[str]] = {}
        for idseq, text in db.execute(
                "SELECT s.idseq, g.text FROM Sense s JOIN SenseGloss g ON g.sid = s.ID "
                "WHERE g.lang IS NULL OR g.lang IN ('', 'eng')"):
            glosses.setdefault(idseq, []).append(text or "")
        for idseq, texts in glosses.items():
            marks[idseq] = marks.get(idseq, 0) | _name_kind(texts)
    return marks


def _name_kind(glosses: list[str]) -> int:
    """NAME when JMdict glosses an entry only in capitals (a place, a person, a brand);
    INITIALISM when one of those glosses is the letters themselves (JIS, NHK)."""
    words = [g.removeprefix("the ").strip() for g in glosses]
    if not words or not all(w[:1].isupper() for w in words):
        return 0
    if any(len(w) >= 2 and w.isalpha() and w.isupper() for w in words):
        return INITIALISM
    return NAME
