"""SudokuPad's zipper: its puzzle JSON with short keys, unquoted keys, f/t and colours
without #, before LZ-string."""

from __future__ import annotations

import json
import re

from core.errors import ParseError
from core.files import read_json

PROPS = {"color": "c", "cages": "ca", "center": "ct", "borderColor": "c1",
         "backgroundColor": "c2", "cells": "ce", "cellSize": "cs", "arrows": "a",
         "overlays": "o", "underlays": "u", "width": "w", "height": "h", "value": "v",
         "videos": "vd", "lines": "l", "rounded": "r", "regions": "re", "fontSize": "fs",
         "thickness": "th", "headLength": "hl", "wayPoints": "wp", "title": "t", "text": "te",
         "duration": "d", "d": "d2"}
UNPROPS = {v: k for k, v in PROPS.items()}


class SclError(ValueError):
    """What in SudokuPad's JSON cannot be read, in words."""


# --- the zipper --------------------------------------------------------------------------

def _map_props(obj, table):
    if isinstance(obj, list):
        return [_map_props(v, table) for v in obj]
    if isinstance(obj, dict):
        return {table.get(k, k): _map_props(v, table) for k, v in obj.items()}
    return obj


# Values the zipper writes short, each way round: (the JSON value, the zipped one).
VALUES = (("false", "f"), ("true", "t"), ('"#000000"', "#0"), ('"#FFFFFF"', "#F"))


def _values(text: str, pairs) -> str:
    """`text` with each value `was` of `pairs` (was, now) that follows a key's colon written
    as `now`, pair by pair."""
    for was, now in pairs:
        text = re.sub(rf"(:){re.escape(was)}([,}}\]])", lambda m, now=now: m[1] + now + m[2],
                      text)
    return text


def zip_json(puzzle: dict) -> str:
    """SudokuPad's compaction: short keys, unquoted keys, f/t, colours without #."""
    text = json.dumps(_map_props(puzzle, PROPS), separators=(",", ":"), ensure_ascii=False)
    text = re.sub(r'([,{\[])"([a-zA-Z0-9]+)":', r"\1\2:", text)
    text = re.sub(r"([,{\[]){}(?=[,}\]])", r"\1", text)
    text = _values(text, VALUES)
    text = re.sub(r'(:)"#([0-9a-fA-F]{6})"([,}\]])', r"\1\2\3", text)
    return text.replace("'", "\\'").replace('"', "'")


STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def unzip_json(text: str) -> dict:
    """The puzzle object of a zipped text (SclError when it is not JSON underneath). Quoted
    text is set aside while the zipper's marks are undone, as SudokuPad does, so a rule's
    words are never taken for keys."""
    if '"' not in text:
        text = text.replace("\\'", "’").replace("'", '"').replace("’", "'")
    strings = STRING.findall(text)
    text = STRING.sub('"\x00"', text)
    text = re.sub(r"([,{\[])([a-zA-Z0-9]+):", r'\1"\2":', text)
    text = re.sub(r"([,{\[])(?=[,}\]])", r"\1_", text)
    text = text.replace("{_}", "{}")
    text = re.sub(r"([,{\[])_", r"\1{}", text)
    text = _values(text, [(short, value) for value, short in VALUES])
    text = re.sub(r"(:)([0-9a-fA-F]{6})([,}\]])", r'\1"#\2"\3', text)
    pieces = text.split('"\x00"')
    if len(pieces) != len(strings) + 1:
        raise SclError("the puzzle data is not readable JSON (its quotes do not pair up)")
    text = "".join(p + (strings[i] if i < len(strings) else "") for i, p in enumerate(pieces))
    try:
        data = read_json(text)
    except ParseError as error:
        raise SclError(f"the puzzle data is not readable JSON ({error})") from None
    if not isinstance(data, dict):
        raise SclError("the puzzle data is not an object")
    return _map_props(data, UNPROPS)
