"""Sudoku Explainer's rating loop: take the first hint of the first technique (in SE's order)
that has one, apply it, and rate the puzzle by the hardest step taken.

Two scales: "sukaku" (Sukaku Explainer v1.15.10's serate, SE 1.2.1 plus skyscrapers, kites,
WXYZ-wings...) and "classic" (SE 1.2.1 with gsf's serate 1.2.1.3)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from core.search import Stopped
from core.sudoku.explainer.board import Board
from core.sudoku.explainer.hint import Hint, se_round

Producer = Callable[[Board], Iterator[Hint]]
BEYOND = 20.0  # SE's rating of a valid puzzle its techniques cannot finish
SCALES = ("sukaku", "classic")


@dataclass(frozen=True)
class SeStep:
    name: str  # SE's name of the technique
    difficulty: float  # rounded as serate prints it
    text: str


@dataclass(frozen=True)
class SeResult:
    rating: float  # serate's number: the hardest step, rounded; 20.0 when SE gets stuck
    hardest: str | None  # SE's name of the hardest step
    steps: tuple[SeStep, ...]
    solved: bool


def producers(scale: str, stop=None) -> tuple[Producer, ...]:
    from core.sudoku.explainer.techniques import SCALE_PRODUCERS

    if scale not in SCALE_PRODUCERS:
        raise ValueError(f"unknown scale {scale!r}; one of {', '.join(SCALES)}")
    return SCALE_PRODUCERS[scale](stop)


def explain(givens, scale: str = "sukaku", stop: Callable[[], bool] | None = None,
            ceiling: float | None = None) -> SeResult:
    """Rate 81 givens (0 = empty) as SE does. `ceiling`: give up once a step is harder.
    When `stop` says so, the steps so far are returned, unsolved."""
    board = Board.from_givens(givens)
    techniques = producers(scale, stop)
    difficulty, hardest, steps = 0.0, None, []
    while not board.solved:
        try:
            if stop is not None and stop():
                raise Stopped
            hint = first_hint(board, techniques)
        except Stopped:
            return SeResult(se_round(difficulty), hardest, tuple(steps), False)
        if hint is None:
            return SeResult(BEYOND, "Beyond solver", tuple(steps), False)
        if hint.difficulty > difficulty:
            difficulty, hardest = hint.difficulty, hint.name
        steps.append(SeStep(hint.name, se_round(hint.difficulty), hint.describe()))
        before = board.copy()
        hint.apply(board)
        if board.same(before):
            return SeResult(BEYOND, "Beyond solver", tuple(steps), False)  # SE would loop
        if ceiling is not None and difficulty > ceiling:
            break
    return SeResult(se_round(difficulty), hardest, tuple(steps), board.solved)


def first_hint(board: Board, techniques) -> Hint | None:
    for produce in techniques:
        for hint in produce(board):
            return hint
    return None
