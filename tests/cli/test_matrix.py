"""Every command × every family × every input format the README lists, through the command
line: the documented exit code, and never a traceback."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cli import main
from core import kinds
from core.export import FontMissing, find_font, to_ipuz
from tests import DATA

ROOT = Path(__file__).resolve().parents[2]
WIKIPEDIA = "キントウン キン キキ キヨ ヨウ トウキヨウ キンキ キヨウ トキ ウキ ウンキ ヨトウ"
TOP1 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    """(name, path, family name, its words dictionary or None) for each input format."""
    folder = tmp_path_factory.mktemp("inputs")

    def write(name: str, text: str) -> Path:
        path = folder / name
        path.write_text(text, encoding="utf-8")
        return path

    sudoku_grid = ROOT / "puzzles" / "sudoku" / "hard_rot180.txt"
    mushikui, numcro = DATA / "arith" / "mushikuizan", DATA / "numcro"
    items = [
        ("sudoku one line", write("line.txt", TOP1 + "\n"), "sudoku"),
        ("sudoku one line, 0 blanks, many", write(
            "zeros.txt", "\n".join([TOP1.replace(".", "0")] * 3) + "\n"), "sudoku"),
        ("sudoku grid", sudoku_grid, "sudoku"),
        ("sudoku 6x6", ROOT / "puzzles" / "sudoku" / "six_by_six.txt", "sudoku"),
        ("sudoku 16x16", ROOT / "puzzles" / "sudoku" / "sixteen.txt", "sudoku"),
        ("sudoku file of many", ROOT / "puzzles" / "sudoku" / "collection_rot90.txt",
         "sudoku"),
        ("arith one line", ROOT / "puzzles" / "arith" / "send_more_money.txt", "arith"),
        ("arith vertical", ROOT / "puzzles" / "arith" / "long_multiplication.txt", "arith"),
        ("arith division", ROOT / "puzzles" / "arith" / "long_division.txt", "arith"),
        ("arith many", write("alphametics.txt", "SEND+MORE=MONEY\nI+BB=ILL\nAS+A=MOM\n"),
         "arith"),
        ("arith multiplication file", next(mushikui.glob("M03_*")), "arith"),
        ("arith division file", next(mushikui.glob("D01_*")), "arith"),
        ("numcro blog", numcro / "ja_wikipedia_5x5.q.txt", "numcro"),
        ("numcro JSON grid", numcro / "ja_wikipedia_5x5.json", "numcro"),
        ("numcro JSON entries", numcro / "en_codewords_solver_grid1.json", "numcro"),
        ("variants text", ROOT / "puzzles" / "variants" / "mixed.txt", "variants"),
    ]
    grid = write("numcro.txt", kinds.by_name("numcro").format(
        kinds.parse((numcro / "ja_wikipedia_5x5.q.txt").read_text())[1]))
    items.append(("numcro grid", grid, "numcro"))
    for kind, path in (("sudoku", sudoku_grid), ("arith", ROOT / "puzzles" / "arith" /
                       "long_division.txt"), ("numcro", grid),
                       ("variants", ROOT / "puzzles" / "variants" / "mixed.txt")):
        family, puzzle = kinds.parse(path.read_text())
        items.append((f"{kind} ipuz", write(f"{kind}.ipuz", to_ipuz(family, puzzle)), kind))
    words = {"ja": WIKIPEDIA.split(), "en": [e["answer"] for e in json.loads(
        (numcro / "en_codewords_solver_grid1.json").read_text())["entries"]]}
    dictionaries = {}
    for lang, listing in words.items():
        source = write(f"{lang}.words", "\n".join(listing) + "\n")
        assert main(["dict", "build", str(source), "--lang", lang, "-o",
                     str(folder / f"dict-{lang}")]) == 0
        dictionaries[lang] = str(folder / f"dict-{lang}")
    return items, dictionaries


def dict_option(path: Path, kind: str, dictionaries) -> list[str]:
    if kind != "numcro":
        return []
    return ["--dict", dictionaries["en" if "en_" in path.name else "ja"]]


def run(args, capsys) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def test_every_command_on_every_input(inputs, capsys, tmp_path):
    items, dictionaries = inputs
    assert {kind for _, _, kind in items} == set(kinds.NAMES)
    try:
        find_font()
        formats = ("text", "ipuz", "svg", "pdf")
    except FontMissing:
        formats = ("text", "ipuz", "svg")
    for name, path, kind in items:
        extra = dict_option(path, kind, dictionaries)
        code, out, _ = run(["check", path, "--json", *extra], capsys)
        results = [json.loads(line) for line in out.splitlines()]
        assert code == 0 and results, name
        assert all(r["unique"] and r["kind"] == kind for r in results), name
        code, out, _ = run(["solve", path, *extra], capsys)
        assert code == 0 and out.strip(), name
        code, out, err = run(["rate", path, *extra], capsys)
        rated = kinds.by_name(kind).rated
        assert code == (0 if rated else 2), name
        assert (out if rated else err).strip(), name
        drawable = "entries" not in name
        for to in formats:
            out_path = tmp_path / f"{name.replace(' ', '_')}.{to}"
            code, _, err = run(["export", path, "--to", to, "-o", out_path, *extra], capsys)
            expected = 0 if to == "text" or drawable else 2
            assert code == expected, (name, to, err)
            if code == 0 and to != "svg" and to != "ipuz":
                assert out_path.exists(), (name, to)


GENERATE = {
    "sudoku": ["--size", "4", "--count", "2"],
    "arith": ["--op", "add", "--digits", "2+2"],
    "alphametic": ["--words", "3", "--seconds", "20"],
}


@pytest.mark.parametrize("name", sorted(kinds.GENERATORS))
def test_every_generator_prints_unique_puzzles(name, inputs, capsys, tmp_path):
    _, dictionaries = inputs
    family, generator = kinds.GENERATORS[name]
    options = GENERATE.get(name, [])
    if "dict" in family.needs:
        en = tmp_path / "en"
        assert main(["dict", "build", "cefr", "--lang", "en", "-o", str(en)]) == 0
        capsys.readouterr()
        options = ["--lang", "en", "--size", "5", "--dict", str(en)]
    code, out, _ = run(["generate", name, "--seed", "3", "--json", *options], capsys)
    assert code == 0
    made = [json.loads(line) for line in out.splitlines()]
    assert made and all(m["seed"] >= 3 for m in made)
    path = tmp_path / "made.txt"
    path.write_text(made[0]["puzzle"] + "\n")
    extra = ["--dict", str(tmp_path / "en")] if "dict" in family.needs else []
    code, out, _ = run(["check", path, "--json", *extra], capsys)
    checked = json.loads(out)
    assert code == 0 and checked["kind"] == family.name and checked["unique"]


def test_bad_input_is_exit_2_with_line_and_column_for_every_family(tmp_path, capsys):
    bad = {"sudoku": "4...3....\n...6..8..\n", "arith": "SEND+MO?RE=\n",
           "numcro": "table: 1 2 x\nnumbers: 2\nwidth: 3\nheight: 1\n"}
    for kind, text in bad.items():
        path = tmp_path / f"{kind}.txt"
        path.write_text(f"kind: {kind}\n" + text)
        for command in ("check", "solve", "rate"):
            code, _, err = run([command, path], capsys)
            assert code == 2 and f"{path}: line " in err and ", column " in err, (kind, err)


def test_the_console_script_never_shows_a_traceback(tmp_path):
    """The real executable: bad input, a broken pipe, and Ctrl+C's exit code."""
    script = Path(sys.executable).with_name("puzzle-tui")  # pip install -e puts it there
    bad = tmp_path / "bad.txt"
    bad.write_text("x" * 81 + "\n")
    done = subprocess.run([script, "check", str(bad)], capture_output=True, text=True)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    many = tmp_path / "many.txt"
    many.write_text((TOP1 + "\n") * 200)
    piped = subprocess.run(f"'{script}' solve '{many}' | head -1", shell=True,
                           capture_output=True, text=True)
    assert piped.stdout.count("\n") == 1 and "Traceback" not in piped.stderr
    assert "Error" not in piped.stderr
