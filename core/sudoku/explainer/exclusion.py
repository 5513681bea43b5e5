"""Aligned exclusion: for two (6.2) or three (7.5) cells, a combination of their digits is
impossible when two of them that see each other repeat a digit, or when it takes every digit
of a cell (with two, or up to `degree`, candidates) that sees them all. A digit no possible
combination uses is removed."""

from __future__ import annotations

from collections.abc import Iterator

from core import native
from core.sudoku.explainer.board import (
    HOUSE_ORDER,
    PEER_MASK,
    PEERS,
    Board,
    cell_bits,
    cell_name,
)
from core.sudoku.explainer.hint import Hint

NAMES = {2: "Aligned Pair Exclusion", 3: "Aligned Triplet Exclusion"}
DIFFICULTY = {2: 6.2, 3: 7.5}


def _base_cells(board: Board, degree: int, classic: bool) -> tuple[list[int], dict, dict]:
    """Cells with two or more candidates, no naked single among their peers, and some peer
    with 2..degree candidates (its excluders, as a bit set and in peer order), in cell
    order."""
    cands = board.cands
    base, masks, lists = [], {}, {}
    for cell in range(81):
        if cands[cell].bit_count() < 2:
            continue
        found, single = [], False
        for p in (HOUSE_ORDER if classic else PEERS)[cell]:
            n = cands[p].bit_count()
            if n == 1:
                single = True
                break
            if 2 <= n <= degree:
                found.append(p)
        if not single and found:
            base.append(cell)
            masks[cell] = sum(1 << p for p in found)
            lists[cell] = found
    return base, masks, lists


def _pairs(n: int) -> Iterator[tuple[int, int]]:
    """SE's Twomutations: index pairs (i, j), i < j, by increasing j."""
    for j in range(1, n):
        for i in range(j):
            yield i, j


def aligned_exclusion(degree: int, classic: bool = False):
    # what each set of cells allows, by their candidates and their excluders': one rating
    # meets the same sets again after every step that changed something elsewhere
    known: dict = {}

    def find(board: Board) -> Iterator[Hint]:
        if native.explainer is not None:  # the same exclusions, found in C (no memory needed)
            for cells, used in native.explainer.aligned_exclusion(board.values, board.cands,
                                                                  degree, classic):
                yield _exclusion_hint(board, cells, used, degree)
            return
        if len(known) > 500_000:
            known.clear()
        base, masks, lists = _base_cells(board, degree, classic)
        if len(base) < degree:
            return
        members = set(base)
        for i, j in _pairs(len(base)):
            first, second = base[i], base[j]
            both = masks[first] & masks[second]
            if degree == 2:
                if both & (both - 1):
                    hint = _exclusion(board, (first, second), both, degree, known)
                    if hint is not None:
                        yield hint
                continue
            area = list(dict.fromkeys(lists[first] + lists[second]))
            for tail in area:
                if tail in members and tail != first and tail != second:
                    common = both & masks[tail]
                    if common & (common - 1):
                        hint = _exclusion(board, (first, second, tail), common, degree,
                                          known)
                        if hint is not None:
                            yield hint
    return find


def _exclusion(board: Board, cells, common: int, degree, known: dict) -> Hint | None:
    cands = board.cands
    locks = [cands[e] for e in cell_bits(common)]
    key = (cells, *(cands[c] for c in cells), *locks)
    if key in known:
        used = known[key]
    else:
        used = known[key] = _allowed(board, cells, locks)
    if used is None:
        return None
    return _exclusion_hint(board, cells, used, degree)


def _exclusion_hint(board: Board, cells, used, degree) -> Hint:
    cands = board.cands
    removals = {c: cands[c] & ~used[k] for k, c in enumerate(cells) if cands[c] & ~used[k]}
    return Hint(NAMES[degree], DIFFICULTY[degree], removals,
                text=", ".join(cell_name(c) for c in cells))


def _allowed(board: Board, cells, locks) -> list[int] | None:
    """The digits each cell takes in some allowed combination, or None when every digit
    of every cell is allowed (nothing to remove; found as soon as it is known)."""
    cands = board.cands
    wanted = [cands[c] for c in cells]
    options = [tuple(1 << d for d in cell_bits(m)) for m in wanted]
    used = [0] * len(cells)
    if len(cells) == 2:
        same = PEER_MASK[cells[0]] >> cells[1] & 1
        for a in options[0]:
            for b in options[1]:
                if same and a == b:
                    continue
                m = a | b
                if any(lock & ~m == 0 for lock in locks):
                    continue
                used[0] |= a
                used[1] |= b
                if used == wanted:
                    return None
        return used
    s01 = PEER_MASK[cells[0]] >> cells[1] & 1
    s02 = PEER_MASK[cells[0]] >> cells[2] & 1
    s12 = PEER_MASK[cells[1]] >> cells[2] & 1
    for a in options[0]:
        for b in options[1]:
            if s01 and a == b:
                continue
            ab = a | b
            if any(lock & ~ab == 0 for lock in locks):
                continue
            for c in options[2]:
                if (s02 and a == c) or (s12 and b == c):
                    continue
                m = ab | c
                if any(lock & ~m == 0 for lock in locks):
                    continue
                used[0] |= a
                used[1] |= b
                used[2] |= c
            if used == wanted:
                return None
    return used
