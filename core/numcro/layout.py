"""A block pattern drawn around an author's words (issue 35), as a compiler lays out a theme:
the words first, each crossing a word laid out before it where they share a letter (else
in a free place), the blocks that end them put in with their symmetric partners; then more
blocks, as generator.block_pattern draws them, until no entry is longer than allowed. Each
word then has an entry of exactly its length. Most layouts that complete lay the words
apart (0-4 crossings among 10-12 words, food_ja and theme_ja). The fill around them is
generator._kana_grids'; on food_ja's 26 words a pattern drawn so held 7.9 of them (mean of
20 patterns), one drawn by its entries' lengths (roomiest_pattern) 6.2 (of 30)."""

from __future__ import annotations

import random

from core.symmetry import orbits

ANYWHERE = 40  # free places drawn for a word that crosses none laid out


class Layout:
    """Letters and blocks on a size x size grid; a block always with its symmetric partners,
    never on a letter, never (Japanese) beside another block."""

    def __init__(self, size: int, symmetry: str, lang: str, corners: bool = True):
        self.size, self.lang = size, lang
        last = size * size - 1  # white corners, where the house asks for them
        self.white = set() if corners else {0, size - 1, last - size + 1, last}
        self.group_of = {cell: orbit for orbit in orbits(size, symmetry) for cell in orbit}
        self.letters: dict[int, str] = {}
        self.blocks: set[int] = set()
        self.words: dict[tuple[int, ...], str] = {}  # entry -> the author's word laid there

    def can_block(self, cells, letters: dict) -> bool:
        """Whether blocks may go on `cells` (with their symmetric partners), `letters` laid."""
        new = {c for cell in cells if cell not in self.blocks for c in self.group_of[cell]}
        if any(c in letters or c in self.white for c in new):
            return False
        return self.lang != "ja" or not any(
            n in self.blocks or (n in new and n != c) for c in new for n in self.neighbours(c))

    def block(self, cell: int) -> None:
        self.blocks.update(self.group_of[cell])

    def neighbours(self, cell: int) -> list[int]:
        r, c = divmod(cell, self.size)
        return [nr * self.size + nc for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if 0 <= nr < self.size and 0 <= nc < self.size]

    def cells(self, word: str, start: int, across: bool) -> tuple[int, ...] | None:
        """The cells a word laid from `start` covers, None when it leaves the grid."""
        r, c = divmod(start, self.size)
        if (c if across else r) + len(word) > self.size:
            return None
        step = 1 if across else self.size
        return tuple(start + k * step for k in range(len(word)))

    def ends(self, cells: tuple[int, ...], across: bool) -> list[int]:
        """The cells just before and after a run (those inside the grid)."""
        step = 1 if across else self.size
        r, c = divmod(cells[0], self.size)
        head = (c if across else r) > 0
        tail = (c if across else r) + len(cells) < self.size
        return [*([cells[0] - step] if head else []), *([cells[-1] + step] if tail else [])]

    def fits(self, word: str, cells, across: bool) -> bool:
        if cells is None or cells in self.words:
            return False
        if any(c in self.blocks or self.letters.get(c, ch) != ch
               for c, ch in zip(cells, word, strict=True)):
            return False
        return self.can_block(self.ends(cells, across),
                              {**self.letters, **dict(zip(cells, word, strict=True))})

    def lay(self, word: str, cells, across: bool) -> None:
        for e in self.ends(cells, across):
            if e not in self.blocks:
                self.block(e)
        self.letters.update(zip(cells, word, strict=True))
        self.words[cells] = word

    def crossings(self, word: str) -> list[tuple[int, tuple[int, ...], bool]]:
        """Where the word may lie crossing the letters laid: (letters shared, cells, across)."""
        found = []
        for cell, ch in self.letters.items():
            for i, wc in enumerate(word):
                if wc != ch:
                    continue
                for across in (True, False):
                    start = cell - i * (1 if across else self.size)
                    if start < 0 or (across and start // self.size != cell // self.size):
                        continue
                    cells = self.cells(word, start, across)
                    if cells and self.fits(word, cells, across):
                        shared = sum(c in self.letters for c in cells)
                        found.append((shared, cells, across))
        return found

    def anywhere(self, word: str, rng: random.Random) -> list:
        """Where the word may lie crossing no letter: of ANYWHERE places drawn at random."""
        found = []
        for _ in range(ANYWHERE):
            across = rng.random() < 0.5
            cells = self.cells(word, rng.randrange(self.size * self.size), across)
            if cells and self.fits(word, cells, across):
                found.append((0, cells, across))
        return found


def laid_out(own: list[str], size: int, symmetry: str, lang: str, rng: random.Random,
             most: int, corners: bool = True) -> Layout:
    """The words laid out in a random order, `most` at most: the first across a random row,
    each next one where it shares the most letters with those laid (at random among the
    best), else in a free place (`anywhere`); a word with no place is left out."""
    layout = Layout(size, symmetry, lang, corners)
    for word in rng.sample(own, len(own)):
        if len(layout.words) >= most:
            break
        if not layout.words:
            row, col = rng.randrange(size), rng.randrange(size - len(word) + 1)
            cells = layout.cells(word, row * size + col, True)
            if layout.fits(word, cells, True):
                layout.lay(word, cells, True)
            continue
        found = layout.crossings(word) or layout.anywhere(word, rng)
        if found:
            best = max(shared for shared, _, _ in found)
            _, cells, across = rng.choice([f for f in found if f[0] == best])
            layout.lay(word, cells, across)
    return layout
