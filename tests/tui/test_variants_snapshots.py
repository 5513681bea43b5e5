"""A snapshot of the variants editor (looked at as a picture before it was committed)."""

from core.variants import formats
from tests.core.variants.test_drawing import EVERYTHING
from tests.core.variants.test_formats import SAMPLE
from tests.tui.conftest import wait_for
from tui.app import PuzzleApp
from tui.screens.variants_editor import VariantsEditor


def test_variants_editor_unique(snap_compare, pool):
    app = PuzzleApp(pool=pool)

    async def settled(pilot):
        app.edit(formats.parse(SAMPLE))
        await wait_for(pilot, lambda: isinstance(app.screen, VariantsEditor)
                       and app.screen.found == 1
                       and "hardest" in str(app.screen.query_one("#difficulty").render()))
        await pilot.pause()

    assert snap_compare(app, terminal_size=(110, 36), run_before=settled)


def test_variants_editor_with_todays_constraints(snap_compare, pool):
    """Every line kind in its colour and tint, with the other new marks, the classic ones
    and the legend (the puzzle print is tested with)."""
    app = PuzzleApp(pool=pool)

    async def settled(pilot):
        app.edit(formats.parse(EVERYTHING))
        await wait_for(pilot, lambda: isinstance(app.screen, VariantsEditor)
                       and app.screen.found is not None)
        await pilot.pause()

    assert snap_compare(app, terminal_size=(100, 40), run_before=settled)


def test_variants_editor_at_80x24(snap_compare, pool):
    """Clues on all four sides at 80x24: the grid whole, the panel's keys wrapped beside it."""
    app = PuzzleApp(pool=pool)

    async def settled(pilot):
        app.edit(formats.parse(SAMPLE))
        await wait_for(pilot, lambda: isinstance(app.screen, VariantsEditor)
                       and app.screen.found == 1 and not app.screen.live.running
                       and "hardest" in str(app.screen.query_one("#difficulty").render()))
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=settled)
