"""Every kind of line is one complete record (core/variants/kinds.py): it reads and writes in
every format, is drawn in print and in the terminal, says its rule in English and Japanese,
has words for each logic step, and counts as an independent brute force and CP-SAT say. A
new record is tested by being added: every test here runs over all of LINES. Then lockout
lines, the kind added as a record, end to end."""

import random

import pytest

from core.variants import drawing, engine, formats, fpuzzles, sudokupad, wording
from core.variants.kinds import LINES, lockout_gap
from core.variants.logic import PROPAGATOR_STEPS, Board, _facts, _key, constraint_step
from core.variants.model import Line, features, make
from tests.core.variants.cpsat import cpsat_count
from tests.core.variants.helpers import brute_count, random_puzzle
from tui.widgets.variants_grid import _shapes

KINDS = sorted(LINES)


def puzzles_of(kind: str):
    """Random puzzles with lines of this kind, true of a solution (4x4 and 6x6)."""
    rng = random.Random(f"kinds-{kind}")
    found = []
    for n, givens in ((4, 2), (6, 7), (6, 9)):
        p = random_puzzle(kind, n, rng, givens)
        if p.lines:
            found.append(p)
    assert found, kind
    return found


@pytest.mark.parametrize("kind", KINDS)
def test_every_record_is_complete(kind):
    record = LINES[kind]
    assert record.name == kind and record.title and len(record.glyph) == 1
    assert [r.fpuzzles for r in LINES.values()].count(record.fpuzzles) == 1
    assert [r.glyph for r in LINES.values()].count(record.glyph) == 1
    assert record.style.color.startswith("#") and record.style.width > 0
    for words in record.words.values():
        assert words.name and words.name_ja and words.rule and words.rule_ja
    assert record.steps and all(1 <= step.score < 10 for step in record.steps.values())
    assert record.addon or record.grey, "SudokuPad needs a drawing of it"


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_reads_and_writes_in_every_format(kind):
    for p in puzzles_of(kind):
        assert formats.parse(formats.format(p)) == p
        assert fpuzzles.read(fpuzzles.write(p)) == p
        if features(p) <= sudokupad.CARRIED and all(
                LINES[line.kind].style_of(line, p.size) or LINES[line.kind].grey
                for line in p.lines):  # (a whisper of an odd difference has no colour)
            assert sudokupad.read(sudokupad.write(p)) == p


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_is_drawn_in_print_and_in_the_terminal(kind):
    record = LINES[kind]
    for p in puzzles_of(kind):
        colours = {getattr(item, attr, None) for item in drawing.draw(p).items
                   for attr in ("color", "fill")}  # (dots of a dotted line: filled circles)
        assert {drawing.line_color(line, p.size) for line in p.lines} <= colours
        shown = _shapes(p)
        for line in p.lines:
            marks = {record.glyph, *record.glyph_ends} - {""}
            assert {shown[c][0] for c in line.cells} <= marks
            assert shown[line.cells[1]][0] == record.glyph or len(line.cells) == 2


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_says_its_rule_in_english_and_japanese(kind):
    record = LINES[kind]
    for p in puzzles_of(kind):
        for lang in ("en", "ja"):
            said = wording.rules_sentences(p, lang)
            keys = {record.words_of(line, p.size) for line in p.lines}
            for key in keys:
                words = record.words[key]
                rule = words.rule_ja if lang == "ja" else words.rule
                assert any(s.startswith(rule.split("{")[0]) for s in said), (lang, said)
        assert any(LINES[kind].words[k].name in wording.name(p) for k in keys) or (
            "Variant" in wording.name(p))


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_has_words_for_its_logic_steps(kind):
    for p in puzzles_of(kind):
        board = Board(p)
        for line in p.lines:
            for prop in LINES[kind].compile(p, line):
                technique, score, words = PROPAGATOR_STEPS[_key(prop)]
                assert words.format(**_facts(board, prop, board.cand))


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_counts_as_brute_force_and_cpsat_say(kind):
    for p in puzzles_of(kind):
        own = engine.count(p, 50).count
        assert own == brute_count(p, 50) == cpsat_count(p, 50), (kind, p)


# --- lockout lines, end to end -------------------------------------------------------------

def lockout(*cells, n=9):
    return make(n, lines=[Line("lockout", tuple(cells))])


@pytest.mark.parametrize("ends, inner, holds", [
    ((1, 5), (6, 9), True), ((5, 1), (7,), True), ((1, 5), (5,), False),
    ((1, 5), (3,), False), ((1, 5), (1,), False), ((2, 5), (9,), False),
    ((9, 4), (2, 3), True), ((4, 9), (), True), ((4, 7), (), False)])
def test_lockout_rule_on_9x9_digits(ends, inner, holds):
    """The diamonds differ by 4 or more; no inner digit lies between them or equals one."""
    cells = tuple(range(len(inner) + 2))
    values = [ends[0], *inner, ends[1]] + [0] * (81 - len(cells))
    assert LINES["lockout"].holds(lockout(*cells), Line("lockout", cells), values) == holds


def test_lockout_gap_is_half_the_size_rounded_down():
    assert [lockout_gap(n) for n in (4, 5, 6, 8, 9, 12, 16)] == [2, 2, 3, 4, 4, 6, 8]


def test_lockout_logic_step_removes_the_middle_digit_from_a_9x9_line():
    """On 9x9 the diamonds' span always holds 5, so no inner cell can."""
    board = Board(lockout(0, 1, 2, 3))
    step = constraint_step(board)
    assert step.technique == "lockout line" and step.score == 2.2
    assert set(step.eliminations) == {(1, 5), (2, 5)}
    assert step.text == ("lockout line: the diamonds r1c1 and r1c4 of the lockout line "
                         "r1c1-r1c4 differ by at least 4, and no digit on it lies between them "
                         "or equals either, so r1c2, r1c3 ≠ 5")


def test_lockout_is_read_from_f_puzzles_with_its_scripts_drawn_copy():
    """f-puzzles' lockout script exports the line under `lockout` and a plain copy marked
    isNewConstraint; both read as one lockout line, and writing gives them back."""
    line = ["R1C1", "R2C2", "R3C3"]
    data = {"size": 9, "grid": [[{} for _ in range(9)] for _ in range(9)],
            "lockout": [{"lines": [line]}],
            "line": [{"lines": [line], "outlineC": "#006CBA", "width": 0.2,
                      "isNewConstraint": True}]}
    p = fpuzzles.read(data)
    assert p == lockout(0, 10, 20)
    written = fpuzzles.write(p)
    assert written["lockout"] == data["lockout"] and written["line"] == data["line"]
    with pytest.raises(fpuzzles.FPuzzlesError, match="'value'"):
        fpuzzles.read(data | {"lockout": [{"lines": [line], "value": "3"}]})


def test_lockout_travels_through_sudokupad_and_the_text_format():
    p = lockout(0, 1, 2, 11)
    drawn = sudokupad.write(p)
    assert {"color": "#006CBA", "thickness": 6.4,
            "wayPoints": [[0.5, 0.5], [0.5, 1.5], [0.5, 2.5], [1.5, 2.5]]} in drawn["lines"]
    assert sudokupad.read(drawn) == p
    assert "lockout: r1c1 r1c2 r1c3 r2c3" in formats.format(p)
    assert formats.parse(formats.format(p)) == p


def test_lockout_says_its_rule_with_the_gap_of_its_size():
    for n, gap in ((9, 4), (6, 3)):
        said = wording.rules_sentences(lockout(0, 1, 2, n=n))
        assert f"differ by at least {gap};" in " ".join(said)
        assert f"差は{gap}以上" in "".join(wording.rules_sentences(lockout(0, 1, 2, n=n), "ja"))
    assert wording.name(lockout(0, 1, 2)) == "Lockout Sudoku"


def test_a_lockout_line_that_cannot_be_is_refused_and_a_short_one_counted():
    with pytest.raises(ValueError, match="passes through r1c2 twice"):
        lockout(0, 1, 2, 1)
    two = lockout(0, 1, n=4)  # just the diamonds: 2 or more apart on 4x4
    assert engine.count(two, 300).count == brute_count(two, 300) == cpsat_count(two, 300)
