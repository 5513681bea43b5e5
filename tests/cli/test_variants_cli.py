"""The command line with Sudoku variants: links in place of file names, export to links,
and a bad link's clean error (exit 2, no traceback)."""

import json
import re

from cli import main
from core.variants import formats, links
from tests.core.variants.test_formats import SAMPLE


def link():
    return links.write(formats.parse(SAMPLE), "fpuzzles")


def test_check_solve_rate_take_a_link(capsys):
    assert main(["check", link()]) == 0
    assert capsys.readouterr().out.strip() == "unique"
    assert main(["solve", link()]) == 0
    assert "thermo: r6c2 r6c3 r6c4" in capsys.readouterr().out
    assert main(["rate", "--json", link()]) == 0
    assert json.loads(capsys.readouterr().out)["level"]


def test_export_to_links_prints_them(capsys, tmp_path):
    assert main(["export", link(), "--to", "sudokupad", "-o", "-"]) == 0
    printed = capsys.readouterr().out.strip()
    assert printed.startswith("https://sudokupad.app/fpuzzles")
    assert links.read(printed) == formats.parse(SAMPLE)
    path = tmp_path / "p.txt"
    path.write_text(SAMPLE)
    assert main(["export", str(path), "--to", "fpuzzles", "-o", "-"]) == 0
    assert capsys.readouterr().out.startswith("https://www.f-puzzles.com/?load=")


def test_a_sudokupad_link_in_its_own_form_keeps_the_clones(capsys, tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(SAMPLE + "clone: r1c1 r1c2 | r9c8 r9c9\n")
    assert main(["export", str(path), "--to", "sudokupad", "--style", "scl", "-o", "-"]) == 0
    printed = capsys.readouterr().out.strip()
    assert printed.startswith("https://sudokupad.app/scl")
    assert links.read(printed) == formats.parse(path.read_text())
    assert main(["export", str(path), "--to", "fpuzzles", "--style", "scl", "-o", "-"]) == 2
    assert "--style scl: fpuzzles links are written as fpuzzles" in capsys.readouterr().err


def test_a_bad_link_is_exit_2_with_what_is_wrong(capsys):
    assert main(["check", "https://www.f-puzzles.com/?load=N4IgXYZ"]) == 2
    err = capsys.readouterr().err
    assert "link:" in err and "damaged" in err and "Traceback" not in err


def test_a_classic_sudoku_has_no_link(capsys, tmp_path):
    path = tmp_path / "c.txt"
    path.write_text("." * 81 + "\n")
    assert main(["export", str(path), "--to", "fpuzzles", "-o", "-"]) == 2
    assert "no fpuzzles link" in capsys.readouterr().err


def test_generate_refuses_an_unknown_rule(capsys):
    assert main(["generate", "rules", "--rules", "bogus"]) == 2
    assert "unknown rule 'bogus'" in capsys.readouterr().err


def test_generate_jigsaw_prints_a_unique_puzzle(capsys):
    from core.variants import engine, formats

    assert main(["generate", "jigsaw", "--size", "6", "--seed", "1"]) == 0
    puzzle = formats.parse(capsys.readouterr().out)
    assert puzzle.jigsaw and engine.count(puzzle, 2).unique


def test_a_variants_rating_names_its_own_scale_never_sudoku_explainers(capsys, tmp_path):
    assert main(["generate", "killer", "--seed", "1", "-o", str(tmp_path / "k.txt")]) == 0
    for path in (str(tmp_path / "k.txt"), link()):
        assert main(["rate", "--steps", path]) == 0
        out = capsys.readouterr().out
        assert re.fullmatch(r"score \d+\.\d \(workbench variants scale\)", out.split(", ")[1])
        assert "SE" not in out and "Explainer" not in out and "sukaku" not in out
        assert main(["rate", "--json", path]) == 0
        assert json.loads(capsys.readouterr().out)["scale"] == "variants"


def test_a_classic_grid_read_as_a_variant_keeps_sudoku_explainers_rating(capsys, tmp_path):
    grid = "\n".join(SAMPLE.splitlines()[2:11])  # the sample's givens, no constraint
    path = tmp_path / "classic.txt"
    path.write_text("kind: variants\n" + grid + "\n")
    assert main(["rate", str(path)]) == 0
    out = capsys.readouterr().out
    assert ", SE " in out and "(Sukaku Explainer scale), hardest: " in out


def test_generate_shapes_takes_todays_lines_and_outside_clues(capsys):
    from core.variants import engine, formats

    assert main(["generate", "shapes", "--shapes", "palindrome dutch xsum", "--size", "6",
                 "--seed", "2"]) == 0
    puzzle = formats.parse(capsys.readouterr().out)
    assert {line.kind for line in puzzle.lines} == {"palindrome", "whisper"}
    assert {line.value for line in puzzle.lines_of("whisper")} == {2}  # Dutch on 6x6
    assert puzzle.outside and engine.count(puzzle, 2).unique


def test_check_json_lists_the_givens_a_variant_could_lose(capsys):
    from pathlib import Path

    from core.variants.family import VARIANTS

    path = Path(__file__).resolve().parents[2] / "puzzles" / "variants" / "mixed.txt"
    assert main(["check", str(path), "--json"]) == 0
    said = json.loads(capsys.readouterr().out)
    p = formats.parse(path.read_text())
    names = VARIANTS.cell_names(p, VARIANTS.givens(p))
    assert said["redundant"] and said["undecided"] == []
    for cell, name in zip(VARIANTS.givens(p), names, strict=True):
        unique = VARIANTS.count(VARIANTS.without(p, cell)).unique
        assert (name in said["redundant"]) == unique, name


def test_iss_links_and_strings_in_and_out(capsys, tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(SAMPLE)
    assert main(["export", str(path), "--to", "iss", "-o", "-"]) == 0
    printed = capsys.readouterr().out.strip()
    assert printed.startswith("https://sigh.github.io/Interactive-Sudoku-Solver/?q=.~R1C1_")
    assert links.read(printed) == formats.parse(SAMPLE)
    assert main(["check", printed]) == 0 and capsys.readouterr().out.strip() == "unique"
    from core.variants import iss

    string = tmp_path / "p.iss.txt"
    string.write_text(iss.write(formats.parse(SAMPLE)) + "\n")
    assert main(["check", str(string)]) == 0
    string.write_text("# from ISS\n.Thermo~R1C1~R1C2\n.Lunchbox~5~R2C1~R2C2\n")
    assert main(["check", str(string)]) == 2
    assert "line 3, column 1: ISS constraint string: .Lunchbox: ISS's Lunchbox: lunchbox cages" \
        in capsys.readouterr().err


def test_a_box_indexer_is_refused_for_an_iss_link_by_name(capsys, tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(SAMPLE + "boxindexer: r1c1\n")
    assert main(["export", str(path), "--to", "iss", "-o", "-"]) == 2
    assert "a box indexer (r1c1): ISS indexes rows and columns only" in capsys.readouterr().err
