"""Each rule over the whole grid (the diagonals, disjoint groups, anti-knight, anti-king),
declared once: a `GridRule` record holds everything the workbench knows of it, and every
aspect loops over GRID_RULES instead of naming rules:

  model     name (a word of Variant.rules, the text format's and the generator's word),
            called (in the model's words), boxes (it needs the boxes of a classic grid)
  rules     houses (on a grid of n with these regions, the groups of n cells whose digits
            differ, with their names; a rule on the `boxes` is given them) or moves
            (cells a move apart, (rows, columns), hold different digits)
  print     caption; slant (a diagonal, drawn from corner to corner: 1 down to the right,
            -1 up); the terminal: glyph (on its cells; `crossing` where two slants meet)
  wording   words and sentence (the key of the sentence that says it: both diagonals are one
            sentence, `which` filling it by how many of them are ruled)
  f-puzzles fpuzzles (its key, set true)
  SudokuPad sudokupad (its word in the `global` list), flagged (also a `metadata` flag and a
            note, as SudokuPad's own import writes them), cages (the type of the cages its
            houses are drawn as); a slant is drawn as a blue line
  ISS       iss (its item, with its argument)
  ipuz      a slant's cells are a zone

They compile into nothing of their own: their houses join the rows, columns and boxes as
all-different groups, and their moves into pairs that differ (core.variants.rules: `units`,
`chess_pairs`). This module sits below the model, which reads the records;
tests/core/variants/test_grid_rules.py checks every record.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from core.variants.records import Words


@dataclass(frozen=True)
class GridRule:
    name: str
    called: str
    caption: str
    fpuzzles: str
    iss: str
    houses: Callable[[int, tuple], tuple[tuple[tuple[int, ...], str], ...]] = (
        lambda n, regions: ())
    moves: tuple[tuple[int, int], ...] = ()
    words: Words | None = None
    sentence: str = ""
    which: Callable[[int], dict] | None = None
    slant: int = 0
    glyph: str = ""
    crossing: str = ""
    sudokupad: str = ""
    flagged: bool = False
    cages: str = ""
    boxes: bool = False

    def cells(self, n: int) -> tuple[int, ...]:
        """A slant's cells, from its top end."""
        return diagonal_cells(n, self.slant < 0)

    def __post_init__(self) -> None:
        if not self.sentence:
            object.__setattr__(self, "sentence", self.name)


def diagonal_cells(n: int, anti: bool = False) -> tuple[int, ...]:
    """The cells of the diagonal from the top left (the anti-diagonal: from the top right)."""
    return tuple(r * n + (n - 1 - r if anti else r) for r in range(n))


def same_places(regions) -> tuple[tuple[int, ...], ...]:
    """Cells at the same place (in reading order) in every region: on boxes, the disjoint
    groups, in the order of the first box's cells."""
    seen: dict[int, int] = {}
    groups: dict[int, list[int]] = {}
    for cell, region in enumerate(regions):
        place = seen[region] = seen.get(region, -1) + 1
        groups.setdefault(place, []).append(cell)
    return tuple(tuple(g) for g in groups.values())


def _diagonal(anti: bool, called: str):
    return lambda n, regions: ((diagonal_cells(n, anti), called),)


def _disjoint_groups(n: int, regions):
    return tuple((g, f"disjoint group {i}") for i, g in enumerate(same_places(regions), 1))


def _which(ruled: int) -> dict:
    both = ruled == 2
    return {"which": "either" if both else "the", "which_ja": "2本" if both else "印のある"}


KNIGHT = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))
KING = ((1, 1), (1, -1), (-1, 1), (-1, -1))  # orthogonal neighbours share a row or column

GRID_RULES: dict[str, GridRule] = {kind.name: kind for kind in (
    GridRule(
        "diagonal", "the diagonal", "diagonal", "diagonal-", "Diagonal~-1",
        houses=_diagonal(False, "the diagonal"),
        words=Words("Diagonal", "対角線", "Digits may not repeat on {which} marked diagonal.",
                    "{which_ja}の対角線上にも同じ数字は入りません。"),
        which=_which, slant=1, glyph="╲"),
    GridRule(
        "antidiagonal", "the anti-diagonal", "anti-diagonal", "diagonal+", "Diagonal~1",
        houses=_diagonal(True, "the anti-diagonal"), sentence="diagonal", which=_which,
        slant=-1, glyph="╱", crossing="╳"),
    GridRule(
        "disjoint", "disjoint groups", "disjoint", "disjointgroups", "DisjointSets",
        houses=_disjoint_groups,
        words=Words("Disjoint Groups", "ディスジョイント",
                    "Cells in the same position in each box hold different digits.",
                    "各ブロックの同じ位置にあるマスには同じ数字は入りません。"),
        sudokupad="disjoint", cages="disjoint", boxes=True),
    GridRule(
        "antiknight", "anti-knight", "anti-knight", "antiknight", "AntiKnight", moves=KNIGHT,
        words=Words("Anti-Knight", "アンチナイト",
                    "Cells a chess knight's move apart may not hold the same digit.",
                    "チェスのナイトの動きで移れる2マスには同じ数字は入りません。"),
        sudokupad="antiknight", flagged=True),
    GridRule(
        "antiking", "anti-king", "anti-king", "antiking", "AntiKing", moves=KING,
        words=Words("Anti-King", "アンチキング",
                    "Cells a chess king's move apart (diagonally too) may not hold the "
                    "same digit.",
                    "斜めに接する2マスにも同じ数字は入りません。"),
        sudokupad="antiking", flagged=True),
)}
SLANTS = tuple(kind for kind in GRID_RULES.values() if kind.slant)  # the diagonals


def written(ruled) -> list[GridRule]:
    """The records of the ruled names in the order the ISS and SudokuPad writers list them:
    a rule on the boxes last (as they were written before the records)."""
    return sorted((GRID_RULES[name] for name in GRID_RULES if name in ruled),
                  key=lambda kind: kind.boxes)
