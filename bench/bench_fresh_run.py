"""`make run` on a fresh clone, in a real terminal (tmux): the time to the first screen, and
what each phase of the set-up took.

    python bench/bench_fresh_run.py [--runs 3] [--rev HEAD [--rev REV]] [--until-installed]

Each run clones the repository at REV into a new folder (with ../shared beside it, as the
checkout has), and types `make run` in a new tmux session with empty data and state folders,
so nothing the app installs is there yet. The screen and the folder are polled every 0.1 s:
the venv made, the set-up done (.venv/.app, the app starting), the first screen, the compiled
engine's four modules there, and with --until-installed the background install's end. pip's
own log (PIP_LOG) dates its steps: collecting and downloading, installing, building the
project. Nothing is cached between runs by this script (pip downloads what its cache lacks)."""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

from common import ROOT

FIRST_SCREEN = "Make a puzzle"  # the start screen's welcome line
MODULES = ("_sudoku", "_variants", "_chains", "_explainer")


SOCKET = f"fresh-run-{os.getpid()}"  # a tmux server of its own: others' sessions never slow it


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", "-L", SOCKET, *args], capture_output=True, text=True).stdout


def made_at(paths, started_wall: float) -> float | None:
    """When the last of `paths` was written (seconds after the start), None if one is
    missing: a file's own time, exact however slowly the screen is polled."""
    try:
        return max(os.lstat(path).st_mtime for path in paths) - started_wall
    except (OSError, TypeError, ValueError):  # not there yet
        return None


def one_run(rev: str, folder: Path, session: str, until_installed: bool,
            limit: float, keep: Path | None = None) -> dict[str, float]:
    """Seconds from typing `make run` to each event, and pip's phases."""
    clone = folder / "p"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    subprocess.run(["git", "-C", str(clone), "checkout", "-q", rev], check=True)
    (folder / "shared").symlink_to(ROOT.parent / "shared")
    log = folder / "pip.log"
    env = (f"env PUZZLE_WORKBENCH_DATA={folder / 'data'} PUZZLE_WORKBENCH_HOME={folder / 'state'}"
           f" PIP_LOG={log} TERM=xterm-256color")
    tmux("new-session", "-d", "-s", session, "-x", "120", "-y", "40", "-c", str(clone))
    started = time.monotonic()
    wall = time.time()
    tmux("send-keys", "-t", session, f"{env} make run", "Enter")
    seen: dict[str, float] = {}

    def mark(name: str, happened: bool) -> None:
        if happened and name not in seen:
            seen[name] = time.monotonic() - started

    def mark_file(name: str, paths) -> None:
        at = made_at(paths, wall)
        if at is not None and name not in seen:
            seen[name] = at

    native = clone / "core" / "native"
    try:
        while time.monotonic() - started < limit:
            screen = tmux("capture-pane", "-p", "-t", session)
            mark_file("venv made", [clone / ".venv" / "pyvenv.cfg"])
            mark_file("set-up done", [clone / ".venv" / ".app"])
            mark("first screen", FIRST_SCREEN in screen)
            mark_file("engine built", [next(native.glob(f"{m}.*.so"), None) for m in MODULES])
            mark("installing shown", "installing in the background" in screen)
            if "first screen" in seen and "installing shown" in seen:
                mark("install ended", "installing in the background" not in screen)
            done = "first screen" in seen and "engine built" in seen
            if done and (not until_installed or "install ended" in seen):
                break
            time.sleep(0.1)
        else:
            print(f"  not done within {limit:.0f} s: {sorted(seen)}", file=sys.stderr)
    finally:
        tmux("kill-server")
    seen.update(pip_phases(log, wall))
    if keep and log.exists():
        shutil.copy(log, keep)
    return seen


def pip_phases(log: Path, wall: float) -> dict[str, float]:
    """From pip's log (every pip run appends to it; a build environment's pip writes
    indented lines): when each top-level pip run started collecting, built the project,
    began installing and ended."""
    steps = (("Collecting ", "collecting"), ("Building editable", "building the project"),
             ("Successfully built", "built"), ("Installing collected", "installing"),
             ("Successfully installed", "installed"))
    phases: dict[str, float] = {}
    if not log.exists():
        return phases
    run = 1
    for line in log.read_text(errors="replace").splitlines():
        stamp = re.match(r"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d,\d+) (\S.*)", line)
        if not stamp:
            continue  # no date, or indented: a build environment's pip
        at = datetime.strptime(stamp[1], "%Y-%m-%dT%H:%M:%S,%f").timestamp() - wall
        for start, name in steps:
            if stamp[2].startswith(start):
                phases.setdefault(f"pip {run}: {name}", at)
        if stamp[2].startswith("Successfully installed"):
            run += 1
    return phases


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs of each revision")
    parser.add_argument("--rev", action="append",
                        help="the revision to clone (HEAD); given twice, the two are run in "
                             "turns (A B, then B A) and each pair's ratio B/A is kept")
    parser.add_argument("--until-installed", action="store_true",
                        help="also wait for the background install to end")
    parser.add_argument("--limit", type=float, default=600, help="seconds a run may take")
    parser.add_argument("--logs", type=Path, help="keep each run's pip log in this folder")
    args = parser.parse_args()
    if shutil.which("tmux") is None:
        sys.exit("tmux is not installed")
    if args.logs:
        args.logs.mkdir(parents=True, exist_ok=True)
    revs = args.rev or ["HEAD"]
    firsts: dict[str, list[float]] = {rev: [] for rev in revs}
    for i in range(args.runs):
        for rev in revs if i % 2 == 0 else revs[::-1]:
            load = os.getloadavg()[0]
            with tempfile.TemporaryDirectory() as temp:
                seen = one_run(rev, Path(temp), f"fresh-{i}", args.until_installed, args.limit,
                               args.logs / f"pip-{rev}-{i + 1}.log" if args.logs else None)
            firsts[rev].append(seen.get("first screen", float("nan")))
            events = ", ".join(f"{name} {at:.1f}" for name, at in sorted(seen.items(),
                                                                          key=lambda e: e[1]))
            print(f"{rev} run {i + 1} (load {load:.1f} at its start): {events}", flush=True)
    for rev, times in firsts.items():
        print(f"{rev}: first screen median {statistics.median(times):.1f} s of {len(times)} "
              f"runs ({', '.join(f'{t:.1f}' for t in times)})")
    if len(revs) == 2:
        ratios = [b / a for a, b in zip(*firsts.values(), strict=True)]
        print(f"{revs[1]}/{revs[0]}: median of pairs {statistics.median(ratios):.2f} "
              f"({', '.join(f'{r:.2f}' for r in ratios)}); load now {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
