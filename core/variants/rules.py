"""What each constraint asks of a filled grid, said once: the engine's propagators prune by
these relations, a solution is verified against `broken` before it is counted, and the logic's
steps name them in words."""

from __future__ import annotations

from functools import cache

from core.variants.model import (
    FAMILY_OF_MARK,
    Variant,
    diagonal_cells,
    disjoint_groups,
    neighbours,
    windows,
)

# Relations between the digits x (first cell) and y (second cell) of a pair.
RELATIONS = {
    "white": lambda x, y: abs(x - y) == 1,
    "bar": lambda x, y: abs(x - y) == 1,
    "black": lambda x, y: x == 2 * y or y == 2 * x,
    "x": lambda x, y: x + y == 10,
    "v": lambda x, y: x + y == 5,
    "less": lambda x, y: x < y,
}
MARK_WORDS = {"white": "consecutive", "bar": "consecutive", "black": "one double the other",
              "x": "add up to 10", "v": "add up to 5", "less": "smaller than"}
KNIGHT = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))
KING = ((1, 1), (1, -1), (-1, 1), (-1, -1))  # orthogonal neighbours share a row or column


def units(p: Variant) -> list[tuple[tuple[int, ...], str]]:
    """Every group whose digits differ, with its name: rows, columns, regions, diagonals,
    extra regions, disjoint groups and cages."""
    n = p.size
    found = [(tuple(r * n + c for c in range(n)), f"row {r + 1}") for r in range(n)]
    found += [(tuple(r * n + c for r in range(n)), f"column {c + 1}") for c in range(n)]
    regions: dict[int, list[int]] = {}
    for cell, region in enumerate(p.regions):
        regions.setdefault(region, []).append(cell)
    word = "region" if p.jigsaw else "box"
    found += [(tuple(cells), f"{word} {r + 1}") for r, cells in sorted(regions.items())]
    if "diagonal" in p.rules:
        found.append((diagonal_cells(n), "the diagonal"))
    if "antidiagonal" in p.rules:
        found.append((diagonal_cells(n, anti=True), "the anti-diagonal"))
    hyper = set(windows(n))
    for i, region in enumerate(p.extra, 1):
        found.append((region, "a window" if region in hyper else f"extra region {i}"))
    if "disjoint" in p.rules:
        found += [(g, f"disjoint group {i}") for i, g in enumerate(disjoint_groups(n), 1)]
    for cage in p.cages:
        if len(cage.cells) > 1:
            found.append((cage.cells, f"the cage at {p.name(cage.cells[0])}"))
    return found


def chess_pairs(p: Variant) -> list[tuple[int, int, str]]:
    """Pairs a knight's or king's move apart, under anti-knight and anti-king."""
    n, found = p.size, []
    for rule, moves in (("antiknight", KNIGHT), ("antiking", KING)):
        if rule not in p.rules:
            continue
        for cell in range(n * n):
            r, c = divmod(cell, n)
            for dr, dc in moves:
                rr, cc = r + dr, c + dc
                if 0 <= rr < n and 0 <= cc < n and cell < rr * n + cc:
                    found.append((cell, rr * n + cc, rule))
    return found


def pair_rules(p: Variant) -> dict[tuple[int, int], list[tuple[str, bool]]]:
    """For each pair of cells that a mark or a negative constraint ties: (kind, holds) tests,
    e.g. ("white", True) for a white dot and ("white", False) for "not consecutive"."""
    n = p.size
    found: dict[tuple[int, int], list[tuple[str, bool]]] = {}
    marked: dict[tuple[int, int], set[str]] = {}
    for m in p.marks:
        found.setdefault((m.a, m.b), []).append((m.kind, True))
        marked.setdefault((min(m.a, m.b), max(m.a, m.b)), set()).add(
            FAMILY_OF_MARK.get(m.kind, m.kind))
    if p.negative:
        for a in range(n * n):
            for b in (a + 1, a + n):
                if b < n * n and neighbours(a, b, n):
                    families = marked.get((a, b), set())
                    for kind in sorted(p.negative):
                        if FAMILY_OF_MARK[kind] not in families:
                            found.setdefault((a, b), []).append((kind, False))
    return found


@cache
def pair_table(tests: tuple[tuple[str, bool], ...], n: int) -> tuple[tuple[int, ...], ...]:
    """(for each x: the y that fit as a bit set, for each y: the x that fit)."""
    def fits(x: int, y: int) -> bool:
        return all(RELATIONS[kind](x, y) == holds for kind, holds in tests)

    forward = tuple(sum(1 << (y - 1) for y in range(1, n + 1) if fits(x, y))
                    for x in range(1, n + 1))
    backward = tuple(sum(1 << (x - 1) for x in range(1, n + 1) if fits(x, y))
                     for y in range(1, n + 1))
    return forward, backward


def arrow_value(digits) -> int:
    value = 0
    for d in digits:
        value = value * 10 + d
    return value


def sandwich_cells(p: Variant, line: str, index: int) -> tuple[int, ...]:
    n = p.size
    if line == "row":
        return tuple(index * n + c for c in range(n))
    return tuple(r * n + index for r in range(n))


def broken(p: Variant, values) -> list[str]:
    """The rules a filled grid breaks, in words (none for a solution)."""
    n, found = p.size, []
    if len(values) != n * n or any(not 1 <= v <= n for v in values):
        return ["not a filled grid"]
    found += [f"{p.name(c)} is not the given {v}" for c, v in enumerate(p.givens)
              if v and values[c] != v]
    for cells, name in units(p):
        if len({values[c] for c in cells}) != len(cells):
            found.append(f"a digit repeats in {name}")
    for a, b, rule in chess_pairs(p):
        if values[a] == values[b]:
            found.append(f"{p.name(a)} and {p.name(b)} break {rule}")
    found += [f"{p.name(c)} is not even" for c in p.even if values[c] % 2]
    found += [f"{p.name(c)} is not odd" for c in p.odd if not values[c] % 2]
    for (a, b), tests in pair_rules(p).items():
        for kind, holds in tests:
            if RELATIONS[kind](values[a], values[b]) != holds:
                found.append(f"{p.name(a)} and {p.name(b)} break {kind}"
                             f"{'' if holds else ' (negative)'}")
    found += _shapes_broken(p, values)
    return found


def _shapes_broken(p: Variant, values) -> list[str]:
    found = []
    for cage in p.cages:
        if cage.total is not None and sum(values[c] for c in cage.cells) != cage.total:
            found.append(f"the cage at {p.name(cage.cells[0])} does not add up to "
                         f"{cage.total}")
    for clue in p.little:
        if sum(values[c] for c in clue.cells) != clue.total:
            found.append(f"the little killer {clue.total} does not add up")
    for thermo in p.thermos:
        if any(values[a] >= values[b] for a, b in zip(thermo, thermo[1:], strict=False)):
            found.append(f"the thermometer at {p.name(thermo[0])} does not rise")
    for arrow in p.arrows:
        if arrow_value(values[c] for c in arrow.bulb) != sum(values[c] for c in arrow.shaft):
            found.append(f"the arrow at {p.name(arrow.bulb[0])} does not add up")
    for s in p.sandwiches:
        line = [values[c] for c in sandwich_cells(p, s.line, s.index)]
        i, j = sorted((line.index(1), line.index(p.size)))
        if sum(line[i + 1:j]) != s.total:
            found.append(f"the sandwich of {s.line} {s.index + 1} is not {s.total}")
    return found
