"""Reading a SudokuPad picture back into a Variant: every item checked, each shape
recognised by how SudokuPad (or f-puzzles' add-on) draws it, then put together; what is
left unexplained is refused by name."""

from __future__ import annotations

import re

from core.variants import fpuzzles, model
from core.variants.cell_clues import PARITY
from core.variants.grid_rules import GRID_RULES, SLANTS
from core.variants.groups import CORNERS, DIFFERENT, PENCILS, REGIONS, TWINS
from core.variants.jsoncheck import Checks
from core.variants.kinds import LINES
from core.variants.marks import ALONE, NEGATIVE_KINDS
from core.variants.model import (
    Line,
    Mark,
    Outside,
    Variant,
)
from core.variants.shapes import SHAPES
from core.variants.sudokupad.geometry import (
    STEPS,
    cell_at,
    chevron_points,
    corner_at,
    edge_at,
    inside,
    near,
    neighbour,
    open_sides,
    place_of,
)
from core.variants.sudokupad.scl import SclError
from core.variants.sudokupad.styles import (
    ARROW_GREY,
    BLACK,
    CAGED,
    CHEVRON,
    DIAGONAL_BLUE,
    DOTS,
    END_CIRCLES,
    GLOBAL,
    GREY,
    GREY_LINES,
    GREY_RINGED,
    KIND_OF_STYLE,
    LETTERS,
    LINE_STYLES,
    MINMAX_GREY,
    SIGN,
    SIGNS,
    STROKE,
    STYLE_OF_COLOUR,
    SYMBOL_KINDS,
    WAY_STYLES,
    WHITE,
)

# What may sit in the JSON and carries no rule.
COSMETIC = {"id", "cellSize", "settings"}
META_COSMETIC = {"title", "author", "rules", "solution", "msgcorrect"}
META_CAGES = {"title", "author", "rules"}  # read into the puzzle's words
# The rules SudokuPad also flags in its metadata and in a note (anti-knight, anti-king).
FLAGGED = {name for name, kind in GRID_RULES.items() if kind.flagged}
TWIN_FIELDS = {kind.field: kind for kind in TWINS}  # each names its pairs in the metadata
# a region shape's cages, styled with its f-puzzles key (as SudokuPad imports f-puzzles')
REGION_STYLES = {kind.fpuzzles: kind for kind in REGIONS}
CELL_KEYS = {"value", "given", *(kind.marks for kind in PENCILS), "pencilMarks"}
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
        self.greyed: list[int] = []  # grey as SudokuPad shades twin shapes
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
        for kind in PENCILS:  # a cell's given digits
            if cell.get(kind.marks) not in (None, []):
                digits = _digits(cell[kind.marks], n, f"{where}.{kind.marks}")
                picture.add(kind.field, (i, sum(1 << (d - 1) for d in set(digits))))
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
            if not inside((r, c), n) or found[int(r) * n + int(c)] is not None:
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
        if name in FLAGGED:
            if not isinstance(value, bool):
                raise _type_error(f"{key}.{name}", "true or false", value)
            if value:
                picture.parts["rules"].add(name)
        elif name in TWIN_FIELDS:
            _named_twins(TWIN_FIELDS[name], value, f"{key}.{name}", picture)
        elif name not in META_COSMETIC:
            raise SclError(f"{key}.{name}: this workbench does not read it (it may carry a rule)")


def _named_twins(kind, value, where: str, picture: _Picture) -> None:
    """The twin shapes this workbench names beside SudokuPad's grey (see the
    module's words)."""
    n = picture.n
    for i, item in enumerate(_list(value, where)):
        place = f"{where}[{i}]"
        if not isinstance(item, dict) or set(item) != {"cells", kind.other}:
            raise _type_error(place, f"an object of cells and {kind.other}", item)
        shapes = []
        for key in ("cells", kind.other):
            points = [_point(v, f"{place}.{key}[{j}]")
                      for j, v in enumerate(_list(item[key], f"{place}.{key}"))]
            if not points or any(not inside(v, n) or v != (int(v[0]), int(v[1]))
                                 for v in points):
                raise _type_error(f"{place}.{key}", f"cells [row, column] from 0 to {n - 1}",
                                  item[key])
            shapes.append(tuple(int(r) * n + int(c) for r, c in points))
        picture.add(kind.field, kind.twin(*shapes))


def _own_metadata(data: dict, key: str, picture: _Picture) -> None:
    """The rules this workbench wrote in `metaData` before it wrote SudokuPad's `global`."""
    meta = data[key]
    if not isinstance(meta, dict):
        raise _type_error(key, "an object", meta)
    flags = {kind.fpuzzles: name for name, kind in GRID_RULES.items() if kind.sudokupad}
    for name, value in meta.items():
        if name == "negative":
            for i, kind in enumerate(_list(value, f"{key}.negative")):
                if kind not in NEGATIVE_KINDS:
                    raise _type_error(f"{key}.negative[{i}]", ", ".join(NEGATIVE_KINDS[:-1])
                                      + f" or {NEGATIVE_KINDS[-1]}", kind)
                picture.parts["negative"].add(kind)
        elif name in flags or name in ALONE:
            if value not in (True, False, "true", "false"):
                raise _type_error(f"{key}.{name}", "true or false", value)
            if value in (True, "true") and name in flags:
                picture.parts["rules"].add(flags[name])
            elif value in (True, "true"):
                picture.parts["negative"].add(ALONE[name])
        else:
            raise SclError(f"{key}.{name}: this workbench does not read it (it may carry a rule)")


# The kind a plain SudokuPad cage (a number, or none and its digits differing) draws, and the
# kind a boxed number outside the grid with a pointer beside it draws.
PLAIN = next(kind for kind in SHAPES.values() if kind.pad_cage)
POINTED = next(kind for kind in SHAPES.values() if kind.pad_pointed)
# the kinds drawn as a grey line from a grey round bulb, by their word (their style), and the
# kind a grey arrow from a round bulb draws
GREY_SHAPES = {kind.word: kind for kind in SHAPES.values() if kind.pad_line}
ARROWED = next(kind for kind in SHAPES.values() if kind.pad_arrow)
# the kind a boxed number alone beside a row or column draws
BOXED = next(kind for kind in SHAPES.values() if kind.pad_boxed)


def _cages(data: dict, key: str, picture: _Picture) -> None:
    """Plain cages (PLAIN's), region shapes, disjoint groups, cells marked one way, and cages
    of no cells that carry the puzzle's words ("title: ...")."""
    n = picture.n
    for where, cage in _items(data, key):
        text = _text(cage, "value", where)
        points = _points(cage, "cells", where)
        if not points:
            _note(text, where, picture)
            continue
        cells = tuple(cell_at((r + 0.5, c + 0.5), n) for r, c in points)
        style, kind = _text(cage, "style", where) or None, _text(cage, "type", where) or None
        if cage.get("hidden"):
            picture.problems.append("cells with no region")
        elif style in WAY_STYLES:
            kind, way = WAY_STYLES[style]
            picture.parts.setdefault(kind.field, []).extend((way.name, c) for c in cells)
        elif style in REGION_STYLES:
            picture.add(REGION_STYLES[style].field, cells)
        elif kind in CAGED:
            picture.add(CAGED[kind], frozenset(cells))
        elif style is not None or kind is not None:
            picture.problems.append(f"a cage styled {str(style or kind)[:20]!r}")
        elif "sum" in cage or _numeral(text):
            total = cage["sum"] if "sum" in cage else int(text)
            if isinstance(total, bool) or not isinstance(total, int):
                raise _type_error(f"{where}.sum", "a whole number", total)
            picture.add(PLAIN.field, PLAIN.pad_cage(cells, total))
        elif text:
            picture.problems.append(f"a cage marked {text[:20]!r}")
        elif cage.get("unique"):
            picture.add(PLAIN.field, PLAIN.pad_cage(cells, None))
        elif set(cage) == {"cells"}:  # a region, as this workbench once wrote them
            picture.add(DIFFERENT.field, cells)
        else:  # f-puzzles' plain cage: its rule is in the rules text
            picture.problems.append(f"a plain cage at {model.cell_name(cells[0], n)}")


def _note(text: str, where: str, picture: _Picture) -> None:
    """A cage of no cells: the puzzle's words ("title: ..."), anti-knight or anti-king."""
    meta = re.match(r"^([a-zA-Z]+):\s*(.*)$", text, re.S)
    name = meta.group(1).lower() if meta else ""
    if name in META_CAGES:
        picture.parts["meta"].append((name, meta.group(2).strip()[:2000]))
    elif name in FLAGGED:
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
            slant = 1 if (0, 0) in points else -1
            picture.parts["rules"].add(next(k.name for k in SLANTS if k.slant == slant))
            continue
        if len(points) < 2 or not all(inside(p, n) for p in points):
            picture.problems.append(f"a line ({colour or 'no colour'}) off the cells")
            continue
        cells = tuple(cell_at(p, n) for p in points)
        grey = next((k for k, w in GREY_LINES.items() if near(width, w, 0.6)), None)
        style = STYLE_OF_COLOUR.get(colour)
        if colour == BLACK and len(points) == 3 and near(width, 1, 0.3):
            _chevron(points, where, picture)
        elif colour == GREY and grey:
            picture.lines.append((grey, cells))
        elif colour == ARROW_GREY:
            picture.bulbs.append(cells)
        elif colour == WHITE:
            picture.inner.append(cells)
        elif style and near(width, LINE_STYLES[style][1], 0.6):
            picture.lines.append((style, cells))
        else:
            picture.problems.append(f"a line ({colour or 'no colour'}, {width:g} thick) at "
                                    f"{model.cell_name(cells[0], n)}")


def _chevron(points, where: str, picture: _Picture) -> None:
    n = picture.n
    cell = cell_at(points[1], n)
    for step in STEPS:
        for kind in CHEVRON:
            drawn = chevron_points(cell, step, kind, n)
            if any(all(near(p[0], q[0], 0.02) and near(p[1], q[1], 0.02)
                       for p, q in zip(order, drawn, strict=True))
                   for order in (points, points[::-1])):
                picture.chevrons[(cell, step)] = kind
                return
    picture.problems.append(f"a black line at {model.cell_name(cell, n)} ({where})")


def _overlays(data: dict, key: str, picture: _Picture) -> None:
    """Dots, X/V and signs on edges; clues on corners; numbers and symbols outside the
    grid; arrow bulbs and the circles on line ends."""
    n = picture.n
    for where, item in _items(data, key):
        center = _point(item.get("center"), f"{where}.center")
        text = _text(item, "text", where)
        if not inside(center, n):
            if text:
                boxed = {_colour(item, "backgroundColor", where),
                         _colour(item, "borderColor", where)} == {WHITE}
                picture.outside.setdefault(place_of(center), []).append((text, boxed))
            else:
                picture.problems.append(f"a shape outside the grid ({where})")
        elif not _on_edge(item, center, text, where, picture) and not _circle(
                item, center, text, where, picture):
            picture.problems.append(f"a mark {text[:10]!r} at ({center[0]:.1f}, "
                                    f"{center[1]:.1f})")


def _on_edge(item: dict, center, text: str, where: str, picture: _Picture) -> bool:
    """A dot, X/V, sign or bar between two cells (False: not one)."""
    edge = edge_at(center, picture.n)
    if edge is None:
        return False
    rounded = item.get("rounded") is True
    width, height = _number(item, "width", where), _number(item, "height", where)
    if text.upper() in LETTERS and not rounded:
        picture.parts["marks"].append(Mark(LETTERS[text.upper()], *edge))
    elif text in SIGNS and not rounded:
        if _number(item, "angle", where) % 360:
            picture.problems.append(f"a turned sign {text!r} ({where})")
        a, b = edge
        smaller_first = SIGNS[text] in ("<", "∧")
        picture.parts["marks"].append(Mark(SIGN, a, b) if smaller_first else Mark(SIGN, b, a))
    elif rounded and near(width, 0.3, 0.1) and (not text or _numeral(text)):
        filled = _colour(item, "backgroundColor", where) == BLACK
        picture.parts["marks"].append(Mark(DOTS[filled], *edge, int(text) if text else 0))
    elif not text and not rounded and 0 < min(width, height) < 0.2:
        picture.parts["marks"].append(Mark(STROKE, *edge))
    else:
        return False
    return True


def _circle(item: dict, center, text: str, where: str, picture: _Picture) -> bool:
    """A corner clue's circle, an arrow's bulb, or a circle on a line's end (False: none)."""
    n = picture.n
    if item.get("rounded") is not True:
        return False
    width, height = _number(item, "width", where), _number(item, "height", where)
    fill = _colour(item, "backgroundColor", where)
    border = _colour(item, "borderColor", where)
    corner = corner_at(center, n)
    kind = next((kind for kind in CORNERS if near(width, kind.circle)), None)
    if corner and kind and border == BLACK and text:
        digits = _digits(text.split(), n, f"{where}.text")
        picture.add(kind.field, kind.make(corner, tuple(digits)))
    elif border == ARROW_GREY and not text:
        picture.bulbs.append(_bulb_cells(center, width, height, where, n))
    elif text or not near(center[0] % 1, 0.5) or not near(center[1] % 1, 0.5):
        return False
    elif border == GREY and fill == WHITE and near(width, 0.8) and GREY_RINGED:
        picture.circles.update((kind, cell_at(center, n)) for kind in GREY_RINGED)
    elif fill == border and STYLE_OF_COLOUR.get(fill) in END_CIRCLES and near(
            width, END_CIRCLES[STYLE_OF_COLOUR[fill]]):
        picture.circles.add((STYLE_OF_COLOUR[fill], cell_at(center, n)))
    else:
        return False
    return True


def _bulb_cells(center, width: float, height: float, where: str, n: int) -> tuple[int, ...]:
    """The cells of an arrow's round bulb: one, or a straight pill (SudokuPad widens the
    circle by a cell for each more cell), in reading order."""
    across, down = max(0, round(width - 0.83)), max(0, round(height - 0.83))
    if across and down:
        raise SclError(f"{where}: an arrow's bulb {width:g} wide and {height:g} high")
    return tuple(cell_at((center[0] - down / 2 + i * bool(down),
                           center[1] - across / 2 + i * bool(across)), n)
                 for i in range(max(across, down) + 1))


def _underlays(data: dict, key: str, picture: _Picture) -> None:
    """Coloured cells (cosmetic, but for twin shapes' grey and the shading of minima and
    maxima), thermometer bulbs, even squares and odd circles."""
    n = picture.n
    for where, item in _items(data, key):
        center = _point(item.get("center"), f"{where}.center")
        width, height = _number(item, "width", where), _number(item, "height", where)
        fill = _colour(item, "backgroundColor", where)
        rounded = item.get("rounded") is True
        if near(width, 1) and near(height, 1):
            if fill == GREY:
                picture.greyed.append(cell_at(center, n))
            elif fill in ("#CCC", MINMAX_GREY) and inside(center, n):
                picture.grey.add(cell_at(center, n))
        elif near(width, 0.85) and rounded and fill == GREY:
            picture.circles.update((word, cell_at(center, n)) for word in GREY_SHAPES)
        elif near(width, 0.7) and near(height, 0.7) and fill == GREY:
            parity = next(kind for kind in PARITY if kind.rounded == rounded)
            picture.add(parity.field, cell_at(center, n))
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
        elif not inside(points[0], n) and colour == BLACK and len(points) == 2:
            dr, dc = points[1][0] - points[0][0], points[1][1] - points[0][1]
            if not dr or not dc:
                picture.problems.append(f"an arrow outside the grid ({where})")
            else:
                direction = ("D" if dr > 0 else "U") + ("R" if dc > 0 else "L")
                picture.pointers.setdefault(place_of(points[0]), []).append(direction)
        elif colour in (ARROW_GREY, "") and all(inside(p, n) for p in points):
            picture.arrows.append([cell_at(p, n) for p in points])
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
    _caged(picture)
    n = picture.n
    paired = {c for kind in TWINS for item in picture.parts.get(kind.field, ())
              for c in kind.cells(item)}
    unexplained = sorted(set(picture.greyed) - paired)
    if unexplained:
        named = ", ".join(model.cell_name(c, n) for c in unexplained[:6])
        twins = " and ".join(f"{kind.called}s" for kind in TWINS)
        picture.problems.append(f"grey cells ({named}{' ...' if len(unexplained) > 6 else ''})"
                                f": SudokuPad shades {twins} so, and which cell copies which is "
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
        kind = LINES[KIND_OF_STYLE[style]] if style not in GREY_SHAPES else None
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
            picture.add(GREY_SHAPES[style].field, GREY_SHAPES[style].pad_line(cells))
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
        picture.add(ARROWED.field, ARROWED.pad_arrow(bulb, tuple(
            c for c in dict.fromkeys(cells) if c not in bulb)))
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
            picture.add(POINTED.field, POINTED.pad_pointed(place, pointers[0], int(boxed[0])))
        elif len(boxed) == 1 == len(entries) and not pointers and beside:
            picture.add(BOXED.field, BOXED.pad_boxed(beside[0], beside[1], int(boxed[0])))
        elif clue and len(entries) == 2 and not pointers and beside:
            picture.add("outside", Outside(SYMBOL_KINDS[texts[1]], *beside, int(texts[0])))
        else:
            shown = " ".join(t for t, _ in entries)[:20]
            picture.problems.append(f"{shown!r} outside the grid at row {place[0] + 1}, "
                                    f"column {place[1] + 1}")
    picture.problems += [f"a little killer arrow with no sum at row {r + 1}, column {c + 1}"
                         for r, c in picture.pointers]


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
                other = neighbour(cell, step, n)
                back = (-step[0], -step[1])
                if other in kinds and (other, back) not in chevrons:
                    kinds[cell], changed = kinds[other], True
                    break
    drawn = {(cell, step): kind for cell, kind in kinds.items()
             for step in open_sides(cell, {c for c, k in kinds.items() if k == kind}, n)}
    if drawn != chevrons:
        picture.problems.append("minimum and maximum chevrons that SudokuPad does not draw so")
        return
    for cell, kind in sorted(kinds.items()):
        picture.add(kind, cell)


def _caged(picture: _Picture) -> None:
    """SudokuPad's cages of a rule's houses (disjoint groups): the rule, when they are its
    houses."""
    for name, kind in GRID_RULES.items():
        groups = picture.parts.pop(name, [])
        if not groups:
            continue
        if (kind.boxes and model.box_regions(picture.n) is None) or set(groups) != {
                frozenset(g) for g, _ in kind.houses(picture.n, model.box_regions(picture.n))}:
            picture.problems.append(f"{kind.cages}-group cages that are not the boxes' "
                                    f"{kind.called}")
        else:
            picture.parts["rules"].add(name)
