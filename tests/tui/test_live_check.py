"""The live check says how far a long search has gone and stops on Esc (or on the next
edit); the Sudoku panel never calls a puzzle minimal while givens are undecided."""

import random

from core import sudoku
from core.sudoku.model import geometry
from tests.tui.conftest import wait_for
from tui.app import PuzzleApp
from tui.widgets.document_tabs import DocumentTabs
from tui.widgets.sudoku_grid import SudokuGrid


def slow_to_count() -> sudoku.Puzzle:
    """A 25x25 with 240 givens of one filling and, in a blank, a symbol of none of its peers
    that the filling does not hold there: counting it takes minutes, on either engine."""
    n = 25
    shape = sudoku.Shape.of_size(n)
    filled = sudoku.solve(sudoku.Puzzle(shape, (0,) * n * n))
    kept = set(random.Random(0).sample(range(n * n), 240))
    givens = [v if c in kept else 0 for c, v in enumerate(filled)]
    cell = random.Random(0).choice([c for c in range(n * n) if not givens[c]])
    peers = {givens[p] for p in geometry(shape).peers[cell]}
    givens[cell] = min(set(range(1, n + 1)) - peers - {filled[cell]})
    return sudoku.Puzzle(shape, tuple(givens))


def shown(app, selector: str) -> str:
    return str(app.screen.query_one(selector).render())


async def test_a_long_check_shows_its_progress_and_esc_stops_it(pool):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(120, 40)) as pilot:
        app.edit(slow_to_count())
        await wait_for(pilot, lambda: isinstance(app.focused, SudokuGrid)
                       and "nodes" in shown(app, "#progress"))
        editor = app.screen
        progress = shown(app, "#progress")
        assert " checking " in progress and progress.endswith(" nodes\nEsc stops")
        assert shown(app, "#uniqueness") == "checking…"
        # the count of nodes grows as the search goes on
        await wait_for(pilot, lambda: shown(app, "#progress") != progress)
        assert shown(app, "#uniqueness") == "checking…"
        await pilot.press("escape")
        assert shown(app, "#uniqueness") == "check stopped (edit to check again)"
        assert not editor.query_one("#progress").display and not editor.live.running
        await pilot.press("delete")  # an edit checks again
        await wait_for(pilot, lambda: editor.live.running == {"check"})
        await pilot.press("escape")
        assert not editor.live.running


async def test_undecided_givens_are_said_and_the_puzzle_is_not_called_minimal(pool):
    """The redundant pass ran out of time on two givens: the panel names them instead of
    claiming every given is needed."""
    app = PuzzleApp(pool=pool)
    puzzle = sudoku.parse("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3"
                          "....4.9........")
    async with app.run_test(size=(120, 40)) as pilot:
        app.edit(puzzle)
        await wait_for(pilot, lambda: isinstance(app.focused, SudokuGrid)
                       and app.screen.redundancy(puzzle) is not None)
        editor = app.screen
        found, undecided = editor.redundancy(puzzle)
        assert not found and not undecided  # top1465 #1 is minimal, decided in time
        assert "minimal: every given is needed" in shown(app, "#details")
        editor.live.found.put("redundant", puzzle, ((), (0, 4)))
        editor.show_check()
        details = shown(app, "#details")
        assert "2 givens undecided in 10 s (r1c1, r1c5)" in details
        assert "minimal" not in details


EASTER_MONSTER = ("1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2....."
                  "1")  # SE 11.9: its rating takes far longer than this test


def rating_workers(app, editor) -> list:
    return [w for w in app.workers if w.node is editor and w.group == "rate"
            and not w.is_finished]


async def test_a_rating_esc_stopped_stays_stopped_over_a_tab_switch_until_an_edit(pool):
    app = PuzzleApp(pool=pool)
    async with app.run_test(size=(120, 40)) as pilot:
        app.edit(sudoku.parse(EASTER_MONSTER))
        await wait_for(pilot, lambda: isinstance(app.focused, SudokuGrid)
                       and "rate" in app.screen.live.running)
        first = app.screen
        await pilot.press("escape")
        assert shown(app, "#difficulty") == "rating stopped (edit to rate again)"
        app.edit(sudoku.parse(EASTER_MONSTER.replace("1", ".", 1)))  # another tab
        await wait_for(pilot, lambda: app.screen is not first)
        await pilot.press("ctrl+pageup")  # back: the tabs are mounted after it is shown
        await wait_for(pilot, lambda: app.screen is first and first.query(DocumentTabs))
        assert not rating_workers(app, first) and not first.live.running
        assert shown(app, "#difficulty") == "rating stopped (edit to rate again)"
        await pilot.press("right", "5")  # an edit, then undone: the same puzzle rates again
        await wait_for(pilot, lambda: first.puzzle.givens[1] == 5)
        await pilot.press("ctrl+z")
        await wait_for(pilot, lambda: "rate" in first.live.running)
        await pilot.press("escape")


def test_a_documents_memory_is_bounded_and_forgets_the_oldest_first():
    from tui.live_check import Known

    known = Known(most=3)
    for n in range(3):
        known.put("check", n, f"count {n}")
    known.put("check", 0, "count 0 again")  # kept again: now the newest
    known.put("rate", 0, "rating 0")  # another work on the same state is its own entry
    assert known.get("check", 1) is None  # the oldest went
    assert [known.get("check", n) for n in (0, 2)] == ["count 0 again", "count 2"]
    assert known.get("rate", 0) == "rating 0" and known.get("rate", 2) is None
