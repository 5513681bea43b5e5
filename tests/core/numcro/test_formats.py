import json

import pytest

from core.errors import ParseError
from core.numcro.formats import format, parse
from tests import DATA


def case(name):
    return (DATA / "numcro" / name).read_text()


def test_blog_text_and_json_case_are_the_same_puzzle():
    blog = parse(case("ja_wikipedia_5x5.q.txt"))
    from_json = parse(case("ja_wikipedia_5x5.json"))
    assert blog == from_json
    assert blog.givens == ((1, "ト"), (2, "キ"))  # と and き in hiragana, folded
    assert (blog.width, blog.height) == (5, 5) and blog.numbers() == [1, 2, 3, 4, 5]


def test_entries_follow_from_the_grid():
    for name in ("ja_wikipedia_5x5.json", "en_kaidoku_13x13.json"):
        data = json.loads(case(name))
        ours = parse(case(name)).entries()
        theirs = sorted((e["dir"], e["row"], e["col"], tuple(e["nums"]))
                        for e in data["entries"])
        assert sorted((e.direction, e.row, e.col, e.numbers) for e in ours) == theirs, name


def test_entry_lists_without_a_grid():
    p = parse(case("en_codewords_solver_grid1.json"))
    assert not p.has_grid and p.lang == "en" and p.givens == ((5, "F"), (7, "L"))
    assert p.entries()[0].numbers == (1, 13, 7, 11)
    assert parse(format(p)) == p


@pytest.mark.parametrize("name", ["ja_wikipedia_5x5.json", "en_kaidoku_13x13.json"])
@pytest.mark.parametrize("style", ["grid", "blog"])
def test_round_trips(name, style):
    p = parse(case(name))
    assert parse(format(p, style)) == p


@pytest.mark.parametrize("text, line, column, words", [
    ("numbers: 2\nwidth: 2\nheight: 2\ntable: 1 2 1\n", 4, 8, "needs 4"),
    ("numbers: 2\nwidth: 2\nheight: 2\ntable: 1 3 1 2\n", 4, 10, "beyond `numbers: 2`"),
    ("numbers: 2\nwidth: 2\nheight: 2\ntable: 1 2 1 2\nassign: 3:あ\n", 5, 9,
     "number 3 is not in the grid"),
    ("numbers: 2\nwidth: 2\nheight: 2\ntable: 1 2 1 2\nassign: 1:漢\n", 5, 11,
     "not one letter"),
    ("width: 2\nheight: 2\ntable: 1 2 1 2\n", 1, 1, "missing `numbers:`"),
    ("1 2 ■\n2 1\n", 2, 1, "this row has 2 cells"),
    ("1 2\n2 x\n", 2, 1, "expected a grid row"),
    ("{\"grid\": [[1, 2], [2]]}", 1, 1, "rows of equal length"),
    # issue 29: a misspelt or unknown key used to be dropped, a second `givens:` to win
    ("lang: ja\n1 2\n2 1\ngiven: 1:ト\n", 4, 1, "unknown key 'given': the keys are givens"),
    ("lang: ja\n1 2\n2 1\n  foo: bar\n", 4, 3, "unknown key 'foo'"),
    ("lang: ja\n1 2\n2 1\ngivens: 1:ト\ngivens: 2:キ\n", 5, 1,
     "`givens:` again (it was on line 4)"),
    ("LANG: ja\n1 2\n2 1\nlang: en\n", 4, 1, "`lang:` again"),
    ("numbers: 2\nwidth: 2\nheight: 2\ntable: 1 2 1 2\ngivens: 1:ト\n", 5, 1,
     "unknown key 'givens': the keys are assign,"),
    ("lang: ja\n1 2\n2 1\nassign: 1:ト\n", 4, 1, "unknown key 'assign'"),
    ("kind: sudoku\nlang: ja\n1 2\n2 1\n", 1, 7, "not numcro"),
    ("{\"grid\": [[1, 2],", 1, 18, "not JSON"),
])
def test_bad_input_names_line_and_column(text, line, column, words):
    with pytest.raises(ParseError) as caught:
        parse(text)
    assert (caught.value.line, caught.value.column) == (line, column), caught.value
    assert words in caught.value.message


def test_a_file_of_many_is_read_puzzle_by_puzzle():
    """As `generate --count` writes them: puzzles apart by a blank line; a paragraph without
    rows belongs to the grid it stands by; errors keep the file's line numbers."""
    from core.numcro.formats import iter_puzzles

    one = "lang: ja\n7 4 9\n4 ■ 7\n7 7 ■\ngivens: 7:キ\n"
    two = "lang: en\n1 2 3\n2 ■ 1\n"
    items = list(iter_puzzles(one + "\n" + two + "\n\n" + one))
    assert [line for line, _ in items] == [1, 7, 12]
    assert items[0][1] == items[2][1] == parse(one) and items[1][1] == parse(two)
    spaced = "lang: en\n\n1 2 3\n2 ■ 1\n\ngivens: 1:A\n"  # headers apart from the grid
    assert list(iter_puzzles(spaced)) == [(1, parse(spaced))]
    bad = list(iter_puzzles(one + "\n" + two.replace("2 ■ 1", "2 ■ x")))
    assert bad[1][0] == 9 and isinstance(bad[1][1], ParseError)
    with pytest.raises(ParseError, match=r"`lang:` again \(it was on line 1\)"):
        parse(one + two)  # one puzzle asked for: refused, not read as one tall grid
