"""Pointing and claiming: a digit's positions in one region all lie in a crossing region, so
the crossing region loses the digit elsewhere. SE's direct variant (1.7 / 1.9) only counts
when the removal leaves a hidden single, and places that single without removing anything."""

from __future__ import annotations

from collections.abc import Iterator

from core import native
from core.sudoku.explainer.board import (
    CROSSES,
    CROSSING,
    REGION_MASK,
    REGIONS,
    SPREAD,
    Board,
    region_name,
)
from core.sudoku.explainer.hint import Hint

# (first region type, second region type) pairs, in SE's order: block-column, block-row,
# column-block, row-block
PAIRS = ((0, 2), (0, 1), (2, 0), (1, 0))


def _crossings(board: Board, classic: bool, pairs=PAIRS) -> Iterator[tuple[int, int, int]]:
    """(region1, region2, digit): the digit's positions (two or more) in region1 all lie in
    region2, in SE's order (Sukaku Explainer: digit by digit; classic SE: region pair by
    region pair)."""
    positions = board.positions
    for kind1, kind2 in pairs:
        if classic:
            for region1 in range(kind1 * 9, kind1 * 9 + 9):
                for region2 in CROSSING[region1][kind2]:
                    for v in range(1, 10):
                        here = positions[region1 * 9 + v - 1]
                        if here & (here - 1) and not SPREAD[region1][here] & ~REGION_MASK[region2]:
                            yield region1, region2, v
            continue
        for v in range(1, 10):
            for region1 in range(kind1 * 9, kind1 * 9 + 9):
                here = positions[region1 * 9 + v - 1]
                if here & (here - 1) == 0:
                    continue
                cells = SPREAD[region1][here]
                for region2 in CROSSING[region1][kind2]:
                    if not cells & ~REGION_MASK[region2]:
                        yield region1, region2, v


def locked_candidates(board: Board, classic: bool = False) -> Iterator[Hint]:
    if native.explainer is not None:  # the same lockings, found in C
        for region1, region2, v in native.explainer.locked_candidates(board.values, board.cands,
                                                                      classic):
            yield locking_hint(board, region1, region2, v)
        return
    for region1, region2, v in _crossings(board, classic):
        hint = locking_hint(board, region1, region2, v)
        if hint.removals:
            yield hint


def locking_hint(board: Board, region1: int, region2: int, v: int) -> Hint:
    bit = 1 << (v - 1)
    outside = ~REGION_MASK[region1]
    removals = {c: bit for c in REGIONS[region2] if outside >> c & 1 and board.cands[c] & bit}
    pointing = region2 >= 9
    return Hint("Pointing" if pointing else "Claiming", 2.6 if pointing else 2.8, removals,
                text=f"{v} in {region_name(region1)} lies in {region_name(region2)}",
                shape=("locking", v, (region1,), (region2,)))


def direct_locked_candidates(board: Board, classic: bool = False, pairs=PAIRS
                             ) -> Iterator[Hint]:
    """A locking that leaves a hidden single in another region of region1's type."""
    positions = board.positions
    for region1, region2, v in _crossings(board, classic, pairs):
        kind = region1 // 9
        for region3 in range(kind * 9, kind * 9 + 9):
            if region3 == region1 or not CROSSES[region3][region2]:
                continue
            there = positions[region3 * 9 + v - 1]
            if there & (there - 1) == 0:
                continue
            left = [c for i, c in enumerate(REGIONS[region3])
                    if there >> i & 1 and not REGION_MASK[region2] >> c & 1]
            if len(left) == 1:
                block = region1 < 9
                yield Hint("Direct Pointing" if block else "Direct Claiming",
                           1.7 if block else 1.9, cell=left[0], value=v,
                           text=f"{v} in {region_name(region1)} lies in "
                                f"{region_name(region2)}; hidden single in "
                                f"{region_name(region3)}")
