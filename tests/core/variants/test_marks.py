"""Every kind of mark between two cells is one complete record (core/variants/marks.py): it
reads and writes in every format (with its negative rule where it has one), is drawn in print
and in the terminal, says its rule in English and Japanese, has words for its logic steps,
and counts as an independent brute force and CP-SAT say. A new record is tested by being
added: every test here runs over all of MARKS. Last, no aspect of the variants names a kind
of mark: they loop over the records."""

import random
import re
from pathlib import Path

import pytest

from core.export.drawing import Circle, Label
from core.variants import drawing, engine, formats, fpuzzles, logic, sudokupad, wording
from core.variants.generator import marks_of
from core.variants.marks import MARKS, NEGATIVE_KINDS
from core.variants.model import features, make
from tests.core.variants.cpsat import cpsat_count
from tests.core.variants.helpers import brute_count, random_puzzle, solution_grid
from tui.widgets.variants_grid import _marks_between

KINDS = sorted(MARKS)
ROOT = Path(__file__).resolve().parents[3]


def puzzles_of(kind: str):
    """Random puzzles with marks of this kind, true of a solution (4x4 and 6x6); for a kind
    with a negative rule, also every such mark of a solution with the rule on."""
    rng = random.Random(f"marks-{kind}")
    found = [random_puzzle(kind, n, rng, givens) for n, givens in ((4, 2), (6, 9), (6, 10))]
    if MARKS[kind].rule:
        for n, givens in ((4, 2), (6, 11)):  # givens keep the brute force short
            s = solution_grid(n, rng)
            shown = set(rng.sample(range(n * n), givens))
            found.append(make(n, [v if c in shown else 0 for c, v in enumerate(s)],
                              marks=marks_of(s, n, [kind]), negative={kind}))
    found = [p for p in found if any(m.kind == kind for m in p.marks)]  # (no X on 4x4)
    assert len(found) >= 2, kind
    return found


@pytest.mark.parametrize("kind", KINDS)
def test_every_record_is_complete(kind):
    record = MARKS[kind]
    assert record.name == kind and record.called and record.technique and record.caption
    assert record.shape in ("dot", "stroke", "letter", "sign") and len(record.glyph) == 1
    assert [r.glyph for r in MARKS.values()].count(record.glyph) == 1
    words = record.words
    assert words.name and words.name_ja and words.rule and words.rule_ja
    assert record.fpuzzles and record.says(record.usual)
    assert record.relation(1, 2, 1) in (True, False)
    if record.valued:
        assert record.amount and record.asked and record.legend and all(record.other)
    if record.rule:
        assert record.negative == kind and all(record.rule.plural) and record.rule.caption
        assert record.rule.fpuzzles and record.rule.sudokupad
    assert not record.negative or MARKS[record.negative].rule
    keys = [k for r in MARKS.values() for k in r.keys if k]
    assert all(keys.count(k) == 1 for k in record.keys if k)


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_reads_and_writes_in_every_format(kind):
    for p in puzzles_of(kind):
        assert formats.parse(formats.format(p)) == p
        assert fpuzzles.read(fpuzzles.write(p)) == p
        assert features(p) <= sudokupad.CARRIED
        assert sudokupad.read(sudokupad.write(p)) == p


@pytest.mark.parametrize("kind", sorted(MARKS[k].rule.alone for k in NEGATIVE_KINDS
                                         if MARKS[k].rule.alone))
def test_a_negative_rule_of_its_own_reads_by_its_name(kind):
    """Non-consecutive: the text format's rule word, f-puzzles' and SudokuPad's keys."""
    base = formats.parse(f"size: 4\nrules: {kind}\n")
    (ruled,) = base.negative
    assert base == make(4, negative={ruled})
    assert fpuzzles.write(base)[MARKS[ruled].rule.fpuzzles] is True
    assert sudokupad.write(base)["global"] == [MARKS[ruled].rule.sudokupad]
    assert MARKS[ruled].rule.alone_words.rule in wording.rules_sentences(base)


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_is_drawn_in_print_and_in_the_terminal(kind):
    record = MARKS[kind]
    for p in puzzles_of(kind):
        ours = [m for m in p.marks if m.kind == kind]
        items = drawing.draw(p).items
        if record.shape == "dot":
            dots = [i for i in items if isinstance(i, Circle)
                    and (i.fill == drawing.INK) == record.filled]
            assert len(dots) >= len(ours)
        if record.shape == "letter":
            assert sum(isinstance(i, Label) and i.text == record.glyph
                       for i in items) == len(ours)
        shown = _marks_between(p)
        for m in ours:
            glyph = shown[(min(m.a, m.b), max(m.a, m.b))][0]
            assert glyph == (str(m.value) if m.value else record.glyph) or record.shape in (
                "stroke", "sign")
        caption = drawing.describe(p)
        assert record.caption in caption or (record.rule and record.rule.alone_caption
                                             in caption)


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_says_its_rule_in_english_and_japanese(kind):
    record = MARKS[kind]
    for p in puzzles_of(kind):
        for lang in ("en", "ja"):
            said = " ".join(wording.rules_sentences(p, lang))
            rule = record.words.rule_ja if lang == "ja" else record.words.rule
            assert rule.split("{")[0] in said, (lang, said)
            if kind in p.negative:
                assert record.rule.plural[lang == "ja"] in said
        assert record.words.name in wording.name(p) or "Variant" in wording.name(p)


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_has_words_for_its_logic_steps(kind):
    """Each pair table the kind ties says which mark (or missing mark) and what it means."""
    record = MARKS[kind]
    for p in puzzles_of(kind):
        board = logic.Board(p)
        pairs = [prop for prop in engine.plan_of(engine.shape_of(p)).props
                 if type(prop).__name__ == "Pair" and prop.tests]
        ours = [prop for prop in pairs if any(
            name.rstrip("0123456789") == kind for name, _ in prop.tests)]
        assert ours
        for prop in ours:
            technique, why = logic._mark_words(board, prop)
            assert technique.removeprefix("negative ") in {r.technique for r in MARKS.values()}
            assert why and "{" not in why
            if all(holds for _, holds in prop.tests) and len(prop.tests) == 1:
                assert technique == record.technique
                assert record.called in why or record.directed


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_counts_as_brute_force_and_cpsat_say(kind):
    for p in puzzles_of(kind):
        own = engine.count(p, 50).count
        assert own == brute_count(p, 50) == cpsat_count(p, 50), (kind, p)


# The aspects that loop over MARKS (a module that reads or writes marks joins the list).
ASPECTS = ("model.py", "rules.py", "logic.py", "engine.py", "compiled.py", "drawing.py",
           "wording.py", "formats.py", "fpuzzles.py", "generator.py", "lines.py",
           "sudokupad/reader.py", "sudokupad/writer.py", "sudokupad/styles.py",
           "sudokupad/geometry.py", "sudokupad/scl.py", "iss.py", "ipuz.py")


def test_no_aspect_names_a_kind_of_mark():
    """A mark kind's name in quotes appears in no aspect: they loop over the records
    (lines.py's "less" is a tie between a minimum or maximum and a neighbour, not the mark;
    "v" is also the letter SudokuPad, f-puzzles and the terminal write for a downward sign,
    and a key of SudokuPad's zipper; "x" the editor's word and the terminal's glyph for an
    X-sum; f-puzzles' docstring shows a bar's item)."""
    allowed = {("lines.py", "less"), ("fpuzzles.py", "v"), ("sudokupad/styles.py", "v"),
               ("sudokupad/scl.py", "v"), ("variants_grid.py", "v"), ("variants_grid.py", "x"),
               ("variants_editor.py", "x"), ("fpuzzles.py", "bar")}
    files = {name: ROOT / "core" / "variants" / name for name in ASPECTS}
    files |= {name: ROOT / "tui" / folder / name for folder, name in (
        ("screens", "variants_editor.py"), ("widgets", "variants_grid.py"))}
    found = set()
    for name, path in files.items():
        code = path.read_text(encoding="utf-8")
        if name == "variants_grid.py":  # Rich's colour names
            code = re.sub(r"Style\([^)]*\)", "", code)
        for kind in MARKS:
            if re.search(rf"""["']{kind}["']""", code) and (name, kind) not in allowed:
                found.add((name, kind))
    assert not found


def test_a_flag_is_read_only_under_the_key_of_the_kind_it_tells_apart():
    """A bar is a `difference` item with "bar": true; under `ratio` the flag names no kind
    (it read as a consecutive bar before the records), so it is refused by name."""
    grid = [[{} for _ in range(4)] for _ in range(4)]
    bar = fpuzzles.read({"size": 4, "grid": grid,
                         "difference": [{"cells": ["R1C1", "R1C2"], "bar": True}]})
    assert [m.kind for m in bar.marks] == ["bar"]
    with pytest.raises(fpuzzles.FPuzzlesError, match=r"ratio\[0\] has 'bar'"):
        fpuzzles.read({"size": 4, "grid": grid,
                       "ratio": [{"cells": ["R1C1", "R1C2"], "value": "1", "bar": True}]})
