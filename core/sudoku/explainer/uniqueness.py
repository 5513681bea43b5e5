"""Techniques that rely on the puzzle having one solution: unique rectangles and loops (types
1-4, 4.5 and up) and the bivalue universal grave (BUG, types 1-4, 5.6-6.0), as SE finds them
(with lkSudoku's corrections, which Sukaku Explainer enables and classic SE lacks)."""

from __future__ import annotations

from collections.abc import Iterator

from core import native
from core.search import Stopped
from core.sudoku.explainer.board import (
    CELL_REGIONS,
    HOUSE_ORDER,
    PEER_MASK,
    REGIONS,
    Board,
    cell_bits,
    cell_name,
)
from core.sudoku.explainer.hint import Hint
from core.sudoku.explainer.subsets import _tuple_of, colex

RECTANGLE_TYPES = ("1", "2", "3", "3", "4")
REGION_BITS = tuple(sum(1 << r for r in regions) for regions in CELL_REGIONS)


# --- unique rectangles and loops -----------------------------------------------------------

def unique_loops(board: Board, corrected: bool = True, stop=None) -> Iterator[Hint]:
    hints: list[tuple[Hint, int, frozenset, int]] = []  # hint, type, loop cells, class
    for loop in _valid_loops(board, corrected, stop):
        _add_loop_hints(board, loop, board.cands[loop[0]], corrected, hints)
    hints.sort(key=lambda h: (h[0].difficulty, h[1]))
    for hint, *_ in hints:
        yield hint


def _valid_loops(board: Board, corrected: bool, stop) -> Iterator[list[int]]:
    """The loops SE accepts, from each start cell in order."""
    if native.explainer is not None:  # the same loops, found in C (which polls signals)
        if stop is not None and stop():
            raise Stopped
        for _, loop in native.explainer.unique_loops(board.values, board.cands, corrected):
            yield list(loop)
        return
    for start in range(81):
        if stop is not None and stop():  # a loop search can take a while on some boards
            raise Stopped
        pair = board.cands[start]
        if pair.bit_count() != 2:
            continue
        found: list[list[int]] = []
        _loops(board, start, pair, [], 2, 0, -1, found, corrected, [0, 0])
        yield from (loop for loop in found if _valid_loop(loop))


def _add_loop_hints(board, loop, pair, corrected, hints) -> None:
    """A valid loop's hints that remove something, once per loop cells and hint class."""
    v1, v2 = (pair & -pair).bit_length(), pair.bit_length()
    for hint, kind, klass in _loop_hints(board, loop, v1, v2, corrected):
        key = frozenset(loop)
        if not hint.removals or any(k == klass and len(c) == len(key) and c == key
                                    for _, _, c, k in hints):
            continue
        hints.append((hint, kind, key, klass))


def _loops(board, cell, pair, loop, allowed, extra, last_kind, found, corrected, seen) -> None:
    """SE's checkForLoops: depth-first through cells holding both digits of `pair`, at most
    two of them with more candidates (or more, if they add the same single digit). `seen`:
    the regions of the cells at even and odd places so far; a cell that repeats one of its
    place's parity can only make loops that _valid_loop refuses, so it is not followed (SE
    follows it: the loops found and their order are the same)."""
    seen[len(loop) % 2] |= REGION_BITS[cell]
    loop.append(cell)
    cands = board.cands
    parity = len(loop) % 2  # the place of the next cell
    for kind in range(3):
        if kind == last_kind:
            continue
        for nxt in REGIONS[CELL_REGIONS[cell][kind]]:
            if nxt == loop[0] and len(loop) >= 4:
                found.append(loop[:])
            elif nxt not in loop:
                m = cands[nxt]
                if m & pair != pair:
                    continue
                more = (extra | m) & ~pair
                if not corrected:
                    extra = more  # classic SE lets a branch's extra digits leak into the next
                if REGION_BITS[nxt] & seen[parity]:
                    continue
                if m.bit_count() == 2 or more.bit_count() == 1 or allowed > 0:
                    left = allowed - 1 if m.bit_count() > 2 else allowed
                    _loops(board, nxt, pair, loop, left, more, kind, found, corrected, seen)
    loop.pop()
    seen[len(loop) % 2] &= ~REGION_BITS[cell]


def _valid_loop(loop: list[int]) -> bool:
    """Every region the loop visits is visited by exactly two cells of different parity."""
    odd, even = set(), set()
    for i, cell in enumerate(loop):
        seen = odd if i % 2 else even
        for region in CELL_REGIONS[cell]:
            if region in seen:
                return False
            seen.add(region)
    return odd == even


def _base_difficulty(size: int) -> float:
    result = 4.5
    if size >= 10:
        result += 0.3
    if size >= 8:
        result += 0.2
    elif size >= 6:
        result += 0.1
    return result


def _name(loop, kind: str) -> str:
    if len(loop) == 4:
        return f"Unique Rectangle type {kind}"
    return f"Unique Loop {len(loop)} type {kind}"


def _loop_hints(board, loop, v1, v2, corrected):
    """(hint, type, class) for a valid loop, in SE's order; class tells SE's hint classes
    apart (type 3 naked and hidden are different classes)."""
    cands = board.cands
    pair = (1 << (v1 - 1)) | (1 << (v2 - 1))
    extra_cells = [c for c in loop if cands[c].bit_count() > 2]
    base = _base_difficulty(len(loop))
    text = f"{','.join(cell_name(c) for c in loop)} on {v1}{v2}"
    if len(extra_cells) == 1:
        yield Hint(_name(loop, "1"), base, {extra_cells[0]: pair}, text=text), 1, 1
    elif len(extra_cells) > 2:
        yield _type2(board, loop, extra_cells, pair, base, text), 2, 2
    elif len(extra_cells) == 2:
        c1, c2 = extra_cells
        rest = (cands[c1] | cands[c2]) & ~pair
        if rest.bit_count() == 1:
            yield _type2(board, loop, extra_cells, pair, base, text), 2, 2
        elif rest.bit_count() >= 2:
            yield from _type3(board, loop, c1, c2, pair, base, text, corrected)
        hint = _type4(board, loop, c1, c2, v1, v2, base, text)
        if hint is not None:
            yield hint, 4, 5


def _type2(board, loop, extra_cells, pair, base, text) -> Hint:
    extra = board.cands[extra_cells[0]] & ~pair
    bit = extra & -extra
    common = -1
    for c in extra_cells:
        common &= PEER_MASK[c]
    removals = {c: bit for c in cell_bits(common)
                if c not in extra_cells and board.cands[c] & bit}
    return Hint(_name(loop, "2"), base, removals, text=f"{text}, {bit.bit_length()} extra")


def _type3(board, loop, c1, c2, pair, base, text, corrected):
    cands = board.cands
    if native.explainer is not None:  # the same sets in the same order, found in C
        for hidden, region, a, b in native.explainer.ur_type3(board.values, cands, c1, c2, pair,
                                                              corrected):
            if hidden:
                yield _type3_hidden_hint(board, loop, region, c1, c2, a, b, base, text)
            else:
                cells = REGIONS[region]
                others = [cells[i] for i in range(9) if a >> i & 1 and cells[i] != c1]
                yield _type3_naked_hint(board, loop, region, c1, c2, others, b, base, text)
        return
    extra = (cands[c1] | cands[c2]) & ~pair
    for degree in range(2 if corrected else extra.bit_count(), 8):
        for kind in range(3):
            region = CELL_REGIONS[c1][kind]
            if region != CELL_REGIONS[c2][kind]:
                continue
            empty = board.empty_count(region)
            if degree * 2 <= empty and (not corrected or degree >= extra.bit_count()):
                yield from _type3_naked(board, loop, region, c1, c2, extra, degree, base, text)
            if degree * 2 < empty:
                yield from _type3_hidden(board, loop, region, c1, c2, pair, extra, degree,
                                         base, text)


def _type3_naked(board, loop, region, c1, c2, extra, degree, base, text):
    cands, cells = board.cands, REGIONS[region]
    i1, i2 = cells.index(c1), cells.index(c2)
    for combo in colex(degree, 9):
        if i1 not in combo or i2 in combo:
            continue
        naked = extra & cands[c1] & cands[c2]
        sets, others = [], []
        for i in combo:
            if i == i1:
                sets.append(extra)
            else:
                sets.append(cands[cells[i]])
                naked |= cands[cells[i]]
                others.append(cells[i])
        if naked.bit_count() != degree:
            continue
        common = _tuple_of(sets, degree)
        if common:
            yield _type3_naked_hint(board, loop, region, c1, c2, others, common,
                                    base, text)


def _type3_naked_hint(board, loop, region, c1, c2, others, common, base, text):
    cands = board.cands
    removals = {c: cands[c] & common for c in REGIONS[region]
                if c not in others and c not in (c1, c2) and cands[c] & common}
    add = (common.bit_count() - 1) * 0.1
    return Hint(_name(loop, "3"), base + add, removals, text=f"{text}, naked set"), 3, 3


def _type3_hidden(board, loop, region, c1, c2, pair, extra, degree, base, text):
    cells = REGIONS[region]
    i1, i2 = cells.index(c1), cells.index(c2)
    rest = [d for d in range(9) if not (pair | extra) >> d & 1]
    if degree - 2 > len(rest):
        return
    row = board.positions[region * 9:region * 9 + 9]
    for picks in colex(degree - 2, len(rest)):
        values = [rest[p] for p in picks] + [(pair & -pair).bit_length() - 1,
                                             pair.bit_length() - 1]
        union, empty_set = 0, False
        for d in values:
            places = row[d] & ~(1 << i2)
            if not places:
                empty_set = True
            union |= places
        if empty_set or union.bit_count() != degree:
            continue
        hidden = sum(1 << d for d in values)
        places = union & ~(1 << i1) & ~(1 << i2)
        yield _type3_hidden_hint(board, loop, region, c1, c2, hidden, places, base, text)


def _type3_hidden_hint(board, loop, region, c1, c2, hidden, places, base, text):
    cells = REGIONS[region]
    removals = {}
    for i in range(9):
        c = cells[i]
        if places >> i & 1 and c not in (c1, c2) and board.cands[c] & ~hidden:
            removals[c] = board.cands[c] & ~hidden
    add = (places.bit_count() - 1) * 0.1
    return Hint(_name(loop, "3"), base + add, removals, text=f"{text}, hidden set"), 3, 4


def _type4(board, loop, c1, c2, v1, v2, base, text) -> Hint | None:
    locked1 = locked2 = None
    for kind in range(3):
        region = CELL_REGIONS[c1][kind]
        if region != CELL_REGIONS[c2][kind]:
            continue
        others = [c for c in REGIONS[region] if c not in (c1, c2)]
        if not any(board.cands[c] >> (v1 - 1) & 1 for c in others):
            locked1 = region
        if not any(board.cands[c] >> (v2 - 1) & 1 for c in others):
            locked2 = region
    if locked1 is not None:
        gone = 1 << (v2 - 1)
    elif locked2 is not None:
        gone = 1 << (v1 - 1)
    else:
        return None
    return Hint(_name(loop, "4"), base, {c1: gone, c2: gone}, text=f"{text}, locked")


# --- bivalue universal grave -------------------------------------------------------------------

class _Bug:
    """What SE's BUG search collects: the cells with an extra digit, their extra digits, the
    cells that see all of them, and the candidates without the extras."""

    def __init__(self, board: Board):
        self.cells: list[int] = []
        self.extras: dict[int, int] = {}
        self.all_extras = 0
        self.common: int | None = None
        self.rest = board.cands[:]

    def add(self, cell: int, bit: int, count_digit: bool = True) -> bool:
        """Record an extra digit; False when no BUG type 1-3 can remain."""
        if cell not in self.cells:
            self.cells.append(cell)
        self.extras[cell] = self.extras.get(cell, 0) | bit
        if count_digit:
            self.all_extras |= bit
        self.rest[cell] &= ~bit
        self.common = PEER_MASK[cell] if self.common is None else self.common & PEER_MASK[cell]
        for c in self.cells:
            self.common &= ~(1 << c)
        return not (len(self.cells) > 1 and self.all_extras.bit_count() > 1 and not self.common)


def bug(board: Board, corrected: bool = True) -> Iterator[Hint]:
    found = _find_bug(board, corrected)
    if found is None:
        return
    cells, common = found.cells, found.common
    if len(cells) == 1:
        cell = cells[0]
        yield Hint("BUG type 1", 5.6, {cell: board.cands[cell] & ~found.all_extras},
                   text=f"{cell_name(cell)} holds the extra digit")
    elif found.all_extras.bit_count() == 1:
        hint = _bug2(board, found)
        if hint is not None:
            yield hint
        if len(cells) == 2:
            yield from _bug4(board, found)
    elif common:
        if len(cells) == 2:
            yield from _bug4(board, found)
        yield from _bug3(board, found, corrected)


def _find_bug(board: Board, corrected: bool) -> _Bug | None:
    found = _Bug(board)
    cands, positions = board.cands, board.positions
    spread: set[int] | None = None  # lkSudoku: the cells of a single digit's extra places
    only_value, one_value = 0, True
    for region in range(27):
        for d in range(9):
            places = positions[region * 9 + d]
            if places.bit_count() in (0, 2):
                continue
            new = [REGIONS[region][i] for i in range(9)
                   if places >> i & 1 and cands[REGIONS[region][i]].bit_count() >= 3]
            if corrected:
                if spread is None:
                    spread, only_value = set(new), d
                elif one_value:
                    if only_value == d:
                        spread.update(new)
                    else:
                        one_value = False
            if len(new) == 1 and not found.add(new[0], 1 << d):
                return None
            if not new:
                return None
    if corrected and one_value and spread is not None and len(spread) > len(found.cells):
        for cell in sorted(spread - set(found.cells)):
            if not found.add(cell, 1 << only_value, count_digit=False):
                return None
    rest = found.rest
    for cell in range(81):
        if not board.values[cell] and rest[cell].bit_count() != 2:
            return None
    for region in range(27):
        for d in range(9):
            n = sum(1 for c in REGIONS[region] if rest[c] >> d & 1)
            if n not in (0, 2):
                return None
    return found


def _bug2(board, found) -> Hint | None:
    bit = found.all_extras & -found.all_extras
    if not found.common:
        return None
    removals = {c: bit for c in cell_bits(found.common) if board.cands[c] & bit}
    if not removals:
        return None
    return Hint("BUG type 2", 5.7, removals, text=f"extra digit {bit.bit_length()}")


def _bug3(board, found, corrected) -> Iterator[Hint]:
    cands = board.cands
    # lkSudoku's version tries small sets in every region type first; classic SE goes
    # region type by region type
    order = ([(d, k) for d in range(2, 7) for k in range(3)] if corrected
             else [(d, k) for k in range(3) for d in range(2, 7)])
    for degree, kind in order:
        regions = {CELL_REGIONS[c][kind] for c in found.cells}
        if len(regions) != 1:
            continue
        region = regions.pop()
        # classic SE keeps the cells seen by all in the first bug cell's house order
        order = (cell_bits(found.common) if corrected else
                 (c for c in HOUSE_ORDER[found.cells[0]] if found.common >> c & 1))
        in_region = [c for c in order if CELL_REGIONS[c][kind] == region]
        if len(in_region) < degree:
            continue
        for combo in colex(degree - 1, len(in_region)):
            naked_cells = [in_region[i] for i in combo]
            union = 0
            for c in naked_cells:
                union |= cands[c]
            if union.bit_count() != degree:
                continue
            naked = _tuple_of([cands[c] for c in naked_cells] + [found.all_extras], degree)
            if not naked:
                continue
            erasable = [c for c in in_region
                        if c not in naked_cells and c not in found.cells]
            removals = {c: cands[c] & naked for c in erasable if cands[c] & naked}
            if removals:
                yield Hint("BUG type 3", 5.7 + (naked.bit_count() - 1) * 0.1, removals,
                           text=f"naked set with the extra digits in "
                                f"{','.join(cell_name(c) for c in naked_cells)}")


def _bug4(board, found) -> Iterator[Hint]:
    c1, c2 = found.cells[0], found.cells[1]
    cands = board.cands
    common = cands[c1] & cands[c2] & ~found.all_extras
    if common.bit_count() != 1:
        return
    for kind in range(3):
        if CELL_REGIONS[c1][kind] != CELL_REGIONS[c2][kind]:
            continue
        removals = {c1: cands[c1] & ~found.extras[c1] & ~common,
                    c2: cands[c2] & ~found.extras[c2] & ~common}
        yield Hint("BUG type 4", 5.7, removals,
                   text=f"{cell_name(c1)}, {cell_name(c2)} on {common.bit_length()}")
