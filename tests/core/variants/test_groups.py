"""Every kind of clue on a group of cells (core/variants/groups.py: quadruples, ...) is one
complete record: it reads and writes in every format (the text format, f-puzzles, SudokuPad,
ISS), is drawn in print and in the terminal, says its rule in English and Japanese, has words
for its logic steps and what a grid breaks, and counts as an independent brute force and CP-SAT
say, on both engines. A new record is tested by being added: every test here runs over all of
GROUPS (and fails until the kind has a way to make clues true of a solution, TRUE_CLUES).
Last, no aspect of the variants names one."""

import random
import re
from dataclasses import replace

import pytest

from core.variants import drawing, engine, formats, fpuzzles, iss, rules, sudokupad, wording
from core.variants.groups import GROUPS, REGIONS
from core.variants.logic import PROPAGATOR_STEPS, Board, _facts, _key
from core.variants.model import ModelError, make, windows
from tests.core.variants.cpsat import cpsat_count
from tests.core.variants.helpers import brute_count, indexed, solution_grid
from tests.core.variants.test_marks import ASPECTS, ROOT
from tui.screens.variants_editor import here
from tui.widgets.variants_grid import VariantsGrid, _tints, legend

KINDS = list(GROUPS)


def _quads(n: int, s, rng) -> list:
    """Two 2x2s, each with some of the digits the solution puts there (ISS keeps one a
    corner: two on one are tested in test_iss)."""
    found = []
    for corner in rng.sample([r * n + c for r in range(n - 1) for c in range(n - 1)], 2):
        square = (corner, corner + 1, corner + n, corner + n + 1)
        digits = tuple(rng.sample([s[c] for c in square], rng.randint(1, 4)))
        found.append(GROUPS["quads"].at_corner(corner, digits, n))
    return found


def _clones(n: int, s, rng) -> list:
    """A shape of two or three cells and another, apart, holding the same digits in the
    same places (cells of a digit paired with other cells of that digit)."""
    same = [(a, b) for a in range(n * n) for b in range(a + 1, n * n) if s[a] == s[b]]
    while True:
        pairs = rng.sample(same, rng.randint(2, 3))
        cells = [c for pair in pairs for c in pair]
        if len(set(cells)) == len(cells):
            return [GROUPS["clones"].twin(tuple(a for a, _ in pairs),
                                          tuple(b for _, b in pairs))]


def _regions(n: int, s, rng) -> list:
    """Two groups of 2 to n cells holding different digits in the solution."""
    found = []
    for _ in range(2):
        cells = {s[c]: c for c in rng.sample(range(n * n), n * n)}  # a cell of each digit
        found.append(tuple(sorted(rng.sample(sorted(cells.values()), rng.randint(2, n)))))
    return found


def _indexers(n: int, s, rng) -> list:
    """A cell or two of each way (row, column, box indexer) that the solution keeps, a way
    a cell."""
    probe = make(n)
    found = []
    for way in GROUPS["indexers"].ways:
        fitting = [c for c in range(n * n) if indexed(probe, way.name, c, s)
                   and c not in {x for _, x in found}]
        found += [(way.name, c) for c in rng.sample(fitting, min(2, len(fitting)))]
    return found


def _pencil(n: int, s, rng) -> list:
    """A few cells' given digits, each holding the solution's digit and some others."""
    return [(c, (1 << (s[c] - 1)) | rng.getrandbits(n) & ~(1 << rng.randrange(n)) & (
        (1 << n) - 1)) for c in rng.sample(range(n * n), n)]


TRUE_CLUES = {"quads": _quads, "clones": _clones, "extra": _regions, "indexers": _indexers,
              "candidates": _pencil}


def puzzles_of(kind: str):
    """Random puzzles with clues of this kind true of a solution (4x4 and 6x6), with few
    and more givens."""
    rng = random.Random(f"groups-{kind}")
    found = []
    for n, givens in ((4, 1), (4, 3), (6, 6), (6, 12)):
        s = solution_grid(n, rng)
        shown = set(rng.sample(range(n * n), givens))
        found.append(make(n, [s[c] if c in shown else 0 for c in range(n * n)], None,
                          **{kind: TRUE_CLUES[kind](n, s, rng)}))
    assert all(GROUPS[kind].items(p) for p in found)
    return found


@pytest.mark.parametrize("kind", KINDS)
def test_every_record_is_complete(kind):
    record = GROUPS[kind]
    assert record.field == kind and record.called and record.caption
    assert record.iss or record.pencil  # a pencil kind: a cell's allowed digits in ISS
    for words in [record.words] if record.words else [way.words for way in record.ways]:
        assert words.rule and words.rule_ja  # a name in both languages, or none (None)
        assert bool(words.name) == bool(words.name_ja) and (words.name or record.pencil)
    assert all(1 <= step.score < 10 for step in record.steps.values())
    assert set(record.facts) <= set(record.steps)
    # a pair's source names its record by its class: a class of its own, never a plain tuple
    # (a minimum's pair has one)
    assert record.item is object or record.item.__module__ == "core.variants.groups"
    shapes = [bool(record.make), bool(record.twin), record.region, bool(record.ways),
              bool(record.pencil)]
    assert shapes.count(True) == 1  # one shape
    if record.region:  # a house: counted, broken and stepped as one
        assert not (record.steps or record.compile or record.broken) and record.tints
    else:  # a pencil kind narrows its cells' masks in the engine: no propagator
        assert record.steps and bool(record.compile) != bool(record.pencil)
        assert record.broken and record.said and record.key
    if record.pencil:  # on each cell in f-puzzles and SudokuPad; its step in the logic
        assert record.marks and record.step and record.legend and record.sample
    if record.ways:  # each way its own key, words, drawing and glyph
        for way in record.ways:
            assert way.key and all(way.addon) and way.fill and way.tint and way.glyph
        assert len({way.glyph for way in record.ways}) == len(record.ways)
    else:
        assert record.word and (record.fpuzzles or record.pencil)
        assert record.region or record.legend
    if record.make:  # the corner shape
        assert record.merged and record.most and record.circle and record.key
    if record.twin:  # the twin shape
        assert record.shapes and record.relation and record.other and record.example
        assert record.typed and record.glyph and record.tints and record.fill
    for attribute in ("word", "fpuzzles", "iss", "key"):
        said = [getattr(k, attribute) for k in GROUPS.values() if getattr(k, attribute)]
        assert len(set(said)) == len(said), attribute


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_reads_and_writes_in_every_format(kind):
    record = GROUPS[kind]
    keys = [way.key for way in record.ways] or [record.word]
    for p in puzzles_of(kind):
        text = formats.format(p)
        assert all(f"{key}: " in text for key in keys) and formats.parse(text) == p
        data = fpuzzles.write(p)
        if record.pencil:
            assert record.pencil in str(data["grid"]) and record.marks in str(sudokupad.write(p))
        else:
            assert all(key in data for key in [way.key for way in record.ways]
                       or [record.fpuzzles])
        assert fpuzzles.read(data) == p
        assert sudokupad.read(sudokupad.write(p)) == p
        lost = [way for way in record.ways if not way.iss]  # ISS has no such way: refused
        if lost:
            with pytest.raises(iss.IssError, match=f"a {lost[0].name} {record.called}"):
                iss.write(p)
            p = replace(p, **{kind: tuple(x for x in record.items(p)
                                          if x[0] not in {w.name for w in lost})})
        said = iss.write(p)
        if record.pencil:  # a cell's allowed digits, among the givens: ISS reads one digit
            # back as a given, an even or odd set as a parity; the same puzzle
            assert engine.count(iss.read(said), 50).count == engine.count(p, 50).count
            continue
        assert (f"_{record.iss}1~" if record.twin else f".{record.iss}~") in said or (
            record.windows and ".Windoku" in said)
        assert iss.read(said) == p


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_is_drawn_in_print_and_in_the_terminal(kind):
    record = GROUPS[kind]
    for p in puzzles_of(kind):
        captions = [way.caption for way in record.ways] or [record.caption]
        assert set(captions) <= set(drawing.describe(p).split(", "))
        assert len(drawing.draw(p).items) > len(drawing.draw(make(p.size, None, None)).items)
        bare = p.with_givens((0,) * p.cells)
        plain = VariantsGrid(bare).plain()
        item = record.items(p)[0]
        if record.make:  # a corner's digits over the corner
            corner, digits = record.digits_of(item)
            assert "".join(p.digit(d) for d in digits) in plain
        if record.twin:  # the twin shapes' glyph in their empty cells
            assert record.glyph in plain
        if record.region:  # its cells tinted
            assert all(_tints(p)[c] == record.tints[0] for c in item)
        elif record.ways:  # each way's glyph, tint and words
            for way in record.ways:
                assert way.glyph in plain and way.caption in legend(p).plain
                assert all(_tints(p)[c] == way.tint for c in way.cells(p, kind))
            assert record.said(p, item, item[1]) in here(p, item[1])
        else:
            assert record.legend in legend(p).plain
            assert record.said(p, item, record.cells(item)[0]) in here(p, record.cells(item)[0])


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_says_its_rule_in_english_and_japanese(kind):
    record = GROUPS[kind]
    for p in puzzles_of(kind):
        fields = record.sentence(p) if record.sentence else {}
        for words in [record.words] if record.words else [way.words for way in record.ways]:
            assert words.rule.format(**fields) in wording.rules_sentences(p, "en")
            assert words.rule_ja.format(**fields) in wording.rules_sentences(p, "ja")
            assert not words.name or words.name in wording.name(p) or (
                "Variant" in wording.name(p))


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_has_words_for_its_logic_steps_and_breaks(kind):
    record = GROUPS[kind]
    seen = set()
    for p in puzzles_of(kind):
        board = Board(p)
        if record.region:  # a house among the board's groups; a repeat in it is said so
            assert all(region in board.plan.units for region in record.items(p))
            solution = list(engine.count(p, 1).solutions[0])
            a, b = record.items(p)[0][:2]
            solution[a] = solution[b]
            assert f"a digit repeats in {record.called} 1" in rules.broken(p, solution)
            continue
        ours = [prop for prop in (*board.plan.props, *board.steps)  # a pencil kind: the board's
                if _key(prop) in record.steps]
        assert ours
        for prop in ours:
            seen.add(_key(prop))
            technique, score, words = PROPAGATOR_STEPS[_key(prop)]
            said = words.format(**_facts(board, prop, board.cand))
            assert said and "{" not in said
        solution = list(engine.count(p, 1).solutions[0])
        assert not rules.broken(p, solution)
        wrong = _broken(record, p, solution)
        assert record.broken(p, wrong) and set(record.broken(p, wrong)) <= set(
            rules.broken(p, wrong))
    assert seen == set(record.steps)


def _broken(record, p, solution) -> list[int]:
    """The solution with the first clue's first cell changed to a digit that breaks it."""
    item = record.items(p)[0]
    for cell in record.cells(item):
        for d in range(1, p.size + 1):
            wrong = list(solution)
            wrong[cell] = d
            if record.broken(p, wrong):
                return wrong
    raise AssertionError(f"no digit breaks {item}")


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_counts_as_brute_force_and_cpsat_say(kind, engine):
    from core.variants import engine as variants_engine

    for p in puzzles_of(kind):
        own = variants_engine.count(p, 50).count
        assert own == brute_count(p, 50) == cpsat_count(p, 50), (kind, p)


def test_a_region_is_2_to_n_cells_and_hyper_says_the_windows():
    for record in REGIONS:
        with pytest.raises(ModelError, match=f"an {record.called} has 2 to 4 cells; found 1"):
            make(4, None, None, **{record.field: [(0,)]})
        if record.windows:
            hyper = make(9, None, None, **{record.field: windows(9)})
            assert "rules: hyper" in formats.format(hyper) and ".Windoku" in iss.write(hyper)
            assert formats.parse(formats.format(hyper)) == hyper == iss.read(iss.write(hyper))


def test_a_corner_clue_sits_where_four_cells_meet():
    for record in GROUPS.values():
        if record.make:
            with pytest.raises(ModelError, match=f"a {record.called}'s circle sits where four "
                                                 "cells meet"):
                make(4, None, None, **{record.field: [record.make((3, 4, 7, 8), (1,))]})
            with pytest.raises(Exception, match="top-left cell"):
                formats.parse("kind: variants\n" + ". . . .\n" * 4
                              + f"{record.word}: r1c4=12\n")


def test_no_aspect_names_a_kind_of_group_clue():
    """A kind's field, word, f-puzzles key, ISS type or way's key in quotes, or its field
    read off a puzzle (p.quads), appears in no aspect: they loop over the records (the model
    keeps their fields; compiled.py names the handler shapes). "candidates" is also the
    editor's job of true candidates (its SLOTS)."""
    allowed = {("variants_editor.py", "candidates")}
    files = {name: ROOT / "core" / "variants" / name for name in ASPECTS
             if name != "compiled.py"}
    files |= {name: ROOT / "tui" / folder / name for folder, name in (
        ("screens", "variants_editor.py"), ("widgets", "variants_grid.py"))}
    found = set()
    for name, path in files.items():
        code = path.read_text(encoding="utf-8")
        for kind in GROUPS.values():
            for word in {kind.field, kind.word, kind.fpuzzles, kind.iss,
                         *(way.key for way in kind.ways)} - {""}:
                if re.search(rf"""["']{word}["']""", code) and (name, word) not in allowed:
                    found.add((name, word))
            if re.search(rf"\b(p|puzzle|self)\.{kind.field}\b", code):
                found.add((name, f"p.{kind.field}"))
    assert not found
