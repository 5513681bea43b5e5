"""`puzzle-tui`: the app, or a headless command (check, solve, rate, generate, export, dict,
install). One module a command, each with `add_parser(subparsers)` and `run(args) -> int`;
the command line reaches the puzzle families only through core's registry (core/kinds.py).

argparse (standard library) is enough for a handful of subcommands and costs no dependency.
Exit codes: 0 unique or done, 1 not unique / no solution / nothing generated, 2 bad input,
3 unknown (check and solve: no answer within --seconds).
"""

from __future__ import annotations

import inspect
import os
import sys
import time
from importlib import import_module

from cli.common import BAD_INPUT, INTERRUPTED, OK, UsageError
from cli.usage import BadCommandLine, Parser, Version, closest, say
from core import sites

# command -> its module in cli/, imported only when that command runs (a quick start)
COMMANDS = {"check": "check", "solve": "solve", "rate": "rate", "generate": "generate",
            "export": "export", "dict": "dictionary", "install": "install", "bank": "bank"}


def command(name: str):
    return import_module(f"cli.{COMMANDS[name]}")


def build_parser(argv: list[str] | None = None) -> Parser:
    """Every command's parser; given the command line, only its command's. A command whose
    options depend on what follows its name (generate: the generator's fields) is handed
    the rest of the line as `rest`, so it loads only the family it needs."""
    parser = Parser(prog="puzzle-tui", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action=Version)
    sub = parser.add_subparsers(dest="command", required=True)
    names = [argv[0]] if argv and argv[0] in COMMANDS else COMMANDS
    for name in names:
        add = command(name).add_parser
        if argv and "rest" in inspect.signature(add).parameters:
            add(sub, rest=argv[1:])
        else:
            add(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    # a time budget (--seconds) is the whole command's: from the process's start when it is
    # this command (Python's start and the imports take a tenth of a second), else from here
    began = started() if argv is None else time.monotonic()
    argv = sys.argv[1:] if argv is None else argv
    try:
        if argv and argv[0] in COMMANDS:
            args = build_parser(argv).parse_args(argv)
            args.began = began
            return command(args.command).run(args)
        return open_app(argv)
    except BadCommandLine as bad:
        print(say(bad, argv), file=sys.stderr)
        return BAD_INPUT
    except UsageError as error:
        print(f"{argv[0]}: {error}", file=sys.stderr)
        return BAD_INPUT
    except KeyboardInterrupt:
        return INTERRUPTED
    except BrokenPipeError:  # `... | head`: the reader has what it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no error at exit
        return OK


def started() -> float:
    """When this process started, on time.monotonic()'s clock (read from /proc on Linux;
    elsewhere, now)."""
    now = time.monotonic()
    try:
        with open("/proc/self/stat") as f:  # field 22, after the command's name: start ticks
            ticks = int(f.read().rsplit(")", 1)[1].split()[19])
        age = time.clock_gettime(time.CLOCK_BOOTTIME) - ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return now
    return now - min(max(age, 0.0), 5.0)  # never more than the start-up could have taken


def open_app(argv: list[str]) -> int:
    """The app, on FILE if given: an existing file or a link. Any other first word is a
    mistyped command (or a file that is not there), said before the app starts."""
    parser = Parser(prog="puzzle-tui", epilog=f"commands: {', '.join(COMMANDS)} (--help each)")
    parser.add_argument("--version", action=Version)
    parser.add_argument("file", nargs="?", metavar="FILE", help="a puzzle file or link to open")
    first = argv[0] if argv else "-"
    if not first.startswith("-") and not os.path.exists(first) and not sites.is_link(first):
        raise BadCommandLine(parser, f"{first!r} is neither a command nor a file"
                             + (closest(first, list(COMMANDS))
                                or f" (commands: {', '.join(COMMANDS)})"))
    args = parser.parse_args(argv)
    from tui.app import run

    return run(args.file)




