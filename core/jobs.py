"""Work that runs in a process pool, for the app's live checks and the command line's
`generate --jobs`: plain, picklable data in, typed results (core/family.py) out.

A CPU-bound check in a thread slows typing; in a process it does not (see CONVENTIONS.md).
Every job gets a number in its slot of a shared array; starting a newer job in the slot, or
cancelling, changes the number, and the old job's `stop` callable sees that and ends its
search within a poll interval. Workers ignore Ctrl+C: the parent cancels their slots.
"""

from __future__ import annotations

import random
import signal

from core import kinds
from core.errors import GenerationFailed
from core.family import Checked, Context, Failed, Generated, NotRated

# Set in each worker process by `_start`: the pool's initializer is the only way to hand a
# shared array to spawned children, so this one module global is deliberate.
_live_jobs = None


def _start(live_jobs) -> None:
    global _live_jobs
    _live_jobs = live_jobs
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop(slot: int, job: int):
    return lambda: _live_jobs[slot] != job


class JobPool:
    """One process pool with a job number per named slot (e.g. check, rate, generate)."""

    def __init__(self, workers: int = 2,
                 slots: tuple[str, ...] = ("check", "rate", "suggest", "generate")):
        import multiprocessing  # here: a command run in one process does not load it
        from concurrent.futures import ProcessPoolExecutor

        context = multiprocessing.get_context("spawn")
        self.slots = slots
        self.live = context.Array("q", len(slots), lock=False)
        self.executor = ProcessPoolExecutor(workers, mp_context=context, initializer=_start,
                                            initargs=(self.live,))

    def next_job(self, slot: str) -> tuple[int, int]:
        """Supersede whatever runs in the slot; the new job's (slot index, number)."""
        index = self.slots.index(slot)
        self.live[index] += 1
        return index, self.live[index]

    def cancel(self, slot: str) -> None:
        self.live[self.slots.index(slot)] += 1

    def is_live(self, slot: str, job: int) -> bool:
        return self.live[self.slots.index(slot)] == job

    def shutdown(self, wait: bool = False) -> None:
        for slot in self.slots:
            self.cancel(slot)
        self.executor.shutdown(wait=wait, cancel_futures=True)


def check(slot: int, job: int, kind: str, puzzle, context: Context,
          with_redundant: bool = False) -> Checked | Failed:
    """Count to two; when asked and unique, also the givens that could go."""
    stop = _stop(slot, job)
    try:
        checked = kinds.by_name(kind).check(puzzle, 2, stop, context, with_redundant)
    except Exception as error:  # a bug or a missing dictionary must reach the screen
        return Failed(_message(error))
    return Failed(stopped=True) if stop() else checked


def rate(slot: int, job: int, kind: str, puzzle, context: Context):
    """The family's rating (with its steps), or Failed."""
    stop = _stop(slot, job)
    try:
        rating = kinds.by_name(kind).rate(puzzle, stop, context)
    except NotRated as error:
        return Failed(str(error))
    except Exception as error:  # a bug must reach the screen, not kill the pool silently
        return Failed(_message(error))
    return Failed(stopped=True) if stop() else rating


def making_unique(slot: int, job: int, kind: str, puzzle, context: Context):
    """Givens that would make a puzzle of several solutions unique, or Failed."""
    stop = _stop(slot, job)
    try:
        found = kinds.by_name(kind).making_unique(puzzle, stop, context)
    except Exception as error:  # a bug must reach the screen, not kill the pool silently
        return Failed(_message(error))
    return Failed(stopped=True) if stop() else found


def generate(slot: int, job: int, name: str, options, seed: int, context: Context,
             rated: bool = False) -> Generated | Failed:
    """One puzzle of generator `name` (core.kinds.GENERATORS), made with `seed`."""
    return make(name, options, seed, context, rated, _stop(slot, job))


def make(name: str, options, seed: int, context: Context, rated: bool = False,
         stop=None) -> Generated | Failed:
    """`generate` in this process (the command line without --jobs)."""
    family, _ = kinds.generator(name)
    try:
        made = family.generate(options, random.Random(seed), stop, context, rated)
    except GenerationFailed as error:
        return Failed(str(error), stopped=bool(stop and stop()))
    except ValueError as error:  # a missing dictionary, or options the family refused
        return Failed(str(error), bad_input=True)
    except Exception as error:  # a bug must reach the caller, not kill the pool silently
        return Failed(repr(error))
    return Generated(made.puzzle, made.solution, seed, made.rating, made.notes)


def bank_entry(slot: int, job: int, spec, seed: int):
    """One seed's puzzle for a bank (core.bank.entry), stopped when the build is cancelled."""
    from core.bank import entry

    return entry(spec, seed, _stop(slot, job))


def _message(error: Exception) -> str:
    from dictionaries import DictionaryError

    return str(error) if isinstance(error, DictionaryError) else repr(error)
