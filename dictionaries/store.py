"""The pattern-keyed dictionary in LMDB.

Word ids follow (length, pattern, word). Named databases:
- `meta`: one JSON record (format, normalisation version, language, alphabet, sources with
  their licences, counts, and each length's first id and count);
- `words`: per length, every word of that length in one fixed-width UTF-32 array, and beside
  it a byte a word for its tier (0 = fill: common words; 1 = check: known words);
- `patterns`: length + pattern -> the id range of its words;
- `letters`: length + position + letter -> the sorted ids of words with that letter there.
So "pattern + known letters" is one range and a binary search in a few sorted arrays.
A build writes a new directory and moves it into place at the end: a failed build leaves the
old dictionary as it was. Readers open it read-only.
"""

from __future__ import annotations

import json
import os
import shutil
import struct
import tempfile
from array import array
from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from dictionaries.normalize import NORMALIZATION_VERSION
from dictionaries.pattern import pattern

FORMAT = 1
FILL, CHECK = 0, 1
MAP_SIZE = 4 << 30  # address space, not disk: LMDB files grow as written


class DictionaryError(ValueError):
    """A dictionary that is missing, corrupt, or of another format (bad input, like a bad
    puzzle file)."""


@dataclass(frozen=True)
class Entry:
    word: str
    frequency: float = 0.0
    tier: int = FILL


def _ids(values: list[int]) -> bytes:
    return array("I", values).tobytes()


def build(entries: Iterable[Entry], out: str | Path, lang: str,
          sources: list[dict] | None = None, dropped: dict | None = None) -> dict:
    """Write a dictionary of normalised words; returns its meta record."""
    best: dict[str, Entry] = {}
    for e in entries:
        old = best.get(e.word)
        if old is None or (e.tier, -e.frequency) < (old.tier, -old.frequency):
            best[e.word] = e
    words = sorted(best, key=lambda w: (len(w), pattern(w), w))
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    try:
        meta = _write(work, words, best, lang, sources or [], dropped or {})
        _move_into_place(work, out)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    return meta


def _write(folder: Path, words: list[str], best: dict[str, Entry], lang: str,
           sources: list[dict], dropped: dict) -> dict:
    import lmdb

    env = lmdb.open(str(folder), map_size=MAP_SIZE, max_dbs=4, subdir=True)
    lengths: dict[int, list[int]] = {}
    for i, w in enumerate(words):
        lengths.setdefault(len(w), [i, 0])[1] += 1
    alphabet = sorted({ch for w in words for ch in w})
    meta = {"format": FORMAT, "normalization": NORMALIZATION_VERSION, "lang": lang,
            "alphabet": "".join(alphabet), "sources": sources, "dropped": dropped,
            "counts": {"words": len(words),
                       "fill": sum(1 for w in words if best[w].tier == FILL)},
            "lengths": {str(n): span for n, span in sorted(lengths.items())}}
    with env.begin(write=True) as txn:
        db_meta, db_words, db_patterns, db_letters = (
            env.open_db(name, txn=txn) for name in (b"meta", b"words", b"patterns", b"letters"))
        txn.put(b"meta", json.dumps(meta, ensure_ascii=False).encode(), db=db_meta)
        for n, (first, count) in lengths.items():
            chunk = words[first:first + count]
            txn.put(struct.pack(">H", n), "".join(chunk).encode("utf-32-le"), db=db_words)
            txn.put(struct.pack(">H", n) + b"t", bytes(best[w].tier for w in chunk),
                    db=db_words)
            txn.put(struct.pack(">H", n) + b"f",
                    array("f", (best[w].frequency for w in chunk)).tobytes(), db=db_words)
        ranges: dict[bytes, list[int]] = {}
        postings: dict[bytes, list[int]] = {}
        for i, w in enumerate(words):
            key = _pattern_key(pattern(w))
            ranges.setdefault(key, [i, i])[1] = i + 1
            for pos, ch in enumerate(w):
                postings.setdefault(_letter_key(len(w), pos, ch), []).append(i)
        for key, (a, b) in ranges.items():
            txn.put(key, struct.pack("<II", a, b), db=db_patterns)
        for key, ids in postings.items():
            txn.put(key, _ids(ids), db=db_letters)
    env.close()
    return meta


def _pattern_key(numbers: tuple[int, ...]) -> bytes:
    return struct.pack(">H", len(numbers)) + bytes(numbers)


def _letter_key(length: int, position: int, letter: str) -> bytes:
    return struct.pack(">HH", length, position) + letter.encode("utf-8")


def _move_into_place(work: Path, out: Path) -> None:
    old = None
    if out.exists():
        old = out.with_name(f".{out.name}.old")
        shutil.rmtree(old, ignore_errors=True)
        os.replace(out, old)
    os.replace(work, out)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


class Dictionary:
    """A built dictionary, read-only. Open one per process (never share it across a fork)."""

    def __init__(self, path: str | Path):
        import lmdb

        path = Path(path)
        if not (path / "data.mdb").is_file():
            raise DictionaryError(f"{path}: no dictionary here (build one with "
                                  f"`puzzle-tui dict build`)")
        try:
            self.env = lmdb.open(str(path), readonly=True, lock=False, max_dbs=4,
                                 subdir=True)
            dbs = [self.env.open_db(name, create=False)
                   for name in (b"meta", b"words", b"patterns", b"letters")]
            with self.env.begin() as txn:
                raw = txn.get(b"meta", db=dbs[0])
            self.meta = json.loads(raw)
        except (lmdb.Error, TypeError, ValueError) as error:
            raise DictionaryError(f"{path}: not a readable dictionary ({error})") from None
        if self.meta.get("format") != FORMAT:
            raise DictionaryError(f"{path}: dictionary format {self.meta.get('format')}, "
                                  f"this program reads {FORMAT}: rebuild it")
        self._meta_db, self._words_db, self._patterns_db, self._letters_db = dbs
        self._txn = self.env.begin(buffers=False)
        self._chunks: dict[int, tuple[bytes, bytes, int]] = {}
        self.derived: dict = {}  # what readers build from the words (the solver's bit sets)

    def close(self) -> None:
        self._txn.abort()
        self.env.close()

    @property
    def size(self) -> int:
        return self.meta["counts"]["words"]

    def _chunk(self, length: int) -> tuple[bytes, bytes, int] | None:
        chunk = self._chunks.get(length)
        if chunk is None:
            span = self.meta["lengths"].get(str(length))
            if span is None:
                return None
            key = struct.pack(">H", length)
            chunk = (self._txn.get(key, db=self._words_db),
                     self._txn.get(key + b"t", db=self._words_db), span[0])
            self._chunks[length] = chunk
        return chunk

    def words_of(self, length: int) -> tuple[list[str], bytes]:
        """Every word of a length, and their tiers."""
        chunk = self._chunk(length)
        if chunk is None:
            return [], b""
        text = chunk[0].decode("utf-32-le")
        return [text[i:i + length] for i in range(0, len(text), length)], chunk[1]

    def word(self, word_id: int, length: int) -> str:
        data, _, first = self._chunk(length)
        at = (word_id - first) * 4 * length
        return data[at:at + 4 * length].decode("utf-32-le")

    def tier(self, word_id: int, length: int) -> int:
        _, tiers, first = self._chunk(length)
        return tiers[word_id - first]

    def id_range(self, numbers: tuple[int, ...]) -> tuple[int, int]:
        raw = self._txn.get(_pattern_key(numbers), db=self._patterns_db)
        return struct.unpack("<II", raw) if raw else (0, 0)

    def with_letter(self, length: int, position: int, letter: str) -> array:
        ids = array("I")
        raw = self._txn.get(_letter_key(length, position, letter), db=self._letters_db)
        if raw:
            ids.frombytes(raw)
        return ids

    def ids(self, numbers: tuple[int, ...], known: dict[int, str] | None = None) -> list[int]:
        """Ids of the words with this pattern and these letters at these positions (0-based)."""
        low, high = self.id_range(numbers)
        if low == high:
            return []
        result = None
        for position, letter in (known or {}).items():
            postings = self.with_letter(len(numbers), position, letter)
            a, b = bisect_left(postings, low), bisect_left(postings, high)
            inside = postings[a:b]
            if result is None:
                result = inside
            else:
                keep = set(inside)
                result = [i for i in result if i in keep]
            if not result:
                return []
        return list(range(low, high)) if result is None else list(result)

    def lookup(self, numbers: tuple[int, ...], known: dict[int, str] | None = None,
               limit: int | None = None, tier: int = CHECK) -> list[str]:
        """The words themselves (up to `limit`), of tiers up to `tier`."""
        length = len(numbers)
        words = []
        for word_id in self.ids(numbers, known):
            if self.tier(word_id, length) <= tier:
                words.append(self.word(word_id, length))
                if limit is not None and len(words) >= limit:
                    break
        return words
