"""True candidates and their support (core/candidates.py) against every solution listed by an
independent brute force (classic Sudoku) and by CP-SAT (variants), on both engines; the two
engines' answers compared whole (support, solutions met, nodes) on a corpus; a stopped search
gives a partial answer."""

import random
from collections import Counter

import pytest

from core import candidates, kinds
from core.candidates import MAX_SUPPORT, TrueCandidates, check_support
from core.search import node_capped
from core.sudoku.generator import random_solution
from core.sudoku.model import Puzzle, Shape
from core.sudoku.solver import true_candidates as sudoku_candidates
from core.variants import engine
from core.variants.model import make
from tests.core.sudoku.helpers import brute_force_solutions
from tests.core.variants.corpus import python_engine, random_corpus
from tests.core.variants.cpsat import cpsat_solutions
from tests.core.variants.helpers import mixed_parts, solution_grid

CAPS = (1, 2, 8, MAX_SUPPORT)


@pytest.fixture(params=["one search", "switched early"])
def phases(request, monkeypatch):
    """Each answer twice: as the puzzle comes (these small grids end in phase 1, mostly),
    and with phase 1 ended at its 8th node, so that phase 2 (a search a candidate, solutions
    remembered) answers the rest."""
    if request.param == "switched early":
        monkeypatch.setattr(candidates, "SWITCH_NODES", 8)
        monkeypatch.setattr(candidates, "SWITCH_SOLUTIONS", 0)
    return request.param


def expected(solutions, cells: int, cap: int) -> tuple[dict[int, int], ...]:
    """Support from the full list of solutions: per cell, digit -> solutions holding it,
    capped."""
    return tuple({d: min(k, cap) for d, k in Counter(s[c] for s in solutions).items()}
                 for c in range(cells))


def agrees(found: TrueCandidates, solutions, cells: int, cap: int) -> None:
    assert not found.partial
    assert found.support == expected(solutions, cells, cap)
    assert found.cap == cap
    if found.exhaustive:  # nothing left out: every solution met once
        assert found.solutions == len(solutions)
    else:  # some left out: a lower bound
        assert found.solutions <= len(solutions)
    for c in range(cells):
        digits = {s[c] for s in solutions}
        assert found.digits(c) == tuple(sorted(digits))
        assert found.single(c) == (next(iter(digits)) if len(digits) == 1 else None)


def sudoku_puzzles(size: int, givens: range, n: int, seed: int):
    """(puzzle, every solution) for `n` random puzzles with a number of givens in `givens`
    and at most 3,000 solutions."""
    rng = random.Random(seed)
    shape = Shape.of_size(size)
    while n:
        s = random_solution(shape, rng)
        kept = set(rng.sample(range(size * size), rng.choice(givens)))
        p = Puzzle(shape, tuple(v if c in kept else 0 for c, v in enumerate(s)))
        solutions = brute_force_solutions(p, 3001)
        if len(solutions) <= 3000:
            n -= 1
            yield p, solutions


@pytest.mark.usefixtures("engine", "phases")
@pytest.mark.parametrize(("size", "givens"), [(4, range(0, 7)), (6, range(10, 18))])
def test_sudoku_support_is_every_solution_counted(size, givens):
    for p, solutions in sudoku_puzzles(size, givens, 12, seed=size):
        for cap in CAPS:
            agrees(sudoku_candidates(p, cap), solutions, p.shape.cells, cap)


@pytest.mark.usefixtures("engine")
def test_an_empty_4x4_has_every_digit_everywhere_each_in_72_solutions():
    found = sudoku_candidates(Puzzle.blank(4), MAX_SUPPORT)  # 288 grids, a quarter each
    assert found.exhaustive and found.solutions == 288
    assert found.support == tuple({d: 72 for d in range(1, 5)} for _ in range(16))
    capped = sudoku_candidates(Puzzle.blank(4), 8)
    assert capped.support == tuple({d: 8 for d in range(1, 5)} for _ in range(16))
    assert capped.solutions < 288 and not capped.exhaustive  # branches at the cap left out


@pytest.mark.usefixtures("engine")
def test_an_open_grid_switches_and_phase_two_counts_each_candidate_exactly():
    """A blank 6x6 (28,200,960 grids): phase 1 meets many solutions by its checkpoint and
    phase 2 finishes; every candidate everywhere, each held by at least 8 solutions."""
    found = sudoku_candidates(Puzzle.blank(6), 8)
    assert not found.partial and not found.exhaustive
    assert found.support == tuple({d: 8 for d in range(1, 7)} for _ in range(36))
    assert found.nodes < candidates.SWITCH_NODES + 36 * 6 * 200  # a short search a candidate
    # a few givens: a candidate held by fewer than 8 solutions is counted exactly
    p = Puzzle(Shape.of_size(6), (1, 2, 3, 4, 5, 6, 4, 5, 6, 1, 2, 3) + (0,) * 24)
    solutions = brute_force_solutions(p, 100_000)
    agrees(sudoku_candidates(p, 8), solutions, 36, 8)


# A few constraints of different kinds on one grid, as a setter draws them
MIXES = (("thermo", "x", "v"), ("cage", "white", "black"), ("arrow", "antiknight"),
         ("whisper", "renban", "diagonal"), ("little", "evenodd", "less"),
         ("palindrome", "between", "cage-nosum"), ("quad", "xsum", "sandwich"),
         ("regionsum", "zipper", "nonconsecutive"))


def variant(kinds_: tuple[str, ...], size: int, givens: int, rng: random.Random):
    s = solution_grid(size, rng)
    parts = mixed_parts(kinds_, size, s, rng)
    pairs = {}
    for mark in parts.get("marks", []):  # one mark a pair
        pairs.setdefault(frozenset((mark.a, mark.b)), mark)
    parts["marks"] = list(pairs.values())
    regions = parts.pop("regions", None)
    p = make(size, None, regions, **parts)
    cells = set(rng.sample(range(size * size), givens))
    return p.with_givens(s[c] if c in cells else 0 for c in range(size * size))


def variant_puzzles(size: int, givens: range, seed: int):
    """(name, puzzle, every solution by CP-SAT) for each mix, with at most 5,000 solutions."""
    rng = random.Random(seed)
    for mix in MIXES:
        for attempt in range(20):
            p = variant(mix, size, rng.choice(givens), rng)
            try:
                solutions = cpsat_solutions(p, 5000)
            except AssertionError:
                continue
            yield f"{'+'.join(mix)} #{attempt}", p, solutions
            break


@pytest.mark.usefixtures("engine", "phases")
@pytest.mark.parametrize(("size", "givens"), [(4, range(0, 4)), (6, range(4, 12))])
def test_variant_support_agrees_with_cpsat(size, givens):
    seen = 0
    for name, p, solutions in variant_puzzles(size, givens, seed=size):
        for cap in CAPS:
            found = engine.true_candidates(p, cap)
            assert found.support == expected(solutions, p.cells, cap), (name, cap)
            agrees(found, solutions, p.cells, cap)
        seen += 1
    assert seen >= len(MIXES) - 1  # the oracle could list nearly every mix


def house_branched(monkeypatch, count) -> int:
    """The house branches (a digit's two places in a house) the Python search takes while
    `count()` runs on the Python engine."""
    taken = []
    found = engine.Search.house_branch

    def spy(search, cand, cell, front):
        branch = found(search, cand, cell, front)
        taken.append(branch is not None)
        return branch

    with monkeypatch.context() as m, python_engine():
        m.setattr(engine.Search, "house_branch", spy)
        count()
    return sum(taken)


@pytest.mark.usefixtures("engine")
@pytest.mark.parametrize("checkpoint", ["as it comes", "switched early", "met at node 8"])
def test_house_branches_keep_true_candidates_exact(checkpoint, monkeypatch):
    """Phase 1 credits each solution once only when a node's branches split its solutions: a
    house branch's second place takes the digit its first place lost (past its checkpoint
    phase 1 remembers no solution, so nothing else would catch one met twice). On 6x6
    puzzles where the search takes house branches, the support and the solutions met
    against CP-SAT."""
    if checkpoint != "as it comes":
        monkeypatch.setattr(candidates, "SWITCH_NODES", 8)
        monkeypatch.setattr(candidates, "SWITCH_SOLUTIONS", 0 if checkpoint == "switched early"
                            else 10**6)
    rng, seen, branched = random.Random(7), 0, 0
    while seen < 3:
        p = variant(("palindrome", "between", "cage-nosum"), 6, rng.choice((3, 4, 5)), rng)
        try:
            solutions = cpsat_solutions(p, 5000)
        except AssertionError:  # more than the oracle lists
            continue
        branched += house_branched(monkeypatch, lambda p=p: engine.true_candidates(p, 255))
        for cap in (2, MAX_SUPPORT):
            found = engine.true_candidates(p, cap)
            assert found.support == expected(solutions, p.cells, cap), cap
            assert not found.exhaustive or found.solutions == len(solutions), cap
        seen += 1
    assert branched >= 10  # the branches this test is about were taken


@pytest.mark.usefixtures("engine")
def test_the_family_answers_for_a_classic_grid_and_a_variant_alike():
    family = kinds.by_name("variants")
    classic = make(4, (0,) * 16)
    assert family.true_candidates(classic, 3) == sudoku_candidates(Puzzle.blank(4), 3)
    rng = random.Random(7)
    p = variant(("thermo", "x"), 6, 8, rng)
    assert family.true_candidates(p, 2) == engine.true_candidates(p, 2)
    assert kinds.by_name("sudoku").true_candidates(Puzzle.blank(4)).support[0] == {
        1: 1, 2: 1, 3: 1, 4: 1}


def test_only_sudoku_and_variants_give_candidates():
    giving = {f.name for f in kinds.FAMILIES if f.gives_candidates}
    assert giving == {"sudoku", "variants"}
    for family in kinds.FAMILIES:
        if not family.gives_candidates:
            with pytest.raises(NotImplementedError, match="no true candidates"):
                family.true_candidates(None)


@pytest.mark.usefixtures("engine")
def test_a_stopped_search_is_partial_never_more_than_the_truth(phases):
    p = Puzzle.blank(6)  # 28 million solutions: the first poll stops it
    found = sudoku_candidates(p, 8, stop=lambda: True)
    assert found.partial and not found.exhaustive and not found.none
    # (switched early, phase 2 asks before its first search)
    assert 0 < found.nodes <= 64 and found.solutions >= (phases == "one search")
    assert all(k <= 8 for cell in found.support for k in cell.values())
    assert found.single(0) is None  # a stopped search never claims a single
    v = variant(("thermo",), 6, 0, random.Random(0))  # some 1,900 nodes to the end
    stopped = engine.true_candidates(v, 8, node_capped(None, 3))
    assert stopped.partial and stopped.nodes <= 3 * 64
    full = engine.true_candidates(v, 8)
    assert not full.partial
    for part, whole in zip(stopped.support, full.support, strict=True):
        assert all(k <= whole[d] for d, k in part.items())


@pytest.mark.usefixtures("engine")
def test_no_solution_means_no_candidates():
    clash = Puzzle(Shape.of_size(4), (1, 1) + (0,) * 14)
    found = sudoku_candidates(clash, 4)
    assert found.none and found.support == ({},) * 16 and found.single(0) is None
    # no clash at sight, but 1 has no place in row 1's last cell nor column 4
    blocked = Puzzle(Shape.of_size(4), (2, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 1) + (0,) * 4)
    assert sudoku_candidates(blocked, 4).none
    v = make(4, (1, 1) + (0,) * 14)
    assert engine.true_candidates(v, 2).none


@pytest.mark.parametrize("support", [0, -1, MAX_SUPPORT + 1, "3", 2.0, True, None])
def test_a_support_outside_1_to_255_is_refused(support):
    with pytest.raises(ValueError, match="support"):
        check_support(support)
    with pytest.raises(ValueError, match="support"):
        sudoku_candidates(Puzzle.blank(4), support)


def answers(p, cap: int, polls: int | None):
    return engine.true_candidates(p, cap, node_capped(None, polls) if polls else None)


@pytest.mark.usefixtures("phases")
@pytest.mark.parametrize(("cap", "polls", "largest"), [(1, None, 6), (8, None, 6), (1, 12, 9),
                                                      (8, 12, 9), (3, 2, 9)])
def test_the_engines_agree_on_the_variants_corpus(cap, polls, largest):
    """Support, solutions met, nodes and partial, whole, compiled against Python (to the end
    up to 6x6; larger grids stopped after `polls` polls, the Python engine being slow)."""
    from core import native

    if native.variants is None:
        pytest.skip("the compiled variants engine is not built")
    for name, p in random_corpus(120, seed=cap):
        if p.size > largest:
            continue
        ours = answers(p, cap, polls)
        with python_engine():
            theirs = answers(p, cap, polls)
        assert ours == theirs, name


@pytest.mark.usefixtures("phases")
@pytest.mark.parametrize(("size", "cap", "polls"), [(4, 3, None), (6, 8, None), (9, 8, 4)])
def test_the_engines_agree_on_sudoku(size, cap, polls, monkeypatch):
    from core import native

    if native.sudoku is None:
        pytest.skip("the compiled Sudoku engine is not built")
    rng = random.Random(size)
    shape = Shape.of_size(size)
    for _ in range(10):
        s = random_solution(shape, rng)
        kept = set(rng.sample(range(size * size), rng.randint(0, size * size // 3)))
        p = Puzzle(shape, tuple(v if c in kept else 0 for c, v in enumerate(s)))
        stop = (lambda: node_capped(None, polls)) if polls else (lambda: None)
        ours = sudoku_candidates(p, cap, stop())
        with monkeypatch.context() as m:
            m.setattr(native, "sudoku", None)
            theirs = sudoku_candidates(p, cap, stop())
        assert ours == theirs, p
