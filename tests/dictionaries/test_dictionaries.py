import json
import subprocess
import sys

import pytest

from dictionaries import Dictionary, DictionaryError, normalize, parse_pattern, pattern
from dictionaries.builder import build_from_sources
from dictionaries.importers import Report, plain_list
from dictionaries.pattern import pattern_text
from dictionaries.store import CHECK, FILL, Entry, build


@pytest.mark.parametrize("word, lang, expected", [
    ("きんとうん", "ja", "キントウン"),
    ("がっこう", "ja", "ガツコウ"),  # small ッ written big, voicing kept
    ("ちょこれーと", "ja", "チヨコレート"),  # ょ -> ヨ, ー its own symbol
    ("ｷﾝﾄｳﾝ", "ja", "キントウン"),  # half-width folded by NFKC
    ("Café", "en", "CAFE"),
    ("naïve", "en", "NAIVE"),
])
def test_normalize(word, lang, expected):
    assert normalize(word, lang) == (expected, "")


def test_normalize_folds_voicing_on_request():
    assert normalize("がっこう", "ja", fold_voiced=True) == ("カツコウ", "")
    assert normalize("ヴァイオリン", "ja", fold_voiced=True) == ("ウアイオリン", "")


@pytest.mark.parametrize("word, lang, why", [
    ("東京", "ja", "not kana"), ("R2D2", "en", "not letters"), ("a", "en", "one letter"),
    ("ね", "ja", "one letter"), ("rock'n'roll", "en", "not letters"), ("", "en", "empty"),
])
def test_normalize_drops_what_a_grid_cannot_hold(word, lang, why):
    assert normalize(word, lang) == (None, why)


def test_patterns():
    assert pattern("キントウン") == (1, 2, 3, 4, 2)
    assert pattern_text(pattern("ツツウラウラ")) == "112323"
    assert pattern("イイダクダク") == pattern("ツツウラウラ")
    many = "ABCDEFGHIJKLM"
    assert pattern_text(pattern(many)) == "123456789ABCD"
    assert parse_pattern("12342") == (1, 2, 3, 4, 2) == parse_pattern("きんとうん")
    assert parse_pattern("123456789ABCD") == pattern(many)
    with pytest.raises(ValueError, match="not a pattern"):
        parse_pattern("21")


@pytest.fixture
def small(tmp_path):
    entries = [Entry("キントウン", 4.0), Entry("ツツウラウラ", 2.0, CHECK),
               Entry("イイダクダク", 3.0), Entry("サクラ", 5.0), Entry("カラス", 4.5),
               Entry("サクラ", 1.0, CHECK)]
    build(entries, tmp_path / "d", "ja", [{"source": "test", "licence": "none"}])
    d = Dictionary(tmp_path / "d")
    yield d
    d.close()


def test_store_lookup_by_pattern_and_letters(small):
    assert small.size == 5
    assert small.lookup(pattern("ツツウラウラ")) == ["イイダクダク", "ツツウラウラ"]
    assert small.lookup(pattern("ツツウラウラ"), tier=FILL) == ["イイダクダク"]
    assert small.lookup((1, 2, 3), {0: "サ"}) == ["サクラ"]
    assert small.lookup((1, 2, 3), {2: "ス"}) == ["カラス"]
    assert small.lookup((1, 2, 3), {0: "サ", 2: "ス"}) == []
    assert small.lookup((1, 2, 3), limit=1) == ["カラス"]
    assert small.lookup((1, 1)) == []
    assert small.meta["counts"] == {"words": 5, "fill": 4}


def test_a_failed_build_leaves_the_old_dictionary(tmp_path):
    build([Entry("サクラ")], tmp_path / "d", "ja")

    def broken():
        yield Entry("カラス")
        raise RuntimeError("the source died half-way")

    with pytest.raises(RuntimeError):
        build(broken(), tmp_path / "d", "ja")
    d = Dictionary(tmp_path / "d")
    assert d.lookup((1, 2, 3)) == ["サクラ"]
    assert [p.name for p in tmp_path.iterdir()] == ["d"]  # no half-written folder left


def test_missing_and_corrupt_dictionaries_give_clear_errors(tmp_path):
    with pytest.raises(DictionaryError, match="no dictionary here"):
        Dictionary(tmp_path)
    (tmp_path / "data.mdb").write_bytes(b"not an lmdb file" * 100)
    with pytest.raises(DictionaryError, match="damaged .*not begin like an LMDB file"):
        Dictionary(tmp_path)


def test_plain_lists_report_bad_lines(tmp_path):
    path = tmp_path / "list.txt"
    path.write_bytes("さくら 3.5\n# comment\nからす x\n".encode() + b"\xff\xfe\n" +
                     "a b c\nきんとうん\n".encode())
    report = Report()
    words = [w for w, _, _ in plain_list(path, report)]
    assert words == ["さくら", "きんとうん"]
    assert report.skipped == {"frequency is not a number": 1, "not UTF-8": 1,
                              "more than a word and a frequency": 1}
    assert report.examples[0] == f"{path}:3: frequency is not a number"


def test_build_from_sources_counts_what_it_dropped(tmp_path):
    path = tmp_path / "list.txt"
    path.write_text("さくら 3.5\n東京\nからす 1.0\nきんとうん\n")
    meta, _ = build_from_sources([str(path)], tmp_path / "d", "ja", min_frequency=2.0)
    assert meta["counts"] == {"words": 3, "fill": 2}  # からす is below 2.0: check tier only
    assert meta["dropped"] == {"not kana": 1}


def test_cli_build_info_lookup(tmp_path):
    path = tmp_path / "list.txt"
    path.write_text("きんとうん\nさくら\nからす\n")
    out = tmp_path / "d"

    def cli(*args):
        return subprocess.run([sys.executable, "-m", "cli", "dict", *args],
                              capture_output=True, text=True)

    assert cli("build", str(path), "-o", str(out), "--lang", "ja").returncode == 0
    info = json.loads(cli("info", str(out)).stdout)
    assert info["counts"]["words"] == 3 and info["lang"] == "ja"
    found = cli("lookup", str(out), "123", "--known", "3=ス")
    assert found.returncode == 0 and found.stdout.split() == ["カラス"]
    assert cli("lookup", str(out), "12342").stdout.split() == ["キントウン"]
    bad = cli("lookup", str(out), "123", "--known", "9=ス")
    assert bad.returncode == 2 and "POSITION=LETTER" in bad.stderr
    assert cli("info", str(tmp_path / "none")).returncode == 2


def test_skk_dictionary_in_euc_jp(tmp_path):
    path = tmp_path / "SKK-JISYO.S"
    text = (";; okuri-ari entries.\nおおきi /大き/\n;; okuri-nasi entries.\n"
            "がっこう /学校/\nきんとうん /筋斗雲;西遊記/\nとうきょう /東京/\nbroken line\n")
    path.write_bytes(text.encode("euc-jp"))
    report = Report()
    from dictionaries.importers import skk
    assert [w for w, _, _ in skk(path, report)] == ["がっこう", "きんとうん", "とうきょう"]
    assert report.skipped == {"not an SKK entry": 1}


def test_mecab_csv_readings(tmp_path):
    rows = ["学校,1285,1285,3000,名詞,一般,*,*,*,*,学校,ガッコウ,ガッコー",
            "、,10,10,100,記号,読点,*,*,*,*,、,、,、",
            "桜,1285,1285,3000,名詞,一般,*,*,*,*,桜,サクラ,サクラ",
            "short,line"]
    path = tmp_path / "Noun.csv"
    path.write_bytes("\n".join(rows).encode("euc-jp"))
    report = Report()
    from dictionaries.importers import mecab_csv
    assert [w for w, _, _ in mecab_csv(path, report)] == ["ガッコウ", "サクラ"]
    assert report.skipped == {"fewer than 12 columns": 1}


def test_sources_merge_with_tiers(tmp_path):
    (tmp_path / "skk").write_bytes("さくら /桜/\nからす /烏/\n".encode("euc-jp"))
    (tmp_path / "mine.txt").write_text("さくら\nきんとうん\n")
    meta, _ = build_from_sources([f"skk:{tmp_path / 'skk'}", str(tmp_path / "mine.txt")],
                                 tmp_path / "d", "ja")
    d = Dictionary(tmp_path / "d")
    assert d.lookup((1, 2, 3), tier=FILL) == ["サクラ"]  # the user's word is a fill word
    assert sorted(d.lookup((1, 2, 3))) == ["カラス", "サクラ"]  # SKK's only checks
    assert [s["kind"] for s in meta["sources"]] == ["skk", "list"]


def test_jmdict_database(tmp_path):
    """A tiny database in jamdict-data's layout: common nouns get a frequency (fill)."""
    import sqlite3

    path = tmp_path / "jamdict.db"
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE Kana (ID INTEGER, idseq INTEGER, text TEXT, nokanji INTEGER);
        CREATE TABLE KNP (kid INTEGER, text TEXT);
        CREATE TABLE Sense (ID INTEGER, idseq INTEGER);
        CREATE TABLE pos (sid INTEGER, text TEXT);
        INSERT INTO Kana VALUES (1, 100, 'がっこう', 0), (2, 200, 'はしる', 0),
                                (3, 300, 'つつうらうら', 0), (4, 400, 'さくら', 0);
        INSERT INTO KNP VALUES (1, 'ichi1'), (1, 'nf01'), (2, 'ichi1'), (4, 'news1');
        INSERT INTO Sense VALUES (10, 100), (20, 200), (30, 300), (40, 400);
        INSERT INTO pos VALUES (10, 'noun (common) (futsuumeishi)'), (20, 'Godan verb'),
                               (30, 'noun (common) (futsuumeishi)'), (40, 'noun (common)');
    """)
    db.commit()
    db.close()
    from dictionaries.importers import jmdict
    got = {w: f for w, f, *_ in jmdict(path, Report())}
    assert got == {"がっこう": 7.0, "はしる": 0.0, "つつうらうら": 0.0, "さくら": 5.0}
    meta, _ = build_from_sources([f"jmdict:{path}"], tmp_path / "d", "ja", min_frequency=4.5)
    d = Dictionary(tmp_path / "d")
    assert d.lookup(pattern("ツツウラウラ")) == ["ツツウラウラ"]
    assert d.lookup(pattern("ツツウラウラ"), tier=FILL) == []  # known, but not common
    assert meta["counts"] == {"words": 4, "fill": 2}


def test_not_a_jmdict_database(tmp_path):
    (tmp_path / "x.db").write_bytes(b"nonsense" * 10)
    report = Report()
    from dictionaries.importers import jmdict
    assert list(jmdict(tmp_path / "x.db", report)) == []
    assert any(k.startswith("not a JMdict database") for k in report.skipped)


def test_cli_lookup_folds_the_known_letter_and_reports_a_missing_source(tmp_path, capsys):
    from cli import main

    path = tmp_path / "list.txt"
    path.write_text("からす\nさくら\n")
    assert main(["dict", "build", str(path), "-o", str(tmp_path / "d")]) == 0
    capsys.readouterr()
    assert main(["dict", "lookup", str(tmp_path / "d"), "123", "--known", "3=す"]) == 0
    assert capsys.readouterr().out.split() == ["カラス"]
    assert main(["dict", "build", str(tmp_path / "none.txt"), "-o", str(tmp_path / "e")]) == 2
    assert "none.txt: No such file or directory" in capsys.readouterr().err
    assert not (tmp_path / "e").exists()
