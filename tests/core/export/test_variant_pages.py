"""Variant pages as a magazine prints them (issue 35): the rules on the page (the setter's own,
else written from the constraints, one sentence a kind, in English or Japanese; above or
below the grid or not at all, as the style says), a heading that names the puzzle and carries
its level with its score, and a leftover puzzle printed at the size of its own layout."""

import re
from dataclasses import replace
from pathlib import Path

import pdfplumber
import pytest

from core.export.book import Source, pieces, rating_of
from core.export.pdf import render
from core.export.style import MAGAZINE, StyleError, parse_style
from core.variants import formats, wording
from core.variants.family import VARIANTS
from core.variants.model import Line, Mark, make
from core.variants.shapes import Arrow, Cage
from tests.core.export.test_layout import grids
from tests.core.variants.helpers import JIGSAW_4

pytestmark = pytest.mark.usefixtures("print_font")
MIXED = Path(__file__).resolve().parents[3] / "puzzles" / "variants" / "mixed.txt"


def mixed(meta=()):
    p = replace(formats.parse(MIXED.read_text()), meta=tuple(meta))
    return Source(VARIANTS, p, VARIANTS.count(p).solution, rating_of(VARIANTS, p))


def pages(tmp_path, found, style=MAGAZINE, **options) -> list:
    """(text with lines joined by spaces, page) of each page."""
    path = tmp_path / "book.pdf"
    path.write_bytes(render(pieces(found, style), style, "Book", **options))
    with pdfplumber.open(path) as pdf:
        return [(" ".join(page.extract_text().split()), page) for page in pdf.pages]


def top_of(page, words: str) -> float:
    """Where on the page (mm from the top) a text's first word is."""
    first = words.split()[0]
    return min(w["top"] for w in page.extract_words() if w["text"].startswith(first)) * 25.4 / 72


def test_the_rules_are_written_from_the_constraints_one_sentence_a_kind(tmp_path):
    (text, page), *_ = pages(tmp_path, [mixed()], per_page=1)
    sentences = ["Place the digits 1 to 9 once each in every row, column and 3x3 box.",
                 "Digits separated by a white dot are consecutive.",
                 "An inequality sign between two cells points to the smaller digit.",
                 "Digits in a cage may not repeat and add up to the small number in its "
                 "top-left corner.",
                 "Digits along a thermometer increase from the bulb end.",
                 "Digits along an arrow add up to the digit in its circle.",
                 "A number left of a row or above a column gives the sum of the digits "
                 "between the 1 and the 9 in it."]
    for sentence in sentences:
        assert text.count(sentence) == 1, sentence
    assert top_of(page, "Place the digits") < grids(page)[0][1]  # above the grid


def test_the_setters_own_rules_are_printed_as_they_are(tmp_path):
    own = "Normal sudoku rules apply.\nEach cage sums to its clue. Good luck!"
    (text, _), *_ = pages(tmp_path, [mixed([("rules", own)])], per_page=1)
    assert "Normal sudoku rules apply. Each cage sums to its clue. Good luck!" in text
    assert "Place the digits" not in text


def test_the_rules_go_below_the_grid_or_nowhere_as_the_style_says(tmp_path):
    style = parse_style('[rules]\nplace = "below"\n', "below.toml")
    (_, page), *_ = pages(tmp_path, [mixed()], style, per_page=1)
    assert top_of(page, "Place the digits") > grids(page)[0][3]
    (text, _), *_ = pages(tmp_path, [mixed()], replace(MAGAZINE, rules="none"), per_page=1)
    assert "Place the digits" not in text and "thermometer" not in text
    with pytest.raises(StyleError, match=r"x\.toml:2: rules\.place: 'beside'\? one of above, "
                                         "below, none"):
        parse_style('[rules]\nplace = "beside"\n', "x.toml")


def test_the_rules_in_japanese_from_the_style_or_lang(tmp_path):
    style = parse_style('[rules]\nlanguage = "ja"\n', "ja.toml")
    (text, _), *_ = pages(tmp_path, [mixed()], style, per_page=1)
    text = text.replace(" ", "")
    assert "温度計の数字は、丸い端から順に大きくなります。" in text
    assert "各行、各列、太線で囲まれた3×3のブロックに1〜9の数字が1つずつ入ります。" in text
    assert "1変形ナンプレ" in text  # the heading's name too
    assert "Digits along" not in text


def test_rules_too_long_for_their_place_are_an_error_not_cut(tmp_path):
    long = " ".join(["Every word of this rule matters to the solver."] * 200)
    with pytest.raises(ValueError, match="the rules of puzzle 1 take more than 40% of its "
                                         "place at 9 a page"):
        pages(tmp_path, [mixed([("rules", long)])] * 9, per_page=9)


def test_the_heading_names_the_puzzle_and_its_level_with_its_score(tmp_path):
    (text, _), *_ = pages(tmp_path, [mixed([("title", "A little of everything")])],
                          per_page=1)
    assert "1 Variant Sudoku — A little of everything" in text
    assert re.search(r"easy · score \d\.\d \(workbench variants scale\)", text)
    assert "kropki, inequality" not in text and "+4" not in text


def test_a_name_says_one_or_two_kinds_and_variant_past_that():
    killer = make(9, cages=[Cage((0, 1), 3)])
    assert wording.name(killer) == "Killer Sudoku"
    assert wording.name(killer, "ja") == "キラーナンプレ"
    both = make(9, cages=[Cage((0, 1), 3)], thermos=[(20, 21)])
    assert wording.name(both) == "Killer Thermo Sudoku"
    three = make(9, cages=[Cage((0, 1), 3)], thermos=[(20, 21)],
                 lines=[Line("whisper", (40, 41))])
    assert wording.name(three) == "Variant Sudoku"
    assert wording.name(make(6, rules={"diagonal"})) == "Diagonal Sudoku 6x6"
    assert wording.name(make(9)) == "Sudoku"


def test_every_kind_a_puzzle_can_hold_has_a_sentence_in_both_languages():
    from tests.core.variants.test_drawing import EVERYTHING

    p = formats.parse(EVERYTHING)
    for lang in ("en", "ja"):
        said = wording.rules_sentences(p, lang)
        assert len(said) == len([k for k, _ in wording.kinds(p) if k != "jigsaw"])
        assert all(s and "{" not in s for s in said)
    assert "Neighbouring digits along an orange line differ by at least the number at its " \
           "start." in wording.rules_sentences(p)
    for key, words in wording.WORDS.items():
        assert bool(words.rule) == bool(words.rule_ja), key


def test_sentences_follow_the_puzzle():
    p = make(9, marks=[Mark("white", 0, 1, 3)], negative={"black"},
             arrows=[Arrow((0, 1), (2, 3))], cages=[Cage((30, 31))])
    said = " ".join(wording.rules_sentences(p))
    assert "a number in a white dot is their difference" in said
    assert "All possible black dots are given." in said
    assert "add up to the number in its circle or oval" in said
    assert "a cage without a number may have any sum" in said
    assert "Orthogonally adjacent cells may not hold consecutive digits." in " ".join(
        wording.rules_sentences(make(9, negative={"white"})))
    jigsaw = make(4, regions=JIGSAW_4)
    assert wording.rules_sentences(jigsaw) == [
        "Place the digits 1 to 4 once each in every row, column and outlined region."]
    assert wording.name(jigsaw) == "Jigsaw Sudoku 4x4"


def test_a_leftover_puzzle_takes_the_layout_that_holds_it(tmp_path):
    found = [mixed()] * 5
    (_, first), (_, second), *_ = pages(tmp_path, found, replace(MAGAZINE, rules="none"),
                                         per_page=4, solutions=False)
    small = grids(first)[0]
    alone = grids(second)
    assert len(grids(first)) == 4 and len(alone) == 1
    assert (alone[0][2] - alone[0][0]) > 1.5 * (small[2] - small[0])


def test_export_takes_lang_and_says_when_rules_do_not_fit(tmp_path, capsys):
    from cli import main

    out = tmp_path / "ja.pdf"
    assert main(["export", str(MIXED), "--to", "pdf", "-o", str(out), "--lang", "ja"]) == 0
    with pdfplumber.open(out) as pdf:
        assert "温度計の数字は" in pdf.pages[0].extract_text().replace("\n", "")
    wordy = tmp_path / "wordy.txt"
    wordy.write_text(MIXED.read_text() + "note: " + "Read every word. " * 110 + "\n")
    assert main(["export", *[str(wordy)] * 9, "--to", "pdf", "-o", str(tmp_path / "w.pdf"),
                 "--per-page", "9"]) == 2
    assert "the rules of puzzle 1 take more than 40%" in capsys.readouterr().err


def ink(label, font_file) -> tuple[float, float, float, float]:
    """A label's ink (left, top, right, bottom, mm) from the print font's glyph outlines,
    with its halo round it."""
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.ttLib import TTFont

    font = TTFont(font_file)
    glyphs, cmap, em = font.getGlyphSet(), font.getBestCmap(), font["head"].unitsPerEm
    scale, x, boxes = label.size / em, 0.0, []
    for ch in label.text:
        pen = BoundsPen(glyphs)
        glyphs[cmap[ord(ch)]].draw(pen)
        left, low, right, high = pen.bounds
        boxes.append((x + left * scale, high * scale, x + right * scale, low * scale))
        x += glyphs[cmap[ord(ch)]].width * scale
    start = label.x - (x / 2 if label.anchor == "middle" else 0)
    h = label.halo
    return (start + min(b[0] for b in boxes) - h, label.y - max(b[1] for b in boxes) - h,
            start + max(b[2] for b in boxes) + h, label.y - min(b[3] for b in boxes) + h)


@pytest.mark.parametrize("style_name", ["magazine", "large"])
def test_a_cage_sum_never_touches_a_digit(print_font, style_name):
    from core.export.style import BUILT_IN

    style = BUILT_IN[style_name]
    solution = VARIANTS.count(formats.parse(MIXED.read_text())).solution
    n = 9
    # "10" over an answer 2, "18" over a given 8, and a cage's sum over every digit
    cages = [Cage((r * n + c, r * n + c + 1), solution[r * n + c] + solution[r * n + c + 1])
             for r in range(n) for c in range(0, n - 1, 2)]
    givens = [v if i % 3 == 0 else 0 for i, v in enumerate(solution)]
    p = make(9, givens=givens, cages=cages)
    for answer in (None, solution):
        drawing = VARIANTS.draw(p, answer, style)
        sums = [item for item in drawing.items if getattr(item, "font", "") == "clues"]
        digits = [item for item in drawing.items if getattr(item, "font", "") == "givens"]
        assert len(sums) == len(cages)
        for total in sums:
            a = ink(total, print_font)
            cell = [d for d in digits if abs(d.x - total.x) < style.cell * 0.6
                    and abs(d.y - total.y) < style.cell * 0.8]
            for digit in cell:
                b = ink(digit, print_font)
                apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
                assert apart, (total.text, digit.text, a, b)
            assert cell or answer is None
