"""The process pool's jobs: the redundant-givens job agrees with the family, and a slot's
search reports how far it has gone."""

import time
from pathlib import Path

import pytest

from core import jobs, sudoku
from core.family import Context, Failed
from core.jobs import JobPool
from core.sudoku.family import SUDOKU

SAMPLE = Path(__file__).resolve().parents[2] / "puzzles" / "sudoku" / "hard_rot180.txt"


def test_the_redundant_job_finds_what_the_family_finds():
    puzzle = sudoku.parse(SAMPLE.read_text())
    pool = JobPool(1)
    try:
        index, job = pool.next_job("redundant")
        found, undecided = pool.executor.submit(
            jobs.redundant, index, job, "sudoku", puzzle, Context()).result()
    finally:
        pool.shutdown()
    assert (found, undecided) == SUDOKU.redundant(puzzle)
    assert found and not undecided  # six givens could go, each decided


def test_a_slots_search_reports_its_nodes_and_stops_when_cancelled():
    empty = sudoku.Puzzle(sudoku.Shape.of_size(16), (0,) * 256)
    pool = JobPool(1)
    try:
        index, job = pool.next_job("suggest")  # making an empty 16x16 unique: a long search
        running = pool.executor.submit(jobs.making_unique, index, job, "sudoku", empty,
                                       Context())
        deadline = time.monotonic() + 20
        while pool.nodes("suggest") == 0 and time.monotonic() < deadline:
            time.sleep(0.05)
        first = pool.nodes("suggest")
        time.sleep(0.3)
        assert 0 < first < pool.nodes("suggest")
        pool.cancel("suggest")
        assert running.result(timeout=10).stopped
        pool.next_job("suggest")
        assert pool.nodes("suggest") == 0  # a new job starts from nothing
    finally:
        pool.shutdown()


def test_the_candidates_job_answers_as_the_family_and_a_newer_job_stops_it():
    from core.kinds import by_name

    six = sudoku.Puzzle(sudoku.Shape.of_size(6), (1, 2, 3, 4, 5, 6) + (0,) * 30)
    empty = sudoku.Puzzle(sudoku.Shape.of_size(16), (0,) * 256)
    pool = JobPool(1)
    try:
        index, job = pool.next_job("candidates")
        found = pool.executor.submit(jobs.candidates, index, job, "sudoku", six, 8).result()
        assert found == by_name("sudoku").true_candidates(six, 8) and not found.partial
        index, job = pool.next_job("candidates")  # support 255 on an empty 16x16: long
        running = pool.executor.submit(jobs.candidates, index, job, "sudoku", empty, 255)
        deadline = time.monotonic() + 20
        while pool.nodes("candidates") == 0 and time.monotonic() < deadline:
            time.sleep(0.05)
        pool.next_job("candidates")  # an edit: the running job is stale
        assert running.result(timeout=10).stopped
    finally:
        pool.shutdown()
    budget = jobs.candidates(None, None, "sudoku", empty, 255, seconds=0.1)
    assert budget.partial and budget.support[0]  # what it found by then
    failed = jobs.candidates(None, None, "arith", None)
    assert isinstance(failed, Failed) and "no true candidates" in failed.error


def test_a_summary_rating_takes_no_longer_than_the_making():
    """A line said on a terminal rates within as long as the making took: rated when it
    fits, else said unrated with how to rate it (the stop here ends the rating at its
    third poll, as a deadline would)."""
    import random

    from core import kinds
    from core.family import NO_CONTEXT
    from core.jobs import summary_rating
    from core.search import node_capped
    from core.sudoku.generator import Options

    family = kinds.by_name("sudoku")
    made = family.generate(Options(), random.Random(1), None, NO_CONTEXT, False)
    assert made.rating is None
    rated = summary_rating(family, made, None, 60.0, NO_CONTEXT)
    assert rated.rating == family.rate(made.puzzle) and not rated.notes
    sixteen = family.generate(Options(size=16), random.Random(1), None, NO_CONTEXT, False)
    cut = summary_rating(family, sixteen, node_capped(None, 3), 0.0, NO_CONTEXT)
    assert cut.rating is None and cut.puzzle == sixteen.puzzle
    assert cut.notes["not_rated"] == ("rating it would take longer than making it "
                                      "(puzzle-tui rate rates it)")


WORKER_ENGINE = "__import__('core.native', fromlist=['native']).missing()"


def test_a_worker_loads_the_compiled_engine_built_after_it_started():
    """make run's app builds the compiled engine in its background: a worker that started on
    the Python engine runs its next job compiled once the pool is told."""
    from core import native

    if native.missing():
        pytest.skip(f"the compiled engine does not run: {native.slow_parts()}")
    puzzle = sudoku.parse(SAMPLE.read_text())
    pool = JobPool(1)
    try:
        # the worker as one started before the build: no compiled part loaded
        pool.executor.submit(exec, "from core import native\nfor part, *_ in native.PARTS: "
                                   "setattr(native, part, None)").result()
        assert pool.executor.submit(eval, WORKER_ENGINE).result() == [
            "engine", "variants", "rater", "rater chains"]
        index, job = pool.next_job("check")
        before = pool.executor.submit(jobs.check, index, job, "sudoku", puzzle,
                                      Context()).result()
        pool.engine_built()
        assert pool.executor.submit(eval, WORKER_ENGINE).result()  # loaded at the next job
        index, job = pool.next_job("check")
        after = pool.executor.submit(jobs.check, index, job, "sudoku", puzzle,
                                     Context()).result()
        assert pool.executor.submit(eval, WORKER_ENGINE).result() == []
    finally:
        pool.shutdown()
    assert before.count.count == after.count.count == 1  # the same answer, either engine
    assert before.count.solutions == after.count.solutions
