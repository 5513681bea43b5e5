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


def _plain(nested):
    """A hint nested in a chain, by what it says and the chains behind it."""
    if nested is None:
        return None
    return (nested.name, nested.difficulty, tuple(nested.removals.items()), nested.signature(),
            nested.complexity())


def seen(hints) -> list:
    """All a hint says and all the chains behind it, as the rater and nested chains use them."""
    out = []
    for h in hints:
        ends = [(e.key, e.parents, e.cause, _plain(e.nested),
                 tuple((k, parents, cause, _plain(nested))
                       for k, (parents, cause, nested) in e.run.found.items()))
                for e in h.targets]
        out.append((h.name, h.difficulty, tuple(h.removals.items()), h.cell, h.value, h.text,
                    h.flat, h.complexity(), h.signature(), h.sort_key, h.kind, ends))
    return out


def _both(monkeypatch, board, *args):
    compiled = seen(chains.unary_chains(board, *args))
    monkeypatch.setattr(native, "chains", None)
    python = seen(chains.unary_chains(board, *args))
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
            compiled = seen(chains.Chaining(multiple, dynamic, nishio).hints(board.copy()))
            monkeypatch.setattr(native, "chains", None)
            python = seen(chains.Chaining(multiple, dynamic, nishio).hints(board.copy()))
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


# the board where Sudoku Explainer first needs nested chains in the first puzzle of the forum's
# hardest list (SE 11.0):
# ......7.94...8..3......2..5.4..3..6.3.8.....7..69......1.2......3...5.....4.6..1.
NESTED_BOARD = (
    "1258,2568,1235,13456,145,1346,=7,248,=9,=4,25679,12579,1567,=8,1679,126,=3,126,1789,6789,"
    "1379,13467,1479,=2,1468,48,=5,12579,=4,12579,1578,=3,178,12589,=6,128,=3,259,=8,1456,1245,"
    "146,1249,2459,=7,1257,257,=6,=9,12457,1478,123458,2458,12348,56789,=1,579,=2,479,34789,"
    "345689,45789,3468,26789,=3,279,1478,1479,=5,24689,24789,2468,25789,25789,=4,378,=6,3789,"
    "23589,=1,238")


def _board_of(state):
    values, cands = [], []
    for part in state.split(","):
        values.append(int(part[1:]) if part.startswith("=") else 0)
        cands.append(0 if part.startswith("=") else sum(1 << (int(d) - 1) for d in part))
    return chains.Board.from_state(values, cands)


@pytest.mark.slow
@pytest.mark.parametrize("level", [1, 2])
def test_nested_chains_are_the_same_on_both_engines(monkeypatch, level):
    board = _board_of(NESTED_BOARD)
    compiled = seen(chains.Chaining(True, True, level=level).hints(board.copy()))
    monkeypatch.setattr(native, "chains", None)
    python = seen(chains.Chaining(True, True, level=level).hints(board.copy()))
    assert compiled == python
    assert python and any(end[3] is not None or any(f[3] for f in end[4])
                          for hint in python for end in hint[-1]) == (level > 1)


def test_a_nested_chain_checks_what_it_is_given():
    run = native.chains.nested_run
    free = [0] * 81, [511] * 81
    with pytest.raises(ValueError, match="no potential 1458"):
        run(*free, 1458, lambda cands, positions: [])
    with pytest.raises(TypeError, match="advance: a callable"):
        run(*free, 1, None)
    with pytest.raises(ValueError, match="cands: cell 0"):
        run([0] * 81, [1024] + [511] * 80, 1, lambda cands, positions: [])
    for said, error in ((None, TypeError), ([1], TypeError), ([(1, (), None)], ValueError),
                        ([(2000, (), None)], ValueError), ([(2, (5000,), None)], ValueError)):
        with pytest.raises(error):
            run(*free, 1, lambda cands, positions, said=said: said)

    def fails(cands, positions):
        raise Stopped

    with pytest.raises(Stopped):
        run(*free, 1, fails)


def test_a_nested_chain_is_asked_for_more_where_it_stops():
    """On a board with every candidate, r1c1=1 turns 28 candidates off and nothing on; what
    advance gives continues the chain, with only the parents met so far kept."""
    asked = []

    def advance(cands, positions):
        asked.append(cands[:])
        if len(asked) > 1:
            return []
        return [((80 * 9 + 8) << 1, (1, (80 * 9) << 1), None)]  # r9c9<>9: one parent met

    found, ends = native.chains.nested_run([0] * 81, [511] * 81, 1, advance)
    assert ends is None and len(asked) == 2
    keys = [k for k, _, _, _ in found]
    assert keys[0] == 1 and len(keys) == 1 + 28 + 1
    assert asked[0][0] == 1 and asked[0][1] == 510  # r1c1's others and r1c2's 1 went off
    assert found[-1] == ((80 * 9 + 8) << 1, (1,), chains.ADVANCED, None)
