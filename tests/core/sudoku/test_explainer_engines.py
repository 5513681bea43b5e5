"""The Sudoku Explainer rater's compiled twin (core/native/explainer.c) against its reference,
the Python searches: every hint of every technique with a twin on the boards met while rating
a sample of the SE-rated puzzles (bench/diff_rater.py runs them all), the same steps of
`rate --steps`, and the C boundary's own checks (bad input is a ValueError, never a crash)."""


import pytest

from cli import main
from core import native
from core.search import Stopped
from core.sudoku.explainer.board import Board
from core.sudoku.explainer.rater import explain
from core.sudoku.explainer.uniqueness import unique_loops
from tests import DATA
from tests.core.sudoku.rater_corpus import boards_met, differences, engine, read_puzzles, run_start
from tests.interrupt import ctrl_c

pytestmark = pytest.mark.skipif(native.explainer is None, reason=native.why_python_explainer)

SAMPLE = DATA / "sudoku" / "se_sample.txt"
FRESH = DATA / "sudoku" / "se_heldout_known.txt"
# made by our generator (a --must-use "Naked Quad" attempt): a long unique-loop search
LOOPS = "000703908600000100800069003060030800000000000340007000000180070750000600009006000"


@pytest.mark.parametrize("scale", ["sukaku", "classic"])
@pytest.mark.parametrize("path, step", [(SAMPLE, 89), (FRESH, 3)])
def test_every_hint_is_the_same_on_both_engines(path, step, scale):
    """A different sample each run (its start is in the message: RATER_SAMPLE_START repeats
    it); bench/diff_rater.py compares them all."""
    start = run_start(step)
    boards = [b for givens in read_puzzles(path, step=step, start=start)
              for b in boards_met(givens, scale)]
    assert len(boards) >= 10, f"RATER_SAMPLE_START={start}"
    assert list(differences(boards, scale)) == [], f"RATER_SAMPLE_START={start}"


def test_the_starting_board_is_the_same_on_both_engines():
    for givens in read_puzzles(SAMPLE, step=7) + [[5] * 81, [0] * 81]:
        with engine(False):
            python = Board.from_givens(givens)
        with engine(True):
            compiled = Board.from_givens(tuple(givens))
        assert (compiled.values, compiled.cands, compiled.positions) == \
            (python.values, python.cands, python.positions)


def test_the_differential_sees_every_kind_of_hint():
    """The sample's boards hold hints of the techniques the twin finds (else the comparison
    above would compare empty lists)."""
    from tests.core.sudoku.rater_corpus import _all_hints

    seen = set()
    for givens in read_puzzles(SAMPLE, step=30):
        for board in boards_met(givens, "sukaku"):
            seen |= {name for name, hints in _all_hints(board, "sukaku").items() if hints}
    assert {"Pointing & Claiming", "X-Wing", "Hidden Pair", "Naked Pair", "XY-Wing",
            "Scraper, Kite, Turbot", "Unique Rectangle / Loop", "3 Strong-linked Fishes",
            "WXYZ-Wing", "VWXYZ-Wing", "Aligned Pair Exclusion",
            "Aligned Triplet Exclusion"} <= seen


@pytest.mark.parametrize("scale", ["sukaku", "classic"])
def test_every_step_is_the_same_on_both_engines(scale):
    start = run_start(111)
    for givens in read_puzzles(SAMPLE, step=111, start=start):
        with engine(False):
            python = explain(givens, scale, steps=True)
        with engine(True):
            compiled = explain(givens, scale, steps=True)
        assert compiled == python, f"RATER_SAMPLE_START={start}"


def test_rate_steps_prints_the_same_on_both_engines(tmp_path, capsys):
    puzzle = "200010007000207000050000020005020400001549200300708001070804030000000000630000085"
    path = tmp_path / "ur.txt"
    path.write_text(puzzle + "\n")
    printed = []
    for compiled in (False, True):
        with engine(compiled):
            assert main(["rate", str(path), "--steps"]) == 0
        printed.append(capsys.readouterr().out)
    assert printed[0] == printed[1]
    assert "Unique Rectangle type 1" in printed[0]


def test_the_loop_search_stops_when_asked_on_the_compiled_engine():
    board = Board.from_givens([int(c) for c in LOOPS])
    with engine(True), pytest.raises(Stopped):
        list(unique_loops(board, stop=lambda: True))


BOARD = Board.from_givens([int(c) for c in LOOPS])


@pytest.mark.parametrize("call, message", [
    (lambda m: m.fish([0] * 80, [0] * 81, 2), "values: a list of 81"),
    (lambda m: m.fish([0] * 81, (0,) * 81, 2), "candidates: a list of 81"),
    (lambda m: m.fish([10] + [0] * 80, [0] * 81, 2), "values: item 0 is not a number from 0 to 9"),
    (lambda m: m.fish([0] * 81, [0] * 80 + [512], 2), "item 80 is not a number from 0 to 511"),
    (lambda m: m.fish([0] * 81, [0] * 80 + [-1], 2), "item 80 is not a number"),
    (lambda m: m.fish([0] * 81, ["1"] * 81, 2), "item 0 is not a number"),
    (lambda m: m.fish([0] * 81, [0] * 81, 5), "degree 5: from 2 to 4"),
    (lambda m: m.aligned_exclusion([0] * 81, [0] * 81, 4, False), "degree 4: from 2 to 3"),
    (lambda m: m.turbot_fish([0] * 81, [0] * 81, 0), "digit 0: from 1 to 9"),
    (lambda m: m.strong_link_fish([0] * 81, [0] * 81, 10), "digit 10: from 1 to 9"),
    (lambda m: m.big_wings([0] * 81, [0] * 81, 2), "degree 2: from 3 to 4"),
    (lambda m: m.ur_type3([0] * 81, [0] * 81, 0, 81, 3, True), "not two cells and a pair"),
    (lambda m: m.ur_type3([0] * 81, [0] * 81, 0, 1, 7, True), "not two cells and a pair"),
    (lambda m: m.from_givens([0] * 80), "givens: 81 digits"),
    (lambda m: m.from_givens([0] * 80 + [10]), "givens: 81 digits"),
    (lambda m: m.direct_round([0] * 81, [0] * 81, [0] * 242, 255), "positions: a list of 243"),
])
def test_the_compiled_rater_refuses_bad_input(call, message):
    with pytest.raises(ValueError, match=message):
        call(native.explainer)


SEARCHES = [("fish", 4), ("naked_sets", 4), ("hidden_sets", 4, True),
            ("locked_candidates", True), ("xy_wings", True, False), ("turbot_fish", 1),
            ("strong_link_fish", 9), ("big_wings", 4), ("aligned_exclusion", 3, True),
            ("unique_loops", False), ("ur_type3", 0, 10, 3, False)]


@pytest.mark.parametrize("values, cands", [
    ([0] * 81, [0x1FF] * 81), ([0] * 81, [0] * 81), ([5] * 81, [0x1FF] * 81),
    (BOARD.values, [6] + [0x1FF] * 80), (BOARD.values, BOARD.cands[::-1])])
def test_boards_no_rating_meets_are_searched_without_a_crash(values, cands):
    """Every candidate everywhere, none anywhere, contradictions: lists, not crashes."""
    for name, *args in SEARCHES:
        assert isinstance(getattr(native.explainer, name)(values, cands, *args), list)


def test_ctrl_c_stops_a_long_compiled_loop_search():
    """SIGINT reaches a loop search that would run for minutes (every cell holding 1 and 2:
    no rating meets such a board); it polls signals every 4096 nodes."""
    assert ctrl_c("""
        from core import native
        print('searching', flush=True)
        native.explainer.unique_loops([0] * 81, [3] * 81, False)""") == ("searching\n", 0,
                                                                         "interrupted\n")
