"""Greedy clue removal, shared by every family's generator: try groups of clues (symmetry orbits,
or single clues) in random order and drop each group whose removal keeps the puzzle acceptable
(unique, and whatever else the caller asks, such as "still solvable by logic")."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable

Clue = Hashable
CanRemove = Callable[[frozenset, tuple], bool]  # (clues kept without the group, group) -> ok?


def remove_greedily(
    clues: Iterable[Clue],
    groups: Iterable[Iterable[Clue]],
    can_remove: CanRemove,
    rng: random.Random,
    *,
    target: int | None = None,
    stop: Callable[[], bool] | None = None,
) -> frozenset:
    """The clues left after one greedy pass. With a `target`, no group is removed that would
    leave fewer clues than that, and the pass ends when exactly `target` remain.

    One pass over single clues leaves a minimal puzzle: a clue that could not go earlier cannot
    go later, as every later removal only loosens the puzzle."""
    kept, order = removal_order(clues, groups, rng)
    for group in order:
        if target is not None and len(kept) - len(group) < target:
            if len(kept) == target:
                break
            continue
        if stop is not None and stop():
            break
        rest = kept.difference(group)
        if can_remove(rest, group):
            kept = rest
    return kept


def removal_order(clues: Iterable[Clue], groups: Iterable[Iterable[Clue]], rng: random.Random
                  ) -> tuple[frozenset, list[tuple]]:
    """The clues, and the groups (cut to those clues, empty ones left out) in the random order
    a greedy pass tries them (a compiled pass takes the same order)."""
    kept = frozenset(clues)
    order = [tuple(c for c in group if c in kept) for group in groups]
    order = [g for g in order if g]
    rng.shuffle(order)
    return kept, order
