"""Our Sudoku variant (core.variants.model.Variant) as pencilmark's "sudoku-puzzle" exchange
JSON (format_version 1; pencilmark reads its own JSON only), for the constraints both know:
regions (boxes or a jigsaw), diagonals, windows and extra regions, disjoint groups, even/odd,
anti-knight, anti-king, kropki / XV / inequality / consecutive-bar marks, the negative
constraints, killer cages with or without sums, little killers, thermometers, one-cell-bulb
arrows and sandwiches. Anything else raises Unshared. Bench code only: core does not know
pencilmark.

    to_exchange(puzzle) -> dict      pencilmark.load(dict) builds its engine puzzle
"""

from __future__ import annotations

from core.variants.model import Variant, diagonal_cells, disjoint_groups, windows


class Unshared(ValueError):
    """The puzzle uses something this converter does not write for pencilmark."""


def name(cell: int, n: int) -> str:
    r, c = divmod(cell, n)
    return f"r{r + 1}c{c + 1}"


def to_exchange(p: Variant) -> dict:
    n = p.size
    rules = _houses(p) + _cell_rules(p) + _marks(p) + _shapes(p)
    return {"format": "sudoku-puzzle", "format_version": 1, "board": {"rows": n, "cols": n},
            "digits": n, "givens": list(p.givens), "rules": rules}


def _names(cells, n: int) -> list[str]:
    return [name(c, n) for c in cells]


def _houses(p: Variant) -> list[dict]:
    n = p.size
    found = [{"type": "row", "cells": _names([r * n + c for c in range(n)], n)} for r in range(n)]
    found += [{"type": "column", "cells": _names([r * n + c for r in range(n)], n)}
              for c in range(n)]
    regions: dict[int, list[int]] = {}
    for cell, region in enumerate(p.regions):
        regions.setdefault(region, []).append(cell)
    found += [{"type": "box", "cells": _names(cells, n)} for _, cells in sorted(regions.items())]
    if "diagonal" in p.rules:
        found.append({"type": "region", "kind": "diagonal", "cells": _names(diagonal_cells(n), n)})
    if "antidiagonal" in p.rules:
        found.append({"type": "region", "kind": "diagonal",
                      "cells": _names(diagonal_cells(n, anti=True), n)})
    hyper = set(windows(n))
    found += [{"type": "region", "kind": "window" if extra in hyper else "extra",
               "cells": _names(extra, n)} for extra in p.extra]
    if "disjoint" in p.rules:
        found += [{"type": "region", "kind": "disjoint", "cells": _names(g, n)}
                  for g in disjoint_groups(n)]
    return found


def _cell_rules(p: Variant) -> list[dict]:
    n, found = p.size, []
    if p.even:
        found.append({"type": "cell", "kind": "even", "cells": _names(p.even, n)})
    if p.odd:
        found.append({"type": "cell", "kind": "odd", "cells": _names(p.odd, n)})
    for rule in ("antiknight", "antiking"):
        if rule in p.rules:
            found.append({"type": "neighbours", "kind": rule})
    return found


EDGES = {"white": {"kind": "kropki", "color": "white"},
         "black": {"kind": "kropki", "color": "black"},
         "x": {"kind": "xv", "letter": "X"}, "v": {"kind": "xv", "letter": "V"},
         "bar": {"kind": "difference", "value": 1}, "less": {"kind": "less"}}
NEGATIVES = {"white": {"of": "kropki", "color": "white"},
             "black": {"of": "kropki", "color": "black"},
             "x": {"of": "xv", "letter": "X"}, "v": {"of": "xv", "letter": "V"}}


def _marks(p: Variant) -> list[dict]:
    n = p.size
    if any(m.kind == "bar" for m in p.marks) and p.negative:
        raise Unshared("consecutive bars beside a negative constraint (exemptions differ)")
    found = [dict({"type": "edge", "cells": _names((m.a, m.b), n)}, **EDGES[m.kind])
             for m in p.marks]
    found += [dict({"type": "negative"}, **NEGATIVES[kind]) for kind in sorted(p.negative)]
    return found


def _shapes(p: Variant) -> list[dict]:
    n, found = p.size, []
    for cage in p.cages:
        rule = {"type": "cage", "cells": _names(cage.cells, n)}
        if cage.total is not None:
            rule["sum"] = cage.total
        found.append(rule)
    for clue in p.little:
        found.append({"type": "sum", "kind": "little_killer", "sum": clue.total,
                      "side": _side(clue.row, clue.col, clue.direction, n),
                      "cells": _names(clue.cells, n)})
    found += [{"type": "line", "kind": "thermo", "cells": _names(t, n)} for t in p.thermos]
    for arrow in p.arrows:
        if len(arrow.bulb) != 1:
            raise Unshared("a pill arrow (a bulb of several cells)")
        found.append({"type": "arrow", "bulb": _names(arrow.bulb, n),
                      "lines": [_names(arrow.shaft, n)]})
    for s in p.sandwiches:
        line = ([s.index * n + c for c in range(n)] if s.line == "row"
                else [r * n + s.index for r in range(n)])
        found.append({"type": "sandwich", "sum": s.total,
                      "side": "left" if s.line == "row" else "top", "cells": _names(line, n)})
    return found


def _side(row: int, col: int, direction: str, n: int) -> str:
    """The side of the grid a little killer clue stands on (a corner clue: by its direction)."""
    sides = [side for side, outside in (("top", row < 0), ("bottom", row >= n),
                                        ("left", col < 0), ("right", col >= n)) if outside]
    if len(sides) == 1:
        return sides[0]
    return "top" if direction[0] == "D" else "bottom"


def pencilmark_count(p: Variant, limit: int = 2):
    """(solutions pencilmark's exhaustive C++ search finds up to `limit`, its seconds to load
    the JSON, its seconds to search); None when the puzzle is not shared."""
    import time

    import pencilmark
    from pencilmark import cbackend

    try:
        doc = to_exchange(p)
    except Unshared:
        return None
    start = time.perf_counter()
    engine_puzzle = pencilmark.load(doc)
    loaded = time.perf_counter()
    found = cbackend.brute_solve(engine_puzzle, limit=limit, node_limit=20_000_000)
    done = time.perf_counter()
    if not found.complete and len(found) < limit:
        raise RuntimeError("pencilmark's search hit its node limit")
    return [tuple(s) for s in found], loaded - start, done - loaded


def agree(per_kind: int = 3) -> None:
    """Solution counts (up to 50) of ours and pencilmark's on random 4x4 and 6x6 puzzles of
    every constraint the two share (the brute-force tests' puzzles)."""
    import random

    from core.variants import engine
    from tests.core.variants.helpers import KINDS, random_puzzle

    compared = skipped = 0
    for kind in KINDS:
        rng = random.Random(f"pm-{kind}")
        for n, givens in ((4, 2), (6, 10), (6, 12)):
            for _ in range(per_kind):
                p = random_puzzle(kind, n, rng, givens=givens)
                theirs = pencilmark_count(p, 50)
                if theirs is None:
                    skipped += 1
                    continue
                ours = engine.count(p, 50).count
                assert ours == len(theirs[0]), (kind, p, ours, len(theirs[0]))
                compared += 1
    print(f"pencilmark agrees on {compared} puzzles ({skipped} not shared)")


if __name__ == "__main__":
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    agree()
