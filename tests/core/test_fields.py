"""Generator options, declared once as `Field`s: what an author types is read, and refused,
the same way wherever it comes from (the command line, the app's dialog)."""

import pytest

from core import kinds
from core.family import Field
from core.sudoku.generator import Options


def test_a_field_reads_what_an_author_typed():
    size = Field("size", "the side", int, 9, (4, 6, 9))
    assert size.value_of(None) == 9 and size.value_of("  ") == 9
    assert size.value_of(" 6 ") == 6 and size.value_of(4) == 4
    with pytest.raises(ValueError, match=r"--size 'six'\? a whole number"):
        size.value_of("six")
    with pytest.raises(ValueError, match=r"--size '7'\? one of 4, 6, 9$"):
        size.value_of("7")
    budget = Field("seconds", "budget", float, 60.0)
    assert budget.value_of("2.5") == 2.5 and budget.default_text == "60"
    for bad in ("inf", "nan", "soon"):
        with pytest.raises(ValueError, match=r"--seconds .*\? a number"):
            budget.value_of(bad)
    symmetry = Field("symmetry", "of the givens", str, "none", ("none", "rot180", "rot90"))
    with pytest.raises(ValueError, match=r"one of none, rot180, rot90; did you mean rot180\?"):
        symmetry.value_of("rot18")
    flag = Field("minimal", "no clue can go", bool, False)
    assert flag.value_of(None) is False and flag.value_of(True) is True
    assert Field("max_word", "longest").flag == "--max-word"
    assert Field("max_word", "longest").title == "Max word"


def test_options_from_fill_the_defaults_and_read_files(tmp_path):
    _, generator = kinds.generator("sudoku")
    assert generator.options_from({}) == Options()
    assert generator.options_from({"size": "4", "symmetry": "rot180"}) == Options(
        size=4, symmetry="rot180")
    mask = tmp_path / "mask.txt"
    mask.write_text("#.\n")
    with pytest.raises(ValueError) as refused:
        generator.options_from({"mask": str(mask)})
    assert str(refused.value).startswith(f"{mask}: line 1")  # the one file given is named
    with pytest.raises(ValueError, match="no-such-file"):
        generator.options_from({"mask": str(tmp_path / "no-such-file")})
