"""Hidden and naked singles, in SE's order: the last empty cell of a region (1.0) first, then
hidden singles in blocks (1.2), columns and rows (1.5); naked singles (2.3) come later."""

from __future__ import annotations

from collections.abc import Iterator

from core.sudoku.explainer.board import REGIONS, Board, region_name
from core.sudoku.explainer.hint import Hint

# blocks, then columns, then rows: the order SE scans region types for singles
SCAN_ORDER = (*range(0, 9), *range(18, 27), *range(9, 18))


def hidden_singles(board: Board) -> Iterator[Hint]:
    for alone_only in (True, False):
        for region in SCAN_ORDER:
            row = board.positions[region * 9:region * 9 + 9]
            for d, positions in enumerate(row):
                if positions and not positions & (positions - 1):
                    alone = board.empty_count(region) == 1
                    if alone != alone_only:
                        continue
                    cell = REGIONS[region][positions.bit_length() - 1]
                    value = d + 1
                    difficulty = 1.0 if alone else 1.2 if region < 9 else 1.5
                    yield Hint("Hidden Single", difficulty, cell=cell, value=value,
                               text=f"{value} in {region_name(region)}")


def naked_singles(board: Board) -> Iterator[Hint]:
    for cell, m in enumerate(board.cands):
        if m and not m & (m - 1) and not board.values[cell]:
            yield Hint("Naked Single", 2.3, cell=cell, value=m.bit_length())
