"""Word sources: plain lists (one word a line, an optional frequency column) and wordfreq.
Every source yields (word as written, frequency or 0, where) and reports bad lines instead of
failing: a build never stops half-way over one bad line."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path


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
