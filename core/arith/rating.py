"""A masked calculation's difficulty for a person, from the steps of core/arith/logic.py, on
the workbench's own arithmetic scale (no other tool rates 虫食算 or 覆面算, so the number is
ours and said as such wherever it shows, never to be read as Sudoku Explainer's).

The score is the hardest step's: 1.0 a units digit, 1.2 the only digit left, 1.3 a carry, 1.5
the only letter for a digit, 1.4 to 2.6 a column tried in the head (0.4 more for every tenfold
of ways), 2.0 a size bound, 1.8 to 2.8 two columns at once, 3.0 to 3.9 a case split (longer
refutations higher); a calculation the steps do not finish scores 4.0 and up by the ways left
to try (log10 of them, a tenth each, at most 9.9). The levels cut the score where the kind of
step changes: easy below 2.0 (nothing but single columns of a few ways), medium below 3.0,
hard below 4.0 (a case split), expert from 4.0 (trial and error).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from core.arith import logic
from core.search import Stopped

SCALE = "workbench arithmetic"
LEVELS = ("easy", "medium", "hard", "expert")
CUTS = (2.0, 3.0, 4.0)  # the scores where medium, hard and expert start
TRIAL = "trial and error"


@dataclass(frozen=True)
class Rating:
    score: float  # on the workbench arithmetic scale
    level: str
    hardest: str | None  # the hardest step's technique ("trial and error" when unfinished)
    techniques: dict[str, int]  # technique -> times used
    steps: tuple[logic.Step, ...]
    complete: bool  # the steps finish the calculation
    ways_left: float = 0.0  # log10 of the ways left to try where they do not
    scale: str = SCALE

    def as_dict(self) -> dict:
        return {"score": self.score, "level": self.level, "hardest": self.hardest,
                "techniques": self.techniques, "scale": self.scale, "steps": len(self.steps),
                "complete": self.complete}

    def score_text(self) -> str:
        """'score 2.5 (workbench arithmetic scale)': the number never reads as SE's."""
        return f"score {self.score:.1f} ({self.scale} scale)"

    def headline(self) -> str:
        """'medium, score 2.5 (workbench arithmetic scale), hardest: two columns'."""
        return (f"{self.level}, score {self.score:.1f} ({self.scale} scale), hardest: "
                f"{self.hardest}")

    def summary(self) -> str:
        used = ", ".join(f"{name} ×{times}" for name, times in self.techniques.items())
        return (f"{self.level} (score {self.score:.1f}, {self.scale} scale); hardest: "
                f"{self.hardest}; {used}")

    def walkthrough(self) -> list[str]:
        """The steps in words, numbered; what a person only keeps in mind (a carry
        narrowed) is left out; a note where the steps stop short."""
        said = [step for step in self.steps if not step.kept_in_mind]
        lines = [f"{n:3}. {step.text}" for n, step in enumerate(said, 1)]
        if not self.complete:
            lines.append(f"     stuck: no step applies; about 10^{self.ways_left:.0f} ways are "
                         "left to try by trial and error")
        return lines


def level_of(score: float) -> str:
    return LEVELS[sum(score >= cut for cut in CUTS)]


def rating_of(solved: logic.Solved) -> Rating:
    techniques: dict[str, int] = {}
    for step in solved.steps:
        techniques[step.technique] = techniques.get(step.technique, 0) + 1
    hardest = max(solved.steps, key=lambda s: s.score, default=None)
    if solved.complete:
        score = hardest.score if hardest else 1.0
        name = hardest.technique if hardest else None
    else:
        score, name = min(9.9, 4.0 + 0.1 * solved.ways_left), TRIAL
    return Rating(round(score, 2), level_of(score), name, techniques, solved.steps,
                  solved.complete, solved.ways_left)


def rate(puzzle, stop: Callable[[], bool] | None = None) -> Rating:
    """The rating of a calculation known to be unique (the caller counts first)."""
    return rating_of(logic.solve(puzzle, stop))


def level_of_puzzle(puzzle, stop: Callable[[], bool] | None = None) -> str | None:
    """The level, or None when `stop` ended the rating first (a generator moves on)."""
    try:
        return rate(puzzle, stop).level
    except Stopped:
        return None


def fits_level(puzzle, level: str, stop: Callable[[], bool] | None = None) -> bool:
    """A person's steps finish the calculation (so it is unique) within `level`."""
    try:
        rating = rate(puzzle, stop)
    except Stopped:
        return False
    return rating.complete and LEVELS.index(rating.level) <= LEVELS.index(level)
