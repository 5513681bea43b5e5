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


def test_the_verdict_says_the_level_once_rated_and_why_not_before():
    from pathlib import Path

    from core.counting import NOT_RATED_YET

    family, puzzle = kinds.parse((Path(__file__).resolve().parents[2] / "puzzles" / "sudoku"
                                  / "hard_rot180.txt").read_text())
    count = family.count(puzzle)
    rating = family.rate(puzzle)
    assert family.verdict(puzzle, count).difficulty() == "rating…"
    rated = family.verdict(puzzle, count, rating=rating)
    assert rated.level_words == rating.headline() and rated.difficulty() == rating.headline()
    assert rated.level == rating.level and rated.level_words.startswith(rating.level)
    open_grid = family.parse("." * 81)
    several = family.count(open_grid)
    assert several.count == 2 and family.verdict(open_grid, several).difficulty() == NOT_RATED_YET
    assert family.verdict(puzzle, count).broken == ()  # Sudoku has no house rules


def test_the_verdict_carries_the_house_rules_broken_in_words():
    """ナンクロ: the rules a grid breaks are the verdict's, said as the command line and the
    editor say them (cells capped in the panel)."""
    from core.counting import Count
    from core.numcro import parse
    from core.numcro.family import NUMCRO

    puzzle = parse("lang: ja\n■ 1 2 ■\n1 3 4 5\n2 ■ ■ 6\nrules: numbers=40-46 uses=2\n")
    verdict = NUMCRO.verdict(puzzle, Count(0, 2))
    assert verdict.broken == NUMCRO.rules(puzzle)
    assert verdict.rule_lines() == [
        "house rule: a block in a corner (r1c1 r1c4)",
        "house rule: a pair of blocks touches (r3c2 r3c3)",
        "house rule: numbers used fewer than 2 times: 3 4 5 6 (r2c2 r2c3 r2c4 r3c4)",
        "house rule: 6 numbers; the house range is 40-46"]
    assert verdict.rule_lines(2)[2].endswith("(r2c2 r2c3 …)")
