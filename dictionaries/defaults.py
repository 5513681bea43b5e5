"""The built-in dictionaries, built once into the user's data directory from PyPI packages:

- Japanese: JMdict's kana readings from the `jamdict-data` source package (downloaded with pip,
  its compressed SQLite database unpacked to a temporary file, nothing left in the venv). Fill
  tier: readings JMdict marks common (news1, ichi1, spec, gai1, nfXX) that name a noun; check
  tier: every reading. wordfreq's Japanese list is not used: its kana-only entries are mostly
  fragments and names, and words written in kanji have no reading there.
- English: fill tier from wordfreq words that cefrpy rates B2 or easier and not only as a name
  (`cefr`); check tier: wordfreq's 400k most frequent words.
"""

from __future__ import annotations

import functools
import lzma
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable
from pathlib import Path

from dictionaries.builder import build_from_sources
from dictionaries.store import Dictionary, DictionaryError

JAMDICT_DATA = "jamdict-data==1.5"
LANGUAGES = ("ja", "en")
NO_FILL_BY_FREQUENCY = 99.0  # a Zipf no word reaches: wordfreq words only check


def data_dir() -> Path:
    """$PUZZLE_WORKBENCH_DATA, else $XDG_DATA_HOME/puzzle-workbench (~/.local/share/...)."""
    home = os.environ.get("PUZZLE_WORKBENCH_DATA")
    if home:
        return Path(home)
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "puzzle-workbench"


def default_path(lang: str) -> Path:
    return data_dir() / "dictionaries" / lang


@functools.cache
def open_default(lang: str) -> Dictionary:
    """The built-in dictionary of a language (opened once a process: LMDB refuses a second
    handle), or a DictionaryError saying how to get it."""
    path = default_path(lang)
    if not (path / "data.mdb").is_file():
        raise DictionaryError(f"the built-in {lang} dictionary is not installed yet: run "
                              f"`puzzle-tui install` (make run does) or give --dict DIR")
    return Dictionary(path)


@functools.cache
def open_source(source: str) -> Dictionary:
    """A dictionary by name, opened once a process: a folder, or a built-in one by its
    language (`ja`, `en`, or `builtin:ja`)."""
    name = source.removeprefix("builtin:")
    if name in LANGUAGES and (source != name or not Path(source).is_dir()):
        return open_default(name)
    if source.startswith("builtin:"):
        raise DictionaryError(f"no built-in dictionary {name!r}; one of {', '.join(LANGUAGES)}")
    return Dictionary(source)


def install(langs=LANGUAGES, force: bool = False,
            say: Callable[[str], None] = print) -> list[Path]:
    """Build the missing built-in dictionaries (all of them with `force`)."""
    built = []
    for lang in langs:
        path = default_path(lang)
        if (path / "data.mdb").is_file() and not force:
            continue
        say(f"building the built-in {lang} dictionary in {path} (once) ...")
        if lang == "ja":
            with tempfile.TemporaryDirectory() as work:
                database = _jmdict_database(Path(work), say)
                meta, _ = build_from_sources([f"jmdict:{database}"], path, "ja")
        else:
            meta, _ = build_from_sources(["cefr", "wordfreq"], path, "en",
                                         min_frequency=NO_FILL_BY_FREQUENCY)
        say(f"  {meta['counts']['words']} words, {meta['counts']['fill']} in the fill tier")
        built.append(path)
    return built


def _jmdict_database(work: Path, say) -> Path:
    """jamdict-data's SQLite file, unpacked into `work`."""
    say(f"  downloading {JAMDICT_DATA} (54 MB) with pip")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary",
         ":all:", "-d", str(work), JAMDICT_DATA],
        stdin=subprocess.DEVNULL, capture_output=True, text=True)
    archives = sorted(work.glob("jamdict*data-*.tar.gz"))
    if done.returncode != 0 or not archives:
        raise DictionaryError(f"could not download {JAMDICT_DATA}: "
                              f"{done.stderr.strip()[-300:] or 'no archive'}")
    database = work / "jamdict.db"
    with tarfile.open(archives[0]) as archive:
        member = next((m for m in archive if m.name.endswith("/jamdict.db.xz")), None)
        if member is None:
            raise DictionaryError(f"{archives[0].name} holds no jamdict.db.xz")
        with lzma.open(archive.extractfile(member)) as packed, open(database, "wb") as out:
            shutil.copyfileobj(packed, out, 1 << 20)
    return database
