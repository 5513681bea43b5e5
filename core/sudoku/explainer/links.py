"""Strong links of one digit in one region, as Sukaku Explainer's turbot fish and strong-link
fish see them: two cells, or two groups when the region's places form an "empty rectangle"
(a block whose places lie in one row and one column) or two block segments of a line.

A node of a link is (cell, support, support2): the cell stands for the node and the supports,
when not None, are the other cells of its group (for a block's empty rectangle the node's cell
is the heart, the crossing cell, whether or not it holds the digit)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from core.sudoku.explainer.board import REGIONS

Node = tuple[int, int | None, int | None]


def _block_tables():
    """Per heart index e of a block: the 'rectangle' that must be empty, the heart's column
    (blade 1) and row (blade 2) without the heart."""
    rectangle, blade1, blade2 = [], [], []
    for e in range(9):
        r, c = divmod(e, 3)
        rectangle.append(sum(1 << i for i in range(9) if i // 3 != r and i % 3 != c))
        blade1.append(sum(1 << i for i in range(9) if i % 3 == c and i != e))
        blade2.append(sum(1 << i for i in range(9) if i // 3 == r and i != e))
    return tuple(rectangle), tuple(blade1), tuple(blade2)


BLOCK_RECTANGLE, BLOCK_BLADE1, BLOCK_BLADE2 = _block_tables()
# a line's three block segments: the empty one, then the other two in order
LINE_SEGMENT = (0b000000111, 0b000111000, 0b111000000)
LINE_BLADES = ((LINE_SEGMENT[1], LINE_SEGMENT[2]), (LINE_SEGMENT[0], LINE_SEGMENT[2]),
               (LINE_SEGMENT[0], LINE_SEGMENT[1]))


def _indices(mask: int) -> list[int]:
    return [i for i in range(9) if mask >> i & 1]


def empty_rectangle(places: int, block: bool) -> tuple[int, int, int] | None:
    """(heart index, blade 1, blade 2) of the first heart whose rectangle holds no place, or
    None when that first heart leaves a blade empty (or no heart has an empty rectangle)."""
    for e in range(9 if block else 3):
        area = BLOCK_RECTANGLE[e] if block else LINE_SEGMENT[e]
        if places & area:
            continue
        b1, b2 = (BLOCK_BLADE1[e], BLOCK_BLADE2[e]) if block else LINE_BLADES[e]
        if places & b1 and places & b2:
            return e, places & b1, places & b2
        return None
    return None


def region_links(region: int, places: int) -> tuple[bool, list[tuple[Node, Node]]]:
    """(grouped, links) of a region for the turbot fish: each link is (node 0, node 1)."""
    count = places.bit_count()
    block = region < 9
    if count < 2 or count > 6 or (block and count > 5):
        return False, []
    cells = REGIONS[region]
    if count == 2:
        a, b = _indices(places)
        return False, [((cells[a], None, None), (cells[b], None, None))]
    found = empty_rectangle(places, block)
    if found is None:
        return False, []
    e, blade1, blade2 = found
    one1, one2 = blade1.bit_count() == 1, blade2.bit_count() == 1
    if not (one1 or one2):
        g1 = [cells[i] for i in _indices(blade1)] + [None]
        g2 = [cells[i] for i in _indices(blade2)] + [None]
        return True, [((g1[0], g1[1], g1[2] if len(g1) > 3 else None),
                       (g2[0], g2[1], g2[2] if len(g2) > 3 else None))]
    links = []
    for single, group, ok in ((blade1, blade2, one1), (blade2, blade1, one2)):
        if not ok:
            continue
        lone = cells[_indices(single)[0]]
        rest = [cells[i] for i in _indices(group)] + [None, None]
        if block:
            links.append(((lone, None, None), (cells[e], rest[0], rest[1])))
        else:
            links.append(((lone, None, None), (rest[0], rest[1], rest[2])))
    return True, links


def per_digit_hints(board, known: dict | None, parts_of: Callable[[int], list],
                    kinds: int) -> Iterator:
    """The hints of a technique that works digit by digit: `parts_of(v)` lists the digit's
    (hint, order) pairs by kind, taken from `known` when the digit's cells are as before
    (most digits stay as they were from one step to the next); given easiest first, then most
    removals, then as found."""
    per_digit = []
    for v in range(1, 10):
        key = (v, board.digit_cells(v))
        parts = known.get(key) if known is not None else None
        if parts is None:
            parts = parts_of(v)
            if known is not None:
                known[key] = parts
        per_digit.append(parts)
    found = [h for i in range(kinds) for parts in per_digit for h in parts[i]]
    found.sort(key=lambda h: (h[0].difficulty, -len(h[0].removals), h[1]))
    for hint, _ in found:
        yield hint
