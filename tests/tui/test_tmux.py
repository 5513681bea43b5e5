"""A real terminal: start `puzzle-tui` in tmux, type, read the screen, quit."""

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

SAMPLE = Path(__file__).resolve().parents[2] / "puzzles" / "sudoku" / "hard_rot180.txt"
pytestmark = pytest.mark.skipif(shutil.which("tmux") is None,
                                reason="tmux is not installed (apt-get install tmux)")


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], capture_output=True, text=True, check=True).stdout


def screen(session: str) -> str:
    return tmux("capture-pane", "-p", "-t", session)


def wait_for_text(session: str, text: str, timeout: float = 30.0) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        shown = screen(session)
        if text in shown:
            return shown
        time.sleep(0.2)
    raise AssertionError(f"{text!r} never appeared; the screen was:\n{screen(session)}")


def wait_until_quit(session: str, timeout: float = 10.0) -> None:
    """The app quit, and its tmux session with it."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        alive = subprocess.run(["tmux", "has-session", "-t", session], capture_output=True)
        if alive.returncode != 0:
            return
        time.sleep(0.2)
    raise AssertionError(f"the app did not quit:\n{screen(session)}")


def test_type_a_digit_and_read_the_status(tmp_path):
    puzzle = tmp_path / "p.txt"
    shutil.copy(SAMPLE, puzzle)
    script = Path(sys.executable).with_name("puzzle-tui")
    session = f"pw-{os.getpid()}"
    env = f"PUZZLE_WORKBENCH_HOME={tmp_path / 'home'} TERM=xterm-256color"
    tmux("new-session", "-d", "-s", session, "-x", "110", "-y", "40",
         f"env {env} {script} {puzzle}")
    try:
        wait_for_text(session, "✓ unique")
        # the cursor starts on r1c1 (empty); a 3 there clashes with the 3 in r1c2
        tmux("send-keys", "-t", session, "3")
        shown = wait_for_text(session, "✗ no solution")
        assert "r1c1 and r1c2" in shown
        tmux("send-keys", "-t", session, "C-z")  # undo: the cell is empty, unique again
        wait_for_text(session, "✓ unique")
        deadline = time.monotonic() + 5
        while "p.txt •" in screen(session) and time.monotonic() < deadline:
            time.sleep(0.05)  # the title follows the grid
        assert "p.txt •" not in screen(session)  # back to the file as saved
        tmux("send-keys", "-t", session, "C-y")  # redo
        wait_for_text(session, "✗ no solution")
        tmux("send-keys", "-t", session, "C-q")  # unsaved: it asks
        wait_for_text(session, "Unsaved changes: p.txt.")
        tmux("send-keys", "-t", session, "Escape")
        tmux("send-keys", "-t", session, "Delete")  # back to the saved puzzle
        wait_for_text(session, "✓ unique")
        tmux("send-keys", "-t", session, "C-q")
        wait_until_quit(session)
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


def test_a_killed_app_offers_its_unsaved_work_on_restart(tmp_path):
    """Type, kill the app (SIGKILL: no chance to clean up), start it on the same file: the
    kept changes are offered, and restoring them shows them unsaved."""
    puzzle = tmp_path / "p.txt"
    shutil.copy(SAMPLE, puzzle)
    script = Path(sys.executable).with_name("puzzle-tui")
    session = f"pw-kill-{os.getpid()}"
    home = tmp_path / "home"
    env = f"PUZZLE_WORKBENCH_HOME={home} TERM=xterm-256color"
    command = f"env {env} {script} {puzzle}"
    tmux("new-session", "-d", "-s", session, "-x", "110", "-y", "40", command)
    try:
        wait_for_text(session, "✓ unique")
        tmux("send-keys", "-t", session, "3")
        wait_for_text(session, "✗ no solution")
        deadline = time.monotonic() + 10
        while not list((home / "recovery").glob("*.txt")) and time.monotonic() < deadline:
            time.sleep(0.1)
        pid = tmux("display-message", "-p", "-t", session, "#{pane_pid}").strip()
        subprocess.run(["pkill", "-KILL", "-f", f"{script} {puzzle}"], check=False)
        subprocess.run(["kill", "-KILL", pid], check=False)
        time.sleep(0.5)
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
        assert puzzle.read_text() == SAMPLE.read_text()  # the file itself is untouched
        tmux("new-session", "-d", "-s", session, "-x", "110", "-y", "40", command)
        wait_for_text(session, "Unsaved changes to p.txt were kept")
        tmux("send-keys", "-t", session, "Enter")  # restore them
        shown = wait_for_text(session, "✗ no solution")
        assert "p.txt •" in shown
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


def test_a_generated_puzzle_opens_beside_the_file_in_a_real_terminal(tmp_path):
    """ctrl+g, the Sudoku dialog driven by keys alone (Enter opens a choice, Enter in a
    field generates), the new puzzle in a tab beside the file, ctrl+pageup back to it, and
    quitting asks once: "→ Enter" sent in one burst quits without saving."""
    puzzle = tmp_path / "p.txt"
    shutil.copy(SAMPLE, puzzle)
    script = Path(sys.executable).with_name("puzzle-tui")
    session = f"pw-tabs-{os.getpid()}"
    env = f"PUZZLE_WORKBENCH_HOME={tmp_path / 'home'} TERM=xterm-256color"
    tmux("new-session", "-d", "-s", session, "-x", "100", "-y", "30",
         f"env {env} {script} {puzzle}")
    try:
        wait_for_text(session, "✓ unique")
        tmux("send-keys", "-t", session, "C-g")
        wait_for_text(session, "Generate a unique Sudoku…")
        tmux("send-keys", "-t", session, "Enter")
        wait_for_text(session, "Symmetry of the givens")
        tmux("send-keys", "-t", session, "Enter")  # the sizes
        time.sleep(0.5)
        tmux("send-keys", "-t", session, "4", "Enter")  # typed to find 4x4, picked
        time.sleep(0.5)
        tmux("send-keys", "-t", session, "Down", "Down", "Down", "Enter")  # from a text field
        shown = wait_for_text(session, "2 untitled Sudoku •")
        assert "1 p.txt" in shown and "Sudoku 4x4" in shown
        wait_for_text(session, "✓ unique")
        tmux("send-keys", "-t", session, "C-PPage")
        shown = wait_for_text(session, "p.txt — Sudoku 9x9")
        wait_for_text(session, "✓ unique")
        tmux("send-keys", "-t", session, "C-q")
        wait_for_text(session, "Unsaved changes: untitled Sudoku.")
        tmux("send-keys", "-t", session, "Right", "Enter")  # one burst: Quit without saving
        wait_until_quit(session)
        assert not list((tmp_path / "home" / "recovery").glob("*.txt"))
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
