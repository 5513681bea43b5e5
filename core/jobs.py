"""Work that runs in a process pool, for the app's live checks and the command line's
`generate --jobs`: plain, picklable data in, typed results (core/family.py) out.

A CPU-bound check in a thread slows typing; in a process it does not (measured: a thread
doubled the key-to-screen latency, a process pool kept it at the idle baseline).
Every job gets a number in its slot of a shared array; starting a newer job in the slot, or
cancelling, changes the number, and the old job's `stop` callable sees that and ends its
search within a poll interval. Each call of `stop` is also counted in the slot, so the parent
can say how far a long search has gone (`JobPool.nodes`). Workers ignore Ctrl+C: the parent
cancels their slots. When the app has built the compiled engine in its background
(`JobPool.engine_built`), each worker loads it before its next job.
"""

from __future__ import annotations

import random
import signal
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace

from core import kinds
from core.errors import BadInput, GenerationFailed
from core.family import REDUNDANT_SECONDS, Checked, Context, Failed, Generated, NotRated
from core.search import STOP_EVERY, Stopped, with_cpu_budget, with_deadline

# Set in each worker process by `_start`: the pool's initializer is the only way to hand
# shared arrays to spawned children, so these module globals are deliberate.
_live_jobs = None
_polls = None  # calls of each slot's `stop` by its job (a search asks every STOP_EVERY nodes)
_builds = None  # how many times the pool's owner built the compiled engine
_builds_seen = 0  # ... as this worker last loaded it


def _start(live_jobs, polls=None, builds=None) -> None:
    global _live_jobs, _polls, _builds, _builds_seen
    _live_jobs, _polls, _builds = live_jobs, polls, builds
    _builds_seen = builds.value if builds is not None else 0
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a Ctrl+C that came while starting goes too
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _executor(workers: int, context, initargs):
    """A process pool whose workers start with Ctrl+C blocked until their initializer ignores
    it: a Ctrl+C while one starts (they start as jobs come) must not print its traceback."""
    from concurrent.futures import ProcessPoolExecutor

    class Executor(ProcessPoolExecutor):
        def _spawn_process(self):
            if not hasattr(signal, "pthread_sigmask"):
                return super()._spawn_process()
            old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
            try:
                return super()._spawn_process()
            finally:
                signal.pthread_sigmask(signal.SIG_SETMASK, old)

    return Executor(workers, mp_context=context, initializer=_start, initargs=initargs)


def stop_of(slot: int | None, job: int | None):
    """The job's stop callable, which counts its calls; None for a job run in this process
    (no pool, no slot)."""
    if slot is None:
        return None
    _load_engine_built()  # every job asks for its stop first

    def stop() -> bool:
        if _polls is not None:
            _polls[slot] += 1
        return _live_jobs[slot] != job
    return stop


def _load_engine_built() -> None:
    """In a worker: the compiled engine's modules built since it last looked, loaded."""
    global _builds_seen
    if _builds is not None and _builds.value != _builds_seen:
        from core import native

        _builds_seen = _builds.value
        native.load_built()


class JobPool:
    """One process pool with a job number per named slot (e.g. check, rate, generate)."""

    def __init__(self, workers: int = 2,
                 slots: tuple[str, ...] = ("check", "redundant", "rate", "suggest", "generate",
                                           "candidates")):
        import multiprocessing  # here: a command run in one process does not load it

        context = multiprocessing.get_context("spawn")
        self.slots = slots
        self.live = context.Array("q", len(slots), lock=False)
        self.polls = context.Array("q", len(slots), lock=False)
        self.builds = context.Value("q", 0, lock=False)
        self.executor = _executor(workers, context, (self.live, self.polls, self.builds))

    def next_job(self, slot: str) -> tuple[int, int]:
        """Supersede whatever runs in the slot; the new job's (slot index, number)."""
        index = self.slots.index(slot)
        self.live[index] += 1
        self.polls[index] = 0
        return index, self.live[index]

    def engine_built(self) -> None:
        """The compiled engine was built since the workers started: each loads it before its
        next job (a job running meanwhile ends on the Python engine)."""
        self.builds.value += 1

    def nodes(self, slot: str) -> int:
        """About how many search nodes the slot's job has visited so far."""
        return self.polls[self.slots.index(slot)] * STOP_EVERY

    def cancel(self, slot: str) -> None:
        self.live[self.slots.index(slot)] += 1

    def is_live(self, slot: str, job: int) -> bool:
        return self.live[self.slots.index(slot)] == job

    def shutdown(self, wait: bool = False) -> None:
        for slot in self.slots:
            self.cancel(slot)
        self.executor.shutdown(wait=wait, cancel_futures=True)


def check(slot: int, job: int, kind: str, puzzle, context: Context) -> Checked | Failed:
    """Count to two (the givens that could go are a job of their own: `redundant`)."""
    stop = stop_of(slot, job)
    try:
        checked = kinds.by_name(kind).check(puzzle, 2, stop, context)
    except Exception as error:  # a bug or a missing dictionary must reach the screen
        return Failed(_message(error))
    return Failed(stopped=True) if stop() else checked


def redundant(slot: int, job: int, kind: str, puzzle, context: Context, solution=None):
    """A unique puzzle's givens that could go, and those not decided within the family's
    budget (REDUNDANT_SECONDS): (found, undecided), or Failed."""
    stop = stop_of(slot, job)
    try:
        found, undecided = kinds.by_name(kind).redundant(
            puzzle, with_deadline(stop, REDUNDANT_SECONDS), context, solution)
    except Exception as error:  # a bug must reach the screen, not kill the pool silently
        return Failed(_message(error))
    return Failed(stopped=True) if stop() else (found, undecided)


def rate(slot: int | None, job: int | None, kind: str, puzzle, context: Context,
         seconds: float | None = None, began: float | None = None):
    """The family's rating (with its steps), or Failed (`bad_input`: the dictionary;
    `stopped`: cancelled, or not done within `seconds` from `began`, else from now)."""
    stop = with_deadline(stop_of(slot, job), seconds, began)
    try:
        rating = kinds.by_name(kind).rate(puzzle, stop, context)
    except (NotRated, Stopped) as error:  # a stopped count reads as "no solution": ask
        return Failed(stopped=True) if stop and stop() else Failed(str(error))
    except BadInput as error:  # a ナンクロ dictionary missing or damaged
        return Failed(str(error), bad_input=True)
    except Exception as error:  # a bug must reach the screen, not kill the pool silently
        return Failed(_message(error))
    return Failed(stopped=True) if stop and stop() else rating


def rate_timed(slot: int | None, job: int | None, kind: str, puzzle, context: Context,
               seconds: float | None = None, began: float | None = None):
    """`rate` within `seconds` and the seconds it took (rate FILE --jobs: each puzzle's
    own time)."""
    start = time.perf_counter()
    return rate(slot, job, kind, puzzle, context, seconds, began), time.perf_counter() - start


def candidates(slot: int | None, job: int | None, kind: str, puzzle, support: int = 1,
               seconds: float | None = None):
    """The family's true candidates (core.candidates.TrueCandidates; partial when `seconds`
    ran out first), or Failed (`stopped`: superseded or cancelled; a bug's message)."""
    live = stop_of(slot, job)
    try:
        found = kinds.by_name(kind).true_candidates(puzzle, support,
                                                    with_deadline(live, seconds))
    except Exception as error:  # a bug must reach the screen, not kill the pool silently
        return Failed(_message(error))
    return Failed(stopped=True) if live is not None and live() else found


def making_unique(slot: int, job: int, kind: str, puzzle, context: Context):
    """Givens that would make a puzzle of several solutions unique, or Failed."""
    stop = stop_of(slot, job)
    try:
        found = kinds.by_name(kind).making_unique(puzzle, stop, context)
    except Exception as error:  # a bug must reach the screen, not kill the pool silently
        return Failed(_message(error))
    return Failed(stopped=True) if stop() else found


def generate(slot: int | None, job: int | None, name: str, options, seed: int,
             context: Context, rated: bool = False, began: float | None = None
             ) -> Generated | Failed:
    """One puzzle of generator `name` (core.kinds.GENERATORS), made with `seed`."""
    return make(name, options, seed, context, rated, stop_of(slot, job), began)


SUMMARY = "summary"  # rated= for a line a person reads: see summary_rating
SUMMARY_SECONDS = 0.25  # the least a summary's rating may take (a 9x9's median is ~10 ms)


def make(name: str, options, seed: int, context: Context, rated: bool | str = False,
         stop=None, began: float | None = None) -> Generated | Failed:
    """`generate` in this process (the command line without --jobs). The options' time
    budget (`seconds`) is the puzzle's whole time from `began` (time.monotonic(); now when
    None): making it, and rating it with what is left. `rated`: True, or SUMMARY for the
    line a person watching reads (summary_rating)."""
    family, _ = kinds.generator(name)
    budget = with_deadline(stop, getattr(options, "seconds", None), began)
    start = time.process_time()
    try:
        made = family.generate(options, random.Random(seed), budget, context,
                               rated is True)
        if rated == SUMMARY:
            made = summary_rating(family, made, budget, time.process_time() - start, context)
    except GenerationFailed as error:
        return Failed(str(error), stopped=bool(stop and stop()))
    except ValueError as error:  # a missing dictionary, or options the family refused
        return Failed(str(error), bad_input=True)
    except Exception as error:  # a bug must reach the caller, not kill the pool silently
        return Failed(repr(error))
    return Generated(made.puzzle, made.solution, seed, made.rating, made.notes)


def summary_rating(family, made: Generated, stop, making: float, context: Context
                   ) -> Generated:
    """The puzzle with the rating its summary line says, given as much CPU time as the making
    took (at least SUMMARY_SECONDS; CPU, so that the answer does not hang on the machine's
    load): a line said on a terminal never costs more than the puzzle
    (a 16x16's ladder rating took 2.6 s after a 0.05 s making); past that it is said
    unrated, and `puzzle-tui rate` rates it."""
    limit = with_cpu_budget(stop, max(SUMMARY_SECONDS, making))
    try:
        rating = family.rate(made.puzzle, limit, context)
    except (NotRated, Stopped):
        if not limit():
            return made  # a puzzle its family does not rate
        rating = None
    if limit():  # a rater stopped part way may say what it saw
        notes = {"not_rated": "rating it would take longer than making it (puzzle-tui rate "
                              "rates it)"}
        return replace(made, rating=None, notes={**made.notes, **notes})
    return replace(made, rating=rating)


@dataclass(frozen=True)
class Ready:
    """A result known without running a job (a line that did not parse), kept in its place
    among the jobs' results."""

    value: object


def in_order(job: Callable, tasks: Iterable, workers: int, slot: str) -> Iterator:
    """`job(slot, number, *task)` for each task (a job function of this module), results in
    task order; a `Ready` task is its own result. One worker: in this process, unstoppable;
    more: in a pool, at most two tasks a worker in flight (a huge input streams), and when
    the caller stops (Ctrl+C, an error) the jobs still running are cancelled."""
    if workers <= 1:
        for task in tasks:
            yield task.value if isinstance(task, Ready) else job(None, None, *task)
        return
    pool = JobPool(workers, (slot,))
    try:
        index, number = pool.next_job(slot)
        pending: deque = deque()
        for task in tasks:
            pending.append(task if isinstance(task, Ready) else
                           pool.executor.submit(job, index, number, *task))
            if len(pending) >= 2 * workers:
                yield _result(pending.popleft())
        while pending:
            yield _result(pending.popleft())
    finally:
        pool.shutdown(wait=True)  # cancelled jobs see their stop and end within ~ms


def _result(pending):
    return pending.value if isinstance(pending, Ready) else pending.result()


def _message(error: Exception) -> str:
    return str(error) if isinstance(error, BadInput) else repr(error)
