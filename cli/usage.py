"""Command-line mistakes said with a suggestion: a mistyped command, choice or option gets
"did you mean ...?" (difflib's closest match) instead of argparse's bare usage line."""

from __future__ import annotations

import argparse
import re

from core.errors import did_you_mean as closest

CHOICE = re.compile(r"invalid choice: '?([^' ]+)'?")


class BadCommandLine(Exception):
    """What argparse refused, and the (sub)parser that refused it."""

    def __init__(self, parser: argparse.ArgumentParser, message: str):
        super().__init__(message)
        self.parser, self.message = parser, message


class Parser(argparse.ArgumentParser):
    """argparse's parser, raising its errors so that the caller can say them with a
    suggestion (subparsers are made of the same class)."""

    def error(self, message: str):
        raise BadCommandLine(self, message)


def version() -> str:
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("puzzle-workbench")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown (not installed)"


class Version(argparse.Action):
    """--version, looked up only when asked for (the app starts without reading metadata)."""

    def __init__(self, option_strings, dest, **kwargs):
        super().__init__(option_strings, dest, nargs=0, help="print the version and exit")

    def __call__(self, parser, namespace, values, option_string=None):
        from core.native import engine

        print(f"puzzle-tui {version()}\n{engine()}")
        parser.exit()


def say(bad: BadCommandLine, argv: list[str]) -> str:
    """The refusal in a line, with the closest command, choice or option where there is one,
    and where the options are listed."""
    parser = chosen(bad.parser, argv)
    message = missing_command(parser, bad.message, argv) or (
        bad.message + suggestion(parser, bad.message))
    return (f"{parser.prog}: {message}\n"
            f"(`{parser.prog} --help` lists what it takes)")


def missing_command(parser: argparse.ArgumentParser, message: str, argv: list[str]) -> str:
    """'KIND is missing (one of sudoku, ...): puzzle-tui generate KIND [options]; --sze is not
    an option; did you mean --size?' when options came where the (sub)command belongs: argparse
    then says the option's value is no KIND ('invalid choice: 9'), or that KIND is required,
    naming neither the missing kind nor the mistyped option. '' otherwise."""
    commands = next((action for action in parser._actions
                     if isinstance(action, argparse._SubParsersAction)), None)
    options = [word.split("=")[0] for word in argv if word.startswith("-")]
    if commands is None or not options:
        return ""
    wrong = CHOICE.search(message)
    if wrong:  # the refused word is a kind mistyped, unless it is an option's value
        at = argv.index(wrong.group(1)) if wrong.group(1) in argv else 0
        if at == 0 or not argv[at - 1].startswith("-"):
            return ""
    elif "the following arguments are required" not in message:
        return ""
    name = commands.metavar or commands.dest.upper()
    known = sorted({option for command in commands.choices.values()
                    for action in command._actions for option in action.option_strings})
    said = (f"{name} is missing (one of {', '.join(commands.choices)}): "
            f"{parser.prog} {name} [options]")
    if options[0] not in known:
        said += f"; {options[0]} is not an option" + closest(options[0], known)
    return said


def suggestion(parser: argparse.ArgumentParser, message: str) -> str:
    """'; did you mean generate?' for a word the message refuses, or ''."""
    wrong = CHOICE.search(message)
    if wrong:
        return closest(wrong.group(1), [str(c) for action in parser._actions
                                        for c in action.choices or ()])
    if message.startswith("unrecognized arguments: "):
        options = [o for action in parser._actions for o in action.option_strings]
        for word in message.removeprefix("unrecognized arguments: ").split():
            if word.startswith("-"):
                hint = closest(word.split("=")[0], options)
                if hint:
                    return hint
    return ""


def chosen(parser: argparse.ArgumentParser, argv: list[str]) -> argparse.ArgumentParser:
    """The deepest (sub)parser the words name (`generate sudoku ...`: sudoku's), whose options
    a stray option was meant for (argparse reports those from the top parser)."""
    for word in argv:
        commands = next((action.choices for action in parser._actions
                         if isinstance(action, argparse._SubParsersAction)), None)
        if commands is None:
            break
        if word in commands:
            parser = commands[word]
    return parser
