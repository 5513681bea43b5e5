"""Print layout measured from the PDF itself (pdfplumber reads the lines and texts a reader
sees): one puzzle a page fills the printable width and is centred, several sit on an even
grid with equal gutters at one cell size, line weights scale with the cell, headings carry the
rating with its scale, answer pages are numbered to match, a contents page points at the right
pages, a bare page is the puzzle alone, a bleed sets the trim box."""

import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pdfplumber
import pytest

from core import kinds
from core.export import export_svg
from core.export.book import Source, level_order, pieces, rating_of
from core.export.layout import frame, slots
from core.export.pdf import render
from core.export.style import LARGE, MAGAZINE, PAPERS

pytestmark = pytest.mark.usefixtures("print_font")
PUZZLES = Path(__file__).resolve().parents[3] / "puzzles"
MM = 25.4 / 72  # mm in a PDF point




def sources(*names: str) -> list[Source]:
    """Every puzzle of the sample files, solved and rated."""
    found = []
    for name in names:
        family, items = kinds.read((PUZZLES / name).read_text())
        for _, puzzle in items:
            family = kinds.of(puzzle)
            found.append(Source(family, puzzle, family.count(puzzle, 2).solution,
                                rating_of(family, puzzle)))
    return found


def book_pdf(tmp_path, found, style=MAGAZINE, **options) -> Path:
    path = tmp_path / "book.pdf"
    path.write_bytes(render(pieces(found, style, options.pop("walkthroughs", ())), style,
                            "Book", **options))
    return path


def grids(page) -> list[tuple[float, float, float, float]]:
    """The boxes (left, top, right, bottom, mm) framed by the page's heaviest lines: each
    grid's outer frame, found by joining the heavy lines that touch."""
    heavy = max(line["linewidth"] for line in page.lines)
    boxes = [[line["x0"], line["top"], line["x1"], line["bottom"]] for line in page.lines
             if abs(line["linewidth"] - heavy) < 1e-3]
    merged = True
    while merged:
        merged = False
        for i in range(len(boxes)):
            for j in range(i + 1, len(boxes)):
                a, b = boxes[i], boxes[j]
                if a[0] <= b[2] + 1 and b[0] <= a[2] + 1 and a[1] <= b[3] + 1 and b[1] <= a[3] + 1:
                    boxes[i] = [min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]),
                                max(a[3], b[3])]
                    del boxes[j]
                    merged = True
                    break
            if merged:
                break
    return sorted((tuple(v * MM for v in box) for box in boxes), key=lambda b: (b[1], b[0]))


def heavy_width(page) -> float:
    return max(line["linewidth"] for line in page.lines) * MM


def test_one_a_page_fills_the_width_and_is_centred(tmp_path):
    path = book_pdf(tmp_path, sources("sudoku/hard_rot180.txt"), per_page=1)
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        (left, top, right, bottom), = grids(page)
        width = right - left
        assert 130 <= width <= 150  # a 9x9 on A4
        area = frame(MAGAZINE, 1)
        assert abs((left - area.x) - (area.x + area.w - right)) < 0.3  # centred across
        heading_top = min(c["top"] for c in page.chars if c["top"] * MM > area.y) * MM
        # the block (heading and grid) centred down the printable area, within a line's
        # leading
        assert abs((heading_top - area.y) - (area.y + area.h - bottom)) < 2.5
        # the heavy frame's weight scaled with the cell: outer line over cell as styled
        cell = width / 9
        assert heavy_width(page) / cell == pytest.approx(MAGAZINE.outer_line / MAGAZINE.cell,
                                                         rel=0.02)


@pytest.mark.parametrize("per_page", [2, 4, 6, 9])
def test_several_a_page_sit_on_an_even_grid_at_one_cell_size(tmp_path, per_page):
    found = sources("sudoku/collection_rot90.txt")[:per_page - 1] + sources(
        "sudoku/six_by_six.txt")  # a 6x6 among 9x9s: the same cell size all the same
    path = book_pdf(tmp_path, found, per_page=per_page, solutions=False)
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        boxes = grids(page)
        assert len(boxes) == per_page
        sizes = [9] * (per_page - 1) + [6]
        cells = {round((b[2] - b[0]) / n, 2) for b, n in zip(boxes, sizes, strict=True)}
        assert len(cells) == 1  # one cell size on the page
        cell = cells.pop()
        assert heavy_width(page) / cell == pytest.approx(MAGAZINE.outer_line / MAGAZINE.cell,
                                                         rel=0.02)
        room = slots(frame(MAGAZINE, 1), per_page, MAGAZINE.gutter)
        for box, slot in zip(boxes, room, strict=True):  # each grid centred in its slot
            assert (box[0] + box[2]) / 2 == pytest.approx(slot.x + slot.w / 2, abs=0.3)
        nines = boxes[:-1]
        lefts, tops = distinct(b[0] for b in nines), distinct(b[1] for b in nines)
        # equal gutters: the columns' and rows' steps are all alike
        for edges in (lefts, tops):
            steps = [b - a for a, b in zip(edges, edges[1:], strict=False)]
            assert max(steps, default=0) - min(steps, default=0) < 0.2
    assert cell < 16  # smaller than one a page


def distinct(values) -> list[float]:
    """The values, those within 1 mm of each other taken as one."""
    found: list[float] = []
    for value in sorted(values):
        if not found or value - found[-1] > 1:
            found.append(value)
    return found


def test_line_weights_scale_with_the_cell(tmp_path):
    found = sources("sudoku/hard_rot180.txt")
    widths = []
    for per_page in (1, 9):
        with pdfplumber.open(book_pdf(tmp_path, found * per_page, per_page=per_page)) as pdf:
            page = pdf.pages[0]
            box = grids(page)[0]
            cell = (box[2] - box[0]) / 9
            thinnest = min(line["linewidth"] for line in page.lines) * MM
            widths.append((cell, heavy_width(page), thinnest))
    (big, big_heavy, big_thin), (small, small_heavy, small_thin) = widths
    assert big > 1.5 * small
    assert big_heavy / small_heavy == pytest.approx(big / small, rel=0.02)
    assert big_thin / small_thin == pytest.approx(big / small, rel=0.02)


def test_headings_carry_the_level_and_rating_with_its_scale(tmp_path):
    found = sources("sudoku/hard_rot180.txt", "arith/long_division.txt",
                    "variants/mixed.txt")
    with pdfplumber.open(book_pdf(tmp_path, found, per_page=4)) as pdf:
        text = pdf.pages[0].extract_text()
    assert "1 Sudoku 9x9" in text
    assert "hard · SE 4.0 (Sukaku Explainer scale)" in text
    assert re.search(r"medium · score 2\.7 \(workbench arithmetic scale\)", text)
    assert "A little of everything" in text  # the variant's own title
    assert re.search(r"easy · score \d\.\d \(workbench variants scale\)", text)


def test_heading_parts_can_be_switched_off(tmp_path):
    style = replace(MAGAZINE, heading=("number", "kind"))
    found = sources("sudoku/hard_rot180.txt")
    for source in found:
        source.credits = {"author": "A. Setter", "date": "2026-05-01"}
    with pdfplumber.open(book_pdf(tmp_path, found, style, per_page=1)) as pdf:
        text = pdf.pages[0].extract_text()
    assert "1 Sudoku 9x9" in text and "SE 4.0" not in text and "A. Setter" not in text
    with pdfplumber.open(book_pdf(tmp_path, found, per_page=1)) as pdf:
        assert "A. Setter · 2026-05-01" in pdf.pages[0].extract_text()


def test_answer_pages_are_smaller_and_numbered_to_match(tmp_path):
    found = sources("sudoku/collection_rot90.txt")[:4]
    found.sort(key=level_order)
    path = book_pdf(tmp_path, found, per_page=1)
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) == 4 + 1  # four puzzles, their answers on one page
        puzzle = grids(pdf.pages[0])[0]
        answers = pdf.pages[4]
        assert len(grids(answers)) == 4
        assert all(a[2] - a[0] < 0.6 * (puzzle[2] - puzzle[0]) for a in grids(answers))
        text = answers.extract_text()
        assert [int(n) for n in re.findall(r"(\d+) Sudoku 9x9", text)] == [1, 2, 3, 4]
        # answer 3 is puzzle 3's solution, read off its grid row by row
        third = [c for c in answers.chars if c["text"].isdigit() and _inside(c, grids(answers)[2])]
        digits = "".join(c["text"] for c in sorted(third, key=lambda c: (round(c["top"]),
                                                                         c["x0"])))
        assert digits == "".join(map(str, found[2].answer))
        assert "Book — solutions" in text


def _inside(char, box) -> bool:
    x, y = (char["x0"] + char["x1"]) / 2 * MM, (char["top"] + char["bottom"]) / 2 * MM
    return box[0] < x < box[2] and box[1] < y < box[3]


def test_contents_walkthroughs_and_page_numbers(tmp_path):
    found = sources("sudoku/collection_rot90.txt", "sudoku/hard_rot180.txt")
    found.sort(key=level_order)
    path = book_pdf(tmp_path, found, per_page=4, contents=True, walkthroughs={11})
    with pdfplumber.open(path) as pdf:
        contents = pdf.pages[0].extract_text()
        pages = [page.extract_text() for page in pdf.pages]
    levels = [(m[1], int(m[2])) for m in re.finditer(r"^(Easy|Medium|Hard) .* (\d+)$",
                                                     contents, re.M)]
    assert [level for level, _ in levels] == ["Easy", "Hard"]
    for level, page in levels:  # each level starts where the contents says
        first = re.search(rf"{level} puzzles? (\d+)", contents)[1]
        assert re.search(rf"(^| ){first} Sudoku", pages[page - 1], re.M)
        assert pages[page - 1].rstrip().endswith(str(page))  # its number at the foot
    walk = int(re.search(r"^Walkthroughs (\d+)$", contents, re.M)[1])
    said = pages[walk - 1].replace("\n", " ")
    assert "11 Sudoku 9x9 · hard · SE 4.0 (Sukaku Explainer scale)" in said
    assert "Skyscraper" in pages[walk - 1]


def test_a_bare_page_is_the_puzzle_alone_at_the_style_cell(tmp_path):
    found = sources("sudoku/hard_rot180.txt")
    path = book_pdf(tmp_path, found, bare=True)
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) == 2  # the puzzle, then its answer
        page = pdf.pages[0]
        (left, top, right, bottom), = grids(page)
        assert right - left == pytest.approx(9 * MAGAZINE.cell, abs=0.01)
        assert page.width * MM == pytest.approx(9 * MAGAZINE.cell + 2, abs=0.01)
        texts = page.extract_text().split()
        assert all(t.isdigit() and len(t) == 1 for t in "".join(texts))  # givens only


def test_a_bleed_sets_the_trim_and_bleed_boxes(tmp_path):
    style = replace(MAGAZINE, bleed=3.0, paper=PAPERS["b5"])
    path = book_pdf(tmp_path, sources("sudoku/hard_rot180.txt"), style, per_page=1)
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        assert page.width * MM == pytest.approx(182 + 6, abs=0.05)
        trim = [float(v) * MM for v in page.page_obj.attrs["TrimBox"]]
        assert trim == pytest.approx([3, 3, 185, 260], abs=0.05)
        (left, _, right, _), = grids(page)
        area = frame(style, 1)
        assert (left + right) / 2 == pytest.approx(3 + area.x + area.w / 2, abs=0.3)


def test_a_mixed_book_draws_every_family(tmp_path):
    numcro = PUZZLES / "numcro" / "nine_ja.txt"
    found = sources("sudoku/six_by_six.txt", "arith/send_more_money.txt")
    family, puzzle = kinds.parse(numcro.read_text())
    found.append(Source(family, puzzle))  # no dictionary here: no answer, no rating
    with pdfplumber.open(book_pdf(tmp_path, found, per_page=4)) as pdf:
        text = pdf.pages[0].extract_text()
    assert "3 ナンクロ 9x9" in text and "2 覆面算 (足し算)" in text


def digit_top(font) -> float:
    """How high the font's digits reach above the baseline, as a share of its size."""
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.ttLib import TTFont

    face = TTFont(str(font), lazy=True)
    glyphs, cmap = face.getGlyphSet(), face.getBestCmap()
    tops = []
    for digit in "0123456789":
        pen = BoundsPen(glyphs)
        glyphs[cmap[ord(digit)]].draw(pen)
        tops.append(pen.bounds[3])
    return max(tops) / face["head"].unitsPerEm


@pytest.mark.parametrize(("name", "style", "per_page"), [
    ("codeword_en.txt", MAGAZINE, 1), ("codeword_en.txt", MAGAZINE, 4),
    ("nine_ja.txt", replace(MAGAZINE, numbers="corner"), 4),  # a ナンクロ in a corner style
    ("nine_ja.txt", replace(LARGE, numbers="corner"), 1)])
def test_corner_numbers_stay_clear_of_their_cell_lines(tmp_path, print_font, name, style,
                                                       per_page):
    """Each corner number's ink (from its left edge, the digits' top) is clear of the lines
    at its cell's left and top: half a cell line inside, half the thick frame on the grid's
    edge; at 800 dpi the numbers sat flush against them, and touched the frame."""
    family, puzzle = kinds.parse((PUZZLES / "numcro" / name).read_text())
    top_of = digit_top(print_font)
    with pdfplumber.open(book_pdf(tmp_path, [Source(family, puzzle)], style,
                                  per_page=per_page)) as pdf:
        page = pdf.pages[0]
        boxes = [(r["x0"] * MM, r["top"] * MM, r["x1"] * MM, r["bottom"] * MM,
                  r["linewidth"] * MM) for r in page.rects]
        frame_box = max(boxes, key=lambda b: b[4])  # the grid's frame: the heaviest
        numbers: dict[tuple, list] = {}
        for char in page.chars:
            x, y = (char["x0"] + char["x1"]) / 2 * MM, (char["top"] + char["bottom"]) / 2 * MM
            inside = [b for b in boxes if b[0] < x < b[2] and b[1] < y < b[3] and b != frame_box]
            if char["text"].isdigit() and inside:  # in a cell (or a key's box)
                cell = min(inside, key=lambda b: b[2] - b[0])
                numbers.setdefault(cell, []).append(char)
        assert len(numbers) > 40
        for (left, top, right, bottom, width), chars in numbers.items():
            reach_left = reach_top = width / 2
            in_grid = frame_box[1] < bottom - 0.1 < frame_box[3]  # not a key's box under it
            if in_grid and abs(left - frame_box[0]) < 0.01:
                reach_left = frame_box[4] / 2
            if in_grid and abs(top - frame_box[1]) < 0.01:
                reach_top = frame_box[4] / 2
            ink_left = min(c["x0"] for c in chars) * MM
            # the baseline is the text's origin, its y counted up from the page's foot
            ink_top = min(page.height - c["matrix"][5] - top_of * c["size"] for c in chars) * MM
            margin = 0.04 * (right - left)
            assert ink_left - (left + reach_left) >= margin, (chars[0]["text"], left, top)
            assert ink_top - (top + reach_top) >= margin, (chars[0]["text"], left, top)


# generate shapes --shapes thermo,arrow,pill --seed 3: an arrowhead on the given 2 in r1c1,
# a shaft through the given 8 in r5c5
CROSSED = """kind: variants
2 . . . . . . 5 .
. . 3 . . . . . .
5 . . . . . . . .
. . . . . . . . .
. . . . 8 . . . .
. . . . . . . . .
. . . . . . . 9 .
. 3 . . . . . . .
. . . 7 4 . . 6 .
thermo: r3c8 r2c8 r2c7 r1c6
thermo: r5c6 r4c6 r4c7 r4c8
arrow: r2c3 | r1c2 r1c1
arrow: r2c5 r3c5 | r4c4 r5c5 r6c5
arrow: r8c5 | r7c6 r7c7 r6c8
"""


def test_given_digits_print_over_lines_on_a_white_halo(tmp_path):
    """Each given is drawn last, over a white-outlined copy of itself (the halo knocks out
    the arrows and lines under it), and an arrowhead stops short of a digit in its cell
    instead of landing on it."""
    family, puzzle = kinds.parse(CROSSED)
    with pdfplumber.open(book_pdf(tmp_path, [Source(family, puzzle)], per_page=1,
                                  solutions=False)) as pdf:
        page = pdf.pages[0]
        chars = [c for c in page.chars if c["size"] > 15]  # the givens, not the heading
        white = [i for i, c in enumerate(chars) if c["stroking_color"] == (1.0, 1.0, 1.0)]
        inked = [i for i in range(len(chars)) if i not in white]
        assert len(inked) == sum(1 for v in puzzle.givens if v) == len(white)
        for i in inked:  # a halo under each, at its place and drawn before it
            halo = [j for j in white if j < i and chars[j]["text"] == chars[i]["text"]
                    and abs(chars[j]["x0"] - chars[i]["x0"]) < 0.01
                    and abs(chars[j]["top"] - chars[i]["top"]) < 0.01]
            assert halo, chars[i]["text"]
        ends: dict[tuple, int] = {}
        for line in page.lines:
            color = line["stroking_color"]
            if isinstance(color, tuple) and len(color) == 3 and 0.3 < color[0] < 0.7:  # arrows
                for x, y in line["pts"]:
                    ends[round(x, 1), round(y, 1)] = ends.get((round(x, 1), round(y, 1)), 0) + 1
        tips = [point for point, meeting in ends.items() if meeting >= 3]  # shaft and head
        assert len(tips) == len(puzzle.arrows)
        for x, y in tips:
            for i in inked:
                c = chars[i]
                assert not (c["x0"] - 1 < x < c["x1"] + 1 and c["top"] - 1 < y < c["bottom"] + 1), (
                    f"an arrowhead on the given {c['text']}")
    svg = ET.fromstring(export_svg(family, puzzle))
    groups = [g for g in svg.iter("{http://www.w3.org/2000/svg}g")
              if [t.get("fill") for t in g] == ["white", "#000000"]]
    assert len(groups) == len(inked)  # in SVG too: a white-stroked copy under each given
    assert all(float(g[0].get("stroke-width")) >= 0.08 * MAGAZINE.cell for g in groups)


def test_the_walkthrough_appendix_uses_the_full_text_width(tmp_path):
    """Its heading on one line, steps running past the middle of the page and none past the
    text's right edge (a half-width column wrapped the heading and left the right half
    empty)."""
    found = sources("sudoku/hard_rot180.txt")
    path = book_pdf(tmp_path, found, per_page=1, walkthroughs={1})
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[-1]
        heading = "1 Sudoku 9x9 · hard · SE 4.0 (Sukaku Explainer scale)"
        assert heading in page.extract_text().splitlines()
        area = frame(MAGAZINE, len(pdf.pages))
        below = [c for c in page.chars if area.y < c["top"] * MM < area.y + area.h]
        right = max(c["x1"] for c in below) * MM
        assert area.x + area.w / 2 + 20 < right <= area.x + area.w + 0.01
        assert min(c["x0"] for c in below) * MM == pytest.approx(area.x, abs=0.01)
