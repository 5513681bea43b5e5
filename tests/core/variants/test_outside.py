"""Every kind of outside clue read along a row or column (core/variants/outside.py) is one
complete record: it reads and writes in every format, is drawn in print and in the terminal,
says its rule in English and Japanese, has words for its logic step, and counts as an
independent brute force and CP-SAT say. A new record is tested by being added: every test
here runs over all of OUTSIDE. Last, no aspect of the variants names a kind of outside clue."""

import random
import re

import pytest

from core.export.drawing import Box, Circle
from core.variants import drawing, engine, formats, fpuzzles, sudokupad, wording
from core.variants.logic import PROPAGATOR_STEPS, Board, _facts, _key
from core.variants.outside import OUTSIDE
from tests.core.variants.cpsat import cpsat_count
from tests.core.variants.helpers import brute_count, random_puzzle
from tests.core.variants.test_marks import ASPECTS, ROOT
from tui.widgets.variants_grid import _outside_clues, legend

KINDS = sorted(OUTSIDE)


def puzzles_of(kind: str):
    """Random puzzles with clues of this kind, true of a solution (4x4 and 6x6)."""
    rng = random.Random(f"outside-{kind}")
    found = [random_puzzle(kind, n, rng, givens) for n, givens in ((4, 2), (6, 9), (6, 10))]
    found = [p for p in found if p.outside]
    assert len(found) >= 2, kind
    return found


@pytest.mark.parametrize("kind", KINDS)
def test_every_record_is_complete(kind):
    record = OUTSIDE[kind]
    assert record.name == kind and record.called and record.title and record.caption
    words = record.words
    assert words.name and words.name_ja and words.rule and words.rule_ja
    assert [r.glyph for r in OUTSIDE.values()].count(record.glyph) == 1
    assert all(record.addon) and record.editor and record.steps
    assert all(1 <= step.score < 10 for step in record.steps.values())
    assert record.top(9) >= record.clue(list(range(1, 10))) >= 1


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_reads_and_writes_in_every_format(kind):
    for p in puzzles_of(kind):
        assert formats.parse(formats.format(p)) == p
        assert fpuzzles.read(fpuzzles.write(p)) == p
        assert sudokupad.read(sudokupad.write(p)) == p


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_is_drawn_in_print_and_in_the_terminal(kind):
    record = OUTSIDE[kind]
    for p in puzzles_of(kind):
        items = drawing.draw(p).items
        shape = Circle if record.ring else Box
        ours = [o for o in p.outside if o.kind == kind]
        assert sum(isinstance(i, shape) for i in items) >= len(ours)
        assert record.caption in drawing.describe(p)
        shown = set(_outside_clues(p).values())
        assert {f"{record.glyph}{o.total}" for o in ours} <= shown
        assert record.caption in legend(p).plain


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_says_its_rule_in_english_and_japanese(kind):
    record = OUTSIDE[kind]
    for p in puzzles_of(kind):
        for lang in ("en", "ja"):
            rule = record.words.rule_ja if lang == "ja" else record.words.rule
            assert rule in wording.rules_sentences(p, lang)
        assert record.words.name in wording.name(p) or "Variant" in wording.name(p)


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_has_words_for_its_logic_step(kind):
    for p in puzzles_of(kind):
        board = Board(p)
        ours = [prop for prop in board.plan.props if _key(prop) in OUTSIDE[kind].steps]
        assert len(ours) == sum(o.kind == kind for o in p.outside)
        for prop in ours:
            technique, score, words = PROPAGATOR_STEPS[_key(prop)]
            said = words.format(**_facts(board, prop, board.cand))
            assert said and "{" not in said


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_counts_as_brute_force_and_cpsat_say(kind):
    for p in puzzles_of(kind):
        own = engine.count(p, 50).count
        assert own == brute_count(p, 50) == cpsat_count(p, 50), (kind, p)


def test_no_aspect_names_a_kind_of_outside_clue():
    """compiled.py's "skyscraper" is its handler's shape in the compiled engine."""
    allowed = {("compiled.py", "skyscraper")}
    files = {name: ROOT / "core" / "variants" / name for name in ASPECTS}
    files |= {name: ROOT / "tui" / folder / name for folder, name in (
        ("screens", "variants_editor.py"), ("widgets", "variants_grid.py"))}
    found = {(name, kind) for name, path in files.items() for kind in OUTSIDE
             if re.search(rf"""["']{kind}["']""", path.read_text(encoding="utf-8"))
             and (name, kind) not in allowed}
    assert not found
