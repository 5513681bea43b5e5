"""Variants (濁点, no hints, 二重マス keyword) and print (the letter table beside the grid, the
key, the keyword strip, large print)."""

import random

import pytest

from core.export.drawing import Label
from core.numcro import count, parse
from core.numcro.drawing import draw
from core.numcro.generator import Options, entry_words, generate
from core.numcro.wordsets import WordSets
from dictionaries.normalize import normalize
from dictionaries.store import FILL


@pytest.fixture(scope="module")
def japanese():
    from wordfreq import top_n_list

    words = {normalize(w, "ja")[0] for w in top_n_list("ja", 100_000)} - {None}
    return WordSets.from_words((w, FILL) for w in words)


def test_a_keyword_is_spelt_by_its_cells(japanese):
    made = generate(Options(size=9, lang="ja", keyword=4, seconds=60), japanese, japanese,
                    random.Random(3))
    letters = dict(made.solution)
    word = "".join(letters[made.puzzle.cells[c]] for c in made.puzzle.keyword)
    assert len(word) == 4 and len(set(made.puzzle.keyword)) == 4
    assert word in {japanese.length(4).words[i] for i in range(len(japanese.length(4).words))}
    assert word not in entry_words(made.puzzle, made.solution)


def test_dakuten_puzzles_have_no_voiced_kana(japanese):
    folded = WordSets.from_words(
        (normalize(w, "ja", fold_voiced=True)[0], FILL) for w in
        japanese.length(3).words + japanese.length(4).words + japanese.length(2).words
        + japanese.length(5).words + japanese.length(6).words)
    made = generate(Options(size=9, lang="ja", voiced_as_one=True, seconds=60), folded, folded,
                    random.Random(1))
    assert made.puzzle.voiced_as_one
    assert not set("ガギグゲゴザジズゼゾダヂヅデドバビブベボパピプペポ") & {
        ch for _, ch in made.solution}


def test_no_hints_means_no_givens_and_unique(japanese):
    # the seed decides the puzzle; the budget only bounds the search, and under load 60 s ran
    # out before the 13 s of CPU it takes (GenerationFailed in a busy CI run)
    made = generate(Options(size=7, lang="ja", no_hints=True, seconds=600), japanese, japanese,
                    random.Random(2))
    assert made.puzzle.givens == () and count(made.puzzle, japanese).unique


GRID = """lang: ja
1 2 3
4 ■ 5
6 7 8
givens: 1:ア 8:ン
keyword: r1c1 r3c3
rules: large
"""


def printed(drawing, text: str) -> float:
    return max(item.size for item in drawing.items
               if isinstance(item, Label) and item.text == text) / drawing.width


def test_print_has_the_50on_table_the_key_and_the_keyword_strip():
    puzzle = parse(GRID)
    drawing = draw(puzzle)
    texts = drawing.texts()
    assert {"ア", "カ", "ヲ", "パ", "ー", "キーワード"} <= set(texts)
    assert texts.count("ア") == 3  # in the grid, the key, and the table (crossed out)
    normal = draw(parse(GRID.replace("rules: large\n", "")))
    # large print: a page scales a drawing to its slot, so what counts is a letter's or a
    # number's size against the drawing's width
    for text, larger in (("ア", 1.1), ("8", 1.25)):
        assert printed(drawing, text) > larger * printed(normal, text)
    english = draw(parse("lang: en\n1 2 3\n4 ■ 5\n6 7 8\n"))
    assert {"A", "Z"} <= set(english.texts()) and "キーワード" not in english.texts()


def test_ipuz_keeps_rules_keyword_and_variant():
    from core.numcro.ipuz import from_ipuz, to_ipuz

    puzzle = parse(GRID + "variant: dakuten\n")
    assert from_ipuz(to_ipuz(puzzle)) == puzzle
    data = to_ipuz(puzzle)
    data["com.puzzle-workbench.invalid:numcro"]["keyword"] = [4]  # a block
    with pytest.raises(ValueError, match="keyword cells"):
        from_ipuz(data)
