import pytest


@pytest.fixture(autouse=True)
def app_home(tmp_path, monkeypatch):
    """Recent files, recovery copies and built-in dictionaries go to a fresh folder in each
    test."""
    home = tmp_path / "home"
    monkeypatch.setenv("PUZZLE_WORKBENCH_HOME", str(home))
    monkeypatch.setenv("PUZZLE_WORKBENCH_DATA", str(home / "data"))
    return home


@pytest.fixture
def print_font():
    """The print font, or the test skipped when there is none (PDF tests)."""
    from core.export import FontMissing, find_font

    try:
        return find_font()
    except FontMissing as error:
        pytest.skip(str(error))
