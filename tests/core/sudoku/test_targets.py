"""Generation to Sudoku Explainer's rating or technique (core.sudoku.targets)."""

import json
import random
import time

import pytest

from cli import main
from core.sudoku import Options, parse
from core.sudoku.explainer import explain
from core.sudoku.explainer.board import ALL, Board
from core.sudoku.explainer.fish import fish
from core.sudoku.explainer.techniques import (
    SINGLES,
    technique_names,
    technique_of,
    techniques_up_to,
)
from core.sudoku.family import _options
from core.sudoku.targets import (
    ATTEMPTS,
    Target,
    Targeted,
    _fish_blockers,
    _fish_rated,
    generate,
    parse_rating,
)


def test_ratings_read_as_ranges():
    assert parse_rating("7.0-7.5") == (7.0, 7.5)
    assert parse_rating(" 7.2 ") == (7.2, 7.2)
    for bad in ("7.5-7.0", "x", "-1", "13"):
        with pytest.raises(ValueError):
            parse_rating(bad)


def test_techniques_by_se_names_and_common_ones():
    assert technique_of("x-wing") == "X-Wing"
    assert technique_of("Unique Rectangle") == "Unique Rectangle / Loop"
    assert technique_of("skyscraper") == "Scraper, Kite, Turbot"
    assert technique_of("Unique-Rectangle") == "Unique Rectangle / Loop"
    assert technique_of("x  wing") == technique_of("X_Wing") == "X-Wing"
    with pytest.raises(ValueError, match="; Scraper, Kite, Turbot; "):
        technique_of("Bogus")  # names listed apart although some hold commas
    with pytest.raises(ValueError, match="classic"):
        technique_of("skyscraper", "classic")  # classic SE has no turbot fish
    with pytest.raises(ValueError):
        Target(first_hard="Hidden Single")


def _steps(puzzle, technique, scale="sukaku"):
    return explain(puzzle.givens, scale, allowed=techniques_up_to(technique, scale))


def test_a_low_rating_range():
    target = Target(rating=(2.0, 3.0))
    puzzle, solution = generate(Targeted(Options(), target), random.Random(1))
    assert 2.0 <= explain(puzzle.givens).rating <= 3.0


def test_must_use_means_stuck_without_it():
    target = Target(must_use="XY-Wing")
    puzzle, _ = generate(Targeted(Options(symmetry="rot180"), target), random.Random(2))
    with_it = _steps(puzzle, "XY-Wing")
    assert with_it.solved and any(s.technique == "XY-Wing" for s in with_it.steps)
    names = technique_names("sukaku")
    before = frozenset(names[:names.index("XY-Wing")])
    assert not explain(puzzle.givens, allowed=before).solved
    cells = [c for c, v in enumerate(puzzle.givens) if v]
    assert all(puzzle.givens[80 - c] for c in cells)  # the symmetry still holds


def test_must_use_a_fish_brought_in():
    # a Swordfish is rare (about one random puzzle in 1,000): the candidates that get stuck
    # short of one are given the cell that completes one
    target = Target(must_use="Swordfish")
    puzzle, solution = generate(Targeted(Options(attempts=2000), target), random.Random(7))
    with_it = _steps(puzzle, "Swordfish")
    assert with_it.solved and any(s.technique == "Swordfish" for s in with_it.steps)
    assert with_it.values == solution
    easier = techniques_up_to("Naked Triplet", "sukaku")  # those before the Swordfish
    assert not explain(puzzle.givens, allowed=easier).solved
    assert explain(puzzle.givens).rating == 3.8  # SE itself takes that Swordfish


def test_a_rating_only_a_fish_gives():
    # SE rates 3.8 only a Swordfish's puzzles: half the time goes to bringing one in
    target = Target(rating=(3.8, 3.8))
    puzzle, solution = generate(Targeted(Options(attempts=4000), target), random.Random(1))
    result = explain(puzzle.givens)
    assert result.rating == 3.8 and result.hardest == "Swordfish"
    assert result.values == solution


def test_a_target_within_seconds(capsys):
    args = ["generate", "sudoku", "--must-use", "Jellyfish", "--seconds", "0.3", "--seed", "3"]
    start = time.monotonic()
    assert main(args) == 1
    assert time.monotonic() - start < 3
    assert "no puzzle met the target in 0.3 s" in capsys.readouterr().err


def test_fish_blockers_leave_a_fish():
    # digit 1 in rows 1-3 at columns 1,2,4 / 2,3 / 1,3: only r1c4 keeps them from 3 columns
    rows = {0: (0, 1, 3), 1: (1, 2), 2: (0, 2)}
    cands = [ALL & ~1 if c // 9 in rows and c % 9 not in rows[c // 9] else ALL
             for c in range(81)]
    stuck = Board.from_state([0] * 81, cands)
    solution = [2] * 81  # only its values at the blockers matter: not the digit itself
    assert _fish_blockers(stuck, solution, 3) == [3]
    stuck.place(3, solution[3])
    hint = next(fish(3)(stuck))
    assert hint.name == "Swordfish" and all(cell // 9 > 2 for cell in hint.removals)
    solution[3] = 1  # r1c4 holds the 1: giving it leaves no fish
    assert _fish_blockers(Board.from_state([0] * 81, cands), solution, 3) == []


def test_fish_rated_only_for_narrow_ranges():
    def fish_of(low, high, scale="sukaku"):
        made = _fish_rated(Target(rating=(low, high), scale=scale))
        return made and made.must_use
    assert fish_of(3.8, 3.8) == fish_of(3.7, 3.8) == fish_of(3.8, 3.9) == "Swordfish"
    assert fish_of(3.2, 3.2) == "X-Wing" and fish_of(3.8, 3.8, "classic") == "Swordfish"
    for low, high in ((3.6, 3.8), (3.8, 4.0), (3.0, 3.2), (3.3, 3.7)):
        assert fish_of(low, high) is None


def test_targets_try_more_candidates_unless_told():
    values = {"size": 9, "symmetry": "none", "must_use": "Swordfish"}
    assert _options(values).options.attempts == ATTEMPTS
    assert _options({**values, "attempts": 7}).options.attempts == 7
    assert _options({"size": 9, "symmetry": "none"}).attempts == Options().attempts


def test_first_hard_step():
    target = Target(first_hard="Pointing & Claiming")
    puzzle, _ = generate(Targeted(Options(), target), random.Random(3))
    first = next(s for s in explain(puzzle.givens).steps if s.technique not in SINGLES)
    assert first.technique == "Pointing & Claiming"


def test_command_line_targets(capsys):
    args = ["generate", "sudoku", "--rating", "2.0-3.0", "--seed", "1", "--json"]
    assert main(args) == 0
    made = json.loads(capsys.readouterr().out)
    assert 2.0 <= made["rating"]["score"] <= 3.0 and made["rating"]["scale"] == "sukaku"
    assert 2.0 <= explain(parse(made["puzzle"]).givens).rating <= 3.0
    for bad in (["--must-use", "Bogus"], ["--rating", "9-8"], ["--rating", "3", "--size", "4"],
                ["--first-hard", "Naked Single"], ["--must-use", "Skyscraper", "--scale",
                                                   "classic"]):
        assert main(["generate", "sudoku", *bad]) == 2
