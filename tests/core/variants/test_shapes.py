"""Every kind of shape (core/variants/shapes.py: killer cages...) is one complete record: it
reads and writes in every format, is drawn in print and in the terminal, says its rule in
English and Japanese, has words for its logic steps, and counts as an independent brute
force and CP-SAT say, on both engines. A new record is tested by being added: every test here
runs over all of SHAPES (the brute force and CP-SAT of tests/core/variants/helpers.py and
cpsat.py hold each rule written again). Last, no aspect of the variants names a kind."""

import json
import random
import re
from dataclasses import replace

import pytest

from core.export.drawing import Path
from core.variants import drawing, formats, fpuzzles, ipuz, iss, sudokupad, wording
from core.variants import engine as variants_engine
from core.variants.logic import PROPAGATOR_STEPS, Board, _facts, _key
from core.variants.shapes import SHAPES
from tests.core.variants.cpsat import cpsat_count
from tests.core.variants.helpers import brute_count, random_puzzle
from tests.core.variants.test_marks import ASPECTS, ROOT
from tui.screens.variants_editor import here
from tui.widgets.variants_grid import _look

# The tests' own puzzle makers (tests/core/variants/helpers.py) of each record's kind
MADE = {"cages": ("cage", "cage-nosum"), "little": ("little",), "thermos": ("thermo",),
        "arrows": ("arrow", "pill"), "sandwiches": ("sandwich",)}
KINDS = sorted(SHAPES)


def test_every_record_is_made_here():
    assert set(MADE) == set(SHAPES)


def puzzles_of(kind: str):
    """Random puzzles of this kind, true of a solution (4x4 and 6x6), each made way."""
    found = []
    for made in MADE[kind]:
        rng = random.Random(f"shapes-{made}")
        found += [random_puzzle(made, n, rng, givens) for n, givens in ((4, 2), (4, 0),
                                                                        (6, 9), (6, 10))]
    found = [p for p in found if SHAPES[kind].of(p)]
    assert len(found) >= 3, kind
    return found


@pytest.mark.parametrize("kind", KINDS)
def test_every_record_is_complete(kind):
    record = SHAPES[kind]
    assert record.field == kind and record.word and record.called and record.caption
    words = record.words
    assert words.name and words.name_ja and words.rule and words.rule_ja
    assert record.fpuzzles and record.iss
    assert all(1 <= step.score < 10 for step in record.steps.values())
    assert [r.word for r in SHAPES.values()].count(record.word) == 1


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_reads_and_writes_in_every_format(kind):
    for p in puzzles_of(kind):
        assert formats.parse(formats.format(p)) == p
        assert formats.format(p).count(f"\n{SHAPES[kind].word}") == len(SHAPES[kind].of(p))
        assert fpuzzles.read(json.loads(json.dumps(fpuzzles.write(p)))) == p
        assert sudokupad.read(sudokupad.write(p)) == p
        back = iss.read(iss.write(p))  # ISS's own form: a clue on a corner cell moves
        assert iss.write(back) == iss.write(p) and len(SHAPES[kind].of(back)) == len(
            SHAPES[kind].of(p))
        assert variants_engine.count(back, 20).solutions == variants_engine.count(
            p, 20).solutions
        if SHAPES[kind].ipuz:
            assert ipuz.from_ipuz(json.loads(json.dumps(ipuz.to_ipuz(p)))) == p


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_is_drawn_in_print_and_in_the_terminal(kind):
    record = SHAPES[kind]
    for p in puzzles_of(kind):
        assert record.caption in drawing.describe(p).split(", ")
        bare = p.with_givens((0,) * p.cells)
        without = drawing.draw(replace(bare, **{kind: ()})).items
        assert len(drawing.draw(bare).items) > len(without)
        if record.tinted(p):  # a dashed outline a shape, in print; tinted in the terminal
            assert sum(isinstance(i, Path) and bool(i.dash) for i in drawing.draw(p).items) >= len(
                record.of(p))
            assert {c for cells in record.tinted(p) for c in cells} <= set(_look(p).tints)
        assert record.corner(p).items() <= _look(p).sums.items()
        assert record.margin(p).items() <= _look(p).clues.items()
        for cell in record.cells(record.of(p)[0])[:1]:  # (a clue beside a line has none)
            assert all(words in here(p, cell) for words in record.here(p, cell))


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_says_its_rule_in_english_and_japanese(kind):
    record = SHAPES[kind]
    for p in puzzles_of(kind):
        values = {**wording._values(p)}
        for lang in ("en", "ja"):
            rule = record.words.rule_ja if lang == "ja" else record.words.rule
            assert rule.format(**values) in wording.rules_sentences(p, lang)
        assert record.words.name in wording.name(p) or "Variant" in wording.name(p)
        assert record.words.name_ja in wording.name(p, "ja") or "変形" in wording.name(p, "ja")


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_has_words_for_its_logic_steps(kind):
    """Each propagator a record compiles (and those it adds with the houses) is a step the
    logic says in words: its record's or its handler's own (a sum within bounds)."""
    said = 0
    for p in puzzles_of(kind):
        board = Board(p)
        houses = [u for u in board.plan.units if len(u) == p.size]
        shape = variants_engine.held_sums(p)
        ours = SHAPES[kind].compile(shape, [set(q) for q in board.plan.peers])
        ours += SHAPES[kind].houses(shape, houses)
        keys = {_key(prop) for prop in ours}
        assert keys <= set(PROPAGATOR_STEPS)
        for prop in board.plan.steps:
            if _key(prop) in keys:
                technique, score, words = PROPAGATOR_STEPS[_key(prop)]
                text = words.format(**_facts(board, prop, board.cand))
                assert text and "{" not in text
                said += 1
    assert said


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_counts_as_brute_force_and_cpsat_say(kind, engine):
    for p in puzzles_of(kind):
        own = variants_engine.count(p, 50).count
        assert own == brute_count(p, 50) == cpsat_count(p, 50), (kind, p)


def test_no_aspect_names_a_kind_of_shape():
    """A kind's words in quotes, or its Variant field read off or given to a puzzle, appear in
    no aspect: they loop over the records. Allowed: SudokuPad's own JSON keeps its cages and
    arrows under "cages" and "arrows" (scl.py's short names, the writer's and reader's keys)
    and f-puzzles its plain cages under "cage", whatever they draw; the killer generator
    (generator.py's mode of its own, beside jigsaw and marks) makes cages; compiled.py's
    "sandwich" is its handler's shape in the compiled engine."""
    allowed = {*((f"sudokupad/{name}", key) for name in ("reader.py", "writer.py", "scl.py")
                 for key in ("cages", "arrows")),
               ("fpuzzles.py", "cage"), ("generator.py", "cages"), ("compiled.py", "sandwich")}
    files = {name: ROOT / "core" / "variants" / name for name in ASPECTS}
    files |= {name: ROOT / "tui" / folder / name for folder, name in (
        ("screens", "variants_editor.py"), ("widgets", "variants_grid.py"))}
    found = set()
    for name, path in files.items():
        text = path.read_text(encoding="utf-8")
        for record in SHAPES.values():
            for word in (record.field, record.word):
                quoted = re.search(rf"""["']{word}["']""", text)
                read = re.search(rf"\b(p|puzzle|shape|base|bare)\.{word}\b|[(,]\s*{word}=",
                                 text)
                if (quoted or read) and (name, word) not in allowed:
                    found.add((name, word))
    assert not found
