"""Rules no kind names as text, words and drawings: the formula and pattern languages (parsed,
never evaluated; each error with its column), the text format's lines (read, written back,
errors with line and column), the rules sentence in English and Japanese, print (the rule
written beside its line or outline), links that cannot carry them refusing them by name, and
the command line."""

import itertools
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from core.errors import ParseError
from core.export import export_svg
from core.variants import formats, formula, model, pattern, wording
from core.variants.engine import count
from core.variants.family import VARIANTS
from core.variants.model import ModelError, make

SAMPLE = """kind: variants
title: Rules of our own
. . . . . .
. . . . . .
. 4 . . . .
2 . . . . .
. . . 3 . .
. . . . . .
relation: r1c1 r1c2 r1c3 r1c4 abs(a-b) >= 2
pairs: r2c1 r3c1 r4c1 a + b != 7
pattern: r2c6 r3c6 r4c6 r5c6 r6c6 1[2-4]6[3-5]2
sums: r5c1 r6c1 | r5c2 r6c2
contains: r3c3 r3c4 r4c3 r4c4 23
"""
SOLUTION = "136425452631645213213546521364364152"
NS = "{http://www.w3.org/2000/svg}"


def parse_error(line: str) -> ParseError:
    with pytest.raises(ParseError) as caught:
        formats.parse(f"kind: variants\nsize: 4\n{line}\n")
    return caught.value


# --- the formula language -------------------------------------------------------------------

@pytest.mark.parametrize("text", ["abs(a-b) >= 4", "a + b == 10", "a < b", "a % 2 != b % 2",
                                  "not (a == 1 or b == 1) and a != b", "1 <= a - b < 3",
                                  "max(a, b, 3) - min(a, b) == 4", "a * 2 // 3 > b - -1"])
def test_a_formula_holds_where_python_says_it_does(text):
    test = formula.parse(text)
    for a, b in itertools.product(range(1, 10), repeat=2):
        expected = eval(text, {"__builtins__": {}},  # noqa: S307 - the test's own text
                        {"a": a, "b": b, "abs": abs, "min": min, "max": max})
        assert test(a, b) == bool(expected), (a, b)


@pytest.mark.parametrize(("text", "column", "words"), [
    ("__import__('os').system('true')", 1, "the functions are abs, min, max"),
    ("a.real > 1", 1, "an attribute"),
    ("a ** 2 > b", 1, "**"),
    ("a / b == 2", 1, "/ (whole division is //)"),
    ("a + b", 1, "a number where a test belongs"),
    ("(a < b) + 1 > 0", 2, "a test where a number belongs"),
    ("a < c", 5, "unknown name 'c'"),
    ("a < 1.5", 5, "numbers are whole"),
    ("b if a else a", 1, "if/else"),
    ("[a][0] == b", 1, "indexing"),
    ("a < 'x'", 5, "numbers are whole"),
    ("a ＜ b", 3, "plain ASCII"),
    ("a <" * 100, 201, "at most 200 characters"),
    ("1and b", 1, "not a formula: invalid decimal literal"),
])
def test_a_formula_outside_the_language_is_refused_with_its_column(text, column, words):
    with pytest.raises(formula.FormulaError) as caught:
        formula.parse(text)
    assert words in caught.value.message and caught.value.column == column


def test_division_by_zero_rules_the_pair_out():
    test = formula.parse("a // (b - 2) == 0 or b == 2")
    assert test(1, 2) is False and test(1, 3) is False and test(1, 4) is True


def test_a_table_lists_the_pairs_a_then_b():
    assert formula.relation_table("table 12 21 34", 4) == ((2, 1, 8, 0), (2, 1, 0, 4))
    with pytest.raises(formula.FormulaError) as caught:
        formula.table_pairs("table 12 19", 4)
    assert caught.value.column == 10 and "'19'" in caught.value.message


# --- the pattern language -------------------------------------------------------------------

@pytest.mark.parametrize("text", ["(1|2)3*4", "[1-4]+", "1.?2", "(12|21)*", "[^5]{2,3}",
                                  "1{2}3?", "(1|)2", "((1|2)(3|4))+", ".*9.*", "[135]+[2-4]"])
def test_a_pattern_accepts_what_pythons_re_matches(text):
    auto = pattern.parse(text)
    python = re.compile(text.replace("[^5]", "[1-46-9]"))
    for k in range(6):
        for word in itertools.product(range(1, 10), repeat=k):
            assert auto.matches(word) == bool(python.fullmatch("".join(map(str, word))))


@pytest.mark.parametrize(("text", "column", "words"), [
    ("(12", 1, "`(` without its `)`"), ("12)", 3, "`)` without its `(`"),
    ("*1", 1, "repeats nothing"), ("[4-1]", 2, "a range runs"), ("1{17}", 2, "m <= n <= 16"),
    ("1 _", 3, "'_' is not part of a pattern"), ("[]", 1, "an empty class"),
    ("." * 64, 1, "at most 63 digits"), ("((()){16}){16}", 6, "writes no digit"),
    ("(" * 60 + "1" + ")" * 60, 51, "nested more than 50"),
])
def test_a_pattern_outside_the_language_is_refused_with_its_column(text, column, words):
    with pytest.raises(pattern.PatternError) as caught:
        pattern.parse(text)
    assert words in caught.value.message and caught.value.column == column


# --- the text format ------------------------------------------------------------------------

def test_the_sample_reads_counts_and_writes_back_the_same():
    p = formats.parse(SAMPLE)
    assert [r.kind for r in p.custom] == ["relation", "pairs", "pattern", "sums", "contains"]
    assert p.custom[0] == model.relation([0, 1, 2, 3], "abs(a-b) >= 2")
    assert p.custom[3] == model.equal_sums([[24, 30], [25, 31]])
    assert p.custom[4] == model.contains([14, 15, 20, 21], [2, 3])
    found = count(p, 2)
    assert found.count == 1 and "".join(map(str, found.solution)) == SOLUTION
    assert formats.parse(formats.format(p)) == p
    assert formats.parse(formats.format(p, "line")) == p


def test_each_constructor_and_its_text_line_make_one_rule():
    text = """kind: variants
size: 4
relation: r1c1 r1c2 table 12 21 34
contains atleast: r4c1 r4c2 r4c3 1 1
pairs: r3c3 r1c1 a != b
"""
    p = formats.parse(text.replace("1 1", "11"))
    assert p.custom == make(4, custom=[
        model.relation_table([0, 1], [(1, 2), (2, 1), (3, 4)]),
        model.contains([12, 13, 14], [1, 1], at_least=True),
        model.every_pair([10, 0], "a != b")]).custom
    assert p.custom[1].groups == ((0, 10),)  # every pair's cells in reading order
    assert "contains atleast: r4c1 r4c2 r4c3 11" in formats.format(p)


@pytest.mark.parametrize(("line", "column", "words"), [
    ("relation: r1c1 r1c2 a ** 2 > 1", 21, "**"),
    ("relation: r1c1 r1c2 b < c", 25, "unknown name 'c'"),
    ("relation: r1c1 r1c2", 20, "after the cells, a formula"),
    ("pattern: r1c1 r1c2 (12", 20, "`(` without its `)`"),
    ("pattern: r1c1 r1c2 9", 10, "9 is not a digit of a 4x4 grid of 1 to 4"),
    ("pattern: r1c1 r1c2 1 0", 10, "0 is not a digit of a 4x4 grid of 1 to 4"),
    ("relation: r1c1 r1c2 table 10 21", 11, "'10': a pair is two digits of 1 to 4"),
    ("contains: r1c1 r1c2 10", 11, "lists digits of 1 to 4"),
    ("contains: r1c1 r1c2 1x", 22, "'x': the digits held are written together"),
    ("contains foo: r1c1 1", 15, "`contains foo:` is not a rule"),
    ("sums: r1c1 r1c2", 7, "groups of cells split by |"),
    ("sums: r1c1 | r1c1", 7, "r1c1 is in two of its groups"),
    ("pairs: r1c1 r1c1 a<b", 8, "passes through r1c1 twice"),
    ("contains: r1c1 122", 11, "lists 3 digits for 1 cell"),
    ("relation 3: r1c1 r1c2 a<b", 10, "takes no number"),
    ("relation: r1c1 r1c2 table 15", 11, "'15': a pair is two digits of 1 to 4"),
])
def test_a_rule_line_that_cannot_be_says_where(line, column, words):
    error = parse_error(line)
    assert words in error.message and (error.line, error.column) == (3, column)


def test_a_rule_of_unknown_kind_is_refused_by_name():
    with pytest.raises(ModelError, match="unknown kind of rule 'neither'"):
        make(4, custom=[model.Rule("neither", ((0, 1),), "")])


# --- words, print, links --------------------------------------------------------------------

def test_the_rules_are_said_in_english_and_japanese():
    p = formats.parse(SAMPLE)
    english, japanese = wording.rules_text(p), wording.rules_text(p, "ja")
    english, japanese = (t.replace("\u00a0", " ") for t in (english, japanese))  # unbroken
    assert "each digit a and the next digit b" in english and "|a−b| ≧ 2" in english
    assert "a + b ≠ 7" in english and "1[2-4]6[3-5]2" in english
    assert "same letter (=A)" in english and "exactly as often as written" in english
    assert "隣り合う数字a、b" in japanese and "|a−b| ≧ 2" in japanese
    assert "書かれた回数ちょうど" in japanese and "パターン" in japanese
    table = make(4, custom=[model.relation_table([0, 1], [(1, 2)])])
    assert "(a,\u00a0b)\u00a0one\u00a0of\u00a012" in wording.rules_text(table)
    assert "(a,\u00a0b)は12のいずれか" in wording.rules_text(table, "ja")


def test_print_draws_each_rule_with_its_rule_beside_it():
    root = ET.fromstring(export_svg(VARIANTS, formats.parse(SAMPLE)))
    said = [e.text for e in root.iter(NS + "text")]
    assert {"|a−b| ≧ 2", "a + b ≠ 7", "1[2-4]6[3-5]2", "23"} <= set(said)
    assert said.count("=A") == 2  # both groups of the equal sums lettered alike
    dotted = [e for e in root.iter(NS + "path") if e.get("stroke-dasharray")]
    assert len(dotted) >= 4  # the pairs, both sums groups and the multiset outlined


def test_a_link_that_cannot_carry_a_rule_refuses_it_by_name():
    from core.variants import fpuzzles

    with pytest.raises(ModelError, match="cannot carry rule contains, rule pairs"):
        fpuzzles.write(formats.parse(SAMPLE))


def test_the_command_line_counts_prints_and_refuses(tmp_path):
    path = tmp_path / "rules.txt"
    path.write_text(SAMPLE)
    run = [sys.executable, "-m", "cli"]
    done = subprocess.run([*run, "solve", str(path)], capture_output=True, text=True)
    assert done.returncode == 0 and "1 3 6 4 2 5" in done.stdout
    bad = tmp_path / "bad.txt"
    bad.write_text(SAMPLE.replace("abs(a-b) >= 2", "abs(a-b) >= 2 or open('x')"))
    done = subprocess.run([*run, "check", str(bad)], capture_output=True, text=True)
    assert done.returncode == 2 and "line 9, column 48" in done.stderr
    assert "Traceback" not in done.stderr
    done = subprocess.run([*run, "export", str(path), "--to", "fpuzzles", "-o", "-"],
                          capture_output=True, text=True)
    assert done.returncode == 2 and "cannot carry rule" in done.stderr


def test_an_automaton_given_as_it_is_counts_as_its_pattern(engine):
    """ISS's NFA as our rule: start anywhere, moves by digit sets; the same language as the
    pattern it was drawn from, so the same count on both engines."""
    moves = [(3, [1, 2], 1), (1, [3], 1), (1, [4], 0), (0, [1, 2, 3, 4], 0)]
    given = model.automaton([0, 1, 2, 3, 4], 3, [0], moves)
    assert given.text == "nfa start=3 accept=0 3:12>1 1:3>1 1:4>0 0:1234>0"
    auto, regex = pattern.parse(given.text), re.compile("[12]3*4[1-4]*")
    for k in range(6):
        for word in itertools.product(range(1, 6), repeat=k):
            assert auto.matches(word) == bool(regex.fullmatch("".join(map(str, word))))
    line = [0, 1, 7, 8, 14]
    as_nfa = make(6, custom=[model.automaton(line, 3, [0], moves)])
    as_pattern = make(6, custom=[model.pattern(line, "[12]3*4[1-4]*")])
    assert formats.parse(formats.format(as_nfa)) == as_nfa
    assert count(as_nfa, 5000).count == count(as_pattern, 5000).count > 0


@pytest.mark.parametrize(("text", "column", "words"), [
    ("nfa start=0 0:1>1", 1, "names its start= and accept= states"),
    ("nfa start=0 accept=1 0:1>99", 22, "a move is FROM:DIGITS>TO"),
    ("nfa start=a accept=1", 5, "start= names a state 0 to 63"),
])
def test_an_automaton_outside_its_form_is_refused_with_its_column(text, column, words):
    with pytest.raises(pattern.PatternError) as caught:
        pattern.parse(text)
    assert words in caught.value.message and caught.value.column == column


def test_an_or_of_rules_reads_writes_draws_and_says_itself():
    text = ("kind: variants\nsize: 4\neither: relation: r1c1 r1c2 a < b || "
            "pattern: r1c1 r1c2 41\n")
    p = formats.parse(text)
    assert p.custom == make(4, custom=[model.either(model.pattern([0, 1], "41"),
                                                    model.relation([0, 1], "a < b"))]).custom
    assert "either: relation: r1c1 r1c2 a < b || pattern: r1c1 r1c2 41" in formats.format(p)
    said = [e.text for e in ET.fromstring(export_svg(VARIANTS, p)).iter(NS + "text")]
    assert {"[A] a < b", "[A] 41"} <= set(said)
    assert "at least one holds" in wording.rules_text(p)
    assert "少なくとも1つが成り立ちます" in wording.rules_text(p, "ja")
    error = parse_error("either: relation: r1c1 r1c2 a < b || foo: r1c1")
    assert (error.line, error.column) == (3, 38) and "either: RULE || RULE" in error.message
    assert "joins two rules or more" in parse_error("either: pattern: r1c1 12").message
    many = " || ".join(["pattern: r1c1 1"] * 17)
    assert "joins 2 to 16 rules" in parse_error(f"either: {many}").message


def test_the_logic_names_each_rule_in_its_steps():
    from core.variants import logic

    rating = logic.rate(formats.parse(SAMPLE))
    used = {step.technique for step in rating.steps}
    assert {"relation line", "pairs rule", "pattern line", "contains"} <= used
    said = [step.text for step in rating.steps]
    assert any("the pattern line at r2c6 follow 1[2-4]6[3-5]2" in t for t in said)
    assert any("keep a + b ≠ 7" in t for t in said)
    assert not any("the the" in t for t in said)
    either = formats.parse(
        "kind: variants\n. . . 4 . 6\n. 4 . . . .\n. 6 . . 4 .\n. . . 1 . 5\n. . . . . .\n"
        ". . . . . 4\nsums: r3c3 r3c4 | r4c3 r4c4 | r6c1\n"
        "either: relation: r1c1 r1c2 r1c3 a < b || pattern: r1c1 r1c2 r1c3 [4-6]+\n")
    steps = logic.rate(either).steps
    assert any(s.technique == "or of rules" and "the relation line at r1c1 or the pattern "
               "line at r1c1 holds" in s.text for s in steps)
