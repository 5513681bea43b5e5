"""Blocklists, marks and tiers: what a magazine does not print stays out of the fill tier,
names and initialisms too where the source marks them, and `dict info` shows it by tier."""

import json
import sqlite3

from cli import main
from dictionaries import Dictionary
from dictionaries.blocklist import built_in, is_listed
from dictionaries.builder import build_from_sources
from dictionaries.importers import Report, jmdict
from dictionaries.store import FILL, INITIALISM, NAME, SENSITIVE


def test_english_blocklist_comes_from_better_profanity_with_inflections():
    listed = built_in("en")
    assert "RAPE" in listed and len(listed) > 500
    assert is_listed("RAPED", listed, "en") and is_listed("RAPES", listed, "en")
    assert not is_listed("GRAPE", listed, "en") and not is_listed("DRAPED", listed, "en")


def test_japanese_blocklist_is_kana():
    listed = built_in("ja")
    assert "レイプ" in listed and "キチガイ" in listed
    assert all(len(w) >= 2 for w in listed)
    assert not is_listed("レイプス", listed, "ja")  # no English endings in Japanese


def jmdict_with_tags(path):
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE Kana (ID INTEGER, idseq INTEGER, text TEXT, nokanji INTEGER);
        CREATE TABLE KNP (kid INTEGER, text TEXT);
        CREATE TABLE Sense (ID INTEGER, idseq INTEGER);
        CREATE TABLE pos (sid INTEGER, text TEXT);
        CREATE TABLE misc (sid INTEGER, text TEXT);
        CREATE TABLE SenseGloss (sid INTEGER, lang TEXT, gend TEXT, text TEXT);
        INSERT INTO Kana VALUES (1, 100, 'おーすとらりあ', 0), (2, 200, 'じす', 0),
            (3, 300, 'めくら', 0), (4, 400, 'さくら', 0), (5, 500, 'よる', 0),
            (6, 600, 'よる', 0);
        INSERT INTO KNP VALUES (1, 'spec1'), (2, 'gai1'), (3, 'ichi1'), (4, 'news1'),
            (5, 'ichi1');
        INSERT INTO Sense VALUES (10, 100), (20, 200), (30, 300), (40, 400), (50, 500),
            (60, 600);
        INSERT INTO pos SELECT ID, 'noun (common) (futsuumeishi)' FROM Sense;
        INSERT INTO misc VALUES (30, 'sensitive'), (60, 'derogatory');
        INSERT INTO SenseGloss VALUES (10, 'eng', NULL, 'Australia'),
            (20, 'eng', NULL, 'Japanese Industrial Standards'), (20, 'eng', NULL, 'JIS'),
            (30, 'eng', NULL, 'blindness'), (40, 'eng', NULL, 'cherry blossom'),
            (50, 'eng', NULL, 'night'), (60, 'eng', NULL, 'to do (derogatory)');
    """)
    db.commit()
    db.close()


def test_jmdict_names_and_initialisms_leave_the_fill_tier(tmp_path):
    path = tmp_path / "jamdict.db"
    jmdict_with_tags(path)
    marks = {w: m for w, _, _, m in jmdict(path, Report())}
    assert marks["おーすとらりあ"] == NAME and marks["じす"] == INITIALISM
    assert marks["めくら"] == SENSITIVE and marks["さくら"] == 0
    meta, _ = build_from_sources([f"jmdict:{path}"], tmp_path / "d", "ja")
    d = Dictionary(tmp_path / "d")
    fill = {w for n in d.meta["lengths"] for w, t in zip(*d.words_of(int(n)), strict=True)
            if t == FILL}
    assert fill == {"サクラ", "メクラ", "ヨル"}  # the night, not the derogatory よる
    by_tier = meta["by_tier"]
    assert by_tier["fill"] == {"words": 3, "sensitive": 1, "name": 0, "initialism": 0}
    assert by_tier["check"] == {"words": 2, "sensitive": 0, "name": 1, "initialism": 1}


def test_dict_info_shows_tiers_and_the_blocklist(tmp_path, capsys):
    words = tmp_path / "words.txt"
    words.write_text("grape\nraped\ncherry\norange\n")
    assert main(["dict", "build", str(words), "-o", str(tmp_path / "d"), "--lang", "en"]) == 0
    capsys.readouterr()
    assert main(["dict", "info", str(tmp_path / "d")]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["tiers"]["fill"] == {"words": 4, "sensitive": 1, "name": 0, "initialism": 0}
    assert info["blocklist"]["fill words left out"] == 1
    assert "better-profanity" in info["blocklist"]["source"]


def test_a_dictionary_built_before_marks_reads_as_unmarked(tmp_path):
    import struct

    import lmdb

    from dictionaries.store import Entry, build
    build([Entry("CAT"), Entry("DOG")], tmp_path / "d", "en")
    env = lmdb.open(str(tmp_path / "d"), max_dbs=4)
    with env.begin(write=True) as txn:  # as an older build wrote it: no marks
        txn.delete(struct.pack(">H", 3) + b"m", db=env.open_db(b"words", txn=txn))
    env.close()
    (tmp_path / "d" / "check.json").unlink()  # the older build wrote no check either
    d = Dictionary(tmp_path / "d")
    assert d.marks_of(3) == bytes(2)
