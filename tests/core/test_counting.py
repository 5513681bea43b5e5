"""A count to a large limit keeps only the first solutions it finds (issue 39: `check --limit
1000000` on an empty 16x16 held every solution, 663 MB after 60 s)."""

import pytest

from core import kinds
from core.counting import KEPT, Found


@pytest.mark.parametrize("text", [
    "." * 81,  # Sudoku
    "kind: variants\nsize: 6\n",  # a variant's own engine
    "**+**=***",  # arithmetic
])
def test_a_count_past_the_kept_solutions_counts_them_all_and_keeps_the_first(text):
    family, puzzle = kinds.parse(text)
    result = family.count(puzzle, KEPT + 300)
    assert result.count == KEPT + 300 and not result.stopped
    assert len(result.solutions) == KEPT
    assert len(set(result.solutions)) == KEPT  # each a different solution
    assert result.solution == family.count(puzzle, 2).solution  # the same first one
    assert result.differs == family.count(puzzle, 2).differs


def test_found_counts_every_solution_and_keeps_the_first():
    found = Found()
    for i in range(KEPT + 5):
        found.append(i)
    assert len(found) == KEPT + 5 and list(found) == list(range(KEPT)) and found[1] == 1
