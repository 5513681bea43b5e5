"""The differential corpus of the Sudoku Explainer rater's two engines: the boards met while
rating puzzles (each board the rating loop looks for a hint on), and on each of them every
hint of every technique with a compiled twin, and the direct rounds, on both engines."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from contextlib import contextmanager

from core import native
from core.sudoku.explainer import direct, rater
from core.sudoku.explainer.board import Board
from core.sudoku.explainer.chains import Chaining
from core.sudoku.explainer.rater import producers


@contextmanager
def engine(compiled: bool):
    """Run the rater's searches on one engine (the compiled one must have loaded)."""
    module = native.explainer
    if compiled and module is None:
        raise RuntimeError(f"the compiled rater does not run: {native.why_python_explainer}")
    native.explainer = module if compiled else None
    try:
        yield
    finally:
        native.explainer = module


def read_puzzles(path, limit: int | None = None, step: int = 1,
                 start: int = 0) -> list[list[int]]:
    """The puzzles (first column) of a rated set, every `step`-th from `start`, at most
    `limit`."""
    rows = [line.split()[0] for line in open(path) if line.strip() and not line.startswith("#")]
    rows = rows[start::step][:limit]
    return [[int(c) if c.isdigit() else 0 for c in row] for row in rows]


def run_start(step: int) -> int:
    """Where this run's sample of every `step`-th puzzle starts: a new place each run, so the
    runs together cover the whole set; RATER_SAMPLE_START repeats a run's sample."""
    chosen = os.environ.get("RATER_SAMPLE_START")
    return int(chosen) % step if chosen else random.randrange(step)


def boards_met(givens: list[int], scale: str, chains: bool = False) -> list[Board]:
    """The boards the Python rater looks for a hint on while rating the puzzle (without chains
    unless `chains`: its rating then ends at the first step that needs one)."""
    met: list[Board] = []
    first_hint = rater.first_hint

    def spy(board, techniques):
        met.append(board.copy())
        return first_hint(board, techniques)

    names = [name for name, produce in producers(scale)
             if chains or not isinstance(produce, Chaining)]
    rater.first_hint = spy
    try:
        with engine(False):
            rater.explain(givens, scale, allowed=names)
    finally:
        rater.first_hint = first_hint
    return met


def _signature(hint) -> tuple:
    return (hint.name, hint.difficulty, tuple(hint.removals.items()), hint.cell, hint.value,
            hint.text, hint.shape)


def _all_hints(board: Board, scale: str) -> dict[str, list[tuple]]:
    return {name: [_signature(h) for h in produce(board.copy())]
            for name, produce in producers(scale) if not isinstance(produce, Chaining)}


def _rounds(board: Board, allowed) -> tuple:
    board = board.copy()
    rounds = [(level.name, level.difficulty, n)
              for level, n in direct.direct_rounds(board, allowed)]
    return rounds, board.values, board.cands, board.positions


ROUND_LIMITS = (None, frozenset({"Hidden Single", "Naked Single"}),
                frozenset({"Hidden Single", "Direct Hidden Pair", "Direct Hidden Triplet"}))


def differences(boards: list[Board], scale: str) -> Iterator[str]:
    """Every technique's hints and the direct rounds on each board, on both engines: a line
    per difference."""
    for k, board in enumerate(boards):
        with engine(False):
            expected = _all_hints(board, scale)
            rounds = [_rounds(board, allowed) for allowed in ROUND_LIMITS]
        with engine(True):
            got = _all_hints(board, scale)
            got_rounds = [_rounds(board, allowed) for allowed in ROUND_LIMITS]
        for name, hints in expected.items():
            if got[name] != hints:
                yield (f"board {k} ({scale}) {board.state()}: {name}: Python {hints[:3]}... "
                       f"({len(hints)}), compiled {got[name][:3]}... ({len(got[name])})")
        if got_rounds != rounds:
            yield f"board {k} ({scale}) {board.state()}: direct rounds differ"
