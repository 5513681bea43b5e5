"""ISS's generic constraints (core/variants/iss.py, core/variants/iss_generic.py) read as the
workbench's rules no kind names and written back. Each ISS type is stated here in ISS's own
terms, independently of the reader: a pair key decoded bit by bit here, an automaton encoded
here as ISS's NFASerializer writes it (both its formats) and run here, a pattern by Python's
`re`, sum lines cut here, and counted against every 4x4 grid on both engines. The real ISS
puzzles using them count to their published solutions in test_iss.py; bench_iss_links.py
counts every ISS example against ISS itself."""

from __future__ import annotations

import base64
import itertools
import random
import re
from collections import Counter

import pytest

from core import kinds
from core.variants import engine, iss, iss_generic, model
from core.variants.model import make
from tests.core.variants.test_custom_rules import ALL_4

B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
N = 4


def ids(cells) -> str:
    return "~".join(f"R{c // N + 1}C{c % N + 1}" for c in cells)


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def count_4(text: str) -> int:
    return engine.count(iss.read(text), 300).count


# --- ISS's meaning, stated here ----------------------------------------------------------

def key_of(pairs: set) -> str:
    """ISS's fnToBinaryKey: n*n bits, x major, six a character, least bit first."""
    bits = [(x, y) in pairs for x in range(1, N + 1) for y in range(1, N + 1)]
    chars = [sum(b << i for i, b in enumerate(bits[k:k + 6])) for k in range(0, len(bits), 6)]
    while chars and not chars[-1]:
        chars.pop()
    return "".join(B64[c] for c in chars)


def nfa_key(starts, accepts, moves, packed: bool) -> str:
    """ISS's NFASerializer, written out here: states renumbered starts first, then accepting,
    then the rest; a header, then each state's moves (plain: count, (symbol, target) pairs;
    packed: a mask of symbols, one target each)."""
    states = sorted({*starts, *accepts, *(m[0] for m in moves), *(m[2] for m in moves)})
    order = list(starts) + [s for s in states if s in accepts and s not in starts]
    order += [s for s in states if s not in order]
    new = {s: i for i, s in enumerate(order)}
    more = len([s for s in accepts if s not in starts])
    sb = max(1, (len(order) - 1).bit_length(), len(starts).bit_length(), more.bit_length())
    symbols = N
    out = [(1 if packed else 0, 2), (sb - 1, 4), (symbols - 1, 4), (len(starts), sb), (more, sb),
           (sum(1 << i for i, s in enumerate(starts) if s in accepts), len(starts))]
    by_state = {s: sorted((d, new[t]) for f, d, t in moves if f == s) for s in order}
    if packed:
        for s in order:
            out.append((sum(1 << (d - 1) for d, _ in by_state[s]), symbols))
            out += [(t, sb) for _, t in by_state[s]]
    else:
        cb = max(len(v) for v in by_state.values()).bit_length()
        out.append((cb, 4))
        for s in order:
            out.append((len(by_state[s]), cb))
            for d, t in by_state[s]:
                out += [(d - 1, (symbols - 1).bit_length()), (t, sb)]
    bits = "".join(format(v, f"0{w}b") if w else "" for v, w in out)
    bits += "0" * (-len(bits) % 8)
    data = int(bits, 2).to_bytes(len(bits) // 8, "big") if bits else b""
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def accepts(starts, final, moves, word) -> bool:
    now = set(starts)
    for d in word:
        now = {t for f, x, t in moves if f in now and x == d}
    return bool(now & set(final))


def cut(digits, total) -> bool:
    """The digits cut into runs each adding up to total."""
    if not digits:
        return True
    return any(sum(digits[:k]) == total and cut(digits[k:], total)
               for k in range(1, len(digits) + 1))


def random_line(rng, length):
    cells = [rng.randrange(N * N)]
    while len(cells) < length:
        r, c = divmod(cells[-1], N)
        steps = [(r + dr) * N + c + dc for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                 if 0 <= r + dr < N and 0 <= c + dc < N and (r + dr) * N + c + dc not in cells]
        if not steps:
            break
        cells.append(rng.choice(steps))
    return cells


# --- each type against every 4x4 grid ----------------------------------------------------

@pytest.mark.usefixtures("engine")
def test_pair_tables_count_as_iss_means_them():
    rng = random.Random(361)
    for _ in range(12):
        pairs = {(x, y) for x in range(1, N + 1) for y in range(1, N + 1) if rng.random() < 0.5}
        line = random_line(rng, rng.randrange(2, 5))
        key = key_of(pairs)
        text = f".Shape~4x4.Pair~{key}~{ids(line)}"
        want = sum(1 for g in ALL_4 if all((g[a], g[b]) in pairs
                                           for a, b in zip(line, line[1:], strict=False)))
        assert count_4(text) == want, text
        old = key.translate(str.maketrans("-_", "_-"))  # ISS's older Binary spells it so
        assert count_4(f".Shape~4x4.Binary~{old}~{ids(line)}") == want
        sym = pairs | {(y, x) for x, y in pairs}
        cells = rng.sample(range(N * N), rng.randrange(2, 4))  # any order: PairX is symmetric
        want = sum(1 for g in ALL_4 if all((g[a], g[b]) in sym for a, b in itertools.combinations(
            cells, 2)))
        assert count_4(f".Shape~4x4.PairX~{key_of(sym)}~{ids(cells)}") == want


@pytest.mark.usefixtures("engine")
@pytest.mark.parametrize("packed", [False, True])
def test_automata_count_as_iss_means_them(packed):
    rng = random.Random(f"nfa-{packed}")
    for _ in range(10):
        states = rng.randrange(2, 6)
        moves = sorted({(rng.randrange(states), rng.randrange(1, N + 1), rng.randrange(states))
                        for _ in range(states * 3)})
        if packed:  # one target a state and digit
            moves = sorted({(f, d): (f, d, t) for f, d, t in moves}.values())
        starts = rng.sample(range(states), 1 if packed else rng.randrange(1, 3))
        final = rng.sample(range(states), rng.randrange(1, states + 1))
        line = random_line(rng, rng.randrange(2, 6))
        text = f".Shape~4x4.NFA~{nfa_key(starts, final, moves, packed)}~_~{ids(line)}"
        want = sum(1 for g in ALL_4 if accepts(starts, final, moves, [g[c] for c in line]))
        assert count_4(text) == want, (text, starts, final, moves)


@pytest.mark.usefixtures("engine")
def test_patterns_count_as_python_re_reads_them():
    for regex, line in (("(1|2)3*[1-4]{1,}", [0, 1, 2, 3]), ("[^4].?2+", [4, 5, 9]),
                        ("(12|34|2.)*", [0, 4, 8, 12]), ("[2-4]{2,}1?", [15, 14, 13])):
        token = base64.urlsafe_b64encode(regex.encode()).decode().rstrip("=")
        want = sum(1 for g in ALL_4 if re.fullmatch(regex, "".join(str(g[c]) for c in line)))
        assert count_4(f".Shape~4x4.Regex~{token}~{ids(line)}") == want, regex


@pytest.mark.usefixtures("engine")
def test_sum_lines_equal_sums_and_multisets_count_as_iss_means_them():
    rng = random.Random(363)
    for total in (3, 5, 7):
        line = random_line(rng, 4)
        want = sum(1 for g in ALL_4 if cut([g[c] for c in line], total))
        assert count_4(f".Shape~4x4.SumLine~{total}~{ids(line)}") == want
        loop = [0, 1, 5, 4]
        want = sum(1 for g in ALL_4 if any(cut([g[c] for c in loop[k:] + loop[:k]], total)
                                   for k in range(4)))
        assert count_4(f".Shape~4x4.SumLine~{total}~{ids(loop)}~LOOP") == want
    for groups in ([[0, 1], [6], [10, 15]], [[0, 1, 2], [1, 5, 9], [2, 6]]):  # the 2nd overlaps
        want = sum(1 for g in ALL_4 if len({sum(g[c] for c in grp) for grp in groups}) == 1)
        assert count_4(".Shape~4x4.EqualSum~" + "~-~".join(ids(x) for x in groups)) == want
    for values, at_least in (([1, 1], False), ([2, 3], True), ([4], False), ([1, 1, 2], True)):
        cells = [0, 5, 10, 15, 3]
        wanted = Counter(values)
        want = sum(1 for g in ALL_4 if all(
            (Counter(g[c] for c in cells)[v] >= k) if at_least else
            (Counter(g[c] for c in cells)[v] == k) for v, k in wanted.items()))
        kind = "ContainAtLeast" if at_least else "ContainExact"
        assert count_4(f".Shape~4x4.{kind}~{'_'.join(map(str, values))}~{ids(cells)}") == want


def test_an_or_counts_as_iss_means_it():
    """Each branch one constraint, any one holding; givens and an arrow as branches too (an Or
    counts on both engines)."""
    lt = key_of({(x, y) for x in range(1, 5) for y in range(1, 5) if x < y})
    text = (f".Shape~4x4.Or.~R1C1_1.Pair~{lt}~R2C1~R2C2~R2C3.Arrow~R4C1~R4C2~R3C2.End"
            ".Or.~R1C2_2~R1C3_3.And.ContainExact~4~R3C3~R3C4.End.End")
    want = sum(1 for g in ALL_4 if (g[0] == 1 or g[4] < g[5] < g[6] or g[12] == g[13] + g[9]) and (
        (g[1] == 2 and g[2] == 3) or 4 in (g[10], g[11])))
    assert engine.count(iss.read(text), 300).count == want
    assert kinds.parse(text[len(".Shape~4x4"):])[1].custom  # a string that starts with .Or
    nested = ".Shape~4x4.Or.Or.~R1C1_1.~R1C1_2.End.~R1C1_3.End"  # an or of ors: one or
    assert iss.read(nested).custom[0].kind == "either"
    assert engine.count(iss.read(nested), 300).count == sum(1 for g in ALL_4 if g[0] != 4)
    assert iss.read(".Shape~4x4.Or.And.End.~R1C1_1.End").custom == ()  # a true branch: no rule
    anded = iss.read(".Shape~4x4.And.~R1C1_1.Thermo~R1C2~R1C3.End")  # an And outside an Or
    assert anded.givens[0] == 1 and anded.thermos == ((1, 2),)


# --- written back, and read again ----------------------------------------------------------

def test_rules_round_trip_through_an_iss_link():
    p = make(4, custom=[
        model.relation([0, 1, 2], "abs(a-b) >= 2"), model.every_pair([0, 5, 10], "a < b"),
        model.every_pair([3, 6], "a != b"), model.relation([1, 2], "table 12 21 34"),
        model.every_pair([4, 9, 14], "table 12 13 23"),
        model.pattern([12, 13, 14], "(1|2)3*[1-4]{1,}"), model.pattern([7, 11], "[^2]4?"),
        model.automaton([4, 8], 0, [2], [(0, [1, 2], 1), (1, [3], 2)]),
        model.equal_sums([[0, 1], [15]]), model.contains([2, 3, 7], [1, 2]),
        model.contains([11, 15], [4], at_least=True),
        model.either(model.relation([9, 10], "a < b"), model.pattern([9], "1"))])
    text = iss.write(p)
    assert ".PairX~" in text and ".Regex~" in text and ".NFA~" in text and ".Or.Pair" in text
    back = iss.read(text)
    assert sorted(map(repr, back.custom)) == sorted(map(repr, p.custom))
    assert iss.write(back) == text


@pytest.mark.usefixtures("engine")
def test_random_rules_written_for_iss_count_the_same_read_back():
    from tests.core.variants import custom_helpers

    rng = random.Random(364)
    for _ in range(12):
        p = custom_helpers.random_custom(4, rng, custom_helpers.KINDS, 3)
        back = iss.read(iss.write(p))
        assert engine.count(back, 300).count == engine.count(p, 300).count


def test_an_iss_automaton_is_decoded_as_iss_reads_it():
    """Both of ISS's formats, several starts (one new start holds their moves), and states
    that reach no accepting one dropped."""
    moves = [(0, 1, 1), (1, 2, 1), (1, 3, 2), (2, 4, 3), (3, 1, 3)]
    for packed in (False, True):
        key = nfa_key([0], [2], moves, packed)
        total, starts, accepting, by = iss_generic.decode_nfa(key)
        assert starts == {0} and accepting == {1}  # ISS numbers the accepting state next
        assert iss_generic.nfa_rule_text(key, 4) == "nfa start=0 accept=1 0:1>2 2:3>1 2:2>2"
    _, starts, accepting, _ = iss_generic.decode_nfa(nfa_key([5, 7], [7], moves, False))
    assert starts == {0, 1} and accepting == {1}  # the second start accepts, bit 1 says so
    assert iss_generic.same_words(iss_generic.nfa_rule_text(nfa_key([0], [2], moves, False),
                                                            4), "12*3", 4)


# --- what is refused, and why ---------------------------------------------------------------

@pytest.mark.parametrize("text, words", [
    (".PairX~" + key_of({(1, 2)}) + "~R1C1~R1C2", "an all-pairs table that is not symmetric"),
    (".Or.Thermo~R1C1~R1C2.End", "inside an Or: the workbench's or joins rules no kind names"),
    (".Or.Pair~AQ~R1C1~R1C2~~R1C3~R1C4.~R1C1_1.End", "a branch of several constraints"),
    (".NFA~" + nfa_key([0], [1], [(0, 1, 1)], False) + "~R1C1~-~R1C2", "several segments"),
    (".SumLine~31~R1C1~R1C2", "a sum of 31 (ISS's sum lines take 1 to 30)"),
    (".SumLine~20~R1C1~R1C2~LOOP", "a loop of sum 20"),
    (".Regex~" + b64(b"1\\d") + "~R1C1", "'\\\\' in the pattern"),
    (".Regex~" + b64(b"[1-a]") + "~R1C1", "the range 1-a"),
    (".Regex~" + b64(b"(1") + "~R1C1", "`(` without its `)`"),
    (".End", "an End with no Or or And open"),
    (".Or.~R1C1_1", "an Or without its End"),
    (".And.AntiKnight.End", "inside an And (ISS does not allow it there)"),
    (".Replicate~AQ.Thermo~R1C1~R1C2.End", "ISS's Replicate"),
    (".EqualSum~R1C1~R1C2~-~R1C1", "a segment whose cells all lie in another"),
    (".ContainExact~1_2_3~R1C1~R1C2", "3 digits in 2 cells"),
    (".ContainAtLeast~0~R1C1", "digits 1 to 9"),
    (".Pair~AQ~R1C1~R1C1", "ties R1C1 to itself"),
])
def test_forms_that_do_not_map_are_refused_by_name(text, words):
    with pytest.raises(iss.IssError) as error:
        iss.read(text)
    assert words in str(error.value)
