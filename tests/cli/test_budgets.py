"""Nothing waits forever (issue 29): `check --seconds S` answers "unknown within S s" with exit
3 on searches that ran for minutes or never ended, and --json's redundant givens have a budget
of their own. Each case asserts the answer and the exit code, never a time (the subprocess
timeout only keeps a hang from holding up the suite)."""

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cli import main
from core import kinds
from core.sudoku import count, parse

ROOT = Path(__file__).resolve().parents[2]
CASES = Path(__file__).resolve().parent / "data" / "unbounded"
TOP1 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
HANG = 120  # a hang fails the test instead of holding up the suite


def check(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cli", "check", *args], capture_output=True,
                          text=True, timeout=HANG, cwd=ROOT)


@pytest.mark.parametrize("name", [
    "multiplication_12x12.txt",  # a 23-digit product ending in 7, all else blank
    "jigsaw16_no_givens.txt",  # a connected 16x16 jigsaw, no givens: 60 s and more
    "sandwich0_no_givens.txt",  # sandwich 0 on all 18 lines, no givens: 300 s and more
    "sudoku25_160_givens.txt",  # 25x25, 160 givens: 15 min and more
])
def test_a_search_past_its_budget_answers_unknown(name):
    done = check(str(CASES / name), "--seconds", "0.3")
    assert done.returncode == 3, done.stderr
    assert done.stdout == "unknown within 0.3 s: no solution found yet\n"
    done = check(str(CASES / name), "--seconds", "0.3", "--json")
    result = json.loads(done.stdout)
    assert done.returncode == 3 and result["status"] == 3
    assert result["unknown"] is True and result["unique"] is False and result["count"] == 0


def test_the_generated_25x25_answers_with_the_givens_left_undecided(monkeypatch, capsys):
    """check --json on a 25x25 the generator made (275 givens): the count finishes; the
    redundant givens' pass (which searched for minutes in reading order) ends at its
    default budget, made small here, and names the givens it did not decide."""
    monkeypatch.setattr("core.family.REDUNDANT_SECONDS", 0.5)
    path = CASES / "sudoku25_generated.txt"
    assert main(["check", str(path), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["unique"] is True and result["status"] == 0 and result["unknown"] is False
    givens = {f"r{c // 25 + 1}c{c % 25 + 1}" for c, v in enumerate(path.read_text().strip())
              if v != "."}
    assert result["undecided"] and set(result["undecided"]) <= givens
    assert not set(result["redundant"]) & set(result["undecided"])


def test_json_lists_the_redundant_givens_when_there_is_time(tmp_path, capsys):
    """A 9x9 with its redundant givens: every given decided, each against a count."""
    solution = count(parse(TOP1)).solution
    extra = {1, 2, 10, 20, 40, 60}  # cells shown beyond TOP1's givens
    text = "".join(str(solution[c]) if c in extra else v for c, v in enumerate(TOP1))
    path = tmp_path / "p.txt"
    path.write_text(text)
    assert main(["check", str(path), "--json", "--seconds", "60"]) == 0
    result = json.loads(capsys.readouterr().out)
    puzzle = parse(text)
    expected = [f"r{c // 9 + 1}c{c % 9 + 1}" for c, v in enumerate(puzzle.givens)
                if v and count(parse(text[:c] + "." + text[c + 1:])).unique]
    assert expected and result["redundant"] == expected and result["undecided"] == []


def test_the_worst_answer_of_several_files_is_the_exit_code(tmp_path, capsys):
    unique, several, bad = (tmp_path / n for n in ("unique.txt", "several.txt", "bad.txt"))
    unique.write_text(TOP1)
    several.write_text("." + TOP1[1:])
    bad.write_text("x" + TOP1[1:])
    hard = str(CASES / "sudoku25_160_givens.txt")
    assert main(["check", str(unique), hard, "--seconds", "0.3"]) == 3
    assert main(["check", hard, str(several), "--seconds", "0.3"]) == 1
    assert main(["check", hard, str(several), str(bad), "--seconds", "0.3"]) == 2
    out = capsys.readouterr().out.splitlines()
    assert out[:2] == ["unique", "unknown within 0.3 s: no solution found yet"]


def test_solve_within_a_budget(capsys):
    assert main(["solve", str(CASES / "multiplication_12x12.txt"), "--seconds", "0.3"]) == 3
    assert capsys.readouterr().err == "unknown within 0.3 s: no solution found yet\n"


@pytest.mark.parametrize("seconds", ["0", "-1", "nan", "1e9"])
def test_bad_budgets_are_refused(seconds, capsys):
    assert main(["check", str(CASES / "multiplication_12x12.txt"), "--seconds", seconds]) == 2
    assert "--seconds" in capsys.readouterr().err


def test_help_gives_the_exit_codes():
    done = check("--help")
    assert "3 unknown within --seconds" in " ".join(done.stdout.split())


def test_a_long_count_without_a_budget_says_how_to_bound_it(monkeypatch, tmp_path, capsys):
    """Issue 39: without --seconds a count must end in reasonable time or say why it may not.
    The notice's time is made 0 here: the search's first poll says it, once."""
    monkeypatch.setattr("cli.common.NOTICE_SECONDS", 0)
    empty = tmp_path / "empty.txt"
    empty.write_text("." * 81 + "\n")
    assert main(["check", str(empty), "--limit", "1000"]) == 1
    out, err = capsys.readouterr()
    assert out.startswith("not unique: 1000 or more solutions")
    assert err == ('still counting after 0 s (some puzzles take hours); --seconds S answers '
                   '"unknown" (exit 3) past S seconds\n')
    assert main(["check", str(empty), "--limit", "1000", "--seconds", "60"]) == 1
    assert "still counting" not in capsys.readouterr().err


# --- issue 39: every --seconds is the whole command's time, rating included ------------------

def test_a_puzzle_made_to_the_end_of_its_budget_is_given_unrated_with_a_note():
    """The rating came after the budget (`generate sudoku --size 25 --seconds 5 --json` ran
    past 120 s); now it gets the making's stop, which carries the budget. Here the stop is
    a node cap (20 polls), so the test does not hang on the machine's speed: the removal
    ends at it, and the rating has nothing left."""
    from core import jobs
    from core.family import Context
    from core.search import node_capped
    from core.sudoku.generator import Options

    made = jobs.make("sudoku", Options(), 1, Context(), rated=True, stop=node_capped(None, 20))
    assert made.rating is None and made.notes == {
        "minimal": False, "not_rated": "the time budget ran out (puzzle-tui rate rates it)"}
    assert count(made.puzzle).unique and count(made.puzzle).solution == made.solution
    assert jobs.make("sudoku", Options(), 1, Context(), rated=True).rating.level


def test_the_budget_counts_from_the_commands_start():
    """jobs.make's budget runs from `began`: one that began 10 s ago has none left."""
    from core import jobs
    from core.family import Context, Failed
    from core.sudoku.generator import Options

    made = jobs.make("sudoku", Options(seconds=5), 1, Context(), began=time.monotonic() - 10)
    assert made == Failed("no puzzle met the constraints in 5 s")
    checked = kinds.by_name("sudoku").check(parse(TOP1), 2, None, Context(), True, 5,
                                            time.monotonic() - 10)
    assert checked.count.stopped and checked.count.count == 0


def test_reading_the_word_list_is_part_of_an_alphametics_budget(capsys):
    assert main(["generate", "alphametic", "--words", "3", "--seconds", "0.01"]) == 1
    assert ("the time budget ran out while the English word list was read" in
            capsys.readouterr().err)


def test_rate_within_a_budget(capsys):
    path = str(CASES / "sudoku25_generated.txt")
    assert main(["rate", path, "--seconds", "0.3"]) == 3
    assert capsys.readouterr().out == "unknown within 0.3 s: not rated\n"
    assert main(["rate", path, "--seconds", "0.3", "--json"]) == 3
    result = json.loads(capsys.readouterr().out)
    assert result["unknown"] is True and result["status"] == 3 and "level" not in result
    assert main(["rate", str(ROOT / "puzzles" / "sudoku" / "hard_rot180.txt"), "--seconds",
                 "60"]) == 0
    assert capsys.readouterr().out.startswith("hard, SE 4.0 (Sukaku Explainer scale)")
    assert main(["rate", path, "--seconds", "0"]) == 2
    assert "--seconds 0: from 0 to" in capsys.readouterr().err


def test_the_process_start_is_read_for_the_budget():
    import cli

    assert 0 <= time.monotonic() - cli.started() <= 5


def test_check_json_rates_within_what_is_left_of_the_budget(monkeypatch, tmp_path, capsys):
    """The fuzz run's slowest command: `check --json --seconds 1` on a multiplication rated it
    after the budget for 3 s. The rating now gets the budget's stop, and a rating it cut
    short is left out; without --json nothing is rated."""
    from cli.common import rated
    from core.family import Context

    family = kinds.by_name("arith")
    puzzle = family.parse("SEND+MORE=MONEY")
    assert rated(family, puzzle, Context(), lambda: True) is None  # stopped: left out
    assert rated(family, puzzle, Context()).level
    given = []
    real = type(family).rate
    monkeypatch.setattr(type(family), "rate", lambda self, p, stop=None, context=None:
                        given.append(stop) or real(self, p, stop, context))
    path = tmp_path / "p.txt"
    path.write_text("SEND+MORE=MONEY\n")
    assert main(["check", str(path), "--seconds", "60"]) == 0 and given == []
    assert main(["check", str(path), "--json", "--seconds", "60"]) == 0
    assert len(given) == 1 and given[0] is not None and given[0]() is False
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["level"]
