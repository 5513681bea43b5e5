"""The words one generation may use: blocklisted and avoided words out of the fill (but still
counted for uniqueness), an author's own words in and tried first, their prose read into
words."""

import random

import pytest

from core.errors import ParseError
from core.numcro import count
from core.numcro.generator import Options, entry_words, generate
from core.numcro.tailoring import prose_words, tailored, word_list
from dictionaries import Dictionary
from dictionaries.importers import common_english
from dictionaries.normalize import normalize
from dictionaries.store import CHECK, FILL, Entry, build

SENSITIVE_FILL = ("RAPED", "RAPE", "CRAP", "KILL", "KILLED")


@pytest.fixture(scope="module")
def english(tmp_path_factory):
    """Common English words fill, a few blocklisted words among them."""
    words = {normalize(w, "en")[0] for w, _, _ in common_english()} - {None}
    entries = [Entry(w, 0.0, FILL) for w in words | set(SENSITIVE_FILL)]
    entries.append(Entry("ZYZZYVA", 0.0, CHECK))
    folder = tmp_path_factory.mktemp("dict") / "en"
    build(entries, folder, "en")
    return Dictionary(folder)


def fill_words(sets, n):
    length = sets.length(n)
    return {length.words[i] for i in range(len(length.words)) if length.fill >> i & 1}


def test_the_blocklist_leaves_the_fill_but_still_checks(english):
    sets = tailored(english, "en")
    assert "RAPED" not in fill_words(sets, 5) and "KILLED" not in fill_words(sets, 6)
    assert "GRAPE" in fill_words(sets, 5)
    assert "RAPED" in sets.length(5).words  # a solver may think of it: uniqueness counts it
    assert "RAPED" in fill_words(tailored(english, "en", allow_sensitive=True), 5)


def test_avoided_and_preferred_words(english):
    sets = tailored(english, "en", avoid=("GRAPE",), prefer=("QWERTY", "APPLE"))
    assert "GRAPE" not in fill_words(sets, 5)
    assert {"QWERTY"} <= fill_words(sets, 6)  # not in the dictionary: added
    six = sets.length(6)
    assert six.preferred.bit_count() == 1 and six.words[six.preferred.bit_length() - 1] == \
        "QWERTY"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_generated_codewords_hold_no_blocklisted_word(english, seed):
    from dictionaries.blocklist import built_in, is_listed

    sets = tailored(english, "en")
    made = generate(Options(size=9, lang="en", seconds=30), sets, sets, random.Random(seed))
    listed = built_in("en")
    assert not [w for w in entry_words(made.puzzle, made.solution) if is_listed(w, listed, "en")]
    assert count(made.puzzle, sets).unique


def test_preferred_words_are_used_and_counted(english):
    mine = ("GARDEN", "SUMMER", "FLOWER", "RIVER", "STONE", "BREAD", "HOUSE", "TABLE")
    sets = tailored(english, "en", prefer=mine)
    made = generate(Options(size=9, lang="en", seconds=30), sets, sets, random.Random(2))
    used = [w for w in entry_words(made.puzzle, made.solution) if w in mine]
    assert made.own_used == len(used) >= 1


def test_word_lists_name_the_line_and_column_of_a_bad_word():
    assert word_list("cat dog # pets\nbird\n", "en", "--avoid") == ("CAT", "DOG", "BIRD")
    with pytest.raises(ParseError) as error:
        word_list("cat\n  d0g\n", "en", "--avoid")
    assert (error.value.line, error.value.column) == (2, 3)
    assert word_list("ねこ 図書館\n", "ja", "--prefer") == ("ネコ", "トシヨカン")


def test_japanese_prose_is_read_into_words_nouns_first():
    diary = ("今日は朝から雨だった。日曜日に図書館で宇宙の本を読んだ。夕方、猫と散歩した。"
             "田中さんに会った。")
    words = prose_words(diary, "ja")
    assert words[:4] == ("キヨウ", "アサ", "アメ", "ニチヨウビ")
    assert {"トシヨカン", "ウチユウ", "ネコ", "サンポ"} <= set(words)
    assert "タナカ" not in words  # people's names are left out
    assert words.index("ヨム") > words.index("サンポ")  # verbs after nouns


def test_long_japanese_prose_is_read_in_pieces():
    """Sudachi refuses more than 49,149 bytes at once (a traceback before): a long text is
    read in pieces, at line and sentence ends, or anywhere in one very long sentence."""
    from dictionaries.prose import pieces

    diary = "今日は朝から雨だった。夕方、猫と散歩した。\n" * 1500 + "月" * 20_000
    assert all(len(p.encode()) <= 40_000 for p in pieces(diary))
    assert "".join(pieces(diary)) == diary
    assert {"アメ", "ネコ", "ツキ"} <= set(prose_words(diary, "ja"))


def test_english_prose_puts_the_small_words_last():
    words = prose_words("The cat sat on the mat, and the dog slept.", "en")
    assert words[:4] == ("CAT", "SAT", "MAT", "DOG")
    assert set(words[-3:]) == {"THE", "ON", "AND"}
    with pytest.raises(ValueError, match="no en words"):
        prose_words("1234 !!", "en")
