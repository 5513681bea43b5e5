"""The README's print commands, run as written from a copy of the repository's puzzles, give
the files they say; `bank book` prints a bank easiest first with a contents page and the
ratings with their scale."""

import re
import shlex
import shutil
from pathlib import Path

import pdfplumber
import pytest

from cli import main
from core.family import LEVEL_ORDER
from tests import DATA

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.usefixtures("print_font")




def readme_print_commands() -> list[list[str]]:
    """The commands of the README's "Printing and sharing" block, continuation lines joined."""
    section = (ROOT / "README.md").read_text().split("## Printing and sharing", 1)[1]
    block = section.split("```sh\n", 1)[1].split("```", 1)[0]
    joined = re.sub(r"\\\n\s*", " ", block)
    return [shlex.split(line.split("  #")[0]) for line in joined.splitlines()
            if line.startswith("puzzle-tui ")]


def test_the_readme_print_commands_give_what_they_say(tmp_path, monkeypatch, capsys):
    shutil.copytree(ROOT / "puzzles", tmp_path / "puzzles")
    shutil.copytree(ROOT / "docs", tmp_path / "docs")
    monkeypatch.chdir(tmp_path)
    commands = readme_print_commands()
    assert len(commands) >= 8
    home = tmp_path / "home"  # built-in dictionaries of the samples' own words
    for lang, words in (("ja", "nine_ja_words.txt"), ("en", "codeword_en_words.txt")):
        assert main(["dict", "build", str(DATA / "numcro" / words), "--lang", lang, "-o",
                     str(home / "dictionaries" / lang)]) == 0
    monkeypatch.setenv("PUZZLE_WORKBENCH_DATA", str(home))
    numcro = 0
    for command in commands:
        args = [a for arg in command[1:] for a in sorted(map(str, Path().glob(arg)))
                or [arg]]  # the shell's globs
        numcro += any("numcro" in a for a in args)
        assert main(args) == 0, (command, capsys.readouterr().err)
    assert numcro >= 1
    with pdfplumber.open("sudoku-book.pdf") as pdf:
        contents = pdf.pages[0].extract_text()
        assert "Contents" in contents and "Easy" in contents and "Walkthroughs" in contents
        assert "hard · SE 4.0 (Sukaku Explainer scale)" in pdf.pages[11].extract_text()
    with pdfplumber.open("drop-in.pdf") as pdf:
        assert not [w for w in pdf.pages[0].extract_words() if not w["text"].isdigit()]
    assert Path("mixed-solution.svg").exists() and Path("hard.ipuz").exists()


def test_bank_book_prints_easiest_first_with_contents(tmp_path, capsys):
    bank = tmp_path / "b.bank"
    assert main(["bank", "build", str(bank), "--kind", "sudoku", "--size", "6", "--count", "8",
                 "--seed", "3"]) == 0
    out = tmp_path / "book.pdf"
    assert main(["bank", "book", str(bank), "--per-page", "4", "--walkthrough", "1",
                 "--title", "Eight", "-o", str(out)]) == 0
    assert "8 puzzles" in capsys.readouterr().err
    with pdfplumber.open(out) as pdf:
        pages = [page.extract_text() for page in pdf.pages]
    assert pages[0].startswith("Eight") and "Contents" in pages[0]
    headed = re.findall(r"(\d+) Sudoku 6x6", " ".join(pages[1:3]))
    assert headed == [str(n) for n in range(1, 9)]
    levels = re.findall(r"(easy|medium|hard|expert|master) · score \d+\.\d \(workbench scale\)",
                        " ".join(pages[1:3]))
    assert len(levels) == 8
    assert [LEVEL_ORDER.index(level) for level in levels] == sorted(
        LEVEL_ORDER.index(level) for level in levels)
    assert any("1 Sudoku 6x6 · " in page.replace("\n", " ") for page in pages[3:])
    # a bad style is bad input before anything is read or written
    assert main(["bank", "book", str(bank), "--style", str(tmp_path / "none.toml"),
                 "-o", str(tmp_path / "x.pdf")]) == 2
    assert not (tmp_path / "x.pdf").exists()


def test_svg_onto_a_full_disk_leaves_neither_file(tmp_path, capsys, monkeypatch):
    """Issue 39: the puzzle's file was written and the solution's not, so half the pair was
    left. The second file cannot reach the disk (ENOSPC as it is synced): neither is there,
    and an old pair stays as it was."""
    import errno
    import os

    real_fsync, synced = os.fsync, []

    def second_fails(fd):
        synced.append(fd)
        if len(synced) == 2:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", second_fails)
    out = tmp_path / "p.svg"
    sample = str(ROOT / "puzzles" / "sudoku" / "hard_rot180.txt")
    assert main(["export", sample, "--to", "svg", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"p-solution.svg: cannot write: {os.strerror(errno.ENOSPC)}; nothing was written" in err
    assert os.listdir(tmp_path) == []
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert main(["export", sample, "--to", "svg", "-o", str(out)]) == 0
    old = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert sorted(old) == ["p-solution.svg", "p.svg"]
    synced.clear()
    monkeypatch.setattr(os, "fsync", second_fails)
    assert main(["export", str(ROOT / "puzzles" / "sudoku" / "six_by_six.txt"), "--to", "svg",
                 "-o", str(out), "--force"]) == 2
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == old
