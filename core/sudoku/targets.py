"""Puzzles to a target: Sudoku Explainer's rating in a range, a technique the solution needs,
or the first technique beyond singles. The generator's puzzles are kept when SE's solution
(core.sudoku.explainer) meets the target; everything else about them (symmetry, clues) stays
the generator's."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from core.errors import GenerationFailed
from core.sudoku.explainer import explain
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


def generate(targeted: Targeted, rng: random.Random,
             stop: Callable[[], bool] | None = None) -> tuple[Puzzle, tuple[int, ...]]:
    """The first candidate that meets the target (GenerationFailed after `attempts`)."""
    from core.sudoku.generator import generate as candidate

    options, target = targeted.options, targeted.target
    if options.size != 9:
        raise ValueError("Sudoku Explainer rates 9x9 puzzles only")
    plain = options.mask is None and options.level is None and options.max_technique is None
    # a puzzle on the way that meets the target will do, unless every given must count
    early = not options.minimal and options.clues is None
    trim = plain and early and target.must_use is not None
    guide = _guide(target, early) if plain and not trim else None
    one = replace(options, attempts=1)
    for _ in range(options.attempts):
        if stop is not None and stop():
            break
        try:
            if guide is not None:
                puzzle, solution = _reduced(options, guide, rng, stop)
            else:
                puzzle, solution = candidate(one, rng, stop)
                if trim:
                    puzzle = _trimmed(puzzle, solution, options, target, rng, stop)
        except GenerationFailed:
            continue
        if target.met_by(puzzle, stop):
            return puzzle, solution
    raise GenerationFailed(f"no puzzle met the target in {options.attempts} candidates")


TRIM_STEPS = 40  # givens added, at most, to bring a puzzle within a technique
TRIM_TRIES = 6  # cells tried for each


def _trimmed(puzzle, solution, options, target: Target, rng, stop) -> Puzzle:
    """A puzzle whose solution uses the wanted technique, with givens added (solution
    values, by symmetry orbits) where SE's techniques up to it get stuck, as long as the
    technique stays in use, until they solve it. GenerationFailed when the technique is not
    used or stops being used."""
    from core.symmetry import orbits

    names = technique_names(target.scale)
    allowed = frozenset(names[:names.index(target.must_use) + 1])
    orbit = {c: group for group in orbits(9, options.symmetry) for c in group}
    givens = list(puzzle.givens)

    def uses(trial):
        result = explain(trial, target.scale, stop, allowed=allowed)
        return result, any(s.technique == target.must_use for s in result.steps)

    result, used = uses(givens)
    for _ in range(TRIM_STEPS):
        if not used:
            break
        if result.solved:
            return puzzle.with_givens(givens)
        open_cells = [c for c in range(81) if not result.values[c]]
        rng.shuffle(open_cells)
        for cell in open_cells[:TRIM_TRIES]:
            trial = list(givens)
            for c in orbit[cell]:
                trial[c] = solution[c]
            trial_result, trial_used = uses(trial)
            if trial_used:
                givens, result, used = trial, trial_result, True
                break
        else:
            break
    raise GenerationFailed("the technique could not be kept")


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

    def keeps(givens, stop) -> bool:
        result = explain(givens, target.scale, stop, ceiling=high, allowed=allowed)
        if not result.solved or (high is not None and result.rating > high):
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
