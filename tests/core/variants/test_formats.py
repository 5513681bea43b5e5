"""Variants in and out: the text format, f-puzzles and SudokuPad links (both forms), ipuz,
and the classic formats read for classic Sudoku; bad input is a clean error."""

import random

import pytest

from core import kinds
from core.errors import ParseError
from core.export import to_ipuz
from core.sudoku.family import SUDOKU
from core.variants import formats, fpuzzles, links, sudokupad
from core.variants.family import VARIANTS
from core.variants.groups import Quad
from core.variants.lzlink import LinkError, compress, decompress
from core.variants.model import ModelError, Outside, features, make
from core.variants.shapes import LittleKiller, Sandwich
from tests.core.variants.helpers import KINDS, constraint_parts, solution_grid

SAMPLE = """kind: variants
title: Little one
5 3 . . 7 . . . .
6 . . 1 9 5 . . .
. 9 8 . . . . 6 .
8 . . . 6 . . . 3
4 . . 8 . 3 . . 1
7 . . . 2 . . . 6
. 6 . . . . 2 8 .
. . . 4 1 9 . . 5
. . . . 8 . . 7 9
white: r1c5-r1c6
less: r2c3<r2c2 r4c2>r5c2
cage 9: r3c1 r4c1
thermo: r6c2 r6c3 r6c4
arrow: r1c6 | r2c7 r3c7
little 38: r0c1 DR
sandwich row 5: 0
"""


def every_kind():
    """A puzzle of each kind and size, its givens from the solution it was built around (no
    count: a format round trip needs no solution, and counting some empty 9x9s to 20
    solutions takes minutes)."""
    rng = random.Random(7)
    for n in (4, 6, 9):
        for kind in KINDS:
            if kind in ("jigsaw",) and n == 9:
                continue
            s = solution_grid(n, rng)
            parts = constraint_parts(kind, n, s, rng)
            regions = parts.pop("regions", None)
            cells = set(rng.sample(range(n * n), 3 if n < 9 else 0))
            yield make(n, [s[c] if c in cells else 0 for c in range(n * n)], regions, **parts)


def test_text_round_trip_of_every_kind():
    for p in every_kind():
        assert formats.parse(formats.format(p)) == p


def test_links_round_trip_every_kind():
    for p in every_kind():
        for site, style in (("fpuzzles", "fpuzzles"), ("sudokupad", "fpuzzles"),
                            ("sudokupad", "scl")):
            if style == "scl" and not features(p) <= sudokupad.CARRIED:
                with pytest.raises(ModelError, match="cannot carry"):
                    links.write(p, site, style=style)
                continue
            assert links.read(links.write(p, site, style=style)) == p, (site, style, p)


def test_ipuz_round_trip_of_every_kind():
    for p in every_kind():
        family, back = kinds.parse(to_ipuz(VARIANTS, p))
        assert back == p if family is VARIANTS else p.classic


def test_a_link_is_read_through_the_registry():
    p = formats.parse(SAMPLE)
    family, back = kinds.parse(links.write(p, "fpuzzles"))
    assert family is VARIANTS and back == p and back.title() == "Little one"


def test_lz_string_keeps_text_outside_the_bmp():
    text = '{"title":"数独 😀"}'
    assert decompress(compress(text)) == text


@pytest.mark.parametrize("link, words", [
    ("https://www.f-puzzles.com/?load=N4IgXXX", "damaged"),
    ("https://www.f-puzzles.com/?id=abc", "short"),
    ("https://www.f-puzzles.com/?load=%%%", "base64"),
    ("https://sudokupad.app/abc", "server"),
    ("https://sudokupad.app/scl" + compress("{cells:[[]]}"), "not square"),
    ("https://www.f-puzzles.com/?load=" + compress('{"size":9,"grid":[],"renban":[]}'), "grid"),
])
def test_bad_links_say_what_is_wrong(link, words):
    with pytest.raises(ParseError, match=words):
        kinds.parse(link)


def test_unknown_f_puzzles_constraints_are_refused_not_dropped():
    grid = [[{} for _ in range(9)] for _ in range(9)]
    data = compress(f'{{"size":9,"grid":{grid},"doubler":[{{"cells":["R1C1"]}}]}}'
                    .replace("'", '"'))
    with pytest.raises(LinkError, match="doubler"):
        links.read("https://www.f-puzzles.com/?load=" + data)


def test_text_errors_name_line_and_column():
    with pytest.raises(ParseError) as error:
        formats.parse(SAMPLE.replace("cage 9: r3c1 r4c1", "cage 99: r3c1 r4c1"))
    assert error.value.line == 14
    with pytest.raises(ParseError) as error:
        formats.parse(SAMPLE.replace("thermo: r6c2", "thermo: r6x2"))
    assert (error.value.line, error.value.column) == (15, 9)


@pytest.mark.parametrize("line, column, words", [
    # issue 39: read as the usual whisper (5), misreported as a grid row, read as r1c1
    ("whisper 0: r1c1 r1c2", 9, "`whisper 0`: a difference is 1 or more"),
    ("white 0: r1c1-r1c2", 7, "`white 0`: a difference is 1 or more"),
    ("black 0: r1c1-r1c2", 7, "`black 0`: a ratio is 2 or more"),
    ("cage 99999: r1c1 r1c2", 6, "99999: a number of at most 4 digits"),
    ("cage \uff19: r1c1 r1c2", 6, "a number in the digits 0-9"),
    ("thermo: r\uff11c1 r1c2", 9, "expected a cell like r3c5"),
    ("quad: r\uff11c1=12", 7, "like r1c1=123"),
    # a number no key reads was dropped without a word
    ("x 3: r1c1-r1c2", 3, "`x` takes no number"),
    ("thermo 3: r1c1 r1c2", 8, "`thermo` takes no number"),
    ("even 2: r1c1", 6, "`even` takes no number"),
    # a word no key reads was dropped without a word
    ("white foo: r1c1-r1c2", 7, "`white foo:`: white takes no word"),
    ("thermo bar: r1c1 r1c2", 8, "`thermo bar:`: thermo takes no word"),
    ("cage big 10: r1c1 r1c2", 6, "`cage big:`: cage takes no word"),
])
def test_a_number_or_cell_not_read_as_written_is_refused_in_place(line, column, words):
    with pytest.raises(ParseError, match=words) as error:
        formats.parse(f"kind: variants\nsize: 4\n{line}\n")
    assert (error.value.line, error.value.column) == (3, column)


def test_hodoku_and_sdk_read_as_classic_sudoku():
    cells = ".....1..2....3..4....5..1.6..1..72...8......59......8...6..5...43..9....89.3....."
    line = f":0000:x:{cells}:::"
    family, puzzle = kinds.parse(line + "\n")
    assert family is SUDOKU and puzzle.clue_count == 22
    sdk = "#A someone\n[Puzzle]\n" + "\n".join(line[8 + 9 * r:17 + 9 * r] for r in range(9))
    family, same = kinds.parse(sdk + "\n[State]\n")
    assert family is SUDOKU and same == puzzle


def test_classic_grid_from_a_link_counts_as_classic():
    p = formats.parse(SAMPLE.split("white:")[0])
    assert p.classic and VARIANTS.count(p).unique


def test_a_grid_cell_parity_is_an_even_or_odd_cell():
    import json

    grid = [[{} for _ in range(9)] for _ in range(9)]
    grid[0][0], grid[8][0] = {"parity": "Even"}, {"parity": "Odd"}
    p = links.read("https://www.f-puzzles.com/?load=" + compress(json.dumps(
        {"size": 9, "grid": grid, "even": [{"cell": "R1C1"}]})))
    assert p.even == (0,) and p.odd == (72,)
    grid[0][0] = {"parity": "Prime"}
    with pytest.raises(Exception, match="parity"):
        links.read("https://www.f-puzzles.com/?load=" + compress(json.dumps(
            {"size": 9, "grid": grid})))


def test_the_caption_lists_the_negative_rules_a_grid_cannot_show():
    from core.variants.drawing import describe
    from core.variants.model import Mark, make

    p = make(9, None, None, marks=[Mark("x", 0, 1)], negative={"x", "v"},
             rules={"antiknight", "antiking", "disjoint"}, thermos=[(2, 3)])
    assert describe(p) == "anti-king, anti-knight, disjoint, XV (negative), thermo"
    assert describe(make(9, None, None, negative={"white"})) == "non-consecutive"
    assert describe(make(9, None, None, negative={"white", "black"},
                         marks=[Mark("black", 0, 1)])) == ("kropki (negative black), "
                                                           "non-consecutive")


def test_a_pill_bulb_is_drawn_as_one_rounded_band():
    from core.export.drawing import Circle, Line
    from core.variants.drawing import draw
    from core.variants.model import make
    from core.variants.shapes import Arrow

    diagonal = make(9, None, None, arrows=[Arrow((40, 50), (60, 70))])  # r5c5 r6c6 | r7c7 r8c8
    items = draw(diagonal).items
    assert not any(isinstance(i, Circle) for i in items)  # not a circle per cell
    band = [i for i in items if isinstance(i, Line) and i.cap == "round"]
    assert len(band) == 2 and band[0].width > band[1].width  # outline, then white inside
    assert abs(band[0].x2 - band[0].x1) == abs(band[0].y2 - band[0].y1) > 0  # diagonal
    single = make(9, None, None, arrows=[Arrow((40,), (50, 60))])
    assert sum(isinstance(i, Circle) for i in draw(single).items) == 1


@pytest.mark.parametrize("change, place", [
    ({"puzzle": 5}, "puzzle: expected a list"),
    ({"zones": [{"cells": 5}]}, "zones\\[0\\].cells: expected a list"),
    ({"zones": [{"rect": [0, 0, "x", 2]}]}, "zones\\[0\\].rect\\[2\\]"),
    ({"cages": [{"cells": [[1, 1], [1, 2]], "value": [15]}]}, "cages\\[0\\].value"),
    ({"boxes": "no"}, "boxes: expected true or false"),
    ({"title": 7}, "title: expected text"),
    ({"org.puzzle-workbench:constraints": [5]}, "constraints\\[0\\]: expected a line"),
    ({"org.puzzle-workbench:constraints": ["whisper: r1c1 r1c2", "renban: r1c1 r9c9"]},
     "constraints\\[1\\]: r9c9 is outside"),
])
def test_ipuz_values_of_the_wrong_type_name_their_place(change, place, tmp_path, capsys):
    import json

    from cli import main

    data = json.loads(to_ipuz(VARIANTS, make(4, None, None, cages=[])))
    data["org.puzzle-workbench:constraints"] = ["rules: antiking"]  # read by variants
    data.update(change)
    with pytest.raises(ParseError, match=place):
        kinds.parse(json.dumps(data))
    path = tmp_path / "p.ipuz"
    path.write_text(json.dumps(data))
    assert main(["check", str(path)]) == 2
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize("n", [5, 7])
def test_ipuz_of_a_size_without_boxes_keeps_its_constraints(n):
    from core.variants.model import Line

    rows = [i // n for i in range(n * n)]
    p = make(n, None, rows, lines=[Line("renban", (0, 1, 2))], candidates=[(n * n - 1, 3)])
    family, back = kinds.parse(to_ipuz(VARIANTS, p))
    assert family is VARIANTS and back == p


def test_a_file_of_many_is_read_puzzle_by_puzzle_from_each_kind_line():
    second = SAMPLE.replace("cage 9: r3c1 r4c1", "cage 99: r3c1 r4c1")
    items = list(VARIANTS.iter_puzzles(SAMPLE + "\n" + second + SAMPLE))
    assert [line for line, _ in items] == [1, 33, 38]  # the error at its own line in the file
    assert items[0][1] == items[2][1] == formats.parse(SAMPLE)
    assert isinstance(items[1][1], ParseError) and "cage" in items[1][1].message
    with pytest.raises(ParseError, match="a second `kind:` line \\(the first is on line 1\\)"):
        formats.parse(SAMPLE + SAMPLE)  # one puzzle asked for: refused, not merged


def test_the_setters_rules_keep_their_lines_in_the_text_format():
    from dataclasses import replace

    own = (("title", "Little one"), ("author", "A. Setter"),
           ("rules", "Normal sudoku rules apply.\n\nThermos increase from the bulb."))
    text = formats.format(replace(formats.parse(SAMPLE), meta=own))
    assert "note: Normal sudoku rules apply.\nnote:\nnote: Thermos increase" in text
    assert formats.parse(text).meta == own


@pytest.mark.parametrize("parts", [  # pairs whose order the old sort kept as given
    {"quads": [Quad((8, 9, 14, 15), (3, 5)), Quad((8, 9, 14, 15), (3,))]},
    {"sandwiches": [Sandwich("row", 1, 0), Sandwich("row", 1, 11)]},
    {"little": [LittleKiller(-1, 0, "DR", 5), LittleKiller(-1, 0, "DR", 8)]},
    {"outside": [Outside("xsum", "row", 1, False, 8), Outside("xsum", "row", 1, False, 2)]},
], ids=["two quadruples at a corner", "two sandwiches on a row", "two little killers",
        "two X-sums"])
def test_clues_at_one_place_have_one_order_however_read(parts):
    """Issue 39: they came back in another order after a round trip, so one puzzle read as
    two (and a bank kept both). Each order of writing gives one puzzle, through every
    format that carries it."""
    (key, clues), = parts.items()
    one, other = (make(6, None, None, **{key: order}) for order in (clues, clues[::-1]))
    assert one == other
    assert formats.parse(formats.format(other)) == one
    data = fpuzzles.write(other)
    for name in ("xsum", "sandwichsum", "quadruple", "littlekillersum"):
        data[name] = data.get(name, [])[::-1]
    assert fpuzzles.read(data) == one
    assert VARIANTS.canonical(one) == VARIANTS.canonical(other)
