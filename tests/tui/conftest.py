import time

import pytest

from tui.workers import JobPool


@pytest.fixture(scope="session")
def pool():
    shared = JobPool()
    yield shared
    shared.shutdown()


@pytest.fixture(autouse=True)
def app_home(tmp_path, monkeypatch):
    """Recent files, recovery copies and built-in dictionaries go to a fresh folder in each
    test."""
    home = tmp_path / "home"
    monkeypatch.setenv("PUZZLE_WORKBENCH_HOME", str(home))
    monkeypatch.setenv("PUZZLE_WORKBENCH_DATA", str(home / "data"))
    return home


async def wait_for(pilot, condition, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("condition not met in time")
        await pilot.pause(0.05)
