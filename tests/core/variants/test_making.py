"""Logic steps in words and generated puzzles proven unique."""

import random

from core.variants import engine, generator
from core.variants.family import VARIANTS
from core.variants.generator import Options, generate, jigsaw_regions
from core.variants.logic import solve_logically
from core.variants.shapes import _reshape_where, grow_cages
from tests.core.variants.helpers import random_puzzle


def unique_puzzles(kind: str, count: int = 4):
    rng = random.Random(kind)
    found = []
    while len(found) < count:
        p = random_puzzle(kind, 6, rng, givens=rng.randint(8, 12))
        if engine.count(p, 2).unique:
            found.append(p)
    return found


def test_steps_are_sound_and_said_in_words():
    for kind in ("cage", "thermo", "white", "less", "arrow", "little", "sandwich", "jigsaw"):
        for p in unique_puzzles(kind):
            solution = engine.count(p, 2).solution
            steps, _ = solve_logically(p)
            assert steps, kind  # 8 to 12 givens of 36 leave cells to fill
            for step in steps:
                assert step.text
                assert all(solution[c] == v for c, v in step.placements), step.text
                assert all(solution[c] != v for c, v in step.eliminations), step.text


def test_rating_gives_a_level_and_steps():
    p = unique_puzzles("cage", 1)[0]
    rating = VARIANTS.rate(p)
    assert rating.level and rating.steps and rating.walkthrough()


def test_jigsaw_regions_are_connected_and_even():
    rng = random.Random(3)
    for n, symmetric in ((6, False), (9, True), (7, False)):
        regions = jigsaw_regions(n, rng, symmetric)
        assert all(regions.count(k) == n for k in range(n))
        assert generator._connected(list(regions), n)
        if symmetric:
            assert generator._symmetric(list(regions), n)


def test_generated_puzzles_are_unique():
    rng = random.Random(5)
    for options in (Options("jigsaw", 6), Options("killer", 6),
                    Options("marks", 6, marks=("x", "v"), all_marks=True),
                    Options("rules", 6, rules=("diagonal", "evenodd"))):
        puzzle, solution = generate(options, rng)
        assert engine.count(puzzle, 2).unique and engine.count(puzzle, 1).solution == solution


def test_zero_given_killer_has_no_one_cell_cage_unless_asked():
    rng = random.Random(8)
    for size in (6, 9):
        puzzle, solution = generate(Options("killer", size, seconds=60), rng)
        assert puzzle.clue_count == 0
        assert min(len(cage.cells) for cage in puzzle.cages) >= 2
        assert sorted(c for cage in puzzle.cages for c in cage.cells) == list(range(size ** 2))
        assert engine.count(puzzle, 2).unique and engine.count(puzzle, 1).solution == solution
    puzzle, _ = generate(Options("killer", 6, singles=True), random.Random(8))
    assert engine.count(puzzle, 2).unique


def test_reshaping_keeps_every_cage_two_cells_or_more():
    rng = random.Random(4)
    solution = generator.random_filling(generator.make(6, None, None), rng)
    cages = grow_cages(solution, 6, rng, generator, singles=False)
    for _ in range(30):
        changed = _reshape_where(cages, rng.sample(range(36), 3), solution, 6, rng, generator)
        if changed is None:
            break
        cages = changed
        assert min(len(c) for c in cages) >= 2
        assert sorted(c for cage in cages for c in cage) == list(range(36))
        for cage in cages:
            assert len({solution[c] for c in cage}) == len(cage)


def test_shapes_read_off_a_filling_make_unique_puzzles():
    rng = random.Random(6)
    for shapes in (("thermo",), ("arrow",), ("pill",), ("little",), ("sandwich",), ("cages",)):
        puzzle, solution = generate(Options("shapes", 6, shapes=shapes, seconds=60), rng)
        assert engine.count(puzzle, 2).unique and engine.count(puzzle, 1).solution == solution
        kept = {"thermo": puzzle.thermos, "arrow": puzzle.arrows, "pill": puzzle.arrows,
                "little": puzzle.little, "sandwich": puzzle.sandwiches,
                "cages": puzzle.cages}[shapes[0]]
        assert kept, shapes
        assert all(c.total is None for c in puzzle.cages)
        if shapes == ("pill",):  # two-cell bulbs read as numbers that their shafts add up to
            lines = set()
            for arrow in puzzle.arrows:
                a, b = arrow.bulb
                assert a < b and 10 * solution[a] + solution[b] == sum(
                    solution[c] for c in arrow.shaft)
                line = (*arrow.bulb, *arrow.shaft)
                lines |= {frozenset(step) for step in zip(line, line[1:], strict=False)}
            for step in lines:  # no line crosses another (or itself)
                (ra, ca), (rb, cb) = (divmod(c, 6) for c in step)
                assert ra == rb or ca == cb or frozenset((ra * 6 + cb, rb * 6 + ca)) not in lines


def test_mark_steps_name_the_mark_and_what_it_says():
    said = set()
    for kind, technique, words in (("white", "kropki", "white dot says"),
                                   ("x", "XV", "an X says"),
                                   ("less", "inequality", "is smaller than"),
                                   ("nonconsecutive", "negative kropki", "no white dot")):
        for p in unique_puzzles(kind):
            steps, _ = solve_logically(p)
            assert steps, kind  # 8 to 12 givens of 36 leave cells to fill
            for step in steps:
                if step.technique == technique:
                    assert words in step.text, step.text
                    said.add(kind)
    assert said >= {"white", "nonconsecutive"}


def test_eliminations_are_said_once_per_group_of_cells():
    from core.variants import formats
    from core.variants.logic import Board, _elim_text

    board = Board(formats.parse("kind: variants\n" + "." * 36 + "\n"))
    said = _elim_text(board, [(0, 1), (1, 1), (0, 2), (1, 2), (5, 4)])
    assert said == "r1c1, r1c2 ≠ 1, 2; r1c6 ≠ 4"


def test_a_contradiction_step_finishes_line_puzzles_soundly():
    """Generated 9x9 line puzzles that singles and the constraints' own steps leave stuck
    are finished by contradictions (a digit that, placed, leaves a rule no way), each one
    sound, instead of "needs guessing"."""
    from core.variants.logic import rate

    finished = 0
    for words in (("whisper",), ("palindrome", "entropic"), ("dutch", "nabner")):
        puzzle, solution = generator.generate(generator.Options("shapes", 9, shapes=words),
                                              random.Random(5))
        rating = rate(puzzle)
        said = [s for s in rating.steps if s.technique == "contradiction"]
        assert said and all(solution[c] != v for s in said for c, v in s.eliminations)
        assert all(" were " in s.text and "leave no way for r" in s.text for s in said)
        finished += rating.solved and rating.level == "master"
    assert finished == 3
