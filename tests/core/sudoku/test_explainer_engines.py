"""Sudoku Explainer's chains on the compiled engine (core/native/chains.c) against their
reference, the Python code: the same hints with the same chains (potentials, parents, causes)
on the boards met while rating SE-rated puzzles, the same ratings and steps, and the C
boundary's own checks."""

import pytest

from core import native
from core.search import Stopped
from core.sudoku.explainer import chains
from core.sudoku.explainer.rater import explain
from tests.core.sudoku.helpers import se_sample

pytestmark = pytest.mark.skipif(native.chains is None, reason=native.why_chains)

# SE-rated sample puzzles whose hardest step is a chain (sukaku 6.5 and up), a few per band
CHAINED = [(p, s, c) for p, s, c in se_sample() if s >= 6.5][::12]


def _givens(text):
    return [int(ch) for ch in text]


def _boards_met(monkeypatch, puzzle):
    """(board, with_y, with_x, limit, easiest) of every unary chain search of a rating."""
    met = []
    real = chains.unary_chains

    def record(board, with_y, with_x, limit=chains.BIG, easiest=None):
        met.append((board.copy(), with_y, with_x, limit, easiest))
        return real(board, with_y, with_x, limit, easiest)

    monkeypatch.setattr(chains, "unary_chains", record)
    explain(_givens(puzzle))
    monkeypatch.setattr(chains, "unary_chains", real)
    return met


def _seen(hints):
    """All a hint says and all the chains behind it, as the rater and nested chains use them."""
    out = []
    for h in hints:
        ends = [(e.key, e.parents, e.cause, tuple(e.run.found.items())) for e in h.targets]
        out.append((h.name, h.difficulty, tuple(h.removals.items()), h.cell, h.value, h.text,
                    h.flat, h.complexity(), h.signature(), h.sort_key, h.kind, ends))
    return out


def _both(monkeypatch, board, *args):
    compiled = _seen(chains.unary_chains(board, *args))
    monkeypatch.setattr(native, "chains", None)
    python = _seen(chains.unary_chains(board, *args))
    monkeypatch.undo()
    return compiled, python


@pytest.mark.parametrize("puzzle, sukaku, classic", CHAINED[:8])
def test_unary_chains_are_the_same_on_both_engines(monkeypatch, puzzle, sukaku, classic):
    met = _boards_met(monkeypatch, puzzle)
    assert met, "the rating met no chain search"
    found = 0
    for board, with_y, with_x, limit, easiest in met:
        for args in ((with_y, with_x, limit, easiest), (with_y, with_x), (with_y, with_x, 9),
                     (with_y, with_x, chains.BIG, 7.05)):
            compiled, python = _both(monkeypatch, board, *args)
            assert compiled == python, (board.state(), args)
            found += len(python)
    assert found > 0


# the SE-rated sample's puzzles whose hardest step is a branching chain (8.0 and up)
BRANCHING = [(p, s, c) for p, s, c in se_sample() if s >= 8.0][::8]
PRODUCERS = [(False, True, True), (True, False, False), (True, True, False)]  # multiple, dynamic,
# nishio: Nishio, multiple and dynamic forcing chains


def _chaining_boards(monkeypatch, puzzle):
    """The boards on which a rating asked a chaining without nesting for its hints."""
    met = []
    real = chains.Chaining.hints

    def record(self, board):
        if self.level == 0 and not self.unary:
            met.append(board.copy())
        return real(self, board)

    monkeypatch.setattr(chains.Chaining, "hints", record)
    explain(_givens(puzzle))
    monkeypatch.setattr(chains.Chaining, "hints", real)
    return met


@pytest.mark.parametrize("puzzle, sukaku, classic", BRANCHING[:6])
def test_branching_chains_are_the_same_on_both_engines(monkeypatch, puzzle, sukaku, classic):
    met = _chaining_boards(monkeypatch, puzzle)
    assert met, "the rating met no branching chain"
    found = 0
    for board in met[:3]:
        for multiple, dynamic, nishio in PRODUCERS:
            compiled = _seen(chains.Chaining(multiple, dynamic, nishio).hints(board.copy()))
            monkeypatch.setattr(native, "chains", None)
            python = _seen(chains.Chaining(multiple, dynamic, nishio).hints(board.copy()))
            monkeypatch.undo()
            assert compiled == python, (board.state(), multiple, dynamic, nishio)
            found += len(python)
    assert found > 0


def test_a_branching_chain_search_stops_when_asked():
    board = chains.Board.from_givens(_givens(BRANCHING[-1][0]))
    asked = []

    def stop():
        asked.append(1)
        return len(asked) > 3

    with pytest.raises(Stopped):
        chains.Chaining(True, True, stop=stop).hints(board)
    assert len(asked) == 4


@pytest.mark.slow
@pytest.mark.parametrize("scale", ["sukaku", "classic"])
def test_ratings_and_steps_are_the_same_on_both_engines(monkeypatch, scale):
    for puzzle, sukaku, classic in CHAINED[:12]:
        compiled = explain(_givens(puzzle), scale, steps=True)
        monkeypatch.setattr(native, "chains", None)
        python = explain(_givens(puzzle), scale, steps=True)
        monkeypatch.undo()
        assert compiled == python
        assert compiled.rating == (sukaku if scale == "sukaku" else classic)


@pytest.mark.parametrize("values, cands, message", [
    ([0] * 80, [511] * 81, "values: 80 cells, the board has 81"),
    ([0] * 81, [511] * 82, "cands: 82 cells, the board has 81"),
    ([10] + [0] * 80, [511] * 81, "values: cell 0 holds no digit 0-9"),
    ([0] * 81, [512] + [511] * 80, "cands: cell 0 is not a set of 9 digits"),
    ([0] * 81, [-1] + [511] * 80, "cands: cell 0 is not a set of 9 digits"),
    ([0] * 81, ["1"] + [511] * 80, "cands: cell 0 is not a set of 9 digits"),
    ([0] * 81, [2 ** 80] + [511] * 80, "cands: cell 0 is not a set of 9 digits"),
])
def test_a_bad_board_is_a_value_error(values, cands, message):
    with pytest.raises(ValueError, match=message):
        native.chains.unary_chains(values, cands, True, True, chains.BIG, None)


def test_other_bad_arguments_are_errors():
    with pytest.raises(ValueError, match="X or Y links"):
        native.chains.unary_chains([0] * 81, [511] * 81, False, False, 5, None)
    with pytest.raises(TypeError):
        native.chains.unary_chains(None, [511] * 81, True, True, 5, None)
    with pytest.raises(TypeError):
        native.chains.unary_chains([0] * 81, [511] * 81, True, True, 5, "7.0")


def test_an_empty_board_gives_its_chains_without_running_out():
    """Every candidate of every cell: the most potentials a search can meet."""
    found = native.chains.unary_chains([0] * 81, [511] * 81, True, True, chains.BIG, None)
    assert found == []  # with all candidates everywhere, no link is strong
