import pytest

from cli import main


@pytest.fixture
def english(tmp_path, capsys):
    """A folder holding the English dictionary built from cefrpy's words (a few seconds)."""
    folder = tmp_path / "en"
    assert main(["dict", "build", "cefr", "--lang", "en", "-o", str(folder)]) == 0
    capsys.readouterr()
    return str(folder)
