"""House rules: each rule broken is found with its cells, the settings round-trip through the
grid format, `check --json` lists them, and generated puzzles keep them."""

import json
import random

import pytest

from core.errors import ParseError
from core.numcro import parse
from core.numcro.family import NUMCRO
from core.numcro.generator import Options, entry_words, generate
from core.numcro.rules import broken, settings
from core.numcro.wordsets import WordSets
from dictionaries.store import FILL

BAD_JA = """lang: ja
■ 1 2 ■
1 3 4 5
2 ■ ■ 6
rules: numbers=40-46 uses=2
"""


def rules_of(puzzle, solution=None):
    return {b.rule: b.cells for b in broken(puzzle, solution)}


def test_japanese_rules_name_their_cells():
    found = rules_of(parse(BAD_JA))
    assert found["corner block"] == (0, 3)
    assert found["blocks side by side"] == (9, 10)
    assert {b.rule: b.message for b in broken(parse(BAD_JA))}["blocks side by side"] == \
        "a pair of blocks touches"
    assert found["number used once"] == (5, 6, 7, 11)  # 3 4 5 6
    assert found["number count"] == ()
    assert "whites not connected" not in found


def test_words_twice_pangram_and_lone_cells():
    twice = parse("lang: en\n1 2 3\n2 ■ 2\n3 2 1\n")  # ABC / B.B / CBA: ABC twice? no: CBA
    solution = ((1, "A"), (2, "B"), (3, "A"))
    found = rules_of(twice, solution)
    assert "word twice" in found  # ABA across twice and down twice
    assert found["word twice"] == (0, 1, 2, 3, 5, 6, 7, 8)  # each cell once
    crossing = parse("lang: ja\n1 2\n2 1\n")  # アカ across and down from r1c1, カア too
    twice = [(b.message, b.cells) for b in broken(crossing, ((1, "ア"), (2, "カ")))
             if b.rule == "word twice"]
    assert twice == [("アカ is in the grid 2 times", (0, 1, 2)),
                     ("カア is in the grid 2 times", (1, 2, 3))]
    pangram = parse("lang: en\n1 2 3\n4 ■ 5\n6 7 8\nrules: pangram\n")
    letters = tuple((n, ch) for n, ch in zip(range(1, 9), "CATSOLDX", strict=True))
    messages = {b.rule: b.message for b in broken(pangram, letters)}
    assert messages["pangram"].startswith("letters not used: BEFGHIJKMNPQRUVWYZ")
    lone = parse("lang: en\n1 ■ 2\n■ ■ 3\n4 5 6\n")
    assert rules_of(lone)["cell in no word"] == (0,)


def test_settings_round_trip_and_bad_settings_name_their_column():
    text = BAD_JA.replace("numbers=40-46 uses=2", "corners uses=3 numbers=40-46")
    puzzle = parse(text)
    assert settings(puzzle).corners and settings(puzzle).uses == 3
    assert parse(NUMCRO.format(puzzle)) == puzzle
    with pytest.raises(ParseError) as error:
        parse(BAD_JA.replace("numbers=40-46 uses=2", "corners uses=x"))
    assert (error.value.line, error.value.column) == (5, 16)


def test_keyword_and_variant_round_trip_and_bad_cells():
    text = "lang: ja\n1 2 3\n4 ■ 5\n6 7 8\nkeyword: r1c1 r3c3 r2c3\nvariant: dakuten\n"
    puzzle = parse(text)
    assert puzzle.keyword == (0, 8, 5) and puzzle.voiced_as_one
    assert parse(NUMCRO.format(puzzle)) == puzzle
    assert parse(NUMCRO.format(puzzle, "blog")) == puzzle
    with pytest.raises(ParseError, match="r2c2 is not a white cell"):
        parse(text.replace("r2c3", "r2c2"))


def test_check_json_lists_the_rules_broken(tmp_path, capsys):
    from cli import main

    words = tmp_path / "w.txt"
    words.write_text("アイ\nアカ\nイエ\nカエ\n")
    assert main(["dict", "build", str(words), "-o", str(tmp_path / "d")]) == 0
    grid = tmp_path / "p.txt"
    grid.write_text("lang: ja\n1 2\n3 ■\n")
    capsys.readouterr()
    main(["check", str(grid), "--json", "--dict", str(tmp_path / "d")])
    result = json.loads(capsys.readouterr().out)
    assert {"rule": "corner block", "message": "a block in a corner", "cells": ["r2c2"]} in \
        result["rules"]
    main(["check", str(grid), "--dict", str(tmp_path / "d")])
    assert "house rule: a block in a corner (r2c2)" in capsys.readouterr().out


@pytest.fixture(scope="module")
def japanese():
    from wordfreq import top_n_list

    from dictionaries.normalize import normalize
    words = {normalize(w, "ja")[0] for w in top_n_list("ja", 100_000)} - {None}
    return WordSets.from_words((w, FILL) for w in words)


@pytest.mark.parametrize("seed", [1, 2])
def test_generated_japanese_grids_keep_the_house_rules(japanese, seed):
    made = generate(Options(size=9, lang="ja", seconds=60), japanese, japanese,
                    random.Random(seed))
    assert broken(made.puzzle, made.solution) == []
    words = entry_words(made.puzzle, made.solution)
    assert len(words) == len(set(words))
