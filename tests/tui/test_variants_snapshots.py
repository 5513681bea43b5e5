"""A snapshot of the variants editor (looked at as a picture before it was committed)."""

from core.variants import formats
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


TODAY = """kind: variants
size: 9
whisper: r1c1 r1c2 r1c3
whisper 4: r2c1 r2c2 r2c3
renban: r3c1 r3c2 r3c3 r4c3
regionsum: r1c5 r2c5 r3c5 r4c5 r5c5
palindrome: r5c1 r6c2 r7c3
between: r8c1 r8c2 r8c3 r8c4
entropic: r1c7 r1c8 r1c9 r2c9
modular: r3c7 r3c8 r3c9
zipper: r4c7 r5c7 r6c7 r6c8
doublearrow: r7c5 r7c6 r7c7
slowthermo: r9c5 r9c6 r9c7 r8c7
nabner: r9c1 r9c2 r9c3
white 3: r2c6-r2c7
quad: r4c1=1379 r6c4=25 r7c8=4
clone: r5c2 r5c3 | r7c1 r7c2
minimum: r2c4
maximum: r6c9 r7c9
rowindexer: r4c2
columnindexer: r6c5
boxindexer: r6c6
candidates: r3c4=135 r8c8=2468
xsum 15: r1c0
xsum 25: r10c3
skyscraper 3: r0c4
skyscraper 2: r5c10
"""


def test_variants_editor_with_todays_constraints(snap_compare, pool):
    """Every line kind in its colour and tint, with the other new marks and the legend."""
    app = PuzzleApp(pool=pool)

    async def settled(pilot):
        app.edit(formats.parse(TODAY))
        await wait_for(pilot, lambda: isinstance(app.screen, VariantsEditor)
                       and app.screen.found is not None)
        await pilot.pause()

    assert snap_compare(app, terminal_size=(100, 40), run_before=settled)
