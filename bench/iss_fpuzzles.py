"""A puzzle of the Interactive Sudoku Solver (github.com/sigh/Interactive-Sudoku-Solver, MIT),
in its constraint string (`.Type~arg~cell...`, as its js/sudoku_constraint.js serialises
them), written as f-puzzles JSON: for the constraints f-puzzles has, each as ISS means it
(js/solver/sudoku_builder.js) and as f-puzzles' keys say it. Written from f-puzzles' format,
not through core.variants.fpuzzles, so that reading the result tests our reader.

Anything f-puzzles cannot say raises Inexpressible naming it: ISS's custom pairs, sums with
repeats, inequalities (f-puzzles has no inequality rule), other grid shapes and value ranges,
composite (Or/And) constraints, and the kinds f-puzzles does not know. Bench code only.

    to_fpuzzles(text) -> dict
"""

from __future__ import annotations

import string

BASE17 = "0123456789abcdefg"
DIRECTIONS = {(1, 1): "DR", (1, -1): "DL", (-1, 1): "UR", (-1, -1): "UL"}
LINES = {"Renban": "renban", "RegionSumLine": "regionsumline", "Palindrome": "palindrome",
         "Between": "betweenline", "Entropic": "entropicline", "Zipper": "zipperline",
         "DoubleArrow": "doublearrow"}
FLAGS = {"AntiKnight": "antiknight", "AntiKing": "antiking"}


class Inexpressible(ValueError):
    """The ISS puzzle uses something f-puzzles has no key for."""


def parse(text: str) -> list[tuple[str, list[str]]]:
    """(type, args) of each top-level constraint; the givens' type is ''."""
    return [(part.split("~")[0], part.split("~")[1:]) for part in text.split(".")[1:]]


class Grid:
    def __init__(self, n: int):
        self.n = n

    def cell(self, cell_id: str) -> int:
        if len(cell_id) != 4 or cell_id[0] not in "Rr" or cell_id[2] not in "Cc":
            raise Inexpressible(f"a cell {cell_id!r} outside the grid (ISS's extra cells)")
        r, c = BASE17.index(cell_id[1].lower()) - 1, BASE17.index(cell_id[3].lower()) - 1
        if not (0 <= r < self.n and 0 <= c < self.n):
            raise Inexpressible(f"a cell {cell_id} outside the {self.n}x{self.n} grid")
        return r * self.n + c

    def name(self, cell: int) -> str:
        """f-puzzles' cell name (decimal, 1-based; 0 and n+1 outside the grid)."""
        r, c = divmod(cell, self.n)
        return f"R{r + 1}C{c + 1}"

    def names(self, cell_ids) -> list[str]:
        return [self.name(self.cell(c)) for c in cell_ids]

    def adjacent_pairs(self, cell_ids) -> list[list[str]]:
        """Every orthogonally adjacent pair among the cells, as ISS's dots take them."""
        cells = [self.cell(c) for c in cell_ids]
        pairs = [(a, b) for i, a in enumerate(cells) for b in cells[i + 1:]
                 if abs(a // self.n - b // self.n) + abs(a % self.n - b % self.n) == 1]
        if not pairs:
            raise Inexpressible("a dot on cells that do not touch")
        return [[self.name(a), self.name(b)] for a, b in pairs]


def _size(constraints) -> int:
    shapes = [args for kind, args in constraints if kind == "Shape"]
    if not shapes:
        return 9
    dims, *rest = shapes[0]
    rows, _, cols = dims.partition("x")
    n = int(rows)
    if rows != cols or not 4 <= n <= 16 or any(r not in ("", str(n), f"1-{n}") for r in rest):
        raise Inexpressible(f"the grid shape {'~'.join(shapes[0])} (f-puzzles grids are "
                            "square, 4x4 to 16x16, digits 1 to their size)")
    return n


def iss_boxes(n: int) -> list[int] | None:
    """ISS's default boxes (CellGeometry.boxDimsForSize): each cell's box, or None."""
    for small in range(int(n ** 0.5), 1, -1):
        if n % small == 0:
            height, width = small, n // small
            return [(r // height) * (n // width) + c // width for r in range(n) for c in range(n)]
    return None


def to_fpuzzles(text: str) -> dict:
    constraints = parse(text)
    n = _size(constraints)
    grid = Grid(n)
    kinds = {kind for kind, _ in constraints}
    cells: list[dict] = [{} for _ in range(n * n)]
    data: dict = {"size": n}
    regions = _regions(constraints, kinds, n)
    if regions is not None:
        for c, r in enumerate(regions):
            cells[c]["region"] = r
    for kind, args in constraints:
        if kind == "Shape" or kind in ("NoBoxes", "Jigsaw"):
            continue
        if kind == "":
            _givens(grid, args, cells)
        else:
            _constraint(grid, kind, args, data, kinds, regions)
    data["grid"] = [cells[r * n:(r + 1) * n] for r in range(n)]
    return data


def _regions(constraints, kinds, n: int) -> list[int] | None:
    """Each cell's region (0-based) when f-puzzles' default boxes would not be ISS's."""
    layouts = [args[-1] for kind, args in constraints if kind == "Jigsaw"]
    if layouts:
        if "NoBoxes" not in kinds and iss_boxes(n):
            raise Inexpressible("a jigsaw over boxes (both kinds of region)")
        order: dict[str, int] = {}
        regions = [order.setdefault(ch, len(order)) for ch in layouts[0]]
        if len(regions) != n * n or len(order) != n:
            raise Inexpressible("a jigsaw layout without n regions of n cells")
        return regions
    if "NoBoxes" in kinds and iss_boxes(n):
        raise Inexpressible("a grid without boxes (f-puzzles gives it boxes)")
    boxes = iss_boxes(n)
    return boxes if n != 9 and boxes else None if n == 9 else [i // n for i in range(n * n)]


def _givens(grid: Grid, args, cells) -> None:
    for item in args:
        cell_id, *values = item.split("_")
        digits = sorted({int(v) for v in values})
        if any(not 1 <= d <= grid.n for d in digits) or not digits:
            raise Inexpressible(f"a given {item} outside the digits 1 to {grid.n}")
        cell = cells[grid.cell(cell_id)]
        if len(digits) == 1:
            cell.update(value=digits[0], given=True)
        else:
            cell["givenPencilMarks"] = digits


def _constraint(grid: Grid, kind: str, args, data: dict, kinds, regions) -> None:
    n, add = grid.n, lambda key, item: data.setdefault(key, []).append(item)
    if kind in FLAGS:
        data[FLAGS[kind]] = True
    elif kind == "Diagonal":
        data["diagonal+" if args[0] == "1" else "diagonal-"] = True
    elif kind == "DisjointSets":
        if regions is not None and regions != iss_boxes(n):
            raise Inexpressible("disjoint sets beside a jigsaw")
        data["disjointgroups"] = True
    elif kind == "Windoku":
        for window in _windows(n):
            add("extraregion", {"cells": [grid.name(c) for c in window]})
    elif kind == "AllDifferent":
        if len(args) > n:
            raise Inexpressible("an all-different group of more cells than digits")
        add("extraregion", {"cells": grid.names(args)})
    elif kind == "StrictKropki":
        data["nonconsecutive"] = True
        data.setdefault("negative", []).append("ratio")
    elif kind == "StrictXV":
        data.setdefault("negative", []).append("xv")
    elif kind == "AntiConsecutive":
        if kinds & {"WhiteDot", "BlackDot"}:
            raise Inexpressible("anti-consecutive beside kropki dots (ISS rules out the "
                                "dotted pairs too; f-puzzles exempts them)")
        data["nonconsecutive"] = True
    elif kind in ("WhiteDot", "BlackDot"):
        for pair in grid.adjacent_pairs(args):
            add("difference" if kind == "WhiteDot" else "ratio", {"cells": pair})
    elif kind in ("X", "V"):
        for pair in grid.adjacent_pairs(args):
            add("xv", {"cells": pair, "value": kind})
    else:
        _shape(grid, kind, args, data, add)


def _shape(grid: Grid, kind: str, args, data: dict, add) -> None:
    n = grid.n
    if kind == "Thermo":
        add("thermometer", {"lines": [grid.names(args)]})
    elif kind == "Arrow":
        add("arrow", {"cells": grid.names(args[:1]), "lines": [grid.names(args)]})
    elif kind == "PillArrow":
        size = int(args[0])
        pill = sorted(grid.cell(c) for c in args[1:1 + size])
        if any(b - a not in (1, n, n + 1) or (b - a != n and b % n == 0)
               for a, b in zip(pill, pill[1:], strict=False)):
            raise Inexpressible("a pill ISS cannot read in order")
        shaft = grid.names(args[1 + size:])
        add("arrow", {"cells": [grid.name(c) for c in pill], "lines": [
            [grid.name(pill[-1]), *shaft]]})
    elif kind == "Cage":
        item = {"cells": grid.names(args[1:])}
        if args[0].strip() not in ("", "0"):
            item["value"] = str(int(args[0]))
        add("killercage", item)
    elif kind == "LittleKiller":
        add("littlekillersum", _little(grid, int(args[0]), args[1]))
    elif kind in ("XSum", "Skyscraper"):
        for i, side in ((1, False), (2, True)):
            if len(args) > i and args[i]:
                add(kind.lower(), {"cell": _beside(args[0], side, n), "value": str(int(args[i]))})
    elif kind == "Sandwich":
        add("sandwichsum", {"cell": _beside(args[1], False, n), "value": str(int(args[0]))})
    elif kind == "Whisper":
        value, cells = (args[0], args[1:]) if args[0].isdigit() else ("5", args)
        add("whispers", {"lines": [grid.names(cells)], "value": value})
    elif kind == "Modular":
        if args[0] != "3":
            raise Inexpressible(f"a modular line mod {args[0]} (f-puzzles' are mod 3)")
        add("modularline", {"lines": [grid.names(args[1:])]})
    elif kind in LINES:
        add(LINES[kind], {"lines": [grid.names(args)]})
    elif kind == "Quad":
        top = grid.cell(args[0])
        if top % n == n - 1 or top // n == n - 1:
            raise Inexpressible("a quadruple off the grid's corner")
        add("quadruple", {"cells": [grid.name(c) for c in (top, top + 1, top + n, top + n + 1)],
                          "values": [int(v) for v in args[1:]]})
    elif kind == "Indexing":
        key = {"R": "rowindexer", "C": "columnindexer"}.get(args[0])
        if key is None:
            raise Inexpressible(f"an indexer of kind {args[0]!r}")
        add(key, {"cells": grid.names(args[1:])})
    else:
        raise Inexpressible(f"{kind} (no f-puzzles key says it)")


def _beside(line_id: str, far: bool, n: int) -> str:
    """f-puzzles' place of an outside clue: left of / above the line, or right / below."""
    which, index = line_id[0], int(line_id[1:])
    edge = n + 1 if far else 0
    return f"R{index}C{edge}" if which == "R" else f"R{edge}C{index}"


def _little(grid: Grid, total: int, start_id: str) -> dict:
    """ISS's little killer starting at a cell (its cellMap: left side down-right, right side
    up-left, top down-left, bottom up-right) as f-puzzles' clue outside the grid."""
    n, start = grid.n, grid.cell(start_id)
    r, c = divmod(start, n)
    steps = [(dr, dc) for side, (dr, dc) in (
        (c == 0 and r < n - 1, (1, 1)), (c == n - 1 and 0 < r < n - 1, (-1, -1)),
        (r == 0 and c > 0, (1, -1)), (r == n - 1 and 0 < c < n - 1, (-1, 1))) if side]
    if not steps:
        raise Inexpressible(f"a little killer from {start_id}")
    dr, dc = steps[0]
    cells, rr, cc = [], r, c
    while 0 <= rr < n and 0 <= cc < n:
        cells.append(grid.name(rr * n + cc))
        rr, cc = rr + dr, cc + dc
    return {"cell": f"R{r - dr + 1}C{c - dc + 1}", "direction": DIRECTIONS[(dr, dc)],
            "value": str(total), "cells": cells}


def _windows(n: int) -> list[list[int]]:
    """ISS's windoku windows (Windoku.regions): boxes set one in from the corners."""
    boxes = iss_boxes(n)
    if boxes is None:
        raise Inexpressible("windows on a grid without boxes")
    for small in range(int(n ** 0.5), 1, -1):
        if n % small == 0:
            height, width = small, n // small
            break
    found = []
    for left in range(1, n - width, width + 1):
        for top in range(1, n - height, height + 1):
            found.append([(top + k % height) * n + left + k // height for k in range(n)])
    return found


def solution_digits(text: str) -> list[int]:
    """A published solution, one character a cell: digits (past 9, a for 10), or on a grid
    past 9 letters alone, A for 1 (as ISS's 16x16 examples write them)."""
    if not any(ch.isdigit() for ch in text):
        return [string.ascii_uppercase.index(ch.upper()) + 1 for ch in text]
    return [string.digits.index(ch) if ch.isdigit() else 10 + string.ascii_lowercase.index(
        ch.lower()) for ch in text]
