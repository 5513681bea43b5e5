"""Real variant puzzles from setters (bench/data/sudokusolver_variants.tsv): each one read
from its f-puzzles data and counted unique with its published solution."""

import time
from pathlib import Path

import pytest

from core.variants import links
from core.variants.engine import count

pytestmark = pytest.mark.usefixtures("engine")  # on both engines

DATA = Path(__file__).parents[3] / "bench" / "data" / "sudokusolver_variants.tsv"


def puzzles():
    rows = [row.split("\t") for row in DATA.read_text(encoding="utf-8").splitlines()
            if row and not row.startswith("#")]
    assert len(rows) >= 35
    return rows


@pytest.mark.parametrize("name, solution, data", puzzles(), ids=lambda x: x[:30])
def test_each_real_puzzle_reads_and_counts_unique(name, solution, data):
    p = links.read("https://www.f-puzzles.com/?load=" + data)
    deadline = time.monotonic() + 60  # a wrong answer, not a slow one, is what this checks
    found = count(p, 2, lambda: time.monotonic() > deadline)
    assert not found.stopped
    assert found.count == 1
    assert "".join(str(v) for v in found.solution) == solution
