"""`puzzle-tui install`: what the app fetches once, the built-in ナンクロ dictionaries and the
Japanese print font."""

from __future__ import annotations

import sys

from cli.common import BAD_INPUT, OK
from core import export
from core.errors import BadInput


def add_parser(sub) -> None:
    parser = sub.add_parser("install", help="fetch and build, once, the built-in ナンクロ "
                            "dictionaries and the Japanese print font (make run does)")
    parser.add_argument("--force", action="store_true", help="fetch and build them again")


def run(args) -> int:
    from dictionaries.defaults import LANGUAGES, install

    try:
        install(LANGUAGES, args.force, say=print)
        print(f"print font: {export.install_font(args.force, say=print)}")
    except (BadInput, export.FontMissing) as error:  # a dictionary, a download
        print(f"install: {error}", file=sys.stderr)
        return BAD_INPUT
    except OSError as error:  # a data folder that cannot be written, a full disk
        where = f"{error.filename}: " if error.filename else ""
        print(f"install: {where}{error.strerror or error}", file=sys.stderr)
        return BAD_INPUT
    return OK
