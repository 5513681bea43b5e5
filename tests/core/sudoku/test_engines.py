"""The compiled Sudoku engine against its reference, the Python engine: the same answers on a
differential corpus of 2,000 puzzles across sizes, and the C boundary's own checks (a bad
array is a Python exception, never a crash)."""

import os
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import native
from core.search import Stopped
from core.sudoku import parse
from core.sudoku.generator import random_solution
from core.sudoku.model import Puzzle, Shape, geometry
from core.sudoku.solver import DONE, STOPPED, count, explore, search_candidates
from tests.core.sudoku.corpus import corpus, differences
from tests.interrupt import SAYS_COUNTING, ctrl_c

pytestmark = pytest.mark.skipif(native.sudoku is None, reason=native.why_python)

TOP1 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
NINE = Shape.of_size(9)


def test_both_engines_answer_the_same_on_the_corpus():
    puzzles = list(corpus(2000))
    kinds = {kind.split()[-1] for kind, _ in puzzles}
    assert {"unique", "several", "none", "4x4", "9x9", "16x16", "25x25"} <= kinds
    assert list(differences(puzzles)) == []


def test_the_corpus_holds_every_kind_of_answer():
    found = {count(p, 2).count for _, p in corpus(300)}
    assert found == {0, 1, 2}


def _cand(text=TOP1):
    return [1 << (v - 1) if v else 511 for v in parse(text).givens]


@pytest.mark.parametrize("call, message", [
    (lambda s: s.search(3, 3, [511] * 80, 2), "80 cells, the grid has 81"),
    (lambda s: s.search(3, 3, [512] + [511] * 80, 2), "cell 0 is not a set of 9 symbols"),
    (lambda s: s.search(3, 3, [-1] + [511] * 80, 2), "cell 0 is not a set of 9 symbols"),
    (lambda s: s.search(3, 3, ["1"] + [511] * 80, 2), "cell 0 is not a set of 9 symbols"),
    (lambda s: s.search(3, 3, [511] * 81, 0), "a limit of at least 1"),
    (lambda s: s.search(3, 3, [511] * 81, 2, max_nodes=-1), "node cap of at least 0"),
    (lambda s: s.search(6, 6, [0] * 1296, 2), "no Sudoku with 6x6 boxes"),
    (lambda s: s.search(0, 3, [], 2), "no Sudoku with 0x3 boxes"),
    (lambda s: s.search(3, 3, [10] + [0] * 80, 2, givens=True), "cell 0 holds no symbol of 9"),
    (lambda s: s.search(3, 3, [511] * 81, 2, order=list(range(80))), "every one of the 81"),
    (lambda s: s.search(3, 3, [511] * 81, 2, order=[0] * 81), "order: cell 0 twice"),
    (lambda s: s.search(3, 3, [511] * 81, 2, order=[81] + list(range(80))), "no cell"),
    (lambda s: s.search(3, 3, [511] * 81, 2, prefer=[1024] * 81), "prefer: cell 0"),
    (lambda s: s.propagate(3, 3, [511] * 81, [81], 0), "placed: no cell"),
    (lambda s: s.propagate(3, 3, [511] * 81, [0], 0), "cell 0 holds more than one symbol"),
    (lambda s: s.propagate(3, 3, [1] + [511] * 80, [0], 1 << 27), "dirty: not a set"),
    (lambda s: s.propagate(3, 3, [1] + [511] * 80, [0], -1), "dirty: not a set"),
    (lambda s: s.propagate(5, 5, [1] * 625, [], 1 << 75), "dirty: not a set"),
    (lambda s: s.propagate(3, 3, [1] * 81, list(range(81)) * 2, 0), "at most 81"),
])
def test_the_compiled_engine_refuses_bad_arrays(call, message):
    with pytest.raises(ValueError, match=message):
        call(native.sudoku)


def test_a_stop_that_fails_ends_the_search_with_its_error():
    def stop():
        raise RuntimeError("the caller's stop broke")

    with pytest.raises(RuntimeError, match="stop broke"):
        native.sudoku.search(3, 3, [511] * 81, 10 ** 6, stop)
    with pytest.raises(TypeError, match="stop: a callable"):
        native.sudoku.search(3, 3, [511] * 81, 2, 5)


def test_a_stopped_search_keeps_what_it_found_as_the_python_one_does(engine):
    polls = []
    found, counted, nodes, status = explore([511] * 81, geometry(NINE), 10 ** 6,
                                            stop=lambda: polls.append(1) or len(polls) == 3)
    assert status == STOPPED and nodes == 3 * 64 and len(polls) == 3
    assert counted == len(found) > 0 and len(set(found)) == len(found)
    with pytest.raises(Stopped):
        search_candidates([511] * 81, geometry(NINE), 10 ** 6, stop=lambda: True)
    assert explore(_cand(), geometry(NINE), 2)[3] == DONE


def test_a_count_to_many_keeps_the_first_thousand_on_both_engines(engine):
    """Every solution is counted; the first KEPT are kept (memory), the same ones."""
    empty = Puzzle(Shape.of_size(4), (0,) * 16)
    result = count(empty, limit=288)
    assert result.count == 288 and len(result.solutions) == 288
    six = Puzzle(Shape.of_size(6), (0,) * 36)
    many = count(six, limit=1500)
    assert many.count == 1500 and len(many.solutions) == 1000
    assert len(set(many.solutions)) == 1000


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="reads Linux's /proc")
def test_no_memory_grows_over_100000_calls():
    def rss_kb() -> int:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * os.sysconf("SC_PAGESIZE") // 1024

    clue17 = parse("...8.1..........435............7.8........1...2..3...."
                   "6......75..34........2..6..")
    givens, cand = list(clue17.givens), _cand()
    placed = [c for c, v in enumerate(parse(TOP1).givens) if v]

    def calls(k: int) -> None:
        for _ in range(k):
            native.sudoku.search(3, 3, givens, 2, None, None, None, 0, True)
            native.sudoku.propagate(3, 3, cand[:], placed, 1)

    calls(10_000)
    before = rss_kb()
    calls(100_000)
    assert rss_kb() - before < 4096


def test_ctrl_c_stops_a_25x25_count():
    """SIGINT reaches a long compiled count (it checks signals every 64 nodes): the child says
    from inside the search (its stop's first call) that it counts, then is interrupted."""
    assert ctrl_c(SAYS_COUNTING + """
from core import native
native.sudoku.search(5, 5, [2 ** 25 - 1] * 625, 10 ** 9, stop)""", 30) == (
        "counting\n", 0, "interrupted\n")


def test_empty_grids_of_every_size_count_the_same_on_both_engines():
    for size in (4, 6, 8, 9, 12, 16, 25):
        p = parse("\n".join(["." * size] * size) + "\n")
        compiled = count(p, limit=3)
        saved, native.sudoku = native.sudoku, None
        try:
            python = count(p, limit=3)
        finally:
            native.sudoku = saved
        assert compiled == python and compiled.count == 3, size


@pytest.mark.parametrize("size, symmetry, clues", [
    (4, "none", None), (6, "rot180", None), (8, "dihedral", None), (9, "none", None),
    (9, "rot90", None), (9, "rot180", 30), (12, "none", None)])
def test_both_engines_generate_the_same_puzzles(size, symmetry, clues):
    """Full grids from the same draws, and removal with exact answers: a seed makes the same
    puzzle on either engine."""
    from core.sudoku.generator import Options, make

    options = Options(size=size, symmetry=symmetry, clues=clues, minimal=True)
    for seed in range(3):
        compiled = make(options, random.Random(seed))
        saved, native.sudoku = native.sudoku, None
        try:
            python = make(options, random.Random(seed))
        finally:
            native.sudoku = saved
        assert compiled == python and compiled.minimal
        assert count(compiled.puzzle).unique


def test_the_compiled_pass_checks_what_it_is_given():
    with pytest.raises(ValueError, match="solution: cell 0 holds no symbol of 9"):
        native.sudoku.reduce(3, 3, [0] * 81, [], [])
    with pytest.raises(ValueError, match="group: no cell"):
        native.sudoku.reduce(3, 3, [1] * 81, [0], [(81,)])
    with pytest.raises(ValueError, match="draw: a float from 0 up to 1"):
        native.sudoku.filled_by_rows(3, 3, lambda: 1.0)
    with pytest.raises(TypeError, match="draw: a callable"):
        native.sudoku.filled_by_rows(3, 3, 0.5)


def test_both_engines_give_the_same_minlex_forms():
    from core.sudoku.canonical import minlex
    from tests.core.sudoku.helpers import sample

    rng = random.Random(11)
    puzzles = sample("top1465_sample.txt", 3)
    for size in (4, 6, 8, 9):
        shape = Shape.of_size(size)
        for _ in range(40):
            solution = random_solution(shape, rng)
            keep = rng.uniform(0.1, 0.9)
            puzzles.append(Puzzle(shape, tuple(v if rng.random() < keep else 0
                                               for v in solution)))
    compiled = [native.sudoku.minlex(p.shape.box_rows, p.shape.box_cols, p.givens)
                for p in puzzles]
    saved, native.sudoku = native.sudoku, None
    try:
        python = [minlex(p) for p in puzzles]
    finally:
        native.sudoku = saved
    assert compiled == python and None not in compiled
    with pytest.raises(ValueError, match="no minlex form for 16x16"):
        native.sudoku.minlex(4, 4, [0] * 256)
    with pytest.raises(ValueError, match="cell 3 holds no symbol of 9"):
        native.sudoku.minlex(3, 3, [0, 0, 0, 10] + [0] * 77)


@pytest.mark.parametrize("seed", [0, 1])
def test_the_ladder_rates_the_same_on_both_engines(seed):
    """Its forcing chains read the candidates a failed propagation leaves (the chain's
    length): the compiled propagation must leave the same ones."""
    from core.sudoku.generator import Options, make
    from core.sudoku.logic import rate

    puzzle = make(Options(size=12), random.Random(seed)).puzzle
    compiled = rate(puzzle)
    saved, native.sudoku = native.sudoku, None
    try:
        python = rate(puzzle)
    finally:
        native.sudoku = saved
    assert compiled == python
    assert any(step.technique == "forcing chain" for step in compiled.steps)


_ANY = st.one_of(st.integers(-2 ** 70, 2 ** 70), st.none(), st.text(max_size=3),
                 st.floats(allow_nan=True), st.lists(st.integers(0, 9), max_size=3))


@settings(max_examples=300, deadline=None)
@given(box=st.sampled_from([(2, 2), (2, 3), (3, 3), (0, 3), (5, 6), (-1, 4)]),
       cells=st.lists(st.one_of(st.integers(0, 600), _ANY), max_size=90),
       extra=st.lists(_ANY, min_size=4, max_size=4))
def test_any_arrays_give_an_answer_or_an_error_never_a_crash(box, cells, extra):
    """Whatever reaches the C boundary: a result, or a Python exception naming what is
    wrong (the process never dies; a crash would end this test run)."""
    s = native.sudoku
    calls = [
        lambda: s.search(*box, cells, 2, None, extra[0], extra[1], 0, bool(extra[2])),
        lambda: s.search(*box, cells, extra[0], extra[1]),
        lambda: s.propagate(*box, list(cells), extra[0], extra[1]),
        lambda: s.reduce(*box, cells, extra[0], [cells], extra[2] if isinstance(extra[2], int)
                         else -1),
        lambda: s.minlex(*box, cells),
        lambda: s.filled_by_rows(*box, lambda: extra[3]),
    ]
    for call in calls:
        try:
            call()
        except (ValueError, TypeError, OverflowError):
            pass
