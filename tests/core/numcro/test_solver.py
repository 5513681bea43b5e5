import json

import pytest

from core.numcro import parse
from core.numcro.solver import count
from dictionaries import Dictionary
from dictionaries.store import Entry, build
from tests import DATA


def dictionary(tmp_path, words, lang):
    build([Entry(w) for w in words], tmp_path / "dict", lang)
    return Dictionary(tmp_path / "dict")


@pytest.mark.parametrize("name", ["ja_wikipedia_5x5.json", "en_codewords_solver_grid1.json",
                                  "en_codewords_solver_grid2.json", "en_kaidoku_13x13.json"])
def test_cases_solve_to_their_key_with_their_words(tmp_path, name):
    text = (DATA / "numcro" / name).read_text()
    case = json.loads(text)
    puzzle = parse(text)
    d = dictionary(tmp_path, [e["answer"] for e in case["entries"]], puzzle.lang)
    result = count(puzzle, d)
    key = {int(n): letter for n, letter in case["key"].items()}
    assert result.unique  # with only its own words, each case has one solution
    assert dict(result.solution) == {n: key[n] for n in puzzle.numbers()}


def test_a_larger_dictionary_makes_the_wikipedia_example_ambiguous(tmp_path):
    text = (DATA / "numcro" / "ja_wikipedia_5x5.json").read_text()
    words = [e["answer"] for e in json.loads(text)["entries"]]
    # every entry through number 5 (ヨ) also reads as a word with ユ there
    words += ["キユ", "ユウ", "トウキユウ", "キユウ", "ユトウ"]
    result = count(parse(text), dictionary(tmp_path, words, "ja"), limit=5)
    assert result.count == 2 and not result.unique
    assert result.differs == (5,)
    assert {dict(s)[5] for s in result.solutions} == {"ヨ", "ユ"}


def test_no_solution_and_stop(tmp_path, monkeypatch):
    import core.numcro.solver as solver

    text = (DATA / "numcro" / "ja_wikipedia_5x5.json").read_text()
    assert count(parse(text), dictionary(tmp_path, ["サクラ", "カラス"], "ja")).count == 0
    monkeypatch.setattr(solver, "STOP_EVERY", 1)
    words = [e["answer"] for e in json.loads(text)["entries"]]
    result = count(parse(text), dictionary(tmp_path / "b", words, "ja"), stop=lambda: True)
    assert result.stopped and not result.unique
