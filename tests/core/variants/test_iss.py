"""The Interactive Sudoku Solver's constraint strings (core/variants/iss.py): every constraint
kind the workbench applies written as ISS's string and read back gives the same puzzle and the
same solutions (the few documented changes aside); each refusal and error says what and where;
ISS links open through the registry like f-puzzles and SudokuPad ones; real ISS strings read
and count to their published solutions. That ISS itself counts what the writer writes the same
is bench/iss_convert.py's agree() (ISS runs in node; not in the tests)."""

from __future__ import annotations

import random
from pathlib import Path
from urllib.parse import quote

import pytest

from core import kinds, sites
from core.errors import ParseError
from core.variants import engine, iss, links
from core.variants.family import VARIANTS
from core.variants.groups import Quad
from core.variants.model import Mark, ModelError, make, parts_of
from core.variants.shapes import Cage, LittleKiller, Sandwich, diagonal_clue
from tests.core.variants.helpers import KINDS, random_puzzle

DATA = Path(__file__).parents[2] / "data" / "iss" / "iss_examples.tsv"
HOME = "https://sigh.github.io/Interactive-Sudoku-Solver/"
NOT_SHARED = {"boxindexer": "box indexer"}  # kinds ISS has no form for: the writer says so


def returned(p):
    """The puzzle as the ISS string brings it back (iss.py's docstring lists these): a bar as
    a white dot, one candidate as a given, candidates that are the even (odd) digits as an
    even (odd) cell, a one-cell little killer from the clue above or below its corner, quads
    at one place as one."""
    n, parts = p.size, parts_of(p)
    evens = sum(1 << (d - 1) for d in range(2, n + 1, 2))
    givens, candidates = list(p.givens), []
    for cell, digits in p.candidates:
        if digits & (digits - 1) == 0:
            givens[cell] = givens[cell] or digits.bit_length()
        elif digits in (evens, (1 << n) - 1 & ~evens):
            parts["even" if digits == evens else "odd"] += (cell,)
        else:
            candidates.append((cell, digits))
    parts["candidates"] = candidates
    parts["marks"] = [Mark("white", m.a, m.b) if m.kind == "bar" else m for m in p.marks]
    parts["little"] = [diagonal_clue(k.cells, k.total, n) for k in p.little]
    merged: dict = {}
    for q in p.quads:
        counts = merged.setdefault(q.cells, {})
        for d in q.digits:
            counts[d] = max(counts.get(d, 0), q.digits.count(d))
    parts["quads"] = [Quad(cells, tuple(d for d in sorted(c) for _ in range(c[d])))
                      for cells, c in merged.items()]
    return make(n, givens, p.regions, **parts)


def round_trip(p):
    """The puzzle read back from its ISS link; its solutions (to 20) are the original's."""
    back = links.read(links.write(p, "iss"))
    assert back == returned(p)
    assert sorted(engine.count(back, 20).solutions) == sorted(engine.count(p, 20).solutions)
    return back


def test_every_kind_of_line_has_an_iss_form():
    from core.variants.kinds import LINES

    assert set(LINES) == set(iss.ISS_LINES) | set(iss.TABLE_LINES)


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_round_trips_through_an_iss_link(kind):
    rng = random.Random(f"iss-{kind}")
    for n, givens in ((4, 2), (6, 10), (9, 40)):
        if kind == "jigsaw" and n == 9:
            continue  # the helper draws no 9x9 jigsaw
        p = random_puzzle(kind, n, rng, givens=givens)
        if kind in NOT_SHARED or (kind == "entropic" and n != 9):
            with pytest.raises(ModelError, match=NOT_SHARED.get(kind, "entropic line off 9x9")):
                links.write(p, "iss")
            continue
        round_trip(p)


@pytest.mark.parametrize("negative", [{"white"}, {"black"}, {"white", "black"}, {"x"}, {"v"},
                                      {"x", "v"}, {"white", "x"}])
@pytest.mark.parametrize("marks", ["white", "black", "x", "v", "white-k", "bar"])
def test_negative_rules_beside_marks_round_trip(negative, marks):
    rng = random.Random(f"iss-{marks}-{sorted(negative)}")
    for n, givens in ((4, 2), (6, 12)):
        p = random_puzzle(marks, n, rng, givens=givens)
        if "black" in negative and any(m.kind == "black" and m.value for m in p.marks):
            continue  # not a puzzle the model takes
        round_trip(make(n, p.givens, p.regions, **dict(parts_of(p), negative=negative)))


def test_strict_rules_are_iss_own_where_they_mean_the_same():
    p = make(4, negative={"white", "black"}, marks=[Mark("white", 0, 1)])
    assert ".StrictKropki" in iss.write(p) and ".Pair" not in iss.write(p)
    assert iss.write(make(4, negative={"white"})) == ".Shape~4x4.AntiConsecutive"
    beside_a_dot = iss.write(make(4, negative={"white"}, marks=[Mark("black", 0, 1)]))
    assert ".AntiConsecutive" not in beside_a_dot and "_notwhite~" in beside_a_dot
    assert ".StrictXV" in iss.write(make(4, negative={"x", "v"}))


def test_a_puzzle_writes_iss_own_types_and_a_link_iss_reads():
    p = make(4, (1,) + (0,) * 15, cages=[Cage((5, 6), 7)], thermos=[(8, 9, 10)],
             sandwiches=[Sandwich("row", 3, 0)])
    assert iss.write(p) == (".Shape~4x4.~R1C1_1.Cage~7~R2C2~R2C3.Thermo~R3C1~R3C2~R3C3"
                            ".Sandwich~0~R4")
    link = links.write(p, "iss")
    assert link.startswith(HOME + "?q=.Shape~4x4.~R1C1_1") and "+" not in link
    assert links.read(link) == p and VARIANTS.to_link(p, "iss") == link


def test_a_little_killer_keeps_its_clue_and_iss_own_diagonals_read():
    k = LittleKiller(-1, 0, "DR", 10)  # above r1c1... along r1c2, r2c3, r3c4
    p = make(4, little=[k])
    assert ".Sum~10~R1C2~R2C3~R3C4" in iss.write(p)  # ISS numbers this diagonal from r3c4
    assert iss.read(iss.write(p)) == p
    q = iss.read(".Shape~4x4.LittleKiller~5~R1C2")  # ISS's: from r1c2 down to the left
    assert q.little == make(4, little=[LittleKiller(-1, 2, "DL", 5)]).little


# --- reading: what is refused, and errors ---------------------------------------------------

@pytest.mark.parametrize("text, words", [
    (".Or.Thermo~R1C1~R1C2.End", "inside an Or: the workbench's or joins rules no kind names"),
    (".SameValues~R1C1~-~R1C2", "ISS's SameValues: sets of cells holding the same digits"),
    (".Sum~10~R1C1~R1C2", "ISS's Sum: cells adding up to a total, digits may repeat"),
    (".Lunchbox~5~R1C1~R1C2~R1C3", "ISS's Lunchbox: lunchbox cages (no kind for them)"),
    (".Modular~4~R1C1~R1C2", "Modular with 4: the workbench's modular lines take 3"),
    (".Lockout~2~R1C1~R1C2~R1C3", "Lockout with 2: the workbench's lockout lines take 4"),
    (".Shape~6x9", "a grid of 6 rows and 9 columns (square grids are read)"),
    (".Shape~9x9~0-9", "digits 0 to 9 (read are digits 1 to 9 or 0 to 8 on a 9x9 grid; 10 "
                       "digits on a grid of 9 rows: houses of different digits, not every "
                       "digit, are not read)"),
    (".Shape~9x9~2-10", "digits 2 to 10 (read are digits 1 to 9 or 0 to 8 on a 9x9 grid)"),
    (".Shape~9x9~0-8.Skyscraper~R1~3~", "a skyscraper clue on a grid of digits 0 to 8 is not "
                                         "read yet"),
    (".Shape~9x9~0-8.Entropic~R1C1~R1C2~R1C3", "an entropic line on a grid of digits from 0"),
    (".Shape~3x3", "grids of 4 to 16 rows are read"),
    (".NoBoxes.RegionSumLine~R1C1~R1C2", "a region-sum line on a grid with no regions"),
    (".AntiConsecutive.WhiteDot~R1C1~R1C2", "beside kropki dots: ISS applies it to the dotted"),
    (".Thermo~VA~R1C1", "ISS's extra cells (Var) are not read"),
])
def test_types_without_a_kind_are_refused_by_name(text, words):
    with pytest.raises((iss.IssError, ModelError)) as error:
        iss.read(text)
    assert words in str(error.value)


def test_a_table_named_after_a_kind_is_that_kind_only_when_it_is_its_relation():
    equal = iss.binary_key(lambda x, y: x == y, 9)
    named = iss.read(f".Pair~{equal}~_slowthermo~R1C1~R1C2")  # not <=: ISS's table, as it is
    assert not named.lines and named.custom[0].kind == "relation"
    assert named.custom[0].text == "table " + " ".join(f"{d}{d}" for d in range(1, 10))
    slow = iss.binary_key(lambda x, y: x <= y, 9)
    assert iss.read(f".Pair~{slow}~_slowthermo~R1C1~R1C2").lines[0].kind == "slowthermo"
    smaller = iss.binary_key(lambda x, y: x < y, 9)
    with pytest.raises(iss.IssError, match="'minimum' pairs are not each such cell"):
        iss.read(f".Pair~{smaller}~_minimum~R1C1~R1C2")  # r1c1 has r2c1 beside it too
    assert iss.read(f".Pair~{smaller}~_minimum~R1C1~R1C2~~R1C1~R2C1").minima == (0,)


def test_errors_in_text_say_line_and_column():
    text = ".Shape~6x6\n.Thermo~R1C1~R1C2\n  .Cage~7~R1C1~R1C7\n"
    with pytest.raises(ParseError) as error:
        kinds.parse(text)
    assert (error.value.line, error.value.column) == (3, 3)
    assert "R1C7 is outside the 6x6 grid" in str(error.value)
    for bad, where, words in (("#a comment\n.Thermo~R1C1~R1C2.Whatever~1", (2, 18),
                               "unknown ISS constraint type 'Whatever'"),
                              (".Thermo~R1C1~R1C2.Cage~x~R1C1", (1, 18), "the sum 'x' is not a"),
                              (".~R1C1_10", (1, 1), "a cell and its digits, 1 to 9"),
                              (".Thermo~R1C1~R1C2.Diagonal~2", (1, 18), "Diagonal~1 (╱) or")):
        with pytest.raises(ParseError) as error:
            kinds.parse(bad)
        assert (error.value.line, error.value.column) == where and words in str(error.value)


def test_a_link_error_names_the_item_and_long_text_is_capped():
    with pytest.raises(ParseError, match=r"\.Thermo \(item 2\): R1Cg is outside the 9x9 grid"):
        kinds.parse(HOME + "?q=" + quote(".~R1C1_5.Thermo~R1C1~R1Cg"))
    with pytest.raises(ParseError, match="carries its puzzle after"):
        kinds.parse(HOME)
    with pytest.raises(iss.IssError, match="too long"):
        iss.read(".Thermo" + "~R1C1" * 300_000)


def test_iss_keeps_one_clue_at_a_place_and_so_does_the_reader():
    p = iss.read(".Quad~R1C1~1~2.Quad~R1C1~3.Sandwich~5~R1.Sandwich~7~R1")
    assert [q.digits for q in p.quads] == [(3,)] and [s.total for s in p.sandwiches] == [7]


def test_givens_candidates_and_parity():
    p = iss.read(".~R1C1_5~R1C2_2_4_6_8~R1C3_1_2~R1C4_7~R1C4_1_3_5_7_9")
    assert p.givens[:4] == (5, 0, 0, 7) and p.even == (1,) and p.odd == (3,)
    assert p.candidates == ((2, 0b11),)


# --- where links and text are read ----------------------------------------------------------

def test_iss_links_and_strings_open_through_the_registry():
    p = make(6, cages=[Cage((0, 1), 3)])
    link = links.write(p, "iss")
    assert sites.site_of(link) == "iss" and sites.site_of("https://sigh.github.io/other/") is None
    assert kinds.parse(link) == (VARIANTS, p)
    assert kinds.parse(iss.write(p) + "\n") == (VARIANTS, p)
    assert not iss.looks_like(".A.B" + "." * 252)  # a 16x16 line is no constraint string
    nabner = iss.binary_key(lambda x, y: abs(x - y) > 1, 9)  # as ISS's own examples name it
    assert iss.read(f".PairX~{nabner}~_Nabner~R1C1~R1C2~R1C3").lines[0].kind == "nabner"


# --- real ISS strings -----------------------------------------------------------------------

def real_strings():
    rows = [line.split("\t") for line in DATA.read_text(encoding="utf-8").splitlines()
            if line and not line.startswith("#")]
    assert len(rows) >= 12
    return rows


@pytest.mark.usefixtures("engine")  # on both engines
def test_real_iss_strings_read_and_count_to_their_published_solution():
    counted = refused = 0
    for name, _source, expected, text in real_strings():
        if expected.startswith("refused "):
            with pytest.raises(iss.IssError) as error:
                iss.read(text)
            assert error.value.kind == expected.split()[1], name
            refused += 1
            continue
        found = engine.count(iss.read(text), 2)
        assert found.count == 1 and "".join(map(str, found.solution)) == expected, name
        counted += 1
    assert counted >= 10 and refused >= 2


def test_mutated_real_strings_read_or_raise_a_clean_error():
    """Real strings with their tokens cut, swapped and replaced at random: each reads to a
    puzzle or raises IssError or ModelError (ParseError through the registry), nothing else."""
    rng = random.Random(36)
    tokens = ["", "R1C1", "R9Cg", "r0c1", "5", "-3", "0", "99999999", "x", "_name", "_=_", "AQ",
              "9x9", "6x6~1-6", "LOOP", "-", "%2E", "VA1", "R1C1_", "R1C1_1_2_x"]
    rows = real_strings()
    for _ in range(400):
        text = rng.choice(rows)[3]
        pieces = text.split("~")
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(pieces))
            action = rng.randrange(3)
            if action == 0:
                pieces[i] = rng.choice(tokens)
            elif action == 1:
                del pieces[i:i + 1]
            else:
                pieces.insert(i, rng.choice(tokens))
        mutated = "~".join(pieces) or "."
        try:
            expected = iss.read(mutated)
        except (iss.IssError, ModelError):
            expected = None
        if not iss.looks_like(mutated):
            continue  # another family's text now (a cut first item)
        if expected is None:
            with pytest.raises(ParseError):
                kinds.parse(mutated)
        else:
            assert kinds.parse(mutated)[1] == expected
