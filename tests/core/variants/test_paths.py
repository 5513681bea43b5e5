"""Generated lines drawn as setters draw them (measured on cell centres: no line crosses
another or itself, no turn sharper than 90 degrees, no cell in two shapes, 3 to 7 cells),
each keeping its rule on the solution, in puzzles counted unique."""

import random

import pytest

from core.variants import engine, rules
from core.variants.generator import LINE_WORDS, Options, generate, line_kind


def drawn_lines(p) -> list[tuple[int, ...]]:
    """Every line as drawn: thermometers, arrows from the bulb (a pill's two cells first),
    today's lines."""
    return ([*p.thermos] + [a.bulb + a.shaft for a in p.arrows]
            + [line.cells for line in p.lines])


def centre(cell: int, n: int) -> tuple[int, int]:
    return divmod(cell, n)


def _orientation(a, b, c) -> int:
    value = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (value > 0) - (value < 0)


def _on(a, b, c) -> bool:
    """c lies on the segment a-b (given the three are collinear)."""
    return min(a[0], b[0]) <= c[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= c[1] <= max(
        a[1], b[1])


def meet(s, t) -> bool:
    """Do the segments s and t have a point in common (touching counts)?"""
    (a, b), (c, d) = s, t
    o1, o2, o3, o4 = (_orientation(a, b, c), _orientation(a, b, d), _orientation(c, d, a),
                      _orientation(c, d, b))
    if o1 != o2 and o3 != o4:
        return True
    return ((o1 == 0 and _on(a, b, c)) or (o2 == 0 and _on(a, b, d))
            or (o3 == 0 and _on(c, d, a)) or (o4 == 0 and _on(c, d, b)))


def geometry_faults(p) -> list[str]:
    n, faults = p.size, []
    drawn = drawn_lines(p)
    cells = [c for line in drawn for c in line]
    if len(cells) != len(set(cells)):
        faults.append("a cell in two shapes")
    segments = []
    for i, line in enumerate(drawn):
        points = [centre(c, n) for c in line]
        for j, (a, b) in enumerate(zip(points, points[1:], strict=False)):
            if max(abs(a[0] - b[0]), abs(a[1] - b[1])) != 1:
                faults.append(f"line {i} jumps")
            segments.append((i, j, (a, b)))
        for a, b, c in zip(points, points[1:], points[2:], strict=False):
            if (b[0] - a[0]) * (c[0] - b[0]) + (b[1] - a[1]) * (c[1] - b[1]) < 0:
                faults.append(f"line {i} turns by more than 90 degrees at {b}")
    for x, (i, j, s) in enumerate(segments):
        for k, m, t in segments[x + 1:]:
            if i == k and abs(j - m) == 1:  # neighbours along one line share their end
                continue
            if meet(s, t):
                faults.append(f"lines {i} and {k} cross or touch at {s} and {t}")
    return faults


def test_the_geometry_check_sees_a_crossing_and_a_sharp_turn():
    from core.variants.model import Line, make

    crossing = make(6, lines=[Line("renban", (0, 7)), Line("renban", (1, 6))])
    sharp = make(6, lines=[Line("renban", (0, 1, 6))])  # right, then back down-left
    straight = make(6, lines=[Line("renban", (0, 1, 2)), Line("renban", (6, 7, 8))])
    assert geometry_faults(crossing) and geometry_faults(sharp)
    assert not geometry_faults(straight)


def check_generated(options: Options, seed: int):
    puzzle, solution = generate(options, random.Random(seed))
    assert engine.count(puzzle, 2).unique and engine.count(puzzle, 1).solution == solution
    assert not geometry_faults(puzzle), geometry_faults(puzzle)
    for line in puzzle.lines:
        assert rules.line_holds(puzzle, line, solution), line
        assert 3 <= len(line.cells) <= 7, line
        if line.kind == "regionsum":  # through two boxes or more, each once
            boxes = [puzzle.regions[s[0]] for s in rules.region_segments(puzzle, line.cells)]
            assert len(set(boxes)) == len(boxes) > 1, line
    for clue in puzzle.outside:
        assert rules.outside_holds(clue, [solution[c] for c in rules.outside_cells(puzzle,
                                                                                   clue)])
    return puzzle


@pytest.mark.parametrize("word", sorted(LINE_WORDS))
def test_each_line_is_read_off_a_filling_on_6x6(word):
    kinds = set()
    for seed in range(6):
        puzzle = check_generated(Options("shapes", 6, shapes=(word,), seconds=60), seed)
        kinds |= {line.kind for line in puzzle.lines}
    assert kinds == {line_kind(word, 6)[0]}


def test_many_lines_and_shapes_at_once_never_cross():
    everything = ("thermo", "arrow", "pill", *LINE_WORDS)
    for seed in range(24):
        rng = random.Random(seed)
        shapes = tuple(rng.sample(everything, 4))
        check_generated(Options("shapes", 6, shapes=shapes, seconds=60), seed)


def test_a_4x4_full_of_shapes_draws_what_fits():
    everything = ("thermo", "arrow", "pill", *LINE_WORDS)
    for seed in range(6):
        check_generated(Options("shapes", 4, shapes=everything, seconds=60), seed)


def test_german_and_dutch_whispers_on_9x9():
    for word, value in (("whisper", 5), ("dutch", 4)):
        puzzle = check_generated(Options("shapes", 9, shapes=(word,), seconds=60), 1)
        assert puzzle.lines and {line.value for line in puzzle.lines} == {value}


@pytest.mark.parametrize("kind", ["xsum", "skyscraper"])
def test_outside_clues_are_read_off_a_filling(kind):
    for seed in range(6):
        puzzle = check_generated(Options("shapes", 6, shapes=(kind,), seconds=60), seed)
        assert puzzle.outside and {o.kind for o in puzzle.outside} == {kind}
