import time

import pytest

from core.jobs import JobPool


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
