"""Today's constraints in the logic's words: for each kind a small unique 6x6 (found by a
seeded search that removed givens while only hidden singles and that constraint's step were
needed), rated through the command line; and random puzzles of every kind rated end to end
with every step keeping the solution."""

import random

import pytest

from cli import main
from core.variants import engine, formats
from core.variants.family import VARIANTS
from core.variants.logic import PROPAGATOR_STEPS, Board, _key
from core.variants.model import make
from tests.core.variants.helpers import TODAY, constraint_parts, solution_grid
from tests.core.variants.test_making import unique_puzzles

# kind: (the grid, a line a row of the line style, and its constraints; the technique; words
# one of its steps says). Each puzzle needs its constraint: without it, it is not unique.
SAID = {
    "whisper": ("......2..6..42.1.5........3..6.4.... / whisper: r1c5 r1c6 / whisper: r2c2 r3c3",
                "whisper", "the whisper line r1c5-r1c6 says r1c5 and r1c6 differ by at least 3"),
    "renban": ("....2...1.4.6....2...5...45.3....... / renban: r4c3 r5c4 / "
               "renban: r5c5 r6c6 r6c5", "renban",
               "the renban line r4c3-r5c4 holds a run of 2 digits within 1-3"),
    "regionsum": ("......4.2....3......4...5...3.6....2 / regionsum: r4c3 r5c4 r4c5 r4c4 / "
                  "regionsum: r5c2 r6c1", "region-sum line",
                  "each box's segment of the region-sum line r4c3-r4c4 adds up to the same "
                  "total (4)"),
    "palindrome": ("...1...6...2.....4..1...5..6.....25. / "
                   "palindrome: r3c1 r4c1 r4c2 r5c2 r5c3 / palindrome: r4c1 r4c2 r5c2",
                   "palindrome", "the palindrome r3c1-r5c3 says r3c1 and r5c3 hold the same "
                                 "digit"),
    "between": (".....2..1.......5......6.5...1...6.. / between: r1c1 r2c1 r3c1 r4c1 r5c1 / "
                "between: r5c2 r6c3 r5c4", "between line",
                "the inner cells of the between line r1c1-r5c1 lie strictly between its ends "
                "r1c1 and r5c1"),
    "entropic": (".5.16...2.5..4......6.....35....1..3 / entropic: r4c5 r3c6 r4c6 / "
                 "entropic: r5c4 r5c5 r6c6", "entropic line",
                 "the entropic line r4c5-r4c6 says r3c6 and r4c6 hold digits of different "
                 "thirds (low, middle, high)"),
    "modular": ("...5..4.......1..33...6........6...1 / modular: r3c1 r3c2 r4c2 / "
                "modular: r3c3 r4c2 r5c2", "modular line",
                "the modular line r3c3-r5c2 says r3c3 and r4c2 hold digits that differ mod 3"),
    "zipper": (".3.5...1..6....6........5..2....6... / zipper: r5c2 r5c3 r6c4 r5c4 / "
               "zipper: r5c5 r6c6 r6c5", "zipper line",
               "cells the same distance from the middle of the zipper line r5c2-r5c4 add up "
               "to one total (6)"),
    "doublearrow": ("2..1...3.......3.....5....325...2... / doublearrow: r1c4 r1c5 r1c6 / "
                    "doublearrow: r4c4 r5c3 r4c2 r5c2", "double arrow",
                    "the cells between the ends of the double arrow r1c4-r1c6 add up to its "
                    "two ends (4 or 6)"),
    "slowthermo": (".5..6.........2..353..........1.6..4 / slowthermo: r3c5 r2c5",
                   "slow thermometer",
                   "digits never fall along the slow thermometer r3c5-r2c5, from its bulb"),
    "nabner": ("6..........4...2....5.......2....53. / nabner: r1c2 r2c1 / "
               "nabner: r4c3 r4c2 r5c1", "Nabner line",
               "the Nabner line r1c2-r2c1 says r1c2 and r2c1 are neither the same nor "
               "consecutive"),
    "candidates": ("41......3.......5...4....6.2....21.. / candidates: r1c4=2345 r2c2=15 "
                   "r2c3=3456 r3c1=346 r5c5=235 r6c3=246", "given candidates",
                   "r1c4 is 2, 3, 4 or 5"),
    "quad": ("....6....1....6...3...5....3..2..... / quad: r2c2=2466 r5c5=14", "quadruple",
             "the quadruple at r2c2 needs 2, 4, 6, 6 among r2c2, r2c3, r3c2, r3c3"),
    "clone": ("6.............3.2..1..4......5....34 / clone: r2c6 r2c4 | r6c3 r6c1", "clone",
              "the clone of r2c6, r2c4 at r6c3, r6c1 says r2c6 and r6c3 hold the same digit"),
    "maximum": ("...4.1.3..6......3.4.2..4........1.. / minimum: r1c6 r2c1 / "
                "maximum: r3c2 r5c3", "maximum", "r3c2 is a maximum, larger than r2c2"),
    "minimum": ("......5.321.14...6......2..63....... / minimum: r4c2 r6c3 / "
                "maximum: r2c2 r3c6 r5c4", "minimum", "r4c2 is a minimum, smaller than r3c2"),
    "rowindexer": ("..6......4........4.1..3.......53.6. / rowindexer: r3c1 r5c5", "indexer",
                   "the row indexer r3c1 names the row of column 1 that holds 3"),
    "columnindexer": ("...........5...326.......154...3.5.. / columnindexer: r1c4 r4c3",
                      "indexer", "the column indexer r1c4 names the column of row 1 that "
                                 "holds 4"),
    "boxindexer": ("6......45...3......6...5.3..1....5.. / boxindexer: r3c1 r3c4", "indexer",
                   "the box indexer r3c1 names the cell of box 3 (in reading order) that "
                   "holds 1"),
    "xsum": ("...1....4.5...2.......4..1...5.4.3.. / xsum 15: r0c3 / xsum 1: r7c5", "X-sum",
             "the X-sum 15 above column 3 says the first X digits from above add up to 15, "
             "X being r1c3's digit"),
    "skyscraper": ("....2...2......4....136...6..4...61. / skyscraper 2: r0c2 / "
                   "skyscraper 4: r1c0", "skyscraper",
                   "the skyscraper 2 above column 2 says 2 digits are seen from above, each "
                   "taller than all before it"),
}


def text_of(compact: str) -> str:
    grid, *constraints = compact.split(" / ")
    rows = [grid[r * 6:(r + 1) * 6] for r in range(6)]
    return "kind: variants\n" + "\n".join([*rows, *constraints]) + "\n"


def without_its_constraint(p):
    """The puzzle with its constraints of today removed (lines, cell clues, outside clues)."""
    return make(p.size, p.givens)


@pytest.mark.parametrize("kind", sorted(SAID))
def test_each_constraint_is_said_in_words_by_rate_steps(kind, tmp_path, capsys):
    compact, technique, words = SAID[kind]
    path = tmp_path / f"{kind}.txt"
    path.write_text(text_of(compact))
    p = formats.parse(path.read_text())
    checked = engine.count(p, 2)
    assert checked.unique and not engine.count(without_its_constraint(p), 2).unique
    assert main(["rate", "--steps", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"{technique}: {words}, so " in out, out
    rating = VARIANTS.rate(p)
    assert rating.solved
    # the constraint is the hardest step, save the given candidates, which are read at sight
    assert rating.hardest == ("hidden single" if kind == "candidates" else technique)
    assert f"hardest: {rating.hardest};" in out.splitlines()[0]
    for step in rating.steps:
        assert all(checked.solution[c] == v for c, v in step.placements), step.text
        assert all(checked.solution[c] != v for c, v in step.eliminations), step.text


@pytest.mark.parametrize("kind", TODAY)
def test_steps_of_todays_constraints_keep_the_solution(kind):
    for p in unique_puzzles(kind, 3):
        solution = engine.count(p, 2).solution
        rating = VARIANTS.rate(p)
        assert rating.steps and rating.walkthrough()
        for step in rating.steps:
            assert step.text
            assert all(solution[c] == v for c, v in step.placements), step.text
            assert all(solution[c] != v for c, v in step.eliminations), step.text


def every_kind_at_once(seed: int):
    """A 9x9 with a constraint of each of today's kinds, true of one random solution, and
    half its givens."""
    rng = random.Random(seed)
    s = solution_grid(9, rng)
    parts: dict = {}
    for kind in TODAY:
        for name, value in constraint_parts(kind, 9, s, rng).items():
            parts[name] = [*parts.get(name, ()), *value]
    givens = [v if rng.random() < 0.5 else 0 for v in s]
    return make(9, givens, None, **parts), s


def test_every_propagator_has_its_words_and_a_puzzle_of_every_kind_is_rated():
    p, s = every_kind_at_once(1)
    assert engine.count(p, 2).solutions == (tuple(s),)
    board = Board(p)
    assert all(_key(prop) in PROPAGATOR_STEPS for prop in board.steps)
    kinds = {_key(prop) for prop in board.steps}
    assert {"Tie whisper", "Renban", "EqualSums regionsum", "Tie palindrome", "Between",
            "Tie entropic", "Tie modular", "EqualSums zipper", "EqualSums doublearrow",
            "Thermo slow", "Tie nabner", "GivenCandidates", "Quadruple", "Tie clone",
            "Tie minimum", "Tie maximum", "Indexer", "XSum", "Skyscraper"} <= kinds
    rating = VARIANTS.rate(p)
    for step in rating.steps:
        assert all(s[c] == v for c, v in step.placements), step.text
        assert all(s[c] != v for c, v in step.eliminations), step.text

