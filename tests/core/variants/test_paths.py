"""Generated lines drawn as setters draw them (measured on cell centres: no line crosses
another or itself, no turn sharper than 90 degrees, no cell in two shapes, 3 to 7 cells,
arrows of a few cells, bulbs clear of other lines), each keeping its rule on the solution, in
puzzles counted unique; on 9x9 the shapes alone (their givens not removed) over hundreds of
seeds."""

import math
import random

import pytest

from core.variants import engine, rules
from core.variants.drawing import LINE_STYLES
from core.variants.generator import (
    LINE_WORDS,
    Options,
    generate,
    line_kind,
    random_filling,
    shapes_off,
)
from core.variants.model import make

# as printed (core/variants/drawing.py), in cells: a bulb's or end circle's radius (an arrow's
# and a pill's with their outline), half a line's width
THERMO_BULB, ARROW_BULB, SHAFT = 0.36, 0.4, 0.02
SHAFTS = {1: (1, 3), 2: (2, 5)}  # an arrow's shaft: its least and most cells, by bulb cells


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


def widths(p) -> list[float]:
    """Half of each drawn line's printed width (numbered as drawn_lines numbers them)."""
    return ([0.15] * len(p.thermos) + [SHAFT] * len(p.arrows)
            + [LINE_STYLES[line.kind].width / 2 for line in p.lines])


def bulbs(p) -> list[tuple[int, tuple[int, ...], float]]:
    """Each bulb or end circle as (the line it is on, its cells, its radius): a
    thermometer's first cell, an arrow's bulb (a pill's two cells), the circled ends of
    today's lines and a slow thermometer's bulb."""
    found = [(i, t[:1], THERMO_BULB) for i, t in enumerate(p.thermos)]
    found += [(len(p.thermos) + i, a.bulb, ARROW_BULB) for i, a in enumerate(p.arrows)]
    first = len(p.thermos) + len(p.arrows)
    for i, line in enumerate(p.lines):
        style = LINE_STYLES[line.kind]
        if style.ends:
            found += [(first + i, (c,), ARROW_BULB) for c in (line.cells[0], line.cells[-1])]
        elif style.hollow:
            found.append((first + i, line.cells[:1], THERMO_BULB))
    return found


def distance(s, t) -> float:
    """The least distance between two segments (a point is a segment of no length) that do
    not meet."""
    def to_segment(c, a, b) -> float:
        dx, dy = b[0] - a[0], b[1] - a[1]
        k = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((c[0] - a[0]) * dx + (c[1] - a[1])
                                                          * dy) / (dx * dx + dy * dy)))
        return math.hypot(c[0] - a[0] - k * dx, c[1] - a[1] - k * dy)
    return min(to_segment(s[0], *t), to_segment(s[1], *t), to_segment(t[0], *s),
               to_segment(t[1], *s))


def geometry_faults(p) -> list[str]:
    n, faults = p.size, []
    drawn = drawn_lines(p)
    for thermo in p.thermos:
        if not 3 <= len(thermo) <= 6:
            faults.append(f"a thermometer of {len(thermo)} cells")
    for arrow in p.arrows:
        least, most = SHAFTS[len(arrow.bulb)]
        if not least <= len(arrow.shaft) <= most:
            faults.append(f"an arrow of {len(arrow.bulb)}+{len(arrow.shaft)} cells")
        if len(arrow.bulb) == 2:  # a pill: two cells side by side, never diagonal
            (ra, ca), (rb, cb) = (centre(c, n) for c in arrow.bulb)
            if abs(ra - rb) + abs(ca - cb) != 1:
                faults.append(f"a diagonal pill at {arrow.bulb}")
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
    # bulbs clear of other lines and bulbs: the printed shapes leave white between them
    half, round_ = widths(p), bulbs(p)
    for x, (i, cells, radius) in enumerate(round_):
        bulb = (centre(cells[0], n), centre(cells[-1], n))
        for k, _, t in segments:
            if k == i and set(t) & set(bulb):
                continue  # its own line leaving it
            if distance(bulb, t) < radius + half[k]:
                faults.append(f"a bulb at {bulb[0]} of line {i} touches line {k} at {t}")
        for k, other, r in round_[x + 1:]:
            ends = (centre(other[0], n), centre(other[-1], n))
            if distance(bulb, ends) < radius + r:
                faults.append(f"bulbs of lines {i} and {k} touch at {bulb[0]} and {ends[0]}")
    return faults


def test_the_geometry_check_sees_a_crossing_and_a_sharp_turn():
    from core.variants.model import Line, make

    crossing = make(6, lines=[Line("renban", (0, 7)), Line("renban", (1, 6))])
    sharp = make(6, lines=[Line("renban", (0, 1, 6))])  # right, then back down-left
    straight = make(6, lines=[Line("renban", (0, 1, 2)), Line("renban", (6, 7, 8))])
    assert geometry_faults(crossing) and geometry_faults(sharp)
    assert not geometry_faults(straight)


def test_the_geometry_check_sees_a_long_arrow_and_a_bulb_by_a_pill():
    from core.variants.model import Line, make
    from core.variants.shapes import Arrow

    long = make(9, arrows=[Arrow((0,), (1, 2, 3, 4))])  # a shaft of four from one cell
    # a thermometer's bulb in the corner of a diagonal pill: 0.71 of a cell from its middle
    # line, closer than the pill's half width and the bulb's radius
    pill = make(9, arrows=[Arrow((0, 10), (20, 30))], thermos=[(1, 2, 3)])
    beside = make(9, thermos=[(0, 1, 2)], lines=[Line("renban", (9, 10, 11))])
    past = make(9, thermos=[(10, 11, 12)], lines=[Line("renban", (9, 1, 2))])  # diagonal
    assert any("arrow of 1+4" in f for f in geometry_faults(long))
    assert any("bulbs of lines" in f for f in geometry_faults(pill))
    assert any("a diagonal pill" in f for f in geometry_faults(pill))
    assert not geometry_faults(beside) and not geometry_faults(past)


def shapes_alone(words: tuple[str, ...], seed: int, n: int = 9):
    """The generator's shapes on a random filling, without its givens removed (counting
    them unique takes seconds a puzzle; the shapes take milliseconds)."""
    rng = random.Random(seed)
    solution = random_filling(make(n, None, None), rng)
    return make(n, None, None, **shapes_off(solution, words, n, rng)), solution


SEEDS_9X9 = 16  # a word: 15 words, 240 puzzles, under 3 s


@pytest.mark.parametrize("word", ["thermo", "arrow", "pill", *sorted(LINE_WORDS)])
def test_shapes_on_9x9_are_drawn_as_setters_draw_them(word):
    drawn = 0
    for seed in range(SEEDS_9X9):
        puzzle, solution = shapes_alone((word,), seed)
        assert not geometry_faults(puzzle), (seed, geometry_faults(puzzle))
        for line in puzzle.lines:
            assert 3 <= len(line.cells) <= 7 and rules.line_holds(puzzle, line, solution)
        drawn += len(drawn_lines(puzzle))
    assert drawn >= 2 * SEEDS_9X9  # a crowd of them, not the odd one


def test_every_shape_at_once_on_9x9_never_crosses():
    everything = ("thermo", "arrow", "pill", *LINE_WORDS)
    for seed in range(40):  # 40 of thermometers, arrows and pills, 10 of everything
        words = everything if seed % 4 == 0 else ("thermo", "arrow", "pill")
        puzzle, _ = shapes_alone(words, seed)
        assert not geometry_faults(puzzle), (seed, geometry_faults(puzzle))


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
