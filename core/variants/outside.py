"""Each kind of clue outside the grid read along its row or column from its side, declared
once: an `OutsideKind` record holds everything the workbench knows of it, and every aspect
loops over OUTSIDE instead of naming kinds:

  model     name (Outside.kind, the text format's and f-puzzles' key), top (the largest clue
            on a grid of n)
  rules     clue (the clue a row or column's digits give, read from the clue's side)
  engine    compile (its propagator, its handler in core/variants/lines.py)
  logic     steps (technique, score, words by the propagator's class)
  f-puzzles addon (the name and symbol f-puzzles' constraint add-on draws it with, which
            SudokuPad reads)
  print     ring (drawn in a circle; else in a box), caption; the terminal: glyph
  wording   words (its name and rules sentence, English and Japanese)
  editor    editor (the words an author types for it; the first is how a clue is shown),
            called (in the editor's help), title (in SudokuPad's refusals)
  ISS       iss (its type)

Like the line records, these compile into propagators above the model: the package imports
this module first, and it fills core.variants.model.OUTSIDE_RECORDS, which the model, rules
and lines read. tests/core/variants/test_outside.py checks every record.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from core.variants import lines
from core.variants.model import OUTSIDE_RECORDS
from core.variants.records import Step, Words


@dataclass(frozen=True)
class OutsideKind:
    name: str
    called: str
    title: str
    caption: str
    words: Words
    glyph: str
    addon: tuple[str, str]
    ring: bool
    steps: dict[str, Step]
    clue: Callable[[list[int]], int]
    top: Callable[[int], int]
    compile: Callable[[tuple, int, int], object]
    editor: tuple[str, ...]
    iss: str
    from_zero: str = ""  # why it is not read on a grid of digits from 0 ("": it is)
    number: str = "SUM"  # what its clue is, in the editor's prompt


def _x_sum(digits) -> int:
    """The first X digits' sum, X being the first digit."""
    return sum(digits[:digits[0]])


def _seen(digits) -> int:
    """How many digits are seen, each taller than all before it."""
    return sum(1 for i, x in enumerate(digits) if x > max(digits[:i], default=0))


OUTSIDE_RECORDS.update({kind.name: kind for kind in (
    OutsideKind(
        "xsum", "an X-sum", "an X-sum", "X-sum",
        Words("X-Sums", "Xサム",
              "A number in a circle outside the grid gives the sum of the first X digits "
              "from that side, X being the first of them.",
              "盤外の丸の中の数字は、その側から数えてX個の数字の和です(Xは最初の数字)。"),
        "x", ("X Sum", "\u25ef"), True,
        {"XSum": Step("X-sum", 2.6, "the X-sum {total} {side} says the first X digits "
                                    "{seen_from} add up to {total}, X being {first}'s digit")},
        _x_sum, lambda n: n * (n + 1) // 2,
        lambda cells, total, n: lines.XSum(cells, total), ("x", "xsum"), "XSum",
        from_zero="how many digits it adds depends on the digits"),
    OutsideKind(
        "skyscraper", "a skyscraper", "a skyscraper clue", "skyscraper",
        Words("Skyscraper", "スカイスクレイパー",
              "A number in a box outside the grid counts the digits seen from that side, a "
              "higher digit hiding every lower one behind it.",
              "盤外の四角の中の数字は、その側から見えるビルの数です(数字をビルの高さとし、"
              "高いビルの後ろの低いビルは見えません)。"),
        "▲", ("Skyscraper", "\u25af"), False,
        {"Skyscraper": Step("skyscraper", 2.6, "the skyscraper {total} {side} says {seen} "
                                               "seen {seen_from}, each taller than all "
                                               "before it")},
        _seen, lambda n: n,
        lambda cells, total, n: lines.Skyscraper(cells, total, n), ("sky", "s", "skyscraper"),
        "Skyscraper", from_zero="is a 0 a building one sees?", number="COUNT"),
)})
OUTSIDE = OUTSIDE_RECORDS
