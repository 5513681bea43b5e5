"""The f-puzzles reader applies or refuses every key, never drops one (a dropped rule is a
wrong count). The keys are those other tools read (SudokuSolver's FPuzzlesBoard.cs, the
fpuzzles-data typings, f-puzzles' constraint add-on); each is given here as those tools write
it, read, compared with the puzzle it should be, and counted against the brute force."""

import json
import random
from pathlib import Path

import pytest

from core import kinds
from core.errors import ParseError
from core.variants import fpuzzles, links
from core.variants.engine import count
from core.variants.fpuzzles import FPuzzlesError, read
from core.variants.groups import Clone, Quad
from core.variants.lzlink import compress, decompress
from core.variants.model import Line, Mark, ModelError, Outside, make
from core.variants.shapes import Arrow, Cage, LittleKiller
from core.variants.shapes import Sandwich as Sw
from tests.core.variants.helpers import brute_count

LINKS = Path(__file__).parents[3] / "bench" / "data" / "fpuzzles_links.txt"
N = 4
GIVENS = {"R1C1": 1}  # one given keeps the brute force quick and the counts small


def grid(n=N, **cells):
    """f-puzzles' grid: rows of cell objects; `cells` maps R1C1 to extra properties."""
    rows = [[{} for _ in range(n)] for _ in range(n)]
    for name, value in GIVENS.items():
        rows[int(name[1]) - 1][int(name[3]) - 1] = {"value": value, "given": True}
    for name, props in cells.items():
        r, c = (int(x) - 1 for x in name[1:].split("C"))
        rows[r][c] = {**rows[r][c], **props}
    return rows


def cell(name: str) -> int:
    r, c = (int(x) - 1 for x in name[1:].split("C"))
    return r * N + c


def cells(*names):
    return tuple(cell(x) for x in names)


def expected(**parts):
    return make(N, [1] + [0] * (N * N - 1), parts.pop("regions", None), **parts)


# key: (the JSON value as other tools write it, the parts it stands for)
APPLIED = {
    "diagonal-": (True, {"rules": {"diagonal"}}),
    "diagonal+": (True, {"rules": {"antidiagonal"}}),
    "antiknight": (True, {"rules": {"antiknight"}}),
    "antiking": (True, {"rules": {"antiking"}}),
    "disjointgroups": (True, {"rules": {"disjoint"}}),
    "nonconsecutive": (True, {"negative": {"white"}}),
    "negative": (["ratio"], {"negative": {"black"}}),
    "arrow": ([{"cells": ["R2C2"], "lines": [["R2C2", "R2C3", "R3C3"]]}],
              {"arrows": [Arrow(cells("R2C2"), cells("R2C3", "R3C3"))]}),
    "killercage": ([{"cells": ["R3C1", "R3C2"], "value": "5"}, {"cells": ["R4C3", "R4C4"]}],
                   {"cages": [Cage(cells("R3C1", "R3C2"), 5), Cage(cells("R4C3", "R4C4"))]}),
    "littlekillersum": ([{"cell": "R0C1", "direction": "DR", "value": "6",
                          "cells": ["R1C2", "R2C3", "R3C4"]}],
                        {"little": [LittleKiller(-1, 0, "DR", 6)]}),
    "odd": ([{"cell": "R2C2"}], {"odd": [cell("R2C2")]}),
    "even": ([{"cell": "R3C3"}], {"even": [cell("R3C3")]}),
    "minimum": ([{"cell": "R2C2"}], {"minima": [cell("R2C2")]}),
    "maximum": ([{"cell": "R3C3"}, {"cell": "R3C4"}], {"maxima": cells("R3C3", "R3C4")}),
    "rowindexer": ([{"cells": ["R1C2", "R2C2"]}],
                   {"indexers": [("row", cell("R1C2")), ("row", cell("R2C2"))]}),
    "columnindexer": ([{"cells": ["R2C1"]}], {"indexers": [("column", cell("R2C1"))]}),
    "boxindexer": ([{"cells": ["R4C4"]}], {"indexers": [("box", cell("R4C4"))]}),
    "extraregion": ([{"cells": ["R2C2", "R2C3", "R3C2", "R3C3"]}],
                    {"extra": [cells("R2C2", "R2C3", "R3C2", "R3C3")]}),
    "thermometer": ([{"lines": [["R4C1", "R3C1", "R3C2"]]}],
                    {"thermos": [cells("R4C1", "R3C1", "R3C2")]}),
    "palindrome": ([{"lines": [["R2C1", "R2C2", "R3C3", "R4C4"]]}],
                   {"lines": [Line("palindrome", cells("R2C1", "R2C2", "R3C3", "R4C4"))]}),
    "renban": ([{"lines": [["R2C2", "R2C3", "R2C4"]]}],
               {"lines": [Line("renban", cells("R2C2", "R2C3", "R2C4"))]}),
    "whispers": ([{"lines": [["R3C1", "R3C2", "R3C3"]]},
                  {"lines": [["R4C1", "R4C2"]], "value": "3"}],
                 {"lines": [Line("whisper", cells("R3C1", "R3C2", "R3C3"), 2),
                            Line("whisper", cells("R4C1", "R4C2"), 3)]}),
    "regionsumline": ([{"lines": [["R2C1", "R2C2", "R2C3"]]}],
                      {"lines": [Line("regionsum", cells("R2C1", "R2C2", "R2C3"))]}),
    "difference": ([{"cells": ["R2C2", "R2C3"]}, {"cells": ["R3C2", "R3C3"], "value": "2"}],
                   {"marks": [Mark("white", cell("R2C2"), cell("R2C3")),
                              Mark("white", cell("R3C2"), cell("R3C3"), 2)]}),
    "xv": ([{"cells": ["R4C1", "R4C2"], "value": "V"}],
           {"marks": [Mark("v", cell("R4C1"), cell("R4C2"))]}),
    "ratio": ([{"cells": ["R2C4", "R3C4"]}, {"cells": ["R1C3", "R2C3"], "value": "3"}],
              {"marks": [Mark("black", cell("R2C4"), cell("R3C4")),
                         Mark("black", cell("R1C3"), cell("R2C3"), 3)]}),
    "clone": ([{"cells": ["R1C3", "R1C4"], "cloneCells": ["R4C1", "R4C2"]}],
              {"clones": [Clone(cells("R1C3", "R1C4"), cells("R4C1", "R4C2"))]}),
    "quadruple": ([{"cells": ["R2C2", "R2C3", "R3C2", "R3C3"], "values": [2, 3]}],
                  {"quads": [Quad(cells("R2C2", "R2C3", "R3C2", "R3C3"), (2, 3))]}),
    "betweenline": ([{"lines": [["R2C1", "R2C2", "R2C3"]]}],
                    {"lines": [Line("between", cells("R2C1", "R2C2", "R2C3"))]}),
    "sandwichsum": ([{"cell": "R0C2", "value": "0"}], {"sandwiches": [Sw("col", 1, 0)]}),
    "xsum": ([{"cell": "R3C0", "value": "6"}, {"cell": "R3C5", "value": "7"}],
             {"outside": [Outside("xsum", "row", 2, False, 6),
                          Outside("xsum", "row", 2, True, 7)]}),
    "skyscraper": ([{"cell": "R0C2", "value": "3"}, {"cell": "R5C4", "value": "1"}],
                   {"outside": [Outside("skyscraper", "col", 1, False, 3),
                                Outside("skyscraper", "col", 3, True, 1)]}),
    "entropicline": ([{"lines": [["R2C1", "R2C2", "R2C3", "R2C4"]]}],
                     {"lines": [Line("entropic", cells("R2C1", "R2C2", "R2C3", "R2C4"))]}),
    "modularline": ([{"lines": [["R3C1", "R3C2", "R3C3"]]}],
                    {"lines": [Line("modular", cells("R3C1", "R3C2", "R3C3"))]}),
    "nabner": ([{"lines": [["R2C2", "R3C3"]]}],
               {"lines": [Line("nabner", cells("R2C2", "R3C3"))]}),
    "doublearrow": ([{"lines": [["R2C1", "R2C2", "R2C3"]]}],
                    {"lines": [Line("doublearrow", cells("R2C1", "R2C2", "R2C3"))]}),
    "zipperline": ([{"lines": [["R3C1", "R3C2", "R3C3", "R3C4"]]}],
                   {"lines": [Line("zipper", cells("R3C1", "R3C2", "R3C3", "R3C4"))]}),
    "slowthermometer": ([{"lines": [["R4C4", "R4C3", "R3C3"]]}],
                        {"lines": [Line("slowthermo", cells("R4C4", "R4C3", "R3C3"))]}),
    "lockout": ([{"lines": [["R1C1", "R2C1", "R3C2", "R4C1"]]}],
                {"lines": [Line("lockout", cells("R1C1", "R2C1", "R3C2", "R4C1"))]}),
}
COSMETIC = {"title": "Four", "author": "someone", "ruleset": "Normal rules.",
            "solution": [1] * 16, "disabledlogic": ["tuples"],
            "truecandidatesoptions": ["colored"], "highlightConflicts": True,
            "successMessage": "Well done", "fogofwar": ["R1C1"], "foglight": ["R2C2"]}
REFUSED = {
    "cage": [{"cells": ["R1C1", "R1C2"], "value": "DR5"}],
    "line": [{"lines": [["R2C2", "R3C3"]], "outlineC": "#000000", "width": 0.1}],
    "rectangle": [{"cells": ["R2C2"], "baseC": "#FFFFFF"}],
    "circle": [{"cells": ["R3C3"], "baseC": "#FFFFFF"}],
    "text": [{"cells": ["R2C2"], "value": "7"}],
    "doubler": [{"cells": ["R1C1"]}],
    "lockout": [{"lines": [["R1C1", "R1C2", "R1C3"]], "value": "2"}],  # a value it has not
}


@pytest.mark.parametrize("key", sorted(APPLIED))
def test_every_rule_key_is_applied_and_counted_right(key):
    value, parts = APPLIED[key]
    p = read({"size": N, "grid": grid(), key: value})
    want = expected(**parts)
    assert p == want
    assert count(p, 300).count == brute_count(want, 300)


@pytest.mark.parametrize("key", sorted(COSMETIC))
def test_keys_without_a_rule_change_nothing(key):
    assert read({"size": N, "grid": grid(), key: COSMETIC[key]}) == expected()


@pytest.mark.parametrize("key", sorted(REFUSED))
def test_keys_whose_rule_we_cannot_see_are_refused_by_name(key):
    with pytest.raises(FPuzzlesError, match=key if key != "lockout" else "'value'"):
        read({"size": N, "grid": grid(), key: REFUSED[key]})


def test_solver_board_keys_are_all_accounted_for():
    """Every key of SudokuSolver's FPuzzlesBoard and fpuzzles-data's FPuzzlesPuzzle."""
    board = ("size title author ruleset grid diagonal+ diagonal- antiknight antiking "
             "disjointgroups nonconsecutive negative arrow killercage cage littlekillersum odd "
             "even minimum maximum rowindexer columnindexer boxindexer extraregion thermometer "
             "palindrome renban whispers regionsumline difference xv ratio clone quadruple "
             "betweenline sandwichsum xsum skyscraper entropicline modularline nabner "
             "doublearrow zipperline slowthermometer disabledlogic truecandidatesoptions "
             "line rectangle circle text solution successMessage lockout fogofwar foglight")
    known = set(APPLIED) | set(COSMETIC) | set(REFUSED) | {"size", "grid"}
    assert set(board.split()) <= known


def test_cell_properties_applied_cosmetic_or_refused():
    cosmetic = {"c": "#FF0000", "cArray": ["#FF0000"], "highlight": "#00FF00",
                "centerPencilMarks": [2, 3], "cornerPencilMarks": [4],
                "value": 3}  # a digit the solver typed (not given)
    assert read({"size": N, "grid": grid(R2C2=cosmetic)}) == expected()
    with pytest.raises(FPuzzlesError, match="R2C2 has 'frozen'"):
        read({"size": N, "grid": grid(R2C2={"frozen": True})})


def test_given_pencil_marks_restrict_the_cell():
    marks = {"R1C2": [2], "R1C3": [3, 4], "R2C1": [3, 4]}
    p = read({"size": N, "grid": grid(**{k: {"givenPencilMarks": v} for k, v in marks.items()})})
    bits = {cell(k): sum(1 << (d - 1) for d in v) for k, v in marks.items()}
    assert p == expected(candidates=list(bits.items()))
    assert 0 < count(p, 300).count == brute_count(p, 300) < count(expected(), 300).count
    data = fpuzzles.write(p)
    assert data["grid"][0][2]["givenPencilMarks"] == [3, 4] and read(data) == p


def test_a_unique_puzzle_stays_unique_with_its_given_candidates():
    """The miscount the issue found: given candidates dropped turned a unique puzzle into one
    with many solutions."""
    solution = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
    marks = {f"R{i // 4 + 1}C{i % 4 + 1}": {"givenPencilMarks": [solution[i], solution[i] % 4 + 1]}
             for i in range(1, 16)}
    p = read({"size": N, "grid": grid(**marks)})
    assert count(p, 3).count == 1 and count(p, 3).solution == tuple(solution)
    assert count(make(N, p.givens), 3).count == 3
    back, _ = links.read(links.write(p, "fpuzzles")), None
    assert back == p


@pytest.mark.parametrize("size", [5, 7])
def test_regions_given_for_some_cells_only_default_to_rows(size):
    """A size with no boxes: cells without a region are in their row's region, as f-puzzles
    and SudokuSolver give them; two rows swap a cell pair here."""
    rows = [[{} for _ in range(size)] for _ in range(size)]
    rows[0][0]["region"], rows[1][0]["region"] = 1, 0
    p = read({"size": size, "grid": rows})
    expect = [i // size for i in range(size * size)]
    expect[0], expect[size] = 1, 0
    assert list(p.regions) == expect
    assert read({"size": size, "grid": [[{} for _ in range(size)]
                                        for _ in range(size)]}).regions == tuple(
        i // size for i in range(size * size))


def test_a_cell_in_no_region_is_refused():
    with pytest.raises(FPuzzlesError, match="no region"):
        read({"size": N, "grid": grid(R2C2={"region": None})})


@pytest.mark.parametrize("data, place", [
    ({"thermometer": [{"lines": 5}]}, r"thermometer\[0\]\.lines"),
    ({"arrow": [{"cells": ["R1C1"], "lines": 5}]}, r"arrow\[0\]\.lines"),
    ({"workbenchNegative": 5}, "workbenchNegative"),
    ({"killercage": [{"cells": "R1C1", "value": "3"}]}, r"killercage\[0\]\.cells"),
    ({"renban": [{"lines": [["R1C1", 7]]}]}, r"renban\[0\]\.lines\[0\]\[1\]"),
    ({"quadruple": [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": "12"}]},
     r"quadruple\[0\]\.values"),
    ({"xsum": [{"cell": "R1C0", "value": [1]}]}, r"xsum\[0\]\.value"),
    ({"antiknight": "yes"}, "antiknight"),
    ({"text": [{"cells": ["R1C1", "R1C2"], "value": "<", "angle": 45}]}, r"text\[0\]\.angle"),
    # issue 39: each of these was read as something else (a given dropped, the usual value)
    ({"grid": grid(R2C2={"value": 3, "given": "yes"})}, "grid cell R2C2 given: expected true"),
    ({"grid": grid(R2C2={"value": 3, "given": 1})}, "grid cell R2C2 given"),
    ({"antiknight": False}, "antiknight: expected true"),
    ({"nonconsecutive": False}, "nonconsecutive: expected true"),
    ({"killercage": False}, "killercage: expected a list"),
    ({"killercage": ""}, "killercage: expected a list"),
    ({"whispers": [{"lines": [["R1C1", "R1C2"]], "value": 0}]}, r"whispers\[0\]\.value"),
    ({"difference": [{"cells": ["R1C1", "R1C2"], "value": "0"}]}, r"difference\[0\]\.value"),
    ({"ratio": [{"cells": ["R1C1", "R1C2"], "value": 0}]}, r"ratio\[0\]\.value"),
    ({"thermometer": [{"lines": [["R\uff11C1", "R1C2"]]}]}, r"thermometer\[0\]\.lines\[0\]\[0\]"),
    ({"odd": [{"cell": "R1C\uff12"}]}, r"odd\[0\]\.cell"),
])
def test_values_of_the_wrong_type_name_their_place(data, place):
    with pytest.raises(FPuzzlesError, match=place):
        read({"size": N, "grid": grid(), **data})


def test_a_rotated_inequality_sign_reads_its_turn():
    """'>' turned 90 degrees clockwise points down: the lower cell is the smaller."""
    data = {"size": N, "grid": grid(), "text": [{"cells": ["R2C3", "R3C3"], "value": ">",
                                                 "angle": 90}]}
    assert read(data).marks == (Mark("less", cell("R3C3"), cell("R2C3")),)


def test_drawn_copies_of_constraints_add_no_rule_and_strays_are_refused():
    renban = [{"lines": [["R2C2", "R2C3", "R2C4"]]}]
    copy = {"lines": [["R2C2", "R2C3", "R2C4"]], "outlineC": "#F067F0", "width": 0.25}
    want = read({"size": N, "grid": grid(), "renban": renban})
    for line in (copy, {**copy, "fromConstraint": "Renban"}, {**copy, "isNewConstraint": True}):
        assert read({"size": N, "grid": grid(), "renban": renban, "line": [line]}) == want
    with pytest.raises(FPuzzlesError, match="Renban"):  # a copy of what is not there
        read({"size": N, "grid": grid(), "line": [{**copy, "fromConstraint": "Renban"}]})
    with pytest.raises(FPuzzlesError, match="line"):
        read({"size": N, "grid": grid(), "renban": renban,
              "line": [{**copy, "lines": [["R2C2", "R2C3"]]}]})
    # a copy naming a constraint the puzzle holds, but drawn over other cells, is a line
    # whose rule lives elsewhere: refused, even though the puzzle has a renban
    with pytest.raises(FPuzzlesError, match="over cells no renban item holds"):
        read({"size": N, "grid": grid(), "renban": renban,
              "line": [{**copy, "lines": [["R3C1", "R3C2", "R3C3"]], "fromConstraint": "Renban"}]})


def test_text_is_a_sign_or_the_add_ons_copy_of_a_clue():
    thermo = {"size": N, "grid": grid(), "thermometer": [{"lines": [["R4C1", "R3C1", "R3C2"]]}]}
    want = read(thermo)
    assert read({**thermo, "text": [{"cells": ["R4C1"], "value": ""}]}) == want
    with pytest.raises(FPuzzlesError, match="text '3'"):  # a number in a bulb may be a rule
        read({**thermo, "text": [{"cells": ["R4C1"], "value": "3"}]})


@pytest.mark.parametrize("value", [0, 0.0, {"a": 1}, "0", [], False, "", {}, None])
def test_an_unknown_key_holding_zero_or_anything_is_refused(value):
    with pytest.raises(FPuzzlesError, match="sumdots"):
        read({"size": N, "grid": grid(), "sumdots": value})


def real_links():
    found = []
    for row in LINKS.read_text().splitlines():
        if row and not row.startswith("#"):
            found.append(row.split("\t")[2])
    assert len(found) >= 10
    return found


def _mutated(data: dict, rng: random.Random) -> tuple[dict, str]:
    """The puzzle with one unknown key, cell property or item property added."""
    name = "zz" + "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(6))
    value = rng.choice([True, 1, "x", [1], {"a": 1}, ["R1C1"]])
    where = rng.choice(["top", "cell", "item"])
    items = [v for v in data.values() if isinstance(v, list) and v and isinstance(v[0], dict)]
    if where == "item" and items:
        rng.choice(rng.choice(items))[name] = value
    elif where == "cell":
        row = rng.choice(data["grid"])
        rng.choice(row)[name] = value
    else:
        data[name] = value
    return data, name


def test_real_links_with_unknown_keys_or_properties_are_refused():
    rng = random.Random(24)
    checked = 0
    for link in real_links():
        data = json.loads(decompress(link.split("?load=")[1]))
        assert read(data) is not None  # the real puzzle reads as it is
        for _ in range(6):
            mutated, name = _mutated(json.loads(json.dumps(data)), rng)
            bad = "https://www.f-puzzles.com/?load=" + compress(json.dumps(mutated))
            with pytest.raises(ParseError, match=name):
                kinds.parse(bad)
            checked += 1
    assert checked >= 60


def test_the_writer_adds_the_add_ons_drawn_copies_for_apps_without_it():
    """SudokuPad and f-puzzles without the constraint add-on draw only the copies: each line
    kind, indexer and outside clue gets one, in the add-on's colours, and reads back as it
    was. A whisper of an unusual difference is not coloured as German or Dutch."""
    from core.variants import formats

    p = formats.parse("kind: variants\nsize: 9\nrenban: r1c1 r1c2 r1c3\nwhisper: r2c1 r2c2\n"
                      "whisper 3: r3c1 r3c2\ndoublearrow: r4c1 r4c2 r4c3\n"
                      "rowindexer: r5c5\nxsum 10: r6c0\npalindrome: r7c1 r7c2\n")
    data = fpuzzles.write(p)
    drawn = {(tuple(line["lines"][0]), line["outlineC"]) for line in data["line"]}
    assert drawn == {(("R1C1", "R1C2", "R1C3"), "#F067F0"), (("R2C1", "R2C2"), "#67F067"),
                     (("R3C1", "R3C2"), "#9ACD32"), (("R4C1", "R4C2", "R4C3"), "#C54B8B")}
    assert [c["cells"] for c in data["circle"]] == [["R4C1"], ["R4C3"]]
    # f-puzzles' add-on drops whispers that are neither German nor Dutch, and with them any
    # copy naming it: the unusual whisper's copy is a plain line that stays drawn there
    assert {line["outlineC"]: line.get("fromConstraint") for line in data["line"]} == {
        "#F067F0": "Renban", "#67F067": "German Whispers", "#9ACD32": None,
        "#C54B8B": "Double Arrow"}
    assert data["cage"][0]["fromConstraint"] == "Row Indexer"
    assert [t["value"] for t in data["text"]] == ["\u25ef", "10"]
    assert read(data) == p


@pytest.mark.parametrize("line, words", [
    (["R1C1", "R1C2", "R2C2", "R2C1", "R1C1"], "closes into a loop"),
    (["R1C1", "R1C2", "R2C2", "R1C2"], "passes through r1c2 twice"),
])
def test_a_line_through_a_cell_twice_is_refused_as_such(line, words):
    """A renban round a loop or back through a cell is not read (whispers are: their rule
    is on each step, tests/core/variants/test_engine.py)."""
    with pytest.raises(ModelError, match=words):
        read({"size": N, "grid": grid(), "renban": [{"lines": [line]}]})
    assert read({"size": N, "grid": grid(), "whispers": [{"lines": [line]}]}) is not None
