"""A Sudoku variant in ipuz's `sudoku` kind: a jigsaw's regions, diagonals, windoku windows and
region shapes as `zones` (with `boxes` false for a jigsaw), killer cages as `cages` (value and
"+"). What the spec has no field for goes, in the text format's own lines, into the extension
field "org.puzzle-workbench:constraints", which other readers ignore.

An ipuz Sudoku comes here (not to classic Sudoku) when it has cages, that extension, or zones
that are not the boxes of a classic grid."""

from __future__ import annotations

from dataclasses import replace

from core.errors import ParseError
from core.files import read_json
from core.sudoku.model import SYMBOLS
from core.variants import formats, model
from core.variants.grid_rules import SLANTS
from core.variants.groups import DIFFERENT, REGIONS
from core.variants.jsoncheck import Checks
from core.variants.model import Variant, windows
from core.variants.shapes import SHAPES

KIND = "http://ipuz.org/sudoku#1"
KIND_PREFIX = "http://ipuz.org/sudoku"
EXTENSION = "org.puzzle-workbench:constraints"
IPUZ_KINDS = tuple(kind for kind in SHAPES.values() if kind.ipuz)  # killer cages: ipuz's own
SPEC_PARTS = ("rules", *(kind.field for kind in REGIONS),  # what zones and cages carry
              *(kind.field for kind in IPUZ_KINDS))


def needs_variants(text: str) -> bool:
    """An ipuz Sudoku that classic Sudoku cannot read in full."""
    try:
        data = read_json(text)
    except Exception:  # not JSON: not ours to say
        return False
    kinds = data.get("kind") if isinstance(data, dict) else None
    if not isinstance(kinds, list) or KIND_PREFIX not in " ".join(map(str, kinds)):
        return False
    if any(data.get(kind.ipuz[2]) for kind in IPUZ_KINDS) or data.get(EXTENSION):
        return True
    if not data.get("zones") or not _zones_hold_every_symbol(data):
        return False  # a zone holds each symbol once: one of another size is an error
    from core.sudoku.ipuz import from_ipuz as classic

    try:
        classic(data)
    except (ParseError, ValueError, KeyError, TypeError, IndexError):
        return True
    return False


def _zones_hold_every_symbol(data: dict) -> bool:
    """Zones of n cells each (or malformed ones, which this reader names)."""
    rows, zones = data.get("puzzle"), data.get("zones")
    if not isinstance(rows, list) or not isinstance(zones, list):
        return True
    try:
        return all(len(_zone_cells(zone, len(rows), "zones")) == len(rows) for zone in zones)
    except ParseError:
        return True


def _xy(cell: int, n: int) -> list[int]:
    return [cell % n + 1, cell // n + 1]  # ipuz: column, row, from 1


def to_ipuz(p: Variant, answer=None) -> dict:
    n = p.size
    model.refuse_unless(p, model.features(p) - {"digits from 0"}, "ipuz")
    rows = [list(p.givens[r * n:(r + 1) * n]) for r in range(n)]
    data = {"kind": [KIND], "charset": SYMBOLS[:n], "displaycharset": True,
            "boxes": not p.jigsaw, "dimensions": {"width": n, "height": n}, "puzzle": rows}
    zones = []
    if p.jigsaw:
        zones += [[i for i in range(n * n) if p.regions[i] == k] for k in range(n)]
    zones += [kind.cells(n) for kind in SLANTS if kind.name in p.rules]
    # a region shape's regions of n cells (smaller ones: in the extension)
    zones += [r for kind in REGIONS for r in kind.items(p) if len(r) == n]
    if zones:
        data["zones"] = [{"cells": [_xy(c, n) for c in zone]} for zone in zones]
    for kind in IPUZ_KINDS:
        data.update(kind.ipuz[0](p, lambda c: _xy(c, n)))
    rest = _rest(p)
    if rest:
        data[EXTENSION] = rest
    title = dict(p.meta).get("title")
    if title:
        data["title"] = title
    if answer is not None:
        data["solution"] = [list(answer[r * n:(r + 1) * n]) for r in range(n)]
    return data


def _rest(p: Variant) -> list[str]:
    """The constraint lines of the text format that zones and cages do not carry."""
    bare = replace(p, givens=(0,) * p.cells, meta=(), **{kind.field: () for kind in IPUZ_KINDS},
                   rules=p.rules - {kind.name for kind in SLANTS},
                   **{kind.field: tuple(r for r in kind.items(p) if len(r) < p.size)
                      for kind in REGIONS})
    text = formats.format(bare)
    return [line for line in text.splitlines() if ":" in line and not line.startswith(
        ("kind:", "regions:"))]


def from_ipuz(data: dict) -> Variant:
    rows = _list(data.get("puzzle"), "puzzle")
    n = len(rows)
    if not model.MIN_SIZE <= n <= model.MAX_SIZE:
        raise ParseError(f"ipuz: a Sudoku has {model.MIN_SIZE} to {model.MAX_SIZE} rows; "
                         f"found {n}", 1, 1)
    givens = [_given(value, n, f"puzzle[{r}][{c}]") for r, row in enumerate(rows)
              for c, value in enumerate(_list(row, f"puzzle[{r}]"))]
    if len(givens) != n * n:
        raise ParseError(f"ipuz: a {n}x{n} Sudoku needs {n * n} cells; found {len(givens)}",
                         1, 1)
    zones = [_zone_cells(z, n, f"zones[{i}]") for i, z in enumerate(_listed(data, "zones"))]
    boxes = data.get("boxes", True)
    if not isinstance(boxes, bool):
        raise _type_error("boxes", "true or false", boxes)
    regions, rest = _regions_of(zones, n, boxes)
    slants = {kind.name: kind.cells(n) for kind in SLANTS}
    rules = {rule for rule, cells in slants.items()
             if cells in [tuple(sorted(z)) for z in rest]}
    zoned = [z for z in rest if tuple(sorted(z)) not in {tuple(sorted(c))
                                                          for c in slants.values()}]
    shapes = {kind.field: kind.ipuz[1](data, lambda zone, where: _zone_cells(zone, n, where),
                                       _listed, whole_number) for kind in IPUZ_KINDS}
    title = data.get("title", "")
    if not isinstance(title, str):
        raise _type_error("title", "text", title)
    base = model.make(n, givens, regions, rules=rules, **shapes, meta=[("title", title)],
                      **{DIFFERENT.field: zoned})  # the zones no rule names
    lines = _listed(data, EXTENSION)
    if not lines:
        return base
    more = model.parts_of(_extension(lines, base))
    more.update(rules=rules | more["rules"],
                **{DIFFERENT.field: zoned + list(more[DIFFERENT.field])},
                **{name: items + list(more[name]) for name, items in shapes.items()})
    return model.make(n, givens, base.regions, meta=base.meta, **more)


def _extension(lines: list, base: Variant) -> Variant:
    """The extension's lines of the text format, read on the puzzle's grid and regions (a
    size with no boxes has its regions given; the text format needs them said)."""
    for i, line in enumerate(lines):
        if not isinstance(line, str) or "\n" in line or ":" not in line:
            raise _type_error(f"{EXTENSION}[{i}]", "a line `key: value`", line)
    grid = formats.format(model.make(base.size, None, base.regions))
    try:
        return formats.parse(grid + "\n".join(lines) + "\n")
    except ParseError as error:
        at = error.line - grid.count("\n") - 1
        where = f"[{at}]" if 0 <= at < len(lines) else ""
        raise ParseError(f"ipuz {EXTENSION}{where}: {error.message}", 1, 1) from None


# --- checked access: every value has its expected type, or the error names its place --------

CHECKS = Checks(lambda message: ParseError(message, 1, 1), "ipuz ")
_type_error, _list, _listed = CHECKS.type_error, CHECKS.list, CHECKS.listed


def _int(value, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _type_error(where, "a whole number", value)
    return value


def _given(value, n: int, where: str) -> int:
    if isinstance(value, dict):
        value = value.get("given", 0)
    if isinstance(value, str):
        value = SYMBOLS.index(value) + 1 if value in SYMBOLS[:n] else 0
    if value is None or value == 0:
        return 0
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= n:
        raise _type_error(where, f"a digit 0 to {n}", value)
    return value


def _zone_cells(zone, n: int, where: str) -> tuple[int, ...]:
    if not isinstance(zone, dict):
        raise _type_error(where, "an object", zone)
    if "rect" in zone:
        rect = zone["rect"]
        if not isinstance(rect, list) or len(rect) != 4:
            raise _type_error(f"{where}.rect", "[x1, y1, x2, y2]", rect)
        x1, y1, x2, y2 = (_int(v, f"{where}.rect[{i}]") for i, v in enumerate(rect))
        base = 0 if min(x1, y1) == 0 else 1
        if not (base <= x1 <= x2 < n + base and base <= y1 <= y2 < n + base):
            raise ParseError(f"ipuz {where}: rect {[x1, y1, x2, y2]} is not inside the {n}x{n} "
                             "grid", 1, 1)
        return tuple((y - base) * n + x - base for y in range(y1, y2 + 1)
                     for x in range(x1, x2 + 1))
    points = []
    for i, point in enumerate(_list(zone.get("cells"), f"{where}.cells")):
        if not isinstance(point, list) or len(point) != 2:
            raise _type_error(f"{where}.cells[{i}]", "a cell [x, y]", point)
        points.append(tuple(_int(v, f"{where}.cells[{i}]") for v in point))
    base = 0 if any(0 in point for point in points) else 1
    cells = []
    for x, y in points:
        if not (base <= x < n + base and base <= y < n + base):
            raise ParseError(f"ipuz {where}: cell {[x, y]} is outside the {n}x{n} grid", 1, 1)
        cells.append((y - base) * n + x - base)
    return tuple(cells)


def _regions_of(zones, n: int, boxes: bool):
    """(regions, the other zones): n zones of n cells that tile the grid are the regions of a
    jigsaw (or the boxes written out)."""
    tiling = [z for z in zones if len(z) == n]
    cover = sorted(c for z in tiling for c in z)
    if not boxes or (len(tiling) >= n and cover[:n * n] == list(range(n * n))):
        chosen, seen = [], set()
        for z in tiling:
            if not seen & set(z):
                chosen.append(z)
                seen |= set(z)
        if len(seen) == n * n and len(chosen) == n:
            regions = [0] * (n * n)
            for k, z in enumerate(chosen):
                for c in z:
                    regions[c] = k
            return regions, [z for z in zones if z not in chosen]
        if not boxes:
            raise ParseError("ipuz: `boxes` is false but the zones do not tile the grid "
                             "into regions", 1, 1)
    return None, zones


# The checked reading above, as the records' own readers use it (core.variants.shapes).
whole_number = _int


__all__ = ["KIND", "needs_variants", "to_ipuz", "from_ipuz", "windows"]
