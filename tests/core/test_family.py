"""The contract's defaults: the givens that could go, for families without their own pass."""

import random
from pathlib import Path

from core import kinds
from core.arith.model import BLANK, filled

ROOT = Path(__file__).resolve().parents[2]


def more_digits_shown(extra: int, seed: int):
    """The sample long multiplication with `extra` more of its answer's digits printed."""
    family = kinds.by_name("arith")
    puzzle = family.parse((ROOT / "puzzles/arith/long_multiplication.txt").read_text())
    answer = family.count(puzzle).solution
    blanks = [(r, c) for r, (_, cells) in enumerate(puzzle.rows())
              for c, cell in enumerate(cells) if cell == BLANK]
    shown = set(random.Random(seed).sample(blanks, extra))
    rows = tuple("".join(answer[r][c] if (r, c) in shown else cell for c, cell in enumerate(cells))
                 for r, (_, cells) in enumerate(puzzle.rows()))
    return family, filled(puzzle, rows)


def test_the_default_redundant_pass_against_the_count():
    """Masked arithmetic has no pass of its own: each given is counted without it, first
    with a small node cap, then the undecided ones with larger caps."""
    family, puzzle = more_digits_shown(2, 1)
    assert family.count(puzzle).unique
    expected = tuple(c for c in family.givens(puzzle)
                     if family.count(family.without(puzzle, c)).unique)
    assert 0 < len(expected) < len(family.givens(puzzle))
    assert family.redundant(puzzle) == (expected, ())
    checked = family.check(puzzle, with_redundant=True, seconds=60)
    assert checked.count.unique and (checked.redundant, checked.undecided) == (expected, ())


def test_givens_past_the_first_cap_are_decided_in_a_later_pass(monkeypatch):
    """One stop poll (64 nodes) in the first pass: most of these counts take longer, and the
    uncapped pass after it decides them the same."""
    family, puzzle = more_digits_shown(2, 1)
    expected = family.redundant(puzzle)
    monkeypatch.setattr("core.family.REDUNDANT_POLLS", (1, 0))
    assert family.redundant(puzzle) == expected
    monkeypatch.setattr("core.family.REDUNDANT_POLLS", (1,))  # no later pass: left open
    found, undecided = family.redundant(puzzle)
    assert undecided and set(found) <= set(expected[0])
    assert set(found) | set(undecided) >= set(expected[0])


def test_a_stopped_default_pass_says_what_it_did_not_decide():
    family, puzzle = more_digits_shown(2, 1)
    assert family.redundant(puzzle, lambda: True) == ((), tuple(family.givens(puzzle)))
