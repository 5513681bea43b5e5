"""A real terminal: start `puzzle-tui` in tmux, type, read the screen, quit."""

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

SAMPLE = Path(__file__).resolve().parents[2] / "puzzles" / "sudoku" / "hard_rot180.txt"
pytestmark = [pytest.mark.serial,
              pytest.mark.skipif(shutil.which("tmux") is None,
                                 reason="tmux is not installed (apt-get install tmux)")]


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


def start(session: str, path: Path, home: Path, size=("110", "40")) -> None:
    """The app on `path` in a new tmux session, with its own state folder. A session started
    just as the last one was killed can find the tmux server on its way out: try again."""
    script = Path(sys.executable).with_name("puzzle-tui")
    env = f"PUZZLE_WORKBENCH_HOME={home} TERM=xterm-256color"
    command = ["tmux", "new-session", "-d", "-s", session, "-x", size[0], "-y", size[1],
               f"env {env} {script} {path}"]
    for _ in range(20):
        started = subprocess.run(command, capture_output=True, text=True)
        if started.returncode == 0:
            return
        time.sleep(0.2)
    raise AssertionError(f"tmux could not start a session: {started.stderr}")


def kill_app(session: str) -> None:
    """SIGKILL to the app (the pane's process: env execs puzzle-tui): no chance to clean up.
    Its session ends with it: once it has, the app's files and locks are let go."""
    pid = tmux("display-message", "-p", "-t", session, "#{pane_pid}").strip()
    subprocess.run(["kill", "-KILL", pid], check=False)
    wait_until_quit(session)


def wait_until(condition, what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout:g} s: {what}")
        time.sleep(0.1)


def quit_app(session: str) -> None:
    tmux("send-keys", "-t", session, "C-q")
    wait_until_quit(session)


def copies(home: Path) -> list[Path]:
    return sorted((home / "recovery").glob("*.txt"))


def wait_for_file(path: Path, other_than: str, timeout: float = 15.0) -> str:
    deadline = time.monotonic() + timeout
    while path.read_text() == other_than:
        if time.monotonic() > deadline:
            raise AssertionError(f"{path.name} was not saved")
        time.sleep(0.1)
    return path.read_text()


def test_type_a_digit_and_read_the_status(tmp_path):
    puzzle = tmp_path / "p.txt"
    shutil.copy(SAMPLE, puzzle)
    session = f"pw-{os.getpid()}"
    start(session, puzzle, tmp_path / "home")
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
    session = f"pw-kill-{os.getpid()}"
    home = tmp_path / "home"
    start(session, puzzle, home)
    try:
        wait_for_text(session, "✓ unique")
        tmux("send-keys", "-t", session, "3")
        wait_for_text(session, "✗ no solution")
        wait_until(lambda: copies(home), "the recovery copy written")
        kill_app(session)
        assert puzzle.read_text() == SAMPLE.read_text()  # the file itself is untouched
        start(session, puzzle, home)
        wait_for_text(session, "Unsaved changes to p.txt were kept")
        tmux("send-keys", "-t", session, "Enter")  # restore them
        shown = wait_for_text(session, "✗ no solution")
        assert "p.txt •" in shown
        tmux("send-keys", "-t", session, "C-s")  # saved: no copy is left to offer
        wait_for_text(session, "saved ")
        assert copies(home) == []
        quit_app(session)
        assert copies(home) == []
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


def size_picked(shown: str, size: str) -> bool:
    """The dialog's Size field shows `size`, its list of sizes closed."""
    return "12x12" not in shown and any("Size" in line and size in line
                                        for line in shown.splitlines())


def test_a_generated_puzzle_opens_beside_the_file_in_a_real_terminal(tmp_path):
    """ctrl+g, the Sudoku dialog driven by keys alone (Enter opens a choice, Enter in a
    field generates), the new puzzle in a tab beside the file, ctrl+pageup back to it, and
    quitting asks once: "→ Enter" sent in one burst quits without saving."""
    puzzle = tmp_path / "p.txt"
    shutil.copy(SAMPLE, puzzle)
    session = f"pw-tabs-{os.getpid()}"
    start(session, puzzle, tmp_path / "home", size=("100", "30"))
    try:
        wait_for_text(session, "✓ unique")
        tmux("send-keys", "-t", session, "C-g")
        wait_for_text(session, "Generate a unique Sudoku…")
        tmux("send-keys", "-t", session, "Enter")
        wait_for_text(session, "Symmetry of the givens")
        tmux("send-keys", "-t", session, "Enter")  # the sizes
        wait_for_text(session, "12x12")  # the list is open
        tmux("send-keys", "-t", session, "4", "Enter")  # typed to find 4x4, picked
        wait_until(lambda: size_picked(screen(session), "4x4"), "4x4 picked, the list closed")
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


EMPTY_SUDOKU = ". . . | . . . | . . .\n" * 3
EMPTY_SUDOKU = "\n".join([EMPTY_SUDOKU + "------+-------+------"] * 2) + "\n" + EMPTY_SUDOKU
EMPTY_VARIANT = "kind: variants\n" + ". . . . . . . . .\n" * 9


def typed_document(tmp_path, name: str, text: str, keys: list[str], at_once: bool,
                   ready: str) -> str:
    """The file after `keys` and ctrl+s, the keys sent in one send-keys call or one by one."""
    path = tmp_path / f"{name}-{'burst' if at_once else 'paced'}.txt"
    path.write_text(text)
    session = f"pw-{name}-{at_once}-{os.getpid()}"
    start(session, path, tmp_path / "home")
    try:
        wait_for_text(session, ready)
        if at_once:
            tmux("send-keys", "-t", session, *keys)
        else:
            for key in keys:
                tmux("send-keys", "-t", session, key)
                time.sleep(0.15)
        tmux("send-keys", "-t", session, "C-s")
        return wait_for_file(path, text)
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


def test_keys_sent_in_one_call_act_in_order_in_the_sudoku_editor(tmp_path):
    """The issue's burst in a new 9x9, with an undo and vi moves: one send-keys call leaves
    the file that the keys typed one by one leave."""
    keys = ["Right", "5", "Down", "7", "Right", "3", "Down", "1", "C-z", "j", "h", "9"]
    at_once = typed_document(tmp_path, "sudoku", EMPTY_SUDOKU, keys, True, "several")
    slowly = typed_document(tmp_path, "sudoku", EMPTY_SUDOKU, keys, False, "several")
    assert at_once == slowly
    from core import sudoku

    givens = sudoku.parse(at_once).givens
    assert {c: v for c, v in enumerate(givens) if v} == {1: 5, 10: 7, 11: 3, 28: 9}


def test_keys_sent_in_one_call_act_in_order_in_the_variants_editor(tmp_path):
    keys = ["5", "w", "Right", "7", "B", "S-Right", "S-Right", "t", "Down", "x", "4"]
    at_once = typed_document(tmp_path, "variants", EMPTY_VARIANT, keys, True, "several")
    slowly = typed_document(tmp_path, "variants", EMPTY_VARIANT, keys, False, "several")
    assert at_once == slowly
    for line in ("white: r1c1-r1c2", "black: r1c2-r2c2", "thermo: r1c2 r1c3 r1c4",
                 "x: r2c4-r2c5"):
        assert line in at_once
    assert at_once.splitlines()[1:3] == ["5 7 . . . . . . .", ". . . 4 . . . . ."]


def test_keys_sent_in_one_call_act_in_order_in_a_dialog_field(tmp_path):
    """A cage's sum typed, corrected and answered in one send-keys call, then a digit back
    in the grid: the 5 got in before the Backspace once, and the keys after Enter were lost.
    The save is in the same call: a key sent later could overtake those handed on from the
    closed dialog to the grid (tui/widgets/keys.py's hand_on waits for the grid's focus)."""
    keys = ["S-Right", "k", "1", "6", "BSpace", "5", "Enter", "Right", "3", "C-s"]
    at_once = typed_document(tmp_path, "cage", EMPTY_VARIANT, keys, True, "several")
    slowly = typed_document(tmp_path, "cage", EMPTY_VARIANT, keys, False, "several")
    assert at_once == slowly
    assert "cage 15: r1c1 r1c2" in at_once
    assert at_once.splitlines()[1] == ". . 3 . . . . . ."


@pytest.mark.parametrize("name, text, keys", [
    ("arith", "  ***\nx  **\n-----\n  ***\n ***\n-----\n ****\n",
     ["Right", "7", "Down", "3", "Left", "9", "BSpace", "Down", "Down", "5", "C-z", "Right",
      "2", "Up", "+", "4"]),
    ("numcro", "lang: en\n" + "".join(" ".join(f"{5 * r + c + 1:2}" for c in range(5)) + "\n"
                                      for r in range(5)),
     ["Down", "1", "2", "Right", "3", "Space", "Right", "Right", "4", "5", "Left", "C-z",
      "Down", "Space", "Right", "7"]),
])
def test_keys_sent_in_one_call_act_in_order_in_the_other_editors(tmp_path, name, text, keys):
    at_once = typed_document(tmp_path, name, text, keys, True, "Status")
    slowly = typed_document(tmp_path, name, text, keys, False, "Status")
    assert at_once == slowly
    assert at_once != text  # the keys did edit


def test_undo_back_to_the_file_then_a_kill_leaves_nothing_to_offer(tmp_path):
    puzzle = tmp_path / "p.txt"
    shutil.copy(SAMPLE, puzzle)
    home = tmp_path / "home"
    session = f"pw-undo-kill-{os.getpid()}"
    start(session, puzzle, home)
    try:
        wait_for_text(session, "✓ unique")
        tmux("send-keys", "-t", session, "3")
        wait_for_text(session, "✗ no solution")
        assert len(copies(home)) == 1
        tmux("send-keys", "-t", session, "C-z")
        wait_for_text(session, "✓ unique")
        assert copies(home) == []  # back to the file: no copy
        kill_app(session)
        start(session, puzzle, home)
        shown = wait_for_text(session, "✓ unique")  # straight into the editor: no question
        assert "were kept" not in shown and "p.txt •" not in shown
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


def holds_b_edit(copy: Path) -> bool:
    """A recovery copy of B's puzzle: its 9 in r1c3, and not A's 8 in r1c5."""
    from core.sudoku import parse

    givens = parse(copy.read_text()).givens
    return givens[2] == 9 and givens[4] == 0


def b_restored(boxes: list[list[str]]) -> bool:
    return len(boxes) >= 2 and boxes[0] == ["·", "3", "9"] and "8" not in boxes[1]


def first_boxes(shown: str) -> list[list[str]]:
    """The first row of the grid on screen, box by box."""
    row = next((line for line in shown.splitlines() if line.count("│") >= 4), "")
    return [box.split() for box in row.split("│")[1:]]


def test_two_windows_on_one_file_and_one_killed(tmp_path):
    """Issue 29: window A saves, window B is killed; B's edits are offered when the file is
    opened again, and A's save did not delete B's copy."""
    puzzle = tmp_path / "p.txt"
    shutil.copy(SAMPLE, puzzle)
    home = tmp_path / "home"
    a, b = f"pw-a-{os.getpid()}", f"pw-b-{os.getpid()}"
    start(a, puzzle, home)
    start(b, puzzle, home)
    try:
        wait_for_text(a, "✓ unique")
        wait_for_text(b, "✓ unique")
        tmux("send-keys", "-t", b, "Right", "Right", "9")  # B: r1c3 = 9, unsaved
        wait_for_text(b, "p.txt •")
        tmux("send-keys", "-t", a, "Right", "Right", "Right", "Right", "8", "C-s")  # A: r1c5
        wait_for_file(puzzle, SAMPLE.read_text())
        wait_for_text(a, "saved ")
        # B's copy, still there; A's goes with its save (each written as its window gets to
        # it: waited for, on a busy machine)
        wait_until(lambda: len(copies(home)) == 1 and holds_b_edit(copies(home)[0]),
                   "one recovery copy, B's")
        kill_app(b)
        quit_app(a)
        start(b, puzzle, home)
        wait_for_text(b, "Unsaved changes to p.txt were kept")
        tmux("send-keys", "-t", b, "Enter")  # restore
        # the editor's header: the start screen's "Switch to 1 p.txt •" shows on the way
        wait_for_text(b, "p.txt • — Sudoku 9x9")
        wait_until(lambda: b_restored(first_boxes(screen(b))),
                   "B's 9 in r1c3 and not A's 8 in r1c5 (A's save is the file's)")
    finally:
        for session in (a, b):
            subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


def test_an_80x24_terminal_shows_the_cursor_and_the_status(tmp_path):
    """A real 80x24 terminal: the grid, its status and the footer fit; with the candidates
    view on, typing in the last cell shows that cell's row and the status it brings."""
    puzzle = tmp_path / "p.txt"
    shutil.copy(SAMPLE, puzzle)
    session = f"pw80-{os.getpid()}"
    start(session, puzzle, tmp_path / "home", size=("80", "24"))
    try:
        shown = wait_for_text(session, "✓ unique")
        lines = shown.splitlines()
        assert "└" in shown and "^p palette" in lines[-1] and "Difficulty" in shown
        tmux("send-keys", "-t", session, *["Down", "Right"] * 8, "F5", "5")
        shown = wait_for_text(session, "✗ no solution")
        assert "r9c9" in shown  # the 5 went to r9c9, and the panel says so
        assert "└" in shown  # the grid's last row, where the cursor is, is on screen
        tmux("send-keys", "-t", session, "C-z", "C-q")
        wait_until_quit(session)
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


def test_a_line_pasted_into_a_new_grid_fills_it(tmp_path):
    """A real bracketed paste (tmux paste-buffer -p) into the empty 9x9 the app starts on."""
    blank = tmp_path / "blank.txt"
    blank.write_text("\n".join([". " * 8 + "."] * 9) + "\n")
    session = f"pw-paste-{os.getpid()}"
    start(session, blank, tmp_path / "home", size=("80", "24"))
    try:
        wait_for_text(session, "several solutions")
        line = "".join(ch if ch.isdigit() and ch != "0" else "." for ch in
                       SAMPLE.read_text() if ch.isdigit() or ch == ".")
        (tmp_path / "line.txt").write_text(line)
        tmux("load-buffer", "-b", session, str(tmp_path / "line.txt"))
        tmux("paste-buffer", "-p", "-b", session, "-t", session)
        wait_for_text(session, "✓ unique")
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
