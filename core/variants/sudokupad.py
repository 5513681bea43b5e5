"""SudokuPad's own puzzle JSON ("scl"): a picture of the puzzle (cells, regions, cages, lines,
arrows, overlays and underlays), compacted by SudokuPad's zipper before LZ-string.

SudokuPad draws constraints rather than naming them, so a picture is read back by its shapes:
the ones SudokuPad's f-puzzles import draws (grey thermometers, arrows with round bulbs,
kropki dots and X/V on cell edges, little killer arrows, sums outside the grid) and the ones
`write` draws. Anything else is an error that says what was not understood: a rule this
workbench cannot see must not be dropped silently.
"""

from __future__ import annotations

import json
import math
import re

from core.variants import model
from core.variants.model import Arrow, Cage, LittleKiller, Mark, Sandwich, Variant

PROPS = {"color": "c", "cages": "ca", "center": "ct", "borderColor": "c1",
         "backgroundColor": "c2", "cells": "ce", "cellSize": "cs", "arrows": "a",
         "overlays": "o", "underlays": "u", "width": "w", "height": "h", "value": "v",
         "videos": "vd", "lines": "l", "rounded": "r", "regions": "re", "fontSize": "fs",
         "thickness": "th", "headLength": "hl", "wayPoints": "wp", "title": "t", "text": "te",
         "duration": "d"}
UNPROPS = {v: k for k, v in PROPS.items()}
GREY, ARROW_GREY, DIAGONAL_BLUE = "#CFCFCF", "#a1a1a1", "#34BBE6"
SIGNS = {"<": "<", ">": ">", "∧": "∧", "^": "∧", "∨": "∨", "v": "∨"}
CARRIED = model.CLASSIC_FEATURES  # what write() draws (model.features names)


class SclError(ValueError):
    """What in SudokuPad's JSON cannot be read, in words."""


# --- the zipper --------------------------------------------------------------------------

def _map_props(obj, table):
    if isinstance(obj, list):
        return [_map_props(v, table) for v in obj]
    if isinstance(obj, dict):
        return {table.get(k, k): _map_props(v, table) for k, v in obj.items()}
    return obj


def zip_json(puzzle: dict) -> str:
    """SudokuPad's compaction: short keys, unquoted keys, f/t, colours without #."""
    text = json.dumps(_map_props(puzzle, PROPS), separators=(",", ":"), ensure_ascii=False)
    text = re.sub(r'([,{\[])"([a-zA-Z0-9]+)":', r"\1\2:", text)
    text = re.sub(r"([,{\[]){}(?=[,}\]])", r"\1", text)
    text = re.sub(r"(:)false([,}\]])", r"\1f\2", text)
    text = re.sub(r"(:)true([,}\]])", r"\1t\2", text)
    text = re.sub(r'(:)"#000000"([,}\]])', r"\1#0\2", text)
    text = re.sub(r'(:)"#FFFFFF"([,}\]])', r"\1#F\2", text)
    text = re.sub(r'(:)"#([0-9a-fA-F]{6})"([,}\]])', r"\1\2\3", text)
    return text.replace("'", "\\'").replace('"', "'")


def unzip_json(text: str) -> dict:
    """The puzzle object of a zipped text (SclError when it is not JSON underneath)."""
    if '"' not in text:
        text = text.replace("\\'", "’").replace("'", '"').replace("’", "'")
    text = re.sub(r"([,{\[])([a-zA-Z0-9]+):", r'\1"\2":', text)
    text = re.sub(r"([,{\[])(?=[,}\]])", r"\1_", text)
    text = text.replace("{_}", "{}")
    text = re.sub(r"([,{\[])_", r"\1{}", text)
    text = re.sub(r"(:)f([,}\]])", r"\1false\2", text)
    text = re.sub(r"(:)t([,}\]])", r"\1true\2", text)
    text = re.sub(r"(:)#0([,}\]])", r'\1"#000000"\2', text)
    text = re.sub(r"(:)#F([,}\]])", r'\1"#FFFFFF"\2', text)
    text = re.sub(r"(:)([0-9a-fA-F]{6})([,}\]])", r'\1"#\2"\3', text)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise SclError(f"the puzzle data is not readable JSON ({error})") from None
    if not isinstance(data, dict):
        raise SclError("the puzzle data is not an object")
    return _map_props(data, UNPROPS)


# --- reading the picture ------------------------------------------------------------------

def _near(x, y, eps: float = 0.06) -> bool:
    return isinstance(x, int | float) and abs(x - y) < eps


def _point(value) -> tuple[float, float]:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int | float) and math.isfinite(v) for v in value)):
        raise SclError(f"{value!r} is not a point [row, column]")
    return float(value[0]), float(value[1])


def _edge(center, n: int) -> tuple[int, int] | None:
    """The two neighbouring cells whose shared edge `center` sits on, or None."""
    r, c = center
    if _near(r % 1, 0.5) and _near(c, round(c)) and 0 < round(c) < n and 0 <= r < n:
        row, col = int(r), round(c)
        return row * n + col - 1, row * n + col
    if _near(c % 1, 0.5) and _near(r, round(r)) and 0 < round(r) < n and 0 <= c < n:
        row, col = round(r), int(c)
        return (row - 1) * n + col, row * n + col
    return None


def _cell_at(point, n: int) -> int:
    r, c = int(math.floor(point[0])), int(math.floor(point[1]))
    if not (0 <= r < n and 0 <= c < n):
        raise SclError(f"a shape reaches outside the grid at row {r + 1}, column {c + 1}")
    return r * n + c


def _colour(item: dict, key: str) -> str:
    return str(item.get(key, "")).upper()


def read(data: dict) -> Variant:
    cells = data.get("cells")
    if not isinstance(cells, list) or not cells:
        raise SclError("not a SudokuPad puzzle (no cells)")
    n = len(cells)
    if not model.MIN_SIZE <= n <= model.MAX_SIZE or any(
            not isinstance(row, list) or len(row) != n for row in cells):
        raise SclError(f"the grid is not square, or not {model.MIN_SIZE} to {model.MAX_SIZE} wide")
    parts: dict = {"rules": set(), "negative": set(), "marks": [], "meta": []}
    problems: list[str] = []
    givens = [_given(cell, n) for row in cells for cell in row]
    regions = _regions(data.get("regions"), n)
    _metadata(data.get("metaData"), parts)
    _cages(_list(data, "cages"), n, parts, problems)
    pills = _lines(_list(data, "lines"), n, parts, problems)
    clues = _overlays(_list(data, "overlays"), n, parts, problems)
    _underlays(_list(data, "underlays"), n, parts, problems)
    _arrows(_list(data, "arrows"), n, pills, clues, parts, problems)
    for (r, c), total in clues.items():  # sums outside the grid with no arrow: sandwiches
        if r in (-1, n) and 0 <= c < n:
            parts.setdefault("sandwiches", []).append(Sandwich("col", c, total))
        elif c in (-1, n) and 0 <= r < n:
            parts.setdefault("sandwiches", []).append(Sandwich("row", r, total))
        else:
            problems.append(f"a number {total} outside the grid at row {r + 1}, col {c + 1}")
    if problems:
        raise SclError("the puzzle draws what this workbench does not read: "
                       + "; ".join(problems[:4]) + (f" (and {len(problems) - 4} more)"
                                                    if len(problems) > 4 else ""))
    return model.make(n, givens, regions, **parts)


def _list(data: dict, key: str) -> list[dict]:
    items = data.get(key) or []
    if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
        raise SclError(f"`{key}` is not a list of objects")
    return items


def _given(cell, n: int) -> int:
    value = cell.get("value") if isinstance(cell, dict) else None
    if value in (None, ""):
        return 0
    text = str(value)
    if not text.isascii() or not text.isdigit() or not 1 <= int(text) <= n:
        raise SclError(f"a given {value!r} is not 1 to {n}")
    return int(text)


def _regions(regions, n: int):
    if not regions:
        return None
    if not isinstance(regions, list) or len(regions) != n:
        raise SclError(f"{len(regions) if isinstance(regions, list) else 'no'} regions; "
                       f"a {n}x{n} grid has {n}")
    found = [None] * (n * n)
    for index, region in enumerate(regions):
        for point in region if isinstance(region, list) else []:
            r, c = _point(point)
            cell = int(r) * n + int(c)
            if not (0 <= r < n and 0 <= c < n) or found[cell] is not None:
                raise SclError(f"region {index + 1} names a cell twice or outside the grid")
            found[cell] = index
    if None in found:
        raise SclError("the regions leave a cell out")
    return found


def _metadata(meta, parts) -> None:
    if not isinstance(meta, dict):
        return
    flags = {"antiknight": "antiknight", "antiking": "antiking", "disjointgroups": "disjoint"}
    parts["rules"] |= {rule for key, rule in flags.items() if meta.get(key) in (True, "true")}
    if meta.get("nonconsecutive") in (True, "true"):
        parts["negative"].add("white")
    for kind in meta.get("negative") or []:
        if kind in model.NEGATIVE_KINDS:
            parts["negative"].add(kind)


def _cages(cages, n: int, parts, problems) -> None:
    for cage in cages:
        value = cage.get("value")
        text = str(value) if value is not None else ""
        meta = re.match(r"^([a-zA-Z]+):\s*(.*)$", text, re.S)
        if not cage.get("cells"):
            if meta and meta.group(1).lower() in ("title", "author", "rules"):
                parts["meta"].append((meta.group(1).lower(), meta.group(2).strip()[:2000]))
            elif meta and meta.group(1).lower() in ("antiknight", "antiking"):
                parts["rules"].add(meta.group(1).lower())
            continue
        cells = tuple(_cell_at((r + 0.5, c + 0.5), n) for r, c in
                      (_point(p) for p in cage["cells"]))
        if cage.get("hidden"):
            problems.append("cells with no region")
        elif cage.get("unique") or text.isdigit() or "sum" in cage:
            total = cage.get("sum", value)
            total = int(total) if str(total).isdigit() else None
            parts.setdefault("cages", []).append(Cage(cells, total))
        elif value in (None, ""):
            parts.setdefault("extra", []).append(cells)
        else:
            problems.append(f"a cage marked {text[:20]!r}")


def _lines(lines, n: int, parts, problems) -> list[tuple[int, ...]]:
    """Diagonals, thermometers and pill bulbs; the pills' cells for the arrows."""
    pills = []
    for line in lines:
        points = [_point(p) for p in line.get("wayPoints") or []]
        colour = _colour(line, "color")
        if len(points) == 2 and colour == DIAGONAL_BLUE.upper() and {points[0], points[1]} in (
                {(0, 0), (n, n)}, {(0, n), (n, 0)}):
            parts["rules"].add("diagonal" if (0, 0) in points else "antidiagonal")
        elif colour == GREY.upper() and len(points) >= 2:
            parts.setdefault("thermos", []).append(tuple(_cell_at(p, n) for p in points))
        elif colour == ARROW_GREY.upper() and len(points) >= 2:
            pills.append(tuple(_cell_at(p, n) for p in points))
        elif colour == "#FFFFFF":
            continue  # the inside of a pill
        else:
            problems.append(f"a line ({colour or 'no colour'})")
    return pills


def _overlays(overlays, n: int, parts, problems) -> dict[tuple[int, int], int]:
    """Dots, X/V and signs on edges; the numbers outside the grid (clues for later)."""
    clues = {}
    for item in overlays:
        center = _point(item.get("center"))
        text = str(item.get("text", "") or "").strip()
        edge = _edge(center, n)
        outside = not (0 <= center[0] < n and 0 <= center[1] < n)
        if edge and text.upper() in ("X", "V"):
            parts["marks"].append(Mark(text.lower(), *edge))
        elif edge and text in SIGNS:
            a, b = edge
            smaller_first = SIGNS[text] in ("<", "∧")
            parts["marks"].append(Mark("less", a, b) if smaller_first else Mark("less", b, a))
        elif edge and item.get("rounded") and _near(item.get("width"), 0.3, 0.1) and not text:
            black = _colour(item, "backgroundColor") in ("#000000", "#000")
            parts["marks"].append(Mark("black" if black else "white", *edge))
        elif edge and not text and not item.get("rounded") and min(
                item.get("width") or 1, item.get("height") or 1) < 0.2:
            parts["marks"].append(Mark("bar", *edge))
        elif outside and text.isdigit():
            clues[(math.floor(center[0]), math.floor(center[1]))] = int(text)
        elif item.get("rounded") and not text and _colour(item, "borderColor") == \
                ARROW_GREY.upper():
            continue  # an arrow's bulb: the arrow says which cells
        else:
            problems.append(f"a mark {text[:10]!r} at ({center[0]:.1f}, {center[1]:.1f})")
    return clues


def _underlays(underlays, n: int, parts, problems) -> None:
    for item in underlays:
        center = _point(item.get("center"))
        w, h = item.get("width"), item.get("height")
        if _near(w, 1) and _near(h, 1):
            continue  # a coloured cell
        if _near(w, 0.85) and item.get("rounded"):
            continue  # a thermometer's bulb: the line says which cells
        if _near(w, 0.7) and _near(h, 0.7):
            key = "odd" if item.get("rounded") else "even"
            parts.setdefault(key, []).append(_cell_at(center, n))
        else:
            problems.append(f"a shaded shape at ({center[0]:.1f}, {center[1]:.1f})")


def _arrows(arrows, n, pills, clues, parts, problems) -> None:
    for arrow in arrows:
        points = [_point(p) for p in arrow.get("wayPoints") or []]
        colour = _colour(arrow, "color")
        if len(points) < 2:
            problems.append("an arrow without a shaft")
            continue
        start = (math.floor(points[0][0]), math.floor(points[0][1]))
        if start in clues:  # a little killer's pointer beside its sum
            dr, dc = points[1][0] - points[0][0], points[1][1] - points[0][1]
            direction = ("D" if dr > 0 else "U") + ("R" if dc > 0 else "L")
            parts.setdefault("little", []).append(
                LittleKiller(start[0], start[1], direction, clues.pop(start)))
            continue
        if colour not in (ARROW_GREY.upper(), ""):
            problems.append(f"an arrow ({colour})")
            continue
        cells = [_cell_at(p, n) for p in points]
        bulb = next((pill for pill in pills if cells[0] in pill), (cells[0],))
        shaft = tuple(c for c in dict.fromkeys(cells) if c not in bulb)
        parts.setdefault("arrows", []).append(Arrow(bulb, shaft))


# --- drawing the picture -------------------------------------------------------------------

def write(p: Variant) -> dict:
    """SudokuPad's JSON of a puzzle, drawn the way its f-puzzles import draws."""
    model.refuse_unless(p, CARRIED, "a SudokuPad scl link")
    n = p.size
    data: dict = {"id": "puzzle-workbench", "cellSize": 50,
                  "cells": [[{"value": p.givens[r * n + c]} if p.givens[r * n + c] else {}
                             for c in range(n)] for r in range(n)],
                  "regions": [[[i // n, i % n] for i in range(n * n) if p.regions[i] == k]
                              for k in range(n)]}
    data["cages"] = [{"value": f"{key}: {value}"} for key, value in p.meta]
    data["cages"] += [{"cells": [[c // n, c % n] for c in cage.cells], "unique": True,
                       **({"value": str(cage.total), "sum": cage.total}
                          if cage.total is not None else {})} for cage in p.cages]
    data["cages"] += [{"cells": [[c // n, c % n] for c in region]} for region in p.extra]
    data["metaData"] = _meta_out(p)
    data["lines"], data["overlays"], data["underlays"], data["arrows"] = [], [], [], []
    _draw_marks(p, data)
    _draw_shapes(p, data)
    return {k: v for k, v in data.items() if v not in ([], {})}


def _meta_out(p: Variant) -> dict:
    meta = {rule: True for rule in ("antiknight", "antiking") if rule in p.rules}
    if "disjoint" in p.rules:
        meta["disjointgroups"] = True
    if p.negative:
        meta["negative"] = sorted(p.negative)
    return meta


def _centre(cell: int, n: int) -> list[float]:
    return [cell // n + 0.5, cell % n + 0.5]


def _between(a: int, b: int, n: int) -> list[float]:
    ca, cb = _centre(a, n), _centre(b, n)
    return [(ca[0] + cb[0]) / 2, (ca[1] + cb[1]) / 2]


def _draw_marks(p: Variant, data: dict) -> None:
    n = p.size
    for rule, points in (("diagonal", [[0, 0], [n, n]]), ("antidiagonal", [[0, n], [n, 0]])):
        if rule in p.rules:
            data["lines"].append({"color": DIAGONAL_BLUE, "thickness": 2, "wayPoints": points})
    for m in p.marks:
        centre = _between(m.a, m.b, n)
        if m.kind == "bar":  # a short black bar across the edge
            across = abs(m.a - m.b) == 1
            data["overlays"].append({"backgroundColor": "#000000", "center": centre,
                                     "rounded": False, "width": 0.1 if across else 0.4,
                                     "height": 0.4 if across else 0.1, "text": ""})
        elif m.kind in ("white", "black"):
            fill = "#000000" if m.kind == "black" else "#FFFFFF"
            data["overlays"].append({"borderColor": "#000000", "backgroundColor": fill,
                                     "center": centre, "rounded": True, "width": 0.3,
                                     "height": 0.3, "text": ""})
        else:
            text = m.kind.upper()
            if m.kind == "less":
                first = min(m.a, m.b)
                vertical = abs(m.a - m.b) == n
                text = ("∧" if m.a == first else "∨") if vertical else (
                    "<" if m.a == first else ">")
            data["overlays"].append({"backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF",
                                     "center": centre, "fontSize": 21, "rounded": False,
                                     "width": 0.25, "height": 0.25, "text": text})
    for key, rounded in (("odd", True), ("even", False)):
        for c in getattr(p, key):
            data["underlays"].append({"borderColor": GREY, "backgroundColor": GREY,
                                      "center": _centre(c, n), "rounded": rounded,
                                      "width": 0.7, "height": 0.7})


def _draw_shapes(p: Variant, data: dict) -> None:
    n = p.size
    for thermo in p.thermos:
        data["underlays"].append({"borderColor": GREY, "backgroundColor": GREY,
                                  "center": _centre(thermo[0], n), "rounded": True,
                                  "width": 0.85, "height": 0.85})
        data["lines"].append({"color": GREY, "thickness": 21,
                              "wayPoints": [_centre(c, n) for c in thermo]})
    for arrow in p.arrows:
        _draw_arrow(arrow, n, data)
    for clue in p.little:
        dr, dc = model.DIRECTIONS[clue.direction]
        r, c = clue.row + 0.5, clue.col + 0.5
        data["arrows"].append({"color": "#000000", "thickness": 2, "wayPoints": [
            [r + 0.3 * dr, c + 0.3 * dc], [r + 0.48 * dr, c + 0.48 * dc]]})
        data["overlays"].append({"backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF",
                                 "center": [r, c], "fontSize": 28, "width": 0.25,
                                 "height": 0.25, "rounded": False, "text": str(clue.total)})
    for s in p.sandwiches:
        centre = [-0.5, s.index + 0.5] if s.line == "col" else [s.index + 0.5, -0.5]
        data["overlays"].append({"backgroundColor": "#FFFFFF", "borderColor": "#FFFFFF",
                                 "center": centre, "fontSize": 32, "rounded": False,
                                 "width": 0.25, "height": 0.25, "text": str(s.total)})


def _draw_arrow(arrow: Arrow, n: int, data: dict) -> None:
    start = _centre(arrow.bulb[-1], n)
    points = [start] + [_centre(c, n) for c in arrow.shaft]
    dr, dc = points[1][0] - start[0], points[1][1] - start[1]
    dist = math.hypot(dr, dc) or 1.0
    points[0] = [start[0] + round(3 * math.copysign(1, dr) / dist) / 10 if dr else start[0],
                 start[1] + round(3 * math.copysign(1, dc) / dist) / 10 if dc else start[1]]
    data["arrows"].append({"color": ARROW_GREY, "headLength": 0.3, "thickness": 5,
                           "wayPoints": points})
    if len(arrow.bulb) == 1:
        data["overlays"].append({"borderColor": ARROW_GREY, "backgroundColor": "#ffffff",
                                 "center": _centre(arrow.bulb[0], n), "fontSize": 16,
                                 "thickness": 5, "rounded": True, "text": "", "width": 0.75,
                                 "height": 0.75})
    else:
        centres = [_centre(c, n) for c in arrow.bulb]
        data["lines"].append({"color": ARROW_GREY, "thickness": 35, "opacity": 0.7,
                              "wayPoints": centres})
        data["lines"].append({"color": "#ffffff", "thickness": 25, "opacity": 0.8,
                              "wayPoints": centres})
