"""Each kind of mark between two neighbouring cells, declared once: a `MarkKind` record holds
everything the workbench knows of it, and every aspect loops over MARKS instead of naming kinds:

  model     name (Mark.kind, the text format's word), usual (the amount it stands for with
            no number; 0: it takes none), directed (its cells' order says something: a
            sign), family (a pair carrying a mark of the family is exempt from the family's
            negative rules)
  rules     relation (x, y, amount: do the digits keep it?), says (the relation in words)
  logic     called (the mark in a sentence), technique
  f-puzzles fpuzzles (its key) and item (what tells it apart in that list: a bar's flag,
            an X's letter)
  print     shape (dot, stroke, letter or sign; filled: a black dot), caption; terminal: glyph
  wording   words (its name and rules sentence, English and Japanese), other (the words
            for marks of another amount)
  negative  negative (the kind whose "every such mark is given" rule covers it) and, for
            a kind that has one, its Negative: the rule's words and names in each format
  making    made (among the generator's kinds when none are named)
  editor    keys (right, below), amount (what its number is), asked (in a question),
            legend (a dot with a number, in the terminal's legend)

Marks have no propagator of their own: the engine turns each marked or ruled pair into one
table between two cells (rules.pair_rules, rules.pair_table). This module sits below the
model, which reads the records; tests/core/variants/test_marks.py checks every record.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from core.variants.records import Words


@dataclass(frozen=True)
class Negative:
    """A kind's "every such mark is given" rule: the marks in the plural (English,
    Japanese), the caption's word, its names in f-puzzles (an entry of its `negative` list,
    or a key set true: `flag`) and in SudokuPad's `global` list (kinds whose words are shared
    are written together; one alone takes "anti" + its name, in f-puzzles under
    `workbenchNegative`), and, for one that is also a rule of its own when no mark it
    covers is drawn, that rule's name and words (`alone`). `with_other`: may be ruled
    beside marks of another amount (a black dot's other ratios would leave it unclear). `iss`:
    ISS's strict rule covering it (it exempts the pairs its family's marks join; kinds
    sharing it are ruled together), `iss_alone`: ISS's rule for it alone, exempting none."""

    plural: tuple[str, str]
    caption: str
    fpuzzles: str
    sudokupad: str
    flag: bool = False
    alone: str = ""
    alone_caption: str = ""
    alone_words: Words | None = None
    with_other: bool = True
    iss: str = ""
    iss_alone: str = ""


@dataclass(frozen=True)
class MarkKind:
    name: str
    called: str
    family: str
    shape: str  # dot, stroke, letter, sign
    relation: Callable[[int, int, int], bool]
    says: Callable[[int], str]
    technique: str
    caption: str
    words: Words
    glyph: str
    fpuzzles: str
    item: dict
    usual: int = 0
    directed: bool = False
    filled: bool = False
    other: tuple[str, str] = ("", "")
    negative: str = ""
    rule: Negative | None = None
    keys: tuple[str, str] = ("", "")
    amount: str = ""  # what its number is: a difference, a ratio
    asked: str = ""
    legend: str = ""
    made: bool = False  # the generator makes it when not told which kinds
    iss: str = ""  # ISS's type for it (a sign's names the bigger cell first)

    @property
    def valued(self) -> bool:
        """It may stand for another amount than its usual one (a number on the dot)."""
        return bool(self.usual) and not self.item

    def relations(self, top: int = 16) -> dict:
        """Its RELATIONS entries: its name for the usual amount, and name+amount for each
        other amount it may carry."""
        found = {self.name: lambda x, y: self.relation(x, y, self.usual)}
        if self.valued:
            found |= {f"{self.name}{k}": _bound(self.relation, k)
                      for k in range(2, top) if k != self.usual}
        return found

    def words_of(self, top: int = 16) -> dict:
        found = {self.name: self.says(self.usual)}
        if self.valued:
            found |= {f"{self.name}{k}": self.says(k) for k in range(2, top) if k != self.usual}
        return found


def _bound(relation, k: int):
    return lambda x, y: relation(x, y, k)


def _apart(x: int, y: int, k: int) -> bool:
    return abs(x - y) == k


def _times(x: int, y: int, k: int) -> bool:
    return x == k * y or y == k * x


def _adding_to(total: int):
    return lambda x, y, k: x + y == total


MARKS: dict[str, MarkKind] = {kind.name: kind for kind in (
    MarkKind(
        "white", "a white dot", "kropki", "dot", _apart,
        lambda k: "consecutive" if k == 1 else f"{k} apart", "kropki", "kropki",
        Words("Kropki", "クロップキ",
              "Digits separated by a white dot are consecutive{other}.",
              "白い点で接する2マスの数字の差は1です{other_ja}。"),
        "○", "difference", {}, usual=1,
        other=("; a number in a white dot is their difference",
               "(数字のある白い点では、差がその数です)"),
        negative="white",
        rule=Negative(("white dots", "白い点"), "white", "nonconsecutive", "nonconsecutive",
                      flag=True, alone="nonconsecutive", alone_caption="non-consecutive",
                      alone_words=Words(
                          "Non-Consecutive", "非連続",
                          "Orthogonally adjacent cells may not hold consecutive digits.",
                          "上下左右に接する2マスの数字の差は1ではありません。"),
                      iss="StrictKropki", iss_alone="AntiConsecutive"),
        keys=("w", "W"), amount="difference", asked="difference (1: consecutive)",
        legend="white dot of that difference", made=True, iss="WhiteDot"),
    MarkKind(
        "black", "a black dot", "kropki", "dot", _times,
        lambda k: "one double the other" if k == 2 else f"one {k} times the other",
        "kropki", "kropki",
        Words("Kropki", "クロップキ",
              "Of two digits separated by a black dot, one is double the other{other}.",
              "黒い点で接する2マスの一方はもう一方の2倍です{other_ja}。"),
        "●", "ratio", {}, usual=2, filled=True,
        other=("; a number in a black dot is their ratio",
               "(数字のある黒い点では、比がその数です)"),
        negative="black",
        rule=Negative(("black dots", "黒い点"), "black", "ratio", "antiratio",
                      with_other=False, iss="StrictKropki"),
        keys=("b", "B"), amount="ratio", asked="ratio (2: double)",
        legend="black dot of that ratio", made=True, iss="BlackDot"),
    MarkKind(
        "bar", "a bar", "kropki", "stroke", lambda x, y, k: abs(x - y) == 1,
        lambda k: "consecutive", "consecutive pair", "consecutive",
        Words("Consecutive", "連続", "Digits separated by a bar are consecutive.",
              "棒で接する2マスの数字の差は1です。"),
        "━", "difference", {"bar": True}, usual=1, negative="white", iss="WhiteDot"),
    MarkKind(
        "x", "an X", "xv", "letter", _adding_to(10), lambda k: "add up to 10", "XV", "XV",
        Words("XV", "XV", "Digits separated by an X add up to 10.",
              "Xで接する2マスの数字の和は10です。"),
        "X", "xv", {"value": "X"}, negative="x",
        rule=Negative(("Xs", "X"), "X", "xv", "antixv", iss="StrictXV"), keys=("x", "X"),
        iss="X"),
    MarkKind(
        "v", "a V", "xv", "letter", _adding_to(5), lambda k: "add up to 5", "XV", "XV",
        Words("XV", "XV", "Digits separated by a V add up to 5.",
              "Vで接する2マスの数字の和は5です。"),
        "V", "xv", {"value": "V"}, negative="v",
        rule=Negative(("Vs", "V"), "V", "xv", "antixv", iss="StrictXV"), keys=("v", "V"),
        iss="V"),
    MarkKind(
        "less", "a sign", "less", "sign", lambda x, y, k: x < y, lambda k: "smaller than",
        "inequality", "inequality",
        Words("Inequality", "不等号",
              "An inequality sign between two cells points to the smaller digit.",
              "不等号は小さいほうの数字を指します。"),
        "<", "text", {}, directed=True, keys=("less_than_sign", "greater_than_sign"),
        iss="GreaterThan"),
)}
MARK_KINDS = tuple(MARKS)  # the order the text format writes them in
MADE = tuple(name for name, kind in MARKS.items() if kind.made)  # white and black dots
NEGATIVE_KINDS = tuple(name for name, kind in MARKS.items() if kind.rule)
# The "every mark is given" rules that are also rules of their own (non-consecutive).
ALONE = {kind.rule.alone: name for name, kind in MARKS.items() if kind.rule and kind.rule.alone}


def family(kind: str) -> tuple[str, ...]:
    """The kinds of a kind's family (a pair carrying any of them is exempt from its negative
    rule)."""
    return tuple(name for name, other in MARKS.items() if other.family == MARKS[kind].family)


def covered(negative: str) -> tuple[str, ...]:
    """The kinds a negative rule is about (white's: white dots and bars)."""
    return tuple(name for name, kind in MARKS.items() if kind.negative == negative)


def alone(negative, drawn) -> set[str]:
    """The negative rules that stand as rules of their own (non-consecutive): ruled, with
    no mark they cover drawn."""
    return {k for k in negative if MARKS[k].rule.alone and not set(covered(k)) & set(drawn)}


def together(negative, word_of: Callable[[Negative], str]) -> tuple[list[str], list[str]]:
    """A format's words for the negative rules: each word whose kinds are all ruled, in the
    records' order, and the kinds ruled without the others sharing their word."""
    words, alone_kinds = [], []
    for name in NEGATIVE_KINDS:
        word = word_of(MARKS[name].rule)
        sharing = [k for k in NEGATIVE_KINDS if word_of(MARKS[k].rule) == word]
        if name not in negative:
            continue
        if set(sharing) <= set(negative):
            if word not in words:
                words.append(word)
        else:
            alone_kinds.append(name)
    return words, alone_kinds
