"""Every rule over the whole grid (core/variants/grid_rules.py: the diagonals, disjoint groups,
anti-knight, anti-king) is one complete record: it reads and writes in every format (the text
format, f-puzzles, SudokuPad, ISS, ipuz), is drawn in print and in the terminal, says its rule
in English and Japanese, names its houses in the logic's words, and counts as an independent
brute force and CP-SAT say. A new record is tested by being added: every test here runs over
all of GRID_RULES. Last, no aspect of the variants names one."""

import random
import re

import pytest

from core.export.drawing import Line
from core.variants import drawing, engine, formats, fpuzzles, ipuz, iss, rules, sudokupad, wording
from core.variants.grid_rules import GRID_RULES, SLANTS
from core.variants.model import BOXES, ModelError, box_regions, disjoint_groups, make
from tests.core.variants.cpsat import cpsat_count
from tests.core.variants.helpers import JIGSAW_4, brute_count, random_puzzle
from tests.core.variants.test_marks import ASPECTS, ROOT
from tui.widgets.variants_grid import VariantsGrid

KINDS = sorted(GRID_RULES)
BOXES_9 = box_regions(9)


def puzzles_of(kind: str):
    """Random puzzles with this rule (4x4 and 6x6, few and more givens; one with two rules)."""
    rng = random.Random(f"grid-rules-{kind}")
    found = [random_puzzle(kind, n, rng, givens) for n, givens in ((4, 1), (4, 3), (6, 8))]
    other = "antiking" if kind != "antiking" else "diagonal"
    found.append(make(4, found[0].givens, None, rules={kind, other}))
    return found


@pytest.mark.parametrize("kind", KINDS)
def test_every_record_is_complete(kind):
    record = GRID_RULES[kind]
    assert record.name == kind and record.called and record.caption
    assert record.fpuzzles and record.iss
    words = GRID_RULES[record.sentence].words
    assert words.name and words.name_ja and words.rule and words.rule_ja
    assert bool(record.houses(9, BOXES_9)) != bool(record.moves)  # houses or moves, not both
    for cells, name in record.houses(9, BOXES_9):
        assert len(set(cells)) == 9 and name
    assert not record.slant or (record.glyph and len(record.houses(9, BOXES_9)) == 1)
    assert not record.flagged or record.sudokupad
    keys = [(k.fpuzzles, k.iss, k.caption) for k in GRID_RULES.values()]
    assert all(len({key[i] for key in keys}) == len(keys) for i in range(3))


@pytest.mark.parametrize("kind", KINDS)
def test_every_rule_reads_and_writes_in_every_format(kind):
    for p in puzzles_of(kind):
        assert kind in p.rules
        assert formats.parse(formats.format(p)) == p
        assert fpuzzles.read(fpuzzles.write(p)) == p
        assert fpuzzles.write(p)[GRID_RULES[kind].fpuzzles] is True
        assert sudokupad.read(sudokupad.write(p)) == p
        assert iss.read(iss.write(p)) == p
        assert "." + GRID_RULES[kind].iss in iss.write(p)
        assert ipuz.from_ipuz(ipuz.to_ipuz(p)) == p


@pytest.mark.parametrize("kind", KINDS)
def test_every_rule_is_drawn_in_print_and_in_the_terminal(kind):
    record = GRID_RULES[kind]
    for p in puzzles_of(kind):
        assert record.caption in drawing.describe(p).split(", ")
        lines = [i for i in drawing.draw(p).items if isinstance(i, Line)]
        if record.slant:  # a line from corner to corner, its glyph on its cells
            n, cell = p.size, drawing.MAGAZINE.cell
            assert any(abs(abs(i.x2 - i.x1) - n * cell) < 1e-6 and abs(abs(i.y2 - i.y1)
                       - n * cell) < 1e-6 for i in lines)
            grid = VariantsGrid(p.with_givens((0,) * p.cells)).plain()
            assert record.glyph in grid or record.crossing in grid


@pytest.mark.parametrize("kind", KINDS)
def test_every_rule_says_its_rule_in_english_and_japanese(kind):
    words = GRID_RULES[GRID_RULES[kind].sentence].words
    for p in puzzles_of(kind):
        for lang, rule in (("en", words.rule), ("ja", words.rule_ja)):
            said = wording.rules_sentences(p, lang)
            pattern = re.escape(rule).replace(r"\{which\}", ".+").replace(r"\{which_ja\}", ".+")
            assert any(re.fullmatch(pattern, s) for s in said), (lang, said)
            assert not any("{" in s for s in said)
        assert words.name in wording.name(p) or "Variant" in wording.name(p)


def test_both_diagonals_are_one_sentence():
    p = make(9, None, None, rules={k.name for k in SLANTS})
    said = wording.rules_sentences(p, "en")
    assert "Digits may not repeat on either marked diagonal." in said
    one = wording.rules_sentences(make(9, None, None, rules={SLANTS[-1].name}), "en")
    assert "Digits may not repeat on the marked diagonal." in one


@pytest.mark.parametrize("kind", KINDS)
def test_every_rule_names_its_houses_or_breaks_in_words(kind):
    record = GRID_RULES[kind]
    p = make(6, None, None, rules={kind})
    names = [name for _, name in rules.units(p)]
    for _, name in record.houses(6, p.regions):
        assert name in names
    if record.moves:
        pairs = rules.chess_pairs(p)
        assert pairs and all(rule == kind for _, _, rule in pairs)
        a, b, _ = pairs[0]
        filled = [1 + i % 6 for i in range(36)]
        filled[b] = filled[a]
        assert f"break {kind}" in " ".join(rules.broken(p, filled))


@pytest.mark.parametrize("kind", KINDS)
def test_every_rule_counts_as_brute_force_and_cpsat_say(kind):
    for p in puzzles_of(kind):
        own = engine.count(p, 50).count
        assert own == brute_count(p, 50) == cpsat_count(p, 50), (kind, p)


def test_same_places_on_boxes_are_the_disjoint_groups_of_every_size():
    """The record's groups (cells at one place of each region) against the boxes' shapes."""
    for n, (rows, cols) in BOXES.items():
        by_place: dict = {}
        for cell in range(n * n):
            r, c = divmod(cell, n)
            by_place.setdefault((r % rows, c % cols), []).append(cell)
        shapes = tuple(tuple(g) for g in by_place.values())
        assert disjoint_groups(n) == shapes
        assert tuple(g for g, _ in GRID_RULES["disjoint"].houses(n, box_regions(n))) == shapes


def test_a_rule_on_the_boxes_is_refused_on_a_jigsaw():
    for kind in (k for k in GRID_RULES.values() if k.boxes):
        with pytest.raises(ModelError, match=f"{kind.called} need the boxes of a classic grid"):
            make(4, None, JIGSAW_4, rules={kind.name})


def test_iss_reads_each_diagonal_and_refuses_another_argument():
    for kind in SLANTS:
        assert iss.read(f".{kind.iss}").rules == {kind.name}
    with pytest.raises(iss.IssError, match=r"Diagonal~1 \(╱\) or Diagonal~-1 \(╲\)"):
        iss.read(".Diagonal~2")


def test_no_aspect_names_a_rule_over_the_whole_grid():
    """A rule's name in quotes appears in no aspect: they loop over the records (the grid's
    Rich colour names aside, as for the marks)."""
    files = {name: ROOT / "core" / "variants" / name for name in ASPECTS}
    files |= {name: ROOT / "tui" / folder / name for folder, name in (
        ("screens", "variants_editor.py"), ("widgets", "variants_grid.py"))}
    found = set()
    for name, path in files.items():
        code = path.read_text(encoding="utf-8")
        for kind in GRID_RULES:
            if re.search(rf"""["']{kind}["']""", code):
                found.add((name, kind))
    assert not found
