"""The command line's own mistakes: --version, and a mistyped command, choice or option said
with the closest one (exit 2, no bare usage line); a word that is neither a command, a file
nor a link never opens the app."""

import os
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

import tui.app
from cli import main

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "puzzles" / "sudoku" / "hard_rot180.txt"


@pytest.fixture
def app_opened(monkeypatch):
    """The files the app was asked to open (the app itself does not start)."""
    opened = []
    monkeypatch.setattr(tui.app, "run", lambda path=None: opened.append(path) or 0)
    return opened


def test_version(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    engine = ("engine: Python (PUZZLE_ENGINE=python forces it)"
              if os.environ.get("PUZZLE_ENGINE") == "python"
              else "engine: compiled (C)\nvariants: compiled (C)\nrater: compiled (C)\n"
              "rater chains: compiled (C)")
    assert capsys.readouterr().out == f"puzzle-tui {version('puzzle-workbench')}\n{engine}\n"


def test_version_says_why_the_python_engine_runs():
    forced = subprocess.run([sys.executable, "-m", "cli", "--version"], capture_output=True,
                            text=True, env={**os.environ, "PUZZLE_ENGINE": "python"})
    assert forced.stdout.splitlines()[1] == "engine: Python (PUZZLE_ENGINE=python forces it)"
    unbuilt = subprocess.run([sys.executable, "-c", (
        "import sys; sys.modules['core.native._sudoku'] = None\n"
        "from cli import main; main(['--version'])")], capture_output=True, text=True)
    why = unbuilt.stdout.splitlines()[1]
    assert why.startswith("engine: Python (the compiled engine did not load (")
    assert "install a C compiler and Python's headers (Debian: gcc and python3-dev), then " \
        "`pip install -e .` again" in why


@pytest.mark.parametrize("module, at, said, name", [
    ("_variants", 2, "variants: Python (the compiled variants engine did not load (", "variants"),
    ("_explainer", 3, "rater: Python (the compiled rater did not load (", "rater"),
    ("_chains", 4, "rater chains: Python (the compiled rater chains did not load (",
     "rater chains")])
def test_version_names_each_compiled_module_that_did_not_load(module, at, said, name):
    env = {k: v for k, v in os.environ.items() if k != "PUZZLE_ENGINE"}
    unbuilt = subprocess.run([sys.executable, "-c", (
        f"import sys; sys.modules['core.native.{module}'] = None\n"
        "from cli import main; main(['--version'])")], capture_output=True, text=True, env=env)
    lines = unbuilt.stdout.splitlines()
    assert lines[1] == "engine: compiled (C)" and lines[at].startswith(said)
    required = subprocess.run([sys.executable, "-c", (
        f"import sys, runpy; sys.modules['core.native.{module}'] = None; "
        "sys.argv = ['core.native', '--require']; runpy.run_module('core.native', "
        "run_name='__main__')")], capture_output=True, text=True, env=env)
    assert required.returncode == 1
    assert f"({name} missing)" in required.stderr


@pytest.mark.parametrize("argv, hint", [
    (["genrate"], "'genrate' is neither a command nor a file; did you mean generate?"),
    (["chek", str(SAMPLE)], "did you mean check?"),
    (["gen"], "did you mean generate?"),
    (["--verison"], "unrecognized arguments: --verison; did you mean --version?"),
    (["rate", str(SAMPLE), "--stpes"], "puzzle-tui rate: unrecognized arguments: --stpes; "
                                       "did you mean --steps?"),
    (["generate", "sudok"], "invalid choice: 'sudok'"),
    (["generate", "sudok"], "did you mean sudoku?"),
    (["generate", "sudoku", "--symetry", "rot180"], "did you mean --symmetry?"),
    (["generate", "sudoku", "--symmetry", "rot18"], "did you mean rot180?"),
    (["dict", "biuld"], "did you mean build?"),
])
def test_a_mistake_gets_the_closest_name(argv, hint, app_opened, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert hint in err and "--help` lists" in err
    assert not err.startswith("usage:") and "Traceback" not in err
    assert app_opened == []


KINDS = "KIND is missing (one of sudoku, arith, alphametic, numcro, jigsaw, killer, marks"


@pytest.mark.parametrize("argv, said", [
    # argparse took the option's value for the kind: "argument KIND: invalid choice: '9'"
    (["generate", "--sze", "9"], [KINDS, "puzzle-tui generate KIND [options]; --sze is not "
                                  "an option; did you mean --size?"]),
    (["generate", "--sze=9"], [KINDS, "; did you mean --size?"]),
    (["generate", "--size", "9"], [KINDS, "puzzle-tui generate KIND [options]\n"]),
    (["dict", "--dict", "words"], ["ACTION is missing (one of build, install, info, lookup)"]),
])
def test_options_before_the_kind_say_the_kind_is_missing(argv, said, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert all(part in err for part in said), err
    assert "invalid choice" not in err and "Traceback" not in err


def test_a_word_close_to_nothing_lists_the_commands(app_opened, capsys):
    assert main(["no-such-puzzle.txt"]) == 2
    err = capsys.readouterr().err
    assert "neither a command nor a file (commands: check, solve, rate, generate" in err
    assert app_opened == []


def test_a_file_or_a_link_opens_the_app(app_opened, tmp_path, monkeypatch):
    assert main([str(SAMPLE)]) == 0
    monkeypatch.chdir(tmp_path)
    (tmp_path / "genrate").write_text(SAMPLE.read_text())  # a file of that name is a file
    assert main(["genrate"]) == 0
    link = "https://www.f-puzzles.com/?load=N4IgXYZ"
    assert main([link]) == 0
    assert main([]) == 0
    assert app_opened == [str(SAMPLE), "genrate", link, None]


def test_the_console_script_says_it_too():
    script = Path(sys.executable).with_name("puzzle-tui")
    done = subprocess.run([str(script), "genrate"], capture_output=True, text=True,
                          timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 2 and done.stdout == ""
    assert "did you mean generate?" in done.stderr
    done = subprocess.run([str(script), "--version"], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("puzzle-tui ")
