"""A Sudoku's rating, whichever rater made it (core/sudoku/logic.py chooses: Sudoku
Explainer on 9x9, the workbench ladder on other sizes; the variants logic for variants):
its steps, its score on a named scale, and its level, a band of the score."""

from __future__ import annotations

import math
from dataclasses import dataclass

from core.sudoku.model import SYMBOLS, cell_name


@dataclass(frozen=True)
class Step:
    technique: str
    score: float
    placements: tuple[tuple[int, int], ...] = ()  # (cell, symbol)
    eliminations: tuple[tuple[int, int], ...] = ()  # (cell, symbol)
    text: str = ""


# A level is a band of the score: at most this much (SE's ratings have one decimal). The
# bands follow the techniques that setters name: easy, singles and SE's direct techniques
# (up to a direct hidden pair, 2.0); medium, naked singles, pointing, claiming, pairs and the
# X-Wing (3.4); hard, triplets, Swordfish, skyscrapers and kites, XY- and XYZ-Wings (4.4);
# expert, unique rectangles, quads, Jellyfish, BUGs, the bigger wings, aligned pair
# exclusion (6.2); master, chains and forcing chains up to SE 9.0; above, dynamic and nested
# forcing chains: trial and error.
LEVEL_BANDS = (("easy", 2.0), ("medium", 3.4), ("hard", 4.4), ("expert", 6.2),
               ("master", 9.0), ("needs-guessing", math.inf))
LEVELS = tuple(level for level, _ in LEVEL_BANDS)
GUESSING_SCORE = 10.0  # a workbench ladder stuck: its rest needs trial and error

SE_SCALES = ("sukaku", "classic")  # Sudoku Explainer's: Sukaku Explainer 1.15.10, SE 1.2.1.3
SCALE_NAMES = {
    "sukaku": "Sukaku Explainer scale",
    "classic": "Sudoku Explainer classic scale",
    "workbench": "workbench scale",  # core.sudoku.ladder: grids other than 9x9
    "variants": "workbench variants scale",  # core.variants.logic
}


def level_of_score(score: float) -> str:
    return next(level for level, top in LEVEL_BANDS if score <= top)


def score_range(level: str, highest: float) -> tuple[float, float]:
    """The scores (one decimal) of a level's band, the top one capped at `highest`."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; one of {', '.join(LEVELS)}")
    at = LEVELS.index(level)
    low = round(LEVEL_BANDS[at - 1][1] + 0.1, 1) if at else 0.0
    return low, min(LEVEL_BANDS[at][1], highest)


@dataclass(frozen=True)
class Rating:
    score: float  # on `scale`
    level: str  # the band of the score
    hardest: str | None  # the technique of the hardest step
    techniques: dict[str, int]  # technique -> times used, in order of first use
    steps: tuple[Step, ...]  # the walkthrough
    solved: bool  # the steps reach the solution
    scale: str = "workbench"  # a key of SCALE_NAMES
    hardest_at: int | None = None  # the hardest step's index (None: the first top score)

    @property
    def on_se_scale(self) -> bool:
        return self.scale in SE_SCALES

    def as_dict(self) -> dict:
        return {"score": self.score, "level": self.level, "hardest": self.hardest,
                "techniques": self.techniques, "scale": self.scale}

    def score_text(self) -> str:
        """'SE 4.0 (Sukaku Explainer scale)'; on a workbench scale 'score 8.0 (workbench
        variants scale)', as arithmetic's, so that the number never reads as SE's."""
        if self.on_se_scale:
            return f"SE {self.score:.1f} ({SCALE_NAMES[self.scale]})"
        return f"score {self.score:.1f} ({SCALE_NAMES[self.scale]})"

    def headline(self) -> str:
        """'hard, SE 4.0 (Sukaku Explainer scale), hardest: Skyscraper'."""
        return f"{self.level}, {self.score_text()}, hardest: {self.hardest or 'none'}"

    def summary(self) -> str:
        used = ", ".join(f"{name} ×{times}" for name, times in self.techniques.items())
        return f"{self.headline()}; {used}"

    def step_label(self, step: Step) -> str:
        """'Skyscraper · SE 4.0 (Sukaku Explainer scale)': a step's technique, with its SE
        rating where it has one and the scale named, since SE's two scales differ."""
        if not self.on_se_scale:
            return step.technique
        return f"{step.technique} · SE {step.score:.1f} ({SCALE_NAMES[self.scale]})"

    def hardest_index(self) -> int | None:
        """The step that `hardest` names: the rater's own, else the first of the top score."""
        if not self.steps:
            return None
        if self.hardest_at is not None:
            return self.hardest_at
        top = max(step.score for step in self.steps)
        return next(i for i, step in enumerate(self.steps) if step.score == top)

    def walkthrough(self) -> list[str]:
        """Every step in words, numbered (SE's rating before each on its scale), the hardest
        marked; a note when the rater got stuck."""
        hardest = self.hardest_index()
        lines = []
        for number, step in enumerate(self.steps, 1):
            score = f"{step.score:4.1f} " if self.on_se_scale else ""
            mark = "  ◀ hardest" if number - 1 == hardest else ""
            lines.append(f"{number:3}. {score}{step.text}{mark}")
        if not self.solved:
            lines.append("     stuck: no technique applies; the rest needs guessing")
        return lines


def said(placements, eliminations, size: int) -> str:
    """A step's conclusion: 'r1c2 = 5', 'r4c4, r4c5 ≠ 4'."""
    by_symbol: dict[int, list[int]] = {}
    for cell, v in eliminations:
        by_symbol.setdefault(v, []).append(cell)
    return "; ".join([f"{cell_name(cell, size)} = {SYMBOLS[v - 1]}" for cell, v in placements]
                     + [f"{', '.join(cell_name(c, size) for c in cells)} ≠ {SYMBOLS[v - 1]}"
                        for v, cells in by_symbol.items()])
