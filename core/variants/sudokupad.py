"""SudokuPad's own puzzle JSON ("scl"): a picture of the puzzle (cells, regions, cages, lines,
arrows, overlays and underlays), compacted by SudokuPad's zipper before LZ-string.

SudokuPad draws constraints rather than naming them, so a picture is read back by its
shapes. The shapes are SudokuPad's own: what its f-puzzles import (sudokupad.app's
fpuzzlesdecoder) draws from f-puzzles JSON, including the copies f-puzzles' constraint
add-on exports of the constraints SudokuPad has no drawing for (coloured lines for renban,
whispers, entropic, modular, region-sum, zipper, Nabner lines, double arrows and slow
thermometers; a cage for each kind of indexer; a symbol and a number outside the grid for
X-sums and skyscrapers). `write` draws each constraint so and `read` reads those drawings;
anything else is an error that says what was not understood, since a rule this workbench
cannot see must not be dropped.

Clones: SudokuPad shades every clone cell the same grey and does not draw which cell copies
which, so `write` also names the pairs in `metadata.clones` (cells and cloneCells, as f-puzzles
does, each cell a [row, column] from 0), which SudokuPad leaves alone; grey cells that no such
list explains are refused on reading. Not carried: whispers of another difference than
German's or Dutch (their colour is their difference). The setter's given candidates travel
as a cell's given centre marks (`centremarks`); given corner marks (`pencilMarks`) are
refused, since in corner notation a digit says where in a region it goes, not what the cell
holds. A negative X or V alone goes in `global` as "antix" / "antiv" (SudokuPad's own
words cover both together, "antixv").
"""

from __future__ import annotations

import json
import math
import re

from core.errors import ParseError
from core.files import read_json
from core.variants import fpuzzles, model
from core.variants.jsoncheck import Checks
from core.variants.kinds import LINES
from core.variants.model import (
    Arrow,
    Cage,
    Line,
    LittleKiller,
    Mark,
    Outside,
    Quad,
    Sandwich,
    Variant,
)

PROPS = {"color": "c", "cages": "ca", "center": "ct", "borderColor": "c1",
         "backgroundColor": "c2", "cells": "ce", "cellSize": "cs", "arrows": "a",
         "overlays": "o", "underlays": "u", "width": "w", "height": "h", "value": "v",
         "videos": "vd", "lines": "l", "rounded": "r", "regions": "re", "fontSize": "fs",
         "thickness": "th", "headLength": "hl", "wayPoints": "wp", "title": "t", "text": "te",
         "duration": "d", "d": "d2"}
UNPROPS = {v: k for k, v in PROPS.items()}
GREY, ARROW_GREY, DIAGONAL_BLUE = "#CFCFCF", "#A1A1A1", "#34BBE6"
WHITE, BLACK, MINMAX_GREY = "#FFFFFF", "#000000", "#CCCCCC"
SIGNS = {"<": "<", ">": ">", "∧": "∧", "^": "∧", "∨": "∨", "v": "∨"}
# The lines the add-on exports (fpuzzles.ADDON_LINES): their colour, and SudokuPad's
# thickness (32 x the add-on's width). A whisper's colour says its difference: German
# (n+1)//2, Dutch one less (its record's `values`).
LINE_STYLES = {style: (addon.colour.upper(), round(32 * addon.width, 2))
               for style, addon in fpuzzles.ADDON_LINES.items()}
STYLE_OF_COLOUR = {colour: style for style, (colour, _) in LINE_STYLES.items()}
# SudokuPad's grey lines, told apart by thickness (a thermometer also by its bulb): its own
# drawings of f-puzzles' thermometers and of the line kinds whose record gives a grey.
GREY_LINES = {"thermo": 21, **{name: kind.grey for name, kind in LINES.items() if kind.grey}}
# Each style's kind of line (the add-on's styles and SudokuPad's grey lines).
KIND_OF_STYLE = {**{style: name for name, kind in LINES.items() for style in kind.addon},
                 **{name: name for name, kind in LINES.items() if kind.grey}}
# The kinds SudokuPad draws grey with a white circle, grey-rimmed, on each end (between).
GREY_RINGED = tuple(name for name, kind in LINES.items() if kind.grey and kind.ends == "both")
# The filled circles the add-on puts on line ends: both ends of a double arrow, a slow
# thermometer's bulb.
END_CIRCLES = fpuzzles.ADDON_CIRCLES
OUTSIDE_SYMBOLS = {kind: symbol for kind, (_, symbol) in fpuzzles.ADDON_SYMBOLS.items()}
SYMBOL_KINDS = {v: k for k, v in OUTSIDE_SYMBOLS.items()}
# The add-on's one cage for each kind of indexer; SudokuPad styles it by the add-on's name.
INDEXER_CAGES = {kind: ("fp" + name.replace(" ", ""), colour, name)
                 for kind, (name, colour) in fpuzzles.ADDON_INDEXERS.items()}
INDEXER_OF_STYLE = {style: kind for kind, (style, _, _) in INDEXER_CAGES.items()}
# SudokuPad's `global` rules (and ours for a negative X or V alone).
GLOBAL = {"antiknight": ("rules", {"antiknight"}), "antiking": ("rules", {"antiking"}),
          "disjoint": ("rules", {"disjoint"}), "nonconsecutive": ("negative", {"white"}),
          "antiratio": ("negative", {"black"}), "antixv": ("negative", {"x", "v"}),
          "antix": ("negative", {"x"}), "antiv": ("negative", {"v"})}
# What may sit in the JSON and carries no rule.
COSMETIC = {"id", "cellSize", "settings"}
META_COSMETIC = {"title", "author", "rules", "solution", "msgcorrect"}
META_CAGES = {"title", "author", "rules"}  # read into the puzzle's words
CELL_KEYS = {"value", "given", "centremarks", "pencilMarks"}
# The properties of each list's items: those read, and those that only style a drawing
# (SudokuPad's SVG attributes). Any other is refused by name: it may carry a rule.
STYLING = {"target", "opacity", "class", "fill", "stroke-width", "stroke-linecap",
           "stroke-linejoin", "stroke-dasharray", "textColor", "fontWeight", "textStroke",
           "borderSize", "dashArray", "stroke", *fpuzzles.ITEM_COSMETIC}
SHAPE_KEYS = {"center", "width", "height", "text", "fontSize", "backgroundColor",
              "borderColor", "rounded", "angle", "color"}
ITEM_KEYS = {"lines": {"wayPoints", "color", "thickness", "d"},
             "arrows": {"wayPoints", "color", "thickness", "headLength"},
             "overlays": SHAPE_KEYS, "underlays": SHAPE_KEYS,
             "cages": {"cells", "value", "style", "type", "hidden", "unique", "sum",
                       "outlineC", "fontC", "borderColor"}}
CHEVRON = {"minima": (0.44, 0.39), "maxima": (0.39, 0.44)}  # ends, tip: pointing in, out
STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))
# What write() draws (model.features names): everything.
CARRIED = (model.CLASSIC_FEATURES | set(LINES)
           | {f"{kind} {k}" for kind in ("white", "black") for k in range(2, model.MAX_SIZE)}
           | {"candidates", "quads", "minima", "maxima", "indexers", "outside", "clones"})


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
    text = re.sub(r"(:)f([,}\]])", r"\1false\2", text)
    text = re.sub(r"(:)t([,}\]])", r"\1true\2", text)
    text = re.sub(r"(:)#0([,}\]])", r'\1"#000000"\2', text)
    text = re.sub(r"(:)#F([,}\]])", r'\1"#FFFFFF"\2', text)
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


# --- checked access: every value has its expected type, or the error names its place --------

CHECKS = Checks(SclError)
_type_error, _list, _listed = CHECKS.type_error, CHECKS.list, CHECKS.listed


def _items(data: dict, key: str) -> list[tuple[str, dict]]:
    """The objects of a list of shapes, each with its place (`lines[2]`); none when absent."""
    found = []
    for i, item in enumerate(_listed(data, key, key)):
        if not isinstance(item, dict):
            raise _type_error(f"{key}[{i}]", "an object", item)
        unknown = sorted(k for k in item if k not in ITEM_KEYS.get(key, ()) and k not in STYLING)
        if unknown:
            raise SclError(f"{key}[{i}] has {', '.join(map(repr, unknown))}, which this "
                           "workbench does not read (it may carry a rule)")
        found.append((f"{key}[{i}]", item))
    return found


MAX_NUMBER = 1e6  # far beyond any picture's coordinates and sizes


def _real(value) -> bool:
    """A number a picture can hold: not NaN, not infinite, and not so large an integer that
    it has no float (10**400)."""
    return (isinstance(value, int | float) and not isinstance(value, bool)
            and abs(value) <= MAX_NUMBER)


def _number(item: dict, key: str, where: str, default: float = 0.0) -> float:
    value = item.get(key, default)
    if not _real(value):
        raise _type_error(f"{where}.{key}", "a number", value)
    return float(value)


def _text(item: dict, key: str, where: str) -> str:
    value = item.get(key)
    if value is None:
        return ""
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise _type_error(f"{where}.{key}", "text", value)
    return str(value).strip()


def _colour(item: dict, key: str, where: str) -> str:
    """A colour in capitals with its #, as the zipper may have left it without."""
    value = item.get(key)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise _type_error(f"{where}.{key}", "a colour", value)
    value = value.upper()
    return "#" + value if re.fullmatch(r"[0-9A-F]{6}", value) else value


def _point(value, where: str) -> tuple[float, float]:
    if not isinstance(value, list) or len(value) != 2 or not all(map(_real, value)):
        raise _type_error(where, "a point [row, column]", value)
    return float(value[0]), float(value[1])


def _points(item: dict, key: str, where: str) -> list[tuple[float, float]]:
    return [_point(p, f"{where}.{key}[{i}]")
            for i, p in enumerate(_listed(item, key, f"{where}.{key}"))]


def _numeral(text: str) -> bool:
    """A number as a picture writes one: digits 0-9, at most four (no clue is longer; int()
    refuses thousands of digits)."""
    return text.isascii() and text.isdigit() and len(text) <= 4


def _digits(value, n: int, where: str) -> list[int]:
    """Digits as SudokuPad lists them (numbers, or text after the zipper)."""
    found = []
    for i, d in enumerate(_list(value, where)):
        text = str(d) if isinstance(d, int | str) and not isinstance(d, bool) else ""
        if not _numeral(text) or not 1 <= int(text) <= n:
            raise _type_error(f"{where}[{i}]", f"a digit 1 to {n}", d)
        found.append(int(text))
    return found


# --- geometry -------------------------------------------------------------------------------

def _near(x, y, eps: float = 0.06) -> bool:
    return isinstance(x, int | float) and abs(x - y) < eps


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


def _corner(center, n: int) -> tuple[int, int, int, int] | None:
    """The four cells round the grid point `center`, or None."""
    r, c = center
    if _near(r, round(r)) and _near(c, round(c)) and 0 < round(r) < n and 0 < round(c) < n:
        top = (round(r) - 1) * n + round(c) - 1
        return top, top + 1, top + n, top + n + 1
    return None


def _inside(point, n: int) -> bool:
    return 0 <= point[0] < n and 0 <= point[1] < n


def _cell_at(point, n: int) -> int:
    r, c = int(math.floor(point[0])), int(math.floor(point[1]))
    if not (0 <= r < n and 0 <= c < n):
        raise SclError(f"a shape reaches outside the grid at row {r + 1}, column {c + 1}")
    return r * n + c


def _place(point) -> tuple[int, int]:
    """The cell (row, column from 0; -1 or n outside) a point lies in."""
    return math.floor(point[0]), math.floor(point[1])


# --- reading the picture ------------------------------------------------------------------

class _Picture:
    """A picture's pieces, gathered item by item, then put together: a line needs its end
    circles or bulb, an arrow its bulb, a number outside the grid its symbol or pointer,
    minima and maxima their chevrons. What is left unexplained is a problem."""

    def __init__(self, n: int):
        self.n = n
        self.parts: dict = {"rules": set(), "negative": set(), "marks": [], "meta": []}
        self.problems: list[str] = []
        self.lines: list[tuple[str, tuple[int, ...]]] = []  # (style, cells)
        self.circles: set[tuple[str, int]] = set()  # (whose, cell)
        self.bulbs: list[tuple[int, ...]] = []  # arrow bulbs, each in its order
        self.inner: list[tuple[int, ...]] = []  # a pill's white inside
        self.arrows: list[list[int]] = []
        self.pointers: dict[tuple[int, int], list[str]] = {}  # little killers' directions
        # texts outside the grid, a place each: (text, boxed) - boxed on white, as SudokuPad
        # draws its own sums, or plain text with an outline, as f-puzzles' text items
        self.outside: dict[tuple[int, int], list[tuple[str, bool]]] = {}
        self.chevrons: dict[tuple[int, tuple[int, int]], str] = {}  # (cell, step): kind
        self.grey: set[int] = set()  # minimum/maximum shading
        self.cloned: list[int] = []  # grey as SudokuPad shades clones
        self.used: set = set()

    def add(self, field: str, value) -> None:
        self.parts.setdefault(field, []).append(value)


def read(data: dict) -> Variant:
    """The Variant a SudokuPad puzzle object draws (SclError, or ModelError)."""
    if not isinstance(data, dict):
        raise SclError("the puzzle data is not an object")
    cells = data.get("cells")
    if not isinstance(cells, list) or not cells:
        raise SclError("not a SudokuPad puzzle (no cells)")
    n = len(cells)
    if not model.MIN_SIZE <= n <= model.MAX_SIZE or any(
            not isinstance(row, list) or len(row) != n for row in cells):
        raise SclError(f"the grid is not square, or not {model.MIN_SIZE} to {model.MAX_SIZE} wide")
    unknown = sorted(k for k in data if k not in ("cells", "regions", *READERS, *COSMETIC))
    if unknown:
        raise SclError(f"the puzzle has {', '.join(map(repr, unknown))}, which this workbench "
                       "does not read (it may carry a rule)")
    picture = _Picture(n)
    givens = _cells(cells, n, picture)
    regions = _regions(data.get("regions"), n)
    for key, reader in READERS.items():
        if data.get(key) is not None:
            reader(data, key, picture)
    _put_together(picture)
    if picture.problems:
        problems = picture.problems
        raise SclError("the puzzle draws what this workbench does not read: "
                       + "; ".join(problems[:4]) + (f" (and {len(problems) - 4} more)"
                                                    if len(problems) > 4 else ""))
    return model.make(n, givens, regions, **picture.parts)


def _cells(rows, n: int, picture: _Picture) -> list[int]:
    """The givens, and each cell's given centre marks as its candidates."""
    givens = []
    for i, cell in enumerate(c for row in rows for c in row):
        where = f"cells[{i // n}][{i % n}]"
        if not isinstance(cell, dict):
            raise _type_error(where, "an object", cell)
        unknown = sorted(k for k in cell if k not in CELL_KEYS)
        if unknown:
            raise SclError(f"{where} has {', '.join(map(repr, unknown))}, which this "
                           "workbench does not read")
        text = _text(cell, "value", where)
        if text and (not _numeral(text) or not 1 <= int(text) <= n):
            raise SclError(f"{where}: a given {cell['value']!r} is not 1 to {n}")
        givens.append(int(text) if text else 0)
        if cell.get("centremarks") not in (None, []):
            digits = _digits(cell["centremarks"], n, f"{where}.centremarks")
            picture.add("candidates", (i, sum(1 << (d - 1) for d in set(digits))))
        corner = _listed(cell, "pencilMarks", f"{where}.pencilMarks")
        if any(str(mark).strip() for mark in corner):
            picture.problems.append(f"given corner marks in {model.cell_name(i, n)} (they say "
                                    "where in a region a digit goes, not what the cell holds)")
    return givens


def _regions(regions, n: int):
    if regions is None or regions == []:
        return None
    regions = _list(regions, "regions")
    if len(regions) != n:
        raise SclError(f"{len(regions)} regions; a {n}x{n} grid has {n}")
    found = [None] * (n * n)
    for index, region in enumerate(regions):
        for j, point in enumerate(_list(region, f"regions[{index}]")):
            r, c = _point(point, f"regions[{index}][{j}]")
            if not _inside((r, c), n) or found[int(r) * n + int(c)] is not None:
                raise SclError(f"region {index + 1} names a cell twice or outside the grid")
            found[int(r) * n + int(c)] = index
    if None in found:
        raise SclError("the regions leave a cell out")
    return found


def _global(data: dict, key: str, picture: _Picture) -> None:
    for i, name in enumerate(_list(data[key], key)):
        if not isinstance(name, str) or name not in GLOBAL:
            raise SclError(f"{key}[{i}]: the rule {str(name)[:30]!r} is not read")
        field, names = GLOBAL[name]
        picture.parts[field] |= names


def _metadata(data: dict, key: str, picture: _Picture) -> None:
    """SudokuPad's metadata: the puzzle's words, and anti-knight or anti-king."""
    meta = data[key]
    if not isinstance(meta, dict):
        raise _type_error(key, "an object", meta)
    for name, value in meta.items():
        if name in ("antiknight", "antiking"):
            if not isinstance(value, bool):
                raise _type_error(f"{key}.{name}", "true or false", value)
            if value:
                picture.parts["rules"].add(name)
        elif name == "clones":
            _named_clones(value, f"{key}.{name}", picture)
        elif name not in META_COSMETIC:
            raise SclError(f"{key}.{name}: this workbench does not read it (it may carry a rule)")


def _named_clones(value, where: str, picture: _Picture) -> None:
    """The clone pairs this workbench names beside SudokuPad's grey (see the module's words)."""
    n = picture.n
    for i, item in enumerate(_list(value, where)):
        place = f"{where}[{i}]"
        if not isinstance(item, dict) or set(item) != {"cells", "cloneCells"}:
            raise _type_error(place, "an object of cells and cloneCells", item)
        shapes = []
        for key in ("cells", "cloneCells"):
            points = [_point(v, f"{place}.{key}[{j}]")
                      for j, v in enumerate(_list(item[key], f"{place}.{key}"))]
            if not points or any(not _inside(v, n) or v != (int(v[0]), int(v[1]))
                                 for v in points):
                raise _type_error(f"{place}.{key}", f"cells [row, column] from 0 to {n - 1}",
                                  item[key])
            shapes.append(tuple(int(r) * n + int(c) for r, c in points))
        picture.add("clones", model.Clone(*shapes))


def _own_metadata(data: dict, key: str, picture: _Picture) -> None:
    """The rules this workbench wrote in `metaData` before it wrote SudokuPad's `global`."""
    meta = data[key]
    if not isinstance(meta, dict):
        raise _type_error(key, "an object", meta)
    flags = {"antiknight": "antiknight", "antiking": "antiking", "disjointgroups": "disjoint"}
    for name, value in meta.items():
        if name == "negative":
            for i, kind in enumerate(_list(value, f"{key}.negative")):
                if kind not in model.NEGATIVE_KINDS:
                    raise _type_error(f"{key}.negative[{i}]", "white, black, x or v", kind)
                picture.parts["negative"].add(kind)
        elif name in flags or name == "nonconsecutive":
            if value not in (True, False, "true", "false"):
                raise _type_error(f"{key}.{name}", "true or false", value)
            if value in (True, "true") and name in flags:
                picture.parts["rules"].add(flags[name])
            elif value in (True, "true"):
                picture.parts["negative"].add("white")
        else:
            raise SclError(f"{key}.{name}: this workbench does not read it (it may carry a rule)")


def _cages(data: dict, key: str, picture: _Picture) -> None:
    """Killer cages, extra regions, disjoint groups, indexers, and cages of no cells that
    carry the puzzle's words ("title: ...")."""
    n = picture.n
    for where, cage in _items(data, key):
        text = _text(cage, "value", where)
        points = _points(cage, "cells", where)
        if not points:
            _note(text, where, picture)
            continue
        cells = tuple(_cell_at((r + 0.5, c + 0.5), n) for r, c in points)
        style, kind = _text(cage, "style", where) or None, _text(cage, "type", where) or None
        if cage.get("hidden"):
            picture.problems.append("cells with no region")
        elif style in INDEXER_OF_STYLE:
            picture.parts.setdefault("indexers", []).extend(
                (INDEXER_OF_STYLE[style], c) for c in cells)
        elif style == "extraregion":
            picture.add("extra", cells)
        elif kind == "disjoint":
            picture.add("disjoint", frozenset(cells))
        elif style is not None or kind is not None:
            picture.problems.append(f"a cage styled {str(style or kind)[:20]!r}")
        elif "sum" in cage or _numeral(text):
            total = cage["sum"] if "sum" in cage else int(text)
            if isinstance(total, bool) or not isinstance(total, int):
                raise _type_error(f"{where}.sum", "a whole number", total)
            picture.add("cages", Cage(cells, total))
        elif text:
            picture.problems.append(f"a cage marked {text[:20]!r}")
        elif cage.get("unique"):
            picture.add("cages", Cage(cells))
        elif set(cage) == {"cells"}:  # an extra region, as this workbench once wrote them
            picture.add("extra", cells)
        else:  # f-puzzles' plain cage: its rule is in the rules text
            picture.problems.append(f"a plain cage at {model.cell_name(cells[0], n)}")


def _note(text: str, where: str, picture: _Picture) -> None:
    """A cage of no cells: the puzzle's words ("title: ..."), anti-knight or anti-king."""
    meta = re.match(r"^([a-zA-Z]+):\s*(.*)$", text, re.S)
    name = meta.group(1).lower() if meta else ""
    if name in META_CAGES:
        picture.parts["meta"].append((name, meta.group(2).strip()[:2000]))
    elif name in ("antiknight", "antiking"):
        picture.parts["rules"].add(name)
    elif text and name not in META_COSMETIC:
        picture.problems.append(f"a note {text[:20]!r} ({where})")


def _lines(data: dict, key: str, picture: _Picture) -> None:
    """Diagonals; grey thermometers, palindromes and between lines; the add-on's coloured
    lines; arrow pills (grey, with a white inside); the chevrons of minima and maxima."""
    n = picture.n
    for where, line in _items(data, key):
        points = _points(line, "wayPoints", where)
        colour = _colour(line, "color", where)
        width = _number(line, "thickness", where)
        if colour == DIAGONAL_BLUE and len(points) == 2 and set(points) in (
                {(0, 0), (n, n)}, {(0, n), (n, 0)}):
            picture.parts["rules"].add("diagonal" if (0, 0) in points else "antidiagonal")
            continue
        if len(points) < 2 or not all(_inside(p, n) for p in points):
            picture.problems.append(f"a line ({colour or 'no colour'}) off the cells")
            continue
        cells = tuple(_cell_at(p, n) for p in points)
        grey = next((k for k, w in GREY_LINES.items() if _near(width, w, 0.6)), None)
        style = STYLE_OF_COLOUR.get(colour)
        if colour == BLACK and len(points) == 3 and _near(width, 1, 0.3):
            _chevron(points, where, picture)
        elif colour == GREY and grey:
            picture.lines.append((grey, cells))
        elif colour == ARROW_GREY:
            picture.bulbs.append(cells)
        elif colour == WHITE:
            picture.inner.append(cells)
        elif style and _near(width, LINE_STYLES[style][1], 0.6):
            picture.lines.append((style, cells))
        else:
            picture.problems.append(f"a line ({colour or 'no colour'}, {width:g} thick) at "
                                    f"{model.cell_name(cells[0], n)}")


def _chevron_points(cell: int, step, kind: str, n: int) -> list[list[float]]:
    """SudokuPad's chevron on a minimum's (maximum's) side towards a neighbour: pointing in
    (out), as its f-puzzles import draws them."""
    (r, c), (dr, dc) = divmod(cell, n), step
    a, b = CHEVRON[kind]
    cr, cc = r + 0.5, c + 0.5
    return [[round(cr + dr * a + 0.1 * dc, 3), round(cc + dc * a + 0.1 * dr, 3)],
            [round(cr + dr * b, 3), round(cc + dc * b, 3)],
            [round(cr + dr * a - 0.1 * dc, 3), round(cc + dc * a - 0.1 * dr, 3)]]


def _chevron(points, where: str, picture: _Picture) -> None:
    n = picture.n
    cell = _cell_at(points[1], n)
    for step in STEPS:
        for kind in CHEVRON:
            drawn = _chevron_points(cell, step, kind, n)
            if any(all(_near(p[0], q[0], 0.02) and _near(p[1], q[1], 0.02)
                       for p, q in zip(order, drawn, strict=True))
                   for order in (points, points[::-1])):
                picture.chevrons[(cell, step)] = kind
                return
    picture.problems.append(f"a black line at {model.cell_name(cell, n)} ({where})")


def _overlays(data: dict, key: str, picture: _Picture) -> None:
    """Dots, X/V and signs on edges; quadruples on corners; numbers and symbols outside the
    grid; arrow bulbs and the circles on line ends."""
    n = picture.n
    for where, item in _items(data, key):
        center = _point(item.get("center"), f"{where}.center")
        text = _text(item, "text", where)
        if not _inside(center, n):
            if text:
                boxed = {_colour(item, "backgroundColor", where),
                         _colour(item, "borderColor", where)} == {WHITE}
                picture.outside.setdefault(_place(center), []).append((text, boxed))
            else:
                picture.problems.append(f"a shape outside the grid ({where})")
        elif not _on_edge(item, center, text, where, picture) and not _circle(
                item, center, text, where, picture):
            picture.problems.append(f"a mark {text[:10]!r} at ({center[0]:.1f}, "
                                    f"{center[1]:.1f})")


def _on_edge(item: dict, center, text: str, where: str, picture: _Picture) -> bool:
    """A dot, X/V, sign or bar between two cells (False: not one)."""
    edge = _edge(center, picture.n)
    if edge is None:
        return False
    rounded = item.get("rounded") is True
    width, height = _number(item, "width", where), _number(item, "height", where)
    if text.upper() in ("X", "V") and not rounded:
        picture.parts["marks"].append(Mark(text.lower(), *edge))
    elif text in SIGNS and not rounded:
        if _number(item, "angle", where) % 360:
            picture.problems.append(f"a turned sign {text!r} ({where})")
        a, b = edge
        smaller_first = SIGNS[text] in ("<", "∧")
        picture.parts["marks"].append(Mark("less", a, b) if smaller_first else Mark("less", b, a))
    elif rounded and _near(width, 0.3, 0.1) and (not text or _numeral(text)):
        black = _colour(item, "backgroundColor", where) == BLACK
        picture.parts["marks"].append(Mark("black" if black else "white", *edge,
                                           int(text) if text else 0))
    elif not text and not rounded and 0 < min(width, height) < 0.2:
        picture.parts["marks"].append(Mark("bar", *edge))
    else:
        return False
    return True


def _circle(item: dict, center, text: str, where: str, picture: _Picture) -> bool:
    """A quadruple's circle, an arrow's bulb, or a circle on a line's end (False: none)."""
    n = picture.n
    if item.get("rounded") is not True:
        return False
    width, height = _number(item, "width", where), _number(item, "height", where)
    fill = _colour(item, "backgroundColor", where)
    border = _colour(item, "borderColor", where)
    corner = _corner(center, n)
    if corner and _near(width, 0.7) and border == BLACK and text:
        digits = _digits(text.split(), n, f"{where}.text")
        picture.add("quads", Quad(corner, tuple(digits)))
    elif border == ARROW_GREY and not text:
        picture.bulbs.append(_bulb_cells(center, width, height, where, n))
    elif text or not _near(center[0] % 1, 0.5) or not _near(center[1] % 1, 0.5):
        return False
    elif border == GREY and fill == WHITE and _near(width, 0.8) and GREY_RINGED:
        picture.circles.update((kind, _cell_at(center, n)) for kind in GREY_RINGED)
    elif fill == border and STYLE_OF_COLOUR.get(fill) in END_CIRCLES and _near(
            width, END_CIRCLES[STYLE_OF_COLOUR[fill]]):
        picture.circles.add((STYLE_OF_COLOUR[fill], _cell_at(center, n)))
    else:
        return False
    return True


def _bulb_cells(center, width: float, height: float, where: str, n: int) -> tuple[int, ...]:
    """The cells of an arrow's round bulb: one, or a straight pill (SudokuPad widens the
    circle by a cell for each more cell), in reading order."""
    across, down = max(0, round(width - 0.83)), max(0, round(height - 0.83))
    if across and down:
        raise SclError(f"{where}: an arrow's bulb {width:g} wide and {height:g} high")
    return tuple(_cell_at((center[0] - down / 2 + i * bool(down),
                           center[1] - across / 2 + i * bool(across)), n)
                 for i in range(max(across, down) + 1))


def _underlays(data: dict, key: str, picture: _Picture) -> None:
    """Coloured cells (cosmetic, but for clones' grey and the shading of minima and
    maxima), thermometer bulbs, even squares and odd circles."""
    n = picture.n
    for where, item in _items(data, key):
        center = _point(item.get("center"), f"{where}.center")
        width, height = _number(item, "width", where), _number(item, "height", where)
        fill = _colour(item, "backgroundColor", where)
        rounded = item.get("rounded") is True
        if _near(width, 1) and _near(height, 1):
            if fill == GREY:
                picture.cloned.append(_cell_at(center, n))
            elif fill in ("#CCC", MINMAX_GREY) and _inside(center, n):
                picture.grey.add(_cell_at(center, n))
        elif _near(width, 0.85) and rounded and fill == GREY:
            picture.circles.add(("thermo", _cell_at(center, n)))
        elif _near(width, 0.7) and _near(height, 0.7) and fill == GREY:
            picture.add("odd" if rounded else "even", _cell_at(center, n))
        else:
            picture.problems.append(f"a shaded shape at ({center[0]:.1f}, {center[1]:.1f})")


def _arrows(data: dict, key: str, picture: _Picture) -> None:
    """Arrows from a bulb; a little killer's pointer beside its sum outside the grid."""
    n = picture.n
    for where, arrow in _items(data, key):
        points = _points(arrow, "wayPoints", where)
        colour = _colour(arrow, "color", where)
        if len(points) < 2:
            picture.problems.append(f"an arrow without a shaft ({where})")
        elif not _inside(points[0], n) and colour == BLACK and len(points) == 2:
            dr, dc = points[1][0] - points[0][0], points[1][1] - points[0][1]
            if not dr or not dc:
                picture.problems.append(f"an arrow outside the grid ({where})")
            else:
                direction = ("D" if dr > 0 else "U") + ("R" if dc > 0 else "L")
                picture.pointers.setdefault(_place(points[0]), []).append(direction)
        elif colour in (ARROW_GREY, "") and all(_inside(p, n) for p in points):
            picture.arrows.append([_cell_at(p, n) for p in points])
        else:
            picture.problems.append(f"an arrow ({colour or 'no colour'}, {where})")


READERS = {"global": _global, "metadata": _metadata,
           "metaData": _own_metadata, "cages": _cages, "lines": _lines, "overlays": _overlays,
           "underlays": _underlays, "arrows": _arrows}


# --- putting the pieces together -----------------------------------------------------------

def _put_together(picture: _Picture) -> None:
    _ended_lines(picture)
    _arrows_with_bulbs(picture)
    _outside_clues(picture)
    _extremes(picture)
    _disjoint(picture)
    n = picture.n
    named_clones = {c for clone in picture.parts.get("clones", ()) for c in clone.a + clone.b}
    unexplained = sorted(set(picture.cloned) - named_clones)
    if unexplained:
        named = ", ".join(model.cell_name(c, n) for c in unexplained[:6])
        picture.problems.append(f"grey cells ({named}{' ...' if len(unexplained) > 6 else ''})"
                                ": SudokuPad shades clones so, and which cell copies which is "
                                "not drawn")
    picture.problems += [f"a circle ({whose}) at {model.cell_name(cell, n)} on no line's end"
                         for (whose, cell) in picture.circles
                         if (whose, cell) not in picture.used]
    picture.problems += [f"a white line at {model.cell_name(cells[0], n)}"
                         for cells in picture.inner if cells not in picture.bulbs]


def _ended_lines(picture: _Picture) -> None:
    """Lines, each with what its ends need (its record's `ends`): a (slow) thermometer its
    bulb (its direction), a between line and a double arrow a circle on each end."""
    n, circles = picture.n, picture.circles
    starts = {(style, cells[0]) for style, cells in picture.lines}
    for style, cells in picture.lines:
        name = f"{style} line at {model.cell_name(cells[0], n)}"
        kind = LINES[KIND_OF_STYLE[style]] if style != "thermo" else None
        ends = kind.ends if kind is not None else "bulb"
        if ends == "bulb":
            # drawn from its far end: unless that bulb is another line's (whose, then?)
            if (style, cells[0]) not in circles and (style, cells[-1]) in circles - starts:
                cells = cells[::-1]
            if (style, cells[0]) not in circles:
                picture.problems.append(f"a {name} without a bulb of its own")
                continue
            picture.used.add((style, cells[0]))
        elif ends == "both":
            ends = {(style, cells[0]), (style, cells[-1])}
            if not ends <= circles:
                picture.problems.append(f"a {name} without a circle on each end")
                continue
            picture.used |= ends
        if kind is None:
            picture.add("thermos", cells)
        else:
            picture.add("lines", Line(kind.name, cells, kind.values(n).get(style, 0)))


def _arrows_with_bulbs(picture: _Picture) -> None:
    n = picture.n
    for cells in picture.arrows:
        bulbs = {b for b in picture.bulbs if cells[0] in b}
        if len(bulbs) != 1:
            picture.problems.append(f"an arrow at {model.cell_name(cells[0], n)} with "
                                    f"{len(bulbs) or 'no'} bulbs")
            continue
        bulb = bulbs.pop()
        picture.used.add(bulb)
        picture.add("arrows", Arrow(bulb, tuple(c for c in dict.fromkeys(cells)
                                                if c not in bulb)))
    picture.problems += [f"an arrow's bulb at {model.cell_name(b[0], n)} with no arrow"
                         for b in picture.bulbs if b not in picture.used]


def _beside(place: tuple[int, int], n: int) -> tuple[str, int, bool] | None:
    """The row or column a place outside the grid is beside, and whether after it."""
    r, c = place
    if r in (-1, n) and 0 <= c < n:
        return "col", c, r == n
    if c in (-1, n) and 0 <= r < n:
        return "row", r, c == n
    return None


def _outside_clues(picture: _Picture) -> None:
    """Each place outside the grid holds one number: SudokuPad's boxed sum with a pointer (a
    little killer) or alone (a sandwich sum), or the add-on's text under an X-sum's or a
    skyscraper's symbol. A bare text number says nothing of its rule: refused."""
    n = picture.n
    for place, entries in sorted(picture.outside.items()):
        boxed = [t for t, box in entries if box and _numeral(t)]
        texts = sorted((t for t, box in entries if not box), key=lambda t: t in SYMBOL_KINDS)
        pointers = picture.pointers.pop(place, [])
        beside = _beside(place, n)
        clue = len(texts) == 2 and _numeral(texts[0]) and texts[1] in SYMBOL_KINDS
        if len(boxed) == 1 == len(entries) and len(pointers) == 1:
            picture.add("little", LittleKiller(*place, pointers[0], int(boxed[0])))
        elif len(boxed) == 1 == len(entries) and not pointers and beside:
            picture.add("sandwiches", Sandwich(beside[0], beside[1], int(boxed[0])))
        elif clue and len(entries) == 2 and not pointers and beside:
            picture.add("outside", Outside(SYMBOL_KINDS[texts[1]], *beside, int(texts[0])))
        else:
            shown = " ".join(t for t, _ in entries)[:20]
            picture.problems.append(f"{shown!r} outside the grid at row {place[0] + 1}, "
                                    f"column {place[1] + 1}")
    picture.problems += [f"a little killer arrow with no sum at row {r + 1}, column {c + 1}"
                         for r, c in picture.pointers]


def _neighbour(cell: int, step, n: int) -> int | None:
    r, c = divmod(cell, n)
    r, c = r + step[0], c + step[1]
    return r * n + c if 0 <= r < n and 0 <= c < n else None


def _open_sides(cell: int, same, n: int):
    """The steps from a minimum (maximum) to the neighbours it is compared with: those that
    are not one too, where SudokuPad draws a chevron."""
    return [s for s in STEPS if _neighbour(cell, s, n) is not None
            and _neighbour(cell, s, n) not in same]


def _extremes(picture: _Picture) -> None:
    """Minima and maxima from their grey shading and chevrons. A grey cell with none is one
    when a neighbour of that kind draws no chevron towards it; SudokuPad's own drawing of the
    result must be the chevrons found."""
    n, chevrons = picture.n, picture.chevrons
    kinds: dict[int, str] = {}
    for (cell, _), kind in chevrons.items():
        if kinds.setdefault(cell, kind) != kind or cell not in picture.grey:
            picture.problems.append(f"chevrons at {model.cell_name(cell, n)} that are not "
                                    "a minimum's or a maximum's")
            return
    changed = True
    while changed:
        changed = False
        for cell in sorted(picture.grey - kinds.keys()):
            for step in STEPS:
                other = _neighbour(cell, step, n)
                back = (-step[0], -step[1])
                if other in kinds and (other, back) not in chevrons:
                    kinds[cell], changed = kinds[other], True
                    break
    drawn = {(cell, step): kind for cell, kind in kinds.items()
             for step in _open_sides(cell, {c for c, k in kinds.items() if k == kind}, n)}
    if drawn != chevrons:
        picture.problems.append("minimum and maximum chevrons that SudokuPad does not draw so")
        return
    for cell, kind in sorted(kinds.items()):
        picture.add(kind, cell)


def _disjoint(picture: _Picture) -> None:
    """SudokuPad's cages of disjoint groups: the rule, when they are the groups."""
    groups = picture.parts.pop("disjoint", [])
    if not groups:
        return
    if model.box_regions(picture.n) is None or set(groups) != {
            frozenset(g) for g in model.disjoint_groups(picture.n)}:
        picture.problems.append("disjoint-group cages that are not the boxes' disjoint groups")
    else:
        picture.parts["rules"].add("disjoint")


# --- drawing the picture -------------------------------------------------------------------

def write(p: Variant) -> dict:
    """SudokuPad's JSON of a puzzle, drawn the way its f-puzzles import draws; ModelError
    naming what it cannot carry."""
    model.refuse_unless(p, CARRIED, "a SudokuPad scl link")
    _refuse_undrawable(p)
    n = p.size
    data: dict = {"id": "puzzle-workbench", "cellSize": 50, "cells": _cells_out(p),
                  "regions": [[[i // n, i % n] for i in range(n * n) if p.regions[i] == k]
                              for k in range(n)],
                  "cages": _cages_out(p),
                  "metadata": {rule: True for rule in ("antiknight", "antiking")
                               if rule in p.rules},
                  "global": _global_out(p),
                  "lines": [], "overlays": [], "underlays": [], "arrows": []}
    _draw_marks(p, data)
    _draw_shapes(p, data)
    _draw_lines(p, data)
    _draw_cell_clues(p, data)
    _draw_outside(p, data)
    _draw_clones(p, data)
    return {k: v for k, v in data.items() if v not in ([], {})}


def _refuse_undrawable(p: Variant) -> None:
    """What the picture cannot tell apart: a line whose number has no colour of its own (a
    whisper of another difference than German's or Dutch), two clues outside the grid
    written over each other."""
    n = p.size
    for line in p.lines:
        kind = LINES[line.kind]
        if kind.usual is not None and kind.style_of(line, n) is None:
            said = " and ".join(f"{style.capitalize()} ({kind.number} {value})"
                                for style, value in kind.values(n).items())
            raise model.ModelError(
                f"a SudokuPad scl link draws {said} {kind.title}s; the {kind.name} at "
                f"{p.name(line.cells[0])} has {kind.number} {line.value}")
    seen: dict[tuple[int, int], str] = {}
    for place, what in _outside_places(p):
        if place in seen:
            r, c = place
            raise model.ModelError(f"{seen[place]} and {what} at r{r + 1}c{c + 1}: a SudokuPad "
                                   "scl link would draw them over each other (its fpuzzles "
                                   "form carries both)")
        seen[place] = what


OUTSIDE_NAMES = {"xsum": "an X-sum", "skyscraper": "a skyscraper clue"}


def _outside_places(p: Variant):
    """(place, what) of each clue written outside the grid, where _draw_shapes and
    _draw_outside put it: a little killer on its cell, a sandwich before its row or column,
    an X-sum or a skyscraper on its side."""
    n = p.size
    yield from (((k.row, k.col), "a little killer sum") for k in p.little)
    yield from (((-1, s.index) if s.line == "col" else (s.index, -1), "a sandwich sum")
                for s in p.sandwiches)
    for o in p.outside:
        far = n if o.reverse else -1
        yield ((far, o.index) if o.line == "col" else (o.index, far)), OUTSIDE_NAMES[o.kind]


def _cells_out(p: Variant) -> list:
    n, allowed = p.size, dict(p.candidates)
    rows = []
    for r in range(n):
        row = []
        for c in range(n):
            cell: dict = {}
            if p.givens[r * n + c]:
                cell["value"] = p.givens[r * n + c]
            if r * n + c in allowed:  # (kept with a given outside them: no solution)
                cell["centremarks"] = [d for d in range(1, n + 1)
                                       if allowed[r * n + c] >> (d - 1) & 1]
            row.append(cell)
        rows.append(row)
    return rows


def _rc(cells, n: int) -> list[list[int]]:
    return [[c // n, c % n] for c in cells]


def _cages_out(p: Variant) -> list:
    n = p.size
    cages = [{"value": f"{key}: {value}"} for key, value in p.meta]
    cages += [{"cells": _rc(cage.cells, n), "unique": True,
               **({"value": str(cage.total), "sum": cage.total}
                  if cage.total is not None else {})} for cage in p.cages]
    # SudokuPad also gives an extra region the sum of 1..k, which only a region of n
    # cells has: left out
    cages += [{"cells": _rc(region, n), "style": "extraregion", "unique": True}
              for region in p.extra]
    if "disjoint" in p.rules:
        cages += [{"cells": _rc(group, n), "unique": True, "type": "disjoint", "style": None}
                  for group in model.disjoint_groups(n)]
    for kind, (style, colour, name) in INDEXER_CAGES.items():
        cells = [c for k, c in p.indexers if k == kind]
        if cells:
            cages.append({"cells": _rc(cells, n), "outlineC": colour, "fontC": BLACK,
                          "fromConstraint": name, "style": style})
    return cages


def _global_out(p: Variant) -> list[str]:
    found = [rule for rule in ("antiknight", "antiking", "disjoint") if rule in p.rules]
    negative = p.negative
    found += [name for name, kinds in (("nonconsecutive", {"white"}), ("antiratio", {"black"}))
              if kinds <= negative]
    if {"x", "v"} <= negative:
        found.append("antixv")
    found += [f"anti{kind}" for kind in ("x", "v") if negative & {"x", "v"} == {kind}]
    return found


def _centre(cell: int, n: int) -> list[float]:
    return [cell // n + 0.5, cell % n + 0.5]


def _between(a: int, b: int, n: int) -> list[float]:
    ca, cb = _centre(a, n), _centre(b, n)
    return [(ca[0] + cb[0]) / 2, (ca[1] + cb[1]) / 2]


def _text_overlay(centre, text: str, size: int) -> dict:
    """Text as SudokuPad's f-puzzles import draws it on a white square."""
    return {"backgroundColor": WHITE, "borderColor": WHITE, "center": centre, "fontSize": size,
            "rounded": False, "width": 0.25, "height": 0.25, "text": text}


def _draw_marks(p: Variant, data: dict) -> None:
    n = p.size
    for rule, points in (("diagonal", [[0, 0], [n, n]]), ("antidiagonal", [[0, n], [n, 0]])):
        if rule in p.rules:
            data["lines"].append({"color": DIAGONAL_BLUE, "thickness": 2, "wayPoints": points})
    for m in p.marks:
        centre = _between(m.a, m.b, n)
        if m.kind == "bar":  # a short black bar across the edge
            across = abs(m.a - m.b) == 1
            data["overlays"].append({"backgroundColor": BLACK, "center": centre,
                                     "rounded": False, "width": 0.1 if across else 0.4,
                                     "height": 0.4 if across else 0.1, "text": ""})
        elif m.kind in ("white", "black"):
            fill = BLACK if m.kind == "black" else WHITE
            dot = {"borderColor": BLACK, "backgroundColor": fill, "center": centre,
                   "rounded": True, "width": 0.3, "height": 0.3, "text": ""}
            if m.value:  # another difference or ratio: its number on the dot
                dot.update(color="#fff" if m.kind == "black" else "#000", stroke="none",
                           text=str(m.value))
            data["overlays"].append(dot)
        else:
            text = m.kind.upper()
            if m.kind == "less":
                first = min(m.a, m.b)
                vertical = abs(m.a - m.b) == n
                text = ("∧" if m.a == first else "∨") if vertical else (
                    "<" if m.a == first else ">")
            data["overlays"].append(_text_overlay(centre, text, 21))
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
        data["lines"].append({"color": GREY, "thickness": GREY_LINES["thermo"],
                              "wayPoints": [_centre(c, n) for c in thermo]})
    for arrow in p.arrows:
        _draw_arrow(arrow, n, data)
    for clue in p.little:
        dr, dc = model.DIRECTIONS[clue.direction]
        r, c = clue.row + 0.5, clue.col + 0.5
        data["arrows"].append({"color": BLACK, "thickness": 2, "wayPoints": [
            [r + 0.3 * dr, c + 0.3 * dc], [r + 0.48 * dr, c + 0.48 * dc]]})
        data["overlays"].append(_text_overlay([r, c], str(clue.total), 28))
    for s in p.sandwiches:
        centre = [-0.5, s.index + 0.5] if s.line == "col" else [s.index + 0.5, -0.5]
        data["overlays"].append(_text_overlay(centre, str(s.total), 32))


def _shortened(points: list[list[float]], step: float, decimals: int) -> list[float]:
    """The first point moved towards the second, clear of a circle round it (SudokuPad's
    shift: `step` across a cell, less on a diagonal)."""
    (r0, c0), (r1, c1) = points[0], points[1]
    dist = math.hypot(r1 - r0, c1 - c0) or 1.0
    return [round(r0 + round(10 ** decimals * step * math.copysign(1, r1 - r0) / dist)
                  / 10 ** decimals if r1 != r0 else r0, 3),
            round(c0 + round(10 ** decimals * step * math.copysign(1, c1 - c0) / dist)
                  / 10 ** decimals if c1 != c0 else c0, 3)]


def _draw_arrow(arrow: Arrow, n: int, data: dict) -> None:
    """A grey shaft from the bulb; the bulb a round overlay (one cell, or a straight pill in
    reading order), else a grey band with a white inside that keeps the pill's order."""
    points = [_centre(c, n) for c in (arrow.bulb[-1],) + arrow.shaft]
    points[0] = _shortened(points, 0.4, 2)
    data["arrows"].append({"color": ARROW_GREY, "headLength": 0.3, "thickness": 5,
                           "wayPoints": points})
    centres = [_centre(c, n) for c in arrow.bulb]
    rows, cols = {r for r, _ in centres}, {c for _, c in centres}
    if (len(rows) == 1 or len(cols) == 1) and list(arrow.bulb) == sorted(arrow.bulb):
        data["overlays"].append({
            "borderColor": ARROW_GREY, "backgroundColor": WHITE,
            "center": [sum(rows) / len(rows), sum(cols) / len(cols)], "fontSize": 16,
            "borderSize": 5, "rounded": True, "text": "",
            "width": 0.83 + max(cols) - min(cols), "height": 0.83 + max(rows) - min(rows)})
    else:
        data["lines"].append({"color": ARROW_GREY, "thickness": 45, "opacity": 0.7,
                              "wayPoints": centres})
        data["lines"].append({"color": WHITE, "thickness": 35, "opacity": 0.8,
                              "wayPoints": centres})


def _draw_lines(p: Variant, data: dict) -> None:
    """The kinds SudokuPad draws grey (palindromes, between lines with a ring on each end) as
    it draws them; the others in the add-on's colours, with its circles on the ends its
    record says (a double arrow's, a slow thermometer's bulb)."""
    n = p.size
    for line in p.lines:
        kind = LINES[line.kind]
        points = [_centre(c, n) for c in line.cells]
        if kind.grey:
            if kind.ends == "both":
                for end in (line.cells[0], line.cells[-1]):
                    data["overlays"].append({
                        "borderColor": GREY, "backgroundColor": WHITE, "center": _centre(end, n),
                        "fontSize": 16, "borderSize": 2, "rounded": True, "width": 0.8,
                        "height": 0.8})
                points = [_shortened(points, 0.4, 1), *points[1:-1],
                          _shortened(points[::-1], 0.4, 1)]
            data["lines"].append({"color": GREY, "thickness": kind.grey, "wayPoints": points})
            continue
        style = kind.style_of(line, n)
        colour, thickness = LINE_STYLES[style]
        data["lines"].append({"color": colour, "thickness": thickness, "wayPoints": points})
        ends = {"both": (line.cells[0], line.cells[-1]), "bulb": (line.cells[0],)}.get(
            kind.ends, ())
        for end in ends if style in END_CIRCLES else ():
            data["overlays"].append({"backgroundColor": colour, "borderColor": colour,
                                     "center": _centre(end, n), "borderSize": 1,
                                     "rounded": True, "width": END_CIRCLES[style],
                                     "height": END_CIRCLES[style]})


def _draw_cell_clues(p: Variant, data: dict) -> None:
    """Quadruples' circles on the corner; minima and maxima shaded, with chevrons towards
    the neighbours they are compared with."""
    n = p.size
    for q in p.quads:
        text = ""
        for i, d in enumerate(q.digits):  # SudokuPad's layout: two a line
            text += (" " if i % 2 else "") + ("\n" if i % 3 == 2 else "") + str(d)
        data["overlays"].append({"backgroundColor": WHITE, "borderColor": BLACK,
                                 "center": [q.cells[0] // n + 1, q.cells[0] % n + 1],
                                 "fontSize": 14, "rounded": True, "width": 0.7, "height": 0.7,
                                 "text": text})
    for kind in CHEVRON:
        cells = getattr(p, kind)
        for cell in cells:
            data["underlays"].append({"backgroundColor": "#ccc", "center": _centre(cell, n),
                                      "rounded": False, "width": 1, "height": 1})
            data["lines"] += [{"color": BLACK, "thickness": 1,
                               "wayPoints": _chevron_points(cell, step, kind, n)}
                              for step in _open_sides(cell, set(cells), n)]


def _draw_clones(p: Variant, data: dict) -> None:
    """Clone cells grey, as SudokuPad's f-puzzles import shades them, and the pairs named in
    the metadata, since the grey does not say which cell copies which."""
    n = p.size
    for cell in sorted({c for clone in p.clones for c in clone.a + clone.b}):
        data["underlays"].append({"backgroundColor": GREY, "center": _centre(cell, n),
                                  "rounded": False, "width": 1, "height": 1})
    if p.clones:
        data["metadata"]["clones"] = [
            {"cells": [[c // n, c % n] for c in clone.a],
             "cloneCells": [[c // n, c % n] for c in clone.b]} for clone in p.clones]


def _draw_outside(p: Variant, data: dict) -> None:
    """X-sums and skyscrapers: the add-on's symbol and the number, outside the grid."""
    n = p.size
    for o in p.outside:
        far = n if o.reverse else -1
        place = (far, o.index) if o.line == "col" else (o.index, far)
        centre = [place[0] + 0.5, place[1] + 0.5]
        for text, size in ((OUTSIDE_SYMBOLS[o.kind], 38), (str(o.total), 22)):
            data["overlays"].append({"color": BLACK, "textStroke": "#fff", "center": centre,
                                     "fontSize": size, "rounded": False, "width": 0.25,
                                     "height": 0.25, "text": text})
