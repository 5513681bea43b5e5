import random
import shutil
import subprocess

import pytest

from core.sudoku import Puzzle, Shape, count, format_line, parse, solve
from core.sudoku.model import BOX_SHAPES
from tests.core.sudoku.helpers import SETS, brute_force_count, is_valid_solution, sample

pytestmark = pytest.mark.usefixtures("engine")  # on both engines

TOP1 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
# the answer Debian's qqwing gives (qqwing --solve --count-solutions: unique)
TOP1_SOLUTION = "468931527751624839392578461134756298289413675675289314846192753513867942927345186"


def test_known_solution():
    result = count(parse(TOP1))
    assert result.count == 1 and result.unique
    assert "".join(map(str, result.solution)) == TOP1_SOLUTION


@pytest.mark.parametrize("name", sorted(SETS))
def test_every_sample_puzzle_is_unique(name):
    for p in sample(name):
        result = count(p)
        assert result.count == 1, p
        assert is_valid_solution(p, result.solution)


def test_removing_a_clue_of_a_minimal_puzzle_gives_several_solutions():
    # 17-clue puzzles are minimal: any clue removed leaves two or more solutions
    for p in sample("clue17_sample.txt", 20):
        clue = next(c for c, v in enumerate(p.givens) if v)
        looser = p.with_givens(v if c != clue else 0 for c, v in enumerate(p.givens))
        result = count(looser)
        assert result.count == 2 and not result.unique
        first, second = result.solutions
        assert result.differs == tuple(c for c in range(81) if first[c] != second[c])
        assert result.differs and all(looser.givens[c] == 0 for c in result.differs)
        assert all(is_valid_solution(looser, s) for s in result.solutions)


@pytest.mark.parametrize("size", [4, 6])
def test_counts_match_brute_force_on_small_grids(size):
    rng = random.Random(size)
    shape = Shape.of_size(size)
    solution = solve(Puzzle(shape, (0,) * size * size))
    for _ in range(40):
        keep = rng.randrange(0, size * size // 2)
        cells = rng.sample(range(size * size), keep)
        givens = tuple(solution[c] if c in cells else 0 for c in range(size * size))
        # sometimes an extra given that may contradict
        if rng.random() < 0.3:
            c = rng.randrange(size * size)
            givens = givens[:c] + (rng.randint(1, size),) + givens[c + 1:]
        p = Puzzle(shape, givens)
        expected = brute_force_count(p, limit=50)
        assert count(p, limit=50).count == expected, p


def test_count_respects_the_limit():
    empty4 = Puzzle(Shape.of_size(4), (0,) * 16)
    assert count(empty4, limit=1000).count == 288  # all 4x4 Sudoku grids
    assert count(empty4, limit=5).count == 5


def test_clashing_givens_have_no_solution_and_are_named():
    p = parse("55" + "." * 79)
    result = count(p)
    assert result.count == 0 and not result.unique
    assert result.clashes == ((0, 1),)


def test_contradiction_without_a_clash():
    # r1c1 can hold nothing: its row, column and box hold 1-9 between them
    text = "." + "12345678" + ("9" + "." * 8) + "." * 63
    result = count(parse(text))
    assert result.count == 0 and result.clashes == ()


def test_stop_ends_the_search():
    empty = Puzzle(Shape.of_size(16), (0,) * 256)
    result = count(empty, limit=10_000, stop=lambda: True)
    assert result.stopped and not result.unique


@pytest.mark.parametrize("size", sorted(BOX_SHAPES))
def test_every_size_solves(size):
    p = Puzzle(Shape.of_size(size), (0,) * size * size)
    s = solve(p)
    assert is_valid_solution(p, s)


@pytest.mark.skipif(shutil.which("qqwing") is None, reason="qqwing is not installed (apt-get)")
def test_solutions_agree_with_qqwing():
    puzzles = sample("top1465_sample.txt", 12)
    lines = "".join(format_line(p) + "\n" for p in puzzles)
    out = subprocess.run(["qqwing", "--solve", "--one-line"], input=lines, capture_output=True,
                         text=True, check=True).stdout.split()
    assert out == ["".join(map(str, count(p).solution)) for p in puzzles]
