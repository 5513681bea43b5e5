import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cli import main
from core.sudoku import count, parse
from tests import DATA

ROOT = Path(__file__).resolve().parents[2]
TOP1 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


@pytest.fixture
def puzzle_file(tmp_path):
    def write(text, name="p.txt"):
        path = tmp_path / name
        path.write_text(text)
        return str(path)
    return write


def test_check_unique(puzzle_file, capsys):
    assert main(["check", puzzle_file(TOP1)]) == 0
    assert capsys.readouterr().out.strip() == "unique"


def test_check_not_unique_names_differing_cells(puzzle_file, capsys):
    looser = "." + TOP1[1:]  # r1c1's 4 removed
    assert main(["check", puzzle_file(looser), "--json"]) == 1
    result = json.loads(capsys.readouterr().out)
    assert result["count"] == 2 and result["unique"] is False and result["limit"] == 2
    expected = count(parse(looser))
    assert result["differs"] == [f"r{c // 9 + 1}c{c % 9 + 1}" for c in expected.differs]
    assert len(result["differs"]) >= 4  # two grids cannot differ in fewer than four cells
    assert main(["check", puzzle_file(looser)]) == 1  # the terminal's line says the same
    assert capsys.readouterr().out.splitlines()[0] == (
        "not unique: 2 or more solutions; two solutions "
        f"differ in {', '.join(result['differs'])}")


def test_check_of_several_solutions_names_every_cell_still_open(puzzle_file, capsys):
    """The cells that differ between any two solutions, against every 4x4 grid listed."""
    from itertools import permutations, product

    text = "1 . . .\n. . 1 .\n. 1 . .\n. . . 1\n"
    givens = parse(text).givens
    rows = list(permutations(range(1, 5)))
    grids = [sum(g, ()) for g in product(rows, repeat=4)
             if all(len({g[r][c] for r in range(4)}) == 4 for c in range(4))
             and all(len({g[r][c] for r in rs for c in cs}) == 4
                     for rs in ((0, 1), (2, 3)) for cs in ((0, 1), (2, 3)))
             and all(v in (0, s) for v, s in zip(givens, sum(g, ()), strict=True))]
    open_cells = [f"r{c // 4 + 1}c{c % 4 + 1}" for c in range(16)
                  if len({grid[c] for grid in grids}) > 1]
    assert main(["check", puzzle_file(text), "--json", "--limit", "1000"]) == 1
    result = json.loads(capsys.readouterr().out)
    assert result["count"] == len(grids) > 2
    assert result["open"] == {"cells": open_cells, "complete": True}
    assert main(["check", puzzle_file(text)]) == 1
    assert capsys.readouterr().out.splitlines()[1] == (
        f"open cells (differing between solutions): {len(open_cells)}: "
        f"{', '.join(open_cells)}")


def test_check_no_solution_names_the_clash(puzzle_file, capsys):
    assert main(["check", puzzle_file("4" + TOP1[1:4] + "4" + TOP1[5:])]) == 1
    assert capsys.readouterr().out.strip() == "no solution: r1c1 and r1c5 both hold 4"


def test_check_bad_input_exit_2_with_line_and_column(puzzle_file, capsys):
    path = puzzle_file("# header\n" + TOP1[:20] + "?" + TOP1[21:])
    assert main(["check", path]) == 2
    assert capsys.readouterr().err.strip() == (
        f"{path}: line 2, column 21: unknown symbol '?' (use 1-9, A-Z, and . or 0 for a blank)")


def test_check_missing_and_binary_files(tmp_path, capsys):
    assert main(["check", str(tmp_path / "nope.txt")]) == 2
    binary = tmp_path / "b.bin"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    assert main(["check", str(binary)]) == 2
    err = capsys.readouterr().err
    assert "no such file" in err and "not UTF-8" in err


def test_check_many_one_line_puzzles_in_order(puzzle_file, capsys):
    text = TOP1 + "\n" + "." + TOP1[1:] + "\nbad line\n"
    assert main(["check", puzzle_file(text), "--json"]) == 2
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [o.get("unique") for o in out] == [True, False, None]
    assert [o["line"] for o in out] == [1, 2, 3]
    assert "error" in out[2]
    assert [o["status"] for o in out] == [0, 1, 2]  # each puzzle's own exit code


def test_check_limit(puzzle_file, capsys):
    assert main(["check", puzzle_file("." * 16), "--limit", "1000", "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["count"] == 288


def test_solve_prints_a_grid(puzzle_file, capsys):
    assert main(["solve", puzzle_file(TOP1)]) == 0
    out = capsys.readouterr().out
    assert parse(out).givens == count(parse(TOP1)).solution


def test_rate_prints_one_walkthrough_whose_hardest_step_the_summary_names(puzzle_file,
                                                                          capsys):
    path = puzzle_file(TOP1)
    assert main(["rate", path, "--json"]) == 0
    rating = json.loads(capsys.readouterr().out)
    assert rating.keys() >= {"score", "level", "hardest", "techniques", "scale", "kind"}
    assert rating["scale"] == "sukaku" and rating["score"] > 6  # top1465 needs chains at least
    assert main(["rate", path, "--steps"]) == 0
    summary, *steps = capsys.readouterr().out.splitlines()
    assert summary.startswith(f"{rating['level']}, SE {rating['score']:.1f} (Sukaku Explainer "
                              f"scale), hardest: {rating['hardest']}; ")
    numbered = [line for line in steps if re.match(r" *\d+\.  ?\d+\.\d ", line)]
    assert numbered == steps and len(steps) == sum(rating["techniques"].values())
    assert max(float(line.split()[1]) for line in steps) == rating["score"]
    marked = [line for line in steps if line.endswith("◀ hardest")]
    assert len(marked) == 1 and f"{rating['score']:4.1f} {rating['hardest']}" in marked[0]
    first_top = next(line for line in steps if float(line.split()[1]) == rating["score"])
    assert first_top == marked[0]


def test_rate_names_the_classic_scale(puzzle_file, capsys):
    assert main(["rate", puzzle_file(TOP1), "--scale", "classic"]) == 0
    assert "(Sudoku Explainer classic scale), hardest: " in capsys.readouterr().out


def test_generate_is_deterministic_and_valid(capsys):
    args = ["generate", "sudoku", "--seed", "7", "--count", "3", "--symmetry", "rot180"]
    assert main(args) == 0
    first = capsys.readouterr().out.splitlines()
    assert main([*args, "--jobs", "2"]) == 0
    assert capsys.readouterr().out.splitlines() == first
    assert len(first) == 3 and all(count(parse(line)).unique for line in first)


def test_generate_json_with_level(capsys):
    assert main(["generate", "sudoku", "--seed", "1", "--level", "medium", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["rating"]["level"] == "medium" and result["seed"] == 1
    assert count(parse(result["puzzle"])).solution == tuple(map(int, result["solution"]))


def test_generate_bad_option(capsys):
    for option in (["--symmetry", "spiral"], ["--size", "7"]):
        assert main(["generate", "sudoku", *option]) == 2
    assert "invalid choice: 7" in capsys.readouterr().err


def test_generate_sudoku_on_an_authors_mask(puzzle_file, capsys):
    """The README's mask: # or x (or a digit) for a given, . for an empty cell."""
    assert main(["generate", "sudoku", "--seed", "6", "--symmetry", "rot180"]) == 0
    source = capsys.readouterr().out
    marks = iter("#x1#x7" * 20)
    mask = "".join(next(marks) if ch in "123456789" else ch for ch in source)
    path = puzzle_file(mask, "mask.txt")
    assert main(["generate", "sudoku", "--mask", path, "--seed", "9"]) == 0
    made = parse(capsys.readouterr().out)
    assert [bool(v) for v in made.givens] == [bool(v) for v in parse(source).givens]
    assert count(made).unique
    path = puzzle_file(mask.replace(".", "?", 1), "bad.txt")
    assert main(["generate", "sudoku", "--mask", path]) == 2
    column = mask.index(".") + 1  # on the first line
    assert f"bad.txt: line 1, column {column}: '?' is not a mask cell" in (
        capsys.readouterr().err)
    path = puzzle_file("#..x\n....\n....\nx..#\n", "small.txt")
    assert main(["generate", "sudoku", "--mask", path]) == 2
    assert "the mask is 4x4; the grid is 9x9 (--size 4 for the mask's)" in (
        capsys.readouterr().err)


def test_a_mask_no_unique_puzzle_fits_is_refused_and_attempts_are_kept(puzzle_file, capsys):
    """Issue 39: 81 dots printed IndexError (exit 1); one # on 4x4 or 5 on 9x9 searched on past
    --attempts 100. A mask that may fit gives up after its --attempts."""
    for mask, size, said in ((81 * ".", "9", "marks 0 givens; a unique 9x9 needs "
                              "at least 17"), (16 * ".", "4", "marks 0 givens"),
                             ("#" + 15 * ".", "4", "marks 1 given; a unique 4x4 needs at least 4"),
                             ("#.........#.........#.........#.........#" + 40 * ".", "9",
                              "marks 5 givens")):
        path = puzzle_file(mask + "\n", "mask.txt")
        assert main(["generate", "sudoku", "--size", size, "--mask", path,
                     "--attempts", "100"]) == 2
        err = capsys.readouterr().err
        assert f"generate: the mask {said}" in err and "Error" not in err
    sparse = ("#.......#" * 2 + "...#.#..." + "....#..#." + "..#.....#" + ".#......." + "#.#......"
              + ".#.....#." + "......##.")
    path = puzzle_file(sparse + "\n", "sparse.txt")  # 17 givens: no puzzle in 2 grids
    assert main(["generate", "sudoku", "--mask", path, "--attempts", "2", "--seed", "1"]) == 1
    assert "no puzzle met the constraints in 2 attempts" in capsys.readouterr().err


def test_generate_to_file_and_export(tmp_path, capsys):
    out = tmp_path / "gen.txt"
    assert main(["generate", "sudoku", "--seed", "3", "--count", "2", "-o", str(out)]) == 0
    assert len(out.read_text().splitlines()) == 2
    grid = tmp_path / "grid.txt"
    assert main(["export", str(out), "--to", "text", "-o", str(grid)]) == 0
    blocks = grid.read_text().split("\n\n")
    assert [parse(b) for b in blocks] == [parse(line) for line in out.read_text().splitlines()]


def test_console_script_reads_stdin():
    out = subprocess.run([sys.executable, "-m", "cli", "check", "-", "--json"], input=TOP1,
                         capture_output=True, text=True)
    assert out.returncode == 0 and json.loads(out.stdout)["unique"] is True


def test_arith_files_are_recognised_and_checked(capsys):
    path = next((DATA / "arith" / "mushikuizan").glob("M03_*"))
    assert main(["check", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["kind"] == "arith"
    assert main(["solve", str(path)]) == 0
    out = capsys.readouterr().out
    assert "911" in out and "83812" in out


def test_arith_collection_and_not_unique(puzzle_file, capsys):
    path = puzzle_file("SEND+MORE=MONEY\n**+**=***\nA=B\n")
    assert main(["check", path, "--json"]) == 1
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [o["count"] for o in out] == [1, 2, 0]
    assert out[0]["solution"] == "9567+1085=10652"
    assert out[1]["differs"] and all(":" in name for name in out[1]["differs"])


def test_rate_arith_with_its_scale_and_steps(puzzle_file, capsys):
    path = puzzle_file("SEND+MORE=MONEY\n**+**=***\n")
    assert main(["rate", path]) == 1  # the second has many answers: not rated
    out, err = capsys.readouterr()
    assert ":1: medium (score 2.5, workbench arithmetic scale); hardest: two columns" in out
    assert ":2: not unique: cannot be rated" in err
    assert main(["rate", puzzle_file("SEND+MORE=MONEY\n"), "--steps"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "  1. S, M start a number, so not 0" and lines[2].startswith("  2. M = 1")
    assert main(["rate", puzzle_file("SEND+MORE=MONEY\n"), "--json"]) == 0
    rated = json.loads(capsys.readouterr().out)
    assert (rated["score"], rated["level"], rated["scale"]) == (2.48, "medium",
                                                                "workbench arithmetic")
    assert rated["techniques"]["two columns"] == 1 and rated["hardest"] == "two columns"


@pytest.mark.parametrize("generator, options", [
    ("arith", ["--op", "mul", "--digits", "3x2"]), ("alphametic", ["--words", "3"])])
def test_generate_arith_to_a_level(generator, options, capsys):
    assert main(["generate", generator, *options, "--level", "easy", "--seed", "2",
                 "--json"]) == 0
    made = json.loads(capsys.readouterr().out)
    assert made["level"] == "easy" and made["rating"]["scale"] == "workbench arithmetic"
    assert "case split" not in made["rating"]["techniques"]


def test_check_json_carries_the_arith_rating(puzzle_file, capsys):
    assert main(["check", puzzle_file("SEND+MORE=MONEY\n**+**=***\n"), "--json"]) == 1
    unique, several = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert unique["level"] == "medium" and unique["rating"]["score"] == 2.48
    assert unique["rating"]["scale"] == "workbench arithmetic"
    assert "level" not in several and "rating" not in several


def test_generate_arith_and_shape_and_alphametic(puzzle_file, capsys):
    from core import arith

    assert main(["generate", "arith", "--op", "mul", "--digits", "3x2", "--seed", "1"]) == 0
    printed = capsys.readouterr().out
    assert arith.count(arith.parse(printed)).unique
    shape = puzzle_file("AB@+@CB=@@D@\n", "shape.txt")
    assert main(["generate", "arith", "--shape", shape, "--seed", "4", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert arith.count(arith.parse(result["puzzle"])).unique
    assert main(["generate", "alphametic", "--words", "4", "--seed", "2", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["puzzle"].count("+") == 2 and arith.count(arith.parse(result["puzzle"])).unique
    assert main(["generate", "arith", "--digits", "3"]) == 2
    assert "two digit counts" in capsys.readouterr().err


def test_numcro_check_and_solve_against_a_dictionary(tmp_path, capsys):
    case = DATA / "numcro" / "ja_wikipedia_5x5.q.txt"
    words = tmp_path / "words.txt"
    answers = "キントウン キン キキ キヨ ヨウ トウキヨウ キンキ キヨウ トキ ウキ ウンキ ヨトウ"
    words.write_text("\n".join(answers.split()) + "\n")
    assert main(["dict", "build", str(words), "-o", str(tmp_path / "d")]) == 0
    capsys.readouterr()
    assert main(["check", str(case), "--dict", str(tmp_path / "d"), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["kind"] == "numcro" and result["unique"]
    assert result["solution"] == "1:ト 2:キ 3:ウ 4:ン 5:ヨ"
    assert main(["check", str(case)]) == 2
    assert "ja dictionary is not installed yet: run `puzzle-tui install`" in (
        capsys.readouterr().err)


def test_generate_numcro_against_a_dictionary(tmp_path, capsys):
    folder = str(tmp_path / "en")
    assert main(["dict", "build", "cefr", "--lang", "en", "-o", folder]) == 0
    capsys.readouterr()
    assert main(["generate", "numcro", "--lang", "en", "--size", "9", "--dict", folder,
                 "--seed", "4", "--count", "2", "--json"]) == 0
    made = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [m["seed"] for m in made] == [4, 5]
    path = tmp_path / "made.txt"
    path.write_text(made[0]["puzzle"] + "\n")
    assert main(["check", str(path), "--dict", folder, "--json"]) == 0
    checked = json.loads(capsys.readouterr().out)
    assert checked["unique"] and checked["solution"] == made[0]["solution"]
    # no built-in dictionary in this test's data folder: a clear message, exit 2
    assert main(["generate", "numcro", "--lang", "en", "--seed", "1"]) == 2
    assert "puzzle-tui install" in capsys.readouterr().err


def test_export_to_every_format(tmp_path, capsys, monkeypatch):
    from core.export import FontMissing, find_font

    sample = ROOT / "puzzles" / "sudoku" / "hard_rot180.txt"
    division = ROOT / "puzzles" / "arith" / "long_division.txt"
    out = tmp_path / "p.ipuz"
    assert main(["export", str(sample), str(division), "--to", "ipuz", "-o", str(out)]) == 0
    assert sorted(p.name for p in tmp_path.glob("*.ipuz")) == ["p-1.ipuz", "p-2.ipuz"]
    assert main(["check", str(tmp_path / "p-2.ipuz")]) == 0  # an ipuz file reads back
    assert capsys.readouterr().out == "unique\n"
    assert main(["export", str(sample), "--to", "svg", "-o", str(tmp_path / "s.svg")]) == 0
    assert (tmp_path / "s-solution.svg").read_text().count("<text") == 81
    assert main(["export", str(sample), "--to", "docx", "-o", str(tmp_path / "x.docx")]) == 2
    assert not (tmp_path / "x.docx").exists()
    # no --to: the name says the format; a name no exporter writes is refused
    assert main(["export", str(sample), "-o", str(tmp_path / "x.docx")]) == 2
    err = capsys.readouterr().err
    assert "-o " + str(tmp_path / "x.docx") + ": no exporter writes .docx files" in err
    assert not (tmp_path / "x.docx").exists()
    assert main(["export", str(sample), "-o", str(tmp_path / "n.IPUZ")]) == 0
    assert main(["check", str(tmp_path / "n.IPUZ")]) == 0
    assert main(["export", str(sample), "-o", str(tmp_path / "n.svg")]) == 0
    assert (tmp_path / "n-solution.svg").read_text().count("<text") == 81
    # --to that the name contradicts is refused; with --to, any other name is the author's
    assert main(["export", str(sample), "--to", "text", "-o", str(tmp_path / "t.pdf")]) == 2
    assert "a .pdf name, but --to text; give --to pdf" in capsys.readouterr().err
    assert not (tmp_path / "t.pdf").exists()
    assert main(["export", str(sample), "--to", "text", "-o", str(tmp_path / "t.sdk")]) == 0
    assert parse((tmp_path / "t.sdk").read_text()) == parse(sample.read_text())
    try:
        find_font()
    except FontMissing:
        pytest.skip("no Japanese font: the PDF part needs one")
    book = tmp_path / "book.pdf"
    assert main(["export", str(sample), str(division), str(sample), "--to", "pdf",
                 "--per-page", "2", "--paper", "letter", "-o", str(book)]) == 0
    assert book.read_bytes().startswith(b"%PDF")
    # no font at all: a clear message and no file
    monkeypatch.setenv("PUZZLE_WORKBENCH_FONT", str(tmp_path / "missing.ttf"))
    capsys.readouterr()
    assert main(["export", str(sample), "--to", "pdf", "-o", str(tmp_path / "no.pdf")]) == 2
    assert "no such font file" in capsys.readouterr().err
    assert not (tmp_path / "no.pdf").exists()


def test_export_of_a_numcro_without_a_grid_is_refused(tmp_path, capsys):
    case = DATA / "numcro" / "en_codewords_solver_grid1.json"
    words = [e["answer"] for e in json.loads(case.read_text())["entries"]]
    listing = tmp_path / "words.txt"
    listing.write_text("\n".join(words) + "\n")
    assert main(["dict", "build", str(listing), "--lang", "en", "-o", str(tmp_path / "d")]) == 0
    for to in ("svg", "ipuz"):
        out = tmp_path / f"x.{to}"
        assert main(["export", str(case), "--to", to, "--dict", str(tmp_path / "d"),
                     "-o", str(out)]) == 2
        assert "has no grid" in capsys.readouterr().err and not out.exists()


def test_export_of_a_numcro_to_text_reads_back(tmp_path, capsys):
    from core import numcro

    case = DATA / "numcro" / "ja_wikipedia_5x5.q.txt"
    for style in ("full", "blog"):
        out = tmp_path / f"{style}.txt"
        assert main(["export", str(case), "--to", "text", "--style", style, "-o", str(out)]) == 0
        assert numcro.parse(out.read_text()) == numcro.parse(case.read_text())
    assert main(["export", str(case), "--to", "text", "--style", "line",
                 "-o", str(tmp_path / "l.txt")]) == 2
    assert "has no one-line form" in capsys.readouterr().err


def test_one_line_sudokus_with_0_blanks_are_sudokus(puzzle_file, capsys):
    lines = [TOP1.replace(".", "0"), ("." + TOP1[1:]).replace(".", "0")]
    assert main(["check", puzzle_file("\n".join(lines) + "\n"), "--json"]) == 1
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(o["kind"], o["count"]) for o in out] == [("sudoku", 1), ("sudoku", 2)]


BLOCKS = {"dots": "..#..\n.....\n#...#\n.....\n..#..\n",
          "zeros spaced": "0 0 # 0 0\n0 0 0 0 0\n# 0 0 0 #\n0 0 0 0 0\n0 0 # 0 0\n",
          "squares": "□□■□□\n□□□□□\n■□□□■\n□□□□□\n□□■□□\n"}


def test_generate_numcro_on_an_authors_blocks_in_every_drawn_form(puzzle_file, tmp_path,
                                                                   capsys):
    from core import numcro

    words = ("STAR TEN ARE RED ERA NET RAT TAR ART EAT TEA ATE SEA SET TEN END DEN NEAR "
             "DEAR READ DARE TREAD TRADE RATED STARE TEARS RATES ASTER SATED STEAD "
             "AT TA AN NA AS SA ED DE RE ER ET TE ST TS RA AR AD DA EN NE")
    listing = puzzle_file("\n".join(words.split()) + "\n", "words.txt")
    folder = str(tmp_path / "d")
    assert main(["dict", "build", listing, "--lang", "en", "-o", folder]) == 0
    capsys.readouterr()
    for name, drawing in BLOCKS.items():
        path = puzzle_file(drawing, f"{name}.txt")
        code = main(["generate", "numcro", "--lang", "en", "--blocks", path, "--dict", folder,
                     "--seed", "1", "--seconds", "5"])
        out, err = capsys.readouterr()
        assert code in (0, 1), err  # 1: these few words may not fill it; never refused
        if code == 0:
            made = numcro.parse(out)
            assert [c == 0 for c in made.cells] == [ch in "#■" for ch in drawing if ch in
                                                    "#■.0□"]
    bad = puzzle_file("..#..\n..x..\n", "bad.txt")
    assert main(["generate", "numcro", "--blocks", bad]) == 2
    assert "bad.txt: line 2, column 3: 'x' is not a cell" in capsys.readouterr().err
    tall = puzzle_file("...\n...\n", "tall.txt")
    assert main(["generate", "numcro", "--blocks", tall]) == 2
    assert "square" in capsys.readouterr().err


def test_a_shape_is_refused_as_a_puzzle(capsys):
    shape = ROOT / "puzzles" / "shapes" / "ke.txt"
    assert main(["check", str(shape)]) == 2
    assert "`@` marks a digit for the generator to choose" in capsys.readouterr().err


def test_dict_lookup_names_the_known_letters_and_takes_built_in_names(tmp_path, capsys,
                                                                     monkeypatch):
    listing = tmp_path / "words.txt"
    listing.write_text("ニワトリ\nサクラ\n")
    folder = tmp_path / "d"
    assert main(["dict", "build", str(listing), "-o", str(folder)]) == 0
    capsys.readouterr()
    assert main(["dict", "lookup", str(folder), "1234", "--known", "2=ワ"]) == 0
    assert capsys.readouterr().out == "ニワトリ\n"
    assert main(["dict", "lookup", str(folder), "1234", "--known", "2=ツ"]) == 1
    assert capsys.readouterr().err == "no word with pattern 1234, ツ at 2\n"
    # a built-in name reaches the built-in dictionary (not installed in this test's data)
    assert main(["dict", "lookup", "ja", "12342"]) == 2
    assert "built-in ja dictionary is not installed" in capsys.readouterr().err


def test_outputs_never_destroy_data(puzzle_file, tmp_path, capsys):
    source = puzzle_file(TOP1 + "\n")
    out = tmp_path / "out.txt"
    assert main(["export", source, "-o", str(out)]) == 0
    assert main(["export", source, "--style", "line", "-o", str(out)]) == 2  # exists
    assert "--force" in capsys.readouterr().err
    assert main(["export", source, "--style", "line", "-o", str(out), "--force"]) == 0
    assert out.read_text() == TOP1 + "\n"
    link = tmp_path / "link.txt"
    link.symlink_to(out)
    assert main(["export", source, "-o", str(link), "--force"]) == 0
    assert link.is_symlink() and parse(out.read_text()) == parse(TOP1)
    assert main(["export", source, "-o", source, "--force"]) == 2  # the input itself
    assert main(["export", source, "-o", str(tmp_path), "--force"]) == 2  # a folder
    assert main(["export", source, "-o", str(tmp_path / "no" / "such.txt")]) == 2
    assert main(["generate", "sudoku", "--size", "4", "-o", "/dev/null", "--force"]) == 2
    err = capsys.readouterr().err
    assert "is an input file" in err and "not a regular file" in err and "no folder" in err
    assert main(["export", source, "--style", "line", "-o", "-"]) == 0
    assert capsys.readouterr().out == TOP1 + "\n"


def test_count_jobs_and_limit_are_checked(capsys):
    for args in (["generate", "sudoku", "--count", "0"], ["generate", "sudoku", "--count", "-1"],
                 ["generate", "sudoku", "--jobs", "0"], ["generate", "sudoku", "--clues", "0"],
                 ["generate", "sudoku", "--clues", "16"], ["generate", "sudoku", "--clues", "82"]):
        assert main(args) == 2
    assert main(["generate", "sudoku", "--size", "4", "--jobs", "999", "--seed", "1"]) == 0
    assert "capped at the" in capsys.readouterr().err


@pytest.mark.parametrize("limit", ["0", "1", "-1"])
def test_check_limit_below_two_is_refused(puzzle_file, capsys, limit):
    assert main(["check", puzzle_file("." * 16), "--limit", limit]) == 2
    assert "--limit" in capsys.readouterr().err


def test_ctrl_c_stops_generate_jobs_at_once():
    """Ctrl+C reaches the whole process group: the workers stop within a second or two, and
    nothing is left running."""
    import os
    import signal
    import time

    process = subprocess.Popen(
        [sys.executable, "-m", "cli", "generate", "sudoku", "--level", "master", "--count",
         "100000", "--jobs", "2", "--seed", "1"], stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, start_new_session=True)
    assert process.stdout.readline().strip()  # the pool is up and working: a first puzzle
    os.killpg(process.pid, signal.SIGINT)
    started = time.monotonic()
    _, err = process.communicate(timeout=30)
    assert time.monotonic() - started < 5 and process.returncode == 130, err
    assert "Traceback" not in err
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and live_in_group(process.pid):
        time.sleep(0.2)
    assert not live_in_group(process.pid)  # no worker is left running


def live_in_group(group: int) -> list[str]:
    """The processes of a process group that still run (zombies waiting for init do not)."""
    listed = subprocess.run(["ps", "-o", "stat=", "-g", str(group)], capture_output=True,
                            text=True).stdout.split()
    return [state for state in listed if not state.startswith("Z")]
