import random

import pytest

from core.arith import count
from core.arith.alphametic import (
    GenerationFailed,
    closest,
    english_words,
    generate_alphametic,
    read_words,
)


def test_closest_is_zero_exactly_when_a_solution_exists():
    assert closest(["SEND", "MORE"], "MONEY") == 0
    assert closest(["A"], "B") > 0  # different letters, different digits: A = B is impossible
    # AB + AB = CD has solutions; AB + AB = A cannot be balanced: 20A + 2B - A >= 19
    assert closest(["AB", "AB"], "CD") == 0
    assert closest(["AB", "AB"], "A") == 19


def test_generated_alphametics_are_unique_with_the_words_asked_for():
    words = english_words()
    assert "HOUSE" in words and "MTG" not in words and "DNA" not in words
    for n in (4, 6):
        p = generate_alphametic(n, random.Random(n), words, seconds=60)
        assert len(p.operands) == n - 1
        assert all(w in words for w in (*p.operands, p.result))
        assert len(p.letters()) <= 10
        assert count(p).unique


def test_a_users_word_list(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("send 120\nmore\nmoney\nx\nnot-a-word\n")
    assert read_words(path.read_text()) == ["MONEY", "MORE", "SEND"]
    p = generate_alphametic(3, random.Random(1), read_words(path.read_text()), seconds=5)
    assert (p.operands, p.result) in ((("SEND", "MORE"), "MONEY"), (("MORE", "SEND"), "MONEY"))


def test_failure_is_reported():
    with pytest.raises(GenerationFailed):
        generate_alphametic(3, random.Random(1), ["ABC", "ABD", "XYZW"], seconds=0.5)
    with pytest.raises(ValueError):
        generate_alphametic(2, random.Random(1), ["ABC"])


def test_the_default_words_are_words_a_reader_knows():
    words = set(english_words())
    # names (ANNA, ARABS), an abbreviation (EST) and a rare form (MASSA) that puzzles had
    assert not {"ANNA", "ARABS", "EST", "MASSA"} & words
    assert {"SEND", "MORE", "MONEY", "ACT", "WHO", "HOUSE"} <= words
    assert len(words) > 10_000  # still plenty to make sums from


def test_words_from_the_authors_theme_through_the_command_line(tmp_path, capsys):
    from cli import main

    theme = tmp_path / "theme.txt"
    theme.write_text("send\nmore\nmoney\n")
    assert main(["generate", "alphametic", "--words", "3", "--words-from", str(theme),
                 "--seed", "1", "--seconds", "10"]) == 0
    line = capsys.readouterr().out.strip()
    assert line in ("SEND+MORE=MONEY", "MORE+SEND=MONEY")
