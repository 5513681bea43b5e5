"""f-puzzles' puzzle JSON, read into a Variant and written from one.

Read strictly: a constraint this workbench does not know (renban, whispers, a line whose
meaning lives in the rules text, ...) is an error naming it, never silently dropped, since a
dropped rule would make the count wrong. Colours, pencil marks, the embedded solution and the
rules text are kept or ignored as they do not change the answer.

Conventions beyond f-puzzles' own: an inequality (不等号) is a `text` item on two neighbouring
cells holding < or > (left to right) or ∧ / ∨ (top to bottom, the narrow end at the smaller
digit); a consecutive bar is a `difference` item with "bar": true; a negative constraint for
X alone or V alone goes in "workbenchNegative".
"""

from __future__ import annotations

import re

from core.variants import model
from core.variants.model import Arrow, Cage, LittleKiller, Mark, Sandwich, Variant

CELL_ID = re.compile(r"^R(\d{1,2})C(\d{1,2})$")
COSMETIC = {"size", "grid", "title", "author", "ruleset", "solution", "highlightConflicts",
            "disabledlogic", "truecandidatesoptions", "fogofwar", "foglight"}
LESS_SIGNS = {"<": (0, 1), ">": (0, -1), "∧": (1, 1), "^": (1, 1), "∨": (1, -1), "v": (1, -1)}


class FPuzzlesError(ValueError):
    """What in the JSON cannot be read, in words."""


def cell_id(cell: int, n: int) -> str:
    return f"R{cell // n + 1}C{cell % n + 1}"


def _rc(text, n: int, outside: bool = False) -> tuple[int, int]:
    match = CELL_ID.match(str(text))
    if match is None:
        raise FPuzzlesError(f"{text!r} is not a cell like R3C5")
    r, c = int(match.group(1)) - 1, int(match.group(2)) - 1
    low, high = (-1, n) if outside else (0, n - 1)
    if not (low <= r <= high and low <= c <= high):
        raise FPuzzlesError(f"{text} is outside the {n}x{n} grid")
    return r, c


def _cell(text, n: int) -> int:
    r, c = _rc(text, n)
    return r * n + c


def _cells(items, n: int) -> tuple[int, ...]:
    if not isinstance(items, list) or not items:
        raise FPuzzlesError("a constraint without cells")
    return tuple(_cell(t, n) for t in items)


def _number(value, what: str) -> int:
    text = str(value).strip()
    if not text.isascii() or not text.isdigit() or len(text) > 4:
        raise FPuzzlesError(f"{what}: {value!r} is not a whole number")
    return int(text)


# --- reading -------------------------------------------------------------------------------

def read(data: dict) -> Variant:
    """The Variant an f-puzzles JSON object describes (FPuzzlesError, or ModelError)."""
    if not isinstance(data, dict) or not isinstance(data.get("grid"), list):
        raise FPuzzlesError("not an f-puzzles puzzle (no grid)")
    n = data.get("size", len(data["grid"]))
    if not isinstance(n, int) or not model.MIN_SIZE <= n <= model.MAX_SIZE:
        raise FPuzzlesError(f"size {n!r}: grids of {model.MIN_SIZE} to {model.MAX_SIZE} are read")
    givens, regions = _grid(data["grid"], n)
    parities = _parities(data["grid"], n)
    unknown = sorted(k for k, v in data.items() if v not in (None, False, [], "")
                     and k not in COSMETIC and k not in READERS)
    if unknown:
        raise FPuzzlesError(f"constraints this workbench does not read: {', '.join(unknown)}")
    parts: dict = {"rules": set(), "negative": set(), "marks": [], "meta": []}
    for key, reader in READERS.items():
        if data.get(key) not in (None, False, [], ""):
            reader(data[key], n, parts)
    for key, cells in parities.items():  # a cell's own "parity" (SudokuSolver's puzzles)
        parts.setdefault(key, []).extend(c for c in cells if c not in parts.get(key, []))
    for key, name in (("title", "title"), ("author", "author"), ("ruleset", "rules")):
        if isinstance(data.get(key), str) and data[key].strip():
            parts["meta"].append((name, data[key].strip()[:2000]))
    return model.make(n, givens, regions, **parts)


def _parities(rows, n: int) -> dict[str, list[int]]:
    """Cells whose grid entry says {"parity": "Even"} or "Odd" (an even/odd cell)."""
    found: dict[str, list[int]] = {}
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            parity = cell.get("parity") if isinstance(cell, dict) else None
            if parity is None:
                continue
            if not isinstance(parity, str) or parity.lower() not in ("even", "odd"):
                raise FPuzzlesError(f"{cell_id(r * n + c, n)}: parity {parity!r} is not "
                                    "Even or Odd")
            found.setdefault(parity.lower(), []).append(r * n + c)
    return found


def _grid(rows, n: int):
    if len(rows) != n or any(not isinstance(row, list) or len(row) != n for row in rows):
        raise FPuzzlesError(f"the grid is not {n} rows of {n} cells")
    givens, regions = [], []
    for row in rows:
        for cell in row:
            cell = cell if isinstance(cell, dict) else {}
            value = cell.get("value")
            given = cell.get("given") and value not in (None, "", 0)
            givens.append(_number(value, "a given") if given else 0)
            region = cell.get("region")
            regions.append(region)
    if any(v > n for v in givens):
        raise FPuzzlesError(f"a given is larger than {n}")
    if all(r is None for r in regions):
        return givens, None
    boxes = model.box_regions(n)
    found = []
    for i, r in enumerate(regions):
        if r is None:
            if boxes is None:
                raise FPuzzlesError(f"{cell_id(i, n)} has no region")
            r = boxes[i]
        if not isinstance(r, int) or not 0 <= r < n:
            raise FPuzzlesError(f"{cell_id(i, n)}: region {r!r} is not 0 to {n - 1}")
        found.append(r)
    return givens, found


def _flag(name: str):
    def read_flag(value, n, parts):
        parts["rules"].add(name)
    return read_flag


def _negative(value, n, parts):
    for kind in value if isinstance(value, list) else []:
        if kind == "ratio":
            parts["negative"].add("black")
        elif kind == "xv":
            parts["negative"] |= {"x", "v"}
        else:
            raise FPuzzlesError(f"negative constraint {kind!r} is not read")


def _own_negative(value, n, parts):
    parts["negative"] |= {k for k in value if k in ("x", "v")}


def _nonconsecutive(value, n, parts):
    parts["negative"].add("white")


def _items(value) -> list[dict]:
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise FPuzzlesError("a constraint list holds something that is not an object")
    return value


def _single_cells(key: str):
    def read_cells(value, n, parts):
        parts.setdefault(key, []).extend(_cell(item.get("cell"), n) for item in _items(value))
    return read_cells


def _extra(value, n, parts):
    parts.setdefault("extra", []).extend(_cells(i.get("cells"), n) for i in _items(value))


def _pair(item, n) -> tuple[int, int]:
    cells = _cells(item.get("cells"), n)
    if len(cells) != 2:
        raise FPuzzlesError("a dot or sign joins two cells")
    return cells


def _difference(value, n, parts):
    for item in _items(value):
        if item.get("value") not in (None, "", "1", 1):
            raise FPuzzlesError(f"a white dot with difference {item['value']} is not read")
        a, b = _pair(item, n)
        parts["marks"].append(Mark("bar" if item.get("bar") else "white", a, b))


def _ratio(value, n, parts):
    for item in _items(value):
        if item.get("value") not in (None, "", "2", 2):
            raise FPuzzlesError(f"a black dot with ratio {item['value']} is not read")
        parts["marks"].append(Mark("black", *_pair(item, n)))


def _xv(value, n, parts):
    for item in _items(value):
        kind = str(item.get("value", "")).lower()
        if kind not in ("x", "v"):
            raise FPuzzlesError(f"an XV mark holds {item.get('value')!r}, not X or V")
        parts["marks"].append(Mark(kind, *_pair(item, n)))


def _text(value, n, parts):
    for item in _items(value):
        sign = str(item.get("value", ""))
        cells = item.get("cells")
        if sign not in LESS_SIGNS or not isinstance(cells, list) or len(cells) != 2:
            raise FPuzzlesError(f"text {sign!r}: only inequality signs (< > ∧ ∨ on two "
                                "neighbouring cells) are read; other text carries rules this "
                                "workbench cannot see")
        a, b = sorted(_pair(item, n))
        vertical, smaller_first = LESS_SIGNS[sign]
        if (b - a == n) != bool(vertical):
            raise FPuzzlesError(f"sign {sign!r} between {cells[0]} and {cells[1]} points "
                                "along the wrong axis")
        parts["marks"].append(Mark("less", a, b) if smaller_first == 1 else Mark("less", b, a))


def _killer(value, n, parts):
    for item in _items(value):
        total = item.get("value")
        total = None if total in (None, "") else _number(total, "a cage sum")
        parts.setdefault("cages", []).append(Cage(_cells(item.get("cells"), n), total))


def _cosmetic_cages(value, n, parts):
    """f-puzzles' plain cages: SudokuPad's metadata (title: ..., no colour) are fine."""
    for item in _items(value):
        text = str(item.get("value", ""))
        if not re.match(r"^[a-z]+: ", text):
            raise FPuzzlesError("a plain cage (not a killer cage) carries rules this "
                                "workbench cannot see")


def _little(value, n, parts):
    for item in _items(value):
        r, c = _rc(item.get("cell"), n, outside=True)
        if r not in (-1, n) and c not in (-1, n):
            raise FPuzzlesError(f"a little killer clue at {item.get('cell')} is inside the grid")
        direction = str(item.get("direction", ""))
        if direction not in model.DIRECTIONS:
            raise FPuzzlesError(f"little killer direction {direction!r}")
        if item.get("value") in (None, ""):
            raise FPuzzlesError("a little killer clue without a sum")
        parts.setdefault("little", []).append(
            LittleKiller(r, c, direction, _number(item["value"], "a little killer sum")))


def _sandwich(value, n, parts):
    for item in _items(value):
        r, c = _rc(item.get("cell"), n, outside=True)
        total = _number(item.get("value"), "a sandwich sum")
        if r in (-1, n) and 0 <= c < n:
            parts.setdefault("sandwiches", []).append(Sandwich("col", c, total))
        elif c in (-1, n) and 0 <= r < n:
            parts.setdefault("sandwiches", []).append(Sandwich("row", r, total))
        else:
            raise FPuzzlesError(f"a sandwich clue at {item.get('cell')} is not beside a line")


def _thermos(value, n, parts):
    for item in _items(value):
        for line in item.get("lines") or []:
            parts.setdefault("thermos", []).append(_cells(line, n))


def _arrows(value, n, parts):
    for item in _items(value):
        bulb = _cells(item.get("cells"), n)
        for line in item.get("lines") or []:
            shaft = tuple(c for c in _cells(line, n) if c not in bulb)
            parts.setdefault("arrows", []).append(Arrow(bulb, shaft))


READERS = {
    "diagonal-": _flag("diagonal"), "diagonal+": _flag("antidiagonal"),
    "antiknight": _flag("antiknight"), "antiking": _flag("antiking"),
    "disjointgroups": _flag("disjoint"), "nonconsecutive": _nonconsecutive,
    "negative": _negative, "workbenchNegative": _own_negative,
    "extraregion": _extra, "odd": _single_cells("odd"), "even": _single_cells("even"),
    "difference": _difference, "ratio": _ratio, "xv": _xv, "text": _text,
    "killercage": _killer, "cage": _cosmetic_cages, "littlekillersum": _little,
    "sandwichsum": _sandwich, "thermometer": _thermos, "arrow": _arrows,
}


# --- writing -------------------------------------------------------------------------------

def write(p: Variant, answer=None) -> dict:
    """The f-puzzles JSON of a puzzle (with its solution when one is given)."""
    n = p.size
    data: dict = {"size": n, "grid": _grid_out(p)}
    data.update({k: v for k, v in (("title", _meta(p, "title")), ("author", _meta(p, "author")),
                                   ("ruleset", _meta(p, "rules"))) if v})
    flags = {"diagonal": "diagonal-", "antidiagonal": "diagonal+", "antiknight": "antiknight",
             "antiking": "antiking", "disjoint": "disjointgroups"}
    data.update({flags[r]: True for r in sorted(p.rules)})
    if "white" in p.negative:
        data["nonconsecutive"] = True
    negative = (["ratio"] if "black" in p.negative else []) + (
        ["xv"] if {"x", "v"} <= p.negative else [])
    if negative:
        data["negative"] = negative
    single = sorted(p.negative & {"x", "v"}) if len(p.negative & {"x", "v"}) == 1 else []
    if single:
        data["workbenchNegative"] = single
    _marks_out(p, data)
    _shapes_out(p, data)
    if answer is not None:
        data["solution"] = list(answer)
    return data


def _meta(p: Variant, key: str) -> str:
    return dict(p.meta).get(key, "")


def _grid_out(p: Variant) -> list:
    n, rows = p.size, []
    for r in range(n):
        row = []
        for c in range(n):
            cell: dict = {}
            v = p.givens[r * n + c]
            if v:
                cell.update(value=v, given=True)
            if p.jigsaw:
                cell["region"] = p.regions[r * n + c]
            row.append(cell)
        rows.append(row)
    return rows


def _marks_out(p: Variant, data: dict) -> None:
    n = p.size
    for m in p.marks:
        ids = [cell_id(m.a, n), cell_id(m.b, n)]
        if m.kind in ("white", "bar"):
            data.setdefault("difference", []).append(
                {"cells": ids, **({"bar": True} if m.kind == "bar" else {})})
        elif m.kind == "black":
            data.setdefault("ratio", []).append({"cells": ids})
        elif m.kind in ("x", "v"):
            data.setdefault("xv", []).append({"cells": ids, "value": m.kind.upper()})
        else:
            first, second = sorted((m.a, m.b))
            vertical = second - first == n
            sign = ("∧" if m.a == first else "∨") if vertical else ("<" if m.a == first else ">")
            data.setdefault("text", []).append(
                {"cells": [cell_id(first, n), cell_id(second, n)], "value": sign,
                 "fontC": "#000000", "size": 0.6})
    if p.even:
        data["even"] = [{"cell": cell_id(c, n)} for c in p.even]
    if p.odd:
        data["odd"] = [{"cell": cell_id(c, n)} for c in p.odd]
    if p.extra:
        data["extraregion"] = [{"cells": [cell_id(c, n) for c in r]} for r in p.extra]


def _shapes_out(p: Variant, data: dict) -> None:
    n = p.size
    if p.cages:
        data["killercage"] = [{"cells": [cell_id(c, n) for c in cage.cells],
                               **({"value": str(cage.total)} if cage.total is not None else {})}
                              for cage in p.cages]
    if p.little:
        data["littlekillersum"] = [
            {"cell": f"R{k.row + 1}C{k.col + 1}", "direction": k.direction,
             "value": str(k.total), "cells": [cell_id(c, n) for c in k.cells]} for k in p.little]
    if p.sandwiches:
        data["sandwichsum"] = [
            {"cell": f"R{s.index + 1}C0" if s.line == "row" else f"R0C{s.index + 1}",
             "value": str(s.total)} for s in p.sandwiches]
    if p.thermos:
        data["thermometer"] = [{"lines": [[cell_id(c, n) for c in t]]} for t in p.thermos]
    if p.arrows:
        data["arrow"] = [{"cells": [cell_id(c, n) for c in a.bulb],
                          "lines": [[cell_id(c, n) for c in (a.bulb[-1],) + a.shaft]]}
                         for a in p.arrows]
