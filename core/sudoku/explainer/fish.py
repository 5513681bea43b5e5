"""Basic fish: X-Wing (3.2), Swordfish (3.8), Jellyfish (5.2). `degree` base lines in which a
digit's positions fall into as many cross lines: the cross lines lose the digit elsewhere."""

from __future__ import annotations

from collections.abc import Iterator

from core import native
from core.sudoku.explainer.board import REGIONS, Board, region_name
from core.sudoku.explainer.hint import Hint
from core.sudoku.explainer.subsets import _tuple_of, colex

NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
DIFFICULTY = {2: 3.2, 3: 3.8, 4: 5.2}


def fish(degree: int):
    def find(board: Board) -> Iterator[Hint]:
        if native.explainer is not None:  # the same fish, found in C
            for v, base_kind, mask, covered in native.explainer.fish(board.values, board.cands,
                                                                    degree):
                combo = tuple(i for i in range(9) if mask >> i & 1)
                yield _fish_hint(board, v, [base_kind * 9 + i for i in combo], 3 - base_kind,
                                 combo, covered, degree)
            return
        counts = [board.count_of(v) for v in range(10)]
        positions = board.positions
        # columns as base lines first, then rows (SE's order)
        for base_kind, cover_kind in ((2, 1), (1, 2)):
            # per digit, the base lines with 2..degree places: the only ones a fish can use
            able = [sum(1 << i for i in range(9)
                        if 2 <= positions[(base_kind * 9 + i) * 9 + v - 1].bit_count() <= degree)
                    if counts[v] + degree * 2 <= 9 else 0 for v in range(1, 10)]
            for combo in colex(degree, 9):
                mask = sum(1 << i for i in combo)
                bases = None
                for v in range(1, 10):
                    if mask & ~able[v - 1]:
                        continue
                    bases = bases or [base_kind * 9 + i for i in combo]
                    covered = _tuple_of([positions[b * 9 + v - 1] for b in bases], degree)
                    if covered:
                        hint = _fish_hint(board, v, bases, cover_kind, combo, covered, degree)
                        if hint.removals:
                            yield hint
    return find


def _fish_hint(board, v, bases, cover_kind, combo, covered, degree) -> Hint:
    bit = 1 << (v - 1)
    in_bases = sum(1 << i for i in combo)
    covers = [cover_kind * 9 + i for i in range(9) if covered >> i & 1]
    removals = {}
    for cover in covers:
        outside = board.positions[cover * 9 + v - 1] & ~in_bases
        for i in range(9):
            if outside >> i & 1:
                removals[REGIONS[cover][i]] = bit
    names = ", ".join(region_name(r) for r in bases)
    return Hint(NAMES[degree], DIFFICULTY[degree], removals,
                text=f"{v} in {names}",
                shape=("locking", v, tuple(bases), tuple(covers)))
