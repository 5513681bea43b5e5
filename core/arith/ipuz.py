"""Masked arithmetic in ipuz: a kind of our own holding the calculation's vertical text (and
the solution's, when known), one line a list item."""

from __future__ import annotations

from core.arith.formats import format as format_text
from core.arith.formats import parse
from core.arith.model import Puzzle, filled

KIND = "http://puzzle-workbench.invalid/arith#1"


def to_ipuz(puzzle: Puzzle, answer=None) -> dict:
    data = {"kind": [KIND], "puzzle": format_text(puzzle).rstrip("\n").split("\n")}
    if answer is not None:
        data["solution"] = format_text(filled(puzzle, answer)).rstrip("\n").split("\n")
    return data


def from_ipuz(data: dict) -> Puzzle:
    lines = data["puzzle"]
    if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines):
        raise ValueError("`puzzle` is a list of lines of text")
    return parse("\n".join(lines) + "\n")
