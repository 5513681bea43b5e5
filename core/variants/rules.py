"""What each constraint asks of a filled grid, said once: the engine's propagators prune by
these relations, a solution is verified against `broken` before it is counted, and the logic's
steps name them in words."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import cache, lru_cache
from operator import eq, itemgetter

from core.variants.cell_clues import EXTREMES, PARITY
from core.variants.grid_rules import GRID_RULES
from core.variants.marks import MARKS
from core.variants.model import (
    GROUP_RECORDS,
    LINE_RECORDS,
    OUTSIDE_RECORDS,
    RULE_RECORDS,
    SHAPE_RECORDS,
    Variant,
    neighbours,
    orthogonal,
    windows,
)

# Relations between the digits x (first cell) and y (second cell) of a pair, each mark
# kind's for its usual amount and each other one it may carry ("white3": 3 apart).
RELATIONS = {name: relation for kind in MARKS.values()
             for name, relation in kind.relations().items()}
MARK_WORDS = {name: words for kind in MARKS.values() for name, words in kind.words_of().items()}


def units(p: Variant) -> list[tuple[tuple[int, ...], str]]:
    """Every group whose digits differ, with its name: rows, columns, regions, diagonals,
    the region shapes of core.variants.groups, disjoint groups and shapes whose digits differ
    (the records')."""
    n = p.size
    found = [(tuple(r * n + c for c in range(n)), f"row {r + 1}") for r in range(n)]
    found += [(tuple(r * n + c for r in range(n)), f"column {c + 1}") for c in range(n)]
    regions: dict[int, list[int]] = {}
    for cell, region in enumerate(p.regions):
        regions.setdefault(region, []).append(cell)
    word = "region" if p.jigsaw else "box"
    found += [(tuple(cells), f"{word} {r + 1}") for r, cells in sorted(regions.items())]
    ruled = [kind for kind in GRID_RULES.values() if kind.name in p.rules]
    for kind in ruled:  # the diagonals before the region shapes (the plan's order)
        found += kind.houses(n, p.regions) if kind.slant else []
    for kind in (kind for kind in GROUP_RECORDS.values() if kind.region):
        hyper = set(windows(n)) if kind.windows else set()
        for i, region in enumerate(kind.items(p), 1):
            found.append((region, "a window" if region in hyper else f"{kind.called} {i}"))
    for kind in ruled:
        found += [] if kind.slant else kind.houses(n, p.regions)
    for kind in SHAPE_RECORDS.values():
        found += kind.units(p)
    for line in p.lines:  # lines whose digits differ (renban, Nabner)
        kind = LINE_RECORDS[line.kind]
        if kind.distinct:
            found.append((line.cells, f"the {kind.title} at {p.name(line.cells[0])}"))
    return found


def chess_pairs(p: Variant) -> list[tuple[int, int, str]]:
    """Pairs a knight's or king's move apart, under anti-knight and anti-king."""
    n, found = p.size, []
    for rule, kind in GRID_RULES.items():
        if rule not in p.rules:
            continue
        for cell in range(n * n):
            r, c = divmod(cell, n)
            for dr, dc in kind.moves:
                rr, cc = r + dr, c + dc
                if 0 <= rr < n and 0 <= cc < n and cell < rr * n + cc:
                    found.append((cell, rr * n + cc, rule))
    return found


def pair_rules(p: Variant) -> dict[tuple[int, int], list[tuple[str, bool]]]:
    """For each pair of cells that a mark or a negative constraint ties: (kind, holds) tests,
    e.g. (kind, True) for a mark and (kind, False) for its negative rule ("not consecutive")."""
    n = p.size
    found: dict[tuple[int, int], list[tuple[str, bool]]] = {}
    marked: dict[tuple[int, int], set[str]] = {}
    for m in p.marks:
        found.setdefault((m.a, m.b), []).append((mark_relation(m), True))
        marked.setdefault((min(m.a, m.b), max(m.a, m.b)), set()).add(
            MARKS[m.kind].family)
    if p.negative:
        for a in range(n * n):
            for b in (a + 1, a + n):
                if b < n * n and neighbours(a, b, n):
                    families = marked.get((a, b), set())
                    for kind in sorted(p.negative):
                        if MARKS[kind].family not in families:
                            found.setdefault((a, b), []).append((kind, False))
    return found


@cache
def pair_table(tests: tuple[tuple[str, bool], ...], n: int,
               shift: int = 0) -> tuple[tuple[int, ...], ...]:
    """(for each x: the y that fit as a bit set, for each y: the x that fit); each relation
    asked of the digits as shown (held less `shift`: a black dot's ratio means 0-8's)."""
    def fits(x: int, y: int) -> bool:
        return all(RELATIONS[kind](x - shift, y - shift) == holds for kind, holds in tests)

    forward = tuple(sum(1 << (y - 1) for y in range(1, n + 1) if fits(x, y))
                    for x in range(1, n + 1))
    backward = tuple(sum(1 << (x - 1) for x in range(1, n + 1) if fits(x, y))
                     for y in range(1, n + 1))
    return forward, backward


def mark_relation(m) -> str:
    """The RELATIONS name of a mark: its kind, with its difference or ratio when unusual."""
    return f"{m.kind}{m.value}" if m.value else m.kind


@cache
def entropy_groups(n: int) -> tuple[int, ...]:
    """For each digit 1..n (index 0 unused), its third of the digits: low, middle or high
    (on 9x9 1-3, 4-6, 7-9; other sizes split as f-puzzles and other solvers do)."""
    small, large = n // 3, (n + 2) // 3
    sizes = (small, large, small) if n % 3 == 1 else (large, small, large)
    return (0,) + tuple(g for g, k in enumerate(sizes) for _ in range(k))


def region_segments(p: Variant, cells) -> list[tuple[int, ...]]:
    """A line cut where it passes from one region into another."""
    segments: list[list[int]] = []
    for i, c in enumerate(cells):
        if i == 0 or p.regions[c] != p.regions[cells[i - 1]]:
            segments.append([])
        segments[-1].append(c)
    return [tuple(s) for s in segments]


def line_holds(p: Variant, line, values) -> bool:
    """Does a filled grid keep this line's rule? (each kind's record says it)"""
    return LINE_RECORDS[line.kind].holds(p, line, values)


def outside_cells(p: Variant, clue) -> tuple[int, ...]:
    """The cells of an outside clue's row or column, in the order it reads them."""
    n = p.size
    cells = (tuple(clue.index * n + c for c in range(n)) if clue.line == "row"
             else tuple(r * n + clue.index for r in range(n)))
    return cells[::-1] if clue.reverse else cells


def outside_holds(clue, digits) -> bool:
    return OUTSIDE_RECORDS[clue.kind].clue(digits) == clue.total


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
    shown = [v - p.shift for v in values]  # parity and relations of the digits as shown
    found += [f"{p.name(c)} is not {kind.called}" for kind in PARITY for c in kind.cells(p)
              if not kind.allows(values[c], n, p.shift)]
    for (a, b), tests in pair_rules(p).items():
        for kind, holds in tests:
            if RELATIONS[kind](shown[a], shown[b]) != holds:
                found.append(f"{p.name(a)} and {p.name(b)} break {kind}"
                             f"{'' if holds else ' (negative)'}")
    found += _shapes_broken(p, values)
    return found


def shape_of(p: Variant) -> Variant:
    """The puzzle with its givens blank: what the rules are, whatever is given (a cache's key:
    the editor asks the same shape again at every keystroke)."""
    return replace(p, givens=(0,) * p.cells, meta=())


@lru_cache(maxsize=32)
def gathered(shape: Variant) -> tuple:
    """What `broken` looks at that the givens do not change, gathered once a shape (walking
    the rules took 40-270 us a count): the groups of different digits, the pairs a chess
    move apart, the pairs a mark or a negative rule ties (with their tests and the table of
    the digits that fit) and the cells of a parity."""
    n = shape.size
    groups = tuple((cells, itemgetter(*cells)) for cells, _ in units(shape) if len(cells) > 1)
    chess = tuple((a, b) for a, b, _ in chess_pairs(shape))
    chess_sides = (picker([a for a, _ in chess]), picker([b for _, b in chess]))
    pairs = tuple((a, b, tests, pair_table(tuple(sorted(tests)), n, shape.shift)[0])
                  for (a, b), tests in pair_rules(shape).items())
    masks = tuple((kind, c, kind.digits(n, shape.shift)) for kind in PARITY
                  for c in kind.cells(shape))
    return groups, chess, pairs, masks, chess_sides


def picker(cells) -> Callable[[tuple[int, ...]], tuple[int, ...]]:
    """The digits of `cells` in a grid, as a tuple (itemgetter's, one cell or none too)."""
    if len(cells) > 1:
        return itemgetter(*cells)
    return (lambda values: (values[cells[0]],)) if cells else (lambda values: ())


def keeps(p: Variant, shape: Variant | None = None) -> Callable[[tuple[int, ...]], bool]:
    """A test that a filled grid keeps every rule: exactly `not broken(p, values)`, with
    what `broken` looks at gathered once (a search asks it of every solution it meets:
    thousands for true candidates, where `broken` itself took 150 us a grid). `shape`:
    shape_of(p), when the caller has it."""
    n = p.size
    given = [c for c, v in enumerate(p.givens) if v]
    at_givens, givens = picker(given), tuple(p.givens[c] for c in given)
    units_of, _, pairs_of, masks_of, (firsts, seconds) = gathered(shape or shape_of(p))
    groups = [(digits, len(cells)) for cells, digits in units_of]
    pairs = [(a, b, fits) for a, b, _, fits in pairs_of]
    masks = [(c, digits) for _, c, digits in masks_of]

    def test(values) -> bool:
        if len(values) != n * n or min(values) < 1 or max(values) > n:
            return False
        if at_givens(values) != givens:
            return False
        if any(len(set(cells(values))) != k for cells, k in groups):
            return False
        if any(map(eq, firsts(values), seconds(values))):  # a chess move apart
            return False
        if any(not digits >> (values[c] - 1) & 1 for c, digits in masks):
            return False
        if any(not fits[values[a] - 1] >> (values[b] - 1) & 1 for a, b, fits in pairs):
            return False
        return not _shapes_broken(p, values)
    return test


def _shapes_broken(p: Variant, values) -> list[str]:
    found, held, shift = [], values, p.shift
    values = [v - shift for v in values]  # sums mean the digits as shown
    for kind in SHAPE_RECORDS.values():
        found += kind.broken(p, values)
    return found + _new_broken(p, held)


def _new_broken(p: Variant, values) -> list[str]:
    """A cell's given digits, today's lines, clues on groups of cells, minima and maxima,
    the clues placed late of core.variants.groups and X-sum and skyscraper clues."""
    found = [said for kind in GROUP_RECORDS.values() if kind.place == "given"
             for said in kind.broken(p, values)]
    found += [f"the {LINE_RECORDS[line.kind].title} at {p.name(line.cells[0])} is broken"
              for line in p.lines if not line_holds(p, line, values)]
    for kind in GROUP_RECORDS.values():
        if kind.broken and not kind.place:
            found += kind.broken(p, values)
    for kind in EXTREMES:
        cells = kind.cells(p)
        for c in cells:
            others = [values[x] for x in orthogonal(c, p.size) if x not in cells]
            if any((values[c] >= x) if kind.smaller else (values[c] <= x) for x in others):
                found.append(f"{p.name(c)} is not {kind.called}")
    for kind in GROUP_RECORDS.values():
        if kind.place == "late":
            found += kind.broken(p, values)
    found += [f"the {o.kind} clue {o.total} of {o.line} {o.index + 1} does not hold"
              for o in p.outside
              if not outside_holds(o, [values[c] for c in outside_cells(p, o)])]
    found += [f"the {RULE_RECORDS[r.kind].title} at {p.name(r.cells[0])} is broken"
              for r in p.custom if not RULE_RECORDS[r.kind].holds(p, r, values)]
    return found
