"""`puzzle-tui install`: what the app fetches once, the packages `make run` leaves to the app's
background (cli/packages.py), the built-in ナンクロ dictionaries and the Japanese print font;
each part is tried even when one before it fails, and every failure is said."""

from __future__ import annotations

import sys

from cli.common import BAD_INPUT, OK
from core import export
from core.errors import BadInput


def add_parser(sub) -> None:
    parser = sub.add_parser("install", help="fetch and build, once, the packages make run "
                            "leaves for later (SudachiPy, Dask), the built-in ナンクロ "
                            "dictionaries and the Japanese print font (make run's app does)")
    parser.add_argument("--force", action="store_true",
                        help="fetch and build the dictionaries and the font again")


def run(args) -> int:
    from cli import packages
    from dictionaries.defaults import LANGUAGES, install

    parts = (lambda: packages.install(say=print),
             lambda: install(LANGUAGES, args.force, say=print),
             lambda: print(f"print font: {export.install_font(args.force, say=print)}"))
    failed = sum(not _tried(part) for part in parts)
    if not failed:
        packages.compile_bytecode(say=print)
    return BAD_INPUT if failed else OK


def _tried(part) -> bool:
    """Run one part; its error said on stderr, False."""
    try:
        part()
    except (BadInput, export.FontMissing) as error:  # a dictionary, a download, pip
        print(f"install: {error}", file=sys.stderr)
        return False
    except OSError as error:  # a data folder that cannot be written, a full disk
        where = f"{error.filename}: " if error.filename else ""
        print(f"install: {where}{error.strerror or error}", file=sys.stderr)
        return False
    return True
