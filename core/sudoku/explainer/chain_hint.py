"""What a chain concludes, shared by the chains (chains.py) and the techniques nested inside
them (nested.py): the hint a chain gives, with the potentials behind it, and the order SE
meets cells in."""

from __future__ import annotations

from dataclasses import dataclass

from core.sudoku.explainer.hint import Hint

NAKED = 3  # cause of an "on": the last candidate of its cell; 0-2: the last place in a region


@dataclass(eq=False)
class ChainHint(Hint):
    targets: tuple = ()  # the chain ends (End) whose ancestors make the complexity
    sort_key: int = 0
    kind: str = ""  # cycle, forcing, binary, cell, region
    flat: int = 0
    _signature: tuple | None = None

    def complexity(self) -> int:
        return self.flat + self.nested_complexity()

    def nested_complexity(self) -> int:
        seen, total = set(), 0
        for end in self.targets:
            if end.nested is None and getattr(end.run, "plain", False):
                continue
            found = end.run.found
            for k in end.chain():
                nested = end.nested if k == end.key else found[k][2]
                if nested is not None:
                    sig = nested.signature()
                    if sig not in seen:
                        seen.add(sig)
                        total += nested.complexity()
        return total

    def signature(self) -> tuple:
        """SE's FullChain: the targets and the whole chains behind them."""
        if self._signature is None:
            self._signature = tuple((end.key, tuple(end.chain())) for end in self.targets)
        return self._signature


def java_map_order(cells) -> list[int]:
    """The order a java.util.HashMap keyed by cell index iterates: by index modulo its
    capacity, ties in insertion order (SE builds its removal maps that way)."""
    cells = list(cells)
    capacity = 16
    while len(cells) > capacity * 3 // 4:
        capacity *= 2
    return sorted(cells, key=lambda c: c & (capacity - 1))
