"""What a ナンクロ editor does for an author beyond the count: renumbering, numbering a grid
from the letters typed into it, and finding the entries no word fits."""

from __future__ import annotations

from dataclasses import replace

from core.numcro.model import BLOCK, Entry, Puzzle
from core.numcro.wordsets import word_sets


def renumbered(puzzle: Puzzle) -> Puzzle:
    """Numbers 1, 2, 3, ... in reading order of their first cell, with no gaps; the givens
    follow their numbers."""
    order: dict[int, int] = {}
    for n in puzzle.cells:
        if n != BLOCK and n not in order:
            order[n] = len(order) + 1
    cells = tuple(order.get(n, BLOCK) for n in puzzle.cells)
    givens = tuple(sorted((order[n], letter) for n, letter in puzzle.givens if n in order))
    return replace(puzzle, cells=cells, givens=givens)


def transposed(puzzle: Puzzle) -> Puzzle:
    """Rows become columns: across entries read down and down across, so the same words
    cross the same way (a rotation would read them backwards: another puzzle)."""
    w, h = puzzle.width, puzzle.height
    cells = tuple(puzzle.cells[r * w + c] for c in range(w) for r in range(h))
    keyword = tuple((k % w) * h + k // w for k in puzzle.keyword)
    return replace(puzzle, width=h, height=w, cells=cells, keyword=keyword)


def canonical(puzzle: Puzzle) -> Puzzle:
    """One form for a puzzle and its disguises: numbered in reading order, the smaller of
    the grid and its transpose; a codeword without a grid numbered in its entries' order."""
    if not puzzle.has_grid:
        order: dict[int, int] = {}
        for entry in puzzle.entry_numbers:
            for n in entry:
                order.setdefault(n, len(order) + 1)
        return replace(puzzle, entry_numbers=tuple(tuple(order[n] for n in e)
                                                   for e in puzzle.entry_numbers),
                       givens=tuple(sorted((order[n], ch) for n, ch in puzzle.givens
                                           if n in order)))
    forms = (renumbered(puzzle), renumbered(transposed(puzzle)))
    return min(forms, key=lambda p: (p.width, p.cells, p.givens, p.keyword))


def numbered_from_letters(puzzle: Puzzle, letters: list[str | None]) -> Puzzle:
    """The grid numbered by the answer an author typed: cells with the same letter share a
    number (reading order), a white cell without a letter has a number of its own; a given
    letter stays given on its new number."""
    by_letter: dict[str, int] = {}
    cells = []
    for cell, number in enumerate(puzzle.cells):
        if number == BLOCK:
            cells.append(BLOCK)
            continue
        letter = letters[cell]
        if letter is None:
            cells.append(-cell - 1)  # alone: numbered below
        else:
            cells.append(by_letter.setdefault(letter, len(by_letter) + 1))
    fresh = len(by_letter)
    numbered = []
    for n in cells:
        if n < 0:
            fresh += 1
            n = fresh
        numbered.append(n)
    given_letters = {letter for _, letter in puzzle.givens}
    givens = tuple(sorted((n, letter) for letter, n in by_letter.items()
                          if letter in given_letters))
    return renumbered(replace(puzzle, cells=tuple(numbered), givens=givens))


def letters_of(puzzle: Puzzle, solution=None) -> list[str | None]:
    """Each cell's letter: from a solution where one is known, else from the givens."""
    known = dict(solution or ()) | dict(puzzle.givens)
    return [None if n == BLOCK else known.get(n) for n in puzzle.cells]


def entries_without_words(puzzle: Puzzle, dictionary) -> list[Entry]:
    """The entries no word of the dictionary fits, with the given letters in place: why a
    puzzle has no solution, when one entry alone is the reason."""
    sets = word_sets(dictionary)
    givens = dict(puzzle.givens)
    found = []
    for entry in puzzle.entries():
        length = sets.length(len(entry.numbers))
        candidates = sets.candidates(entry.numbers)
        for position, n in enumerate(entry.numbers):
            if n in givens:
                candidates &= length.letter(position, givens[n])
        if not candidates:
            found.append(entry)
    return found
