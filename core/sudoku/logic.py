"""How hard a Sudoku is for a person: one rater per puzzle, whose steps are the walkthrough.

A 9x9 puzzle is rated as Sudoku Explainer rates it (core.sudoku.explainer, whose numbers
match SE's): the score, the hardest step, the techniques and every step the editor's stepper
walks are SE's, on the scale asked for (Sukaku Explainer's, the default, or classic SE's).
SE rates 9x9 grids only: other sizes are rated by the workbench's own ladder
(core.sudoku.ladder), and Sudoku variants by theirs (core.variants.logic); each names its own
scale and never says SE. What a rating holds, and the levels (bands of the score, the
README's table), are in core/sudoku/rating.py.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from core.sudoku.model import Puzzle
from core.sudoku.rating import Rating, Step, level_of_score, said
from core.sudoku.solver import count


def rate(puzzle: Puzzle, stop: Callable[[], bool] | None = None,
         scale: str = "sukaku") -> Rating:
    """How hard the puzzle is for a person: 9x9 by Sudoku Explainer on `scale`, other sizes
    by the workbench ladder. A puzzle that is not unique cannot be rated (ValueError)."""
    checked = count(puzzle, limit=2, stop=stop)
    if not checked.unique:
        raise ValueError("no solution" if checked.count == 0 else "not unique: cannot be rated")
    if puzzle.size != 9:
        from core.sudoku.ladder import rate_by_ladder

        return rate_by_ladder(puzzle, stop)
    return rate_by_se(puzzle.givens, scale, stop)


def rate_by_se(givens, scale: str = "sukaku", stop: Callable[[], bool] | None = None
               ) -> Rating:
    """Sudoku Explainer's rating of 81 givens, every step of its solution kept."""
    from core.sudoku.explainer import explain

    se = explain(givens, scale, stop, steps=True)
    steps = tuple(Step(technique_of(s.name), s.difficulty, s.placements, s.eliminations,
                       _se_text(s)) for s in se.steps)
    used: dict[str, int] = {}
    for step in steps:
        used[step.technique] = used.get(step.technique, 0) + 1
    at = se.hardest_at if se.solved and se.hardest_at >= 0 else None
    hardest = steps[at].technique if at is not None else se.hardest
    return Rating(se.rating, level_of_score(se.rating), hardest, used, steps, se.solved, scale,
                  at)


# the codes SE adds to a technique's name: "WXYZ-Wing 137", "Grouped Skyscraper 01",
# "3-String Kite 1112 (Using 1 grouped strong link)" ("Unique Rectangle type 2" is a name)
SE_CODE = re.compile(r" \(Using \d+ grouped strong links?\)$|(?<!type) \d+$")


def technique_of(se_name: str) -> str:
    """The technique an SE step uses: its name without SE's code for the variant found."""
    return SE_CODE.sub("", SE_CODE.sub("", se_name))


def _se_text(step) -> str:
    """'Skyscraper 01: 3: r5c8-r5c4 in row 5, r9c4-r9c7 in row 9, so r6c7, r7c8 ≠ 3'."""
    done = said(step.placements, step.eliminations, 9)
    return f"{step.name}: {step.reason}, so {done}" if step.reason else f"{step.name}: {done}"
