import pytest

from core.symmetry import SYMMETRIES, orbits


@pytest.mark.parametrize("symmetry, sizes", [
    ("none", {1}), ("rot180", {1, 2}), ("rot90", {1, 4}), ("horizontal", {1, 2}),
    ("vertical", {1, 2}), ("diagonal", {1, 2}), ("antidiagonal", {1, 2}),
    ("dihedral", {1, 4, 8}),
])
def test_orbit_sizes_on_a_9x9(symmetry, sizes):
    found = orbits(9, symmetry)
    assert {len(o) for o in found} == sizes
    assert sorted(c for o in found for c in o) == list(range(81))


def test_rot180_pairs_cells():
    assert (0, 80) in orbits(9, "rot180")
    assert (40,) in orbits(9, "rot180")


@pytest.mark.parametrize("symmetry", SYMMETRIES)
def test_orbits_partition_even_grids(symmetry):
    found = orbits(4, symmetry)
    assert sorted(c for o in found for c in o) == list(range(16))
