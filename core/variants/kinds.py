"""Each kind of line, declared once: a `LineKind` record holds everything the workbench knows
of it, and every aspect loops over LINES instead of naming kinds:

  model     name (Line.kind, the text format's word), shortest, distinct, loops, directed,
            valued (a number it takes, and its usual value)
  rules     title (its name in a sentence), holds (does a filled grid keep it?)
  engine    compile (its propagators, in the order the plan holds them)
  logic     steps (technique, score on the variants scale, words; facts fills the words)
  f-puzzles fpuzzles (its key), addon (the copy f-puzzles' constraint add-on draws for apps
            without it, which SudokuPad reads), ends (what marks its ends)
  SudokuPad grey (the thickness of SudokuPad's own grey line for f-puzzles' native kinds)
  print     style (colour, width, dashes, end marks); the terminal: glyph
  wording   words (its name in a puzzle's name and its rules sentence, English and Japanese)
  ISS       iss (ISS's type and the number it carries, or the pair table it is held as)
  making    middle_out, partial, longest, telling (how the generator grows one)
  editor    aliases (words an author may type for it)

docs/architecture.md ("Adding a kind of line") walks through adding one; the test in
tests/core/variants/test_kinds.py checks that every record reads, writes, draws, says its rule
and counts right. A kind whose rule needs its own propagator puts it in core/variants/lines.py
(its handler); everything else about it is here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from math import comb

from core.variants import lines, propagators, rules
from core.variants.model import LINE_RECORDS, Line, Variant, symbol
from core.variants.records import Step, Words


@dataclass(frozen=True)
class LineStyle:
    """How a line kind is drawn (and coloured in the app): the caption's word, its colour as
    f-puzzles and SudokuPad draw it (some a shade darker or lighter so that no two kinds print
    as one grey), its width in cells, and what tells it apart in black and white: dashes
    (period and length in cells; as long as wide: dots), a thin dark line along its middle,
    circles (or diamonds) at both ends, or drawn hollow."""

    word: str
    color: str
    width: float
    dashes: tuple[float, float] | None = None
    core: str | None = None
    ends: bool = False
    hollow: bool = False
    diamonds: bool = False


@dataclass(frozen=True)
class AddOn:
    """The copy f-puzzles' constraint add-on (or the kind's own f-puzzles script) draws of a
    line for apps without it: its name, colour and width; `circle`: the size of the filled
    circles on its ends; `marked`: how the copy says it is one ("fromConstraint": the
    add-on's, naming it; "isNewConstraint": a userscript's, which the add-on does not know)."""

    name: str
    colour: str
    width: float
    circle: float = 0.0
    marked: str = "fromConstraint"


@dataclass(frozen=True)
class IssLine:
    """How the Interactive Sudoku Solver holds a line: its own `type` (`valued`: carrying the
    line's number first, as a whisper's difference; `value(n)`: the one number the kind has
    on an n x n grid, which ISS's carries first), or, with `relation`, a pair table of the
    kind's relation named after it (`type`: "Pair" along the line, "PairX" every two cells).
    `from_zero`: why the reader refuses one on a grid of digits from 0; `written(n, first)`:
    why the writer refuses one on such a grid (None: it does not); `regions`: why a line of
    it on a grid with no regions is refused (ISS says nothing of it there)."""

    type: str
    valued: bool = False
    value: Callable[[int], int] | None = None
    relation: Callable[[int, int], bool] | None = None
    from_zero: str = ""
    written: Callable[[int, int], str | None] | None = None
    regions: str = ""

    def number(self, line: Line, n: int) -> int | None:
        """The number ISS's item carries for a line (None: none)."""
        return line.value if self.valued else self.value(n) if self.value else None


@dataclass(frozen=True)
class LineKind:
    name: str
    title: str
    fpuzzles: str
    glyph: str
    style: LineStyle
    words: dict[str, Words]  # the first: the usual; others by `words_of`
    steps: dict[str, Step]  # by the logic's key of a propagator: its class (and source)
    holds: Callable[[Variant, Line, list], bool]
    compile: Callable[[Variant, Line], list]
    facts: dict[str, Callable] = field(default_factory=dict)  # by the same key
    addon: dict[str, AddOn] = field(default_factory=dict)  # by style (whispers: two)
    grey: float | None = None
    ends: str = ""  # "both": a circle on each end; "bulb": on the first cell
    shortest: int = 2
    distinct: bool = False  # its digits differ: a unit
    loops: bool = False  # its rule is on each step, so it may come back to a cell
    directed: bool = False  # read from its first cell (else stored from its smaller end)
    usual: Callable[[int], int] | None = None  # it takes a number; this one when none is said
    number: str = "number"  # what the number is, in words
    # a line whose number is not the usual: its print style (its add-on style's, the one
    # after the usual: Dutch whispers), its caption with another number, and its plain
    # f-puzzles copy in a colour no app reads as a style
    other_style: LineStyle | None = None
    numbered: str = "{value}"
    plain: AddOn | None = None
    addon_names: tuple[str, ...] = ()  # older names of the add-on's copy, read too
    glyph_ends: tuple[str, str] = ("", "")  # the terminal's marks on its first and last cell
    sentence: Callable[[int], dict] | None = None  # the numbers its rule's words need
    aliases: tuple[str, ...] = ()
    middle_out: bool = False
    partial: Callable | None = None  # (p, line, solution, length): None: every part keeps it
    longest: Callable[[int], int] | None = None
    telling: Callable[[Variant, Line], bool] | None = None
    iss: IssLine | None = None  # its ISS form (None: the ISS writer refuses it by name)

    def words_of(self, line: Line, n: int) -> str:
        """Which of its words a line says: the usual, or (a number not the usual) the other."""
        if self.usual is not None and line.value != self.usual(n) and len(self.words) > 1:
            return list(self.words)[1]
        return self.name

    def style_of(self, line: Line, n: int) -> str | None:
        """The add-on's style of a line (None: the add-on has none for it)."""
        if self.usual is None:
            return self.name if self.name in self.addon else None
        return next((s for s, v in self.values(n).items() if v == line.value), None)

    def values(self, n: int) -> dict[str, int]:
        """The add-on's styles of the kind and the number each stands for."""
        if self.usual is None:
            return dict.fromkeys(self.addon, 0)
        return {s: self.usual(n) - i for i, s in enumerate(self.addon)}


def named(p: Variant, kind: str, cells) -> str:
    """A line in words by its ends: "renban line r1c1-r1c4"."""
    line = next(x for x in p.lines if x.kind == kind and set(x.cells) == set(cells))
    return f"{LINES[kind].title} {p.name(line.cells[0])}-{p.name(line.cells[-1])}"


# --- how each kind holds and compiles ------------------------------------------------------

def _pairs_along(relation: Callable[[Line, int, int], str]) -> Callable:
    """Ties between every two cells of a line that the relation names (None: none)."""
    def made(p: Variant, line: Line) -> list:
        cells, k = line.cells, len(line.cells)
        return [lines.Tie(cells[i], cells[j], r, p.size, line) for i in range(k)
                for j in range(i + 1, k) if (r := relation(line, i, j)) is not None]
    return made


def _whisper(p: Variant, line: Line) -> list:
    return [lines.Tie(a, b, f"apart {line.value}", p.size, line)
            for a, b in zip(line.cells, line.cells[1:], strict=False)]


def _palindrome(p: Variant, line: Line) -> list:
    cells, k = line.cells, len(line.cells)
    return [lines.Tie(cells[i], cells[k - 1 - i], "equal", p.size, line) for i in range(k // 2)]


def _thirds(word: str) -> Callable:
    return _pairs_along(lambda line, i, j: f"{'same' if (j - i) % 3 == 0 else 'other'} {word}")


def _sums(groups: Callable[[Variant, tuple], list]) -> Callable:
    """One EqualSums over the line's groups; a group whose cells see each other sums only
    sets of different digits (past COMBOS_UP_TO sets, a 16x16's, the sums alone)."""
    def made(p: Variant, line: Line) -> list:
        n, found = p.size, groups(p, line.cells)
        distinct = [1 < len(g) and comb(n, len(g)) <= propagators.COMBOS_UP_TO
                    and _see_each_other(p, g) for g in found]
        return [lines.EqualSums(found, line.kind, distinct, n, p.shift)]
    return made


def _see_each_other(p: Variant, cells) -> bool:
    """Do the cells share a row, column or region two by two (so their digits differ)?"""
    n = p.size
    return all(a // n == b // n or a % n == b % n or p.regions[a] == p.regions[b]
               for i, a in enumerate(cells) for b in cells[i + 1:])


def _middle_out(cells) -> list[tuple[int, ...]]:
    """The cells the same distance from a line's middle: pairs, and the middle cell."""
    k = len(cells)
    return [tuple(sorted({cells[i], cells[k - 1 - i]})) for i in range((k + 1) // 2)]


def _digits(values, line: Line) -> list[int]:
    return [values[c] for c in line.cells]


def _in_thirds(group: Callable[[int], list]) -> Callable:
    def holds(p: Variant, line: Line, values) -> bool:
        d, g = _digits(values, line), group(p.size)
        return all(len({g[x] for x in d[i:i + 3]}) == len(d[i:i + 3])
                   for i in range(len(d) - 1))
    return holds


def _equal_sums(groups: Callable[[Variant, tuple], list]) -> Callable:
    def holds(p: Variant, line: Line, values) -> bool:
        return len({sum(values[c] - p.shift for c in g) for g in groups(p, line.cells)}) == 1
    return holds


def _whisper_holds(p: Variant, line: Line, values) -> bool:
    d = _digits(values, line)
    return all(abs(a - b) >= line.value for a, b in zip(d, d[1:], strict=False))


def _renban_holds(p: Variant, line: Line, values) -> bool:
    d = _digits(values, line)
    return len(set(d)) == len(d) and max(d) - min(d) == len(d) - 1


def _palindrome_holds(p: Variant, line: Line, values) -> bool:
    d = _digits(values, line)
    return d == d[::-1]


def _doublearrow_holds(p: Variant, line: Line, values) -> bool:
    d = [v - p.shift for v in _digits(values, line)]
    return d[0] + d[-1] == sum(d[1:-1])


def _slow_holds(p: Variant, line: Line, values) -> bool:
    d = _digits(values, line)
    return all(a <= b for a, b in zip(d, d[1:], strict=False))


def _nabner_holds(p: Variant, line: Line, values) -> bool:
    d = _digits(values, line)
    return all(abs(a - b) > 1 for i, a in enumerate(d) for b in d[i + 1:])


def _between_holds(p: Variant, line: Line, values) -> bool:
    d = _digits(values, line)
    low, high = sorted((d[0], d[-1]))
    return all(low < x < high for x in d[1:-1])


def lockout_gap(n: int) -> int:
    """How far apart a lockout line's diamonds are at least: half the size, rounded down
    (4 on 9x9), as f-puzzles' lockout script and SudokuSolver say."""
    return n // 2


def _lockout_holds(p: Variant, line: Line, values) -> bool:
    d = _digits(values, line)
    low, high = sorted((d[0], d[-1]))
    return high - low >= lockout_gap(p.size) and all(not low <= x <= high for x in d[1:-1])


def _third_spans(n: int) -> tuple[str, ...]:
    """The low, middle and high digits of an entropic line, as ranges ('1-3')."""
    group = rules.entropy_groups(n)
    spans = []
    for third in range(3):
        digits = [v for v in range(1, n + 1) if group[v] == third]
        spans.append(f"{symbol(digits[0])}-{symbol(digits[-1])}")
    return tuple(spans)


def _entropic_written(n: int, first: int) -> str | None:
    """ISS reads entropic lines on digits 1-9 only."""
    if n == 9 and first == 1:
        return None
    return f"an entropic line off 9x9{' of digits 1-9' if n == 9 else ''} (ISS reads them on " \
           "digits 1-9 only)"


# --- what the logic says of them -----------------------------------------------------------

def _renban_facts(board, prop, trial) -> dict:
    union = 0
    for c in prop.cells:
        union |= trial[c]
    low, high, k = (union & -union).bit_length(), union.bit_length(), len(prop.cells)
    run = (f"the digits {low}-{high} in some order" if high - low + 1 == k
           else f"a run of {k} digits within {low}-{high}")
    return {"line": named(board.p, "renban", prop.cells), "run": run}


def _between_facts(board, prop, trial) -> dict:
    return {"line": named(board.p, "between", prop.cells), "a": board.name(prop.ends[0]),
            "b": board.name(prop.ends[1])}


def _slow_facts(board, prop, trial) -> dict:
    return {"line": named(board.p, "slowthermo", prop.cells)}


def _lockout_facts(board, prop, trial) -> dict:
    return {"line": named(board.p, "lockout", prop.cells), "a": board.name(prop.ends[0]),
            "b": board.name(prop.ends[1]), "gap": prop.gap}


# --- how the generator grows one -----------------------------------------------------------

def _renban_partial(p, line, solution, length) -> bool:
    d = _digits(solution, line)
    return len(set(d)) == len(d) and max(d) - min(d) < length


def _between_partial(p, line, solution, length) -> bool:
    """The inner cells so far lie on one side of the first end."""
    d = _digits(solution, line)
    return all(x > d[0] for x in d[1:]) or all(x < d[0] for x in d[1:])


def _doublearrow_partial(p, line, solution, length) -> bool:
    """The last end is at most the size."""
    d = _digits(solution, line)
    return sum(d[1:-1]) - d[0] <= p.size


def _regionsum_partial(p, line, solution, length) -> bool:
    """The segments so far have one sum; the last is not past it."""
    segments = rules.region_segments(p, line.cells)
    sums = [sum(solution[c] for c in s) for s in segments]
    regions = [p.regions[s[0]] for s in segments]  # a line back in a box reads two ways
    return len(set(sums[:-1])) <= 1 and sums[-1] <= sums[0] and len(set(regions)) == len(
        regions)


def _lockout_partial(p, line, solution, length) -> bool:
    """Some last diamond far enough from the first leaves the cells so far outside the two."""
    d, n = _digits(solution, line), p.size
    return any(abs(e - d[0]) >= lockout_gap(n) and all(
        not min(d[0], e) <= x <= max(d[0], e) for x in d[1:]) for e in range(1, n + 1))


# --- the records ---------------------------------------------------------------------------

_TIE = "the {line} says {a} and {b} {relation}"

LINE_RECORDS.update({kind.name: kind for kind in (
    LineKind(
        "whisper", "whisper line", "whispers", "w",
        LineStyle("German whispers", "#67f067", 0.2),
        {"whisper": Words("German Whispers", "ジャーマンウィスパー",
                          "Neighbouring digits along a green line differ by at least "
                          "{whisper}.", "緑の線上で隣り合う数字の差は{whisper}以上です。"),
         "whisper_other": Words("Dutch Whispers", "ダッチウィスパー",
                                "Neighbouring digits along an orange line differ by at least "
                                "the number at its start.",
                                "オレンジの線上で隣り合う数字の差は、線の端に書かれた数以上です。")},
        {"Tie whisper": Step("whisper", 1.8, _TIE)},
        _whisper_holds,
        _whisper,
        addon={"german": AddOn("German Whispers", "#67F067", 0.1875),
               "dutch": AddOn("Dutch Whispers", "#FF9A00", 0.1875)},
        other_style=LineStyle("Dutch whispers", "#ff9a00", 0.2), numbered="whispers {value}",
        plain=AddOn("Whispers", "#9ACD32", 0.1875), addon_names=("Whispers",),
        loops=True, usual=lambda n: (n + 1) // 2, number="difference",
        sentence=lambda n: {"whisper": (n + 1) // 2}, aliases=("german", "dutch"),
        iss=IssLine("Whisper", valued=True)),
    LineKind(
        "renban", "renban line", "renban", "r", LineStyle("renban", "#cc55cc", 0.3),
        {"renban": Words("Renban", "連番",
                         "A purple line holds consecutive digits, in any order, none repeated.",
                         "紫の線上の数字は重複せず、並び順を問わず連続する数字です。")},
        {"Renban": Step("renban", 2.1, "the {line} holds {run}")},
        _renban_holds,
        lambda p, line: [lines.Renban(line.cells, p.size)],
        facts={"Renban": _renban_facts},
        addon={"renban": AddOn("Renban", "#F067F0", 0.25)}, distinct=True,
        partial=_renban_partial, longest=lambda n: n - 1,  # all n digits: they only differ
        iss=IssLine("Renban")),
    LineKind(
        "regionsum", "region-sum line", "regionsumline", "s",
        LineStyle("region sum", "#2ecbff", 0.16, dashes=(0.5, 0.38)),
        {"regionsum": Words("Region Sum", "リージョンサム",
                            "A blue line has the same sum in every {box} it passes through.",
                            "青い線上の数字の和は、線が通る{box_ja}ごとに等しくなります。")},
        {"EqualSums regionsum": Step("region-sum line", 2.4,
                                     "each {region}'s segment of the {line} adds up to the "
                                     "same total ({totals})")},
        _equal_sums(lambda p, cells: rules.region_segments(p, cells)),
        _sums(lambda p, cells: rules.region_segments(p, cells)),
        addon={"regionsum": AddOn("Region Sum Line", "#2ECBFF", 0.15625)},
        aliases=("regionsumline",), partial=_regionsum_partial,
        telling=lambda p, line: len(rules.region_segments(p, line.cells)) > 1,
        iss=IssLine("RegionSumLine", regions="a region-sum line on a grid with no regions (ISS: "
                    "no boxes and no jigsaw) says nothing in ISS; the workbench reads it only "
                    "with regions")),
    LineKind(
        "palindrome", "palindrome", "palindrome", "p", LineStyle("palindrome", "#c0c0c0", 0.3),
        {"palindrome": Words("Palindrome", "回文", "A grey line reads the same from either end.",
                             "灰色の線上の数字は、どちらの端から読んでも同じ並びです。")},
        {"Tie palindrome": Step("palindrome", 1.7, _TIE)},
        _palindrome_holds, _palindrome,
        grey=16, middle_out=True, iss=IssLine("Palindrome")),
    LineKind(
        "between", "between line", "betweenline", "b",
        LineStyle("between line", "#a0a0a0", 0.1, ends=True),
        {"between": Words("Between Lines", "ビトウィーン",
                          "Digits on a line between two circles lie strictly between the "
                          "digits in the circles.",
                          "2つの丸を結ぶ線上の数字は、両端の丸の数字の間の値です。")},
        {"Between": Step("between line", 2.1, "the inner cells of the {line} lie strictly "
                                              "between its ends {a} and {b}")},
        _between_holds, lambda p, line: [lines.Between(line.cells, p.size)],
        facts={"Between": _between_facts}, grey=2, ends="both", shortest=3,
        glyph_ends=("◯", "◯"), aliases=("betweenline",), partial=_between_partial,
        iss=IssLine("Between")),
    LineKind(
        "entropic", "entropic line", "entropicline", "e",
        LineStyle("entropic", "#f0a050", 0.18, dashes=(1 / 3, 0.18)),
        {"entropic": Words("Entropic", "エントロピック",
                           "Any three cells in a row along an orange dashed line hold one low "
                           "({low}), one middle ({middle}) and one high ({high_third}) digit.",
                           "オレンジの破線上で続く3マスには、低い数字({low})、中くらいの数字"
                           "({middle})、高い数字({high_third})が1つずつ入ります。")},
        {"Tie entropic": Step("entropic line", 2.0, _TIE)},
        _in_thirds(lambda n: rules.entropy_groups(n)), _thirds("third"),
        sentence=lambda n: dict(zip(("low", "middle", "high_third"), _third_spans(n),
                                    strict=True)),
        addon={"entropic": AddOn("Entropic Line", "#FFCCAA", 0.15625)},
        addon_names=("Entropic",),
        aliases=("entropicline",),
        iss=IssLine("Entropic", from_zero="an entropic line on a grid of digits from 0 (which "
                    "digits are low, middle and high there is not settled)",
                    written=_entropic_written)),
    LineKind(
        "modular", "modular line", "modularline", "m",
        LineStyle("modular", "#33bbbb", 0.2, core="#1e6e6e"),
        {"modular": Words("Modular", "モジュラー",
                          "Any three cells in a row along a teal line hold digits that leave "
                          "different remainders when divided by 3.",
                          "青緑の線上で続く3マスの数字は、3で割った余りがすべて異なります。")},
        {"Tie modular": Step("modular line", 2.0, _TIE)},
        _in_thirds(lambda n: [v % 3 for v in range(n + 1)]), _thirds("mod 3"),
        addon={"modular": AddOn("Modular Line", "#33BBBB", 0.15625)},
        aliases=("modularline",), iss=IssLine("Modular", value=lambda n: 3)),
    LineKind(
        "zipper", "zipper line", "zipperline", "z", LineStyle("zipper", "#cdb1ec", 0.12),
        {"zipper": Words("Zipper", "ジッパー",
                         "Along a lavender line, digits the same distance from its middle add "
                         "up to the same total (the digit in the middle, when there is one).",
                         "薄紫の線上で中央から等距離にある2つの数字の和はすべて等しく、中央に"
                         "マスがあればその数字と同じです。")},
        {"EqualSums zipper": Step("zipper line", 2.4,
                                  "cells the same distance from the middle of the {line} add "
                                  "up to {to} ({totals})")},
        _equal_sums(lambda p, cells: _middle_out(cells)),
        _sums(lambda p, cells: _middle_out(cells)),
        addon={"zipper": AddOn("Zipper Line", "#CDB1EC", 0.15625)},
        aliases=("zipperline",), middle_out=True, iss=IssLine("Zipper")),
    LineKind(
        "doublearrow", "double arrow", "doublearrow", "d",
        LineStyle("double arrow", "#c54b8b", 0.05, ends=True),
        {"doublearrow": Words("Double Arrow", "ダブルアロー",
                              "The digits in the two circles at the ends of a line add up to "
                              "the sum of the digits between them.",
                              "線の両端の丸の数字の和は、その間の数字の和に等しくなります。")},
        {"EqualSums doublearrow": Step("double arrow", 2.3,
                                       "the cells between the ends of the {line} add up to "
                                       "its two ends ({totals})")},
        _doublearrow_holds,
        _sums(lambda p, cells: (cells[1:-1], (cells[0], cells[-1]))),
        addon={"doublearrow": AddOn("Double Arrow", "#C54B8B", 0.15, circle=0.85)},
        ends="both", shortest=3, glyph_ends=("◯", "◯"), partial=_doublearrow_partial,
        iss=IssLine("DoubleArrow")),
    LineKind(
        "slowthermo", "slow thermometer", "slowthermometer", "┄",
        LineStyle("slow thermo", "#9a9a9a", 0.3, hollow=True),
        {"slowthermo": Words("Slow Thermo", "スローサーモ",
                             "Digits along a hollow thermometer never decrease from the bulb "
                             "end (they may stay the same).",
                             "中抜きの温度計の数字は、丸い端から順に同じか大きくなります。")},
        {"Thermo slow": Step("slow thermometer", 1.9, "digits never fall along the {line}, "
                                                      "from its bulb")},
        _slow_holds,
        lambda p, line: [propagators.Thermo(line.cells, p.size, slow=True)],
        facts={"Thermo slow": _slow_facts},
        addon={"slowthermo": AddOn("Slow Thermometer", "#6495ED", 0.3, circle=0.8)},
        ends="bulb", directed=True, glyph_ends=("◎", ""), aliases=("slowthermometer",),
        iss=IssLine("Pair", relation=lambda x, y: x <= y)),
    LineKind(
        "nabner", "Nabner line", "nabner", "n",
        LineStyle("Nabner", "#c9c883", 0.3, dashes=(1.0, 0.7)),
        {"nabner": Words("Nabner", "ナブナー",
                         "Digits on a yellow line are all different and no two are "
                         "consecutive.",
                         "黄色の線上の数字はすべて異なり、どの2つも差が1ではありません。")},
        {"Tie nabner": Step("Nabner line", 2.0, _TIE)},
        _nabner_holds,
        _pairs_along(lambda line, i, j: "far"),
        addon={"nabner": AddOn("Nabner", "#C9C883", 0.25)}, distinct=True,
        longest=lambda n: (n + 1) // 2,  # digits at least 2 apart: at most (n+1)//2
        iss=IssLine("PairX", relation=lambda x, y: abs(x - y) > 1)),
    LineKind(
        "lockout", "lockout line", "lockout", "L",
        LineStyle("lockout", "#006cba", 0.1, diamonds=True),
        {"lockout": Words("Lockout", "ロックアウト",
                          "The digits in the diamonds at the ends of a blue line differ by at "
                          "least {lockout}; no digit on the line between them lies between "
                          "them or equals either.",
                          "青い線の両端のひし形の数字の差は{lockout}以上です。線上のほかの"
                          "数字は、両端の数字の間の値にも、両端の数字と同じ値にもなりません。")},
        {"Lockout": Step("lockout line", 2.2, "the diamonds {a} and {b} of the {line} differ by "
                                              "at least {gap}, and no digit on it lies between "
                                              "them or equals either")},
        _lockout_holds,
        lambda p, line: [lines.Lockout(line.cells, p.size, lockout_gap(p.size))],
        facts={"Lockout": _lockout_facts},
        addon={"lockout": AddOn("Lockout", "#006CBA", 0.2, marked="isNewConstraint")},
        glyph_ends=("◇", "◇"), sentence=lambda n: {"lockout": lockout_gap(n)},
        partial=_lockout_partial, iss=IssLine("Lockout", value=lockout_gap)),
)})
LINES: dict[str, LineKind] = LINE_RECORDS  # the model, rules and lines read it there
LINE_KINDS = tuple(LINES)  # the order the plan holds them in (a new kind goes last)
