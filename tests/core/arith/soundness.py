"""Random small calculations, both kinds, and the check that a person's steps (core/arith/
logic.py) never rule out a digit of any answer, and finish only a calculation of exactly one
answer, with the exact counter as referee (tests/core/arith/test_arith.py holds it to a
brute force). Used by test_logic.py and bench/bench_arith_rating.py."""

from __future__ import annotations

import random
import string
from dataclasses import replace

from core.arith.generator import Options, random_answer
from core.arith.logic import solve
from core.arith.model import BLANK, NotDigit, Puzzle, Rules, filled
from core.arith.solver import count

LIMIT = 200  # answers counted; a calculation with more is checked against these
SHAPES = [("add", (2, 2)), ("add", (3, 2, 1)), ("add", (3, 3)), ("sub", (3, 2)),
          ("sub", (3, 3)), ("mul", (2, 1)), ("mul", (3, 1)), ("mul", (2, 2)), ("div", (1, 2)),
          ("div", (2, 2)), ("div", (1, 3))]


def masked(rng: random.Random) -> Puzzle:
    """A correct calculation with some cells blanked and a few turned into letters (the
    same letter for equal digits, or not: some have no answer, some several)."""
    op, digits = rng.choice(SHAPES)
    answer = random_answer(Options(op=op, digits=digits), rng)
    if op == "mul" and rng.random() < 0.4:
        answer = replace(answer, partials=())
    if op == "div" and rng.random() < 0.3:
        answer = Puzzle("div", answer.operands, answer.result,
                        remainder=str(int(answer.operands[0]) % int(answer.operands[1])))
    letters = dict(zip(rng.sample(range(10), 3), "ABC", strict=True))
    share = rng.uniform(0.15, 0.6)
    rows = tuple("".join(cell(ch, letters, share, rng) for ch in cells)
                 for _, cells in answer.rows())
    return with_rules(filled(answer, rows), rng)


def cell(ch: str, letters: dict, share: float, rng: random.Random) -> str:
    if rng.random() > share:
        return ch
    if int(ch) in letters and rng.random() < 0.5:
        return letters[int(ch)] if rng.random() < 0.9 else rng.choice("ABC")
    return BLANK


def with_rules(puzzle: Puzzle, rng: random.Random) -> Puzzle:
    roll = rng.random()
    if roll < 0.1 and puzzle.op != "div":
        return replace(puzzle, rules=Rules(leading_zeros=True))
    if roll < 0.2 and puzzle.letters():
        return replace(puzzle, rules=Rules(blanks_distinct=True))
    if roll < 0.3 and puzzle.letters():
        letter = rng.choice(puzzle.letters())
        return replace(puzzle, rules=Rules(extras=(NotDigit(letter, rng.randrange(10)),)))
    return puzzle


def alphametic(rng: random.Random) -> Puzzle:
    """A sum of two or three small numbers with every digit a letter (one letter a digit),
    sometimes a letter swapped for another."""
    numbers = [rng.randint(1, 10 ** rng.randint(1, 3)) for _ in range(rng.choice((2, 2, 3)))]
    key = dict(zip(range(10), rng.sample(string.ascii_uppercase[:12], 10), strict=True))
    words = ["".join(key[int(d)] for d in str(n)) for n in [*numbers, sum(numbers)]]
    if rng.random() < 0.3:
        i = rng.randrange(len(words))
        j = rng.randrange(len(words[i]))
        words[i] = words[i][:j] + rng.choice(string.ascii_uppercase[:12]) + words[i][j + 1:]
    return Puzzle("add", tuple(words[:-1]), words[-1])


def case(rng: random.Random) -> Puzzle:
    return alphametic(rng) if rng.random() < 0.4 else masked(rng)


def check(puzzle: Puzzle) -> str:
    """The outcome after asserting it is sound: "finished", "no answer" (a contradiction
    found), or "stuck" with how many answers there are (none, one, several)."""
    answers = count(puzzle, LIMIT).solutions
    solved = solve(puzzle)
    if solved.contradiction is not None:
        assert not answers, (puzzle, solved.contradiction)
        return "no answer"
    for rows in answers:
        for r, digits in enumerate(rows):
            for c, d in enumerate(digits):
                assert solved.cells[(r, c)] >> int(d) & 1, (puzzle, rows, (r, c))
    if solved.complete:
        assert answers == (solved.rows,), (puzzle, answers, solved.rows)
        return "finished"
    return f"stuck, {('no', 'one', 'several')[min(len(answers), 2)]} answer"
