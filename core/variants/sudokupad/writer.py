"""Drawing a Variant as SudokuPad's picture, the way its f-puzzles import draws."""

from __future__ import annotations

import math
from types import SimpleNamespace

from core.variants import grid_rules, marks, model
from core.variants.cell_clues import PARITY
from core.variants.grid_rules import GRID_RULES, SLANTS
from core.variants.groups import CORNERS, GROUPS, PENCILS, REGIONS, TWINS
from core.variants.kinds import LINES
from core.variants.marks import MARKS
from core.variants.model import Variant
from core.variants.outside import OUTSIDE
from core.variants.shapes import SHAPES, ranked
from core.variants.sudokupad.geometry import centre_of, chevron_points, midpoint, open_sides
from core.variants.sudokupad.styles import (
    ARROW_GREY,
    BLACK,
    CHEVRON,
    DIAGONAL_BLUE,
    END_CIRCLES,
    GREY,
    GREY_LINES,
    LINE_STYLES,
    OUTSIDE_SYMBOLS,
    WAY_STYLES,
    WHITE,
)

# What write() draws (model.features names): everything.
CARRIED = (model.CLASSIC_FEATURES | set(LINES) | set(SHAPES)
           | {f"{name} {k}" for name, kind in MARKS.items() if kind.valued
              for k in range(2, model.MAX_SIZE)}
           | {*GROUPS, *CHEVRON, "outside"})


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
                  "metadata": {rule: True for rule, kind in GRID_RULES.items()
                               if kind.flagged and rule in p.rules},
                  "global": _global_out(p),
                  "lines": [], "overlays": [], "underlays": [], "arrows": []}
    _draw_marks(p, data)
    _draw_shapes(p, data)
    _draw_lines(p, data)
    _draw_cell_clues(p, data)
    _draw_outside(p, data)
    _draw_twins(p, data)
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




def _outside_places(p: Variant):
    """(place, what) of each clue written outside the grid, where _draw_shapes and
    _draw_outside put it: a little killer on its cell, a sandwich before its row or column,
    an X-sum or a skyscraper on its side."""
    n = p.size
    for kind in SHAPES.values():
        yield from kind.pad_places(p)
    for o in p.outside:
        far = n if o.reverse else -1
        yield ((far, o.index) if o.line == "col" else (o.index, far)), OUTSIDE[o.kind].title


def _cells_out(p: Variant) -> list:
    n, allowed = p.size, [(kind, dict(kind.items(p))) for kind in PENCILS]
    rows = []
    for r in range(n):
        row = []
        for c in range(n):
            cell: dict = {}
            if p.givens[r * n + c]:
                cell["value"] = p.givens[r * n + c]
            for kind, given in allowed:  # (kept with a given outside them)
                if r * n + c in given:
                    cell[kind.marks] = [d for d in range(1, n + 1)
                                        if given[r * n + c] >> (d - 1) & 1]
            row.append(cell)
        rows.append(row)
    return rows


def _rc(cells, n: int) -> list[list[int]]:
    return [[c // n, c % n] for c in cells]


def _cages_out(p: Variant) -> list:
    n = p.size
    cages = [{"value": f"{key}: {value}"} for key, value in p.meta]
    cages += [x for kind in SHAPES.values() for x in kind.pad_cages(p)]
    # SudokuPad also gives such a region the sum of 1..k, which only a region of n
    # cells has: left out; styled with its f-puzzles key, as SudokuPad's import does
    cages += [{"cells": _rc(region, n), "style": kind.fpuzzles, "unique": True}
              for kind in REGIONS for region in kind.items(p)]
    for rule, kind in GRID_RULES.items():
        if kind.cages and rule in p.rules:
            cages += [{"cells": _rc(group, n), "unique": True, "type": kind.cages,
                       "style": None} for group, _ in kind.houses(n, p.regions)]
    for style, (kind, way) in WAY_STYLES.items():
        cells = way.cells(p, kind.field)
        if cells:
            name, colour = way.addon
            cages.append({"cells": _rc(cells, n), "outlineC": colour, "fontC": BLACK,
                          "fromConstraint": name, "style": style})
    return cages


def _global_out(p: Variant) -> list[str]:
    found = [kind.sudokupad for kind in grid_rules.written(p.rules) if kind.sudokupad]
    words, alone = marks.together(p.negative, lambda rule: rule.sudokupad)
    return found + words + [f"anti{kind}" for kind in alone]


def text_overlay(centre, text: str, size: int) -> dict:
    """Text as SudokuPad's f-puzzles import draws it on a white square."""
    return {"backgroundColor": WHITE, "borderColor": WHITE, "center": centre, "fontSize": size,
            "rounded": False, "width": 0.25, "height": 0.25, "text": text}


def _draw_marks(p: Variant, data: dict) -> None:
    n = p.size
    for kind in SLANTS:
        if kind.name in p.rules:
            points = [[0, 0], [n, n]] if kind.slant > 0 else [[0, n], [n, 0]]
            data["lines"].append({"color": DIAGONAL_BLUE, "thickness": 2, "wayPoints": points})
    for m in p.marks:
        centre = midpoint(m.a, m.b, n)
        kind = MARKS[m.kind]
        if kind.shape == "stroke":  # a short black bar across the edge
            across = abs(m.a - m.b) == 1
            data["overlays"].append({"backgroundColor": BLACK, "center": centre,
                                     "rounded": False, "width": 0.1 if across else 0.4,
                                     "height": 0.4 if across else 0.1, "text": ""})
        elif kind.shape == "dot":
            dot = {"borderColor": BLACK, "backgroundColor": BLACK if kind.filled else WHITE,
                   "center": centre, "rounded": True, "width": 0.3, "height": 0.3, "text": ""}
            if m.value:  # another difference or ratio: its number on the dot
                dot.update(color="#fff" if kind.filled else "#000", stroke="none",
                           text=str(m.value))
            data["overlays"].append(dot)
        else:
            text = kind.glyph
            if kind.shape == "sign":
                first = min(m.a, m.b)
                vertical = abs(m.a - m.b) == n
                text = ("∧" if m.a == first else "∨") if vertical else (
                    "<" if m.a == first else ">")
            data["overlays"].append(text_overlay(centre, text, 21))
    for kind in sorted(PARITY, key=lambda kind: not kind.rounded):  # circles first
        for c in kind.cells(p):
            data["underlays"].append({"borderColor": GREY, "backgroundColor": GREY,
                                      "center": centre_of(c, n), "rounded": kind.rounded,
                                      "width": 0.7, "height": 0.7})


def _draw_shapes(p: Variant, data: dict) -> None:
    for kind in ranked("sudokupad"):
        kind.pad_draw(p, data, PAD)


def shortened(points: list[list[float]], step: float, decimals: int) -> list[float]:
    """The first point moved towards the second, clear of a circle round it (SudokuPad's
    shift: `step` across a cell, less on a diagonal)."""
    (r0, c0), (r1, c1) = points[0], points[1]
    dist = math.hypot(r1 - r0, c1 - c0) or 1.0
    return [round(r0 + round(10 ** decimals * step * math.copysign(1, r1 - r0) / dist)
                  / 10 ** decimals if r1 != r0 else r0, 3),
            round(c0 + round(10 ** decimals * step * math.copysign(1, c1 - c0) / dist)
                  / 10 ** decimals if c1 != c0 else c0, 3)]


def _draw_lines(p: Variant, data: dict) -> None:
    """The kinds SudokuPad draws grey (palindromes, between lines with a ring on each end) as
    it draws them; the others in the add-on's colours, with its circles on the ends its
    record says (a double arrow's, a slow thermometer's bulb)."""
    n = p.size
    for line in p.lines:
        kind = LINES[line.kind]
        points = [centre_of(c, n) for c in line.cells]
        if kind.grey:
            if kind.ends == "both":
                for end in (line.cells[0], line.cells[-1]):
                    data["overlays"].append({
                        "borderColor": GREY, "backgroundColor": WHITE, "center": centre_of(end, n),
                        "fontSize": 16, "borderSize": 2, "rounded": True, "width": 0.8,
                        "height": 0.8})
                points = [shortened(points, 0.4, 1), *points[1:-1],
                          shortened(points[::-1], 0.4, 1)]
            data["lines"].append({"color": GREY, "thickness": kind.grey, "wayPoints": points})
            continue
        style = kind.style_of(line, n)
        colour, thickness = LINE_STYLES[style]
        data["lines"].append({"color": colour, "thickness": thickness, "wayPoints": points})
        ends = {"both": (line.cells[0], line.cells[-1]), "bulb": (line.cells[0],)}.get(
            kind.ends, ())
        for end in ends if style in END_CIRCLES else ():
            data["overlays"].append({"backgroundColor": colour, "borderColor": colour,
                                     "center": centre_of(end, n), "borderSize": 1,
                                     "rounded": True, "width": END_CIRCLES[style],
                                     "height": END_CIRCLES[style]})


def _draw_cell_clues(p: Variant, data: dict) -> None:
    """Corner clues' circles; minima and maxima shaded, with chevrons towards
    the neighbours they are compared with."""
    n = p.size
    for kind in CORNERS:
        for corner, digits in map(kind.digits_of, kind.items(p)):
            text = ""
            for i, d in enumerate(digits):  # SudokuPad's layout: two a line
                text += (" " if i % 2 else "") + ("\n" if i % 3 == 2 else "") + str(d)
            data["overlays"].append({"backgroundColor": WHITE, "borderColor": BLACK,
                                     "center": [corner // n + 1, corner % n + 1],
                                     "fontSize": 14, "rounded": True, "width": kind.circle,
                                     "height": kind.circle, "text": text})
    for kind in CHEVRON:
        cells = getattr(p, kind)
        for cell in cells:
            data["underlays"].append({"backgroundColor": "#ccc", "center": centre_of(cell, n),
                                      "rounded": False, "width": 1, "height": 1})
            data["lines"] += [{"color": BLACK, "thickness": 1,
                               "wayPoints": chevron_points(cell, step, kind, n)}
                              for step in open_sides(cell, set(cells), n)]


def _draw_twins(p: Variant, data: dict) -> None:
    """Twin shapes' cells grey, as SudokuPad's f-puzzles import shades them, and
    the pairs named in the metadata under the kind's field, since the grey does not say
    which cell copies which."""
    n = p.size
    for cell in sorted({c for kind in TWINS for item in kind.items(p) for c in kind.cells(item)}):
        data["underlays"].append({"backgroundColor": GREY, "center": centre_of(cell, n),
                                  "rounded": False, "width": 1, "height": 1})
    for kind in TWINS:
        if kind.items(p):
            data["metadata"][kind.field] = [
                {"cells": [[c // n, c % n] for c in a], kind.other: [[c // n, c % n] for c in b]}
                for a, b in map(kind.shapes, kind.items(p))]


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


# What the shape records draw with (shapes.py imports no module that reads its records).
PAD = SimpleNamespace(centre_of=centre_of, text_overlay=text_overlay, shortened=shortened,
                      BLACK=BLACK, GREY=GREY, GREY_LINES=GREY_LINES, ARROW_GREY=ARROW_GREY,
                      WHITE=WHITE)
