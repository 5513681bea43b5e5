"""Naked and hidden sets (pairs, triplets, quads). SE's direct hidden pair / triplet (2.0 /
2.5) only counts when the set's removals leave a hidden single, which it places."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import combinations

from core import native
from core.sudoku.explainer.board import REGIONS, Board, region_name
from core.sudoku.explainer.hint import Hint

GROUP = {2: "Pair", 3: "Triplet", 4: "Quad"}
HIDDEN = {2: 3.4, 3: 4.0, 4: 5.4}
DIRECT_HIDDEN = {2: 2.0, 3: 2.5, 4: 4.3}
NAKED = {2: 3.0, 3: 3.6, 4: 5.0}
# blocks, then columns, then rows: the order SE scans region types for sets
SCAN_ORDER = (*range(0, 9), *range(18, 27), *range(9, 18))


@cache
def colex(k: int, n: int) -> tuple[tuple[int, ...], ...]:
    """The k-subsets of range(n) in SE's order (its Permutations: increasing bit patterns)."""
    return tuple(sorted(combinations(range(n), k), key=lambda t: t[::-1]))


def _tuple_of(sets, degree: int) -> int:
    """SE's searchCommonTuple: each set has two or more members and together `degree`."""
    union = 0
    for s in sets:
        if s & (s - 1) == 0:
            return 0
        union |= s
    return union if union.bit_count() == degree else 0


def hidden_sets(degree: int, direct: bool = False):
    def find(board: Board) -> Iterator[Hint]:
        if native.explainer is not None:  # the same sets, found in C
            for region, keep, common in native.explainer.hidden_sets(board.values, board.cands,
                                                                     degree, direct):
                combo = tuple(d for d in range(9) if keep >> d & 1)
                yield _hidden_hint(board, region, combo, common, degree, direct)
            return
        for region in SCAN_ORDER:
            empty = board.empty_count(region)
            if not (empty > 2 * degree or (direct and empty > degree)):
                continue
            row = board.positions[region * 9:region * 9 + 9]
            # only digits with 2..degree places can be in a set: SE's order over them is
            # its order over all nine (colex keeps the order of any subset)
            able = [d for d in range(9) if 2 <= row[d].bit_count() <= degree]
            for picks in colex(degree, len(able)):
                combo = tuple(able[i] for i in picks)
                common = _tuple_of([row[d] for d in combo], degree)
                if common:
                    hint = _hidden_hint(board, region, combo, common, degree, direct)
                    if hint is not None and (direct or hint.removals):
                        yield hint
    return find


def _hidden_hint(board, region, combo, common, degree, direct) -> Hint | None:
    keep = sum(1 << d for d in combo)
    cells = [c for i, c in enumerate(REGIONS[region]) if common >> i & 1]
    removals = {c: board.cands[c] & ~keep for c in cells if board.cands[c] & ~keep}
    values = "".join(str(d + 1) for d in combo)
    text = f"{values} in {region_name(region)}"
    if not direct:
        return Hint(f"Hidden {GROUP[degree]}", HIDDEN[degree], removals, text=text,
                    shape=("hidden", region, keep))
    row = board.positions[region * 9:region * 9 + 9]
    for d in range(9):
        if keep >> d & 1:
            continue
        places = row[d]
        if places & (places - 1) == 0:
            continue
        left = places & ~common
        if left and left & (left - 1) == 0:
            return Hint(f"Direct Hidden {GROUP[degree]}", DIRECT_HIDDEN[degree],
                        cell=REGIONS[region][left.bit_length() - 1], value=d + 1,
                        text=f"{text}, hidden single")
    return None


def naked_sets(degree: int):
    def find(board: Board) -> Iterator[Hint]:
        if native.explainer is not None:  # the same sets, found in C
            for region, inside, common in native.explainer.naked_sets(board.values, board.cands,
                                                                      degree):
                cells = REGIONS[region]
                yield _naked_hint(board, region, [cells[i] for i in range(9) if inside >> i & 1],
                                  common, degree)
            return
        cands = board.cands
        for region in SCAN_ORDER:
            if board.empty_count(region) < 2 * degree:
                continue
            cells = REGIONS[region]
            able = [i for i in range(9) if 2 <= cands[cells[i]].bit_count() <= degree]
            for picks in colex(degree, len(able)):
                combo = tuple(able[i] for i in picks)
                common = _tuple_of([cands[cells[i]] for i in combo], degree)
                if not common:
                    continue
                hint = _naked_hint(board, region, [cells[i] for i in combo], common, degree)
                if hint.removals:
                    yield hint
    return find


def _naked_hint(board, region, inside, common, degree) -> Hint:
    cands = board.cands
    removals = {c: cands[c] & common for c in REGIONS[region]
                if c not in inside and cands[c] & common}
    values = "".join(str(d + 1) for d in range(9) if common >> d & 1)
    return Hint(f"Naked {GROUP[degree]}", NAKED[degree], removals,
                text=f"{values} in {region_name(region)}", shape=("naked", tuple(inside), common))
