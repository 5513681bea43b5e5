import random

import pytest

from core.removal import remove_greedily
from core.sudoku import Options, Puzzle, count, generate, rate
from core.sudoku.explainer import explain
from core.sudoku.explainer.techniques import techniques_up_to as se_techniques_up_to
from core.sudoku.generator import GenerationFailed, UniquenessTest, random_solution
from core.sudoku.ladder import solvable_with, techniques_up_to
from core.sudoku.model import Shape
from core.sudoku.rating import score_range
from core.symmetry import SYMMETRIES, orbits
from tests.core.sudoku.helpers import is_valid_solution

pytestmark = pytest.mark.usefixtures("engine")  # on both engines


def givens_pattern(p: Puzzle) -> set[int]:
    return {c for c, v in enumerate(p.givens) if v}


@pytest.mark.parametrize("size", [4, 6, 8, 9, 12])
def test_generated_puzzles_are_unique_with_the_given_solution(size):
    p, solution = generate(Options(size=size), random.Random(size))
    result = count(p)
    assert result.unique and result.solution == solution
    assert is_valid_solution(p, solution)


def test_single_clue_removal_leaves_a_minimal_puzzle():
    p, _ = generate(Options(), random.Random(3))
    for c in givens_pattern(p):
        looser = p.with_givens(0 if i == c else v for i, v in enumerate(p.givens))
        assert count(looser).count == 2


def test_same_seed_same_puzzle():
    a = generate(Options(symmetry="rot180"), random.Random(7))
    b = generate(Options(symmetry="rot180"), random.Random(7))
    c = generate(Options(symmetry="rot180"), random.Random(8))
    assert a == b and a != c


@pytest.mark.parametrize("symmetry", SYMMETRIES)
def test_symmetry_of_the_givens(symmetry):
    p, _ = generate(Options(symmetry=symmetry), random.Random(1))
    pattern = givens_pattern(p)
    for orbit in orbits(9, symmetry):
        inside = {c in pattern for c in orbit}
        assert len(inside) == 1, (symmetry, orbit)
    assert count(p).unique


def test_minimal_with_symmetry_tries_single_clues_too():
    p, _ = generate(Options(symmetry="dihedral", minimal=True), random.Random(2))
    for c in givens_pattern(p):
        looser = p.with_givens(0 if i == c else v for i, v in enumerate(p.givens))
        assert not count(looser).unique


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert", "master"])
def test_a_9x9_level_is_a_band_of_sudoku_explainers_rating(level):
    p, _ = generate(Options(level=level, symmetry="rot180"), random.Random(11))
    rating = rate(p)
    low, high = score_range(level, 12.0)
    assert rating.level == level and rating.scale == "sukaku" and low <= rating.score <= high
    assert explain(p.givens).rating == rating.score  # SE's own number, not an estimate
    assert p.clue_count <= 32  # removed to the end of the band, not stopped on the way


@pytest.mark.parametrize("size, level", [(4, "easy"), (6, "easy"), (6, "medium")])
def test_other_sizes_take_their_level_from_the_workbench_ladder(size, level):
    p, _ = generate(Options(size=size, level=level), random.Random(3))
    rating = rate(p)
    assert rating.level == level and rating.scale == "workbench"
    assert solvable_with(p, techniques_up_to(level))


def test_max_technique_singles_only():
    """9x9: Sudoku Explainer's techniques up to the naked single solve it."""
    p, _ = generate(Options(max_technique="naked single"), random.Random(4))
    assert explain(p.givens, allowed=se_techniques_up_to("Naked Single", "sukaku")).solved
    assert rate(p).score <= 2.3


def test_max_technique_on_other_sizes_is_the_ladders():
    p, _ = generate(Options(size=6, max_technique="hidden single"), random.Random(4))
    assert solvable_with(p, frozenset({"full house", "hidden single"}))
    with pytest.raises(ValueError, match="on 6x6 one of full house, hidden single"):
        Options(size=6, max_technique="Skyscraper")


def test_target_clue_count():
    p, _ = generate(Options(clues=30), random.Random(5))
    assert p.clue_count == 30 and count(p).unique


def test_authors_mask():
    # givens exactly on a pattern from a real puzzle: 26 cells with 180-degree symmetry
    source, _ = generate(Options(symmetry="rot180", clues=28), random.Random(6))
    mask = tuple(bool(v) for v in source.givens)
    p, _ = generate(Options(mask=mask), random.Random(9))
    assert tuple(bool(v) for v in p.givens) == mask
    assert count(p).unique


def all_grids(shape: Shape) -> list[tuple[int, ...]]:
    empty = Puzzle(shape, (0,) * shape.cells)
    return list(count(empty, limit=10_000).solutions)


def test_a_mask_no_unique_puzzle_fits_is_refused_and_the_proof_holds():
    """Issue 39: an empty mask raised IndexError; one of too few givens searched for minutes.
    On 4x4 every refusal is checked against all 288 grids: no grid is the only one that
    agrees with itself on the mask's cells."""
    with pytest.raises(ValueError, match="the mask marks 0 givens; a unique 9x9 needs at least 17"):
        Options(mask=(False,) * 81)
    with pytest.raises(ValueError, match="marks 1 given; a unique 4x4 needs at least 4"):
        Options(size=4, mask=(True,) + (False,) * 15)
    rows_2_3 = tuple(not 9 <= c < 27 for c in range(81))
    with pytest.raises(ValueError, match="rows 2 and 3 of the mask are empty and in one band"):
        Options(mask=rows_2_3)
    columns_4_6 = tuple(c % 9 not in (3, 5) for c in range(81))
    with pytest.raises(ValueError, match="columns 4 and 6 of the mask are empty and in one stack"):
        Options(mask=columns_4_6)
    shape, rng, refused = Shape.of_size(4), random.Random(39), 0
    grids = all_grids(shape)
    assert len(grids) == 288
    for _ in range(300):
        mask = tuple(rng.random() < 0.4 for _ in range(16))
        try:
            Options(size=4, mask=mask)
        except ValueError:
            refused += 1
            shown = {tuple(v if keep else 0 for v, keep in zip(g, mask, strict=True))
                     for g in grids}
            assert all(sum(1 for g in grids if all(not k or a == b for a, b, k in
                                                   zip(g, s, mask, strict=True))) > 1
                       for s in shown)
    assert refused >= 20


def test_impossible_constraints_fail_cleanly():
    with pytest.raises(GenerationFailed):
        generate(Options(clues=18, attempts=3), random.Random(1))
    with pytest.raises(ValueError, match="a unique 9x9 needs 17 to 81 clues"):
        Options(clues=16)  # below the proven minimum: refused at once, not searched for
    with pytest.raises(ValueError, match="unknown symmetry"):
        Options(symmetry="spiral")
    with pytest.raises(ValueError, match="no Sudoku of size 7"):
        Options(size=7)


def test_random_solutions_are_valid_and_varied():
    rng = random.Random(0)
    shape = Shape.of_size(9)
    grids = {random_solution(shape, rng) for _ in range(20)}
    assert len(grids) == 20
    empty = Puzzle(shape, (0,) * 81)
    assert all(is_valid_solution(empty, g) for g in grids)
    # every symbol appears in r1c1 at some point: the relabelling is not biased
    firsts = {random_solution(shape, rng)[0] for _ in range(200)}
    assert firsts == set(range(1, 10))


def test_uniqueness_test_agrees_with_counting():
    rng = random.Random(12)
    shape = Shape.of_size(9)
    solution = random_solution(shape, rng)
    test = UniquenessTest(solution, shape)
    kept = frozenset(range(81))
    for group in orbits(9, "rot90")[:20]:
        rest = kept.difference(group)
        p = Puzzle(shape, tuple(solution[c] if c in rest else 0 for c in range(81)))
        assert test(rest, group) == count(p).unique
        if count(p).unique:
            kept = rest


def test_generic_removal_loop():
    # a toy family: clues are numbers; the "puzzle" stays acceptable while its sum is >= 10
    kept = remove_greedily(range(1, 8), [(1, 7), (2, 6), (3, 5), (4,)],
                           lambda rest, group: sum(rest) >= 10, random.Random(0))
    assert sum(kept) >= 10
    assert all(sum(kept) - sum(g) < 10 for g in [(1, 7), (2, 6), (3, 5), (4,)]
               if set(g) <= kept)


@pytest.mark.slow
def test_sixteen_by_sixteen():
    p, solution = generate(Options(size=16, symmetry="rot180"), random.Random(1))
    assert count(p).unique
