"""Each kind of clue on single cells (even and odd cells, minima and maxima), declared once: a
`CellKind` record holds everything the workbench knows of it, and every aspect loops over
CELL_KINDS instead of naming kinds:

  model     field (the Variant's tuple of cells), called (in the model's and a broken rule's
            words), group (a cell takes one clue of a group: even or odd)
  rules     parity: remainder (of the digit as shown, over 2), digits(n, shift) (the held
            digits it allows, as bits, on a grid of n whose held v shows as v - shift);
            extremes:
            smaller (smaller, or larger, than each orthogonal neighbour that is not one too)
  engine    parity: a cell's mask; extremes: a tie with each such neighbour (its `steps`)
  logic     steps (technique, score, words by the propagator's key)
  text      word (the text format's word, and f-puzzles' key)
  print     caption, rounded (a parity cell: a circle, else a square) or inwards (the
            chevrons of an extreme point in); SudokuPad: the same, and chevron (its ends and
            tip); the terminal: glyph (in the cell) or sides (beside it)
  wording   words (its name and rules sentence, English and Japanese)
  ISS       parity: the cell's allowed digits; extremes: a pair table named by its word
  editor    key (toggles it on the cursor's cell)

This module sits below the model, which reads the records;
tests/core/variants/test_cell_clues.py checks every record.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.variants.records import Step, Words


@dataclass(frozen=True)
class CellKind:
    field: str
    word: str
    called: str
    group: str
    caption: str
    words: Words
    remainder: int | None = None  # a parity's: of the digit as shown, over 2
    smaller: bool | None = None
    rounded: bool = False
    glyph: str = ""
    sides: str = ""
    chevron: tuple[float, float] = (0.0, 0.0)
    steps: dict[str, Step] = field(default_factory=dict)
    key: str = ""  # the editor's key for it on the cursor's cell

    def cells(self, p) -> tuple[int, ...]:
        return getattr(p, self.field)

    def digits(self, n: int, shift: int) -> int:
        """The held digits (1..n) a parity allows, as bits; a held v shows as v - shift
        (p.shift), and the parity is the shown digit's (0 is even)."""
        return sum(1 << (d - 1) for d in range(1, n + 1) if self.allows(d, n, shift))

    def allows(self, digit: int, n: int, shift: int) -> bool:
        """Whether a parity allows the held digit (1..n), judged as shown (digit - shift)."""
        return 1 <= digit <= n and (digit - shift) % 2 == self.remainder


CELL_KINDS: dict[str, CellKind] = {kind.field: kind for kind in (
    CellKind(
        "even", "even", "even", "parity", "even/odd",
        Words("Even-Odd", "偶奇", "A grey square holds an even digit.",
              "灰色の四角のマスには偶数が入ります。"),
        remainder=0, glyph="□"),
    CellKind(
        "odd", "odd", "odd", "parity", "even/odd",
        Words("Even-Odd", "偶奇", "A grey circle holds an odd digit.",
              "灰色の丸のマスには奇数が入ります。"),
        remainder=1, rounded=True, glyph="○"),
    CellKind(
        "minima", "minimum", "a minimum", "extreme", "minimum",
        Words("Minimum", "最小",
              "A cell with chevrons pointing in holds a smaller digit than its neighbours "
              "across them.",
              "内向きの山形のあるマスの数字は、その向こうに接するマスより小さくなります。"),
        smaller=True, sides="›‹", chevron=(0.44, 0.39), key="m",
        steps={"Tie minimum": Step("minimum", 1.8, "{cell} is a minimum, smaller than "
                                                    "{other}")}),
    CellKind(
        "maxima", "maximum", "a maximum", "extreme", "maximum",
        Words("Maximum", "最大",
              "A cell with chevrons pointing out holds a larger digit than its neighbours "
              "across them.",
              "外向きの山形のあるマスの数字は、その向こうに接するマスより大きくなります。"),
        smaller=False, sides="‹›", chevron=(0.39, 0.44), key="M",
        steps={"Tie maximum": Step("maximum", 1.8, "{cell} is a maximum, larger than "
                                                   "{other}")}),
)}
PARITY = tuple(kind for kind in CELL_KINDS.values() if kind.remainder is not None)
EXTREMES = tuple(kind for kind in CELL_KINDS.values() if kind.smaller is not None)
