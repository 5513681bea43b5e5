"""Aligned exclusion: for two (6.2) or three (7.5) cells, a combination of their digits is
impossible when two of them that see each other repeat a digit, or when it takes every digit
of a cell (with two, or up to `degree`, candidates) that sees them all. A digit no possible
combination uses is removed."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from core.sudoku.explainer.board import PEER_MASK, PEERS, Board, cell_name, digits
from core.sudoku.explainer.hint import Hint
from core.sudoku.explainer.subsets import colex

NAMES = {2: "Aligned Pair Exclusion", 3: "Aligned Triplet Exclusion"}
DIFFICULTY = {2: 6.2, 3: 7.5}


def _base_cells(board: Board, degree: int) -> tuple[list[int], dict[int, list[int]]]:
    """Cells with two or more candidates, no naked single among their peers, and some peer
    with 2..degree candidates (its excluders), in cell order."""
    cands = board.cands
    base, excluders = [], {}
    for cell in range(81):
        if cands[cell].bit_count() < 2:
            continue
        found, single = [], False
        for p in PEERS[cell]:
            n = cands[p].bit_count()
            if n == 1:
                single = True
            elif 2 <= n <= degree:
                found.append(p)
        if not single and found:
            base.append(cell)
            excluders[cell] = found
    return base, excluders


def _pairs(n: int) -> Iterator[tuple[int, int]]:
    """SE's Twomutations: index pairs (i, j), i < j, by increasing j."""
    for j in range(1, n):
        for i in range(j):
            yield i, j


def aligned_exclusion(degree: int):
    def find(board: Board) -> Iterator[Hint]:
        base, excluders = _base_cells(board, degree)
        if len(base) < degree:
            return
        members = set(base)
        for i, j in _pairs(len(base)):
            first, second = base[i], base[j]
            if degree == 2:
                tails: list[tuple[int, ...]] = [()]
            else:
                area = list(dict.fromkeys(excluders[first] + excluders[second]))
                area = [c for c in area if c in members and c not in (first, second)]
                if len(area) < degree - 2:
                    continue
                tails = [tuple(area[k] for k in combo) for combo in colex(degree - 2, len(area))]
            for tail in tails:
                cells = (first, second, *tail)
                hint = _exclusion(board, cells, excluders, degree)
                if hint is not None:
                    yield hint
    return find


def _exclusion(board: Board, cells, excluders, degree) -> Hint | None:
    common = excluders[cells[0]]
    for c in cells[1:]:
        theirs = set(excluders[c])
        common = [e for e in common if e in theirs]
    if len(common) < 2:
        return None
    cands = board.cands
    locks = [cands[e] for e in common]
    seeing = [(a, b) for a, b in colex(2, len(cells)) if PEER_MASK[cells[a]] >> cells[b] & 1]
    used = [0] * len(cells)
    for combo in product(*(tuple(digits(cands[c])) for c in cells)):
        if any(combo[a] == combo[b] for a, b in seeing):
            continue
        mask = 0
        for v in combo:
            mask |= 1 << (v - 1)
        if any(lock & ~mask == 0 for lock in locks):
            continue
        for k, v in enumerate(combo):
            used[k] |= 1 << (v - 1)
    removals = {c: cands[c] & ~used[k] for k, c in enumerate(cells) if cands[c] & ~used[k]}
    if not removals:
        return None
    return Hint(NAMES[degree], DIFFICULTY[degree], removals,
                text=", ".join(cell_name(c) for c in cells))
