"""Sukaku Explainer's "3 strong-linked fishes": three strong links of a digit chained by two
weak ones; the ends' common peers lose the digit. Three skyscrapers 5.4, with a block 5.5,
3-string kite 5.6, with a grouped link 5.7. All are found; the easiest with the most removals
is taken."""

from __future__ import annotations

from collections.abc import Iterator

from core import native
from core.sudoku.explainer.board import (
    CELL_REGIONS,
    PEER_MASK,
    REGION_MASK,
    REGIONS,
    Board,
    cell_bits,
    cell_name,
)
from core.sudoku.explainer.hint import Hint
from core.sudoku.explainer.links import (
    BLOCK_BLADE1,
    BLOCK_BLADE2,
    BLOCK_RECTANGLE,
    LINE_BLADES,
    LINE_SEGMENT,
    per_digit_hints,
)

LINKS = 3
# the region types of the three links (0 block, 1 row, 2 column): every multiset, SE's order
LINK_SETS = ((0, 0, 0), (0, 0, 1), (0, 0, 2), (0, 1, 1), (0, 1, 2), (0, 2, 2),
             (1, 1, 1), (1, 1, 2), (1, 2, 2), (2, 2, 2))
ORDERS = ((0, 1, 2), (1, 0, 2), (0, 2, 1))  # link orders SE tries (one of each reversal)
BASE_RATING = 5.4


def _two_lines():
    """Blocks whose places lie in two of its rows (or columns): SE's hearts 9-14, as
    (area that must be empty, blade 1, blade 2)."""
    rows = [0b000000111, 0b000111000, 0b111000000]
    cols = [0b001001001, 0b010010010, 0b100100100]
    found = []
    for lines in (rows, cols):
        for empty in (2, 1, 0):
            a, b = [line for i, line in enumerate(lines) if i != empty]
            found.append((lines[empty], a, b))
    return tuple(found)


TWO_LINES = _two_lines()


def _same_line(a: int, b: int) -> bool:
    return a // 9 == b // 9 or a % 9 == b % 9


def _first(mask: int, after: int = -1) -> int:
    m = mask >> (after + 1)
    return (m & -m).bit_length() + after if m else -1


def region_links(region: int, places: int) -> tuple[bool, list[tuple[tuple, tuple]]]:
    """(grouped, links) as the strong-link fish sees a region; a node is (cell, support)."""
    count = places.bit_count()
    if count < 2 or count > 6:
        return False, []
    cells = REGIONS[region]
    block = region < 9
    if count == 2:
        a = _first(places)
        b = _first(places, a)
        if block and _same_line(cells[a], cells[b]):
            return False, []
        return False, [((cells[a], None), (cells[b], None))]
    found = _rectangle(places, block, count)
    if found is None:
        return False, []
    e, blade1, blade2 = found
    n1, n2 = blade1.bit_count(), blade2.bit_count()
    if n1 == 1 or n2 == 1:
        return True, _single_blade_links(cells, block, e, blade1, blade2)
    b1, b2 = _first(blade1), _first(blade2)
    link = ((cells[b1], cells[_first(blade1, b1)]), (cells[b2], cells[_first(blade2, b2)]))
    if e > 8 and count == 4 and _same_line(link[0][1], link[1][1]) \
            and _same_line(link[0][0], link[1][0]):
        # four places on two lines of a block: pair them across as well
        other = ((cells[b1], cells[b2]), (cells[_first(blade1, b1)], cells[_first(blade2, b2)]))
        return True, [link, other]
    return True, [link]


def _rectangle(places: int, block: bool, count: int):
    hearts = 15 if block else 3
    for e in range(hearts):
        if e > 8 and count < 4:
            continue
        if block:
            area, b1, b2 = (BLOCK_RECTANGLE[e], BLOCK_BLADE1[e], BLOCK_BLADE2[e]) \
                if e < 9 else TWO_LINES[e - 9]
        else:
            area, (b1, b2) = LINE_SEGMENT[e], LINE_BLADES[e]
        if places & area:
            continue
        if places & b1 and places & b2:
            return e, places & b1, places & b2
        return None
    return None


def _single_blade_links(cells, block, e, blade1, blade2):
    n1, n2 = blade1.bit_count(), blade2.bit_count()
    if n1 == 1 and n2 == 1:  # only in a block whose heart holds the digit too
        return [((cells[_first(blade2)], None), (cells[_first(blade1)], cells[e]))]
    links = []
    for single, group in ((blade1, blade2), (blade2, blade1)):
        if single.bit_count() != 1:
            continue
        lone = cells[_first(single)]
        g = _first(group)
        if block:  # the group's first cell, with the heart as its support
            links.append(((lone, None), (cells[g], cells[e])))
        else:
            links.append(((lone, None), (cells[g], cells[_first(group, g)])))
    return links


def strong_link_fish(board: Board, known: dict | None = None) -> Iterator[Hint]:
    """`known`: what each digit gave before, by its cells (a digit's fishes depend on its
    cells alone)."""
    def parts_of(v: int) -> list:
        if native.explainer is not None:  # the same fishes, found in C
            parts = [[] for _ in LINK_SETS]
            for link_set, order, grouped, start, end, victims in \
                    native.explainer.strong_link_fish(board.values, board.cands, v):
                parts[link_set].append(_strong_hint(v, LINK_SETS[link_set], ORDERS[order],
                                                    grouped, start, end, victims))
            return parts
        table = _links_of_digit(board, v)
        parts = []
        for kinds in LINK_SETS:
            part: list = []
            _build(board, v, kinds, table, 0, 0, [], 0, part)
            parts.append(part)
        return parts

    return per_digit_hints(board, known, parts_of, len(LINK_SETS))


def strong_link_fishes():
    """strong_link_fish with a memory of its own (for one rating)."""
    known: dict = {}
    return lambda board: strong_link_fish(board, known)


def _links_of_digit(board: Board, v: int) -> tuple:
    """Per region: (region, grouped, links, the digit's cells) or None; a link's nodes are
    (cell, support, member cells as a bit set)."""
    bit = 1 << (v - 1)
    cells_of_digit = 0
    for c in range(81):
        if board.cands[c] & bit:
            cells_of_digit |= 1 << c
    table = []
    for region in range(27):
        grouped, links = region_links(region, board.positions[region * 9 + v - 1])
        if not links:
            table.append(None)
            continue
        nodes = [tuple((c, s, (1 << c) | (1 << s if s is not None else 0)) for c, s in link)
                 for link in links]
        table.append((region, grouped, nodes, cells_of_digit & REGION_MASK[region]))
    return cells_of_digit, tuple(table)


def _build(board, v, kinds, table, depth, after, chosen, taken, found) -> None:
    """Choose the region of link `depth` (same-type regions in increasing order)."""
    if depth == LINKS:
        _chains(board, v, kinds, table[0], chosen, found)
        return
    kind = kinds[depth]
    start = after + 1 if depth and kinds[depth - 1] == kind else 0
    for i in range(start, 9):
        entry = table[1][kind * 9 + i]
        if entry is None or entry[3] & taken:
            continue
        for link in entry[2]:
            chosen.append((entry[0], entry[1], link))
            _build(board, v, kinds, table, depth + 1, i, chosen, taken | entry[3], found)
            chosen.pop()


def _chains(board, v, kinds, digit_cells, chosen, found) -> None:
    for order in ORDERS:
        first, middle, last = (chosen[q][2] for q in order)
        for t0 in (0, 1):
            for t1 in (0, 1):
                share0 = _shared(first[1 - t0], middle[t1])
                if share0 is None:
                    continue
                for t2 in (0, 1):
                    share1 = _shared(middle[1 - t1], last[t2])
                    if share1 is None:
                        continue
                    ends = ((first[t0], first[1 - t0]), (middle[t1], middle[1 - t1]),
                            (last[t2], last[1 - t2]))
                    hint = _hint(board, v, kinds, digit_cells, chosen, order, ends,
                                 (share0, share1))
                    if hint is not None:
                        found.append(hint)


def _shared(a, b) -> int | None:
    """The first of column, row and block that holds both nodes."""
    members = a[2] | b[2]
    regions = CELL_REGIONS[a[0]]
    for kind in (2, 1, 0):
        if not members & ~REGION_MASK[regions[kind]]:
            return regions[kind]
    return None


def _hint(board, v, kinds, digit_cells, chosen, order, ends, shares):
    start, end = ends[0][0], ends[-1][1]
    victims = PEER_MASK[start[0]] & PEER_MASK[end[0]] & digit_cells
    if chosen[order[0]][1] and start[1] is not None:
        victims &= PEER_MASK[start[1]]
    if chosen[order[-1]][1] and end[1] is not None:
        victims &= PEER_MASK[end[1]]
    victims &= ~(1 << start[0]) & ~(1 << end[0])
    for region, _, _ in chosen:
        victims &= ~REGION_MASK[region]
    for share in shares:
        victims &= ~REGION_MASK[share]
    if not victims:
        return None
    grouped = sum(1 for _, g, _ in chosen if g)
    return _strong_hint(v, kinds, order, grouped, start[0], end[0], victims)


def _strong_hint(v, kinds, order, grouped, start, end, victims):
    """(hint, SE's suffix) of a 3-link fish from its region types, order and ends."""
    bit = 1 << (v - 1)
    removals = {c: bit for c in cell_bits(victims)}
    actual = [kinds[q] for q in order]
    suffix = str(grouped) + _line_name(actual if _lex(actual) else actual[::-1])
    if grouped:
        difficulty = BASE_RATING + 0.3
    elif "0" in suffix[1:]:
        difficulty = BASE_RATING + 0.1
    elif "2" in suffix[1:]:
        difficulty = BASE_RATING + 0.2
    else:
        difficulty = BASE_RATING
    name = ("3 Strong links (including blocks)" if "0" in suffix[1:] else
            "3-String Kite" if "2" in suffix[1:] else "3 Skyscrapers")
    name = f"{name} {suffix}" + (f" (Using {grouped} grouped strong link"
                                 f"{'s' if grouped > 1 else ''})" if grouped else "")
    text = f"{v}: from {cell_name(start)} to {cell_name(end)}"
    return Hint(name, difficulty, removals, text=text), suffix


def _lex(kinds) -> bool:
    text = "".join(map(str, kinds))
    return text <= text[::-1]


def _line_name(kinds) -> str:
    """SE's name of the region types: rows and columns may swap (1 <-> 2), the least
    reading is kept."""
    original = "".join(map(str, kinds))
    swapped = "".join({1: "2", 2: "1"}.get(k, str(k)) for k in kinds)
    if 1 in kinds:
        best_swap = min(swapped, swapped[::-1])
        return min(original, best_swap)
    return swapped
