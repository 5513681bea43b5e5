"""SE's direct techniques in bulk. Its direct hints (hidden singles 1.0/1.2/1.5, direct pointing
1.7, direct claiming 1.9, direct hidden pair 2.0, naked single 2.3, direct hidden triplet 2.5)
only place values, and SE tries them in the order of their difficulty, so it always takes one
of the easiest available. A placement one of them finds stays findable, by it or by an easier
one, whatever is placed meanwhile; so the hardest direct step SE needs before its next indirect
one is the easiest level at which the direct hints alone get that far, and where they stop does
not depend on their order. Applying every hint of the easiest available level at once, level by
level, reaches the same board and the same hardest step in far fewer scans."""

from __future__ import annotations

from dataclasses import dataclass

from core import native
from core.sudoku.explainer.board import REGIONS, Board
from core.sudoku.explainer.intersections import PAIRS, direct_locked_candidates
from core.sudoku.explainer.singles import SCAN_ORDER
from core.sudoku.explainer.subsets import hidden_sets

_PAIRS, _TRIPLETS = hidden_sets(2, direct=True), hidden_sets(3, direct=True)


def _hidden_singles(board: Board, regions, alone: bool) -> dict[int, int]:
    found: dict[int, int] = {}
    positions, values = board.positions, board.values
    for region in regions:
        cells = REGIONS[region]
        empty = sum(1 for c in cells if not values[c])
        if (empty == 1) != alone:
            continue
        base = region * 9
        for d in range(9):
            places = positions[base + d]
            if places and not places & (places - 1):
                found.setdefault(cells[places.bit_length() - 1], d + 1)
    return found


def _full_houses(board: Board) -> dict[int, int]:
    return _hidden_singles(board, SCAN_ORDER, True)


def _block_singles(board: Board) -> dict[int, int]:
    return _hidden_singles(board, range(9), False)


def _line_singles(board: Board) -> dict[int, int]:
    return _hidden_singles(board, range(9, 27), False)


def _naked_singles(board: Board) -> dict[int, int]:
    return {cell: m.bit_length() for cell, m in enumerate(board.cands)
            if m and not m & (m - 1) and not board.values[cell]}


def _placements(hints, difficulty: float) -> dict[int, int]:
    return {h.cell: h.value for h in hints if h.difficulty == difficulty}


@dataclass(frozen=True)
class Level:
    difficulty: float
    technique: str  # SE's technique (producer) name
    name: str  # SE's hint name
    finder: object  # board -> {cell: value}


LEVELS = (
    Level(1.0, "Hidden Single", "Hidden Single", _full_houses),
    Level(1.2, "Hidden Single", "Hidden Single", _block_singles),
    Level(1.5, "Hidden Single", "Hidden Single", _line_singles),
    Level(1.7, "Direct Pointing", "Direct Pointing",
          lambda b: _placements(direct_locked_candidates(b, pairs=PAIRS[:2]), 1.7)),
    Level(1.9, "Direct Pointing", "Direct Claiming",
          lambda b: _placements(direct_locked_candidates(b, pairs=PAIRS[2:]), 1.9)),
    Level(2.0, "Direct Hidden Pair", "Direct Hidden Pair", lambda b: _placements(_PAIRS(b), 2.0)),
    Level(2.3, "Naked Single", "Naked Single", _naked_singles),
    Level(2.5, "Direct Hidden Triplet", "Direct Hidden Triplet",
          lambda b: _placements(_TRIPLETS(b), 2.5)),
)


def direct_rounds(board: Board, allowed=None):
    """Apply the direct techniques to the end, easiest level first; yield (level, how many
    values it placed) for each round."""
    levels = [lv for lv in LEVELS if allowed is None or lv.technique in allowed]
    if native.explainer is not None:  # the same rounds, each in one call
        wanted = sum(1 << i for i, lv in enumerate(LEVELS)
                     if allowed is None or lv.technique in allowed)
        while not board.solved:
            found = native.explainer.direct_round(board.values, board.cands, board.positions,
                                                  wanted)
            if found is None:
                return
            yield LEVELS[found[0]], found[1]
        return
    while not board.solved:
        for level in levels:
            found = level.finder(board)
            if found:
                for cell, value in found.items():
                    if not board.values[cell]:
                        board.place(cell, value)
                yield level, len(found)
                break
        else:
            return
