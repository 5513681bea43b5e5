"""An editor's work in the process pool: the check after each edit (debounced, and remembered
by puzzle so that undo shows it at once), and whatever else the editor runs there (rating,
suggestions, redundant givens), each in a slot of its own. A newer job in a slot supersedes
the one before; the status panel shows each running job's time and search nodes; Esc stops
them all. Results are the typed ones of core/jobs.py."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from core import jobs
from core.family import Checked, Failed

DEBOUNCE = 0.15  # seconds between the last keystroke and the check it starts
KEPT = 500  # results a document remembers by puzzle state (undo shows them at once)


class Known:
    """What a document's jobs found (checks, ratings, the givens that could go), by the work
    and the puzzle state it was for: one bounded memory, the oldest forgotten first."""

    def __init__(self, most: int = KEPT) -> None:
        self.most = most
        self._found: dict[tuple, object] = {}

    def get(self, work: str, state):
        return self._found.get((work, state))

    def put(self, work: str, state, result) -> None:
        self._found.pop((work, state), None)  # kept again: the newest
        self._found[work, state] = result
        while len(self._found) > self.most:
            del self._found[next(iter(self._found))]


class LiveCheck:
    """Runs the editor's pool jobs; the editor (a Textual node) hosts their workers and
    timers, and its `status` panel shows them while it `can_show`."""

    def __init__(self, editor, slots: tuple[str, ...]) -> None:
        self.editor, self.slots = editor, slots
        self.found = Known()  # finished checks, ratings...: what undo shows at once
        self.running: set[str] = set()  # slots with a job in flight
        self._debounce = None
        self._held: tuple = (None, frozenset())  # (puzzle state, slots) Esc stopped

    @property
    def pool(self) -> jobs.JobPool:
        return self.editor.app.pool

    def known(self, key: tuple) -> Checked | None:
        return self.found.get("check", key)

    def remember(self, key: tuple, result: Checked) -> None:
        self.found.put("check", key, result)

    def schedule(self, then: Callable, now: bool = False) -> None:
        """The puzzle changed: every running job is stale; `then()` starts the check, after a
        pause for more keys unless `now`."""
        self.stop()
        if now:
            then()
        else:
            self._debounce = self.editor.set_timer(DEBOUNCE, then)

    def stop(self) -> set[str]:
        """Stop every job (an edit, Esc); the slots that were running."""
        if self._debounce is not None:
            self._debounce.stop()
            self._debounce = None
        stopped = set(self.running)
        for slot in self.slots:
            self.pool.cancel(slot)
            self.editor.status.idle(slot)
        self.running.clear()
        return stopped

    def hold(self) -> set[str]:
        """Esc: stop every job, and keep the slots it stopped stopped for this state of the
        puzzle (coming back to its tab does not start them again; an edit does)."""
        stopped = self.stop()
        if stopped:
            self._held = (self.editor.check_key(), frozenset(stopped))
        return stopped

    def release(self) -> None:
        """The puzzle was edited: what Esc stopped may run again."""
        self._held = (None, frozenset())

    def held(self, slot: str) -> bool:
        state, slots = self._held
        return slot in slots and state == self.editor.check_key()

    def start(self, slot: str, work: Callable, *args, then: Callable) -> None:
        """`work(slot index, job, *args)` in the pool, then `then(result)` on the editor,
        unless an edit, Esc or a newer job in the slot superseded it; a slot Esc stopped for
        this state of the puzzle only says so."""
        if self.held(slot):
            self.editor.jobs_stopped({slot})
            return
        async def run() -> None:
            result = await self.run(slot, work, *args)
            if result is not None:
                then(result)
        self.editor.run_worker(run, group=slot, exclusive=True)

    async def run(self, slot: str, work: Callable, *args):
        """The job's result; None when superseded or the editor closed meanwhile."""
        pool, editor = self.pool, self.editor
        puzzle = editor.puzzle
        index, job = pool.next_job(slot)
        self.running.add(slot)
        editor.status.busy(slot, lambda: pool.nodes(slot))
        loop = asyncio.get_running_loop()
        result = await loop.run_in_executor(pool.executor, work, index, job, *args)
        if not editor.can_show or not pool.is_live(slot, job) or puzzle != editor.puzzle:
            return None
        self.running.discard(slot)
        editor.status.idle(slot)
        return result

    @staticmethod
    def stopped(result) -> bool:
        return isinstance(result, Failed) and result.stopped
