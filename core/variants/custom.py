"""Rules no kind names: each kind of `model.Rule`, declared once as a `RuleKind` record, as
core/variants/kinds.py declares the kinds of line. Every aspect loops over RULE_KINDS:

  model     name (Rule.kind, the text format's word), check (what the model refuses),
            normal (how its text is stored), arrange (how its cells are stored)
  rules     holds (does a filled grid keep it?)
  engine    compile (its propagators: pair tables for a relation, an automaton for a
            pattern, equal sums, a multiset of digits; handler shapes both engines run)
  logic     steps and facts (by the logic's key of a propagator)
  print     outline (drawn as a dashed outline like a cage; else as a plain line with a dot
            on its first cell), label (the rule written beside it); the terminal: glyph
  wording   words (its name and its rules sentence, English and Japanese; {rules} and
            {rules_ja} list the puzzle's rules of the kind)

A rule's own data (a formula, a table, a pattern, digits) is parsed by core.variants.formula
and core.variants.pattern, never evaluated as code.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from math import comb

from core.variants import formula, lines, pattern, propagators
from core.variants.kinds import Step, Words, _see_each_other
from core.variants.model import DIGITS, RULE_RECORDS, ModelError, Rule, Variant, digit_of

MAX_GROUPS = 64  # groups of one equal-sums rule
MAX_PARTS = 16  # rules of one or (each is tried on a copy of the candidates)


@dataclass(frozen=True)
class RuleKind:
    name: str
    title: str
    glyph: str
    words: Words
    check: Callable[[Variant, Rule], None]
    compile: Callable[[Variant, Rule], list]
    holds: Callable[[Variant, Rule, list], bool]
    label: Callable[[Rule, str], str]  # the rule written beside it in print (by language)
    steps: dict[str, Step] = field(default_factory=dict)
    facts: dict[str, Callable] = field(default_factory=dict)
    normal: Callable[[str], str] = lambda text: text
    arrange: Callable[[tuple], tuple] = lambda groups: groups
    outline: bool = False

    def said(self, p: Variant, lang: str) -> str:
        """The puzzle's rules of this kind, as its sentence lists them."""
        found = [self.label(r, lang) for r in every_rule(p) if r.kind == self.name]
        unique = [rule.replace(" ", "\u00a0") for rule in dict.fromkeys(found)]  # one piece
        return ("、" if lang == "ja" else "; ").join(unique)


def every_rule(p: Variant) -> list[Rule]:
    """The puzzle's rules, an or's parts in its place (what the grid and the words show)."""
    return [r for rule in p.custom for r in (rule.parts or (rule,))]


def where(p: Variant, rule: Rule) -> str:
    """A rule in words by its first cell: "the relation at r1c1"."""
    return f"the {RULE_RECORDS[rule.kind].title} at {p.name(rule.cells[0])}"


# --- the checks -----------------------------------------------------------------------------

def _one_group(p: Variant, rule: Rule, least: int, loops: bool = False) -> tuple[int, ...]:
    if len(rule.groups) != 1:
        raise ModelError(f"a {rule.kind} rule is on one line or group of cells")
    cells = rule.groups[0]
    what = f"the {RULE_RECORDS[rule.kind].title} at {p.name(cells[0])}" if cells else "a rule"
    if len(cells) < least:
        raise ModelError(f"{what} needs {least} or more cells")
    body = cells[:-1] if loops and len(cells) > 2 and cells[0] == cells[-1] else cells
    if len(set(body)) != len(body):
        twice = next(c for c in body if body.count(c) > 1)
        raise ModelError(f"{what} passes through {p.name(twice)} twice")
    return cells


def _formula(p: Variant, rule: Rule, what: str) -> None:
    try:
        formula.check(rule.text, p.size, p.first)
    except formula.FormulaError as error:
        raise ModelError(f"{what}: {error.message} (at character {error.column} of "
                         f"{rule.text!r})") from None


def _check_relation(p: Variant, rule: Rule) -> None:
    _one_group(p, rule, 2, loops=True)
    _formula(p, rule, where(p, rule))


def _check_pairs(p: Variant, rule: Rule) -> None:
    _one_group(p, rule, 2)
    _formula(p, rule, where(p, rule))


def _check_pattern(p: Variant, rule: Rule) -> None:
    _one_group(p, rule, 1)
    try:
        pattern.parse(rule.text)
    except pattern.PatternError as error:
        raise ModelError(f"{where(p, rule)}: {error.message} (at character {error.column} "
                         f"of {rule.text!r})") from None
    past = sorted(d for d in pattern.digits_named(rule.text)
                  if not p.first <= d < p.first + p.size)
    if past:
        raise ModelError(f"{where(p, rule)}: {DIGITS[past[0]]} is not a digit of a "
                         f"{p.size}x{p.size} grid of {p.digit(1)} to {p.digit(p.size)}")


def _check_sums(p: Variant, rule: Rule) -> None:
    if not 2 <= len(rule.groups) <= MAX_GROUPS or not all(rule.groups):
        raise ModelError(f"equal sums join 2 to {MAX_GROUPS} groups of cells")
    cells = rule.cells
    if len(set(cells)) != len(cells):
        twice = next(c for c in cells if cells.count(c) > 1)
        raise ModelError(f"{where(p, rule)}: {p.name(twice)} is in two of its groups")
    if rule.text:
        raise ModelError(f"{where(p, rule)}: equal sums take no number")


def _check_contains(p: Variant, rule: Rule) -> None:
    cells = _one_group(p, rule, 1)
    digits = [digit_of(ch, p.first) for ch in rule.text]
    if not digits or any(not 1 <= d <= p.size for d in digits):
        raise ModelError(f"{where(p, rule)} lists digits of {p.digit(1)} to "
                         f"{p.digit(p.size)}")
    if len(digits) > len(cells):
        raise ModelError(f"{where(p, rule)} lists {len(digits)} digits for {len(cells)} "
                         f"cell{'s' if len(cells) > 1 else ''}")


def _check_either(p: Variant, rule: Rule) -> None:
    if not 2 <= len(rule.parts) <= MAX_PARTS or rule.text:
        raise ModelError(f"an or of rules joins 2 to {MAX_PARTS} rules")
    for part in rule.parts:
        kind = RULE_RECORDS.get(part.kind)
        if kind is None or part.kind == "either":
            raise ModelError(f"an or of rules joins the rules {', '.join(RULE_KINDS_BY_WORD)}"
                             f", not {part.kind!r}")
        kind.check(p, part)


# --- how each holds and compiles ------------------------------------------------------------

def _digits(values, cells) -> list[int]:
    return [values[c] for c in cells]


def _relation_holds(p: Variant, rule: Rule, values) -> bool:
    fits, d = formula.holds(rule.text, p.size, p.first), _digits(values, rule.cells)
    return all(fits(a, b) for a, b in zip(d, d[1:], strict=False))


def _pairs_holds(p: Variant, rule: Rule, values) -> bool:
    fits, d = formula.holds(rule.text, p.size, p.first), _digits(values, rule.cells)
    return all(fits(a, b) for i, a in enumerate(d) for b in d[i + 1:])


def _pattern_holds(p: Variant, rule: Rule, values) -> bool:
    return pattern.for_size(rule.text, p.size, p.first).matches(_digits(values, rule.cells))


def _sums_holds(p: Variant, rule: Rule, values) -> bool:
    return len({sum(_digits(values, g)) - len(g) * p.shift for g in rule.groups}) == 1


def _contains_holds(exact: bool) -> Callable:
    def holds(p: Variant, rule: Rule, values) -> bool:
        held = Counter(_digits(values, rule.cells))
        wanted = Counter(digit_of(ch, p.first) for ch in rule.text)
        return all(held[d] == k if exact else held[d] >= k for d, k in wanted.items())
    return holds


def _ties(every: bool) -> Callable:
    def made(p: Variant, rule: Rule) -> list:
        cells, relation = rule.cells, f"rule {rule.text}"
        pairs = ([(a, b) for i, a in enumerate(cells) for b in cells[i + 1:]] if every
                 else list(zip(cells, cells[1:], strict=False)))
        return [lines.Tie(a, b, relation, p.size, rule, p.first) for a, b in pairs]
    return made


def _automaton(p: Variant, rule: Rule) -> list:
    prop = lines.Automaton(rule.cells, pattern.for_size(rule.text, p.size, p.first), p.size)
    prop.source = rule
    return [prop]


def _sums(p: Variant, rule: Rule) -> list:
    n = p.size
    distinct = [1 < len(g) and comb(n, len(g)) <= propagators.COMBOS_UP_TO
                and _see_each_other(p, g) for g in rule.groups]
    return [lines.EqualSums(rule.groups, "sums", distinct, n, p.shift)]


def _contains(exact: bool) -> Callable:
    def made(p: Variant, rule: Rule) -> list:
        digits = tuple(digit_of(ch, p.first) for ch in rule.text)
        return [lines.Quadruple(rule.cells, digits, exact=exact, source=rule)]
    return made


class Either:
    """At least one of several rules holds: each rule's propagators are run on a copy of the
    candidates to a fixpoint of their own, and a cell keeps the digits some rule that still
    stands leaves it (none stands: a contradiction). Every cell decided, a rule stands
    exactly when a grid keeps it, as each propagator passes exactly such grids. The compiled
    engine's twin (shape `either`) runs each rule's handlers the same way, step for step."""

    __slots__ = ("cells", "options", "source")
    ROUNDS = 64  # a rule's own fixpoint, at most (each round narrows, or it ends)

    def __init__(self, cells, options, source):
        self.cells, self.options, self.source = tuple(cells), options, source

    def prune(self, cand):
        keep = None
        for props in self.options:
            trial = cand[:]
            if not self._stands(trial, props):
                continue
            if keep is None:
                keep = [trial[c] for c in self.cells]
            else:
                keep = [k | trial[c] for k, c in zip(keep, self.cells, strict=True)]
        if keep is None:
            return None
        changed = []
        for c, m in zip(self.cells, keep, strict=True):
            if cand[c] != m:
                cand[c] = m
                changed.append(c)
        return changed

    def _stands(self, trial, props) -> bool:
        for _ in range(self.ROUNDS):
            narrowed = False
            for prop in props:
                found = prop.prune(trial)
                if found is None:
                    return False
                narrowed = narrowed or bool(found)
            if not narrowed:
                break
        return all(trial[c] for c in self.cells)


def _either(p: Variant, rule: Rule) -> list:
    options = [RULE_RECORDS[part.kind].compile(p, part) for part in rule.parts]
    return [Either(rule.cells, options, rule)]


def _either_holds(p: Variant, rule: Rule, values) -> bool:
    return any(RULE_RECORDS[part.kind].holds(p, part, values) for part in rule.parts)


def _either_facts(board, prop, trial) -> dict:
    titles = " or ".join(f"the {RULE_RECORDS[part.kind].title} at {board.name(part.cells[0])}"
                         for part in prop.source.parts)
    return {"rules": titles}


# --- what the logic says of them ------------------------------------------------------------

def _tie_facts(board, prop, trial) -> dict:
    return {"rule": where(board.p, prop.source), "a": board.name(prop.a),
            "b": board.name(prop.b), "formula": formula.pretty(prop.source.text)}


def _pattern_facts(board, prop, trial) -> dict:
    return {"rule": where(board.p, prop.source), "pattern": prop.source.text}


def _sums_facts(board, prop, trial) -> dict:
    totals = -1
    for group in prop.groups:
        totals &= lines.sums_of(trial, group)
    sums = [s for s in range(totals.bit_length()) if totals >> s & 1]
    return {"groups": " | ".join(board.names_of(g) for g in prop.groups),
            "totals": ", ".join(map(str, sums))}


def _contains_facts(board, prop, trial) -> dict:
    return {"cells": board.names_of(prop.cells),
            "digits": ", ".join(board.p.digit(d) for d in prop.digits)}


# --- the records ----------------------------------------------------------------------------

_LEGEND = ("a digit stands for itself, . for any digit, [1-4] for one of 1 to 4, x|y for x or "
           "y, x* for x any number of times, x+ for x once or more, x? for x at most once")
_LEGEND_JA = ("数字はその数字、.は任意の数字、[1-4]は1〜4のどれか、x|yはxかy、x*はxの0回以上の"
              "繰り返し、x+は1回以上、x?は0回か1回を表します")
_NFA = ("; an nfa moves from state to state (from:digits>to) from its start= and must end in "
        "an accept= state")
_NFA_JA = ("。nfaはstart=の状態から、数字ごとに「元:数字>先」の規則で状態を移り、accept=の"
           "状態で終わります")


def legend(p: Variant) -> dict:
    """The pattern language in words (an automaton's form too, where the puzzle has one)."""
    nfa = any(pattern.is_nfa(r.text) for r in every_rule(p) if r.kind == "pattern")
    return {"legend": _LEGEND + (_NFA if nfa else ""),
            "legend_ja": _LEGEND_JA + (_NFA_JA if nfa else "")}


def _formula_ties(name: str, title: str, glyph: str, words: Words, check, every: bool,
                  holds, **more) -> RuleKind:
    """A kind whose formula ties two cells at a time (`every` two of a group, else each cell
    and the next on a line): the formula is its label, the tie its logic's step."""
    tie = f"Tie {name}"
    return RuleKind(name, title, glyph, words, check, _ties(every), holds,
                    lambda rule, lang: formula.pretty(rule.text, lang),
                    steps={tie: Step(title, 1.8, "{rule} says {a} and {b} keep {formula}")},
                    facts={tie: _tie_facts}, normal=formula.normal, **more)


RULE_RECORDS.update({kind.name: kind for kind in (
    _formula_ties(
        "relation", "relation line", "~",
        Words("Relation Lines", "関係線",
              "Along a line with a rule written by its dotted end, each digit a and the next "
              "digit b (going away from the dot) keep the rule: {rules}.",
              "式の書かれた線上では、点のある端から順に隣り合う数字a、b(aが点に近い方)が"
              "その式を満たします:{rules_ja}。"),
        _check_relation, False, _relation_holds),
    _formula_ties(
        "pairs", "pairs rule", "≈",
        Words("Pair Rules", "ペアルール",
              "Any two digits in a dotted outline with a rule written in its corner keep the "
              "rule, a being the one first in reading order (left to right, then top to "
              "bottom): {rules}.",
              "式の書かれた点線の枠内のどの2つの数字もその式を満たします(aは左から右、上から"
              "下に読んで先のマス):{rules_ja}。"),
        _check_pairs, True, _pairs_holds,
        arrange=lambda groups: tuple(tuple(sorted(g)) for g in groups), outline=True),
    RuleKind(
        "pattern", "pattern line", "§",
        Words("Pattern Lines", "パターン線",
              "The digits along a line with a pattern written by its dotted end, read from the "
              "dot, follow the pattern ({legend}): {rules}.",
              "パターンの書かれた線上の数字は、点のある端から読んでそのパターンに従います"
              "({legend_ja}):{rules_ja}。"),
        _check_pattern, _automaton, _pattern_holds, lambda rule, lang: rule.text,
        steps={"Automaton pattern": Step("pattern line", 2.3,
                                         "the digits along {rule} follow {pattern}")},
        facts={"Automaton pattern": _pattern_facts}, normal=pattern.normal),
    RuleKind(
        "sums", "equal sums", "=",
        Words("Equal Sums", "等和",
              "Dotted outlines marked with the same letter (=A) hold digits with the same sum.",
              "同じ文字(=A)の書かれた点線の枠の中の数字の和はすべて等しくなります。"),
        _check_sums, _sums, _sums_holds, lambda rule, lang: "",
        steps={"EqualSums sums": Step("equal sums", 2.4,
                                      "the groups {groups} add up to the same total "
                                      "({totals})")},
        facts={"EqualSums sums": _sums_facts}, outline=True),
    RuleKind(
        "contains", "multiset", "∈",
        Words("Contains", "数字指定",
              "A dotted outline with digits in its corner holds each of those digits exactly "
              "as often as written.",
              "数字の書かれた点線の枠の中には、その数字が書かれた回数ちょうど入ります。"),
        _check_contains, _contains(True), _contains_holds(True),
        lambda rule, lang: rule.text,
        steps={"Quadruple contains": Step("contains", 2.0,
                                          "{cells} hold exactly {digits} among them")},
        facts={"Quadruple contains": _contains_facts},
        normal=lambda text: "".join(sorted(text.upper(), key=DIGITS.find)), outline=True),
    RuleKind(
        "atleast", "at-least multiset", "∋",
        Words("Contains At Least", "数字指定(以上)",
              "A dotted outline with digits and a + in its corner holds each of those digits "
              "at least as often as written.",
              "数字と+の書かれた点線の枠の中には、その数字が書かれた回数以上入ります。"),
        _check_contains, _contains(False), _contains_holds(False),
        lambda rule, lang: rule.text + "+",
        steps={"Quadruple atleast": Step("contains at least", 2.0,
                                         "{cells} hold at least {digits} among them")},
        facts={"Quadruple atleast": _contains_facts},
        normal=lambda text: "".join(sorted(text.upper(), key=DIGITS.find)), outline=True),
)})
RULE_KINDS_BY_WORD = tuple(RULE_RECORDS)  # the kinds an or joins (before `either` joins them)
RULE_RECORDS["either"] = RuleKind(
    "either", "or of rules", "?",
    Words("Or", "いずれか",
          "Of the rules marked with the same letter in brackets ([A]), at least one holds; "
          "the others need not.",
          "同じ文字の括弧([A])の付いた条件のうち、少なくとも1つが成り立ちます(ほかは成り立たな"
          "くてもかまいません)。"),
    _check_either, _either, _either_holds, lambda rule, lang: "",
    steps={"Either either": Step("or of rules", 2.6, "{rules} holds, one at least")},
    facts={"Either either": _either_facts})
RULE_KINDS: dict[str, RuleKind] = RULE_RECORDS
