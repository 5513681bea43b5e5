"""`puzzle-tui solve FILE --candidates [--support N] [--seconds S] [--json]`: the candidate grid
as text, the JSON shape, a stopped run (partial, exit 3), and every bad input said with exit 2.

The puzzle: a 4x4 whose first two rows are given (1234 / 3412). Rows 3 and 4 then take 2 or 4
in columns 1 and 3 and 1 or 3 in columns 2 and 4, and the choice in column 1 and in column 2
decides the rest: 4 solutions, each blank digit held by 2 of them."""

import json

import pytest

from cli import main
from tests import DATA

GIVEN_ROWS = "1 2 3 4\n3 4 1 2\n. . . .\n. . . .\n"


@pytest.fixture
def four(tmp_path):
    path = tmp_path / "four.txt"
    path.write_text(GIVEN_ROWS)
    return str(path)


def test_the_grid_shows_each_cells_candidates_in_their_places(four, capsys):
    assert main(["solve", four, "--candidates", "--support", "8"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "true candidates of all 4 solutions (support counted to 8)"
    assert out[1] == "8 of 16 cells with one candidate"
    # a blank cell of column 1 or 3 holds 2 and 4 (places 2 and 4 of a 2x2 small grid), of
    # column 2 or 4 holds 1 and 3; a region border between columns 2 and 3
    assert ".2   1. | .2   1." in out and ".4   3. | .4   3." in out
    assert out.count(".2   1. | .2   1.") == 2  # rows 3 and 4
    assert "--------+--------" in out
    support = out[out.index("support: solutions holding each candidate, * for 8 or more"):]
    assert support.count(".2   2. | .2   2.") == 4  # each blank digit in 2 solutions
    assert "4.   .4 | ..   .." in support  # the givens: in all 4
    assert max(len(line) for line in out) <= 80


def test_a_9x9_grid_fits_80_columns(tmp_path, capsys):
    path = tmp_path / "open.txt"
    path.write_text("kind: variants\n" + ". . . . . . . . .\n" * 9 + "thermo: r1c1 r2c2 r3c3\n")
    assert main(["solve", str(path), "--candidates", "--support", "3", "--seconds", "60"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("true candidates of ")
    assert out[1] == "0 of 81 cells with one candidate"
    grid = out[2:out.index("support: solutions holding each candidate, * for 3 or more")]
    assert len(grid) == 9 * 3 + 8 + 1  # 3 lines a cell, a line between rows, a blank line
    assert max(len(line) for line in out) <= 80
    # the thermometer r1c1 r2c2 r3c3 rises: its bulb 1-7, its middle 2-8, its tip 3-9
    assert grid[0].startswith("123   123   123 | ")
    assert grid[2].startswith("7..   789   789 | ")
    assert grid[4].startswith("123   .23   123 | ") and grid[6].startswith("789   78.   789 | ")
    assert grid[8].startswith("123   123   ..3 | ")


def test_json_gives_digit_and_support_pairs_a_cell(four, capsys):
    assert main(["solve", four, "--candidates", "--support", "8", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["kind"] == "sudoku" and got["support"] == 8 and got["partial"] is False
    assert got["solutions"] == 4 and got["all_solutions"] is True
    cells = got["candidates"]
    assert len(cells) == 16
    assert cells[0] == [[1, 4]] and cells[7] == [[2, 4]]
    assert cells[8] == [[2, 2], [4, 2]] and cells[9] == [[1, 2], [3, 2]]
    assert cells[15] == [[1, 2], [3, 2]]


def test_support_1_says_each_digit_once(four, capsys):
    assert main(["solve", four, "--candidates", "--json"]) == 0
    cells = json.loads(capsys.readouterr().out)["candidates"]
    assert cells[8] == [[2, 1], [4, 1]] and cells[0] == [[1, 1]]


def test_a_run_stopped_by_seconds_is_partial_exit_3(tmp_path, capsys):
    path = tmp_path / "blank16.txt"
    path.write_text(("." * 16 + "\n") * 16)
    assert main(["solve", str(path), "--candidates", "--support", "255", "--seconds", "0.2",
                 "--json"]) == 3
    got = json.loads(capsys.readouterr().out)
    assert got["partial"] is True and got["all_solutions"] is False and got["status"] == 3
    assert len(got["candidates"]) == 256
    assert main(["solve", str(path), "--candidates", "--support", "255", "--seconds", "0.2"]) == 3
    assert capsys.readouterr().out.startswith("stopped after 0.2 s: the candidates of ")


def test_no_solution_is_exit_1(tmp_path, capsys):
    path = tmp_path / "clash.txt"
    path.write_text("1 1 . .\n. . . .\n. . . .\n. . . .\n")
    assert main(["solve", str(path), "--candidates"]) == 1
    assert capsys.readouterr().out.strip() == "no solution: no cell has a true candidate"


@pytest.mark.parametrize(("words", "said"), [
    (["--support", "0"], "--support 0: from 1 to 255"),
    (["--support", "256"], "--support 256: from 1 to 255"),
    (["--support", "99999999999999999999"], "from 1 to 255"),
    (["--support", "eight"], "--support 'eight'? a whole number from 1 to 255"),
    (["--support", "-3"], "--support '-3'? a whole number from 1 to 255"),
    (["--support", "2.5"], "--support '2.5'? a whole number from 1 to 255"),
    (["--support", "²"], "--support '²'? a whole number from 1 to 255"),
    (["--support", "9" * 5000], "--support 999999999... (5000 digits): from 1 to 255"),
    (["--seconds", "0"], "--seconds 0: from 0 to"),
])
def test_bad_values_are_exit_2_with_what_is_wrong(four, capsys, words, said):
    assert main(["solve", four, "--candidates", *words]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err


def test_support_without_candidates_is_refused(four, capsys):
    assert main(["solve", four, "--support", "4"]) == 2
    assert "--support 4: only with --candidates" in capsys.readouterr().err


def test_a_family_without_candidates_is_refused_by_name(capsys):
    path = str(DATA.parent.parent / "puzzles" / "arith" / "send_more_money.txt")
    assert main(["solve", path, "--candidates"]) == 2
    err = capsys.readouterr().err
    assert "--candidates" in err and "has none (Sudoku and variants have them)" in err
    assert main(["solve", path, "--candidates", "--json"]) == 2
    assert json.loads(capsys.readouterr().out)["status"] == 2


def test_a_grid_of_digits_from_0_says_its_candidates_and_solution_as_written(tmp_path, capsys):
    """The same 4x4 shifted down one (digits 0-3): JSON candidates and the solution text say
    0 to 3, as the file does."""
    path = tmp_path / "zero.txt"
    path.write_text("kind: variants\ndigits: 0-3\n0 1 2 3\n2 3 0 1\n. . . .\n. . . .\n")
    assert main(["solve", str(path), "--candidates", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["candidates"][0] == [[0, 1]] and found["candidates"][7] == [[1, 1]]
    assert [d for d, _ in found["candidates"][8]] == [1, 3]  # r3c1: 1 or 3, as written
    assert main(["solve", str(path)]) == 1
    out = capsys.readouterr().out
    assert "digits: 0-3\n0 1 2 3\n2 3 0 1\n" in out
