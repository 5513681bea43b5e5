"""Grids of digits 0 to N-1 (model.Variant.first = 0; ISS's `Shape~9x9~0-8`): every kind the
engines read there counted on both engines against every 4x4 grid of digits 0-3, each rule
stated again here on the digits as shown (tests/core/variants/helpers.py's plain statements
and test_custom_rules.rule_ok, given the grid less one a cell), the clues drawn from a random
grid as shown so most puzzles keep some solutions. Givens, candidates, quadruples' digits and
indexers are held as 1..N whatever the grid shows (they name digits, not amounts)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from core.variants import model
from core.variants.engine import count
from core.variants.model import ModelError, Rule, make
from core.variants.shapes import Arrow, Cage, Sandwich
from tests.core.variants import helpers
from tests.core.variants.test_custom_rules import ALL_4, rule_ok

# the kinds of helpers.constraint_parts whose clues are amounts or relations of the digits
SHOWN_KINDS = ("diagonal", "antiknight", "antiking", "disjoint", "jigsaw", "extra", "evenodd",
               "white", "black", "bar", "x", "v", "nonconsecutive", "less", "cage",
               "cage-nosum", "little", "thermo", "arrow",
               *(k for k in helpers.LINE_KINDS_HERE if k != "entropic"),
               "white-k", "black-k", "clone", "minmax")
# the kinds whose clue names digits (the helpers' statement of entropic lines indexes by the
# digit from 1: the lowest third)
HELD_KINDS = ("candidates", "quad", "entropic")
ORDER_LINES = ("entropic",)
RULE_KINDS = ("relation", "pairs", "pattern", "sums", "contains", "atleast")
FORMULAS = ("a < b", "a + b == 3", "abs(a - b) >= 2", "a * b == 0 or a > b", "a % 2 != b % 2",
            "a + b <= 3", "b == 2 * a or a == 2 * b")


def shown(g) -> tuple[int, ...]:
    return tuple(v - 1 for v in g)


def keeps(p, g) -> bool:
    """The plain statements: amounts and relations on the grid as shown, what names a digit
    (candidates, quadruples, indexers) on the grid as held."""
    order = [line for line in p.lines if line.kind in ORDER_LINES]
    by_name = replace(p, candidates=(), quads=(), indexers=(), custom=(), outside=(),
                      lines=tuple(line for line in p.lines if line not in order))
    named = make(p.size, regions=p.regions, candidates=p.candidates, quads=p.quads,
                 indexers=p.indexers, outside=p.outside, lines=order)
    return (helpers.satisfied(by_name, shown(g)) and helpers.satisfied(named, g)
            and all(rule_ok(p, r, shown(g)) for r in p.custom))


def brute(p) -> int:
    """Every grid of the boxes (ALL_4) that keeps the givens and every rule."""
    return sum(1 for g in ALL_4 if all(v == 0 or g[i] == v for i, v in enumerate(p.givens))
               and keeps(p, g))


def _rule(kind: str, s, rng: random.Random, n: int = 4) -> Rule | None:
    """A rule no kind names drawn from the grid s as shown (digits 0 to n-1)."""
    if kind in ("relation", "pairs"):
        cells = helpers._touching_path(n, rng, rng.randint(2, 4)) if kind == "relation" else (
            rng.sample(range(n * n), rng.randint(2, 3)))
        kept = [f for f in FORMULAS if rule_ok(make(n), Rule(kind, (tuple(cells),), f), s)]
        if kept and rng.random() < 0.7:
            return Rule(kind, (tuple(cells),), rng.choice(kept))
        d = [s[c] for c in cells]
        pairs = set(zip(d, d[1:], strict=False)) | {(rng.randrange(n), rng.randrange(n))
                                                     for _ in range(3)}
        if kind == "pairs":
            pairs |= {(a, b) for i, a in enumerate(d) for b in d[i + 1:]}
        return Rule(kind, (tuple(cells),), "table " + " ".join(f"{a}{b}" for a, b in pairs))
    if kind == "pattern":
        cells = helpers._touching_path(n, rng, rng.randint(2, 5))
        parts = []
        for d in (s[c] for c in cells):
            pick = rng.random()
            parts.append(str(d) if pick < 0.4 else "." if pick < 0.55 else
                         f"[{max(0, d - 1)}-{min(n - 1, d + 1)}]" if pick < 0.8 else
                         f"({d}|{rng.randrange(n)})")
        return model.pattern(cells, "".join(parts))
    if kind == "sums":
        first = rng.sample(range(n * n), rng.randint(1, 2))
        total = sum(s[c] for c in first)
        for _ in range(200):
            other = rng.sample([c for c in range(n * n) if c not in first], rng.randint(1, 3))
            if sum(s[c] for c in other) == total:
                return model.equal_sums([first, other])
        return None
    cells = rng.sample(range(n * n), rng.randint(2, 4))
    digits = rng.sample([s[c] for c in cells], rng.randint(1, len(cells)))
    return Rule(kind, (tuple(cells),), "".join(map(str, sorted(digits))))


def puzzle(kind: str, rng: random.Random, givens: int, n: int = 4):
    """A puzzle of digits 0 to n-1 with clues of one kind, drawn from a random grid (also
    the differential corpus's, tests/core/variants/corpus.py)."""
    s = helpers.solution_grid(n, rng)  # held, 1..n
    if kind in RULE_KINDS:
        rules = [r for r in (_rule(kind, shown(s), rng, n) for _ in range(2)) if r]
        parts = {"custom": rules}
    else:
        parts = helpers.constraint_parts(kind, n, shown(s) if kind in SHOWN_KINDS else s, rng)
    regions = parts.pop("regions", None)
    p = make(n, None, regions, first=0, **parts)
    cells = set(rng.sample(range(n * n), givens))
    return p.with_givens(s[c] if c in cells else 0 for c in range(n * n)), s


def brute_jigsaw(p) -> int:
    """A jigsaw's grids are not ALL_4's: enumerated by the helpers' own brute force, on a copy
    whose rules are stated on held digits (a jigsaw alone carries none)."""
    return helpers.brute_count(p)


@pytest.mark.parametrize("kind", SHOWN_KINDS + HELD_KINDS + RULE_KINDS)
def test_each_kind_counts_as_every_grid_of_0_to_3_says(kind, engine):
    rng = random.Random(f"from zero {kind}")
    for _ in range(12):
        p, _s = puzzle(kind, rng, rng.randint(0, 3))
        want = brute_jigsaw(p) if kind == "jigsaw" else brute(p)
        assert count(p, 300).count == want, (kind, p)


def test_an_or_of_rules_counts_on_digits_from_0(engine):
    rng = random.Random("from zero either")
    for _ in range(12):
        s = shown(helpers.solution_grid(4, rng))
        parts = [r for r in (_rule(k, s, rng) for k in rng.sample(RULE_KINDS, 3)) if r]
        if len(parts) < 2:
            continue
        p = make(4, first=0, custom=[model.either(*parts)])
        assert count(p, 300).count == brute(p), p.custom


def test_shown_digits_mean_what_they_say():
    """A cage of two cells adding up to 1 on a 4x4 of 0-3 holds 0 and 1 (held 1 and 2); a
    black dot's 0 pairs with 0 only, so two neighbours (which differ) never carry one with a
    0; an even cell holds 0 or 2 (held 1 or 3)."""
    p = make(4, first=0, cages=[Cage((0, 1), 1)])
    found = count(p, 300)
    assert found.count == brute(p) > 0
    assert all({g[0], g[1]} == {1, 2} for g in found.solutions)
    p = make(4, first=0, even=[5], odd=[6])
    assert all(g[5] in (1, 3) and g[6] in (2, 4) for g in count(p, 300).solutions)
    p = make(4, first=0, marks=[model.Mark("black", 0, 1)])
    assert all(1 not in (g[0], g[1]) for g in count(p, 300).solutions)
    assert count(p, 300).count == brute(p) > 0


@pytest.mark.parametrize("parts, words", [
    ({"sandwiches": [Sandwich("row", 0, 3)]}, "a sandwich clue on a grid of digits 0 "
                                                    "to 3 is not read yet"),
    ({"outside": [model.Outside("xsum", "row", 0, False, 3)]}, "an X-sum clue on a grid"),
    ({"arrows": [Arrow((0, 1), (2, 3, 6))]}, "an arrow with a pill on a grid of digits 0"),
    ({"indexers": [("row", 0)]}, "an indexer on a grid of digits 0 to 3 is not read yet"),
    ({"outside": [model.Outside("skyscraper", "row", 0, False, 2)]},
     "a skyscraper clue on a grid of digits 0 to 3 is not read yet"),
])
def test_what_is_not_read_on_digits_from_0_is_refused_by_name(parts, words):
    with pytest.raises(ModelError, match=words):
        make(4, first=0, **parts)


def test_digits_start_at_0_or_1():
    with pytest.raises(ModelError, match="digits start at 0 or 1, not 2"):
        make(4, first=2)


# --- the text format ---------------------------------------------------------------------------

ZERO_TEXT = """kind: variants
digits: 0-3
0 . | . .
. . | . 1
----+----
. . | . .
. . | . .
cage 5: r2c1 r2c2
candidates: r4c4=01
quad: r3c1=02
relation: r3c3 r3c4 a + b >= 3
pattern: r4c1 r4c2 [2-3]2
contains: r1c3 r1c4 2
"""  # kept by 0123 / 2301 / 1032 / 3210


def test_the_text_format_reads_and_writes_digits_from_0():
    from core.variants import formats

    p = formats.parse(ZERO_TEXT)
    assert p.first == 0 and p.givens[0] == 1 and p.givens[7] == 2  # 0 and 1, held
    assert p.candidates == ((15, 0b11),) and p.quads[0].digits == (1, 3)
    text = formats.format(p)
    assert "digits: 0-3\n0 . . .\n. . . 1\n" in text and "quad: r3c1=02" in text
    assert formats.parse(text) == p
    assert count(p, 300).count == brute(p) > 0


@pytest.mark.parametrize("change, message, line, column", [
    (("digits: 0-3", "digits: 0-4"), "digits 0-4: a 4x4 grid holds 4 digits, 0 to 3", 2, 9),
    (("digits: 0-3", "digits: 2-5"), "'2-5' is not read: a grid's digits run from 0", 2, 9),
    (("0 . | . .", "4 . | . ."), "symbol '4' is not one of the 4 of a 4x4 grid (. is a blank",
     3, 1),
    (("cage 5:", "cage 6:"), "a cage of 2 cells at r2c1 adds up to 1 to 5, not 6", 8, 9),
    (("quad: r3c1=02", "quad: r3c1=04"), "'4' is not a digit of a 4x4 grid", 10, 7),
    (("contains: r1c3 r1c4 2", "sandwich row 1: 3"), "a sandwich clue on a grid of digits 0 "
                                                      "to 3 is not read yet", 13, 17),
])
def test_digits_from_0_errors_name_line_and_column(change, message, line, column):
    from core.errors import ParseError
    from core.variants import formats

    with pytest.raises(ParseError) as error:
        formats.parse(ZERO_TEXT.replace(*change))
    assert message in str(error.value)
    assert (error.value.line, error.value.column) == (line, column)


# --- ISS links ---------------------------------------------------------------------------------

def test_an_iss_string_of_digits_from_0_reads_as_iss_means_it():
    """Givens, cage sums, quadruples and multisets as shown; a pair table by ISS's key over
    its value indices (0 is the first); a pattern of shown digits."""
    from core.variants import iss

    lt = iss.binary_key(lambda x, y: x < y, 4)  # indices: 0 < 1 < 2 < 3 as much as 1 < 2 ...
    text = (".Shape~4x4~0-3.~R1C1_0~R4C4_0_1.Cage~5~R2C1~R2C2.Quad~R3C1~0~2"
            f".ContainExact~2~R1C3~R1C4.Pair~{lt}~R3C4~R3C3.BlackDot~R1C2~R2C2")
    p = iss.read(text)
    assert p.first == 0 and p.givens[0] == 1 and p.candidates == ((15, 0b11),)
    assert p.cages[0].total == 5 and p.quads[0].digits == (1, 3)
    assert p.custom[-1].text == "2" and p.marks[0].kind == "black"
    assert count(p, 300).count == brute(p) > 0
    assert iss.read(iss.write(p)) == p and iss.write(p).startswith(".Shape~4x4~0-3.")


@pytest.mark.parametrize("kind", [k for k in SHOWN_KINDS + HELD_KINDS + RULE_KINDS
                                  if k != "entropic"])
def test_every_kind_on_digits_from_0_round_trips_through_an_iss_link(kind):
    from core.variants import iss

    rng = random.Random(f"zero iss {kind}")
    for _ in range(4):
        p, _s = puzzle(kind, rng, rng.randint(0, 3))
        text = iss.write(p)
        assert text.startswith(".Shape~4x4~0-3")
        back = iss.read(text)
        assert back.first == 0
        assert set(count(back, 300).solutions) == set(count(p, 300).solutions)


# --- print and the other writers ---------------------------------------------------------------

def test_print_shows_the_digits_from_0_and_says_them():
    """Givens, the answer, a quadruple and given candidates as written; the rules sentence
    names the digits 0 to 3."""
    from core.export import export_pdf  # noqa: F401  (print's module loads)
    from core.variants import formats, wording
    from tests.core.variants.test_drawing import svg, texts

    p = formats.parse(ZERO_TEXT)
    shown = texts(svg(p))
    assert "0" in shown and "02" in shown and "01" in shown  # r1c1, the quad, r4c4's
    answer = count(p, 2).solutions[0]
    assert "3" in texts(svg(p, answer)) and "4" not in texts(svg(p, answer))
    assert "Place the digits 0 to 3 once each" in wording.rules_text(p)


@pytest.mark.parametrize("to", ["fpuzzles", "sudokupad"])
def test_links_that_cannot_say_digits_from_0_refuse_by_name(to):
    from core.variants import formats, links

    with pytest.raises(ModelError, match="cannot carry digits from 0"):
        links.write(formats.parse(ZERO_TEXT), to)


def test_the_logic_says_digits_and_sums_as_shown():
    """A 0-3 grid's steps name the digits as written: the cage of two cells adding up to 5
    holds 23 (held 34); an arrow there (a signed sum) is a step too (it had none)."""
    from core.variants.logic import solve_logically

    p = make(4, (1,) + (0,) * 15, first=0, cages=[Cage((4, 5), 5)],
             arrows=[Arrow((15,), (14, 10))])
    steps, _ = solve_logically(p)
    said = " ".join(step.text for step in steps)
    assert "can only hold 23" in said and "34" not in said
    assert any(step.technique == "arrow" for step in steps)
    assert "≠ 0" in said or "= 0" in said
