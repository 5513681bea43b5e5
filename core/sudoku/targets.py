"""Puzzles to a target: Sudoku Explainer's rating in a range, a technique the solution needs,
or the first technique beyond singles. The generator's puzzles are kept when SE's solution
(core.sudoku.explainer) meets the target; everything else about them (symmetry, clues) stays
the generator's."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import combinations

from core.errors import GenerationFailed
from core.sudoku.explainer import explain
from core.sudoku.explainer.board import REGIONS, Board
from core.sudoku.explainer.fish import DIFFICULTY as FISH_DIFFICULTY
from core.sudoku.explainer.fish import NAMES as FISH_NAMES
from core.sudoku.explainer.rater import explain_board
from core.sudoku.explainer.techniques import SINGLES, technique_names, technique_of
from core.sudoku.model import Puzzle

HIGHEST = 12.0  # above every rating SE gives a solvable puzzle (20 means it got stuck)


def parse_rating(text: str) -> tuple[float, float]:
    """'7.0-7.5' or '7.2' -> (low, high); ValueError for anything else."""
    low, _, high = text.strip().partition("-")
    try:
        bounds = (float(low), float(high or low))
    except ValueError:
        raise ValueError(f"--rating {text!r}: a number or a range like 7.0-7.5") from None
    if not 0 <= bounds[0] <= bounds[1] <= HIGHEST:
        raise ValueError(f"--rating {text!r}: from 0 to {HIGHEST}, low to high")
    return bounds


@dataclass(frozen=True)
class Target:
    """What SE's solution must show; techniques by SE's names (technique_of reads others)."""

    rating: tuple[float, float] | None = None
    must_use: str | None = None  # the solution needs it: easier techniques alone get stuck
    first_hard: str | None = None  # the first step that is not a single uses it
    scale: str = "sukaku"

    def __post_init__(self):
        for name in ("must_use", "first_hard"):
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, technique_of(value, self.scale))
        if self.first_hard in SINGLES:
            raise ValueError(f"--first-hard {self.first_hard}: a technique beyond singles")

    def met_by(self, puzzle: Puzzle, stop: Callable[[], bool] | None = None) -> bool:
        """SE's solution of the puzzle meets every part of the target."""
        high = self.rating[1] if self.rating else None
        allowed = None
        if self.must_use is not None:
            names = technique_names(self.scale)
            allowed = frozenset(names[:names.index(self.must_use) + 1])
        until = None
        if self.rating is None and self.must_use is None:
            until = _beyond_singles  # only the first hard step matters
        result = explain(puzzle.givens, self.scale, stop, ceiling=high, allowed=allowed,
                         until=until)
        return self.met_by_result(result)

    def met_by_result(self, result) -> bool:
        """The target holds for SE's result (made with the techniques up to `must_use`)."""
        if self.must_use is not None and not (
                result.solved and any(s.technique == self.must_use for s in result.steps)):
            return False
        if self.first_hard is not None:
            first = next((s.technique for s in result.steps if s.technique not in SINGLES),
                         None)
            if first != self.first_hard:
                return False
        if self.rating is not None:
            low, high = self.rating
            return result.solved and low <= result.rating <= high
        return self.must_use is not None or self.first_hard is not None


def _beyond_singles(step) -> bool:
    return step.technique not in SINGLES


@dataclass(frozen=True)
class Targeted:
    """Generator options with a target: the options make candidates, the target keeps one.
    `options.attempts` counts candidates."""

    options: object  # core.sudoku.generator.Options
    target: Target


class _Hit(Exception):
    """A puzzle on the way that already meets the target."""

    def __init__(self, givens):
        super().__init__()
        self.givens = tuple(givens)


# Targets whose hardest step is this easy are reached by removing givens only while SE's
# solution stays within the target (cheap to check); harder ones by rating random puzzles.
GUIDED_UP_TO = 6.5


ATTEMPTS = 20000  # candidates tried for a target when the author gives no number: rare
# techniques (a Swordfish comes up in about one candidate of 300) need many


def generate(targeted: Targeted, rng: random.Random,
             stop: Callable[[], bool] | None = None) -> tuple[Puzzle, tuple[int, ...]]:
    """The first candidate that meets the target (GenerationFailed after `attempts`, or
    `seconds`)."""
    from core.sudoku.generator import generate as candidate
    from core.sudoku.generator import with_deadline

    options, target = targeted.options, targeted.target
    if options.size != 9:
        raise ValueError("Sudoku Explainer rates 9x9 puzzles only")
    stop = with_deadline(stop, options.seconds, time.monotonic())
    plain = options.mask is None and options.level is None and options.max_technique is None
    # a puzzle on the way that meets the target will do, unless every given must count
    early = not options.minimal and options.clues is None
    trim = plain and early and target.must_use is not None
    guide = _guide(target, early) if plain and not trim else None
    fish = _fish_rated(target) if plain and early and not trim else None
    one = replace(options, attempts=1, seconds=None)  # the time budget is the whole search's
    spent = [0.0, 0.0]  # seconds on candidates made to use the fish, and on the others
    for _ in range(options.attempts):
        if stop is not None and stop():
            break
        began, fished = time.monotonic(), fish is not None and spent[0] <= spent[1]
        try:
            if fished:  # as much time as the other candidates get
                puzzle, solution = candidate(one, rng, stop)
                puzzle = _trimmed(puzzle, solution, options, fish, rng, stop)
            elif guide is not None:
                puzzle, solution = _reduced(options, guide, rng, stop)
            else:
                puzzle, solution = candidate(one, rng, stop)
                if trim:
                    puzzle = _trimmed(puzzle, solution, options, target, rng, stop)
        except GenerationFailed:
            continue
        finally:
            spent[not fished] += time.monotonic() - began
        if target.met_by(puzzle, stop):
            return puzzle, solution
    if options.seconds is not None:
        raise GenerationFailed(f"no puzzle met the target in {options.seconds:g} s")
    raise GenerationFailed(f"no puzzle met the target in {options.attempts} candidates")


def _fish_rated(target: Target) -> Target | None:
    """For a narrow rating range around a fish's difficulty (Swordfish 3.8, rare in random
    puzzles): the target of using that fish, whose puzzles SE rates at it."""
    if target.rating is None or target.first_hard is not None:
        return None
    low, high = target.rating
    if high - low >= 0.2:
        return None
    names = technique_names(target.scale)
    for degree, name in FISH_NAMES.items():
        if low <= FISH_DIFFICULTY[degree] <= high and name in names:
            return Target(must_use=name, scale=target.scale)
    return None


TRIM_STEPS = 40  # givens added, at most, to bring a puzzle within a technique
TRIM_TRIES = 20  # cells tried for each


def _trimmed(puzzle, solution, options, target: Target, rng, stop) -> Puzzle:
    """A puzzle whose solution uses the wanted technique, with givens added (solution
    values, by symmetry orbits) where SE's techniques up to it get stuck, as long as the
    technique stays in use, until they solve it. A fish the puzzle gets stuck short of is
    brought in first (_fish_blockers). GenerationFailed when the technique is not used or
    stops being used."""
    from core.symmetry import orbits

    names = technique_names(target.scale)
    allowed = frozenset(names[:names.index(target.must_use) + 1])
    orbit = {c: group for group in orbits(9, options.symmetry) for c in group}

    def uses(cells, givens):
        """The first of the cells whose solution value, given, keeps the technique in use."""
        for cell in cells:
            trial = list(givens)
            for c in orbit[cell]:
                trial[c] = solution[c]
            result = explain(trial, target.scale, stop, allowed=allowed)
            if any(s.technique == target.must_use for s in result.steps):
                return trial, result
        return None

    givens = list(puzzle.givens)
    result = explain(givens, target.scale, stop, allowed=allowed)
    if not any(s.technique == target.must_use for s in result.steps):
        degree = FISH_DEGREES.get(target.must_use)
        if result.solved or degree is None:
            raise GenerationFailed("the technique is not used")
        stuck = Board.from_state(result.values, result.cands)
        blockers = _fish_blockers(stuck, solution, degree)
        rng.shuffle(blockers)
        found = uses((c for c in blockers[:TRIM_TRIES]
                      if _brings_in(stuck, [(x, solution[x]) for x in orbit[c]], target,
                                    allowed, stop)), givens)
        if found is None:
            raise GenerationFailed("the technique could not be brought in")
        givens, result = found
    for _ in range(TRIM_STEPS):
        if result.solved:
            return puzzle.with_givens(givens)
        open_cells = [c for c in range(81) if not result.values[c]]
        rng.shuffle(open_cells)
        found = uses(open_cells[:TRIM_TRIES], givens)
        if found is None:
            break
        givens, result = found
    raise GenerationFailed("the technique could not be kept")


FISH_DEGREES = {name: degree for degree, name in FISH_NAMES.items()}


def _brings_in(stuck: Board, placed, target: Target, allowed, stop) -> bool:
    """SE's techniques, from the board where they got stuck with these values placed, come
    to the wanted technique (which givens placed from the start, as a rule, also do)."""
    board = stuck.copy()
    for cell, value in placed:
        board.place(cell, value)
    result = explain_board(board, target.scale, stop, allowed=allowed,
                           until=lambda step: step.technique == target.must_use)
    return any(s.technique == target.must_use for s in result.steps)


def _fish_blockers(stuck: Board, solution, degree: int) -> list[int]:
    """Where SE got stuck short of a fish: the cells whose solution value, given, takes the
    one candidate that keeps `degree` base lines of a digit from lying in `degree` cross
    lines (a fish its next step may take)."""
    positions, cells = stuck.positions, []
    for v in range(1, 10):
        for first in (9, 18):  # rows, then columns, as base lines
            lines = [b for b in range(first, first + 9)
                     if 2 <= positions[b * 9 + v - 1].bit_count() <= degree + 1]
            for bases in combinations(lines, degree):
                union = 0
                for b in bases:
                    union |= positions[b * 9 + v - 1]
                if union.bit_count() != degree + 1:
                    continue
                for i in range(9):
                    holders = [REGIONS[b][i] for b in bases if positions[b * 9 + v - 1] >> i & 1]
                    if len(holders) == 1 and solution[holders[0]] != v:
                        cells.append(holders[0])
    return list(dict.fromkeys(cells))


def _guide(target: Target, early: bool) -> Callable | None:
    """What every intermediate puzzle must keep, for targets that easy techniques reach: SE
    solves it within the highest rating, with the techniques up to the one it must use, and
    its first step beyond singles is no later than the wanted one. With `early`, a puzzle that
    meets the target ends the removal (_Hit)."""
    names = technique_names(target.scale)
    high = target.rating[1] if target.rating else None
    if high is not None and high > GUIDED_UP_TO:
        return None
    last = max((names.index(t) for t in (target.must_use, target.first_hard) if t),
               default=None)
    if high is None and last is None:
        return None
    allowed = frozenset(names[:last + 1]) if target.must_use else None
    first = names.index(target.first_hard) if target.first_hard else None

    # only the first hard step wanted: SE need not go past it (nor solve the puzzle: it is
    # unique, and SE's last resort, nested chains, can take seconds on the way)
    until = _beyond_singles if high is None and target.must_use is None else None

    def keeps(givens, stop) -> bool:
        result = explain(givens, target.scale, stop, ceiling=high, allowed=allowed, until=until)
        if until is None and not result.solved or (high is not None and result.rating > high):
            return False
        hard = next((s.technique for s in result.steps if s.technique not in SINGLES), None)
        if first is not None and hard is not None and names.index(hard) > first:
            return False
        if early and target.met_by_result(result):
            raise _Hit(givens)
        return True
    return keeps


def _reduced(options, keeps, rng, stop) -> tuple[Puzzle, tuple[int, ...]]:
    """A random grid's givens removed greedily (by symmetry orbits) while the puzzle stays
    unique and `keeps` accepts it."""
    from core.removal import remove_greedily
    from core.sudoku.generator import UniquenessTest, random_solution
    from core.sudoku.model import Shape
    from core.symmetry import orbits

    shape = Shape.of_size(9)
    solution = random_solution(shape, rng)
    unique = UniquenessTest(solution, shape)

    def can_remove(rest: frozenset, group: tuple) -> bool:
        if not unique(rest, group):
            return False
        return keeps(tuple(solution[c] if c in rest else 0 for c in range(81)), stop)

    try:
        kept = remove_greedily(range(81), orbits(9, options.symmetry), can_remove, rng,
                               target=options.clues, stop=stop)
    except _Hit as hit:
        return Puzzle(shape, hit.givens), solution
    if options.clues is not None and len(kept) > options.clues:
        raise GenerationFailed("the target kept more clues")
    return Puzzle(shape, tuple(solution[c] if c in kept else 0 for c in range(81))), solution
