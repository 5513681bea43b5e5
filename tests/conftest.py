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


@pytest.fixture(params=["compiled", "python"])
def engine(request, monkeypatch):
    """Each engine-level test runs on both engines: the compiled one, and the Python one it
    must agree with (also in processes the test starts: PUZZLE_ENGINE)."""
    from core import native

    if request.param == "python":
        monkeypatch.setattr(native, "sudoku", None)
        monkeypatch.setattr(native, "why_python", "PUZZLE_ENGINE=python forces it")
        monkeypatch.setattr(native, "explainer", None)
        monkeypatch.setattr(native, "why_python_explainer", "PUZZLE_ENGINE=python forces it")
        monkeypatch.setenv(native.SWITCH, "python")
    elif native.sudoku is None or native.explainer is None:
        why = native.why_python if native.sudoku is None else native.why_python_explainer
        pytest.skip(f"the compiled engine does not run: {why}")
    return request.param
