"""Every family's samples, mutated a few characters at a time, through the command line:
an answer or a clean error (exit 0, 1 or 2), never an exception."""

import signal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli import main

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = [
    (ROOT / "puzzles" / "sudoku" / "hard_rot180.txt").read_text(),
    (ROOT / "puzzles" / "sudoku" / "six_by_six.txt").read_text(),
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n",
    (ROOT / "puzzles" / "arith" / "send_more_money.txt").read_text(),
    (ROOT / "puzzles" / "arith" / "long_multiplication.txt").read_text(),
    (ROOT / "puzzles" / "arith" / "long_division.txt").read_text(),
    "numbers: 5\nwidth: 5\nheight: 5\ntable: 2 4 1 3 4 4 0 2 4 0 2 2 0 2 5 0 5 3 0 1 1 3 2 5 3"
    "\nassign: 1:と 2:き\n",
    "lang: ja\n 2 4 1 3 4\n 4 ■ 2 4 ■\n 2 2 ■ 2 5\n ■ 5 3 ■ 1\n 1 3 2 5 3\ngivens: 1:ト 2:キ\n",
    '{"language": "ja", "grid": [[2, 4, 1], [4, 0, 2], [1, 2, 3]], "givens": {"1": "ト"}}\n',
]
ALPHABET = "0123456789.*?#■□:=+-x×/)( \n{}[],\"@ABCZトキと²٣kind" + "9" * 8


def mutate(text: str, edits) -> str:
    for position, action, ch in edits:
        at = position % (len(text) + 1)
        if action == 3:  # a number too long for Python's int()
            text = text[:at] + "9" * 5000 + text[at:]
        elif action == 0:
            text = text[:at] + ch + text[at + 1:]
        elif action == 1:
            text = text[:at] + ch + text[at:]
        else:
            text = text[:at] + text[at + 1:]
    return text


class TooSlow(Exception):
    pass


def _alarm(signum, frame):
    raise TooSlow


@pytest.fixture(scope="module")
def dictionary(tmp_path_factory):
    folder = tmp_path_factory.mktemp("fuzz")
    words = folder / "words.txt"
    words.write_text("キントウン\nキン\nキキ\nキヨ\nヨウ\nトウキヨウ\nキンキ\nトキ\nウキ\n")
    assert main(["dict", "build", str(words), "-o", str(folder / "d")]) == 0
    return str(folder / "d")


@settings(max_examples=400, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(sample=st.sampled_from(SAMPLES),
       edits=st.lists(st.tuples(st.integers(0, 400), st.integers(0, 3),
                                st.sampled_from(ALPHABET)), min_size=1, max_size=4))
def test_mutated_samples_get_an_answer_or_a_clean_error(sample, edits, tmp_path, capsys,
                                                        dictionary):
    path = tmp_path / "p.txt"  # the same file each example: hypothesis reuses tmp_path
    path.write_text(mutate(sample, edits), encoding="utf-8")
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(30)  # a mutation that makes a search run long is not a crash
    try:
        for args in (["check", path, "--dict", dictionary],
                     ["solve", path, "--dict", dictionary],
                     ["export", path, "--to", "text", "-o", tmp_path / "out.txt", "--force"]):
            assert main([str(a) for a in args]) in (0, 1, 2)
            out, err = capsys.readouterr()
            assert "Traceback" not in out + err
    except TooSlow:
        pass
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
