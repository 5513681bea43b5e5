import pytest

from dictionaries import defaults


@pytest.fixture(autouse=True)
def fresh_dictionaries():
    """open_source and open_default keep what they opened for the process: a test that opens
    a built-in dictionary in its own data folder must not hand it to the next test."""
    yield
    defaults.forget_opened()
