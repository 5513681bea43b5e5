"""Work that runs in the app's process pool: plain, picklable data in and out.

A CPU-bound check in a thread slows typing; in a process it does not (see CONVENTIONS.md).
Every job gets a number in its slot of a shared array; starting a newer job in the slot, or
cancelling, changes the number, and the old job's `stop` callable sees that and ends its search.
"""

from __future__ import annotations

import functools
import multiprocessing
import random
from concurrent.futures import ProcessPoolExecutor

from core import sudoku
from core.errors import GenerationFailed

SLOTS = ("check", "rate", "generate")

# Set in each worker process by `_start`: the pool's initializer is the only way to hand a
# shared array to spawned children, so this one module global is deliberate.
_live_jobs = None


def _start(live_jobs) -> None:
    global _live_jobs
    _live_jobs = live_jobs


def _stop(slot: int, job: int):
    return lambda: _live_jobs[slot] != job


class JobPool:
    """One process pool for the app's lifetime, with a job number per slot."""

    def __init__(self, workers: int = 2):
        context = multiprocessing.get_context("spawn")
        self.live = context.Array("q", len(SLOTS), lock=False)
        self.executor = ProcessPoolExecutor(workers, mp_context=context, initializer=_start,
                                            initargs=(self.live,))

    def next_job(self, slot: str) -> tuple[int, int]:
        """Supersede whatever runs in the slot; the new job's (slot index, number)."""
        index = SLOTS.index(slot)
        self.live[index] += 1
        return index, self.live[index]

    def cancel(self, slot: str) -> None:
        self.live[SLOTS.index(slot)] += 1

    def is_live(self, slot: str, job: int) -> bool:
        return self.live[SLOTS.index(slot)] == job

    def shutdown(self) -> None:
        for slot in SLOTS:
            self.cancel(slot)
        self.executor.shutdown(wait=False, cancel_futures=True)


def check_sudoku(slot: int, job: int, size: int, givens: tuple[int, ...]) -> dict:
    """Count to two; when unique, also the givens that could go (redundant ones)."""
    stop = _stop(slot, job)
    puzzle = sudoku.Puzzle(sudoku.Shape.of_size(size), givens)
    try:
        result = sudoku.count(puzzle, limit=2, stop=stop)
        redundant = []
        if result.unique:
            for cell, v in enumerate(givens):
                if v:
                    looser = givens[:cell] + (0,) + givens[cell + 1:]
                    if sudoku.count(puzzle.with_givens(looser), 2, stop).unique:
                        redundant.append(cell)
                    if stop():
                        return {"stopped": True}
    except Exception as error:  # a bug must reach the screen, not kill the pool silently
        return {"error": repr(error)}
    return {"stopped": result.stopped, "count": result.count, "differs": list(result.differs),
            "clashes": [list(pair) for pair in result.clashes],
            "solution": list(result.solution) if result.solution else None,
            "answer": list(result.solution) if result.solution else None,
            "redundant": redundant}


def rate_sudoku(slot: int, job: int, size: int, givens: tuple[int, ...]) -> dict:
    stop = _stop(slot, job)
    puzzle = sudoku.Puzzle(sudoku.Shape.of_size(size), givens)
    try:
        rating = sudoku.rate(puzzle, stop=stop)
    except ValueError as error:
        return {"error": str(error)}
    if stop():
        return {"stopped": True}
    return {**rating.as_dict(), "solved": rating.solved, "steps": [s.text for s in rating.steps]}


def generate_sudoku(slot: int, job: int, options: sudoku.Options, seed: int) -> dict:
    stop = _stop(slot, job)
    try:
        puzzle, solution = sudoku.generate(options, random.Random(seed), stop=stop)
    except GenerationFailed as error:
        return {"stopped": stop(), "error": str(error)}
    return {"givens": list(puzzle.givens), "size": puzzle.size}


def check_arith(slot: int, job: int, puzzle) -> dict:
    """Count to two; the solutions as printed (the editor compares them cell by cell)."""
    from core import arith

    try:
        result = arith.count(puzzle, limit=2, stop=_stop(slot, job))
    except Exception as error:  # a bug must reach the screen, not kill the pool silently
        return {"error": repr(error)}
    return {"stopped": result.stopped, "count": result.count,
            "differs": arith.cell_names(puzzle, result.differs),
            "answer": list(result.solution) if result.solution else None,
            "solutions": [arith.format(arith.filled(puzzle, s)) for s in result.solutions]}


def generate_arith(slot: int, job: int, options, seed: int) -> dict:
    from core import arith

    try:
        puzzle, _ = arith.generate(options, random.Random(seed))
    except GenerationFailed as error:
        return {"stopped": _stop(slot, job)(), "error": str(error)}
    return {"text": arith.format(puzzle)}


def generate_alphametic(slot: int, job: int, n_words: int, seed: int) -> dict:
    """An alphametic from the default English word list (the list is made once a worker)."""
    from core import arith
    from core.arith.alphametic import generate_alphametic as make

    stop = _stop(slot, job)
    try:
        puzzle = make(n_words, random.Random(seed), _english_words(), seconds=60, stop=stop)
    except (GenerationFailed, ValueError) as error:
        return {"stopped": stop(), "error": str(error)}
    return {"text": arith.format(puzzle)}


@functools.cache
def _english_words() -> tuple[str, ...]:
    from core.arith.alphametic import english_words

    return tuple(english_words())


def check_numcro(slot: int, job: int, puzzle, source: str) -> dict:
    """`source`: `builtin:LANG` or a dictionary folder, opened once a worker."""
    from core import numcro
    from dictionaries import DictionaryError
    from dictionaries.defaults import open_source

    try:
        result = numcro.count(puzzle, open_source(source), limit=2, stop=_stop(slot, job))
    except DictionaryError as error:
        return {"error": str(error)}
    except Exception as error:  # a bug must reach the screen, not kill the pool silently
        return {"error": repr(error)}
    solution = [list(pair) for pair in result.solution] if result.solution else None
    return {"stopped": result.stopped, "count": result.count, "differs": list(result.differs),
            "solution": solution, "answer": solution, "nodes": result.nodes}


def generate_numcro(slot: int, job: int, options, source: str, seed: int,
                    text: str | None = None) -> dict:
    """With `text`, the author's own words fill the grid (unique against them and the
    dictionary)."""
    from core.numcro.generator import generate, own_words, words_of_text
    from core.numcro.wordsets import word_sets
    from dictionaries import DictionaryError
    from dictionaries.defaults import open_source

    stop = _stop(slot, job)
    try:
        dictionary = open_source(source)
        if text is None:
            fill = check = word_sets(dictionary)
        else:
            fill, check = own_words(words_of_text(text, options.lang), dictionary)
        made = generate(options, fill, check, random.Random(seed), stop=stop)
    except (GenerationFailed, DictionaryError) as error:
        return {"stopped": stop(), "error": str(error)}
    return {"puzzle": made.puzzle, "level": made.level}
