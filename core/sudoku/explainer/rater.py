"""Sudoku Explainer's rating loop: take the first hint of the first technique (in SE's order)
that has one, apply it, and rate the puzzle by the hardest step taken.

Two scales: "sukaku" (Sukaku Explainer v1.15.10's serate, SE 1.2.1 plus skyscrapers, kites,
WXYZ-wings...) and "classic" (SE 1.2.1 with gsf's serate 1.2.1.3)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from core.search import Stopped
from core.sudoku.explainer.board import Board, digits
from core.sudoku.explainer.direct import direct_rounds
from core.sudoku.explainer.hint import Hint, se_round

Producer = Callable[[Board], Iterator[Hint]]
BEYOND = 20.0  # SE's rating of a valid puzzle its techniques cannot finish
SCALES = ("sukaku", "classic")


@dataclass(frozen=True)
class SeStep:
    name: str  # SE's name of the hint, e.g. "Unique Rectangle type 2"
    difficulty: float  # rounded as serate prints it
    text: str
    technique: str = ""  # the SE technique that found it, e.g. "Unique Rectangle / Loop"
    reason: str = ""  # what the step sees, without its conclusion (steps=True only)
    placements: tuple[tuple[int, int], ...] = ()  # (cell, digit) it fills (steps=True only)
    eliminations: tuple[tuple[int, int], ...] = ()  # (cell, digit) it removes (steps=True only)


@dataclass(frozen=True)
class SeResult:
    rating: float  # serate's number: the hardest step, rounded; 20.0 when SE gets stuck
    hardest: str | None  # SE's name of the hardest step
    steps: tuple[SeStep, ...]
    solved: bool
    values: tuple[int, ...] = ()  # the board when the rating ended (0 = not filled)
    cands: tuple[int, ...] = ()  # and its candidates (9-bit sets)
    hardest_at: int = -1  # the index in `steps` of the hardest step (the first of them)


def producers(scale: str, stop=None) -> tuple[tuple[str, Producer], ...]:
    """(SE's technique name, producer) in the scale's order."""
    from core.sudoku.explainer.techniques import SCALE_PRODUCERS

    if scale not in SCALE_PRODUCERS:
        raise ValueError(f"unknown scale {scale!r}; one of {', '.join(SCALES)}")
    return SCALE_PRODUCERS[scale](stop)


def explain(givens, scale: str = "sukaku", stop: Callable[[], bool] | None = None,
            ceiling: float | None = None, allowed=None,
            until: Callable[[SeStep], bool] | None = None, steps: bool = False) -> SeResult:
    """Rate 81 givens (0 = empty) as SE does. `ceiling`: give up once a step is harder;
    `allowed`: only these techniques (SE's names), as SE's technique selection does; `until`:
    end after the step it accepts. `steps`: SE's every step (slower); else its direct steps
    come in bulk, a step per round of one kind (core.sudoku.explainer.direct), with the same
    rating. When `stop` says so, the steps so far are returned, unsolved."""
    return explain_board(Board.from_givens(givens), scale, stop, ceiling, allowed, until, steps)


def explain_board(board: Board, scale: str = "sukaku", stop: Callable[[], bool] | None = None,
                  ceiling: float | None = None, allowed=None,
                  until: Callable[[SeStep], bool] | None = None,
                  steps: bool = False) -> SeResult:
    """explain() from a board part way (which it changes): SE's steps from there on."""
    techniques = [(name, produce) for name, produce in producers(scale, stop)
                  if allowed is None or name in allowed]
    if not steps:
        techniques = [(name, produce) for name, produce in techniques if name not in DIRECT]
    run = _Run(ceiling, until)
    while not board.solved:
        if not steps:
            for level, placed in direct_rounds(board, allowed):
                text = f"{placed} value{'s' if placed > 1 else ''} placed"
                if run.record(SeStep(level.name, level.difficulty, text, level.technique),
                              level.difficulty, level.name):
                    return run.result(board)
            if board.solved:
                break
        try:
            if stop is not None and stop():
                raise Stopped
            technique, hint = first_hint(board, techniques)
        except Stopped:
            return run.result(board, solved=False)
        if hint is None:
            return run.beyond(board)
        before = board.copy()
        hint.apply(board)
        if board.same(before):  # SE would loop
            return run.beyond(board)
        step = _step(hint, technique, before)
        if run.record(step, hint.difficulty, hint.name):
            break
    return run.result(board)


def _step(hint: Hint, technique: str, before: Board) -> SeStep:
    """The step a hint takes on the board before it: its name, rating, words and changes."""
    removed = tuple((cell, v) for cell, mask in hint.removals.items()
                    for v in digits(before.cands[cell] & mask))
    placed = ((hint.cell, hint.value),) if hint.cell >= 0 else ()
    return SeStep(hint.name, se_round(hint.difficulty), hint.describe(), technique, hint.text,
                  placed, removed)


DIRECT = ("Hidden Single", "Direct Pointing", "Direct Hidden Pair", "Naked Single",
          "Direct Hidden Triplet")


class _Run:
    """The steps so far and the hardest; whether the caller's limits end the rating."""

    def __init__(self, ceiling, until):
        self.ceiling, self.until = ceiling, until
        self.difficulty, self.hardest, self.steps = 0.0, None, []
        self.hardest_at = -1

    def record(self, step: SeStep, difficulty: float, name: str) -> bool:
        self.steps.append(step)
        if difficulty > self.difficulty:
            self.difficulty, self.hardest = difficulty, name
            self.hardest_at = len(self.steps) - 1
        return bool((self.ceiling is not None and self.difficulty > self.ceiling)
                    or (self.until and self.until(step)))

    def result(self, board: Board, solved: bool | None = None) -> SeResult:
        solved = board.solved if solved is None else solved
        return SeResult(se_round(self.difficulty), self.hardest, tuple(self.steps), solved,
                        tuple(board.values), tuple(board.cands), self.hardest_at)

    def beyond(self, board: Board) -> SeResult:
        """SE got stuck: rated beyond its solver."""
        return SeResult(BEYOND, "Beyond solver", tuple(self.steps), False, tuple(board.values),
                        tuple(board.cands))


def first_hint(board: Board, techniques) -> tuple[str, Hint | None]:
    """(technique, hint): the first hint of the first technique that has one."""
    for name, produce in techniques:
        for hint in produce(board):
            return name, hint
    return "", None
