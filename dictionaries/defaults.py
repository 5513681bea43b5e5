"""The built-in dictionaries, built once into the user's data directory from PyPI packages:

- Japanese: JMdict's kana readings from the `jamdict-data` source archive (fetched from pip's
  package index without running its setup.py, checked against a pinned SHA-256, its
  compressed SQLite database unpacked to a temporary file, nothing left in the venv). Fill
  tier: readings JMdict marks common (news1, ichi1, spec, gai1, nfXX) that name a noun; check
  tier: every reading. wordfreq's Japanese list is not used: its kana-only entries are mostly
  fragments and names, and words written in kanji have no reading there.
- English: fill tier from wordfreq words that cefrpy rates B2 or easier and not only as a name
  (`cefr`); check tier: wordfreq's 400k most frequent words.
"""

from __future__ import annotations

import lzma
import tarfile
import tempfile
from collections.abc import Callable
from pathlib import Path

from core import download
from core.places import data_dir
from dictionaries import folder
from dictionaries.builder import build_from_sources
from dictionaries.store import Dictionary, DictionaryError

JAMDICT_PROJECT = "jamdict-data"
JAMDICT_ARCHIVE = "jamdict_data-1.5.tar.gz"  # version 1.5, as PyPI lists it
JAMDICT_SHA256 = "a4247dd9bb3148ab17c1b32fc56d7a7f1c35293b0d6ff2838c811f896d13f415"
JAMDICT_DATABASE = "jamdict.db.xz"
MAX_DATABASE = 1 << 30  # unpacked jamdict.db: 325 MB; a cap, so a bad archive cannot fill a disk
REBUILD_BUILTIN = ("rebuild it with `puzzle-tui install --force` "
                   "(or `puzzle-tui dict install --force`)")
LANGUAGES = ("ja", "en")
NO_FILL_BY_FREQUENCY = 99.0  # a Zipf no word reaches: wordfreq words only check


def default_path(lang: str) -> Path:
    return data_dir() / "dictionaries" / lang


def open_default(lang: str) -> Dictionary:
    """The built-in dictionary of a language, or a DictionaryError saying how to get it."""
    path = default_path(lang)
    if not (folder.current(path) / "data.mdb").is_file():
        raise DictionaryError(f"the built-in {lang} dictionary is not installed yet: run "
                              f"`puzzle-tui install` (make run does) or give --dict DIR")
    return _opened(path, lambda: Dictionary(path, rebuild=REBUILD_BUILTIN))


def open_source(source: str) -> Dictionary:
    """A dictionary by name: a folder, or a built-in one by its language (`ja`, `en`, or
    `builtin:ja`)."""
    name = source.removeprefix("builtin:")
    if name in LANGUAGES and (source != name or not Path(source).is_dir()):
        return open_default(name)
    if source.startswith("builtin:"):
        raise DictionaryError(f"no built-in dictionary {name!r}; one of {', '.join(LANGUAGES)}")
    return _opened(Path(source), lambda: Dictionary(source))


# path -> (its data.mdb as it was, the dictionary opened on it)
_OPEN: dict[Path, tuple[tuple | None, Dictionary]] = {}


def _opened(path: Path, make: Callable[[], Dictionary]) -> Dictionary:
    """One dictionary a folder and process (LMDB refuses a second handle on a path), opened
    again when it was built again since: a running app checks against the new words."""
    key, stamp = path.resolve(), _stamp(path)
    known = _OPEN.get(key)
    if known is not None and known[0] == stamp:
        return known[1]
    if known is not None:
        del _OPEN[key]
        known[1].close()
    dictionary = make()
    _OPEN[key] = (stamp, dictionary)
    return dictionary


def _stamp(path: Path) -> tuple | None:
    try:
        found = (folder.current(path) / "data.mdb").stat()
    except OSError:
        return None
    return found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns


def forget_opened() -> None:
    """Close every dictionary opened so far (tests that change the data folder)."""
    for _, dictionary in _OPEN.values():
        dictionary.close()
    _OPEN.clear()


def install(langs=LANGUAGES, force: bool = False,
            say: Callable[[str], None] = print) -> list[Path]:
    """Build the missing built-in dictionaries, and the ones built before words had marks
    (names, initialisms and sensitive words out of the fill tier); all of them with `force`."""
    built = []
    for lang in langs:
        path = default_path(lang)
        if (folder.current(path) / "data.mdb").is_file() and not force:
            if _has_marks(path):
                continue
            say(f"the built-in {lang} dictionary was built before names and sensitive words "
                f"were marked: building it again")
        say(f"building the built-in {lang} dictionary in {path} (once) ...")
        if lang == "ja":
            with tempfile.TemporaryDirectory() as work:
                database = _jmdict_database(Path(work), say)
                meta, _ = build_from_sources([f"jmdict:{database}"], path, "ja", say=say)
        else:
            meta, _ = build_from_sources(["cefr", "wordfreq"], path, "en",
                                         min_frequency=NO_FILL_BY_FREQUENCY, say=say)
        say(f"  {meta['counts']['words']} words, {meta['counts']['fill']} in the fill tier")
        built.append(path)
    return built


def _has_marks(path: Path) -> bool:
    """The dictionary records its tiers' marks (a damaged one is left for its own message)."""
    try:
        dictionary = Dictionary(path, rebuild=REBUILD_BUILTIN)
    except DictionaryError:
        return True
    try:
        return bool(dictionary.meta.get("by_tier"))
    finally:
        dictionary.close()


def _jmdict_database(work: Path, say) -> Path:
    """jamdict-data's SQLite file, unpacked into `work`."""
    archive = download.fetch(JAMDICT_PROJECT, JAMDICT_ARCHIVE, JAMDICT_SHA256, work, say)
    database = work / "jamdict.db"
    try:
        with tarfile.open(archive) as tar:
            member = next((m for m in tar if m.isfile()
                           and m.name.endswith("/" + JAMDICT_DATABASE)), None)
            if member is None:
                raise DictionaryError(f"{archive.name} holds no {JAMDICT_DATABASE}")
            with lzma.open(tar.extractfile(member)) as packed, open(database, "wb") as out:
                _unpack(packed, out, say)
    except (tarfile.TarError, lzma.LZMAError, EOFError) as error:
        raise DictionaryError(f"{archive.name}: not a whole archive ({error})") from None
    return database


def _unpack(packed, out, say) -> None:
    """Copy, with progress, up to MAX_DATABASE bytes."""
    progress = download.Progress(f"unpacking {JAMDICT_DATABASE}", 0, say)
    while block := packed.read(download.BLOCK):
        progress.add(len(block))
        if progress.done > MAX_DATABASE:
            raise DictionaryError(f"{JAMDICT_DATABASE} unpacks to more than "
                                  f"{MAX_DATABASE >> 20} MB: not using it")
        out.write(block)
    progress.finish()
