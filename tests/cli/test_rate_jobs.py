"""`rate FILE --jobs N`: a file of many puzzles rated in worker processes gives what the serial
run gives, result for result in the file's order (errors in their places), for every family
that reads files of many."""

import json

import pytest

from cli import main
from tests import DATA


def rated(capsys, *args: str) -> tuple[int, list, str]:
    """Exit code, the results (JSON objects without their times, or text lines), stderr."""
    code = main(["rate", *args])
    out, err = capsys.readouterr()
    if "--json" in args:
        results = [json.loads(line) for line in out.splitlines()]
        for result in results:
            assert result.pop("seconds", 0) >= 0
        return code, results, err
    return code, out.splitlines(), err


def same_in_parallel(capsys, *args: str) -> tuple[int, list]:
    serial = rated(capsys, *args)
    parallel = rated(capsys, *args, "--jobs", "2")
    assert parallel == serial
    return serial[:2]


@pytest.fixture
def sudokus(tmp_path):
    lines = [line for line in (DATA / "sudoku" / "se_sample.txt").read_text()
             .splitlines() if line.strip() and not line.startswith("#")][:10]
    lines[3:3] = ["." * 81, "12x" + "." * 78]  # not unique; a bad character
    path = tmp_path / "many.txt"
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def test_sudokus_in_file_order_with_errors_in_their_places(sudokus, capsys):
    code, results = same_in_parallel(capsys, sudokus, "--json")
    assert code == 2  # a line that does not read is bad input, the worst here
    assert [r["line"] for r in results] == list(range(1, 13))
    assert results[3]["error"] == f"{sudokus}:4: not unique: cannot be rated"
    assert "line 5, column 3" in results[4]["error"]
    assert all(r["kind"] == "sudoku" and r["scale"] == "sukaku" and r["score"] > 0
               for i, r in enumerate(results) if i not in (3, 4))
    code, lines = same_in_parallel(capsys, sudokus)
    assert len(lines) == 10 and lines[3].startswith(f"{sudokus}:6: ")


def test_the_classic_scale_and_steps_in_parallel(sudokus, capsys):
    same_in_parallel(capsys, sudokus, "--scale", "classic", "--json")
    code, lines = same_in_parallel(capsys, sudokus, "--steps")
    assert any("(Sukaku Explainer scale), hardest: " in line for line in lines)


def test_a_file_of_codewords(english, tmp_path, capsys):
    path = tmp_path / "codewords.txt"
    assert main(["generate", "numcro", "--lang", "en", "--size", "9", "--dict", english,
                 "--seed", "4", "--count", "3", "-o", str(path)]) == 0
    code, results = same_in_parallel(capsys, str(path), "--dict", english, "--json")
    assert code == 0 and [r["line"] for r in results] == [1, 13, 25]
    assert all(r["complete"] and r["deductions"]["what if"] == 0 for r in results)


def test_a_file_of_variants(tmp_path, capsys):
    path = tmp_path / "killers.txt"
    assert main(["generate", "killer", "--seed", "1", "--count", "2", "-o", str(path)]) == 0
    code, results = same_in_parallel(capsys, str(path), "--json")
    assert code == 0 and len(results) == 2 and results[1]["line"] > 1
    assert all(r["kind"] == "variants" and r["scale"] == "variants" for r in results)


def test_a_file_of_alphametics(tmp_path, capsys):
    """Rated or not (issue 27's other half adds a rating), each in its place."""
    lines = (DATA / "arith" / "alphametics.tsv").read_text().splitlines()[:6]
    path = tmp_path / "few.tsv"
    path.write_text("\n".join(lines) + "\n")
    code, results = same_in_parallel(capsys, str(path), "--json")
    assert [r["kind"] for r in results] == ["arith"] * len(results) and len(results) >= 4
    assert [r["line"] for r in results] == sorted(r["line"] for r in results)


def test_jobs_below_one_is_bad_input(sudokus, capsys):
    assert main(["rate", sudokus, "--jobs", "0"]) == 2
    assert "--jobs 0: at least 1" in capsys.readouterr().err
