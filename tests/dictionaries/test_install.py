"""`puzzle-tui dict install` against a local package index holding a small fake jamdict-data
archive: the pinned SHA-256 and the cap on the unpacked size are checked without a network."""

import hashlib
import io
import lzma
import sqlite3
import tarfile
from pathlib import Path

import pytest

from cli import main
from dictionaries import defaults
from dictionaries.defaults import default_path

JMDICT = """
    CREATE TABLE Kana (ID INTEGER, idseq INTEGER, text TEXT, nokanji INTEGER);
    CREATE TABLE KNP (kid INTEGER, text TEXT);
    CREATE TABLE Sense (ID INTEGER, idseq INTEGER);
    CREATE TABLE pos (sid INTEGER, text TEXT);
    INSERT INTO Kana VALUES (1, 100, 'がっこう', 0), (2, 200, 'さくら', 0), (3, 300, 'からす', 0);
    INSERT INTO KNP VALUES (1, 'ichi1'), (2, 'news1');
    INSERT INTO Sense VALUES (10, 100), (20, 200), (30, 300);
    INSERT INTO pos VALUES (10, 'noun (common)'), (20, 'noun (common)'), (30, 'noun (common)');
"""


def fake_archive(folder: Path, database: bytes) -> Path:
    """jamdict-data's layout: the SQLite file, xz-compressed, inside the source archive."""
    packed = lzma.compress(database)
    path = folder / defaults.JAMDICT_ARCHIVE
    with tarfile.open(path, "w:gz") as tar:
        member = tarfile.TarInfo("jamdict_data-1.5/jamdict_data/jamdict.db.xz")
        member.size = len(packed)
        tar.addfile(member, io.BytesIO(packed))
    return path


def jmdict_bytes(folder: Path) -> bytes:
    db = sqlite3.connect(folder / "jamdict.db")
    db.executescript(JMDICT)
    db.commit()
    db.close()
    return (folder / "jamdict.db").read_bytes()


@pytest.fixture
def index(tmp_path, monkeypatch):
    """A local simple index (as pip's file:// indexes are) listing the fake archive; pip is
    pointed at it the way a user would, with PIP_INDEX_URL."""
    files, page = tmp_path / "index" / "files", tmp_path / "index" / "simple" / "jamdict-data"
    files.mkdir(parents=True)
    page.mkdir(parents=True)
    archive = fake_archive(files, jmdict_bytes(tmp_path))
    (page / "index.html").write_text(
        f'<html><body><a href="../../files/{archive.name}#sha256=ignored">{archive.name}</a>'
        f"</body></html>")
    monkeypatch.setenv("PIP_INDEX_URL", (tmp_path / "index" / "simple").as_uri())
    return archive


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_install_builds_from_the_pinned_archive(index, monkeypatch, capsys):
    monkeypatch.setattr(defaults, "JAMDICT_SHA256", sha256(index))
    assert main(["dict", "install", "--lang", "ja"]) == 0
    said = capsys.readouterr().out
    assert f"downloading {index.name}:" in said and "unpacking jamdict.db.xz:" in said
    assert "3 words, 2 in the fill tier" in said
    capsys.readouterr()
    assert main(["dict", "lookup", "ja", "123"]) == 0
    assert capsys.readouterr().out.split() == ["カラス", "サクラ"]
    assert main(["dict", "install", "--lang", "ja"]) == 0  # once: nothing to do now
    assert "are in" in capsys.readouterr().out


def test_install_refuses_an_archive_that_is_not_the_pinned_one(index, capsys):
    assert main(["dict", "install", "--lang", "ja"]) == 2  # the real pin, a fake archive
    err = capsys.readouterr().err
    assert "is not the pinned file" in err and defaults.JAMDICT_SHA256 in err
    assert not default_path("ja").exists()


def test_install_caps_the_unpacked_database(index, monkeypatch, capsys):
    monkeypatch.setattr(defaults, "JAMDICT_SHA256", sha256(index))
    monkeypatch.setattr(defaults, "MAX_DATABASE", 1000)
    assert main(["dict", "install", "--lang", "ja"]) == 2
    assert "jamdict.db.xz unpacks to more than" in capsys.readouterr().err
    assert not default_path("ja").exists()


def test_install_says_where_it_looked_when_no_index_has_the_archive(tmp_path, monkeypatch,
                                                                    capsys):
    empty = tmp_path / "empty-index"
    empty.mkdir()
    monkeypatch.setenv("PIP_INDEX_URL", empty.as_uri())
    monkeypatch.setattr("core.download.setting",
                        lambda settings, name: settings.get(f":env:.{name}"))  # no extras
    assert main(["install"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("install: could not find jamdict_data-1.5.tar.gz")
    assert "empty-index/jamdict-data/" in err


def test_install_rebuilds_a_dictionary_built_before_marks(index, monkeypatch, tmp_path, capsys):
    from dictionaries import store
    from dictionaries.builder import build_from_sources

    monkeypatch.setattr(defaults, "JAMDICT_SHA256", sha256(index))
    words = tmp_path / "old.txt"
    words.write_text("さくら\n")
    with monkeypatch.context() as old:
        old.setattr(store, "by_tier", lambda entries: {})  # as builds before marks wrote it
        build_from_sources([str(words)], default_path("ja"), "ja")
    assert main(["dict", "install", "--lang", "ja"]) == 0
    said = capsys.readouterr().out
    assert "built before names and sensitive words were marked" in said
    assert "3 words, 2 in the fill tier" in said
    assert main(["dict", "install", "--lang", "ja"]) == 0  # marked now: nothing to do
    assert "are in" in capsys.readouterr().out
