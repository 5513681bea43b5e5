"""The 9x9 board as Sudoku Explainer sees it: a value or a candidate set per cell, and the
candidate positions of every digit in every region, in Sudoku Explainer's region order.

Regions are numbered as SE numbers its region types: blocks 0-8, rows 9-17, columns 18-26.
Inside a region, cells are in increasing cell order (blocks read row by row), which is also
SE's order. Candidates of a cell are a 9-bit set (bit v-1 for digit v); the positions of a digit
in a region are a 9-bit set of indices into the region's cells.
"""

from __future__ import annotations

from collections.abc import Iterator

from core import native

BLOCK, ROW, COLUMN = 0, 1, 2  # SE's region types, in the order it tries them
REGION_NAMES = ("block", "row", "column")
ALL = 0x1FF  # the nine candidates


def _regions() -> tuple[tuple[int, ...], ...]:
    blocks = [tuple(9 * (3 * (b // 3) + i // 3) + 3 * (b % 3) + i % 3 for i in range(9))
              for b in range(9)]
    rows = [tuple(9 * r + c for c in range(9)) for r in range(9)]
    columns = [tuple(9 * r + c for r in range(9)) for c in range(9)]
    return tuple(blocks + rows + columns)


REGIONS = _regions()  # region -> its nine cells
REGION_MASK = tuple(sum(1 << c for c in cells) for cells in REGIONS)  # region -> 81-bit set
# cell -> ((region, index in region) for its block, row and column)
SLOTS = tuple(tuple((r, REGIONS[r].index(cell)) for r in range(27) if cell in REGIONS[r])
              for cell in range(81))
CELL_REGIONS = tuple(tuple(r for r, _ in slots) for slots in SLOTS)  # (block, row, column)
PEER_MASK = tuple((REGION_MASK[b] | REGION_MASK[r] | REGION_MASK[c]) & ~(1 << cell)
                  for cell, (b, r, c) in enumerate(CELL_REGIONS))
PEERS = tuple(tuple(p for p in range(81) if PEER_MASK[cell] >> p & 1) for cell in range(81))
FORWARD_PEER_MASK = tuple(m & ~((2 << cell) - 1) for cell, m in enumerate(PEER_MASK))
# per region, its 9-bit position sets spread to 81-bit cell sets
SPREAD = tuple(tuple(sum(1 << REGIONS[r][i] for i in range(9) if m >> i & 1) for m in range(512))
               for r in range(27))
# per cell, its peers as classic SE's getHouseCells lists them: block, then row and column
# outside the block (also the order in which SE's chains turn peers off)
HOUSE_ORDER = tuple(
    tuple([x for x in REGIONS[b] if x != cell]
          + [x for x in REGIONS[r] if not REGION_MASK[b] >> x & 1]
          + [x for x in REGIONS[c] if not REGION_MASK[b] >> x & 1])
    for cell, (b, r, c) in enumerate(CELL_REGIONS))
CROSSES = tuple(tuple(REGION_MASK[a] & REGION_MASK[b] != 0 for b in range(27))
                for a in range(27))
# per region and region type, the regions of that type it crosses, in order
CROSSING = tuple(tuple(tuple(b for b in range(kind * 9, kind * 9 + 9) if a != b and CROSSES[a][b])
                       for kind in range(3)) for a in range(27))


def cell_bits(mask: int) -> Iterator[int]:
    """The set bits of a bit set, lowest first (cells of an 81-bit set, digits-1 of a 9-bit)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def digits(mask: int) -> Iterator[int]:
    """The digits (1-9) of a candidate set, smallest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length()
        mask ^= low


def cell_name(cell: int) -> str:
    return f"r{cell // 9 + 1}c{cell % 9 + 1}"


def region_name(region: int) -> str:
    return f"{REGION_NAMES[region // 9]} {region % 9 + 1}"


class Board:
    """Values and candidates; `positions[region * 9 + v - 1]` is kept in step with them."""

    __slots__ = ("values", "cands", "positions")

    def __init__(self, values, cands, positions):
        self.values = values
        self.cands = cands
        self.positions = positions

    @classmethod
    def from_givens(cls, givens) -> Board:
        """The givens placed and their digits removed from every peer, as SE starts."""
        if native.explainer is not None:  # the same board, made in C
            return cls(*native.explainer.from_givens(givens))
        values = [0] * 81
        cands = [ALL] * 81
        board = cls(values, cands, [ALL] * 243)
        for cell, v in enumerate(givens):
            if v:
                board.place(cell, v)
        return board

    @classmethod
    def from_state(cls, values, cands) -> Board:
        board = cls(list(values), list(cands), [0] * 243)
        for cell, m in enumerate(cands):
            for r, i in SLOTS[cell]:
                for d in cell_bits(m):
                    board.positions[r * 9 + d] |= 1 << i
        return board

    def copy(self) -> Board:
        return Board(self.values[:], self.cands[:], self.positions[:])

    def copy_to(self, other: Board) -> None:
        other.values[:] = self.values
        other.cands[:] = self.cands
        other.positions[:] = self.positions

    def same(self, other: Board) -> bool:
        return self.cands == other.cands and self.values == other.values

    @property
    def solved(self) -> bool:
        return 0 not in self.values

    def remove(self, cell: int, v: int) -> None:
        bit = 1 << (v - 1)
        if self.cands[cell] & bit:
            self.cands[cell] ^= bit
            positions = self.positions
            for r, i in SLOTS[cell]:
                positions[r * 9 + v - 1] &= ~(1 << i)

    def remove_mask(self, cell: int, mask: int) -> None:
        for v in digits(self.cands[cell] & mask):
            self.remove(cell, v)

    def place(self, cell: int, v: int) -> None:
        """SE's setValueAndCancel: the value, no candidates left in the cell, none of v in
        its peers."""
        self.values[cell] = v
        self.remove_mask(cell, ALL)
        for peer in PEERS[cell]:
            self.remove(peer, v)

    def cells_with(self, region: int, v: int) -> Iterator[int]:
        cells = REGIONS[region]
        return (cells[i] for i in cell_bits(self.positions[region * 9 + v - 1]))

    def empty_count(self, region: int) -> int:
        values = self.values
        return sum(1 for c in REGIONS[region] if not values[c])

    def digit_cells(self, v: int) -> int:
        """The cells (an 81-bit set) that still have the candidate v."""
        positions, d = self.positions, v - 1
        return sum(positions[(9 + r) * 9 + d] << (9 * r) for r in range(9))

    def count_of(self, v: int) -> int:
        """How many cells hold the value v."""
        return self.values.count(v)

    def state(self) -> str:
        """Values as =v and candidates as digits, comma-separated (for tracing)."""
        return ",".join(f"={v}" if v else "".join(str(d) for d in digits(m))
                        for v, m in zip(self.values, self.cands, strict=True))
