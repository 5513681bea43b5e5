"""Building a bank: seed after seed, each a task (generate, rate, canonical form) that runs in
a local process pool or on a Dask cluster, and one writer that stores the results in seed
order. In seed order, the puzzles a bank holds depend only on its spec and first seed, not on
how many workers made them or where, and a resumed build goes on exactly where it stopped."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from core import jobs, kinds
from core.bank.store import Bank, Entry, Missed
from core.family import Context, Failed


@dataclass(frozen=True)
class Spec:
    """What a bank is built from: a generator (core.kinds.generator) and the values of its
    fields, plain data so that it travels to any worker."""

    generator: str
    values: dict = field(default_factory=dict)
    dictionary: str | None = None  # ナンクロ: the dictionary to fill from

    def as_dict(self) -> dict:
        return {"generator": self.generator, "values": self.values,
                "dictionary": self.dictionary}


def entry(spec: Spec, seed: int, stop: Callable[[], bool] | None = None) -> Entry | Missed:
    """One seed's puzzle, rated and in canonical form (the task every worker runs)."""
    family, generator = kinds.generator(spec.generator)  # loads only its family
    options = generator.options(dict(spec.values))
    context = Context.choosing(dict=spec.dictionary)  # ナンクロ's own need
    made = jobs.make(spec.generator, options, seed, context, family.rated, stop)
    if isinstance(made, Failed):
        return Missed(seed, made.error)
    rating = made.rating
    return Entry(puzzle=family.format(made.puzzle, generator.many_style).rstrip("\n"),
                 solution=family.solution_text(made.puzzle, made.solution, True),
                 canonical=family.canonical(made.puzzle),
                 rating=getattr(rating, "score", None),
                 level=getattr(rating, "level", None),
                 hardest=getattr(rating, "hardest", None), seed=seed, generator=spec.generator)


def pool_entry(slot: int, job: int, spec: Spec, seed: int) -> Entry | Missed:
    """`entry` as a job of a local pool (core.jobs.JobPool), stopped when the build is."""
    return entry(spec, seed, jobs.stop_of(slot, job))


Submit = Callable[[Spec, int], object]  # a seed's task submitted: a future with .result()


def build(bank: Bank, spec: Spec, count: int, submit: Submit, window: int,
          on_result: Callable[[bool], None] = lambda stored: None) -> int:
    """Fill the bank up to `count` puzzles from its next seed on, with at most `window` tasks
    in flight; the puzzles stored now."""
    stored = bank.size()
    if stored >= count:
        return stored
    results = _in_order(spec, _seeds(bank.next_seed), submit, window)
    try:
        for result in results:
            added = bank.record(result)
            stored += added
            on_result(added)
            if stored >= count:
                break
    finally:
        results.close()  # the tasks still in flight are cancelled
    return stored


def _seeds(first: int) -> Iterator[int]:
    seed = first
    while True:
        yield seed
        seed += 1


def _in_order(spec: Spec, seeds: Iterator[int], submit: Submit, window: int
              ) -> Iterator[Entry | Missed]:
    """The results in seed order, with `window` tasks in flight."""
    pending: deque = deque()
    try:
        while True:
            while len(pending) < window:
                seed = next(seeds)
                pending.append((seed, submit(spec, seed)))
            seed, future = pending.popleft()
            try:
                result = future.result()
            except Exception as error:  # a bug, or a worker lost: said, not a traceback
                raise TaskFailed(f"seed {seed}: {error!r}") from None
            yield result
    finally:
        for _, future in pending:
            future.cancel()


class TaskFailed(Exception):
    """A task raised instead of giving a result; the bank keeps what it had."""


def first_seed(seed: int | None) -> int:
    return seed if seed is not None else random.SystemRandom().randrange(2 ** 32)
