"""Sukaku Explainer's turbot fish: two strong links of a digit joined by a weak one (a region
that holds one end of each). Skyscraper (4.0), two-string kite (4.1), turbot crane (4.2);
with a grouped link (empty rectangle, 4.3). All are found, then the easiest, with the most
removals, is taken."""

from __future__ import annotations

from collections.abc import Iterator

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
from core.sudoku.explainer.links import region_links

# (base region type, cover region type), in SE's order
KIND_PAIRS = ((1, 1), (2, 2), (2, 1), (1, 0), (2, 0))
PLAIN = {(1, 1): (4.0, "Skyscraper"), (2, 2): (4.0, "Skyscraper"),
         (2, 1): (4.1, "Two-string Kite"), (1, 0): (4.2, "Turbot Crane"),
         (2, 0): (4.2, "Turbot Crane")}


def shared_region(bridge1, bridge2) -> int | None:
    """The first of column, row and block that holds both nodes (cells and supports)."""
    members = [c for c in (*bridge1, *bridge2) if c is not None]
    for kind in (2, 1, 0):
        region = CELL_REGIONS[bridge1[0]][kind]
        if all(CELL_REGIONS[c][kind] == region for c in members):
            return region
    return None


def turbot_fish(board: Board) -> Iterator[Hint]:
    found = []
    for base_kind, cover_kind in KIND_PAIRS:
        for v in range(1, 10):
            found.extend(_for_digit(board, v, base_kind, cover_kind))
    found.sort(key=lambda h: (h[0].difficulty, -len(h[0].removals), h[1]))
    for hint, _ in found:
        yield hint


def _for_digit(board, v, base_kind, cover_kind):
    positions = board.positions
    for i1 in range(9):
        base = base_kind * 9 + i1
        base_grouped, base_links = region_links(base, positions[base * 9 + v - 1])
        for link0 in base_links:
            first = i1 + 1 if base_kind == cover_kind else 0
            for i2 in range(first, 9):
                cover = cover_kind * 9 + i2
                grouped, cover_links = region_links(cover, positions[cover * 9 + v - 1])
                if cover_links and _overlap(board, v, base, cover):
                    continue
                for link1 in cover_links:
                    for i in range(2):
                        for j in range(2):
                            hint = _hint(board, v, link0, link1, i, j, base, cover,
                                         base_grouped, grouped)
                            if hint is not None:
                                yield hint


def _overlap(board, v, base, cover) -> bool:
    """Both regions hold the same place of the digit: SE skips the pair."""
    bit = 1 << (v - 1)
    common = REGION_MASK[base] & REGION_MASK[cover]
    return any(board.cands[c] & bit for c in cell_bits(common))


def _hint(board, v, link0, link1, i, j, base, cover, base_grouped, cover_grouped):
    bridge1, bridge2 = link0[1 - i], link1[j]
    share = shared_region(bridge1, bridge2)
    if share is None or share in (base, cover):
        return None
    start, end = link0[i], link1[1 - j]
    victims = PEER_MASK[start[0]] & PEER_MASK[end[0]]
    if base_grouped:
        victims = _seen_by(victims, start[1:])
    if cover_grouped:
        victims = _seen_by(victims, end[1:])
    victims &= ~(1 << start[0]) & ~(1 << end[0]) & ~REGION_MASK[base] & ~REGION_MASK[cover]
    bit = 1 << (v - 1)
    removals = {c: bit for c in cell_bits(victims) if board.cands[c] & bit}
    if not removals:
        return None
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
    text = (f"{v}: {cell_name(start[0])}-{cell_name(bridge1[0])} in {region_name(base)}, "
            f"{cell_name(bridge2[0])}-{cell_name(end[0])} in {region_name(cover)}")
    return Hint(name, difficulty, removals, text=text), suffix


def _seen_by(victims: int, supports) -> int:
    """SE narrows to the first support, and to the second only when the first exists."""
    if supports[0] is None:
        return victims
    victims &= PEER_MASK[supports[0]]
    if supports[1] is not None:
        victims &= PEER_MASK[supports[1]]
    return victims
