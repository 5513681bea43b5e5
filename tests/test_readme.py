"""Every `puzzle-tui` command line of the README and docs runs as written when pasted into a
shell at the repository's root, in the order given: the shell reads it (a pipe leads to a
program, never to `--an-option`), `puzzle-tui`'s own parser takes it (the command, the
generator's options and their values), every file it reads is in the repository or written
by a line before it. The quick ones (check, solve, rate and export of the repository's
files or links, `"$(puzzle-tui export ...)"` run first) are run: none is refused."""

from __future__ import annotations

import glob
import os
import re
import shlex
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from cli import build_parser, main
from cli.usage import BadCommandLine

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = ("README.md", "docs/architecture.md", "docs/benchmarks.md")
FENCE = re.compile(r"^\s*```")
OPERATORS = ("|", "||", "&&", ";", "&")
OUTPUT_OPTIONS = ("-o", "--output")
RUN = ("check", "solve", "rate", "export")  # quick, read only the repository's files
PATH_LIKE = re.compile(r"^[~\w./*-]*(/|\.[A-Za-z]{2,5}$)")


@dataclass(frozen=True)
class Line:
    where: str  # README.md:42
    text: str
    argv: tuple[str, ...]  # puzzle-tui's, past its name
    then: tuple[tuple[str, ...], ...]  # the commands piped or chained after it

    @property
    def inner(self) -> list[Line]:
        """The `"$(puzzle-tui ...)"` lines whose output is one of its words."""
        return [_line(self.where, token[2:-1]) for token in self.argv
                if token.startswith("$(") and token.endswith(")")]


def command_lines() -> list[Line]:
    """Each `puzzle-tui` line of a code block (continued lines joined, comments dropped)."""
    found = []
    for name in DOCUMENTS:
        in_block, pending, start = False, "", 0
        for number, raw in enumerate((ROOT / name).read_text().splitlines(), 1):
            if FENCE.match(raw):
                in_block, pending = not in_block, ""
                continue
            if not in_block or not (pending or raw.lstrip().startswith("puzzle-tui")):
                continue
            start = start if pending else number
            if raw.rstrip().endswith("\\"):
                pending += raw.rstrip()[:-1] + " "
                continue
            text, pending = pending + raw, ""
            found.append(_line(f"{name}:{start}", text))
    return found


def _line(where: str, text: str) -> Line:
    lexer = shlex.shlex(text, posix=True, punctuation_chars=True)
    lexer.whitespace_split, lexer.commenting = True, True
    tokens = list(lexer)
    commands, current = [], []
    for token in tokens:
        if token in OPERATORS:
            commands.append(tuple(current))
            current = []
        else:
            current.append(token)
    commands.append(tuple(current))
    first = commands[0]
    assert first and first[0] == "puzzle-tui", (where, text)
    return Line(where, text.strip(), first[1:], tuple(commands[1:]))


LINES = command_lines()
EVERY = LINES + [inner for line in LINES for inner in line.inner]
# the data folder as the tests found it (each test gets an empty one): the built-in
# dictionaries, when installed, let the quick ナンクロ lines run
DATA = Path(os.environ.get("PUZZLE_WORKBENCH_DATA") or Path(
    os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "puzzle-workbench")


def test_the_documents_have_command_lines_to_check():
    assert len(LINES) > 60


@pytest.mark.parametrize("line", EVERY, ids=[line.where for line in EVERY])
def test_the_shell_and_the_parser_take_it(line):
    for then in line.then:  # `| head -3`: a program, not an option
        assert then and (then[0] == "puzzle-tui" or shutil.which(then[0])), (
            f"{line.where}: after a pipe, {' '.join(then) or 'nothing'!r} is no program")
    argv = list(line.argv)
    if not argv or argv[0].startswith("-"):
        return  # the app or --version: main's own parser (tests/cli/test_usage.py)
    try:
        build_parser(argv).parse_args(argv)
    except BadCommandLine as error:
        pytest.fail(f"{line.where}: {line.text}\n{error}")


def inputs_and_outputs(argv: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """The files a command line reads and those it writes (a bank it builds, -o)."""
    reads, writes = [], []
    after_output = False
    for i, token in enumerate(argv):
        if after_output:
            writes.append(token)
            after_output = False
        elif token in OUTPUT_OPTIONS:
            after_output = True
        elif token.startswith(("-", "$(")) or "://" in token:
            continue
        elif argv[:2] == ("bank", "build") and i == 2:
            writes.append(token)
        else:
            source = token.split(":", 1)[1] if re.match(r"^[a-z]+:[^/]", token) else token
            if PATH_LIKE.match(source) and argv[i - 1] not in ("--shapes", "--marks"):
                reads.append(source)
    return reads, writes


def test_every_file_read_is_in_the_repository_or_written_before():
    written: set[str] = set()
    missing = []
    for line in LINES:
        reads, writes = inputs_and_outputs(line.argv)
        reads += [path for inner in line.inner for path in inputs_and_outputs(inner.argv)[0]]
        for path in reads:
            if path not in written and not glob.glob(str(ROOT / path)):
                missing.append(f"{line.where}: {path} ({line.text})")
        written.update(writes)
    assert not missing, "\n".join(missing)


def in_repository(line: Line) -> bool:
    reads = inputs_and_outputs(line.argv)[0]
    return all(glob.glob(str(ROOT / path)) for path in reads) and all(map(in_repository,
                                                                          line.inner))


QUICK = [line for line in LINES if line.argv and line.argv[0] in RUN and in_repository(line)]


@pytest.mark.parametrize("line", QUICK, ids=[line.where for line in QUICK])
def test_the_quick_ones_run(line, tmp_path, monkeypatch, capsys):
    """In a folder holding the repository's files (outputs land there, not in the
    checkout); each ends 0 or 1 (unique, or what it found), never 2 (bad input)."""
    for name in ("puzzles", "tests", "docs"):
        (tmp_path / name).symlink_to(ROOT / name)
    monkeypatch.chdir(tmp_path)
    if "numcro" in line.text:
        if not (DATA / "dictionaries").is_dir():
            pytest.skip("the built-in dictionaries are not installed (puzzle-tui install)")
        monkeypatch.setenv("PUZZLE_WORKBENCH_DATA", str(DATA))
    if "pdf" in line.argv:
        from core.export import FontMissing, find_font
        try:
            find_font()
        except FontMissing:
            pytest.skip("no print font (puzzle-tui install)")
    code = main(expanded(line, capsys))
    assert code in (0, 1), (line.where, capsys.readouterr().err)
    for path in inputs_and_outputs(line.argv)[1]:
        assert path == "-" or os.path.exists(tmp_path / path), (line.where, path)


def expanded(line: Line, capsys) -> list[str]:
    """The line's words as the shell gives them: globs matched, `$(...)` run."""
    words = []
    for token in line.argv:
        if token.startswith("$("):
            capsys.readouterr()
            assert main(list(_line(line.where, token[2:-1]).argv)) == 0, line.where
            words.append(capsys.readouterr().out.strip())
        else:
            words += sorted(glob.glob(token)) if "*" in token else [token]
    return words
