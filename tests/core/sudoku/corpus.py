"""The differential corpus of the two Sudoku engines: a fixed-seed mix of puzzles across sizes
(unique, several solutions, none, contradictory givens, near-empty grids, the shared sets), and
the one comparison both the test and bench/diff_engines.py make: every search answer (the
solutions, the search nodes and how it ended) from the compiled engine and from the Python one."""

from __future__ import annotations

import random
from collections.abc import Iterator

from core import native
from core.search import node_capped
from core.sudoku.generator import random_solution
from core.sudoku.model import BOX_SHAPES, Puzzle, Shape, geometry
from core.sudoku.solver import clashes, explore, initial_candidates, propagate
from tests.core.sudoku.helpers import SETS, sample

SIZES = sorted(BOX_SHAPES)
# the share of a full grid's cells kept as givens, by size: small grids from near-empty,
# big ones dense enough that the Python engine answers in milliseconds
KEEP = {4: (0.0, 0.6), 6: (0.0, 0.6), 8: (0.1, 0.6), 9: (0.2, 0.5), 12: (0.45, 0.65),
        16: (0.55, 0.7), 25: (0.75, 0.85)}
GRIDS = {4: 20, 6: 20, 8: 20, 9: 20, 12: 10, 16: 8, 25: 3}  # full grids drawn, by size


def corpus(n: int, seed: int = 1) -> Iterator[tuple[str, Puzzle]]:
    """`n` puzzles (a kind word and the puzzle): the tests/data sets' 9x9s, each also with
    givens taken away (several solutions) and with a wrong given (none), then random grids of
    every size with a random share of givens, some with a symbol changed."""
    rng = random.Random(seed)
    made = 0
    known = [p for name in sorted(SETS) for p in sample(name, 4)]
    for p in known:
        for kind, puzzle in (("unique", p), ("several", _fewer(p, rng)), ("none", _wrong(p, rng))):
            if made == n:
                return
            made += 1
            yield kind, puzzle
    grids = {size: [random_solution(Shape.of_size(size), rng) for _ in range(GRIDS[size])]
             for size in SIZES}
    while made < n:
        size = SIZES[made % len(SIZES)]
        shape = Shape.of_size(size)
        solution = rng.choice(grids[size])
        low, high = KEEP[size]
        keep = rng.uniform(low, high)
        p = Puzzle(shape, tuple(v if rng.random() < keep else 0 for v in solution))
        if rng.random() < 0.2:
            p = _wrong(p, rng)
        if clashes(p):
            continue
        made += 1
        yield f"random {size}x{size}", p


def _fewer(p: Puzzle, rng: random.Random) -> Puzzle:
    givens = list(p.givens)
    for cell in rng.sample([c for c, v in enumerate(givens) if v], rng.randint(1, 4)):
        givens[cell] = 0
    return p.with_givens(givens)


def _wrong(p: Puzzle, rng: random.Random) -> Puzzle:
    """A blank given a symbol none of its peers holds (so no clash: the search must find the
    contradiction), else the puzzle as it is."""
    geo = geometry(p.shape)
    givens = list(p.givens)
    blanks = [c for c, v in enumerate(givens) if not v]
    for cell in rng.sample(blanks, len(blanks)):
        free = set(range(1, p.size + 1)) - {givens[q] for q in geo.peers[cell]}
        if free:
            givens[cell] = rng.choice(sorted(free))
            return p.with_givens(givens)
    return p


def answers(p: Puzzle, rng: random.Random) -> list:
    """What the engine in use answers on `p`: counts to 2 and to 5 from the givens, a search
    that prefers a random grid's symbols in a random cell order, one under a node cap, one a
    stop ends, and a propagation of a random set of candidates."""
    geo, cells = geometry(p.shape), p.shape.cells
    prefer = [1 << rng.randrange(p.size) for _ in range(cells)]
    order = rng.sample(range(cells), cells)
    found = [explore(list(p.givens), geo, 2, givens=True),
             explore(list(p.givens), geo, 5, givens=True)]
    cand = initial_candidates(p)
    if cand is not None:
        found.append(explore(cand, geo, 2, prefer=prefer, order=order))
        found.append(explore(cand, geo, 3, max_nodes=rng.randrange(1, 300), order=order))
        found.append(explore(cand, geo, 2, stop=node_capped(None, rng.randrange(1, 4))))
    full = (1 << p.size) - 1
    state = [1 << (v - 1) if v else rng.randrange(1, full + 1) for v in p.givens]
    placed = [c for c, m in enumerate(state) if not m & (m - 1)]
    dirty = rng.getrandbits(len(geo.units))
    found.append((propagate(state, geo, placed, dirty), state))
    return found


def differences(puzzles: list[tuple[str, Puzzle]], seed: int = 2) -> Iterator[str]:
    """Each puzzle on which the two engines answer differently, said in a line."""
    compiled = native.sudoku
    if compiled is None:
        raise RuntimeError(f"the compiled engine does not run: {native.why_python}")
    try:
        for i, (kind, p) in enumerate(puzzles):
            native.sudoku = compiled
            fast = answers(p, random.Random(seed + i))
            native.sudoku = None
            slow = answers(p, random.Random(seed + i))
            if fast != slow:
                yield f"{kind} {''.join(map(str, p.givens))}: compiled {fast!r} python {slow!r}"
    finally:
        native.sudoku = compiled
