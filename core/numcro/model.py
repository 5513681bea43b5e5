"""The ナンクロ (number crossword, codeword) model: white cells hold numbers, equal numbers are
equal letters, different numbers different letters, a few letters are given. A puzzle has a
grid (0 = block) from which its entries (runs of two or more white cells, across and down)
follow, or only a list of entries (codewords printed without geometry)."""

from __future__ import annotations

from dataclasses import dataclass

BLOCK = 0


@dataclass(frozen=True)
class Entry:
    direction: str  # "A" across, "D" down, "" when the puzzle has no grid
    row: int  # 1-based start cell; 0 without a grid
    col: int
    numbers: tuple[int, ...]


@dataclass(frozen=True)
class Puzzle:
    lang: str
    givens: tuple[tuple[int, str], ...]  # (number, letter), sorted by number
    width: int = 0
    height: int = 0
    cells: tuple[int, ...] = ()  # row by row, BLOCK or a number >= 1
    entry_numbers: tuple[tuple[int, ...], ...] = ()  # only for puzzles without a grid
    house: tuple[tuple[str, str], ...] = ()  # house-rule settings (core/numcro/rules.py)
    keyword: tuple[int, ...] = ()  # 二重マス: cells whose letters, in order, spell a word
    voiced_as_one: bool = False  # 濁点ナンクロ: ガ and カ are one letter, written カ

    @property
    def has_grid(self) -> bool:
        return bool(self.cells)

    @classmethod
    def blank(cls, size: int, lang: str = "ja") -> Puzzle:
        """A size x size grid without blocks, every cell a number of its own: an author draws
        the blocks and numbers the cells."""
        return cls(lang, (), size, size, tuple(range(1, size * size + 1)))

    def numbers(self) -> list[int]:
        used = set(self.cells) - {BLOCK} if self.cells else {
            n for entry in self.entry_numbers for n in entry}
        return sorted(used)

    def entries(self) -> list[Entry]:
        if not self.has_grid:
            return [Entry("", 0, 0, numbers) for numbers in self.entry_numbers]
        found = []
        w, h = self.width, self.height
        for direction, outer, inner, at in (("A", h, w, lambda o, i: o * w + i),
                                            ("D", w, h, lambda o, i: i * w + o)):
            for o in range(outer):
                run: list[int] = []
                for i in range(inner + 1):
                    cell = at(o, i) if i < inner else None
                    if cell is not None and self.cells[cell] != BLOCK:
                        run.append(cell)
                        continue
                    if len(run) >= 2:
                        r, c = divmod(run[0], w)
                        found.append(Entry(direction, r + 1, c + 1,
                                           tuple(self.cells[x] for x in run)))
                    run = []
        return sorted(found, key=lambda e: (e.direction, e.row, e.col))

    def entries_through(self, cell: int) -> list[Entry]:
        """The across and down entries that hold `cell` (row-major index of the grid)."""
        w = self.width
        found = []
        for entry in self.entries():
            step = 1 if entry.direction == "A" else w
            start = (entry.row - 1) * w + entry.col - 1
            if cell in range(start, start + step * len(entry.numbers), step):
                found.append(entry)
        return found
