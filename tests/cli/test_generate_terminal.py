"""`generate` with standard error on a terminal (a pty here) says what it made for every puzzle,
its rating's scale named, while standard output stays the puzzle stream it is without one."""

import json
import os
import re
import subprocess
import sys
import threading

from cli import main

ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def run_on_a_terminal(*args: str) -> tuple[str, list[str]]:
    """Standard output (a pipe), and the `generate:` lines written to the terminal."""
    terminal, child = os.openpty()
    process = subprocess.Popen([sys.executable, "-m", "cli", "generate", *args],
                               stdout=subprocess.PIPE, stderr=child, text=True)
    os.close(child)
    said = bytearray()

    def read() -> None:  # the bar redraws: read as it comes, or the pty fills and blocks
        while True:
            try:
                chunk = os.read(terminal, 4096)
            except OSError:  # the child closed its end
                return
            if not chunk:
                return
            said.extend(chunk)

    reader = threading.Thread(target=read)
    reader.start()
    out, _ = process.communicate(timeout=300)
    reader.join(timeout=10)
    os.close(terminal)
    text = ESCAPES.sub("", said.decode("utf-8", "replace")).replace("\r", "\n")
    return out, [line.strip() for line in text.splitlines() if line.startswith("generate:")]


def test_each_sudoku_said_with_its_givens_level_and_se_scale(capsys):
    out, said = run_on_a_terminal("sudoku", "--seed", "5", "--count", "2")
    assert main(["generate", "sudoku", "--seed", "5", "--count", "2", "--json"]) == 0
    made = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert out.split() == [m["puzzle"] for m in made]  # the stream is as without a terminal
    assert said == [f"generate: puzzle {i + 1} (seed {5 + i}): Sudoku 9x9, {m['givens']} "
                    f"givens, {m['level']}, SE {m['rating']['score']:.1f} (Sukaku Explainer "
                    f"scale), hardest: {m['rating']['hardest']}" for i, m in enumerate(made)]


def test_the_classic_scale_is_named_when_it_rated(capsys):
    _, said = run_on_a_terminal("sudoku", "--seed", "2", "--rating", "1.0-3.0", "--scale",
                                "classic")
    assert len(said) == 1 and "(Sudoku Explainer classic scale), hardest: " in said[0]


def test_each_codeword_said_on_the_workbench_scale(english, capsys):
    args = ["numcro", "--lang", "en", "--size", "9", "--dict", english, "--seed", "1",
            "--count", "2", "--jobs", "2"]
    out, said = run_on_a_terminal(*args)
    assert main(["generate", *args, "--json"]) == 0
    made = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert out == "\n\n".join(m["puzzle"] for m in made) + "\n"
    assert said == [f"generate: puzzle {i + 1} (seed {1 + i}): Codeword 9x9, {m['givens']} "
                    f"givens, {m['level']} (workbench ナンクロ scale)" for i, m in enumerate(made)]
    assert all(m["kind"] == "numcro" for m in made)


def test_arithmetic_said_with_its_givens_and_its_own_scale():
    _, said = run_on_a_terminal("arith", "--seed", "1")
    assert re.fullmatch(r"generate: puzzle 1 \(seed 1\): 虫食算 \(掛け算\), \d+ givens, "
                        r"(easy|medium|hard|expert), score \d\.\d \(workbench arithmetic "
                        r"scale\), hardest: .+", said[0]), said
