from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "data"


@pytest.fixture(scope="session")
def shared_data() -> Path:
    if not SHARED.is_dir():
        pytest.skip(f"shared data not found at {SHARED}")
    return SHARED


@pytest.fixture(autouse=True)
def app_home(tmp_path, monkeypatch):
    """Recent files, recovery copies and built-in dictionaries go to a fresh folder in each
    test."""
    home = tmp_path / "home"
    monkeypatch.setenv("PUZZLE_WORKBENCH_HOME", str(home))
    monkeypatch.setenv("PUZZLE_WORKBENCH_DATA", str(home / "data"))
    return home
