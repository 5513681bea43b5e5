"""The pattern-keyed dictionary in LMDB.

Word ids follow (length, pattern, word). Named databases:
- `meta`: one JSON record (format, normalisation version, language, alphabet, sources with
  their licences, counts, and each length's first id and count);
- `words`: per length, every word of that length in one fixed-width UTF-32 array, and beside
  it a byte a word for its tier (0 = fill: common words; 1 = check: known words) and a byte
  of marks (SENSITIVE, NAME, INITIALISM: what the source or a blocklist says of the word;
  absent in dictionaries built before marks, read as none);
- `patterns`: length + pattern -> the id range of its words;
- `letters`: length + position + letter -> the sorted ids of words with that letter there.
So "pattern + known letters" is one range and a binary search in a few sorted arrays.
A build writes a new folder and switches it into place at the end (dictionaries/folder.py): a
failed or killed build leaves the old dictionary as it was. Readers open it read-only, after
checking that LMDB will not read past the end of the file and that every byte is as the build
wrote it (dictionaries/integrity.py), and every value read is checked before it is decoded:
damage is a DictionaryError, never a crash.
"""

from __future__ import annotations

import json
import os
import struct
from array import array
from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from dictionaries import folder, integrity
from dictionaries.errors import DictionaryError
from dictionaries.normalize import MAX_WORD, NORMALIZATION_VERSION
from dictionaries.pattern import pattern

FORMAT = 1
FILL, CHECK = 0, 1
SENSITIVE, NAME, INITIALISM = 1, 2, 4  # a word's marks, bits of one byte
MARKS = {"sensitive": SENSITIVE, "name": NAME, "initialism": INITIALISM}
MAP_SIZE = 4 << 30  # address space, not disk: LMDB files grow as written
MAX_META = 1 << 20
REBUILD = "build it again from its sources (`puzzle-tui dict build`)"


@dataclass(frozen=True)
class Entry:
    word: str
    frequency: float = 0.0
    tier: int = FILL
    marks: int = 0


def _ids(values: list[int]) -> bytes:
    return array("I", values).tobytes()


def build(entries: Iterable[Entry], out: str | Path, lang: str,
          sources: list[dict] | None = None, dropped: dict | None = None) -> dict:
    """Write a dictionary of normalised words into a missing or empty folder, or over a
    dictionary; returns its meta record. No words is an error: the old dictionary stays."""
    best: dict[str, Entry] = {}
    for e in entries:
        old = best.get(e.word)
        # the marks of the entry that gives the word its tier: よる the night is not よる
        # the rare derogatory verb
        if old is None or (e.tier, -e.frequency) < (old.tier, -old.frequency):
            best[e.word] = e
    if not best:
        raise DictionaryError("no words to build a dictionary from")
    words = sorted(best, key=lambda w: (len(w), pattern(w), w))
    import lmdb

    with folder.replacing(Path(os.path.abspath(out))) as work:
        try:
            meta, record = _write(work, words, best, lang, sources or [], dropped or {})
            integrity.write_check(work, record)
        except (lmdb.Error, OSError) as error:  # a full disk: ENOSPC, or LMDB's EIO
            why = error.strerror if isinstance(error, OSError) and error.strerror else error
            raise DictionaryError(f"{out}: the dictionary could not be written ({why}; is "
                                  f"the disk full?): {out} is as it was") from None
    return meta


def _write(work: Path, words: list[str], best: dict[str, Entry], lang: str,
           sources: list[dict], dropped: dict) -> tuple[dict, bytes]:
    """Write the databases; returns the meta record, as a dict and as stored."""
    import lmdb

    env = lmdb.open(str(work), map_size=MAP_SIZE, max_dbs=4, subdir=True)
    lengths: dict[int, list[int]] = {}
    for i, w in enumerate(words):
        lengths.setdefault(len(w), [i, 0])[1] += 1
    alphabet = sorted({ch for w in words for ch in w})
    meta = {"format": FORMAT, "normalization": NORMALIZATION_VERSION, "lang": lang,
            "alphabet": "".join(alphabet), "sources": sources, "dropped": dropped,
            "counts": {"words": len(words),
                       "fill": sum(1 for w in words if best[w].tier == FILL)},
            "by_tier": by_tier(best.values()),
            "lengths": {str(n): span for n, span in sorted(lengths.items())}}
    with env.begin(write=True) as txn:
        db_meta, db_words, db_patterns, db_letters = (
            env.open_db(name, txn=txn) for name in (b"meta", b"words", b"patterns", b"letters"))
        record = json.dumps(meta, ensure_ascii=False).encode()
        txn.put(b"meta", record, db=db_meta)
        for n, (first, count) in lengths.items():
            chunk = words[first:first + count]
            txn.put(struct.pack(">H", n), "".join(chunk).encode("utf-32-le"), db=db_words)
            txn.put(struct.pack(">H", n) + b"t", bytes(best[w].tier for w in chunk),
                    db=db_words)
            txn.put(struct.pack(">H", n) + b"m", bytes(best[w].marks for w in chunk),
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
    return meta, record


def by_tier(entries: Iterable[Entry]) -> dict:
    """Per tier, its words and how many of them carry each mark (dict info shows it)."""
    tiers = {"fill": {"words": 0, **dict.fromkeys(MARKS, 0)},
             "check": {"words": 0, **dict.fromkeys(MARKS, 0)}}
    for e in entries:
        counts = tiers["fill" if e.tier == FILL else "check"]
        counts["words"] += 1
        for name, bit in MARKS.items():
            counts[name] += bool(e.marks & bit)
    return tiers


def _pattern_key(numbers: tuple[int, ...]) -> bytes:
    return struct.pack(">H", len(numbers)) + bytes(numbers)


def _letter_key(length: int, position: int, letter: str) -> bytes:
    return struct.pack(">HH", length, position) + letter.encode("utf-8")


class Dictionary:
    """A built dictionary, read-only. Open one per process (never share it across a fork).
    `rebuild` says how to build it again, in the messages about damage."""

    def __init__(self, path: str | Path, rebuild: str = REBUILD):
        import lmdb

        self.path, self.rebuild = folder.current(path), rebuild
        if not (self.path / "data.mdb").is_file():
            raise DictionaryError(f"{path}: no dictionary here (build one with "
                                  f"`puzzle-tui dict build`)")
        try:
            self.check = integrity.check_on_open(self.path)  # before LMDB maps the file
            # every byte as its build wrote it: a changed letter is a word no source holds
            self.verified = integrity.verify(self.path, self.check)
        except integrity.Damage as damage:
            raise self.damaged(str(damage)) from None
        try:
            self.env = lmdb.open(str(self.path), readonly=True, lock=False, max_dbs=4,
                                 subdir=True)
        except lmdb.Error as error:
            raise DictionaryError(f"{path}: not a readable dictionary ({error})") from None
        try:  # a failed open closes the environment: LMDB refuses a second one in a process
            self._open_databases(lmdb.Error)
        except BaseException:
            self.env.close()
            raise
        self._chunks: dict[int, tuple[str, bytes, int]] = {}
        self.derived: dict = {}  # what readers build from the words (the solver's bit sets)

    def _open_databases(self, lmdb_error: type[Exception]) -> None:
        self._lmdb_error = lmdb_error
        try:
            dbs = [self.env.open_db(name, create=False)
                   for name in (b"meta", b"words", b"patterns", b"letters")]
            self._txn = self.env.begin(buffers=True)  # values sized up before they are copied
        except lmdb_error as error:
            raise DictionaryError(f"{self.path}: not a readable dictionary ({error})") from None
        self._meta_db, self._words_db, self._patterns_db, self._letters_db = dbs
        self.meta = self._read_meta()

    def damaged(self, why: str) -> DictionaryError:
        return DictionaryError(f"{self.path}: a damaged dictionary ({why}): {self.rebuild}")

    def close(self) -> None:
        self._txn.abort()
        self.env.close()

    @property
    def size(self) -> int:
        return self.meta["counts"]["words"]

    def _value(self, key: bytes, db, fits) -> bytes | None:
        """A stored value, copied out of the map once `fits(its length)` says it may be
        whole (a damaged length could ask for gigabytes); None when the key is absent."""
        try:
            raw = self._txn.get(key, db=db)
        except self._lmdb_error as error:
            raise self.damaged(str(error)) from None
        if raw is None:
            return None
        if not fits(len(raw)):
            raise self.damaged(f"a value of {len(raw)} bytes under key {key!r}")
        return bytes(raw)

    def _read_meta(self) -> dict:
        record = self._value(b"meta", self._meta_db, lambda n: n <= MAX_META)
        if record is None:
            raise self.damaged("no meta record")
        try:
            integrity.check_meta(record, self.check)
            meta = json.loads(record)
        except integrity.Damage as damage:
            raise self.damaged(str(damage)) from None
        except (ValueError, RecursionError):
            raise self.damaged("its meta record is not JSON") from None
        if not isinstance(meta, dict) or meta.get("format") != FORMAT:
            found = meta.get("format") if isinstance(meta, dict) else None
            raise DictionaryError(f"{self.path}: dictionary format {found}, this program "
                                  f"reads {FORMAT}: {self.rebuild}")
        if not _meta_is_whole(meta):
            raise self.damaged("its meta record does not add up")
        return meta

    def _span(self, length: int) -> tuple[int, int] | None:
        """(first id, count) of the words of a length."""
        span = self.meta["lengths"].get(str(length))
        return None if span is None else (span[0], span[1])

    def _chunk(self, length: int) -> tuple[str, bytes, int] | None:
        chunk = self._chunks.get(length)
        if chunk is None:
            span = self._span(length)
            if span is None:
                return None
            first, count = span
            key = struct.pack(">H", length)
            data = self._value(key, self._words_db, lambda n: n == 4 * length * count)
            tiers = self._value(key + b"t", self._words_db, lambda n: n == count)
            if data is None or tiers is None:
                raise self.damaged(f"the words of length {length} are missing")
            if tiers.translate(None, bytes((FILL, CHECK))):
                raise self.damaged(f"a tier of a word of length {length} is neither 0 nor 1")
            try:
                text = data.decode("utf-32-le")
            except UnicodeDecodeError:
                raise self.damaged(f"the words of length {length} are not UTF-32") from None
            chunk = self._chunks[length] = (text, tiers, first)
        return chunk

    def words_of(self, length: int) -> tuple[list[str], bytes]:
        """Every word of a length, and their tiers."""
        chunk = self._chunk(length)
        if chunk is None:
            return [], b""
        text = chunk[0]
        return [text[i:i + length] for i in range(0, len(text), length)], chunk[1]

    def marks_of(self, length: int) -> bytes:
        """Every word's marks, in the order of `words_of` (none for a dictionary built
        before marks were kept)."""
        span = self._span(length)
        if span is None:
            return b""
        marks = self._value(struct.pack(">H", length) + b"m", self._words_db,
                            lambda n: n == span[1])
        if marks is None:
            return bytes(span[1])
        if marks.translate(None, bytes(range((SENSITIVE | NAME | INITIALISM) + 1))):
            raise self.damaged(f"a word of length {length} has marks that mean nothing")
        return marks

    def word(self, word_id: int, length: int) -> str:
        text, _, first = self._chunk(length)
        at = (word_id - first) * length
        return text[at:at + length]

    def tier(self, word_id: int, length: int) -> int:
        _, tiers, first = self._chunk(length)
        return tiers[word_id - first]

    def id_range(self, numbers: tuple[int, ...]) -> tuple[int, int]:
        raw = self._value(_pattern_key(numbers), self._patterns_db, lambda n: n == 8)
        if raw is None:
            return 0, 0
        low, high = struct.unpack("<II", raw)
        first, count = self._span(len(numbers)) or (0, 0)
        if not first <= low < high <= first + count:
            raise self.damaged(f"pattern {numbers} has ids {low} to {high}")
        return low, high

    def with_letter(self, length: int, position: int, letter: str) -> array:
        first, count = self._span(length) or (0, 0)
        ids = array("I")
        raw = self._value(_letter_key(length, position, letter), self._letters_db,
                          lambda n: n % 4 == 0 and n <= 4 * count)
        if raw:
            ids.frombytes(raw)
            if not first <= min(ids) <= max(ids) < first + count:
                raise self.damaged(f"the words with {letter} at {position + 1} of "
                                   f"{length} have ids out of range")
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


def _meta_is_whole(meta: dict) -> bool:
    """The fields readers rely on, with lengths that tile the ids in order."""
    try:
        words, fill = meta["counts"]["words"], meta["counts"]["fill"]
        next_id = 0
        for key, (first, count) in meta["lengths"].items():
            if not (2 <= int(key) <= MAX_WORD and isinstance(count, int)
                    and first == next_id and count > 0):
                return False
            next_id += count
        return (isinstance(meta["lang"], str) and isinstance(meta["alphabet"], str)
                and 0 <= fill <= words == next_id)
    except (KeyError, TypeError, ValueError, AttributeError):
        return False
