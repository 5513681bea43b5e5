"""The house-style file: every key read and checked, errors that name the key and its line
(exit 2 on the command line), and each key changing what it says in what is drawn."""

import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest

from cli import main
from core import kinds
from core.export import export_svg
from core.export.drawing import Box, Label, Line
from core.export.drawing import Path as Outline
from core.export.style import LARGE, MAGAZINE, PT, Margins, StyleError, parse_style

PUZZLES = Path(__file__).resolve().parents[3] / "puzzles"
EVERY_KEY = """\
based_on = "magazine"

[page]
paper = [200, 280]
margins = { top = 12, bottom = 14, inside = 22, outside = 11 }
bleed = 3
gutter = 5
page_numbers = false
running_title = false
per_page = 6
solutions_per_page = 9

[grid]
cell = 8
max_cell = 12

[lines]
cell = 0.15
box = 0.5
outer = 0.7

[fonts.givens]
size = 16
[fonts.clues]
size = 6
[fonts.headings]
size = 9

[numcro]
numbers = "corner"
corner_size = 7
centre_size = 11
table = "none"

[grey]
shading = 20
lines = 40
numbers = 90

[heading]
rating = false
date = false
"""


def test_every_key_is_read():
    style = parse_style(EVERY_KEY, "house.toml")
    assert style.paper == (200, 280) and style.margins == Margins(12, 14, 22, 11)
    assert (style.bleed, style.gutter, style.page_numbers, style.running_title) == (
        3, 5, False, False)
    assert (style.per_page, style.solutions_per_page, style.cell, style.max_cell) == (6, 9, 8, 12)
    assert (style.cell_line, style.box_line, style.outer_line) == (0.15, 0.5, 0.7)
    assert (style.givens.size, style.clues.size, style.headings.size) == (16, 6, 9)
    assert (style.numbers, style.corner_size, style.centre_size, style.table) == (
        "corner", 7, 11, "none")
    assert (style.shading, style.grey, style.number_grey) == (20, 40, 90)
    assert style.shade == "#cccccc" and style.number_ink == "#191919"
    assert "rating" not in style.heading and "level" in style.heading
    assert parse_style("") == replace(MAGAZINE, name="style")
    assert parse_style('based_on = "large"').cell == LARGE.cell


@pytest.mark.parametrize("text, message", [
    ("[grid]\ncell = 'ten'\n", "style.toml:2: grid.cell: expected a number (mm), got 'ten'"),
    ("[grid]\n\ncell = 100\n", "style.toml:3: grid.cell: 100 mm? from 3 to 40"),
    ("[page]\npaper = 'a3'\n", "style.toml:2: page.paper: 'a3'? one of a4, a5, b5, letter"),
    ("[page]\nmargins = { top = 5, left = 3 }\n",
     "style.toml:2: page.margins: unknown side 'left'"),
    ("[page]\nmargins = 100\n", "page.margins: leave at least 40 mm"),
    ("[grid]\ncel = 8\n", "style.toml:2: grid.cel: unknown key; one of cell, max_cell"),
    ("[colours]\n", "style.toml:1: colours: unknown key"),
    ("[numcro]\nnumbers = 'middle'\n",
     "style.toml:2: numcro.numbers: 'middle'? one of auto, corner, centre"),
    ("[heading]\nrating = 'no'\n", "style.toml:2: heading.rating: expected true or false"),
    ("[fonts.givens]\nfile = 'nowhere.ttf'\n",
     "style.toml:2: fonts.givens.file: nowhere.ttf: no such font file"),
    ("[grid]\ncell = 12\nmax_cell = 10\n", "style.toml:3: grid.max_cell: 10 mm is less than"),
    ("[page\n", "style.toml: not TOML: "),
    ("based_on = 'tiny'\n", "style.toml:1: based_on: 'tiny'? one of magazine, large"),
    # issue 39: 5,000 deep raised RecursionError; brackets in strings and comments count not
    pytest.param("[page]\nx = " + "[" * 5000 + "]" * 5000 + "\n",
                 "style.toml:2: arrays or tables nested", id="arrays 5,000 deep"),
    pytest.param("a = 1\nb = " + "{c=" * 5000 + "1" + "}" * 5000 + "\n",
                 "style.toml:2: arrays or tables", id="inline tables 5,000 deep"),
    pytest.param("a = '" + "[" * 40 + "' # " + "{" * 40 + '\nb = """\n' + "[" * 40 + '"""\n',
                 "style.toml:1: a: unknown key", id="brackets in strings and comments"),
])
def test_a_bad_style_says_the_key_and_its_line(text, message):
    with pytest.raises(StyleError) as error:
        parse_style(text, "style.toml")
    assert message in str(error.value)


def test_the_command_line_refuses_a_bad_style_with_exit_2(tmp_path, capsys):
    style = tmp_path / "house.toml"
    style.write_text("[lines]\nbox = -1\n")
    sample = str(PUZZLES / "sudoku" / "hard_rot180.txt")
    out = tmp_path / "p.pdf"
    assert main(["export", sample, "--to", "pdf", "--style", str(style), "-o", str(out)]) == 2
    assert f"{style}:2: lines.box: -1 mm? from 0.02 to 5" in capsys.readouterr().err
    assert not out.exists()
    assert main(["export", sample, "--to", "svg", "--style", "nope",
                 "-o", str(tmp_path / "p.svg")]) == 2
    assert "--style nope: no such file" in capsys.readouterr().err


def drawn(name: str, style):
    family, puzzle = kinds.parse((PUZZLES / name).read_text())
    return family.draw(puzzle, None, style)


def test_the_grid_keys_change_the_drawing():
    style = replace(MAGAZINE, cell=8.0, cell_line=0.15, box_line=0.5, outer_line=0.7,
                    givens=replace(MAGAZINE.givens, size=16))
    d = drawn("sudoku/hard_rot180.txt", style)
    assert d.width == 72 and d.cell == 8
    assert {line.width for line in d.items if isinstance(line, Line)} == {0.15, 0.5, 0.7}
    assert {label.size for label in d.items if isinstance(label, Label)} == {16 * PT}


def test_numcro_numbers_go_where_the_style_says():
    def numbers(style):
        d = drawn("numcro/codeword_en.txt", style)
        return [(item.x % d.cell / d.cell, item.color) for item in d.items
                if isinstance(item, Label) and item.text == "8" and item.y < 10]

    (corner, ink), = numbers(MAGAZINE)  # English: in the corner, as UK codewords
    assert corner < 0.2 and ink == MAGAZINE.number_ink
    (middle, _), = numbers(replace(MAGAZINE, numbers="centre"))
    assert middle == pytest.approx(0.5)
    japanese = drawn("numcro/nine_ja.txt", MAGAZINE)  # Japanese: centred
    eighteen = next(i for i in japanese.items if isinstance(i, Label) and i.text == "18")
    assert eighteen.x == pytest.approx(japanese.cell / 2)


def test_the_50on_table_beside_under_or_none():
    sizes = {table: drawn("numcro/nine_ja.txt", replace(MAGAZINE, table=table))
             for table in ("beside", "under", "none")}
    grid = 9 * MAGAZINE.cell
    assert sizes["beside"].width > grid and "ア" in sizes["beside"].texts()
    assert sizes["under"].width == grid and sizes["under"].height > sizes["none"].height
    assert "ア" not in sizes["none"].texts() and sizes["none"].width == grid


def test_large_print_is_really_large():
    """A 9x9 ナンクロ one a page in the large style: numbers read at arm's length (over 5
    mm high digits: a 20 pt font or more) on a grid as wide as the page allows."""
    from core.export.book import Source, pieces
    from core.export.layout import frame, place

    family, puzzle = kinds.parse((PUZZLES / "numcro" / "nine_ja.txt").read_text())
    piece, = pieces([Source(family, puzzle)], LARGE)
    block, = place([piece.drawing], frame(LARGE, 1), 1, 12.0, LARGE)
    number = next(i for i in piece.drawing.items if isinstance(i, Label) and i.text == "18")
    printed_pt = number.size * block.scale / PT
    assert printed_pt >= 20
    grid = 9 * piece.drawing.cell * block.scale
    assert grid >= 150  # mm, on A4


def test_greys_and_shading_follow_the_style():
    style = replace(MAGAZINE, shading=30.0, grey=60.0)
    family, puzzle = kinds.parse("kind: variants\nsize: 9\nthermo: r1c1 r1c2\neven: r5c5\n"
                                 "arrow: r3c3 | r3c4\n")
    d = family.draw(puzzle, None, style)
    fills = {getattr(i, "fill", None) for i in d.items}
    assert style.shade in fills
    assert any(isinstance(i, Line) and i.color == style.grey_ink for i in d.items)


def test_svg_is_in_mm_with_the_text_as_text_and_the_cage_one_path():
    family, puzzle = kinds.parse("kind: variants\nsize: 9\ncage 10: r1c1 r1c2 r2c1\n")
    root = ET.fromstring(export_svg(family, puzzle, None, replace(MAGAZINE, cell=7.0)))
    assert root.get("width") == f"{9 * 7 + 4:.2f}mm"
    ns = "{http://www.w3.org/2000/svg}"
    assert [t.text for t in root.iter(ns + "text")] == ["10"]
    dashed = [p for p in root.iter(ns + "path") if p.get("stroke-dasharray")]
    assert len(dashed) == 1 and dashed[0].get("d").endswith("Z")  # one closed loop
    d = family.draw(puzzle)
    assert sum(isinstance(i, Outline) for i in d.items) == 1
    assert any(isinstance(i, Box) and i.fill == "#ffffff" for i in d.items)  # the sum's patch
