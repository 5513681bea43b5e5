"""House rules of ナンクロ and codewords as publishers print them, checked on a puzzle (and
its answer, where one is known): each rule broken comes with its cells.

Japanese ナンクロ: no block in a corner (unless `corners`), no two blocks side by side, the
white cells connected, no word twice, every number used at least `uses` times (2 from 9x9
up, else 1), no small kana, the count of numbers within `numbers=A-B` when the author sets it.
English codewords: all 26 letters when `pangram` is asked, `starters=A-B` given letters, no
two unchecked cells side by side in an entry (`unchecked=alternate`, the British style; `none`
allows none, `any` any). Both: every white cell in an entry.

A puzzle carries its settings (`rules: corners uses=3 numbers=40-46` in the grid format);
what it does not set follows its language. `large` asks for large print.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from core.errors import ParseError
from core.numcro.model import BLOCK, Puzzle

SMALL_KANA = frozenset("ァィゥェォッャュョヮヵヶぁぃぅぇぉっゃゅょゎ")
UNCHECKED = ("none", "alternate", "any")
FLAGS = ("corners", "pangram", "large")
RANGES = ("numbers", "starters")


@dataclass(frozen=True)
class Settings:
    corners: bool = False  # blocks allowed in the corners
    uses: int = 2  # every number used at least this often
    numbers: tuple[int, int] | None = None  # how many numbers the grid may have
    pangram: bool = False  # all 26 letters (English)
    starters: tuple[int, int] | None = None  # how many letters are given
    unchecked: str = "any"  # unchecked cells: none, alternate (never two side by side), any
    large: bool = False  # large print (not a rule of the grid: how it is printed)


@dataclass(frozen=True)
class Broken:
    rule: str
    message: str
    cells: tuple[int, ...] = ()  # grid cells, row by row


SMALL_GRID = 81  # below 9x9, too few cells to use every kana twice: the rule waits for `uses`


def defaults(lang: str, cells: int = SMALL_GRID) -> Settings:
    if lang == "en":
        return Settings(corners=True, uses=1, unchecked="alternate")
    return Settings(uses=2 if cells >= SMALL_GRID else 1)


def settings(puzzle: Puzzle) -> Settings:
    """The puzzle's own settings over its language's."""
    values = defaults(puzzle.lang, puzzle.width * puzzle.height or SMALL_GRID).__dict__.copy()
    for key, value in puzzle.house:
        if key in FLAGS:
            values[key] = True
        elif key in RANGES:
            values[key] = parse_range(value)
        elif key == "uses":
            values[key] = int(value)
        else:
            values[key] = value
    return Settings(**values)


def parse_settings(text: str, line: int = 1, column: int = 1) -> tuple[tuple[str, str], ...]:
    """`corners uses=2 numbers=40-46 pangram starters=2-3 unchecked=alternate`, as pairs;
    ParseError at the word that is not a setting."""
    found = {}
    at = 0
    for token in text.split():
        at = text.index(token, at)
        key, sep, value = token.partition("=")
        if not _valid(key, sep, value):
            raise ParseError(f"{token[:30]!r} is not a house rule (corners, pangram, large, "
                             f"uses=N, "
                             f"numbers=A-B, starters=A-B, unchecked=none|alternate|any)",
                             line, column + at)
        found[key] = value
        at += len(token)
    return tuple(sorted(found.items()))


def _valid(key: str, sep: str, value: str) -> bool:
    if key in FLAGS:
        return not sep
    if key == "uses":
        return value.isascii() and value.isdigit() and 1 <= int(value) <= 9
    if key in RANGES:
        return parse_range(value) is not None
    return key == "unchecked" and value in UNCHECKED


def parse_range(value: str) -> tuple[int, int] | None:
    """`A-B` (or `A`: exactly A) as (A, B); None when it is not a range of whole numbers."""
    low, dash, high = value.partition("-")
    if not dash:
        high = low
    if not all(v.isascii() and v.isdigit() and len(v) <= 4 for v in (low, high)):
        return None
    return (int(low), int(high)) if int(low) <= int(high) else None


def settings_text(house: tuple[tuple[str, str], ...]) -> str:
    return " ".join(key if key in FLAGS else f"{key}={value}" for key, value in house)


def broken(puzzle: Puzzle, solution=None) -> list[Broken]:
    """Every house rule the puzzle (with its answer, when given) breaks."""
    if not puzzle.has_grid:
        return []
    rules = settings(puzzle)
    found = _blocks(puzzle, rules) + _whites(puzzle, rules) + _numbers(puzzle, rules)
    if solution is not None:
        found += _words(puzzle, rules, dict(solution))
    return found


def _blocks(puzzle: Puzzle, rules: Settings) -> list[Broken]:
    w, h, cells = puzzle.width, puzzle.height, puzzle.cells
    found = []
    corners = tuple(c for c in (0, w - 1, (h - 1) * w, h * w - 1) if cells[c] == BLOCK)
    if corners and not rules.corners and puzzle.lang == "ja":
        found.append(Broken("corner block", "a block in a corner", corners))
    if puzzle.lang == "ja":
        pairs = [(i, j) for i in range(w * h) if cells[i] == BLOCK
                 for j in (i + 1 if (i + 1) % w else None, i + w if i + w < w * h else None)
                 if j is not None and cells[j] == BLOCK]
        if pairs:
            what = "a pair of blocks touches" if len(pairs) == 1 else \
                f"{len(pairs)} pairs of blocks touch"
            found.append(Broken("blocks side by side", what,
                                tuple(sorted({c for pair in pairs for c in pair}))))
    return found


def _whites(puzzle: Puzzle, rules: Settings) -> list[Broken]:
    w, cells = puzzle.width, puzzle.cells
    whites = [i for i, n in enumerate(cells) if n != BLOCK]
    found = []
    parts = _components(puzzle, whites)
    if len(parts) > 1:
        cut_off = tuple(sorted(c for part in parts[1:] for c in part))
        found.append(Broken("whites not connected", f"{len(parts)} separate parts", cut_off))
    across, down = set(), set()
    for entry in puzzle.entries():
        start = (entry.row - 1) * w + entry.col - 1
        step = 1 if entry.direction == "A" else w
        (across if entry.direction == "A" else down).update(
            range(start, start + step * len(entry.numbers), step))
    lone = tuple(c for c in whites if c not in across | down)
    if lone:
        found.append(Broken("cell in no word", "white cells in no entry", lone))
    if rules.unchecked != "any":
        unchecked = {c for c in whites if not (c in across and c in down)} - set(lone)
        bad = unchecked if rules.unchecked == "none" else {
            c for c in unchecked if _beside(c, unchecked, w)}
        if bad:
            what = "cells" if rules.unchecked == "none" else "cells side by side"
            found.append(Broken("unchecked cells", f"unchecked {what} (in one entry only)",
                                tuple(sorted(bad))))
    return found


def _beside(cell: int, cells: set[int], w: int) -> bool:
    """Another of `cells` is left, right, above or below `cell`."""
    return ((cell % w > 0 and cell - 1 in cells) or ((cell + 1) % w > 0 and cell + 1 in cells)
            or cell - w in cells or cell + w in cells)


def _components(puzzle: Puzzle, whites: list[int]) -> list[list[int]]:
    """The groups of white cells joined side by side, largest first."""
    w, h, cells = puzzle.width, puzzle.height, puzzle.cells
    seen: set[int] = set()
    parts = []
    for start in whites:
        if start in seen:
            continue
        part, todo = [], [start]
        seen.add(start)
        while todo:
            cell = todo.pop()
            part.append(cell)
            r, c = divmod(cell, w)
            for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                near = nr * w + nc
                if 0 <= nr < h and 0 <= nc < w and cells[near] != BLOCK and near not in seen:
                    seen.add(near)
                    todo.append(near)
        parts.append(sorted(part))
    return sorted(parts, key=len, reverse=True)


def _numbers(puzzle: Puzzle, rules: Settings) -> list[Broken]:
    uses = Counter(n for n in puzzle.cells if n != BLOCK)
    found = []
    rare = tuple(i for i, n in enumerate(puzzle.cells) if n != BLOCK and uses[n] < rules.uses)
    if rare:
        numbers = sorted({puzzle.cells[i] for i in rare})
        found.append(Broken("number used once" if rules.uses == 2 else "number used rarely",
                            f"numbers used fewer than {rules.uses} times: "
                            f"{' '.join(map(str, numbers))}", rare))
    if rules.numbers and not rules.numbers[0] <= len(uses) <= rules.numbers[1]:
        low, high = rules.numbers
        found.append(Broken("number count", f"{len(uses)} numbers; the house range is "
                            f"{low}-{high}"))
    if rules.starters and not rules.starters[0] <= len(puzzle.givens) <= rules.starters[1]:
        low, high = rules.starters
        given = {n for n, _ in puzzle.givens}
        found.append(Broken("starters", f"{len(puzzle.givens)} letters given; the house "
                            f"gives {low}-{high}",
                            tuple(i for i, n in enumerate(puzzle.cells) if n in given)))
    small = {n for n, letter in puzzle.givens if letter in SMALL_KANA}
    if small:
        found.append(Broken("small kana", "small kana are written big in ナンクロ",
                            tuple(i for i, n in enumerate(puzzle.cells) if n in small)))
    return found


def _words(puzzle: Puzzle, rules: Settings, letters: dict[int, str]) -> list[Broken]:
    found = []
    w = puzzle.width
    seen: dict[str, list] = {}
    for entry in puzzle.entries():
        seen.setdefault("".join(letters.get(n, "?") for n in entry.numbers), []).append(entry)
    twice = [(word, entries) for word, entries in seen.items()
             if len(entries) > 1 and "?" not in word]
    for word, entries in twice:
        cells = set()  # entries that cross share a cell: each cell once
        for e in entries:
            step = 1 if e.direction == "A" else w
            start = (e.row - 1) * w + e.col - 1
            cells.update(range(start, start + step * len(e.numbers), step))
        found.append(Broken("word twice", f"{word} is in the grid {len(entries)} times",
                            tuple(sorted(cells))))
    small = {n for n, letter in letters.items() if letter in SMALL_KANA}
    if small:
        found.append(Broken("small kana", "small kana are written big in ナンクロ",
                            tuple(i for i, n in enumerate(puzzle.cells) if n in small)))
    if rules.pangram and puzzle.lang == "en":
        missing = sorted(set("ABCDEFGHIJKLMNOPQRSTUVWXYZ") - set(letters.values()))
        if missing:
            found.append(Broken("pangram", f"letters not used: {''.join(missing)}"))
    return found
