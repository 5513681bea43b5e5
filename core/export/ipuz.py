"""ipuz (JSON, spec v2) for every family: this module writes and reads the envelope (version,
origin, kind); each family's ipuz.py writes and reads its own fields (Family.to_ipuz and
from_ipuz). A solution, when known, goes in `solution`."""

from __future__ import annotations

import json

from core.errors import ParseError
from core.files import read_json

VERSION = "http://ipuz.org/v2"


def to_ipuz(family, puzzle, answer=None) -> str:
    data = {"version": VERSION, "origin": "puzzle-workbench", **family.to_ipuz(puzzle, answer)}
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def is_ipuz(text: str) -> bool:
    head = text.lstrip()[:4000]
    return head.startswith("{") and "ipuz.org/v" in head


def from_ipuz(text: str, families):
    """(family, puzzle) of an ipuz text whose kind one of `families` reads; ParseError
    otherwise."""
    data = read_json(text)
    if not isinstance(data, dict) or not isinstance(data.get("kind"), list):
        raise ParseError("not an ipuz puzzle (no `kind` list)", 1, 1)
    kinds = " ".join(map(str, data["kind"]))
    for family in families:
        if family.ipuz_kind and family.ipuz_kind in kinds:
            try:
                return family, family.from_ipuz(data)
            except ParseError:
                raise
            except (AttributeError, KeyError, TypeError, ValueError, IndexError) as error:
                raise ParseError(f"ipuz {kinds}: missing or malformed field ({error})",
                                 1, 1) from None
    raise ParseError(f"ipuz kind {kinds} is not one this workbench reads", 1, 1)
