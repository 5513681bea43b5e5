"""Every kind of clue on single cells (core/variants/cell_clues.py: even and odd cells, minima
and maxima) is one complete record: it reads and writes in every format (the text format,
f-puzzles, SudokuPad, ISS), is drawn in print and in the terminal, says its rule in English and
Japanese, has words for its logic steps, and counts as an independent brute force and CP-SAT
say. A new record is tested by being added: every test here runs over all of CELL_KINDS.
Last, no aspect of the variants names one."""

import random
import re

import pytest

from core.variants import drawing, engine, formats, fpuzzles, iss, rules, sudokupad, wording
from core.variants.cell_clues import CELL_KINDS
from core.variants.logic import PROPAGATOR_STEPS, Board, _facts, _key
from core.variants.model import ModelError, make
from tests.core.variants.cpsat import cpsat_count
from tests.core.variants.helpers import brute_count, solution_grid
from tests.core.variants.test_marks import ASPECTS, ROOT
from tui.screens.variants_editor import here
from tui.widgets.variants_grid import VariantsGrid, legend

KINDS = list(CELL_KINDS)


def true_cells(kind, n: int, s, rng) -> list[int]:
    """Cells of the solution s that keep this kind's clue (a parity's digits; an extreme's
    neighbours, the clue cells apart from each other)."""
    record, found = CELL_KINDS[kind], []
    for c in rng.sample(range(n * n), n * n):
        if record.remainder is not None:
            ok = record.allows(s[c], n, 0)
        else:
            near = [x for x in range(n * n) if abs(x // n - c // n) + abs(x % n - c % n) == 1]
            ok = not set(near) & set(found) and all(
                (s[c] < s[x]) if record.smaller else (s[c] > s[x]) for x in near)
        if ok:
            found.append(c)
        if len(found) == n // 2 + 1:
            break
    return found


def puzzles_of(kind: str):
    """Random puzzles with clues of this kind true of a solution (4x4 and 6x6), with few
    and more givens."""
    rng = random.Random(f"cell-clues-{kind}")
    found = []
    for n, givens in ((4, 1), (4, 3), (6, 6), (6, 12)):
        s = solution_grid(n, rng)
        cells = true_cells(kind, n, s, rng)
        shown = set(rng.sample(range(n * n), givens))
        found.append(make(n, [s[c] if c in shown else 0 for c in range(n * n)], None,
                          **{kind: cells}))
    assert all(getattr(p, kind) for p in found)
    return found


@pytest.mark.parametrize("kind", KINDS)
def test_every_record_is_complete(kind):
    record = CELL_KINDS[kind]
    assert record.field == kind and record.word and record.called and record.caption
    words = record.words
    assert words.name and words.name_ja and words.rule and words.rule_ja
    assert (record.remainder is None) != (record.smaller is None)  # a parity or an extreme
    if record.remainder is not None:  # on 1-9 and on 0-8 (held 1 shows 0, which is even)
        assert record.glyph and 0 < record.digits(9, 0) < 1 << 9
        assert record.digits(9, 1) == (1 << 9) - 1 - record.digits(9, 0)
        assert record.allows(1, 9, 1) == (record.remainder == 0)
    else:
        assert len(record.sides) == 2 and record.steps and all(record.chevron)
        assert all(1 <= step.score < 10 for step in record.steps.values())
    words_of = [(k.word, k.glyph or k.sides) for k in CELL_KINDS.values()]
    assert all(len({w[i] for w in words_of}) == len(words_of) for i in range(2))


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_reads_and_writes_in_every_format(kind):
    record = CELL_KINDS[kind]
    for p in puzzles_of(kind):
        text = formats.format(p)
        assert f"{record.word}: " in text and formats.parse(text) == p
        assert record.word in fpuzzles.write(p) and fpuzzles.read(fpuzzles.write(p)) == p
        assert sudokupad.read(sudokupad.write(p)) == p
        assert iss.read(iss.write(p)) == p


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_is_drawn_in_print_and_in_the_terminal(kind):
    record = CELL_KINDS[kind]
    for p in puzzles_of(kind):
        assert record.caption in drawing.describe(p).split(", ")
        bare = p.with_givens((0,) * p.cells)
        assert len(drawing.draw(p).items) > len(drawing.draw(make(p.size, None, None)).items)
        grid = VariantsGrid(bare).plain()
        assert (record.glyph or record.sides[0]) in grid
        cell = record.cells(p)[0]
        if record.sides:
            assert record.caption in legend(p).plain and record.caption in here(p, cell)


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_says_its_rule_in_english_and_japanese(kind):
    record = CELL_KINDS[kind]
    for p in puzzles_of(kind):
        assert record.words.rule in wording.rules_sentences(p, "en")
        assert record.words.rule_ja in wording.rules_sentences(p, "ja")
        assert record.words.name in wording.name(p) or "Variant" in wording.name(p)


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_has_words_for_its_logic_steps_and_breaks(kind):
    record = CELL_KINDS[kind]
    for p in puzzles_of(kind):
        board = Board(p)
        ours = [prop for prop in board.plan.props if _key(prop) in record.steps]
        assert bool(ours) == bool(record.steps)
        for prop in ours:
            technique, score, words = PROPAGATOR_STEPS[_key(prop)]
            said = words.format(**_facts(board, prop, board.cand))
            assert said and "{" not in said
        wrong = list(engine.count(p, 1).solutions[0])
        c = record.cells(p)[0]
        if record.remainder is not None:  # a digit of the other parity; else the wrong extreme
            wrong[c] = next(d for d in range(1, p.size + 1)
                            if not record.allows(d, p.size, p.shift))
        else:
            wrong[c] = p.size if record.smaller else 1
        assert any(p.name(c) in b for b in rules.broken(p, wrong))


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_counts_as_brute_force_and_cpsat_say(kind):
    for p in puzzles_of(kind):
        own = engine.count(p, 50).count
        assert own == brute_count(p, 50) == cpsat_count(p, 50), (kind, p)


def test_a_cell_takes_one_clue_of_a_group():
    for i, a in enumerate(CELL_KINDS.values()):
        for b in list(CELL_KINDS.values())[i + 1:]:
            if a.group == b.group:
                with pytest.raises(ModelError, match=f"r1c1 is marked both {a.called} and "
                                                     f"{b.called}"):
                    make(4, None, None, **{a.field: [0], b.field: [0]})


def test_no_aspect_names_a_kind_of_cell_clue():
    """A kind's field or word in quotes appears in no aspect: they loop over the records
    (the model keeps their fields)."""
    files = {name: ROOT / "core" / "variants" / name for name in ASPECTS}
    files |= {name: ROOT / "tui" / folder / name for folder, name in (
        ("screens", "variants_editor.py"), ("widgets", "variants_grid.py"))}
    found = set()
    for name, path in files.items():
        code = path.read_text(encoding="utf-8")
        for kind in CELL_KINDS.values():
            for word in {kind.field, kind.word}:
                if re.search(rf"""["']{word}["']""", code):
                    found.add((name, word))
    assert not found
