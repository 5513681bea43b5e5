"""A variant in the words setters print: its name ("Killer Sudoku") and its rules, one
sentence a kind ("Digits along a thermometer increase from the bulb end."), in English and
Japanese. Each kind's words live in one table, WORDS, keyed by kind (a record's come from it:
core.variants.kinds, marks, outside, shapes, grid_rules, cell_clues, custom); `kinds` says which
kinds a puzzle uses, in the order setters list them, with the numbers a sentence needs."""

from __future__ import annotations

from core.variants import marks, model
from core.variants.cell_clues import CELL_KINDS, EXTREMES, PARITY
from core.variants.custom import RULE_KINDS, every_rule, legend
from core.variants.grid_rules import GRID_RULES
from core.variants.groups import GROUPS, REGIONS, placed
from core.variants.kinds import LINES
from core.variants.marks import MARKS
from core.variants.model import Variant
from core.variants.outside import OUTSIDE
from core.variants.records import Words
from core.variants.shapes import SHAPES

LANGUAGES = ("en", "ja")
MAX_NAMED = 2  # kinds a name lists ("Killer Thermo Sudoku"); more: "Variant Sudoku"


WORDS = {
    "classic": Words(None, None,
                     "Place the digits {digits} once each in every row, column and {box}.",
                     "各行、各列、{box_ja}に{digits_ja}の数字が1つずつ入ります。"),
    "jigsaw": Words("Jigsaw", "ジグソー", "", ""),  # said by the classic sentence's {box}
    # each rule over the whole grid's words, from its record (core.variants.grid_rules)
    **{kind.sentence: kind.words for kind in GRID_RULES.values() if kind.words},
    # each kind of cell clue's words, from its record (core.variants.cell_clues)
    **{name: kind.words for name, kind in CELL_KINDS.items()},
    # each kind of shape's words, from its record (core.variants.shapes)
    **{name: kind.words for name, kind in SHAPES.items()},
    # each kind of line's words, from its record (core.variants.kinds)
    **{key: words for kind in LINES.values() for key, words in kind.words.items()},
    # each kind of clue on a group of cells' words, from its record (core.variants.groups)
    **{name: kind.words for name, kind in GROUPS.items() if kind.words},
    **{way.caption: way.words for kind in GROUPS.values() for way in kind.ways},
    # each kind of rule no kind names, from its record (core.variants.custom)
    **{name: kind.words for name, kind in RULE_KINDS.items()},
    "negative": Words(None, None, "All possible {negative} are given.",
                      "{negative_ja}は条件を満たすところすべてに示されています。"),
    **{name: kind.words for name, kind in MARKS.items()},
    **{name: kind.words for name, kind in OUTSIDE.items()},
    **{kind.rule.alone: kind.rule.alone_words for kind in MARKS.values()
       if kind.rule and kind.rule.alone},
}
LINE_ORDER = tuple(key for kind in LINES.values() for key in kind.words)


def kinds(p: Variant) -> list[tuple[str, dict]]:
    """The kinds a puzzle uses, (key of WORDS, the values its sentence needs), in the order
    setters list them: the classic rule, global rules, shading, marks, cages and shapes,
    lines, cell and outside clues, then which marks are all given."""
    n, found = p.size, [("classic", {})]
    if p.jigsaw:
        found.append(("jigsaw", {}))
    sentences: dict[str, int] = {}  # each sentence said, and how many rules it says
    for name, kind in GRID_RULES.items():
        if name in p.rules:
            sentences[kind.sentence] = sentences.get(kind.sentence, 0) + 1
    found += [(key, GRID_RULES[key].which(ruled) if GRID_RULES[key].which else {})
              for key, ruled in sentences.items()]
    found += [(name, {}) for name in (*(k.field for k in REGIONS), *(k.field for k in PARITY))
              if getattr(p, name)]
    found += _marks(p)
    found += [(name, {}) for name in SHAPES
              if getattr(p, name)]
    said = {LINES[line.kind].words_of(line, n) for line in p.lines}
    found += [(key, {}) for key in LINE_ORDER if key in said]
    found += [(name, {}) for name in (*(k.field for k in placed("")),
                                      *(k.field for k in EXTREMES))
              if getattr(p, name)]
    found += [(way.caption, {}) for kind in placed("late") for way in kind.ways
              if way.cells(p, kind.field)]
    found += [(kind, {}) for kind in OUTSIDE if any(o.kind == kind for o in p.outside)]
    used = {r.kind for r in p.custom} | {r.kind for r in every_rule(p)}
    found += [(name, {"rules": kind.said(p, "en"), "rules_ja": kind.said(p, "ja")})
              for name, kind in RULE_KINDS.items() if name in used]
    found += [(kind.field, {}) for kind in placed("given") if kind.items(p)]
    found += _negatives(p)
    return found


def _marks(p: Variant) -> list[tuple[str, dict]]:
    """The marks drawn, in the records' order, each with its words for marks of another
    amount; a negative rule that stands alone (non-consecutive) after its family's marks."""
    drawn, found = {m.kind for m in p.marks}, []
    standing = marks.alone(p.negative, drawn)
    for i, (name, kind) in enumerate(MARKS.items()):
        if name in drawn:
            other = any(m.kind == name and m.value for m in p.marks)
            found.append((name, {"other": kind.other[0] if other else "",
                                 "other_ja": kind.other[1] if other else ""}))
        last = list(MARKS.values())[i + 1:i + 2]
        if not last or last[0].family != kind.family:
            found += [(MARKS[k].rule.alone, {}) for k in MARKS
                      if k in standing and MARKS[k].family == kind.family]
    return found


def _negatives(p: Variant) -> list[tuple[str, dict]]:
    standing = marks.alone(p.negative, {m.kind for m in p.marks})
    kinds_given = [MARKS[k].rule.plural for k in marks.NEGATIVE_KINDS
                   if k in p.negative and k not in standing]
    if not kinds_given:
        return []
    return [("negative", {"negative": _joined([en for en, _ in kinds_given], "and"),
                          "negative_ja": "・".join(ja for _, ja in kinds_given)})]


def _joined(words: list[str], conjunction: str) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {conjunction} {words[-1]}"


def _values(p: Variant) -> dict:
    """The numbers and words the sentences fill in, from the puzzle."""
    n, low = p.size, p.digit(1)
    high = p.digit(n)
    digits = f"{low} to {high}" if n - p.shift <= 9 else f"{low} to 9 and A to {high}"
    digits_ja = f"{low}〜{high}" if n - p.shift <= 9 else f"{low}〜9とA〜{high}"
    rows, cols = model.BOXES.get(n, (0, 0))
    box = "outlined region" if p.jigsaw else f"{rows}x{cols} box"
    box_ja = "太線で囲まれた各領域" if p.jigsaw else f"太線で囲まれた{rows}×{cols}のブロック"
    return {
        "digits": digits, "digits_ja": digits_ja, "high": high, "box": box, "box_ja": box_ja,
        **{key: value for kind in SHAPES.values() for key, value in kind.sentence(p).items()},
        **{key: value for kind in GROUPS.values() if kind.sentence
           for key, value in kind.sentence(p).items()},
        **{key: value for kind in LINES.values() if kind.sentence
           for key, value in kind.sentence(n).items()},
        **legend(p),
    }


def rules_sentences(p: Variant, lang: str = "en") -> list[str]:
    """The rules written from the constraints, one sentence a kind."""
    values = _values(p)
    said = []
    for key, own in kinds(p):
        words = WORDS[key]
        rule = words.rule_ja if lang == "ja" else words.rule
        if rule:
            said.append(rule.format(**values, **own))
    return said


def rules_text(p: Variant, lang: str = "en") -> str:
    """The rules a page prints: the setter's own text when the puzzle carries one, else the
    paragraph written from its constraints."""
    own = dict(p.meta).get("rules", "").strip()
    if own:
        return own
    return ("" if lang == "ja" else " ").join(rules_sentences(p, lang))


def name(p: Variant, lang: str = "en") -> str:
    """The puzzle's name: 'Killer Sudoku', 'Jigsaw Killer Sudoku', 'Variant Sudoku' past
    MAX_NAMED kinds; the size after it when it is not 9x9."""
    names = []
    for key, _ in kinds(p):
        word = WORDS[key].name_ja if lang == "ja" else WORDS[key].name
        if word and word not in names:
            names.append(word)
    if lang == "ja":
        base = ("変形" if len(names) > MAX_NAMED else "・".join(names)) + "ナンプレ"
    else:
        base = " ".join(["Variant"] if len(names) > MAX_NAMED else names) + " Sudoku"
        base = base.strip()
    return base if p.size == 9 else f"{base} {p.size}x{p.size}"
