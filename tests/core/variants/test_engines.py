"""The compiled variants engine (core/native/variants.c) against its reference, the Python
engine of core/variants/engine.py: the same counts, solutions in order, search nodes and
stops on a differential corpus of every constraint kind from 4x4 to 9x9 and on the community
puzzles; the C boundary's own checks (a bad program or array is a Python exception, never a
crash); Ctrl+C and `stop`."""

import os
import random
import subprocess
import sys
from array import array

import pytest

from core import native
from core.search import STOP_EVERY, node_capped
from core.variants import compiled, engine, lines
from core.variants.model import Line, make
from tests.core.variants.corpus import community, differences, python_engine, random_corpus
from tests.core.variants.helpers import KINDS
from tests.interrupt import SAYS_COUNTING, ctrl_c

pytestmark = pytest.mark.skipif(native.variants is None, reason=native.why_python_variants)


def test_both_engines_answer_the_same_on_random_puzzles_of_every_kind():
    puzzles = list(random_corpus(len(KINDS) * 8, 11))
    # rules of no kind, and grids of digits from 0
    assert {name.split()[0] for name, _ in puzzles} == {*KINDS, "rules", "zero"}
    assert {name.split()[1] for name, _ in puzzles if name.split()[0] != "rules"} == {
        "4x4", "6x6", "8x8", "9x9"}
    assert any(name.startswith("rules either") for name, _ in puzzles)
    assert list(differences(puzzles, limit=5)) == []


SUMS = ("cage", "little", "arrow", "sandwich", "xsum", "regionsum", "zipper", "doublearrow",
        "skyscraper")


def test_both_engines_answer_the_same_on_16x16_sums():
    """Sums of digits up to 16, which the random corpus (4x4 to 9x9) never reaches: the compiled
    sums read a mask's two bytes off tables (the least and greatest sums of k different
    digits) and mirror a minus cell's 16 digits by bytes. Random 16x16 puzzles of every sum
    kind, and arrows on digits from 0 (a signed sum: the bulb a minus cell), each stopped
    after 2 polls (128 nodes) on both engines."""
    from tests.core.variants.helpers import random_puzzle
    from tests.core.variants.test_digits_from_zero import puzzle

    rng = random.Random(5)
    with python_engine():
        puzzles = [(f"{kind} 16x16 #{i}", random_puzzle(kind, 16, rng, rng.randint(60, 120)))
                   for kind in SUMS for i in range(2)]
        puzzles += [(f"zero arrow 16x16 #{i}", puzzle("arrow", rng, rng.randint(60, 120), 16)[0])
                    for i in range(3)]
    shapes = {type(prop).__name__ for _, p in puzzles
              for prop in engine.plan_of(engine.shape_of(p)).props}
    assert {"CageSum", "SumBounds", "ArrowSum", "SignedSum", "SandwichSum", "XSum",
            "EqualSums", "Skyscraper"} <= shapes
    assert list(differences(puzzles, limit=2, polls=2)) == []


def test_one_total_sums_prune_the_same_in_64_128_and_more_bits():
    """The compiled sums of one total (little killers, signed sums) find a value's supports
    in a 64-bit word when the total is at most 63, whatever the sum's length (the sums past 63
    reach no lower total), in 128 bits up to 127, and in words of 64 bits beyond: little
    killers of 6 to 15 cells with totals on both sides of 63 and 127, on random candidates,
    propagate as the Python engine does (the same candidates, the same contradictions)."""
    from core.variants.shapes import LittleKiller

    rng = random.Random(3)
    clues = [(9, 0, 20), (9, 0, 45), (9, 0, 63), (9, 0, 70), (16, 9, 40), (16, 9, 63),
             (16, 9, 64), (16, 9, 80), (16, 0, 50), (16, 0, 120), (16, 0, 127), (16, 0, 130)]
    seen = {"failed": 0, "narrowed": 0}
    for n, col, total in clues:  # (size, column of a clue on top, total): a diagonal down
        p = make(n, [0] * n * n, little=[LittleKiller(-1, col, "DR", total)])
        plan = engine.plan_of(engine.shape_of(p))
        program = compiled.program(plan)[0]
        diagonal = [r * n + col + 1 + r for r in range(n - col - 1)]
        for _ in range(40):
            cand = [(1 << n) - 1] * n * n
            for c in diagonal:
                cand[c] &= rng.randrange(1, 1 << n) | 1 << rng.randrange(n)
            ours = native.variants.propagate(program, list(cand))
            theirs = list(cand)
            placed = [c for c, m in enumerate(cand) if not m & (m - 1)]
            if not engine.propagate(theirs, plan, placed, (1 << len(plan.houses)) - 1,
                                    (1 << len(plan.props)) - 1):
                theirs = None
            assert ours == theirs, (n, col, total, cand)
            seen["failed" if ours is None else "narrowed"] += ours is None or ours != cand
    assert seen["failed"] and seen["narrowed"]


MARKED, LINED = ("white", "black", "x", "v", "less"), ("whisper", "entropic")


def test_both_engines_answer_the_same_on_pairs_sharing_tables():
    """The compiled pairs read a mask's supports off tables of every mask (up to 9 digits),
    one table shared by the pairs alike: puzzles mixing several kinds of pairs (several
    tables in a plan, most of them shared), 4x4 to 9x9, and 16x16 (the digits walked one by
    one), both engines the same counts, solutions and nodes."""
    from tests.core.variants.helpers import random_mixed

    rng = random.Random(8)
    choices = [(mark, line) for mark in MARKED for line in LINED] + [LINED]  # marks clash
    with python_engine():
        puzzles = [(f"pairs {n}x{n} #{i}", random_mixed(n, rng, choices, (0, n)))
                   for n in (4, 6, 9) for i in range(12)]
        puzzles += [(f"pairs 16x16 #{i}", random_mixed(16, rng, choices, (60, 120)))
                    for i in range(3)]
    tables = {(n, prop.forward) for _, p in puzzles for n in [p.size]
              for prop in engine.plan_of(engine.shape_of(p)).props if type(prop).__name__ == "Pair"}
    assert len({t for t in tables if t[0] <= 9}) > 10 and any(n == 16 for n, _ in tables)
    assert list(differences(puzzles, limit=5, polls=4)) == []


def test_equal_sums_past_the_kept_sets_count_the_same():
    """The compiled equal sums keep each group's digit sets while its cells are unchanged, up
    to MEMO_SETS (65,536) sets a plan; a handler past that walks them at each call. A region-
    sum line's handler (two groups of 4 cells: 252 sets) repeated 300 times in the program,
    so the last ones keep none: the same solutions and nodes as the line once."""
    line = (0, 1, 2, 11, 12, 13, 4, 3)  # a segment of 4 in box 1, then one in box 2
    p = make(9, [0] * 81, lines=[Line("regionsum", line, 0)])
    plan = engine.plan_of(engine.shape_of(p))
    program = _program(p)
    size = 2 + len(line) + 1 + 2 * (3 + 4)  # the handler record, the program's last numbers
    assert [type(prop).__name__ for prop in plan.props] == ["EqualSums"]
    assert program[-size - 1:-size + 1] == [1, 14]  # one handler, of shape 14 (equal sums)
    assert program[-size + 2 + len(line):-size + 2 + len(line) + 4] == [2, 1, 0, 4]  # distinct
    solution = engine.count(p, 1, node_capped(None, 20)).solutions[0]
    q = p.with_givens(v if c % 3 == 1 and c not in line else 0 for c, v in enumerate(solution))
    cand = engine.given_candidates(q, plan)
    once, many = (_run(program[:-size - 1] + [copies] + program[-size:] * copies, cand, 20)
                  for copies in (1, 300))
    assert many == once and once[1:] == (20, 81, False)
    with python_engine():
        assert list(engine.count(q, 20).solutions) == once[0]


def test_both_engines_answer_the_same_on_the_community_puzzles():
    """The f-puzzles links and ISS's sample, each stopped after 4 polls (256 nodes) on both
    engines: the same nodes, the same stop, the same solutions so far (bench/diff_variants.py
    runs them further)."""
    puzzles = list(community())
    assert len(puzzles) >= 100
    assert all(compiled.program(engine.plan_of(engine.shape_of(p)))[0] is not None
               for _, p in puzzles)  # every one runs compiled
    assert list(differences(puzzles, limit=2, polls=4)) == []


def test_the_compiled_propagation_of_a_root_is_start_s():
    """native propagate (true candidates' root) gives engine.start's candidates, or None on
    a contradiction, on the random corpus and the community puzzles."""
    puzzles = [*random_corpus(len(KINDS) * 4, 13), *community()]
    nones = 0
    for name, p in puzzles:
        plan = engine.plan_of(engine.shape_of(p))
        program = compiled.program(plan)[0]
        ours = engine.start(p, plan, program)
        assert ours == engine.start(p, plan), name
        nones += ours is None
    assert 0 < nones < len(puzzles)  # both answers met


def test_a_count_to_many_keeps_the_first_thousand_on_both_engines():
    p = make(4, [0] * 16, lines=[Line("renban", (0, 1), 0)])
    ours = engine.count(p, 300)
    with python_engine():
        theirs = engine.count(p, 300)
    assert ours == theirs and ours.count == theirs.count == 144
    six = make(6, [0] * 36)
    many = engine.count(six, 1500)
    assert many.count == 1500 and len(many.solutions) == 1000
    with python_engine():
        assert engine.count(six, 1500).solutions == many.solutions


def test_a_stop_ends_both_engines_at_the_same_node():
    p = make(9, [0] * 81, lines=[Line("renban", (0, 1, 2, 3, 4), 0)])
    for polls in (1, 3, 7):
        ours = engine.count(p, 10 ** 6, node_capped(None, polls))
        with python_engine():
            theirs = engine.count(p, 10 ** 6, node_capped(None, polls))
        assert ours.stopped and ours == theirs
        assert ours.nodes == polls * STOP_EVERY


def test_a_propagator_without_a_handler_counts_on_the_python_engine(monkeypatch):
    """A class the compiled engine does not know (here a subclass of Renban, which may prune
    otherwise) makes the whole count run in Python: never a guess."""

    class Lazy(lines.Renban):
        __slots__ = ()

    p = make(4, [1] + [0] * 15, lines=[Line("renban", (1, 2, 3), 0)])
    plan = engine.plan_of(engine.shape_of(p))
    monkeypatch.setattr(plan, "props", [Lazy(q.cells, q.n) if type(q) is lines.Renban else q
                                        for q in plan.props])
    assert compiled.program(plan) == (None, "no compiled handler for Lazy")
    calls = []
    monkeypatch.setattr(native.variants, "search", lambda *a, **k: calls.append(a))
    found = engine.count(p, 500)
    with python_engine():
        assert calls == [] and found == engine.count(p, 500)
    monkeypatch.undo()
    assert engine.count(p, 500) == found  # compiled, with the real Renban


def _program(p=None) -> list[int]:
    p = p or make(4, [0] * 16, lines=[Line("renban", (0, 1, 2), 0)])
    program, why = compiled.program(engine.plan_of(engine.shape_of(p)))
    assert why == ""
    return list(program)


def _run(program, cand=None, limit=2, **kwargs):
    return native.variants.search(array("i", program), cand or [15] * 16, limit, **kwargs)


@pytest.mark.parametrize("change, message", [
    (lambda g: g[:-1], "ends inside"),
    (lambda g: g + [0], "numbers after its end"),
    (lambda g: [compiled.VERSION + 1] + g[1:], f"version is {compiled.VERSION + 1}"),
    (lambda g: g[:1] + [17] + g[2:], "the size is 17"),
    (lambda g: g[:2] + [15] + g[3:], "the cells is 15"),
    (lambda g: g[:4] + [-1] + g[5:], "the houses is -1"),
    (lambda g: g[:6] + [16] + g[7:], "a house's cell is 16"),
    (lambda g: g[:6] + [-3] + g[7:], "a house's cell is -3"),
])
def test_the_compiled_engine_refuses_a_bad_program(change, message):
    with pytest.raises(ValueError, match=message):
        _run(change(_program()))


def test_the_compiled_engine_refuses_an_automaton_past_its_states():
    """A pattern's automaton (9 states: the start and a digit written) whose last transition
    names a 63rd state."""
    from core.variants.model import pattern

    good = _program(make(4, custom=[pattern((0, 1, 2, 3), "(12|21)(34|43)")]))
    # 4 first rows (12 or 21, then 34 or 43), each completed by 288 / 24 of the 4x4 grids
    assert _run(good, limit=100)[1] == 4 * 12
    bad = good[:-1] + [good[-1] | 1 << 30]
    with pytest.raises(ValueError, match="a state past the automaton's"):
        _run(bad)


@pytest.mark.parametrize("call, error, message", [
    (lambda: _run(_program(), [15] * 15), ValueError, "15 cells, the grid has 16"),
    (lambda: _run(_program(), [16] + [15] * 15), ValueError, "cell 0 holds 16"),
    (lambda: _run(_program(), [0] + [15] * 15), ValueError, "cell 0 has none"),
    (lambda: _run(_program(), ["1"] + [15] * 15), TypeError, "cell 0 is not an int"),
    (lambda: _run(_program(), 5), TypeError, "a sequence of masks"),
    (lambda: native.variants.search(b"\0\0\0", [15] * 16, 2), TypeError, "32-bit ints"),
    (lambda: native.variants.search([1, 2], [15] * 16, 2), TypeError, "bytes-like"),
    (lambda: _run(_program(), stop=5), TypeError, "a callable or None"),
    (lambda: native.variants.check(b""), TypeError, "32-bit ints"),
    (lambda: native.variants.propagate(array("i", _program()), [0] + [15] * 15), ValueError,
     "cell 0 has none"),
    (lambda: native.variants.propagate(array("i", _program()), [15] * 17), ValueError,
     "17 cells, the grid has 16"),
    (lambda: native.variants.propagate(b"\0\0\0", [15] * 16), TypeError, "32-bit ints"),
])
def test_the_compiled_engine_refuses_bad_arrays(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_mangled_programs_are_refused_or_counted_never_a_crash():
    """Every number of real programs changed at random: a ValueError, or a count (a program
    whose numbers all stay in range is still a plan the C side can run)."""
    rng = random.Random(5)
    programs = [_program(p) for _, p in random_corpus(len(KINDS), 3)]
    refused = 0
    for _ in range(2000):
        program = list(rng.choice(programs))
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(program))
            program[i] = max(-(1 << 31), min((1 << 31) - 1, rng.choice(
                [-1, 0, 1, 2, 17, 255, 256, 1 << 20, -(1 << 31), program[i] + 1,
                 program[i] - 1])))
        n = program[1] if 4 <= program[1] <= 16 else 4
        try:
            _run(program, [(1 << n) - 1] * (n * n), stop=node_capped(None, 4))
        except ValueError:
            refused += 1
    assert refused > 1000


def test_a_stop_or_accept_that_fails_ends_the_search_with_its_error():
    def broken():
        raise RuntimeError("the caller's stop broke")

    with pytest.raises(RuntimeError, match="stop broke"):
        _run(_program(make(9, [0] * 81)), [511] * 81, limit=10 ** 6, stop=broken)
    with pytest.raises(RuntimeError, match="stop broke"):
        _run(_program(), accept=lambda values: broken())


def test_a_grid_the_safety_net_refuses_is_not_counted():
    """accept: the rules' own check on every complete grid (engine.count passes
    rules.broken); a refused grid is neither counted nor kept, and the search goes on."""
    program = _program(make(4, [0] * 16))
    every = _run(program, limit=1000)
    assert every[1] == 288
    first = every[0][0]
    rest = _run(program, limit=1000, accept=lambda values: values != first)
    assert rest[1] == 287 and rest[0] == every[0][1:]


def test_ctrl_c_stops_a_long_compiled_count():
    """SIGINT reaches a long compiled count (it checks signals every 64 nodes): the child says
    from inside the search (its stop's first call) that it counts, then is interrupted."""
    assert ctrl_c(SAYS_COUNTING + """
from core.variants import engine
from core.variants.model import make
engine.count(make(16, [0] * 256), 10 ** 9, stop)""", 30) == ("counting\n", 0, "interrupted\n")


def test_a_variants_module_that_did_not_load_is_named_and_fails_the_require():
    """`python -m core.native --require` (make test) fails when the variants module did not
    load, and says so on the engine line `puzzle-tui --version` prints."""
    env = {k: v for k, v in os.environ.items() if k != "PUZZLE_ENGINE"}
    done = subprocess.run([sys.executable, "-c", (
        "import runpy, sys\n"
        "sys.modules['core.native._variants'] = None\n"
        "sys.argv = ['core.native', '--require']\n"
        "runpy.run_module('core.native', run_name='__main__')\n")], capture_output=True,
        text=True, env=env)
    lines = done.stdout.splitlines()
    assert done.returncode == 1 and "(variants missing)" in done.stderr
    assert lines[0] == "engine: compiled (C)"
    assert lines[1].startswith("variants: Python (the compiled variants engine did not load (")
