"""Every step of the human-logic solvers, written out for a before/after comparison: the
workbench ladder (core/sudoku/ladder.py) on the classic puzzles of puzzles/sudoku and
tests/data/sudoku, and the variants logic (core/variants/logic.py) on puzzles/variants and the
variant puzzles of bench/data. For each puzzle: the rating (score, level, hardest technique,
solved) and each step (technique, score, placements, eliminations, words), and the stepper's
boards before each step (core.*.authoring.boards_before), as a digest. Deterministic: no time
budget changes what is written.

    python bench/logic_snapshot.py --per-file 12 > before.txt   # on the old code
    python bench/logic_snapshot.py --per-file 12 > after.txt    # on the new
    diff before.txt after.txt
"""

from __future__ import annotations

import argparse
import hashlib

from bench_variants import puzzle_sets
from common import DATA, ROOT

from core.sudoku import ladder
from core.sudoku.authoring import boards_before as sudoku_boards
from core.sudoku.formats import iter_puzzles as sudoku_puzzles
from core.variants import logic
from core.variants.authoring import boards_before as variant_boards
from core.variants.formats import iter_puzzles as variant_puzzles_of


def steps_said(steps) -> list[str]:
    return [f"  {s.technique} | {s.score} | {s.placements} | {s.eliminations} | {s.text}"
            for s in steps]


def digest(boards) -> str:
    return hashlib.sha256(repr(boards).encode()).hexdigest()[:16]


def classic_puzzles(per_file: int) -> list[tuple[str, object]]:
    """(name, puzzle): `per_file` of each file of puzzles/sudoku and tests/data/sudoku, spread
    over the file."""
    files = sorted((ROOT / "puzzles" / "sudoku").glob("*.txt")) + sorted(
        (DATA / "sudoku").glob("*.txt"))
    named = []
    for path in files:
        read = [p for _, p in sudoku_puzzles(path.read_text(encoding="utf-8"))
                if not isinstance(p, Exception)]
        spread = read[::max(1, len(read) // per_file)][:per_file]
        named += [(f"{path.name} #{i}", p) for i, p in enumerate(spread)]
    return named


def variant_puzzles(per_file: int) -> list[tuple[str, object]]:
    """(name, puzzle): those of puzzles/variants, and `per_file` of each set of bench/data
    (the f-puzzles links, the setters' puzzles, ISS's sample), spread over the set."""
    named = []
    for path in sorted((ROOT / "puzzles" / "variants").glob("*.txt")):
        named += [(f"{path.name} #{i}", p) for i, p in
                  variant_puzzles_of(path.read_text(encoding="utf-8"))]
    for name, found in puzzle_sets(("links", "setters", "iss")).items():
        spread = found[::max(1, len(found) // per_file)][:per_file]  # every kind, not the first
        named += [(f"{name}: {title}", p) for title, p, _ in spread]
    return [(name, p) for name, p in named if not isinstance(p, Exception)]


def classic(per_file: int):
    for name, puzzle in classic_puzzles(per_file):
        rating = ladder.rate_by_ladder(puzzle)
        yield (f"ladder {name}: {rating.score} {rating.level} {rating.hardest} "
               f"solved={rating.solved} boards={digest(sudoku_boards(puzzle, rating.steps))}")
        yield from steps_said(rating.steps)


def variants(per_file: int):
    for name, p in variant_puzzles(per_file):
        steps, solved = logic.solve_logically(p)
        hardest = max(steps, key=lambda s: s.score, default=None)
        yield (f"variants {name}: solved={solved} steps={len(steps)} "
               f"hardest={hardest and (hardest.technique, hardest.score)} "
               f"boards={digest(variant_boards(p, steps))}")
        yield from steps_said(steps)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-file", type=int, default=12, help="puzzles of each file or set")
    parser.add_argument("--only", choices=("ladder", "variants"), help="one solver alone")
    args = parser.parse_args()
    if args.only != "variants":
        for line in classic(args.per_file):
            print(line, flush=True)
    if args.only != "ladder":
        for line in variants(args.per_file):
            print(line, flush=True)


if __name__ == "__main__":
    main()
