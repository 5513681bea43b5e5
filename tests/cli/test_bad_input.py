"""Hostile input from issue 13, through the command line: each a clear message (with line and
column) and exit 2, never a traceback."""

import json

import pytest

from cli import main
from core.errors import ParseError

HUGE = "9" * 5000
DEEP = "[" * 100_000 + "]" * 100_000
IPUZ = '{"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/crossword#1"], '


@pytest.mark.parametrize("name, text, said", [
    ("numcro grid, a huge number", f"lang: ja\n1 2\n{HUGE} 1\n", "line 3, column 1"),
    ("numcro table", f"numbers: 5\nwidth: 2\nheight: 2\ntable: 1 2 2 {HUGE}\n",
     "in the table"),
    ("numcro numbers:", f"numbers: {HUGE}\nwidth: 2\nheight: 2\ntable: 1 2 2 1\n",
     "`numbers:`"),
    ("numcro, a superscript digit", "lang: ja\n1 2\n2 ²\n", "line 3"),
    ("numcro givens:, a superscript digit", "lang: ja\n1 2\n2 1\ngivens: ²:ト\n",
     "NUMBER:LETTER"),
    ("numcro, a misspelt key", "lang: ja\n1 2 ■\n2 ■ 1\ngiven: 1:ト\n",
     "line 4, column 1: unknown key 'given'"),
    ("numcro, givens twice", "lang: ja\n1 2 ■\n2 ■ 1\ngivens: 1:ト\ngivens: 2:キ\n",
     "line 5, column 1: `givens:` again"),
    ("multiplication header", f"{HUGE} 3\n123\n12\n", "line 1"),
    ("a language that is a path", "lang: ../../../../etc\n1 2\n2 1\n", "language"),
    ("JSON nested 100,000 deep", '{"grid": ' + DEEP + "}", "nested more than"),
    ("ipuz nested 100,000 deep", IPUZ + '"puzzle": ' + DEEP + "}", "nested more than"),
    ("ipuz with a huge number", IPUZ + f'"dimensions": {{"width": {HUGE}}}}}', "digits"),
    ("JSON givens as a list", '{"grid": [[1, 2], [2, 1]], "givens": ["ト"]}', "`givens`"),
    ("JSON, a misspelt key", '{"grid": [[1, 2], [2, 1]], "given": {"1": "ト"}}',
     "unknown key 'given'"),
    ("JSON, another block number", '{"grid": [[1, 2], [2, 1]], "block": 9}', "`block`"),
    ("ipuz kind a number", '{"version": "http://ipuz.org/v2", "kind": 1, "puzzle": [[0]]}',
     "kind"),
    ("JSON entries of numbers", '{"entries": [1, 2, 3]}', "entry 1"),
    ("JSON entries without nums", '{"entries": [{"answer": "AB"}]}', "entry 1"),
    ("JSON grid of nothing", '{"grid": [[]]}', "2 to 60 cells a side"),
    ("JSON grid too large", json.dumps({"grid": [[1] * 61] * 61}), "2 to 60 cells a side"),
    ("ipuz grid too large", IPUZ + json.dumps({"dimensions": {"width": 61},
                                               "puzzle": [[1] * 61] * 61})[1:],
     "2 to 60 cells a side"),
    # issue 39: an empty grid of 9999 x 9999 (810 MB) was made before the size was refused
    ("variants size: 9999", "kind: variants\nsize: 9999\n",
     "line 2, column 7: size 9999: grids of 4 to 16 are read"),
    ("ipuz zones with bad rectangles", json.dumps({
        "version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/sudoku#1"],
        "dimensions": {"width": 4, "height": 4}, "puzzle": [[0] * 4] * 4,
        "zones": [{"rect": [3, 3, 0, 0]}]}), "not inside"),
], ids=lambda value: value if len(value) < 50 else "")
def test_hostile_input_is_a_clear_error(name, text, said, tmp_path, capsys):
    path = tmp_path / "p.txt"
    path.write_text(text)
    assert main(["check", str(path)]) == 2, name
    err = capsys.readouterr().err
    assert said in err and f"{path}: line " in err and "Traceback" not in err, (name, err)


def test_a_deep_json_block_pattern_is_a_clear_error(tmp_path, capsys):
    path = tmp_path / "blocks.txt"
    path.write_text("{" + '"grid": ' + "[1" * 50_000 + "]" * 50_000 + "}")
    assert main(["generate", "numcro", "--blocks", str(path)]) == 2
    assert "nested more than" in capsys.readouterr().err


def test_a_shape_with_no_cell_to_fill_is_a_clear_error(tmp_path, capsys):
    path = tmp_path / "shape.txt"
    path.write_text("AB+CD=EF\n")
    assert main(["generate", "arith", "--shape", str(path)]) == 2
    assert "no @ cell" in capsys.readouterr().err


CLUED = {"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/crossword#1"],
         "dimensions": {"width": 3, "height": 3},
         "puzzle": [[1, 2, 3], [4, 0, 0], [5, 0, "#"]],
         "solution": [["C", "A", "T"], ["A", "R", "E"], ["T", "E", "#"]],
         "clues": {"Across": [[1, "Pet that purrs"], [4, "Exist"], [5, "Dine, past"]],
                   "Down": [[1, "Pet that purrs"], [2, "Exist"], [3, "Cup of ..."]]}}


@pytest.mark.parametrize("clues", [CLUED["clues"], {}], ids=["with clues", "numbers only"])
def test_a_clued_crossword_ipuz_is_said_to_be_unsupported(tmp_path, capsys, clues):
    path = tmp_path / "clued.ipuz"
    path.write_text(json.dumps({**CLUED, "clues": clues}))
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}: line 1, column 1: a clued crossword" in err, err
    assert "is not supported: only coded crosswords (codewords, ナンクロ)" in err


# --- issue 39: tracebacks found by a hostile run ---------------------------------------------

EMPTY_4X4 = [[{}] * 4] * 4


def fpuzzles_link(data: dict) -> str:
    from core.variants.lzlink import compress

    return "https://www.f-puzzles.com/?load=" + compress(json.dumps(data))


@pytest.mark.parametrize("command", [["solve"], ["check", "--json"],
                                     ["export", "--to", "text", "-o", "-"],
                                     ["export", "--to", "ipuz", "-o", "-"]])
def test_a_title_of_half_a_character_is_refused(command, tmp_path, capsys):
    """A lone surrogate (\\ud800) read from JSON could be neither printed nor saved."""
    link = fpuzzles_link({"size": 4, "title": "\ud800", "grid": EMPTY_4X4})
    path = tmp_path / "link.txt"
    path.write_text(link)
    assert main([command[0], str(path), *command[1:]]) == 2
    out, err = capsys.readouterr()
    assert "column 23: \\ud800 is half a character" in err and "Traceback" not in err


def test_json_keeps_a_whole_character_and_an_escaped_backslash():
    from core.files import read_json

    assert read_json('["\\ud83d\\ude00", "\\\\ud800"]') == ["\U0001F600", "\\ud800"]
    with pytest.raises(ParseError, match="line 2, column 2: NaN is not JSON"):
        read_json("[1,\n NaN]")


def test_undecodable_standard_input_is_refused(monkeypatch, capsys):
    """Python hands standard input's bad bytes on as lone surrogates (surrogateescape)."""
    import io

    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"12\n\xff4"),
                                                      errors="surrogateescape"))
    assert main(["check", "-"]) == 2
    assert "-: not UTF-8 text (line 2, column 1)" in capsys.readouterr().err
