"""Issue 39: every reader (Sudoku, arithmetic, ナンクロ and variants text, f-puzzles and scl
links, ipuz, style files, masks, shapes, block patterns) fed mutated inputs through the
command line ends with exit 0-3 and no traceback. A small sample of bench/fuzz_readers.py's
run (which takes 5,000 inputs and more); and the inputs that run found, each once."""

import sys
from pathlib import Path

from cli import main

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
import fuzz_readers  # noqa: E402


def test_a_sample_of_mutated_inputs_gets_an_answer_or_a_clean_error(tmp_path, print_font):
    result = fuzz_readers.fuzz(66, 7, 60.0, tmp_path, say=lambda line: None)
    assert result["findings"] == [] and set(result["exits"]) <= {0, 1, 2, 3}
    assert set(result["readers"]) == set(fuzz_readers.samples()) and result["commands"] >= 66


def test_a_5000_digit_number_in_a_picture_is_refused(capsys):
    """A given of 5,000 digits in an scl cell: int() refused it (ValueError, a traceback)."""
    from core.variants import sudokupad
    from core.variants.lzlink import compress
    from tests.core.variants.test_sudokupad import picture

    data = picture(4)
    data["cells"][0][0] = {"value": "9" * 5000}
    link = "https://sudokupad.app/scl" + compress(sudokupad.zip_json(data))
    assert main(["check", link]) == 2
    err = capsys.readouterr().err
    assert "cells[0][0]: a given" in err and "Traceback" not in err


def test_a_numcro_with_a_cell_in_no_entry_exports_to_ipuz(tmp_path, capsys):
    """Its answer has no letter for that cell (3): the ipuz is written without a solution
    (was KeyError), and reads back as the same puzzle."""
    words = tmp_path / "words.txt"
    words.write_text("キン\nンキ\nトキ\n")
    assert main(["dict", "build", str(words), "-o", str(tmp_path / "d")]) == 0
    path = tmp_path / "n.txt"
    path.write_text("lang: ja\n1 2 ■ 3\n2 1 ■ ■\n")
    out = tmp_path / "n.ipuz"
    given = ["--dict", str(tmp_path / "d")]
    assert main(["export", str(path), "--to", "ipuz", "-o", str(out), *given]) == 0
    capsys.readouterr()
    assert main(["export", str(out), "--to", "text", "-o", "-", *given]) == 0
    assert capsys.readouterr().out == path.read_text()
