"""Sukaku Explainer's turbot fish: two strong links of a digit joined by a weak one (a region
that holds one end of each). Skyscraper (4.0), two-string kite (4.1), turbot crane (4.2);
with a grouped link (empty rectangle, 4.3). All are found, then the easiest, with the most
removals, is taken."""

from __future__ import annotations

from collections.abc import Iterator

from core import native
from core.sudoku.explainer.board import (
    CELL_REGIONS,
    PEER_MASK,
    REGION_MASK,
    Board,
    cell_bits,
    cell_name,
    region_name,
)
from core.sudoku.explainer.hint import Hint
from core.sudoku.explainer.links import per_digit_hints, region_links

# (base region type, cover region type), in SE's order
KIND_PAIRS = ((1, 1), (2, 2), (2, 1), (1, 0), (2, 0))
PLAIN = {(1, 1): (4.0, "Skyscraper"), (2, 2): (4.0, "Skyscraper"),
         (2, 1): (4.1, "Two-string Kite"), (1, 0): (4.2, "Turbot Crane"),
         (2, 0): (4.2, "Turbot Crane")}


def shared_region(bridge1, bridge2) -> int | None:
    """The first of column, row and block that holds both nodes (cells and supports); a node
    is (cell, support, support2, its cells as a bit set)."""
    members = bridge1[3] | bridge2[3]
    regions = CELL_REGIONS[bridge1[0]]
    for kind in (2, 1, 0):
        if not members & ~REGION_MASK[regions[kind]]:
            return regions[kind]
    return None


def turbot_fish(board: Board, known: dict | None = None) -> Iterator[Hint]:
    """`known`: what each digit gave before, by its cells (a digit's fishes depend on its
    cells alone)."""
    def parts_of(v: int) -> list:
        if native.explainer is not None:  # the same fishes, found in C
            parts: list = [[] for _ in KIND_PAIRS]
            for pair, *found in native.explainer.turbot_fish(board.values, board.cands, v):
                parts[pair].append(_turbot_hint(v, *found))
            return parts
        table = _links_of_digit(board, v)
        return [list(_for_digit(board, v, base_kind, cover_kind, table))
                for base_kind, cover_kind in KIND_PAIRS]

    return per_digit_hints(board, known, parts_of, len(KIND_PAIRS))


def turbot_fishes():
    """turbot_fish with a memory of its own (for one rating)."""
    known: dict = {}
    return lambda board: turbot_fish(board, known)


def _links_of_digit(board: Board, v: int):
    """(the digit's cells, per region (grouped, links, its cells of the digit))."""
    bit = 1 << (v - 1)
    cells_of_digit = sum(1 << c for c in range(81) if board.cands[c] & bit)
    table = []
    for region in range(27):
        grouped, links = region_links(region, board.positions[region * 9 + v - 1])
        links = [tuple(_node(n) for n in link) for link in links]
        table.append((grouped, links, cells_of_digit & REGION_MASK[region]))
    return cells_of_digit, table


def _node(node):
    cell, s1, s2 = node
    mask = 1 << cell
    for s in (s1, s2):
        if s is not None:
            mask |= 1 << s
    return cell, s1, s2, mask


def _for_digit(board, v, base_kind, cover_kind, tables):
    digit_cells, table = tables
    for i1 in range(9):
        base = base_kind * 9 + i1
        base_grouped, base_links, base_cells = table[base]
        for link0 in base_links:
            first = i1 + 1 if base_kind == cover_kind else 0
            for i2 in range(first, 9):
                cover = cover_kind * 9 + i2
                grouped, cover_links, cover_cells = table[cover]
                if not cover_links or base_cells & cover_cells:
                    continue  # SE skips regions that share a place of the digit
                for link1 in cover_links:
                    for i in range(2):
                        for j in range(2):
                            hint = _hint(board, v, link0, link1, i, j, base, cover,
                                         base_grouped, grouped, digit_cells)
                            if hint is not None:
                                yield hint


def _hint(board, v, link0, link1, i, j, base, cover, base_grouped, cover_grouped,
          digit_cells):
    bridge1, bridge2 = link0[1 - i], link1[j]
    share = shared_region(bridge1, bridge2)
    if share is None or share in (base, cover):
        return None
    start, end = link0[i], link1[1 - j]
    victims = PEER_MASK[start[0]] & PEER_MASK[end[0]] & digit_cells
    if base_grouped:
        victims = _seen_by(victims, start[1:3])
    if cover_grouped:
        victims = _seen_by(victims, end[1:3])
    victims &= ~(1 << start[0]) & ~(1 << end[0]) & ~REGION_MASK[base] & ~REGION_MASK[cover]
    if not victims:
        return None
    return _turbot_hint(v, base, cover, base_grouped, cover_grouped, start[0], bridge1[0],
                        bridge2[0], end[0], victims)


def _turbot_hint(v, base, cover, base_grouped, cover_grouped, start, bridge1, bridge2, end,
                 victims):
    """(hint, SE's suffix) of a turbot fish from its regions, cells and victims."""
    bit = 1 << (v - 1)
    removals = {c: bit for c in cell_bits(victims)}
    grouped = base_grouped + cover_grouped
    suffix = ("00", "01", "11")[grouped]
    kinds = (base // 9, cover // 9)
    if grouped:
        if (base_grouped and kinds[0] == 0) or (cover_grouped and kinds[1] == 0):
            name = "Grouped Turbot Crane"
        elif kinds[0] == kinds[1]:
            name = "Grouped Skyscraper"
        else:
            name = "Grouped 2-String Kite"
        difficulty, name = 4.3, f"{name} {suffix}"
    else:
        difficulty, name = PLAIN[kinds]
    text = (f"{v}: {cell_name(start)}-{cell_name(bridge1)} in {region_name(base)}, "
            f"{cell_name(bridge2)}-{cell_name(end)} in {region_name(cover)}")
    return Hint(name, difficulty, removals, text=text), suffix


def _seen_by(victims: int, supports) -> int:
    """SE narrows to the first support, and to the second only when the first exists."""
    if supports[0] is None:
        return victims
    victims &= PEER_MASK[supports[0]]
    if supports[1] is not None:
        victims &= PEER_MASK[supports[1]]
    return victims
