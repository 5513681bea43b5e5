"""Variants in print: each of today's constraints leaves its marks in the SVG (asserted on its
elements and text, not on coordinates; drawsvg writes a line as a path), print carries every
feature the model can name and refuses one it cannot, the line kinds stay apart in greyscale,
and the caption names them."""

import itertools
import math
import xml.etree.ElementTree as ET

import pytest

from core.export import export_pdf, export_svg
from core.export.drawing import THIN
from core.export.style import MAGAZINE
from core.variants import formats, model
from core.variants.drawing import (
    DRAWN,
    LINE_STYLES,
    describe,
    title,
)
from core.variants.family import VARIANTS
from core.variants.groups import CLONES, INDEXING
from core.variants.kinds import LINE_KINDS, LINES
from core.variants.model import Line, ModelError, features, make

NS = "{http://www.w3.org/2000/svg}"
EVERYTHING = """kind: variants
size: 9
rules: diagonal antiknight
negative: x
whisper: r1c1 r1c2 r1c3
whisper 4: r2c1 r2c2 r2c3
renban: r3c1 r3c2 r3c3 r4c3
regionsum: r1c5 r2c5 r3c5 r4c5 r5c5
palindrome: r5c1 r6c2 r7c3
between: r8c1 r8c2 r8c3 r8c4
entropic: r1c7 r1c8 r1c9 r2c9
modular: r3c7 r3c8 r3c9
zipper: r4c7 r5c7 r6c7 r6c8
doublearrow: r7c5 r7c6 r7c7
slowthermo: r9c5 r9c6 r9c7 r8c7
nabner: r9c1 r9c2 r9c3
lockout: r1c4 r1c5 r1c6
white 3: r2c6-r2c7
black 3: r3c6-r4c6
white: r5c8-r5c9
x: r4c8-r4c9
quad: r4c1=1379 r6c4=25 r7c8=4
clone: r5c2 r5c3 | r7c1 r7c2
minimum: r2c4
maximum: r6c9 r7c9
rowindexer: r4c2
columnindexer: r6c5
boxindexer: r6c6
candidates: r3c4=135 r8c8=2468 r9c9=1234567
xsum 15: r1c0
xsum 25: r10c3
skyscraper 3: r0c4
skyscraper 2: r5c10
sandwich row 9: 10
little 20: r0c0 DR
cage 10: r9c8 r8c9
thermo: r4c4 r5c4
arrow: r3c4 | r4c5 r5c6
even: r8c6
odd: r9c4
extra: r6c3 r7c4
"""


def svg(p, answer=None) -> ET.Element:
    return ET.fromstring(export_svg(VARIANTS, p, answer))


def found(root, tag: str, **attrs) -> list[ET.Element]:
    """The elements of a tag whose attributes (stroke_width for stroke-width) are as given."""
    return [e for e in root.iter(NS + tag)
            if all(e.get(k.replace("_", "-")) == v for k, v in attrs.items())]


def texts(root) -> list[str]:
    return [e.text for e in root.iter(NS + "text")]


def parse(lines: str):
    return formats.parse(f"kind: variants\nsize: 9\n{lines}\n")


@pytest.mark.parametrize("kind", LINE_KINDS)
def test_each_line_kind_is_drawn_in_its_colour_and_style(kind):
    style = LINE_STYLES[kind]
    root = svg(make(9, lines=[Line(kind, (0, 1, 2, 11))]))  # r1c1 r1c2 r1c3 r2c3
    diamonds = found(root, "path", stroke=style.color, fill="#ffffff")
    strokes = [p for p in found(root, "path", stroke=style.color) if p not in diamonds]
    dots = [c for c in found(root, "circle", fill=style.color)]
    if style.hollow:  # a grey thermometer, white inside
        assert len(dots) == 1 and len(strokes) == 3
        assert len(found(root, "circle", fill="#ffffff")) == 1
    elif style.dashes:  # dashes or dots, more than one a step
        assert len(strokes) + len(dots) > 3
    else:
        assert len(strokes) == 3 and not dots
    rings = found(root, "circle", stroke=style.color, fill="#ffffff")
    assert len(rings) == (2 if style.ends else 0)
    assert len(diamonds) == (2 if style.diamonds else 0)  # white, on the two ends
    if style.diamonds:
        from core.export.drawing import Path

        d = VARIANTS.draw(make(9, lines=[Line(kind, (0, 1, 2, 11))]))
        centres = {(round(sum(y for _, y in i.points) / 4 / d.cell - 0.5),
                    round(sum(x for x, _ in i.points) / 4 / d.cell - 0.5))
                   for i in d.items if isinstance(i, Path) and i.fill == "#ffffff"}
        assert centres == {(0, 0), (1, 2)}  # r1c1 and r2c3
    if style.core:
        assert len(found(root, "path", stroke=style.core)) == 3
    assert describe(make(9, lines=[Line(kind, (0, 1, 2, 11))])) == style.word


def test_whispers_of_another_difference_are_orange_with_the_difference_at_the_start():
    german, dutch, three = (parse(f"whisper{v}: r1c1 r1c2 r1c3") for v in ("", " 4", " 3"))
    assert found(svg(german), "path", stroke=LINE_STYLES["whisper"].color)
    assert "5" not in texts(svg(german))
    orange = LINES["whisper"].other_style.color
    assert found(svg(dutch), "path", stroke=orange) and "4" in texts(svg(dutch))
    assert describe(german) == "German whispers" and describe(dutch) == "Dutch whispers"
    assert describe(three) == "whispers 3" and "3" in texts(svg(three))
    assert describe(parse("size: 6\nwhisper 2: r1c1 r1c2")) == "Dutch whispers"


def test_a_quadruple_is_a_white_circle_with_its_digits():
    root = svg(parse("quad: r4c4=1379 r1c1=25"))
    assert {"13", "79", "25"} <= set(texts(root))
    assert len(found(root, "circle", fill="#ffffff", stroke="#000000")) == 2


def test_clones_are_shaded_alike_and_lettered_when_there_are_several():
    one = svg(parse("clone: r1c1 r1c2 | r9c8 r9c9"))
    assert len(found(one, "rect", fill=CLONES.fill)) == 4 and "A" not in texts(one)
    two = svg(parse("clone: r1c1 r1c2 | r9c8 r9c9\nclone: r5c5 | r6c6"))
    assert len(found(two, "rect", fill=CLONES.fill)) == 6
    assert texts(two).count("A") == 4 and texts(two).count("B") == 2


def chevrons(root) -> list[tuple[float, ...]]:
    """The strokes of chevrons (lines twice as thick as thin), each "M x1,y1 L x2,y2"."""
    return [tuple(float(v) for v in e.get("d").replace("M", "").replace("L", ",").split(","))
            for e in found(root, "path", stroke_width=str(2 * THIN))]


@pytest.mark.parametrize("key, inwards", [("minimum", True), ("maximum", False)])
def test_minimum_and_maximum_chevrons_point_to_the_smaller_digit(key, inwards):
    root = svg(parse(f"{key}: r5c5"))
    lines = chevrons(root)
    assert len(lines) == 8  # two strokes by each of four edges
    cell = MAGAZINE.cell  # no margin: the grid starts at 0
    centre = (4.5 * cell, 4.5 * cell)
    for x1, y1, x2, y2 in lines:  # each stroke runs from the chevron's point
        point, end = math.dist((x1, y1), centre), math.dist((x2, y2), centre)
        assert (point < end) == inwards
    assert len(chevrons(svg(parse(f"{key}: r5c5 r5c6")))) == 12  # not across their edge
    assert len(chevrons(svg(parse(f"{key}: r1c1")))) == 4  # nor on the grid's edge


def test_indexers_are_shaded_by_kind():
    root = svg(parse("rowindexer: r1c1 r2c1\ncolumnindexer: r1c5\nboxindexer: r5c5"))
    fills = {way.name: way.fill for way in INDEXING}
    for kind, count in (("row", 2), ("column", 1), ("box", 1)):
        assert len(found(root, "rect", fill=fills[kind])) == count
    assert describe(parse("columnindexer: r1c5")) == "column indexer"


def test_x_sums_are_circled_skyscrapers_boxed_and_sandwiches_plain():
    root = svg(parse("xsum 15: r1c0\nskyscraper 3: r0c4\nsandwich row 9: 10\n"
                     "skyscraper 2: r5c10"))
    assert {"15", "3", "10", "2"} <= set(texts(root))
    assert len(found(root, "circle", stroke="#000000", fill="none")) == 1  # the X-sum
    assert len(found(root, "rect", stroke="black", fill="none")) == 2  # the skyscrapers
    sandwich = svg(parse("sandwich row 9: 10"))
    assert not found(sandwich, "circle") and len(found(sandwich, "rect")) == 1  # the page


def test_given_candidates_are_small_digits_in_an_empty_cell_but_not_in_the_answer():
    p = parse("candidates: r1c1=135 r2c2=12345678\nwhite: r1c1-r1c2")
    root = svg(p)
    assert "135" in texts(root) and {"12345", "678"} <= set(texts(root))
    assert "135" not in texts(svg(p, VARIANTS.solve(p)))


def test_dots_of_another_difference_or_ratio_carry_it():
    root = svg(parse("white 3: r1c1-r1c2\nblack 4: r5c5-r6c5"))
    labels = {e.text: e.get("fill") for e in root.iter(NS + "text")}
    assert labels == {"3": "#000000", "4": "#ffffff"}


def every_feature() -> set[str]:
    """Every name model.features can give, from the model's own lists and fields."""
    n = model.MAX_SIZE
    fields = set(model.constraint_fields()) - {"rules", "negative", "marks", "lines", "custom"}
    return ({"jigsaw", "digits from 0", *model.RULES, *model.MARK_KINDS, *LINE_KINDS, *fields}
            | {f"rule {kind}" for kind in model.RULE_RECORDS}
            | {f"negative {k}" for k in model.NEGATIVE_KINDS}
            | {f"white {k}" for k in range(2, n)} | {f"black {k}" for k in range(3, n)})


def test_print_carries_every_feature_and_refuses_one_it_does_not_know(monkeypatch):
    assert every_feature() <= DRAWN
    p = formats.parse(EVERYTHING)
    assert {*LINE_KINDS, "quads", "clones", "minima", "maxima", "indexers", "outside",
            "candidates", "white 3", "black 3"} <= features(p)
    root = svg(p)
    for kind in LINE_KINDS:
        color = LINE_STYLES[kind].color
        assert found(root, "path", stroke=color) or found(root, "circle", fill=color), kind
    assert export_pdf([(VARIANTS, p, None, title(p))]).startswith(b"%PDF")
    real = model.features
    monkeypatch.setattr(model, "features", lambda q: real(q) | {"sparkles"})
    with pytest.raises(ModelError, match="print cannot carry sparkles"):
        svg(p)


def luminance(color: str) -> float:
    r, g, b = (int(color[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b


def pattern(style) -> str:
    if style.hollow or style.ends or style.core:
        return "hollow" if style.hollow else "ends" if style.ends else "core"
    if not style.dashes:
        return "solid"
    period, length = style.dashes
    return "dots" if length <= style.width else f"dashes every {period}"


@pytest.mark.parametrize("a, b", itertools.combinations(LINE_KINDS, 2))
def test_line_kinds_stay_apart_in_greyscale(a, b):
    """Printed in black and white, two kinds differ in pattern, in width (by half) or in
    grey (by a fifth of the scale)."""
    sa, sb = LINE_STYLES[a], LINE_STYLES[b]
    wide, narrow = max(sa.width, sb.width), min(sa.width, sb.width)
    assert (pattern(sa) != pattern(sb) or round(wide / narrow, 2) >= 1.5
            or abs(luminance(sa.color) - luminance(sb.color)) >= 0.2)


def test_the_caption_names_every_kind_of_today():
    words = describe(formats.parse(EVERYTHING)).split(", ")
    for word in ("German whispers", "Dutch whispers", "renban", "region sum", "palindrome",
                 "between line", "entropic", "modular", "zipper", "double arrow",
                 "slow thermo", "Nabner", "quadruple", "clone", "minimum", "maximum",
                 "row indexer", "column indexer", "box indexer", "X-sum", "skyscraper",
                 "given candidates"):
        assert word in words
    assert title(formats.parse(EVERYTHING)) == "Variant Sudoku"  # the rules say the kinds


def _square_distance(p, a, b) -> float:
    """The distance from a point to a side of the grid in the chessboard metric (the larger
    of across and along): a square-cornered inset is the same at every corner in it."""
    (pr, pc), (ar, ac), (br, bc) = p, a, b
    def off(v, low, high):
        return max(low - v, 0.0, v - high)
    return max(off(pr, min(ar, br), max(ar, br)), off(pc, min(ac, bc), max(ac, bc)))


def _border(cells) -> list[tuple[tuple[int, int], tuple[int, int], tuple[int, int]]]:
    """Each unit side between a cage cell and a cell outside: its ends (row, col) and the
    inward normal, worked out here from the cells alone."""
    sides = []
    for r, c in cells:
        for (dr, dc), a, b in (((-1, 0), (r, c), (r, c + 1)), ((1, 0), (r + 1, c), (r + 1, c + 1)),
                               ((0, -1), (r, c), (r + 1, c)), ((0, 1), (r, c + 1), (r + 1, c + 1))):
            if (r + dr, c + dc) not in cells:
                sides.append((a, b, (-dr, -dc)))
    return sides


def _corners(cells) -> int:
    """The corners of the cage's edge, counted from the 2x2 cells round each grid point:
    one where one or three are the cage's, two where two touch only diagonally."""
    count = 0
    for r in range(10):
        for c in range(10):
            around = [(r - 1, c - 1) in cells, (r - 1, c) in cells, (r, c - 1) in cells,
                      (r, c) in cells]
            k = sum(around)
            count += 1 if k in (1, 3) else 2 if k == 2 and around[0] == around[3] else 0
    return count


def _random_cage(rng) -> set[tuple[int, int]]:
    cells = {(rng.randrange(9), rng.randrange(9))}
    while len(cells) < rng.randint(2, 9):
        r, c = rng.choice(sorted(cells))
        dr, dc = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
        if 0 <= r + dr < 9 and 0 <= c + dc < 9:
            cells.add((r + dr, c + dc))
    return cells


SHAPES = {
    "L": {(0, 0), (1, 0), (1, 1)},
    "T": {(0, 0), (0, 1), (0, 2), (1, 1)},
    "U": {(0, 0), (1, 0), (1, 1), (1, 2), (0, 2)},
    "plus": {(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)},
    "ring": {(r, c) for r in range(3) for c in range(3)} - {(1, 1)},
    "pinch": {(0, 0), (1, 1), (0, 1)} | {(2, 2), (1, 2)},
}


@pytest.mark.parametrize("cells", list(SHAPES.values()) + [
    _random_cage(__import__("random").Random(seed)) for seed in range(300)])
def test_a_cage_outline_keeps_one_inset_at_every_corner(cells):
    """Drawn as print draws it: every point of the dashed loops (corners and the sides
    between) is INSET inside the cage's cells from their edge (in the chessboard metric, so
    a square corner is as far in at a concave corner as at a convex one), every side of the
    edge has its line at that inset, and the loops turn only where the edge does (no
    steps): one square turn for each corner of the edge."""
    from core.export.drawing import Path
    from core.variants.drawing import INSET
    from core.variants.shapes import Cage

    n = 9
    p = make(n, cages=[Cage(tuple(sorted(r * n + c for r, c in cells)), None)])
    d = VARIANTS.draw(p)
    cell = d.cell
    loops = [[(y / cell, x / cell) for x, y in item.points] for item in d.items
             if isinstance(item, Path)]
    assert loops and all(item.closed for item in d.items if isinstance(item, Path))
    sides = _border(cells)
    for loop in loops:
        for a, b in zip(loop, loop[1:] + loop[:1], strict=True):
            assert a[0] == pytest.approx(b[0]) or a[1] == pytest.approx(b[1])  # no slant
            for t in (0.0, 0.25, 0.5, 0.75):
                point = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
                assert (int(point[0]), int(point[1])) in cells  # inside the cage
                nearest = min(_square_distance(point, s, e) for s, e, _ in sides)
                assert nearest == pytest.approx(INSET, abs=1e-9)
    for s, e, (nr, nc) in sides:  # each side of the edge has its dashes INSET inside
        middle = ((s[0] + e[0]) / 2 + nr * INSET, (s[1] + e[1]) / 2 + nc * INSET)
        assert min(_square_distance(middle, a, b) for loop in loops
                   for a, b in zip(loop, loop[1:] + loop[:1], strict=True)) < 1e-9
    assert sum(map(len, loops)) == _corners(cells)
