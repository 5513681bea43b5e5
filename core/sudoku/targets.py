"""Puzzles to a target: Sudoku Explainer's rating in a range (a level is a band of it), a
technique the solution needs, the hardest technique it may take, or the first technique
beyond singles. The generator's puzzles are kept when SE's solution (core.sudoku.explainer)
meets the target; everything else about them (symmetry, clues) stays the generator's."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import combinations

from core.errors import GenerationFailed
from core.search import with_deadline
from core.sudoku.explainer import explain
from core.sudoku.explainer.board import REGIONS, Board
from core.sudoku.explainer.fish import DIFFICULTY as FISH_DIFFICULTY
from core.sudoku.explainer.fish import NAMES as FISH_NAMES
from core.sudoku.explainer.rater import explain_board
from core.sudoku.explainer.techniques import (
    SINGLES,
    technique_names,
    technique_of,
    techniques_up_to,
)
from core.sudoku.model import Puzzle

FISH_DEGREES = {name: degree for degree, name in FISH_NAMES.items()}
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
    up_to: str | None = None  # the solution takes no technique after it

    def __post_init__(self):
        for name in ("must_use", "first_hard", "up_to"):
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, technique_of(value, self.scale))
        if self.first_hard in SINGLES:
            raise ValueError(f"--first-hard {self.first_hard}: a technique beyond singles")
        names = technique_names(self.scale)
        for name in (self.must_use, self.first_hard):
            if name and self.up_to and names.index(name) > names.index(self.up_to):
                raise ValueError(f"{name} comes after --max-technique {self.up_to}")

    @property
    def allowed(self) -> frozenset[str] | None:
        """The techniques SE may take: up to the one the solution must use, and up to the
        highest one (None: all)."""
        last = [name for name in (self.must_use, self.up_to) if name]
        if not last:
            return None
        return frozenset.intersection(*(techniques_up_to(name, self.scale) for name in last))

    @property
    def until(self) -> Callable | None:
        """Where SE's solution may end: after the first hard step, when only that counts."""
        if self.rating is None and self.must_use is None and self.up_to is None:
            return _beyond_singles
        return None

    def met_by(self, puzzle: Puzzle, stop: Callable[[], bool] | None = None) -> bool:
        """SE's solution of the puzzle meets every part of the target."""
        high = self.rating[1] if self.rating else None
        result = explain(puzzle.givens, self.scale, stop, ceiling=high, allowed=self.allowed,
                         until=self.until)
        return self.met_by_result(result)

    def met_by_result(self, result) -> bool:
        """The target holds for SE's result (made with the `allowed` techniques)."""
        if self.must_use is not None and not (result.solved and uses(result, self.must_use)):
            return False
        if self.up_to is not None and not result.solved:
            return False
        if self.first_hard is not None and _first_hard(result) != self.first_hard:
            return False
        if self.rating is not None:
            low, high = self.rating
            return result.solved and low <= result.rating <= high
        return any(name is not None for name in (self.must_use, self.first_hard, self.up_to))


def uses(result, technique: str) -> bool:
    """SE's solution took a step of the technique."""
    return any(step.technique == technique for step in result.steps)


def _first_hard(result) -> str | None:
    return next((s.technique for s in result.steps if s.technique not in SINGLES), None)


def _beyond_singles(step) -> bool:
    return step.technique not in SINGLES


@dataclass(frozen=True)
class Targeted:
    """Generator options with a target: the options make candidates, the target keeps one.
    `options.attempts` counts candidates."""

    options: object  # core.sudoku.generator.Options
    target: Target

    @property
    def seconds(self) -> float | None:
        """The time budget (core/jobs.py makes it the puzzle's whole time, rating too)."""
        return self.options.seconds


def targeted(options, rating: tuple[float, float] | None = None, must_use: str | None = None,
             first_hard: str | None = None, scale: str = "sukaku") -> Targeted:
    """Generator options whose level (a band of SE's rating) and highest technique become
    part of a target, with the target's other parts; ValueError where they cannot all hold."""
    from core.sudoku.rating import score_range

    if options.level is not None:
        band = score_range(options.level, HIGHEST)
        if rating is None:
            rating = band
        elif rating[1] < band[0] or band[1] < rating[0]:
            raise ValueError(f"--level {options.level} is SE {band[0]:.1f}-{band[1]:.1f}: no "
                             f"rating in {rating[0]:.1f}-{rating[1]:.1f} has it")
        else:
            rating = (max(rating[0], band[0]), min(rating[1], band[1]))
    target = Target(rating, must_use, first_hard, scale, options.max_technique)
    return Targeted(replace(options, level=None, max_technique=None), target)


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

    options, target = targeted.options, targeted.target
    if options.size != 9:
        raise ValueError("Sudoku Explainer rates 9x9 puzzles only")
    began = time.monotonic()
    stop = with_deadline(stop, options.seconds, began)
    plain = options.mask is None and options.level is None and options.max_technique is None
    # a puzzle on the way that meets the target will do, unless every given must count
    early = not options.minimal and options.clues is None
    trim = plain and early and target.must_use is not None
    # but a rating or a highest technique is met at the end of the removal (on the way,
    # puzzles of 80 givens meet "easy")
    guide = (_guide(target, early and target.rating is None and target.up_to is None)
             if plain and not trim else None)
    fish = _fish_rated(target) if plain and early and not trim else None
    one = replace(options, attempts=1, seconds=None)  # the time budget is the whole search's
    fish_time = other_time = 0.0  # seconds on candidates made to use the fish, on the others
    stopped = False
    for _ in range(options.attempts):
        if stop is not None and stop():
            stopped = True  # the budget (counted from the command's start) or the caller
            break
        start, fished = time.monotonic(), fish is not None and fish_time <= other_time
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
            if fished:
                fish_time += time.monotonic() - start
            else:
                other_time += time.monotonic() - start
        if target.met_by(puzzle, stop):
            return puzzle, solution
    if options.seconds is not None and (stopped or time.monotonic() - began >= options.seconds):
        raise GenerationFailed(f"no puzzle met the target in {options.seconds:g} s")
    raise GenerationFailed(f"no puzzle met the target in {options.attempts} candidates")


def _fish_rated(target: Target) -> Target | None:
    """For a rating range of at most 0.1 around a fish's difficulty (Swordfish 3.8, which
    only a Swordfish gives and which comes up in ~1 random puzzle of 1,000): the target of
    using that fish (its candidates are still judged by the rating)."""
    if target.rating is None or target.first_hard is not None:
        return None
    low, high = target.rating
    if round((high - low) * 10) > 1:
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
    brought in first. GenerationFailed when the technique is not used or stops being used."""
    adding = _Adding(solution, options.symmetry, target, stop)
    givens = list(puzzle.givens)
    result = explain(givens, target.scale, stop, allowed=target.allowed)
    if not uses(result, target.must_use):
        givens, result = _fish_brought_in(givens, result, adding, rng)
    for _ in range(TRIM_STEPS):
        if result.solved:
            break
        open_cells = [c for c in range(81) if not result.values[c]]
        rng.shuffle(open_cells)
        found = adding.first_keeping(open_cells[:TRIM_TRIES], givens)
        if found is None:
            break
        givens, result = found
    if not result.solved:
        raise GenerationFailed("the technique could not be kept")
    return puzzle.with_givens(givens)


class _Adding:
    """Givens added to a candidate (its solution's values, by symmetry orbits), judged by
    SE's techniques up to the one the target must use."""

    def __init__(self, solution, symmetry: str, target: Target, stop):
        from core.symmetry import orbits

        self.solution, self.target, self.stop = solution, target, stop
        self.orbit = {c: group for group in orbits(9, symmetry) for c in group}

    def placed(self, cell: int) -> list[tuple[int, int]]:
        return [(c, self.solution[c]) for c in self.orbit[cell]]

    def first_keeping(self, cells, givens) -> tuple[list[int], object] | None:
        """(givens, SE's result) with the first of the cells given that keeps the technique
        in use; None when none does."""
        for cell in cells:
            trial = list(givens)
            for c, v in self.placed(cell):
                trial[c] = v
            result = explain(trial, self.target.scale, self.stop, allowed=self.target.allowed)
            if uses(result, self.target.must_use):
                return trial, result
        return None

    def brings_in(self, stuck: Board, cell: int) -> bool:
        """SE's techniques, going on from the board where they got stuck with the cell
        given, come to the wanted one (cheaper than from the start, which as a rule agrees;
        first_keeping confirms)."""
        board = stuck.copy()
        for c, v in self.placed(cell):
            board.place(c, v)
        wanted = self.target.must_use
        result = explain_board(board, self.target.scale, self.stop, allowed=self.target.allowed,
                               until=lambda step: step.technique == wanted)
        return uses(result, wanted)


def _fish_brought_in(givens, result, adding: _Adding, rng) -> tuple[list[int], object]:
    """(givens, SE's result) with a cell given that brings the wanted fish in where SE's
    techniques got stuck short of it. GenerationFailed when the technique is no fish, SE
    solves the puzzle without it, or no cell brings it in."""
    degree = FISH_DEGREES.get(adding.target.must_use)
    if result.solved or degree is None:
        raise GenerationFailed("the technique is not used")
    stuck = Board.from_state(result.values, result.cands)
    one_per_orbit: dict[tuple, int] = {}
    for cell in _fish_blockers(stuck, adding.solution, degree):
        one_per_orbit.setdefault(adding.orbit[cell], cell)
    blockers = list(one_per_orbit.values())
    rng.shuffle(blockers)
    for cell in blockers[:TRIM_TRIES]:
        if adding.brings_in(stuck, cell):
            found = adding.first_keeping([cell], givens)
            if found is not None:
                return found
    raise GenerationFailed("the technique could not be brought in")


def _fish_blockers(stuck: Board, solution, degree: int) -> list[int]:
    """Where SE got stuck short of a fish: for `degree` base lines of a digit whose places
    lie in `degree` + 1 cross lines, the cell that alone puts the digit in one of them.
    Given its solution value (not the digit), it leaves a fish its next step may take."""
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
                    holders = [b for b in bases if positions[b * 9 + v - 1] >> i & 1]
                    if len(holders) != 1:
                        continue
                    base = holders[0]
                    cell = REGIONS[base][i]
                    # a base line left with one place would give a single, not a fish
                    if solution[cell] != v and positions[base * 9 + v - 1].bit_count() > 2:
                        cells.append(cell)
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
    last = max((names.index(t) for t in (target.must_use, target.first_hard, target.up_to)
                if t), default=None)
    if high is None and last is None:
        return None
    allowed = techniques_up_to(names[last], target.scale) if target.must_use else None
    if target.up_to is not None:
        highest = techniques_up_to(target.up_to, target.scale)
        allowed = highest if allowed is None else allowed & highest
    first = names.index(target.first_hard) if target.first_hard else None
    # only the first hard step wanted: SE need not go past it (nor solve the puzzle: it is
    # unique, and SE's last resort, nested chains, can take seconds on the way)
    until = target.until

    def keeps(givens, stop) -> bool:
        result = explain(givens, target.scale, stop, ceiling=high, allowed=allowed, until=until)
        if until is None and not result.solved:
            return False
        if high is not None and result.rating > high:
            return False
        hard = _first_hard(result)
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
