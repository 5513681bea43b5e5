import time

import pytest

from core.jobs import JobPool
from tui.widgets.keys import keys_on_their_way


@pytest.fixture(scope="session")
def pool():
    shared = JobPool()
    yield shared
    shared.shutdown()


async def wait_for(pilot, condition, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("condition not met in time")
        await pilot.pause(0.05)


async def checked_editor(pilot, app, editor_type):
    """The editor of `editor_type` in front once its first check has said how many solutions
    the puzzle has."""
    await wait_for(pilot, lambda: isinstance(app.screen, editor_type)
                   and app.screen.found is not None)
    return app.screen


def key_event(key: str):
    """The Key event Pilot sends for `key` (a name like "right", or one character)."""
    import unicodedata

    from textual import events
    from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key

    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    try:
        char = unicodedata.lookup(_get_unicode_name_from_key(REPLACED_KEYS.get(key, key)))
    except KeyError:
        char = key if len(key) == 1 else None
    return events.Key(key, char)


async def burst(pilot, *keys: str) -> None:
    """Keys delivered at once, as a paste, a laggy link or key repeat delivers them: posted
    to the app back to back, none waiting for the one before to be handled."""
    for key in keys:
        event = key_event(key)
        event.set_sender(pilot.app)
        pilot.app.post_message(event)
    for _ in range(5):
        await pilot.pause(0.05)
    # keys handed on to where an earlier key moved the focus arrive later: wait for them
    await wait_for(pilot, lambda: not keys_on_their_way(pilot.app))
    await pilot.pause(0.1)


async def paced(pilot, *keys: str) -> None:
    """The same keys typed one by one, each handled before the next is pressed."""
    for key in keys:
        await pilot.press(key)
        await pilot.pause(0.02)


async def palette(pilot, *words: str) -> None:
    """A command chosen in the command palette as an author does: ctrl+p, its words typed,
    enter once the palette has found it (its search runs in the background: under load it
    lags the keys)."""
    from textual.command import CommandList

    def found() -> bool:
        results = pilot.app.screen.query(CommandList)
        if not results or results.first().highlighted is None:
            return False
        option = results.first().get_option_at_index(results.first().highlighted)
        prompt = getattr(option.prompt, "plain", str(option.prompt))
        return all(word.lower() in prompt.lower() for word in words)

    await pilot.press("ctrl+p")
    await pilot.press(*" ".join(words))
    await wait_for(pilot, found)
    await pilot.press("enter")
