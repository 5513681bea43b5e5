"""SudokuPad's scl pictures: each of today's constraints as SudokuPad draws it from f-puzzles
(with the copies f-puzzles' constraint add-on exports for what SudokuPad has no drawing of),
read into the expected puzzle and drawn again the same way; what is not understood is refused
by name; puzzles read from pictures count as the brute force says."""

import json
import random

import pytest

from cli import main
from core import kinds
from core.errors import ParseError
from core.variants import sudokupad
from core.variants.engine import count
from core.variants.groups import Clone, Quad
from core.variants.lzlink import compress
from core.variants.model import (
    Line,
    Mark,
    ModelError,
    Outside,
    box_regions,
    features,
    make,
    parts_of,
)
from core.variants.shapes import Arrow, LittleKiller
from core.variants.shapes import Sandwich as Sw
from tests.core.variants.helpers import TODAY, brute_count, random_puzzle
from tests.core.variants.test_formats import every_kind


def picture(n: int = 4, **shapes) -> dict:
    """A SudokuPad puzzle object: an empty n x n grid with its boxes, the words SudokuPad's
    f-puzzles import adds, and the shapes."""
    boxes = box_regions(n)
    return {"id": "fpuzzle0", "cellSize": 50, "cells": [[{} for _ in range(n)] for _ in range(n)],
            "regions": [[[i // n, i % n] for i in range(n * n) if boxes[i] == k]
                        for k in range(n)],
            "cages": [{"value": "title: Untitled"}, {"value": "author: Unknown"}],
            **shapes}


def link(data: dict) -> str:
    return "https://sudokupad.app/scl" + compress(sudokupad.zip_json(data))


def read(data: dict):
    return kinds.parse(link(data))[1]


def centres(*cells) -> list:
    return [[r + 0.5, c + 0.5] for r, c in cells]


def addon_line(colour: str, thickness: float, *cells) -> dict:
    return {"color": colour, "thickness": thickness, "wayPoints": centres(*cells)}


def end_circle(colour: str, size: float, r: int, c: int) -> dict:
    return {"borderSize": 1, "backgroundColor": colour, "borderColor": colour,
            "center": [r + 0.5, c + 0.5], "rounded": True, "width": size, "height": size}


def outside_text(r: float, c: float, text, size: int) -> dict:
    return {"textStroke": "#fff", "color": "#000000", "center": [r, c], "fontSize": size,
            "rounded": False, "width": 0.25, "height": 0.25, "text": text}


# Each constraint as SudokuPad's f-puzzles import draws it (taken from its output), and the
# parts of the puzzle it is.
DRAWN = {
    "renban": (4, {"lines": [addon_line("#F067F0", 8, (0, 0), (0, 1), (1, 1))]},
               {"lines": [Line("renban", (0, 1, 5))]}),
    "german whisper": (6, {"lines": [addon_line("#67F067", 6, (2, 0), (3, 1))]},
                       {"lines": [Line("whisper", (12, 19), 3)]}),
    "dutch whisper": (6, {"lines": [addon_line("#FF9A00", 6, (0, 2), (0, 3))]},
                      {"lines": [Line("whisper", (2, 3), 2)]}),
    "entropic": (4, {"lines": [addon_line("#FFCCAA", 5, (0, 0), (1, 0), (2, 0))]},
                 {"lines": [Line("entropic", (0, 4, 8))]}),
    "modular": (4, {"lines": [addon_line("#33BBBB", 5, (2, 2), (3, 3))]},
                {"lines": [Line("modular", (10, 15))]}),
    "region sum": (4, {"lines": [addon_line("#2ECBFF", 5, (0, 1), (0, 2))]},
                   {"lines": [Line("regionsum", (1, 2))]}),
    "nabner": (4, {"lines": [addon_line("#C9C883", 8, (1, 0), (1, 1))]},
               {"lines": [Line("nabner", (4, 5))]}),
    "zipper": (4, {"lines": [addon_line("#cdb1ec", 5, (2, 0), (2, 1), (2, 2))]},
               {"lines": [Line("zipper", (8, 9, 10))]}),
    "double arrow": (4, {"lines": [addon_line("#C54B8B", 4.8, (1, 0), (1, 1), (1, 2))],
                         "overlays": [end_circle("#C54B8B", 0.85, 1, 0),
                                      end_circle("#C54B8B", 0.85, 1, 2)]},
                     {"lines": [Line("doublearrow", (4, 5, 6))]}),
    "slow thermometer": (4, {"lines": [addon_line("#6495ED", 9.6, (2, 3), (1, 3), (0, 3))],
                             "overlays": [end_circle("#6495ED", 0.8, 2, 3)]},
                         {"lines": [Line("slowthermo", (11, 7, 3))]}),
    "palindrome": (4, {"lines": [addon_line("#CFCFCF", 16, (3, 0), (3, 1), (3, 2))]},
                   {"lines": [Line("palindrome", (12, 13, 14))]}),
    "between": (4, {"lines": [{"color": "#CFCFCF", "thickness": 2,
                               "wayPoints": [[0.5, 0.9], [0.5, 1.5], [0.5, 2.1]]}],
                    "overlays": [{"borderSize": 2, "borderColor": "#CFCFCF",
                                  "backgroundColor": "#FFFFFF", "center": [0.5, c],
                                  "fontSize": 16, "rounded": True, "width": 0.8,
                                  "height": 0.8} for c in (0.5, 2.5)]},
                {"lines": [Line("between", (0, 1, 2))]}),
    "quadruple": (4, {"overlays": [{"backgroundColor": "#FFFFFF", "borderColor": "#000000",
                                    "center": [2, 2], "fontSize": 14, "rounded": True,
                                    "width": 0.7, "height": 0.7, "text": "1 2\n3"}]},
                  {"quads": [Quad((5, 6, 9, 10), (1, 2, 3))]}),
    "minimum and maximum": (4, {
        "underlays": [{"backgroundColor": "#ccc", "center": [r + 0.5, c + 0.5],
                       "rounded": False, "width": 1, "height": 1}
                      for r, c in ((0, 0), (3, 2), (3, 3))],
        "lines": [{"color": "#000000", "thickness": 1, "wayPoints": points} for points in (
            [[0.6, 0.94], [0.5, 0.89], [0.4, 0.94]], [[0.94, 0.6], [0.89, 0.5], [0.94, 0.4]],
            [[3.11, 2.4], [3.06, 2.5], [3.11, 2.6]], [[3.4, 2.11], [3.5, 2.06], [3.6, 2.11]],
            [[3.11, 3.4], [3.06, 3.5], [3.11, 3.6]])]},
        {"minima": [0], "maxima": [14, 15]}),
    "x-sum and skyscraper": (4, {"overlays": [
        outside_text(1.5, -0.5, "\u25ef", 38), outside_text(1.5, -0.5, 3, 22),
        outside_text(4.5, 2.5, "\u25af", 38), outside_text(4.5, 2.5, 2, 22)]},
        {"outside": [Outside("xsum", "row", 1, False, 3),
                     Outside("skyscraper", "col", 2, True, 2)]}),
    "indexers": (4, {"cages": [
        {"outlineC": "#7CC77C", "fontC": "#000000", "fromConstraint": "Row Indexer",
         "style": "fpRowIndexer", "cells": [[0, 0], [1, 1]]},
        {"outlineC": "#7C7CC7", "fontC": "#000000", "fromConstraint": "Box Indexer",
         "style": "fpBoxIndexer", "cells": [[2, 2]]}]},
        {"indexers": [("row", 0), ("row", 5), ("box", 10)]}),
    "dots of other differences and ratios": (6, {"overlays": [
        {"stroke": "none", "borderColor": "#000000", "backgroundColor": "#FFFFFF",
         "center": [3.5, 1], "rounded": True, "width": 0.3, "height": 0.3, "text": 2,
         "color": "#000"},
        {"stroke": "none", "borderColor": "#000000", "backgroundColor": "#000000",
         "center": [1, 4.5], "rounded": True, "width": 0.3, "height": 0.3, "text": 3,
         "color": "#fff"}]},
        {"marks": [Mark("white", 18, 19, 2), Mark("black", 4, 10, 3)]}),
    "a straight pill": (4, {
        "arrows": [{"color": "#a1a1a1", "headLength": 0.3, "thickness": 5,
                    "wayPoints": [[0.9, 1.5], [1.5, 1.5], [2.5, 2.5]]}],
        "overlays": [{"borderSize": 5, "borderColor": "#a1a1a1", "backgroundColor": "#ffffff",
                      "center": [0.5, 1], "fontSize": 16, "rounded": True, "text": "",
                      "width": 1.83, "height": 0.83}]},
        {"arrows": [Arrow((0, 1), (5, 10))]}),
}


@pytest.mark.parametrize("name", DRAWN)
def test_sudokupads_drawing_of_each_constraint_is_read(name):
    n, shapes, parts = DRAWN[name]
    assert read(picture(n, **shapes)) == make(n, **parts)


def _same_look(item: dict) -> tuple:
    """An item as it looks: colours in capitals, numbers rounded, texts as text."""
    def plain(v):
        if isinstance(v, list):
            return tuple(plain(x) for x in v)
        if isinstance(v, float | int) and not isinstance(v, bool):
            return round(float(v), 3)
        return v.upper() if isinstance(v, str) and v.startswith("#") else v
    return tuple(sorted((k, str(v) if k == "text" else plain(v)) for k, v in item.items()))


@pytest.mark.parametrize("name", DRAWN)
def test_each_constraint_is_drawn_as_sudokupad_draws_it(name):
    n, shapes, parts = DRAWN[name]
    drawn = sudokupad.write(make(n, **parts))
    for key, items in shapes.items():
        found = {_same_look(item) for item in drawn.get(key, [])}
        assert {_same_look(item) for item in items} <= found, (key, drawn.get(key))


def test_sudokupads_other_words_for_classic_rules():
    """Its import writes non-consecutive, negative dots and XV in `global`, disjoint groups
    as cages of one type, an extra region as a styled cage."""
    groups = [[[r, c] for r in (a, a + 2) for c in (b, b + 2)] for a in (0, 1) for b in (0, 1)]
    data = picture(4, **{"global": ["disjoint", "nonconsecutive", "antiratio"]})
    data["cages"] += [{"unique": True, "type": "disjoint", "style": None, "cells": g}
                      for g in groups]
    data["cages"].append({"style": "extraregion", "unique": True, "sum": 3,
                          "cells": [[0, 1], [1, 2]]})
    assert read(data) == make(4, rules={"disjoint"}, negative={"white", "black"},
                              extra=[(1, 6)])
    data["cages"][2]["cells"] = [[0, 0], [0, 1], [2, 0], [2, 2]]
    with pytest.raises(ParseError, match="disjoint"):
        read(data)


def test_a_thermometer_drawn_from_its_far_end_reads_from_its_bulb():
    bulb = {"borderColor": "#CFCFCF", "backgroundColor": "#CFCFCF", "center": [2.5, 2.5],
            "rounded": True, "width": 0.85, "height": 0.85}
    data = picture(4, lines=[addon_line("#CFCFCF", 21, (0, 0), (1, 1), (2, 2))],
                   underlays=[bulb])
    assert read(data).thermos == ((10, 5, 0),)
    data["lines"].append(addon_line("#CFCFCF", 21, (2, 2), (3, 3)))  # whose bulb, then?
    with pytest.raises(ParseError, match="thermo line at r1c1 without a bulb of its own"):
        read(data)


def test_given_candidates_travel_as_given_centre_marks():
    p = make(4, candidates=[(0, 0b0011), (15, 0b1100)])
    data = sudokupad.write(p)
    assert data["cells"][0][0] == {"centremarks": [1, 2]}
    assert read(data) == p
    data["cells"][1][1] = {"pencilMarks": [3, 4]}
    with pytest.raises(ParseError, match="corner marks in r2c2"):
        read(data)
    data["cells"][1][1] = {"pencilMarks": [" "]}  # a blank mark says nothing
    assert read(data) == p


def test_a_pill_out_of_reading_order_keeps_its_order():
    p = make(4, arrows=[Arrow((1, 0), (4, 8)), Arrow((5, 10), (15,))])
    drawn = sudokupad.write(p)
    assert sum(line["color"] == sudokupad.ARROW_GREY for line in drawn["lines"]) == 2
    assert read(drawn) == p


def test_whole_grid_round_trip_covers_every_kind():
    found = set().union(*(features(p) for p in every_kind()))
    assert "clones" in found and found <= sudokupad.CARRIED


def test_clones_are_shaded_as_sudokupad_shades_them_and_named_in_the_metadata():
    p = make(6, givens=[1] + [0] * 35, clones=[Clone((0, 1), (14, 15)), Clone((5,), (30,))])
    data = sudokupad.write(p)
    grey = sorted(tuple(u["center"]) for u in data["underlays"]
                  if u["backgroundColor"] == sudokupad.GREY)
    assert grey == [(0.5, 0.5), (0.5, 1.5), (0.5, 5.5), (2.5, 2.5), (2.5, 3.5), (5.5, 0.5)]
    assert read(data) == p
    assert read(json.loads(json.dumps(data))) == p  # through the link's JSON
    one_grey_more = dict(data, underlays=data["underlays"] + [
        {"backgroundColor": sudokupad.GREY, "center": [4.5, 4.5], "width": 1, "height": 1}])
    with pytest.raises(ParseError, match=r"grey cells \(r5c5\)"):
        read(one_grey_more)


@pytest.mark.parametrize("clones, words", [
    ([{"cells": [[0, 0]]}], r"metadata.clones\[0\]"),
    ([{"cells": [[0, 0]], "cloneCells": [[4, 0]]}], r"metadata.clones\[0\].cloneCells"),
    ([{"cells": [[0, 0.5]], "cloneCells": [[1, 1]]}], r"metadata.clones\[0\].cells"),
    ([{"cells": [], "cloneCells": []}], r"metadata.clones\[0\].cells"),
    ([{"cells": [[0, 0], [0, 1]], "cloneCells": [[1, 1]]}], "clone"),
    ("r1c1", "metadata.clones"),
])
def test_named_clones_that_make_no_sense_are_refused(clones, words):
    data = picture(4)
    data["metadata"] = {"clones": clones}
    with pytest.raises(ParseError, match=words):
        read(data)


@pytest.mark.parametrize("p, words", [
    (make(9, lines=[Line("whisper", (0, 1), 3)]), "German .* Dutch"),
])
def test_what_a_picture_cannot_tell_is_refused_on_writing(p, words):
    with pytest.raises(ModelError, match=words):
        sudokupad.write(p)


@pytest.mark.parametrize("change, words", [
    ({"foglight": [[0, 0]]}, "'foglight'"),
    ({"global": ["antisomething"]}, "antisomething"),
    ({"metadata": {"conflictchecker": True}}, "conflictchecker"),
    ({"lines": [addon_line("#123456", 8, (0, 0), (0, 1))]}, "#123456"),
    ({"lines": [addon_line("#F067F0", 3, (0, 0), (0, 1))]}, "#F067F0, 3 thick"),
    ({"lines": [addon_line("#CFCFCF", 21, (0, 0), (0, 1))]}, "thermo line .* bulb of its own"),
    ({"lines": [addon_line("#C54B8B", 4.8, (1, 0), (1, 1), (1, 2))]},
     "doublearrow line .* circle on each end"),
    ({"overlays": [end_circle("#6495ED", 0.8, 2, 3)]}, "slowthermo.*on no line"),
    ({"underlays": [{"backgroundColor": "#CFCFCF", "center": [0.5, 0.5], "width": 1,
                     "height": 1}]}, "clones"),
    ({"overlays": [outside_text(1.5, -0.5, "\u25ef", 38)]}, "outside the grid"),
    ({"lines": [{"color": "#000000", "thickness": 1,
                 "wayPoints": [[0.6, 0.94], [0.5, 0.89], [0.4, 0.94]]}]}, "chevrons"),
    ({"cages": [{"cells": [[0, 0]], "style": "killer-ish"}]}, "killer-ish"),
    ({"overlays": [{"center": [0.5, 0.5], "text": "A", "width": 0.5, "height": 0.5}]},
     "'A'"),
    ({"overlays": [outside_text(-0.5, 1.5, 7, 32)]}, "'7' outside the grid"),  # f-puzzles text
    ({"cages": [{"cells": [[0, 0], [0, 1]], "outlineC": "#000000", "fontC": "#000000"}]},
     "plain cage"),
])
def test_unknown_drawings_are_refused_by_name(change, words):
    data = picture(4)
    for key, items in change.items():
        data[key] = data.get(key, []) + items if isinstance(items, list) else items
    with pytest.raises(ParseError, match=words):
        read(data)


def test_real_puzzles_with_unknown_keys_or_properties_are_refused():
    """The setters' f-puzzles links, written as scl links, read back as they were; with one
    unknown key, cell property or property of a drawn item added they are refused by name."""
    from core.variants import links
    from tests.core.variants.test_fpuzzles import real_links

    rng, checked = random.Random(24), 0
    for real in real_links():
        p = links.read(real)
        try:
            data = sudokupad.write(p)
        except ModelError:
            continue  # what an scl picture cannot tell apart is refused on writing
        assert read(data) == p
        for _ in range(6):
            mutated = json.loads(json.dumps(data))
            name = "zz" + "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(6))
            items = [v for k, v in mutated.items() if k in sudokupad.ITEM_KEYS and v]
            where = rng.choice(["top", "cell", "item"] if items else ["top", "cell"])
            if where == "item":
                rng.choice(rng.choice(items))[name] = rng.choice([1, "x", [1]])
            elif where == "cell":
                rng.choice(rng.choice(mutated["cells"]))[name] = rng.choice([1, "x", [1]])
            else:
                mutated[name] = rng.choice([1, "x", [1], 0])
            with pytest.raises(ParseError, match=name):
                read(mutated)
            checked += 1
    assert checked >= 60


@pytest.mark.parametrize("overlay, place", [
    ({"center": [10 ** 400, 1], "width": 1, "height": 1}, r"overlays\[0\].center"),
    ({"center": [0.5, 1], "width": -10 ** 400, "height": 1}, r"overlays\[0\].width"),
    ({"center": [0.5, 1e300], "width": 1, "height": 1}, r"overlays\[0\].center"),
])
def test_numbers_no_picture_holds_are_refused_by_place(overlay, place):
    """An integer too large for a float (10**400) raised OverflowError (issue 39)."""
    with pytest.raises(ParseError, match=place + ": expected a"):
        read(picture(4, overlays=[overlay]))


def test_cells_with_other_properties_are_refused():
    data = picture(4)
    data["cells"][0][0] = {"value": 1, "color": "#ff0000"}
    with pytest.raises(ParseError, match="cells\\[0\\]\\[0\\] has 'color'"):
        read(data)


@pytest.mark.parametrize("change, place", [
    ({"cages": [{"cells": 5}]}, "cages\\[0\\].cells"),
    ({"lines": [{"wayPoints": 5}]}, "lines\\[0\\].wayPoints"),
    ({"lines": [{"wayPoints": [[0.5, "x"]]}]}, "lines\\[0\\].wayPoints\\[0\\]"),
    ({"overlays": [{"center": [0.5, 1], "width": "x"}]}, "overlays\\[0\\].width"),
    ({"arrows": 5}, "arrows"),
    ({"global": [["nested"]]}, "global\\[0\\]"),
    ({"cages": [{"cells": [[0, 0]], "style": ["x"]}]}, "cages\\[0\\].style"),
    ({"regions": 5}, "regions"),
])
def test_values_of_the_wrong_type_name_their_place(change, place, tmp_path, capsys):
    data = {**picture(4), **change}
    with pytest.raises(ParseError, match=place):
        read(data)
    assert main(["check", link(data)]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_rules_text_that_looks_like_the_zippers_marks_survives():
    words = "Normal sudoku rules apply,a:t,f:x {b:1}. Digits 'quoted'."
    data = picture(4)
    data["cages"].append({"value": f"rules: {words}"})
    assert dict(read(data).meta)["rules"] == words


@pytest.mark.parametrize("kind", TODAY)
def test_puzzles_read_from_pictures_count_as_the_brute_force_says(kind):
    rng = random.Random(f"scl-{kind}")
    for n, givens in ((4, 2), (6, 10)):
        p = random_puzzle(kind, n, rng, givens=rng.randint(givens, givens + 2))
        if not features(p) <= sudokupad.CARRIED:
            continue
        back = read(sudokupad.write(p))
        assert back == make(n, p.givens, p.regions, **parts_of(p))  # (normalised: candidates)
        assert count(back, 300).count == brute_count(p, 300), (kind, p)


def test_clues_outside_the_grid_at_one_place_are_refused_on_writing():
    """Issue 39: an X-sum and a sandwich on r1c0 were drawn over each other, a link `check`
    then refused. Every pair of outside clues at one place is refused when written; every
    written picture of random outside clues reads back as the puzzle."""
    n, rng, written = 6, random.Random(39), 0
    for _ in range(200):
        clues = {"outside": [], "sandwiches": [], "little": []}
        for _ in range(2):
            kind, index, side = rng.choice(["xsum", "skyscraper", "sandwich", "little"]), \
                rng.randrange(n), rng.choice(["row", "col"])
            if kind == "sandwich":
                clues["sandwiches"].append(Sw(side, index, rng.randint(0, 10)))
            elif kind == "little":
                clues["little"].append(LittleKiller(*((index, -1) if side == "row" else
                                                      (-1, index)), "DR" if index < n - 1
                                                    else "UR" if side == "row" else "DL",
                                                    rng.randint(5, 15)))
            else:
                top = n if kind == "skyscraper" else n * (n + 1) // 2
                clues["outside"].append(Outside(kind, side, index, False, rng.randint(1, top)))
        try:
            p = make(n, None, None, **{k: v for k, v in clues.items() if v})
        except ModelError:
            continue  # clues the model itself refuses (two sums on one line, ...)
        try:
            data = sudokupad.write(p)
        except ModelError as error:
            assert "would draw them over each other" in str(error)
            continue
        assert read(data) == p
        written += 1
    assert written >= 50


def test_a_hand_drawn_renban_puzzle_counts_right():
    data = picture(4, lines=[addon_line("#F067F0", 8, (0, 0), (0, 1), (0, 2)),
                             addon_line("#67F067", 6, (3, 0), (3, 1))])
    data["cells"][1][0] = {"value": 4}
    p = read(data)
    assert set(p.lines) == {Line("renban", (0, 1, 2)), Line("whisper", (12, 13), 2)}
    assert count(p, 300).count == brute_count(p, 300) > 0
