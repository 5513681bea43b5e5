"""`puzzle-tui`: the app, or a headless command (check, solve, rate, generate, export, dict,
install). One module a command, each with `add_parser(subparsers)` and `run(args) -> int`;
the command line reaches the puzzle families only through core's registry (core/kinds.py).

argparse (standard library) is enough for a handful of subcommands and costs no dependency.
Exit codes: 0 unique or done, 1 not unique / no solution / nothing generated, 2 bad input.
"""

from __future__ import annotations

import argparse
import os
import sys

from cli import bank, check, dictionary, export, generate, install, rate, solve
from cli.common import BAD_INPUT, OK, UsageError

COMMANDS = {"check": check, "solve": solve, "rate": rate, "generate": generate,
            "export": export, "dict": dictionary, "install": install, "bank": bank}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="puzzle-tui", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for module in COMMANDS.values():
        module.add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        if argv and argv[0] in COMMANDS:
            args = build_parser().parse_args(argv)
            return COMMANDS[args.command].run(args)
        return open_app(argv)
    except UsageError as error:
        print(f"{argv[0]}: {error}", file=sys.stderr)
        return BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `... | head`: the reader has what it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no error at exit
        return OK


def open_app(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="puzzle-tui",
                                     epilog=f"commands: {', '.join(COMMANDS)} (--help each)")
    parser.add_argument("file", nargs="?", metavar="FILE", help="a puzzle to open")
    args = parser.parse_args(argv)
    from tui.app import run

    return run(args.file)


