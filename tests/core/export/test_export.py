import json
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import arith, kinds, numcro, sudoku
from core.arith.family import ARITH
from core.errors import ParseError
from core.export import FontMissing, export_pdf, export_svg, find_font, to_ipuz
from core.export import fonts as font_module
from core.export.pdf import fitting
from core.numcro.family import NUMCRO
from core.sudoku.family import SUDOKU

PUZZLES = Path(__file__).resolve().parents[3] / "puzzles"
NUMCRO_TEXT = (
    "lang: ja\n"
    " 2  4  1  3  4\n 4  ■  2  4  ■\n 2  2  ■  2  5\n ■  5  3  ■  1\n 1  3  2  5  3\n"
    "givens: 1:ト 2:キ\n")
KEY = ((1, "ト"), (2, "キ"), (3, "ウ"), (4, "ン"), (5, "ヨ"))


def samples():
    """(family, puzzle, answer) of each family, the answers counted here."""
    found = []
    for name in ("hard_rot180.txt",):
        p = sudoku.parse((PUZZLES / "sudoku" / name).read_text())
        found.append((SUDOKU, p, sudoku.count(p).solution))
    six = sudoku.Puzzle(sudoku.Shape.of_size(6), (1, 2, 3) + (0,) * 33)
    found.append((SUDOKU, six, sudoku.count(six, limit=1).solution))
    for name in ("long_division.txt", "long_multiplication.txt", "send_more_money.txt"):
        p = arith.parse((PUZZLES / "arith" / name).read_text())
        found.append((ARITH, p, arith.count(p).solution))
    found.append((NUMCRO, numcro.parse(NUMCRO_TEXT), KEY))
    return found


def from_ipuz(text: str):
    return kinds.parse(text)


@pytest.mark.parametrize("family, puzzle, answer", samples())
def test_text_round_trips_in_every_style(family, puzzle, answer):
    for style in family.styles:
        if family is ARITH and style == "line" and (puzzle.partials or puzzle.steps):
            continue  # one line holds no partial products or division steps
        assert kinds.parse(family.format(puzzle, style)) == (family, puzzle)


@pytest.mark.parametrize("family, puzzle, answer", samples())
def test_ipuz_validates_and_reads_back(family, puzzle, answer):
    import ipuz

    text = to_ipuz(family, puzzle, answer)
    data = ipuz.read(text)  # the reference reader raises on anything invalid
    assert from_ipuz(text) == (family, puzzle)
    assert "solution" in data


def test_ipuz_of_a_6x6_keeps_its_2x3_boxes():
    six = sudoku.Puzzle(sudoku.Shape.of_size(6), (1,) + (0,) * 35)
    data = json.loads(to_ipuz(SUDOKU, six))
    assert data["boxes"] is False and len(data["zones"]) == 6
    assert from_ipuz(json.dumps(data))[1].shape == sudoku.Shape(2, 3)


def test_ipuz_zones_are_read_as_the_spec_draws_them():
    """Zones count from 0 or from 1; they must tile the grid into equal boxes."""
    six = sudoku.Puzzle(sudoku.Shape.of_size(6), (1,) + (0,) * 35)
    data = json.loads(to_ipuz(SUDOKU, six))
    one_based = [{"rect": [v + 1 for v in zone["rect"]]} for zone in data["zones"]]
    assert from_ipuz(json.dumps({**data, "zones": one_based}))[1] == six
    top = sudoku.parse((PUZZLES / "sudoku" / "hard_rot180.txt").read_text())
    nine = json.loads(to_ipuz(SUDOKU, top))
    bad = {**nine, "zones": [{"rect": [0, 0, 2, 1]}]}  # one 2x3 zone on a 9x9
    with pytest.raises(ParseError, match="do not tile the 9x9 grid"):
        from_ipuz(json.dumps(bad))
    with pytest.raises(ParseError, match="not inside the"):
        from_ipuz(json.dumps({**nine, "zones": [{"rect": [0, 0, 9, 9]}]}))
    with pytest.raises(ParseError, match=r"\[x1, y1, x2, y2\]"):
        from_ipuz(json.dumps({**nine, "zones": [{"rect": "all"}]}))


@settings(max_examples=300, deadline=None)
@given(st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.text("#ab1ト", max_size=3),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["puzzle", "dimensions", "width", "cell", "value", "zones", "rect"]),
        inner, max_size=4), max_leaves=20),
    st.sampled_from(["http://ipuz.org/sudoku#1", "http://ipuz.org/crossword#1",
                     "http://puzzle-workbench.invalid/arith#1"]))
def test_random_ipuz_gives_a_puzzle_or_a_clean_error(body, kind):
    data = {**body, "version": "http://ipuz.org/v2", "kind": [kind]} if isinstance(
        body, dict) else body
    try:
        from_ipuz(json.dumps(data))
    except ParseError as error:
        assert error.line >= 1


def test_bad_ipuz_gets_a_clear_error():
    from core.errors import ParseError

    with pytest.raises(ParseError, match="line 1, column 13: not JSON: Expecting value"):
        from_ipuz('{"version": ')
    with pytest.raises(ParseError, match="not one this workbench reads"):
        from_ipuz('{"version": "http://ipuz.org/v2", "kind": ["http://ipuz.org/fill#1"]}')


@pytest.mark.parametrize("family, puzzle, answer", samples())
def test_svg_is_sized_in_mm_and_shows_the_givens(family, puzzle, answer):
    root = ET.fromstring(export_svg(family, puzzle))
    assert root.get("width").endswith("mm") and root.get("height").endswith("mm")
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    solved = [t.text for t in ET.fromstring(export_svg(family, puzzle, answer)).iter(
        "{http://www.w3.org/2000/svg}text")]
    if family is SUDOKU:
        assert len(texts) == puzzle.clue_count and len(solved) == puzzle.size ** 2
    if family is NUMCRO:
        assert "ト" in texts and set(solved) >= {"ウ", "ン", "ヨ"}
    if family is ARITH:  # every cell of the answer is a digit (blanks and letters too)
        assert all(t.isdigit() or t in "+-×" for t in solved)
        assert sum(t.isdigit() for t in solved) > sum(t.isdigit() for t in texts)


@pytest.mark.skipif(not shutil.which("pdftotext"), reason="poppler-utils not installed")
def test_pdf_booklet_embeds_its_font_and_holds_the_text(print_font, tmp_path):
    entries = [(family, p, a, family.title_of(p)) for family, p, a in samples()]
    path = tmp_path / "book.pdf"
    path.write_bytes(export_pdf(entries, "b5", per_page=4, title="テスト"))
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True).stdout
    # 6 puzzles, 4 a page: 2 pages of puzzles, then their answers 6 a page on 1
    assert "Pages:           3" in info
    fonts = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True).stdout
    assert "IPAexGothic" in fonts and " yes yes yes " in fonts  # embedded, subset, unicode
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True,
                          text=True).stdout
    assert "テスト" in text and "ナンクロ 5x5" in text and "虫食算 (割り算)" in text
    assert "ト" in text and "キ" in text and "9" in text
    pages = text.split("\f")
    # the key only in solutions: the puzzle page's one ヨ is its 50音 table's
    assert pages[1].count("ヨ") == 1 and pages[2].count("ヨ") > 1


def test_pdf_without_a_font_says_what_to_install(monkeypatch, tmp_path):
    monkeypatch.delenv("PUZZLE_WORKBENCH_FONT", raising=False)
    monkeypatch.setenv("PUZZLE_WORKBENCH_DATA", str(tmp_path))
    monkeypatch.setattr(font_module, "SYSTEM_FONTS", ())
    family, p, a = samples()[0]
    with pytest.raises(FontMissing, match="apt-get install fonts-ipaexfont-gothic"):
        export_pdf([(family, p, a, "x")])
    monkeypatch.setenv("PUZZLE_WORKBENCH_FONT", str(tmp_path / "none.ttf"))
    with pytest.raises(FontMissing, match="no such font file"):
        find_font()


def test_pdf_puts_as_few_puzzles_a_page_as_hold_them_all():
    assert [fitting(n) for n in (1, 2, 3, 4, 9)] == [1, 2, 4, 4, 4]


def test_pdf_refuses_unknown_paper_and_layouts(print_font):
    family, p, a = samples()[0]
    with pytest.raises(ValueError, match="unknown paper 'a3'"):
        export_pdf([(family, p, a, "x")], paper="a3")
    with pytest.raises(ValueError, match="--per-page 5"):
        export_pdf([(family, p, a, "x")], per_page=5)


def fake_font_index(tmp_path, monkeypatch, wheel_bytes: bytes) -> None:
    """A local simple index holding a wheel named as the pinned one (pip's file:// form)."""
    files, page = tmp_path / "index" / "files", tmp_path / "index" / "simple" / (
        "matplotlib-fontja")
    files.mkdir(parents=True)
    page.mkdir(parents=True)
    (files / font_module.FONT_WHEEL).write_bytes(wheel_bytes)
    (page / "index.html").write_text(f'<a href="../../files/{font_module.FONT_WHEEL}">'
                                     f"{font_module.FONT_WHEEL}</a>")
    monkeypatch.setenv("PIP_INDEX_URL", (tmp_path / "index" / "simple").as_uri())
    monkeypatch.setenv("PUZZLE_WORKBENCH_DATA", str(tmp_path / "data"))


def test_the_font_comes_only_from_the_pinned_wheel(tmp_path, monkeypatch):
    import hashlib
    import io
    import zipfile

    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w") as wheel:
        wheel.writestr("matplotlib_fontja/fonts/ipaexg.ttf", b"not really a font")
    fake_font_index(tmp_path, monkeypatch, packed.getvalue())
    with pytest.raises(FontMissing, match="not the pinned file"):
        font_module.install_font()
    assert not font_module.installed_font().exists()
    monkeypatch.setattr(font_module, "FONT_SHA256", hashlib.sha256(packed.getvalue()).hexdigest())
    assert font_module.install_font().read_bytes() == b"not really a font"
