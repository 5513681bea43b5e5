"""Symmetries of a grid, as orbits of cells: clues are removed (and blocks drawn) a whole orbit at
a time, so the pattern keeps its symmetry."""

from __future__ import annotations

from collections.abc import Callable

Transform = Callable[[int, int, int], tuple[int, int]]  # (row, col, n) -> (row, col)

# Generators of each symmetry group; the orbit of a cell is its closure under them.
GENERATORS: dict[str, tuple[Transform, ...]] = {
    "none": (),
    "rot180": (lambda r, c, n: (n - 1 - r, n - 1 - c),),
    "rot90": (lambda r, c, n: (c, n - 1 - r),),
    "horizontal": (lambda r, c, n: (n - 1 - r, c),),  # mirror across the horizontal axis
    "vertical": (lambda r, c, n: (r, n - 1 - c),),  # mirror across the vertical axis
    "diagonal": (lambda r, c, n: (c, r),),
    "antidiagonal": (lambda r, c, n: (n - 1 - c, n - 1 - r),),
    "dihedral": ((lambda r, c, n: (c, n - 1 - r)), (lambda r, c, n: (r, n - 1 - c))),
}
SYMMETRIES = tuple(GENERATORS)
# each symmetry in words, in the order of SYMMETRIES (the app's generator dialogs)
SYMMETRY_WORDS = ("none", "rot180: a half turn", "rot90: a quarter turn",
                  "horizontal: mirrored top to bottom", "vertical: mirrored left to right",
                  "diagonal: mirrored on the main diagonal",
                  "antidiagonal: mirrored on the other diagonal",
                  "dihedral: quarter turns and mirrors")


def orbits(n: int, symmetry: str) -> list[tuple[int, ...]]:
    """The cells of an n x n grid (row-major indices) grouped into orbits of the symmetry."""
    if symmetry not in GENERATORS:
        raise ValueError(f"unknown symmetry {symmetry!r}; one of {', '.join(SYMMETRIES)}")
    generators = GENERATORS[symmetry]
    seen: set[int] = set()
    result = []
    for start in range(n * n):
        if start in seen:
            continue
        orbit, todo = {start}, [start]
        while todo:
            r, c = divmod(todo.pop(), n)
            for g in generators:
                image = g(r, c, n)
                cell = image[0] * n + image[1]
                if cell not in orbit:
                    orbit.add(cell)
                    todo.append(cell)
        seen |= orbit
        result.append(tuple(sorted(orbit)))
    return result
