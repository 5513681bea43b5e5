"""f-puzzles' puzzle JSON, read into a Variant and written from one.

Read strictly: every top-level key, every cell property and every property of a constraint's
items is either applied or known to carry no rule (COSMETIC: colours, the solver's own
digits and pencil marks, the embedded solution, solver settings, and the drawn copies of
constraints: the lines, circles, cages and text f-puzzles' constraint add-on exports for apps
without it, and plain lines or cages drawn over exactly the cells of a constraint the puzzle
holds, such as grey lines under renban or cages round twin shapes). Anything else is an error
naming it, never skipped, since a skipped rule makes the count wrong. A value of the wrong
type is an error naming its place (`thermometer[0].lines`).

Conventions beyond f-puzzles' own: an inequality (不等号) is a `text` item on two neighbouring
cells holding < or > (left to right) or ∧ / ∨ (top to bottom, the narrow end at the smaller
digit); a consecutive bar is a `difference` item with "bar": true; a negative constraint for
X alone or V alone goes in "workbenchNegative".
"""

from __future__ import annotations

import re
import sys
from functools import partial

from core.variants import marks, model
from core.variants.cell_clues import CELL_KINDS, PARITY
from core.variants.grid_rules import GRID_RULES
from core.variants.groups import CORNERS, PENCILS, REGIONS, TWINS, WAYS
from core.variants.jsoncheck import Checks
from core.variants.kinds import LINES
from core.variants.marks import MARKS, NEGATIVE_KINDS
from core.variants.model import (
    Line,
    Mark,
    Outside,
    Variant,
)
from core.variants.outside import OUTSIDE
from core.variants.shapes import SHAPES, ranked

CELL_ID = re.compile(r"^R([0-9]{1,2})C([0-9]{1,2})$")  # not \d: that takes fullwidth １ too
# Top-level keys that carry no rule: the puzzle's words, the solver's view and settings.
COSMETIC = {"size", "grid", "title", "author", "ruleset", "solution", "successMessage",
            "highlightConflicts", "disabledlogic", "truecandidatesoptions", "fogofwar",
            "foglight"}
# Cell properties that carry no rule: colours, the solver's own pencil marks.
CELL_COSMETIC = {"c", "cArray", "highlight", "centerPencilMarks", "cornerPencilMarks"}
CELL_READ = {"value", "given", *(kind.pencil for kind in PENCILS), "region", "parity"}
# Item properties that only say how an item looks.
ITEM_COSMETIC = {"outlineC", "baseC", "fontC", "c", "size", "width", "height",
                 "fromConstraint", "isNewConstraint", "fromRangskSolver"}
# The kind f-puzzles writes as a sign in a `text` item (an inequality), and the negative
# rules that share their word with another kind's (xv), which ours can name one at a time.
SIGN = next(name for name, kind in MARKS.items() if kind.directed)
SHARED_NEGATIVE = tuple(k for k in NEGATIVE_KINDS if sum(
    MARKS[o].rule.fpuzzles == MARKS[k].rule.fpuzzles for o in NEGATIVE_KINDS) > 1)
LESS_SIGNS = {"<": (0, 1), ">": (0, -1), "∧": (1, 1), "^": (1, 1), "∨": (1, -1), "v": (1, -1)}
LINE_KEYS = {kind.fpuzzles: name for name, kind in LINES.items()}  # each line kind's key
WAY_KEYS = {way.key: (kind, way) for kind in WAYS for way in kind.ways}  # the ways shape's
# The constraint add-on's names for the drawn copies it adds to line, circle, cage and text.
ADDON_KEYS = {**{addon.name: kind.fpuzzles for kind in LINES.values()
                 for addon in kind.addon.values()},
              **{name: kind.fpuzzles for kind in LINES.values() for name in kind.addon_names},
              **{way.addon[0]: key for key, (_, way) in WAY_KEYS.items()},
              **{kind.addon[0]: name for name, kind in OUTSIDE.items()}}
# How f-puzzles' constraint add-on draws the copies it exports beside each constraint, for
# apps without it (SudokuPad among them): the line kinds' name, colour and width (a whisper's
# style is German or Dutch by its difference), the marked cells' cage colour, the outside clues'
# symbol. The writer draws the same copies; core/variants/sudokupad/ reads them back.
ADDON_LINES = {style: addon for kind in LINES.values() for style, addon in kind.addon.items()}
ADDON_CIRCLES = {style: addon.circle for style, addon in ADDON_LINES.items() if addon.circle}
# A whisper of another difference: drawn in a colour of its own that no app reads as German
# or Dutch (the add-on's green says "5 on 9x9"), as a plain line (its record's `plain`; see
# _line_copy). f-puzzles itself has no such whisper; this workbench and SudokuSolver read its
# value.
ADDON_SYMBOLS = {name: kind.addon for name, kind in OUTSIDE.items()}
# Constraint keys whose items draw cells (lines, shapes, clue places) a copy may trace.
DRAWN_KEYS = (*LINE_KEYS, *(kind.fpuzzles for kind in TWINS),
              *(kind.fpuzzles for kind in REGIONS), *(kind.fpuzzles for kind in SHAPES.values()),
              *WAY_KEYS, *OUTSIDE)
CIRCLED_ENDS = (*(kind.fpuzzles for kind in SHAPES.values() if kind.pad_line),  # a bulb
                *(kind.fpuzzles for kind in LINES.values() if kind.ends))

class FPuzzlesError(ValueError):
    """What in the JSON cannot be read, in words."""


def cell_id(cell: int, n: int) -> str:
    return f"R{cell // n + 1}C{cell % n + 1}"


# --- checked access: every value has its expected type, or the error names its place --------

CHECKS = Checks(FPuzzlesError)
_type_error, _list = CHECKS.type_error, CHECKS.list


def _items(data: dict, key: str) -> list[tuple[str, dict]]:
    """The objects of a constraint list, each with its place (`killercage[2]`)."""
    found = []
    for i, item in enumerate(_list(data[key], key)):
        if not isinstance(item, dict):
            raise _type_error(f"{key}[{i}]", "an object", item)
        found.append((f"{key}[{i}]", item))
    return found


def _only(item: dict, where: str, keys: set[str]) -> None:
    """Refuse an item property that is neither read nor known to be only drawing."""
    unknown = sorted(k for k in item if k not in keys and k not in ITEM_COSMETIC)
    if unknown:
        raise FPuzzlesError(f"{where} has {', '.join(map(repr, unknown))}, which this "
                            "workbench does not read (it may carry a rule)")


def _rc(text, n: int, where: str, outside: bool = False) -> tuple[int, int]:
    match = CELL_ID.match(text) if isinstance(text, str) else None
    if match is None:
        raise _type_error(where, "a cell like R3C5", text)
    r, c = int(match.group(1)) - 1, int(match.group(2)) - 1
    low, high = (-1, n) if outside else (0, n - 1)
    if not (low <= r <= high and low <= c <= high):
        raise FPuzzlesError(f"{where}: {text} is outside the {n}x{n} grid")
    return r, c


def _cell(text, n: int, where: str) -> int:
    r, c = _rc(text, n, where)
    return r * n + c


def _cells(items, n: int, where: str) -> tuple[int, ...]:
    if not isinstance(items, list) or not items:
        raise _type_error(where, "a list of cells", items)
    return tuple(_cell(t, n, f"{where}[{i}]") for i, t in enumerate(items))


def _number(value, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise _type_error(where, "a whole number", value)
    text = str(value).strip()
    if not text.isascii() or not text.isdigit() or len(text) > 4:
        raise _type_error(where, "a whole number", value)
    return int(text)


def _positive(value, where: str) -> int:
    """A dot's or a whisper's number, where 0 would be read as the usual one."""
    found = _number(value, where)
    if found == 0:
        raise _type_error(where, "a number from 1 (none: the usual one)", value)
    return found


def _blank(value) -> bool:
    return value is None or value == ""


def _absent(value) -> bool:
    """A key that holds nothing: null, false, or an empty list, text or object (0 is a
    value: an unknown key holding 0 may still carry a rule)."""
    return value is None or value is False or (isinstance(value, list | str | dict)
                                               and not value)


def _digits(value, n: int, where: str) -> list[int]:
    digits = [_number(v, f"{where}[{i}]") for i, v in enumerate(_list(value, where))]
    if any(not 1 <= d <= n for d in digits):
        raise FPuzzlesError(f"{where}: digits are 1 to {n}")
    return digits


# --- reading -------------------------------------------------------------------------------

def read(data: dict) -> Variant:
    """The Variant an f-puzzles JSON object describes (FPuzzlesError, or ModelError)."""
    if not isinstance(data, dict) or not isinstance(data.get("grid"), list):
        raise FPuzzlesError("not an f-puzzles puzzle (no grid)")
    n = data.get("size", len(data["grid"]))
    if isinstance(n, bool) or not isinstance(n, int) or not model.MIN_SIZE <= n <= model.MAX_SIZE:
        raise FPuzzlesError(f"size {n!r}: grids of {model.MIN_SIZE} to {model.MAX_SIZE} are read")
    # an unknown key is refused whatever it holds ([] and false too: it may be a rule)
    unknown = sorted(k for k in data if k not in COSMETIC and k not in READERS)
    if unknown:
        raise FPuzzlesError(f"constraints this workbench does not read: {', '.join(unknown)}")
    parts: dict = {"rules": set(), "negative": set(), "marks": [], "meta": []}
    givens, regions = _grid(data["grid"], n, parts)
    for key, reader in READERS.items():
        if data.get(key) is not None:  # each reader checks its value's type ([]: none)
            reader(data, key, n, parts)
    for key, name in (("title", "title"), ("author", "author"), ("ruleset", "rules")):
        if isinstance(data.get(key), str) and data[key].strip():
            parts["meta"].append((name, data[key].strip()[:2000]))
    return model.make(n, givens, regions, **parts)


def _grid(rows, n: int, parts: dict):
    """The givens, the regions (None: the boxes) and each cell's given digits and
    parity; a cell's other properties are refused unless they only colour or mark it."""
    if len(rows) != n or any(not isinstance(row, list) or len(row) != n for row in rows):
        raise FPuzzlesError(f"the grid is not {n} rows of {n} cells")
    givens, regions = [], []
    for i, cell in enumerate(c for row in rows for c in row):
        where = f"grid cell {cell_id(i, n)}"
        if not isinstance(cell, dict):
            raise _type_error(where, "an object", cell)
        unknown = sorted(k for k in cell if k not in CELL_READ and k not in CELL_COSMETIC)
        if unknown:
            raise FPuzzlesError(f"{where} has {', '.join(map(repr, unknown))}, which this "
                                "workbench does not read (it may carry a rule)")
        if not isinstance(cell.get("given"), bool | None):  # "yes" is not read as no
            raise _type_error(f"{where} given", "true or false", cell["given"])
        given = cell.get("given") is True and not _blank(cell.get("value"))
        givens.append(_number(cell["value"], f"{where} value") if given else 0)
        if givens[-1] > n:
            raise FPuzzlesError(f"{where}: a given is 1 to {n}")
        for kind in PENCILS:  # a cell's given digits
            if cell.get(kind.pencil) not in (None, []) and not givens[-1]:
                digits = _digits(cell[kind.pencil], n, f"{where} {kind.pencil}")
                parts.setdefault(kind.field, []).append((i, sum(1 << (d - 1) for d in digits)))
        _parity(cell.get("parity"), i, where, parts)
        if "region" in cell and cell["region"] is None:
            raise FPuzzlesError(f"{where} is in no region (region: null); cells outside every "
                                "region are not read")
        regions.append(cell.get("region"))
    return givens, _regions(regions, n)


def _parity(parity, cell: int, where: str, parts: dict) -> None:
    """A cell's own {"parity": "Even"} or "Odd" (SudokuSolver's puzzles)."""
    if parity is None:
        return
    kinds = {kind.word: kind.field for kind in PARITY}
    if not isinstance(parity, str) or parity.lower() not in kinds:
        raise _type_error(f"{where} parity", " or ".join(w.capitalize() for w in kinds), parity)
    parts.setdefault(kinds[parity.lower()], []).append(cell)


def _regions(regions: list, n: int):
    """The regions, a cell left out taking f-puzzles' default (its box, or on a size with no
    boxes its row); None when no cell names one."""
    if all(r is None for r in regions):
        return None if model.box_regions(n) else [i // n for i in range(n * n)]
    default = model.box_regions(n) or [i // n for i in range(n * n)]
    found = []
    for i, r in enumerate(regions):
        r = default[i] if r is None else r
        if isinstance(r, bool) or not isinstance(r, int) or not 0 <= r < n:
            raise _type_error(f"grid cell {cell_id(i, n)} region", f"a region 0 to {n - 1}", r)
        found.append(r)
    return found


def _flag(name: str):
    """A rule that is on: f-puzzles writes true and leaves out a rule that is off."""
    def read_flag(data, key, n, parts):
        if data[key] is not True:
            raise _type_error(key, "true (a rule that is off is left out)", data[key])
        parts["rules"].add(name)
    return read_flag


def _negative(data, key, n, parts):
    """f-puzzles' list of negative rules: each word rules every kind whose record names it."""
    for i, word in enumerate(_list(data[key], key)):
        kinds = {k for k in NEGATIVE_KINDS
                 if not MARKS[k].rule.flag and MARKS[k].rule.fpuzzles == word}
        if not kinds:
            raise FPuzzlesError(f"{key}[{i}]: the negative constraint {word!r} is not read")
        parts["negative"] |= kinds


def _own_negative(data, key, n, parts):
    """Ours: a kind ruled without the others its f-puzzles word covers (X alone)."""
    for i, kind in enumerate(_list(data[key], key)):
        if kind not in SHARED_NEGATIVE:
            raise _type_error(f"{key}[{i}]", " or ".join(SHARED_NEGATIVE), kind)
        parts["negative"].add(kind)


def _negative_flag(kind: str):
    """A negative rule f-puzzles sets as a key of its own (nonconsecutive: true)."""
    def read_flag(data, key, n, parts):
        if data[key] is not True:
            raise _type_error(key, "true (a rule that is off is left out)", data[key])
        parts["negative"].add(kind)
    return read_flag


def _single_cells(field: str):
    def read_cells(data, key, n, parts):
        for where, item in _items(data, key):
            _only(item, where, {"cell"})
            parts.setdefault(field, []).append(_cell(item.get("cell"), n, f"{where}.cell"))
    return read_cells


def _cell_groups(field: str):
    """Items of `cells`: a region shape's, or cells marked one way."""
    def read_groups(data, key, n, parts):
        for where, item in _items(data, key):
            _only(item, where, {"cells", "value"})
            cells = _cells(item.get("cells"), n, f"{where}.cells")
            if key in WAY_KEYS:
                parts.setdefault(field, []).extend((WAY_KEYS[key][1].name, c) for c in cells)
            else:
                parts.setdefault(field, []).append(cells)
    return read_groups


def _pair(item: dict, n: int, where: str) -> tuple[int, int]:
    cells = _cells(item.get("cells"), n, f"{where}.cells")
    if len(cells) != 2:
        raise FPuzzlesError(f"{where}: a dot or sign joins two cells")
    return cells


def _mark_items(key: str):
    """The marks of the kinds f-puzzles lists under `key`: a dot's value is its amount (blank:
    the usual), and a kind sharing the key with it is told by its own flag (a bar); kinds
    without a number are told by their value (X or V)."""
    kinds = [k for k in MARKS.values() if k.fpuzzles == key]
    valued = next((k for k in kinds if k.valued), None)
    flags = {f for k in kinds if valued is not None for f in k.item}

    def read_marks(data, key, n, parts):
        for where, item in _items(data, key):
            _only(item, where, {"cells", "value", *flags})
            if valued is None:
                parts["marks"].append(Mark(_lettered(kinds, item, where).name,
                                           *_pair(item, n, where)))
                continue
            kind = next((k for k in kinds if k.item and all(
                item.get(f) is v for f, v in k.item.items())), valued)
            value = valued.usual if _blank(item.get("value")) else _positive(
                item["value"], f"{where}.value")
            if kind is not valued and value != kind.usual:
                raise FPuzzlesError(f"{where}: {kind.called} is for {kind.says(kind.usual)} "
                                    f"digits, not {value}")
            parts["marks"].append(Mark(kind.name, *_pair(item, n, where), value))
    return read_marks


def _lettered(kinds, item: dict, where: str):
    """The kind whose letter an item's value is (X or V, either case)."""
    letter = str(item.get("value", "")).lower()
    found = next((k for k in kinds if k.item["value"].lower() == letter), None)
    if found is None:
        raise _type_error(f"{where}.value", " or ".join(k.item["value"] for k in kinds),
                          item.get("value"))
    return found


def _text(data, key, n, parts):
    for where, item in _items(data, key):
        _only(item, where, {"cells", "value", "angle"})
        if _blank(item.get("value")) or (item.get("fromConstraint") is not None
                                          and _drawn_copy(data, item, where)):
            continue  # nothing written, or the add-on's copy of a clue held under its key
        sign, cells = item.get("value"), item.get("cells")
        if sign not in tuple(LESS_SIGNS) or not isinstance(cells, list) or len(cells) != 2:
            raise FPuzzlesError(f"{where}: text {str(sign)[:20]!r}: only inequality signs "
                                "(< > ∧ ∨ on two neighbouring cells) are read; other text "
                                "carries rules this workbench cannot see")
        a, b = sorted(_pair(item, n, where))
        towards = _pointing(sign, item.get("angle", 0), where)  # the smaller digit's side
        step = (b // n - a // n, b % n - a % n)
        if towards not in (step, (-step[0], -step[1])):
            raise FPuzzlesError(f"{where}: sign {sign!r} between {cells[0]} and {cells[1]} "
                                "points along the wrong axis")
        parts["marks"].append(Mark(SIGN, b, a) if towards == step else Mark(SIGN, a, b))


def _pointing(sign: str, angle, where: str) -> tuple[int, int]:
    """Where an inequality sign's narrow end points (row, column steps), after f-puzzles
    turns it by `angle` degrees clockwise: the smaller digit is on that side."""
    if isinstance(angle, bool) or not isinstance(angle, int | float) or angle % 90:
        raise _type_error(f"{where}.angle", "a multiple of 90 degrees", angle)
    vertical, smaller_first = LESS_SIGNS[sign]
    dr, dc = (-smaller_first, 0) if vertical else (0, -smaller_first)
    for _ in range(int(angle) // 90 % 4):
        dr, dc = dc, -dr
    return dr, dc


def _drawn_copy(data: dict, item: dict, where: str) -> bool:
    """True for a drawing of a constraint the puzzle holds under its own key: the add-on's
    copies (fromConstraint names it) and shapes over exactly the cells one of its items
    draws (a line, a twin clue's shape, a clue's place, a line's end). A copy naming a
    constraint the puzzle does not hold is refused: a drawing never stands in for a rule."""
    name = item.get("fromConstraint")
    if name is not None:
        key = ADDON_KEYS.get(name) if isinstance(name, str) else None
        if key is None or _absent(data.get(key)):
            raise FPuzzlesError(f"{where} is drawn for {name!r}, but the puzzle does not hold "
                                "that constraint")
        if _traced(item) not in _drawn({key: data[key]}):
            raise FPuzzlesError(f"{where} is drawn for {name!r} over cells no {key} item "
                                "holds (a drawing never stands in for a rule)")
        return True
    return _traced(item) in _drawn(data)


def _traced(item: dict) -> frozenset:
    """The cell names an item draws over (its lines' or its cells')."""
    found = []
    for line in item.get("lines") or [] if isinstance(item.get("lines"), list) else []:
        found += line if isinstance(line, list) else []
    cells = item.get("cells")
    found += cells if isinstance(cells, list) else []
    return frozenset(str(c).upper() for c in found)


def _drawn(data: dict) -> set[frozenset]:
    """The cell-name sets the puzzle's constraints draw: each line, shape and clue place, the
    circled ends of thermometers, between lines and double arrows, and each constraint key's
    cells together (the add-on's one cage for all of a puzzle's cells marked one way)."""
    shapes = []
    for key in DRAWN_KEYS:
        whole = set()
        for item in data.get(key) or [] if isinstance(data.get(key), list) else []:
            if not isinstance(item, dict):
                continue
            for part in ("cells", *(kind.other for kind in TWINS)):
                if isinstance(item.get(part), list):
                    shapes.append(frozenset(map(str, item[part])))
            for line in item.get("lines") or [] if isinstance(item.get("lines"), list) else []:
                if isinstance(line, list) and line:
                    shapes.append(frozenset(map(str, line)))
                    if key in CIRCLED_ENDS:
                        shapes += [frozenset({str(line[0])}), frozenset({str(line[-1])})]
            if isinstance(item.get("cell"), str):
                shapes.append(frozenset({item["cell"]}))
            whole |= _traced(item)
        shapes.append(frozenset(whole))
    return {s for s in shapes if s}


def _drawn_only(data, key, n, parts):
    """line, circle, rectangle: shapes whose meaning lives in the rules text, unless they
    draw a constraint the puzzle holds."""
    for where, item in _items(data, key):
        if not _drawn_copy(data, item, where):
            raise FPuzzlesError(f"{where}: a drawn {key} carries a rule this workbench cannot "
                                "see (it lives in the rules text)")


def _cosmetic_cages(data, key, n, parts):
    """f-puzzles' plain cages: SudokuPad's metadata (title: ..., no colour) and the add-on's
    copies of marked cells are fine; any other plain cage carries a rule we cannot see."""
    for where, item in _items(data, key):
        _only(item, where, {"cells", "value"})
        if _blank(item.get("value")) and _drawn_copy(data, item, where):
            continue
        if item.get("fromConstraint") is not None and _drawn_copy(data, item, where):
            continue
        if item.get("cells") or not re.match(r"^[a-z]+: ", str(item.get("value", ""))):
            raise FPuzzlesError(f"{where}: a plain cage (not a killer cage) carries rules "
                                "this workbench cannot see")


def _beside(item: dict, n: int, where: str) -> tuple[str, int, bool]:
    """An outside clue's row or column, and whether it sits after it (right, below)."""
    r, c = _rc(item.get("cell"), n, f"{where}.cell", outside=True)
    if r in (-1, n) and 0 <= c < n:
        return "col", c, r == n
    if c in (-1, n) and 0 <= r < n:
        return "row", r, c == n
    raise FPuzzlesError(f"{where}: a clue at {item.get('cell')} is not beside a row or column")


def _outside(data, key, n, parts):
    for where, item in _items(data, key):
        _only(item, where, {"cell", "value"})
        line, index, reverse = _beside(item, n, where)
        total = _number(item.get("value"), f"{where}.value")
        parts.setdefault("outside", []).append(Outside(key, line, index, reverse, total))


def _polylines(item: dict, n: int, where: str) -> list[tuple[int, ...]]:
    lines = _list(item.get("lines"), f"{where}.lines")
    if not lines:
        raise FPuzzlesError(f"{where}: a line without cells")
    return [_cells(line, n, f"{where}.lines[{i}]") for i, line in enumerate(lines)]


def _lines(data, key, n, parts):
    kind = LINE_KEYS[key]
    valued = LINES[kind].usual is not None
    for where, item in _items(data, key):
        _only(item, where, {"lines", "value"} if valued else {"lines"})
        value = 0
        if valued and not _blank(item.get("value")):
            value = _positive(item["value"], f"{where}.value")  # 0 would read as the usual
        parts.setdefault("lines", []).extend(Line(kind, cells, value)
                                             for cells in _polylines(item, n, where))


def _twins(kind):
    """Two shapes paired cell for cell: cells and the other's key."""
    def read(data, key, n, parts):
        for where, item in _items(data, key):
            _only(item, where, {"cells", kind.other})
            parts.setdefault(kind.field, []).append(kind.twin(
                _cells(item.get("cells"), n, f"{where}.cells"),
                _cells(item.get(kind.other), n, f"{where}.{kind.other}")))
    return read


def _corners(kind):
    """A clue on a corner: its four cells and its digits."""
    def read(data, key, n, parts):
        for where, item in _items(data, key):
            _only(item, where, {"cells", "values"})
            cells = _cells(item.get("cells"), n, f"{where}.cells")
            digits = _digits(item.get("values"), n, f"{where}.values")
            parts.setdefault(kind.field, []).append(kind.make(cells, tuple(digits)))
    return read


# The checked access above, as the records' own readers use it (core.variants.shapes).
items_of, only, blank, number, cells_of = _items, _only, _blank, _number, _cells
place_of, type_error, polylines, beside = _rc, _type_error, _polylines, _beside

READERS = {
    **{kind.fpuzzles: _flag(name) for name, kind in GRID_RULES.items()},
    **{MARKS[k].rule.fpuzzles: _negative_flag(k) for k in NEGATIVE_KINDS if MARKS[k].rule.flag},
    "negative": _negative, "workbenchNegative": _own_negative,
    **{kind.fpuzzles: _cell_groups(kind.field) for kind in REGIONS},
    **{kind.word: _single_cells(kind.field) for kind in CELL_KINDS.values()},
    **{k.fpuzzles: _mark_items(k.fpuzzles) for k in MARKS.values() if not k.directed},
    "text": _text,
    **{kind.fpuzzles: partial(kind.read_fpuzzles, f=sys.modules[__name__])  # with its checks
       for kind in SHAPES.values()},
    "cage": _cosmetic_cages,
    **dict.fromkeys(OUTSIDE, _outside),
    **{kind.fpuzzles: _twins(kind) for kind in TWINS},
    **{kind.fpuzzles: _corners(kind) for kind in CORNERS},
    "line": _drawn_only, "circle": _drawn_only,
    "rectangle": _drawn_only, **{key: _lines for key in LINE_KEYS},
    **{key: _cell_groups(kind.field) for key, (kind, _) in WAY_KEYS.items()},
}


# --- writing -------------------------------------------------------------------------------

def write(p: Variant, answer=None) -> dict:
    """The f-puzzles JSON of a puzzle (with its solution when one is given); a rule no kind
    names has no f-puzzles form, and is refused by name rather than dropped."""
    model.refuse_unless(p, model.features(p) - {f"rule {k}" for k in model.RULE_RECORDS}
                        - {"digits from 0"}, "an f-puzzles link")
    n = p.size
    data: dict = {"size": n, "grid": _grid_out(p)}
    data.update({k: v for k, v in (("title", _meta(p, "title")), ("author", _meta(p, "author")),
                                   ("ruleset", _meta(p, "rules"))) if v})
    data.update({GRID_RULES[r].fpuzzles: True for r in sorted(p.rules)})
    data.update({MARKS[k].rule.fpuzzles: True for k in NEGATIVE_KINDS
                 if k in p.negative and MARKS[k].rule.flag})
    negative, single = marks.together({k for k in p.negative if not MARKS[k].rule.flag},
                                      lambda rule: rule.fpuzzles)
    if negative:
        data["negative"] = negative
    if single:
        data["workbenchNegative"] = sorted(single)
    _marks_out(p, data)
    _shapes_out(p, data)
    _new_out(p, data)
    if answer is not None:
        data["solution"] = list(answer)
    return data


def _meta(p: Variant, key: str) -> str:
    return dict(p.meta).get(key, "")


def _grid_out(p: Variant) -> list:
    n, rows = p.size, []
    allowed = [(kind, dict(kind.items(p))) for kind in PENCILS]
    for r in range(n):
        row = []
        for c in range(n):
            cell: dict = {}
            v = p.givens[r * n + c]
            if v:
                cell.update(value=v, given=True)
            for kind, given in allowed:
                digits = given.get(r * n + c)
                if digits and v and not digits >> (v - 1) & 1:
                    raise model.ModelError(f"the given {v} of {cell_id(r * n + c, n)} is not "
                                           f"among its {kind.called}")
                if digits and not v:
                    cell[kind.pencil] = [d for d in range(1, n + 1) if digits >> (d - 1) & 1]
            if p.regions != model.box_regions(n):
                cell["region"] = p.regions[r * n + c]
            row.append(cell)
        rows.append(row)
    return rows


def _ids(cells, n: int) -> list[str]:
    return [cell_id(c, n) for c in cells]


def _marks_out(p: Variant, data: dict) -> None:
    n = p.size
    for m in p.marks:
        ids = _ids((m.a, m.b), n)
        value = {"value": str(m.value)} if m.value else {}
        kind = MARKS[m.kind]
        if not kind.directed:
            data.setdefault(kind.fpuzzles, []).append({"cells": ids, **value, **kind.item})
        else:
            first, second = sorted((m.a, m.b))
            vertical = second - first == n
            sign = ("∧" if m.a == first else "∨") if vertical else ("<" if m.a == first else ">")
            data.setdefault(kind.fpuzzles, []).append(
                {"cells": _ids((first, second), n), "value": sign, "fontC": "#000000",
                 "size": 0.6})
    for kind in CELL_KINDS.values():
        if kind.cells(p):
            data[kind.word] = [{"cell": cell_id(c, n)} for c in kind.cells(p)]
    for kind in REGIONS:
        if kind.items(p):
            data[kind.fpuzzles] = [{"cells": _ids(r, n)} for r in kind.items(p)]


def _shapes_out(p: Variant, data: dict) -> None:
    for kind in ranked("fpuzzles"):
        if kind.of(p):
            data[kind.fpuzzles] = kind.write_fpuzzles(p, sys.modules[__name__])


def outside_id(line: str, index: int, reverse: bool, n: int) -> str:
    far = n + 1 if reverse else 0
    return f"R{index + 1}C{far}" if line == "row" else f"R{far}C{index + 1}"


def _new_out(p: Variant, data: dict) -> None:
    n = p.size
    keys = {kind: key for key, kind in LINE_KEYS.items()}
    for line in p.lines:
        value = {"value": str(line.value)} if LINES[line.kind].usual is not None else {}
        data.setdefault(keys[line.kind], []).append({"lines": [_ids(line.cells, n)], **value})
        _line_copy(line, n, data)
    for key, (kind, way) in WAY_KEYS.items():
        cells = way.cells(p, kind.field)
        if cells:
            data[key] = [{"cells": _ids(cells, n)}]
            name, colour = way.addon
            data.setdefault("cage", []).append({"cells": _ids(cells, n), "outlineC": colour,
                                                "fontC": "#000000", "fromConstraint": name})
    for kind in TWINS:
        if kind.items(p):
            data[kind.fpuzzles] = [{"cells": _ids(a, n), kind.other: _ids(b, n)}
                                   for a, b in map(kind.shapes, kind.items(p))]
    for kind in CORNERS:
        if kind.items(p):
            data[kind.fpuzzles] = [{"cells": _ids(kind.cells(item), n),
                                    "values": list(kind.digits_of(item)[1])}
                                   for item in kind.items(p)]
    for o in p.outside:
        place = outside_id(o.line, o.index, o.reverse, n)
        data.setdefault(o.kind, []).append({"cell": place, "value": str(o.total)})
        name, symbol = ADDON_SYMBOLS[o.kind]
        data.setdefault("text", []).extend(
            {"cells": [place], "value": text, "fontC": "#000000", "size": size,
             "fromConstraint": name} for text, size in ((symbol, 1.2), (str(o.total), 0.7)))


def _line_copy(line, n: int, data: dict) -> None:
    """The add-on's drawn copy of a line, so apps without it (SudokuPad) show the line."""
    kind = LINES[line.kind]
    style = kind.style_of(line, n)
    if style is None and kind.plain is None:
        return  # palindromes and between lines are f-puzzles' own
    addon = ADDON_LINES[style] if style is not None else kind.plain
    ids = _ids(line.cells, n)
    # The add-on takes a copy naming it for its own drawing and drops whispers that are
    # neither German nor Dutch: such a whisper's copy is a plain line, so it stays in sight.
    origin = {addon.marked: addon.name if addon.marked == "fromConstraint" else True} if (
        style is not None) else {}
    data.setdefault("line", []).append({"lines": [ids], "outlineC": addon.colour,
                                        "width": addon.width, **origin})
    ends = {"both": (ids[0], ids[-1]), "bulb": (ids[0],)}.get(kind.ends, ())
    data.setdefault("circle", []).extend(
        {"cells": [end], "baseC": addon.colour, "outlineC": addon.colour,
         "width": addon.circle, "height": addon.circle, "fromConstraint": addon.name}
        for end in ends if addon.circle)
