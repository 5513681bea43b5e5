"""`generate numcro` options for print: bad word lists and texts are exit 2 with their line
and column, the author's words are counted in the notes, rules and levels reach --json."""

import json
from pathlib import Path

import pytest

from cli import main

ROOT = Path(__file__).resolve().parents[2]


def test_bad_lists_and_texts_are_exit_2_with_line_and_column(english, tmp_path, capsys):
    avoid = tmp_path / "avoid.txt"
    avoid.write_text("cat dog\n  d0g\n")
    assert main(["generate", "numcro", "--lang", "en", "--dict", english,
                 "--avoid", str(avoid)]) == 2
    assert "line 2, column 3" in capsys.readouterr().err
    empty = tmp_path / "empty.txt"
    empty.write_text("1234 !!\n")
    assert main(["generate", "numcro", "--lang", "en", "--dict", english,
                 "--text", str(empty)]) == 2
    assert "no en words in the text" in capsys.readouterr().err
    assert main(["generate", "numcro", "--lang", "ja", "--pangram"]) == 2
    assert "for --lang en" in capsys.readouterr().err
    assert main(["generate", "numcro", "--lang", "en", "--numbers", "9-x"]) == 2
    assert "is not a house rule" in capsys.readouterr().err


def test_prose_words_are_counted_and_rules_and_level_reach_json(english, tmp_path, capsys):
    text = tmp_path / "diary.txt"
    text.write_text("The garden was green after the rain. We ate bread and cheese by the "
                    "river, watched a heron and walked home across the stone bridge.\n")
    assert main(["generate", "numcro", "--lang", "en", "--size", "9", "--dict", english,
                 "--text", str(text), "--seed", "1", "--json", "--starters", "2-3"]) == 0
    made = json.loads(capsys.readouterr().out)
    assert made["notes"]["own_words"] >= 20 and "own_words_used" in made["notes"]
    assert made["level"] in ("easy", "medium", "hard", "expert")
    assert 2 <= made["givens"] <= 3 and "rules: starters=2-3" in made["puzzle"]
    puzzle = tmp_path / "p.txt"
    puzzle.write_text(made["puzzle"] + "\n")
    capsys.readouterr()
    assert main(["check", str(puzzle), "--dict", english, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rules"] == []
    assert main(["rate", str(puzzle), "--dict", english, "--steps"]) == 0
    out = capsys.readouterr().out
    assert out.split()[0] in ("easy", "medium", "hard", "expert") and "1. " in out


@pytest.mark.parametrize(("args", "said"), [
    (["--numbers", "40-46"], "a 9x9 grid holds at most 72 white cells, too few for 40 numbers"),
    (["--numbers", "0-0"], "numbers=0-0? 1 to 81 for ja"),
    (["--lang", "en", "--numbers", "20-30"], "numbers=20-30? 1 to 26 for en"),
    (["--keyword", "1"], "--keyword 1? a word of 2 to 12 letters"),
    (["--keyword", "-3"], "--keyword -3?"),
    (["--seconds", "0"], "--seconds 0? a time budget above 0"),
    (["--max-word", "1"], "--max-word 1? 2 to 25 for ja"),
    (["--lang", "en", "--max-word", "2"], "--max-word 2? 3 to 25 for en"),
    (["--givens", "-1"], "--givens '-1'? how many letters are given"),
    (["--givens", "4-2"], "--givens '4-2'? how many letters are given"),
    (["--givens", "2-4", "--no-hints"], "--givens 2-4 and --no-hints: both say"),
])
def test_options_no_grid_can_meet_are_exit_2_at_once(args, said, capsys, monkeypatch, tmp_path):
    """Said before any dictionary is opened or any search runs (they searched to the time
    budget and failed)."""
    monkeypatch.setenv("PUZZLE_WORKBENCH_DATA", str(tmp_path / "none"))
    assert main(["generate", "numcro", *args]) == 2
    assert said in capsys.readouterr().err


def test_a_grid_without_answer_is_not_rated(tmp_path, capsys):
    """The steps fix every number (ADA, DEB, AFD) yet down 1-4-5 would be AEB: no answer,
    so no level (it was rated easy)."""
    words = tmp_path / "w.txt"
    words.write_text("ADA\nAFD\nDEB\n")
    assert main(["dict", "build", str(words), "-o", str(tmp_path / "d"), "--lang", "en"]) == 0
    grid = tmp_path / "p.txt"
    grid.write_text("lang: en\n1 2 1\n3 # 4\n2 4 5\n")
    capsys.readouterr()
    assert main(["rate", str(grid), "--dict", str(tmp_path / "d")]) == 1
    assert "no solution" in capsys.readouterr().err


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_without_options_a_few_givens_and_no_trial_and_error(english, seed, capsys):
    """Issue 27: what a publisher prints (it gave no letter, or needed trial and error)."""
    assert main(["generate", "numcro", "--lang", "en", "--size", "11", "--dict", english,
                 "--seed", str(seed), "--json"]) == 0
    made = json.loads(capsys.readouterr().out)
    assert 2 <= made["givens"] <= 4
    assert made["rating"]["complete"] and made["rating"]["deductions"]["what if"] == 0
    assert made["level"] in ("easy", "medium", "hard")


def test_a_block_pattern_that_cannot_be_filled_says_why_at_once(english, tmp_path, capsys):
    cut = tmp_path / "cut.txt"
    cut.write_text("...#...\n" * 7)
    assert main(["generate", "numcro", "--lang", "en", "--dict", english,
                 "--blocks", str(cut)]) == 2
    err = capsys.readouterr().err
    assert "--blocks: the pattern cannot be filled:" in err
    assert "2 regions cut off from one another (21 cells from r1c1, 21 cells from r1c5)" in err
    long = tmp_path / "long.txt"
    long.write_text("".join("." * 17 + "\n" if r % 2 == 0 else ".#" * 8 + ".\n"
                            for r in range(17)))
    assert main(["generate", "numcro", "--lang", "en", "--dict", english,
                 "--blocks", str(long)]) == 2
    assert "entries of 17 letters (across r1c1, across r3c1" in capsys.readouterr().err


def test_a_pattern_no_fill_fills_is_given_up_early_with_its_worst_entries(english, tmp_path,
                                                                          capsys):
    """Every entry has words that fit its crossings, yet no word square of 7 fills: given
    up after a sixth of --seconds, naming the entries the fill ran out of words on."""
    square = tmp_path / "square.txt"
    square.write_text(("." * 7 + "\n") * 7)
    assert main(["generate", "numcro", "--lang", "en", "--dict", english,
                 "--blocks", str(square), "--seconds", "3"]) == 1
    err = capsys.readouterr().err
    assert "--blocks: no fill of the pattern within 0.5 s (a sixth of --seconds); the " \
           "entries the fill ran out of words on most: " in err and "(7 letters)" in err


def test_numbers_the_grids_do_not_hold_are_exit_2_before_the_search(english, capsys):
    assert main(["generate", "numcro", "--lang", "en", "--size", "11", "--dict", english,
                 "--numbers", "5-8", "--seconds", "600"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("generate: --numbers 5-8: en 11x11 grids hold ")
    assert "so 5-8 cannot be met" in err


def test_generate_names_the_authors_words_used_and_why_the_others_are_not(english, capsys):
    """26 words on a 9x9: each is in the grid or listed under why not, and each reason holds
    (no entry of that length; every entry of that length holds another of the words)."""
    from core.numcro import parse
    from core.numcro.generator import entry_words
    from core.numcro.seeding import (
        CLASH,
        ENTRIES_TAKEN,
        ENTRIES_TAKEN_THEN,
        NO_CROSSING,
        NO_ENTRY,
        TAKEN_OUT,
        TOO_MANY,
    )
    from core.numcro.tailoring import word_list

    theme = "puzzles/words/kitchen_en.txt"
    assert main(["generate", "numcro", "--lang", "en", "--size", "9", "--dict", english,
                 "--prefer", theme, "--seed", "1", "--json"]) == 0
    made = json.loads(capsys.readouterr().out)
    notes = made["notes"]
    solution = [pair.split(":") for pair in made["solution"].split()]
    entries = entry_words(parse(made["puzzle"]), [(int(n), ch) for n, ch in solution])
    own = set(word_list((ROOT / theme).read_text(), "en", "--prefer"))
    assert notes["own_words"] == len(own) == 26
    assert notes["own_words_in_grid"] == [w for w in dict.fromkeys(entries) if w in own]
    assert notes["own_words_used"] == len(notes["own_words_in_grid"]) >= 5
    reasons = notes["own_words_not_placed"]
    assert set(reasons) <= {NO_ENTRY, ENTRIES_TAKEN, ENTRIES_TAKEN_THEN, CLASH, NO_CROSSING,
                            TAKEN_OUT, TOO_MANY}
    placed = {w for w in entries if w in own}
    assert sorted([*placed, *(w for ws in reasons.values() for w in ws)]) == sorted(own)
    lengths = [len(w) for w in entries]
    assert all(len(w) not in lengths for w in reasons.get(NO_ENTRY, []))
    for word in reasons.get(ENTRIES_TAKEN, []):
        assert sum(len(w) == len(word) for w in placed) == lengths.count(len(word))
    assert notes["own_words_fitting"] == sum(len(w) in lengths for w in own)
    # on standard error, in words
    assert main(["generate", "numcro", "--lang", "en", "--size", "9", "--dict", english,
                 "--prefer", theme, "--seed", "1"]) == 0
    err = capsys.readouterr().err
    said = "; ".join(f"{why}: {' '.join(words)}" for why, words in reasons.items())
    assert f"own words not placed: {said}" in err


@pytest.mark.parametrize(("words", "args", "said"), [
    ("cat d0g\n", [], "line 1, column 5: --prefer: 'd0g' is not a word a grid holds "
                      "(letters A-Z)"),
    ("cat\n  dog grandmother\n", [], "line 2, column 7: --prefer: 'grandmother' has 11 "
     "letters: a 9x9 grid's entries have at most 8, so no entry can hold it (a larger "
     "--max-word)"),
    ("cat garden\n", ["--max-word", "5", "--size", "5"], "'garden' has 6 letters: a 5x5 "
     "grid's entries have at most 5, so no entry can hold it (a larger --size)"),
    ("cat at\n", [], "line 1, column 5: --prefer: 'at' has 2 letters: en entries have 3 or "
     "more"),
    ("ねこ いぬ\n", [], "'ねこ' is not a word a grid holds (letters A-Z)"),
])
def test_preferred_words_no_grid_can_hold_are_exit_2_with_line_and_column(
        words, args, said, tmp_path, capsys, monkeypatch):
    """Said before any dictionary is opened: a word outside the alphabet, longer than any
    entry the grid can have, or shorter than the language's entries."""
    monkeypatch.setenv("PUZZLE_WORKBENCH_DATA", str(tmp_path / "none"))
    theme = tmp_path / "theme.txt"
    theme.write_text(words)
    assert main(["generate", "numcro", "--lang", "en", "--prefer", str(theme), *args]) == 2
    assert said in capsys.readouterr().err


def test_a_word_longer_than_the_authors_pattern_is_exit_2(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("PUZZLE_WORKBENCH_DATA", str(tmp_path / "none"))
    pattern, theme = tmp_path / "blocks.txt", tmp_path / "theme.txt"
    pattern.write_text("...#\n.#..\n..#.\n#...\n")  # entries of 3 letters at most
    theme.write_text("うみ かもめし\n")
    assert main(["generate", "numcro", "--prefer", str(theme), "--blocks", str(pattern)]) == 2
    assert ("line 1, column 4: --prefer: 'かもめし' has 4 letters: the --blocks pattern's "
            "longest entry has 3, so no entry can hold it (a pattern with longer entries)"
            ) in capsys.readouterr().err


def test_a_word_both_preferred_and_avoided_is_exit_2(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("PUZZLE_WORKBENCH_DATA", str(tmp_path / "none"))
    prefer, avoid = tmp_path / "prefer.txt", tmp_path / "avoid.txt"
    prefer.write_text("cat dog bird\n")
    avoid.write_text("bird fish\n")
    assert main(["generate", "numcro", "--lang", "en", "--prefer", str(prefer),
                 "--avoid", str(avoid)]) == 2
    assert "--prefer and --avoid both name BIRD: one of them" in capsys.readouterr().err
