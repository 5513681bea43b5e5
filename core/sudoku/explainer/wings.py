"""XY-Wing (4.2) and XYZ-Wing (4.4): a pivot and two pincers that see it; one pincer holds
z, so cells that see all the cells holding z lose it."""

from __future__ import annotations

from collections.abc import Iterator

from core import native
from core.sudoku.explainer.board import (
    FORWARD_PEER_MASK,
    HOUSE_ORDER,
    PEER_MASK,
    PEERS,
    Board,
    cell_bits,
    cell_name,
)
from core.sudoku.explainer.hint import Hint


def xy_wings(xyz: bool, classic: bool = False):
    size = 3 if xyz else 2
    peers = HOUSE_ORDER if classic else PEERS  # classic SE lists a cell's peers by house

    def find(board: Board) -> Iterator[Hint]:
        cands = board.cands
        if native.explainer is not None:  # the same wings, found in C
            for pivot, xz_cell, yz_cell in native.explainer.xy_wings(board.values, cands, xyz,
                                                                     classic):
                yield _wing_hint(board, pivot, xz_cell, yz_cell, cands[xz_cell] & cands[yz_cell],
                                 xyz)
            return
        for pivot in range(81):
            xy = cands[pivot]
            if xy.bit_count() != size:
                continue
            for xz_cell in peers[pivot]:
                xz = cands[xz_cell]
                if xz.bit_count() != 2 or (xy & ~xz).bit_count() != 1:
                    continue
                for yz_cell in peers[pivot]:
                    yz = cands[yz_cell]
                    if yz.bit_count() != 2 or (xy | xz | yz).bit_count() != 3:
                        continue
                    if (xy & xz & yz).bit_count() != (1 if xyz else 0):
                        continue
                    hint = _wing_hint(board, pivot, xz_cell, yz_cell, xz & yz, xyz)
                    if hint.removals:
                        yield hint
    return find


def _wing_hint(board, pivot, xz_cell, yz_cell, z_bit, xyz) -> Hint:
    z_bit &= -z_bit
    victims = PEER_MASK[xz_cell] & PEER_MASK[yz_cell]
    if xyz:
        victims &= PEER_MASK[pivot]
    victims &= ~((1 << pivot) | (1 << xz_cell) | (1 << yz_cell))
    removals = {c: z_bit for c in cell_bits(victims) if board.cands[c] & z_bit}
    return Hint("XYZ-Wing" if xyz else "XY-Wing", 4.4 if xyz else 4.2, removals,
                text=f"pivot {cell_name(pivot)}, pincers {cell_name(xz_cell)} and "
                     f"{cell_name(yz_cell)}, z={z_bit.bit_length()}")


# --- WXYZ-Wing and VWXYZ-Wing ------------------------------------------------------------------
# Sukaku Explainer's form: `size` mutually visible wing cells holding size+1 digits in all,
# and a bivalue cell yz whose digits are among them. A digit of yz whose wing places all see
# yz is restricted; the other digit leaves the cells that see yz and all its wing places. With
# both digits restricted (doubly linked), every digit can go from more cells.

WING_BASE = {3: 5.5, 4: 6.2}
WING_NAMES = {3: "WXYZ-Wing", 4: "VWXYZ-Wing"}


def big_wings(size: int):
    def find(board: Board) -> Iterator[Hint]:
        found = []
        if native.explainer is not None:  # the same wings, found in C
            cands = board.cands
            for wing, yz, x, z, double in native.explainer.big_wings(board.values, cands, size):
                union = 0
                for c in wing:
                    union |= cands[c]
                found.append(_big_wing_hint(
                    board, size, list(wing), yz, x, z, max(cands[c].bit_count() for c in wing),
                    sum(cands[c].bit_count() for c in wing), bool(double), union))
        else:
            _wing_sets(board, size, [], 0, found)
        found.sort(key=lambda h: (h[0].difficulty, -h[1], _Desc(h[2])))
        for hint, _, _ in found:
            yield hint
    return find


class _Desc(str):
    """Sorts strings in reverse (SE sorts these wings' suffixes descending)."""

    def __lt__(self, other):
        return str.__gt__(self, other)


def _wing_sets(board, size, wing, reach, found) -> None:
    """Choose wing cells one by one: each sees (and follows) all the earlier ones."""
    cands = board.cands
    union = 0
    for c in wing:
        union |= cands[c]
    if len(wing) == size:
        if union.bit_count() == size + 1:
            _wings_with(board, size, wing, union, found)
        return
    if not wing:
        options = [c for c in range(81) if 1 < cands[c].bit_count() < size + 2]
    else:
        options = list(cell_bits(reach))
    for c in options:
        m = cands[c]
        if wing and m.bit_count() < 2:
            continue
        if len(wing) + 1 < size and wing and (union | m).bit_count() > size + 1:
            continue
        nxt = FORWARD_PEER_MASK[c] if not wing else reach & FORWARD_PEER_MASK[c]
        wing.append(c)
        _wing_sets(board, size, wing, nxt, found)
        wing.pop()


def _wings_with(board, size, wing, union, found) -> None:
    cands = board.cands
    biggest = max(cands[c].bit_count() for c in wing)
    wing_size = sum(cands[c].bit_count() for c in wing)
    yz_range = 0
    for c in wing:
        yz_range |= PEER_MASK[c]
    for c in wing:
        yz_range &= ~(1 << c)
    for yz in cell_bits(yz_range):
        pair = cands[yz]
        if pair.bit_count() != 2 or pair & union != pair:
            continue
        x, z = pair & -pair, pair & (pair - 1)
        double = _restricted(board, wing, yz, z)
        if _restricted(board, wing, yz, x):
            hint = _big_wing_hint(board, size, wing, yz, x, z, biggest, wing_size, double,
                                  union)
        elif double:
            hint = _big_wing_hint(board, size, wing, yz, z, x, biggest, wing_size, False, union)
        else:
            continue
        if hint[0].removals:
            found.append(hint)


def _restricted(board, wing, yz, bit) -> bool:
    """Every wing cell holding the digit sees yz."""
    return all(not board.cands[c] & bit or PEER_MASK[yz] >> c & 1 for c in wing)


def _seeing(board, wing, bit, start) -> int:
    """Cells that see `start` and every wing cell holding the digit."""
    victims = start
    for c in reversed(wing):  # SE intersects from the last wing cell back
        if board.cands[c] & bit:
            victims &= PEER_MASK[c]
    return victims


def _big_wing_hint(board, size, wing, yz, x, z, biggest, wing_size, double, union):
    cands = board.cands
    outside = ~sum(1 << c for c in (*wing, yz))
    removals: dict[int, int] = {}
    counts = {"weak": 0, "x": 0, "z": 0}

    def take(victims, bit, kind):
        for c in cell_bits(victims & outside):
            if cands[c] & bit:
                removals[c] = removals.get(c, 0) | bit
                counts[kind] += 1

    if double:
        for w in cell_bits(union & ~(x | z)):
            take(_seeing(board, wing, 1 << w, -1), 1 << w, "weak")
        take(_seeing(board, wing, x, PEER_MASK[yz]), x, "x")
    take(_seeing(board, wing, z, PEER_MASK[yz]), z, "z")
    if double and not counts["weak"] and (not counts["z"] or not counts["x"]):
        double = False
    base = WING_BASE[size]
    middle = (size + 3) // 2  # SE: the wing's middle cell size rates highest
    difficulty = base + ((size + 1 - middle) - abs(middle - biggest)) * 0.1
    suffix = f"{2 if double else 1}{biggest}{wing_size}"
    total = sum(counts.values())
    return (Hint(f"{WING_NAMES[size]} {suffix}", difficulty, removals,
                 text=f"{','.join(cell_name(c) for c in wing)} with {cell_name(yz)}"),
            total, suffix)
