"""The two singles every propagation takes, on candidates as bit sets (bit v-1: digit v may
stand in the cell): classic Sudoku's propagate (core/sudoku/solver.py) and the variants
engine's (core/variants/engine.py) run these two phases, each in its own loop with its own
other steps, so each keeps its own fixpoints and node counts. Their compiled twins
(sudoku.c, variants.c) inline the same steps in the same order. Both phases stop at the
first contradiction and leave what they changed before it (the ladder reads it)."""

from __future__ import annotations

from collections.abc import Sequence


def naked_singles(cand: list[int], peers: Sequence[Sequence[int]], placed: list[int],
                  bits: Sequence[int], forbid: Sequence[Sequence] | None = None,
                  blame: list | None = None, made: dict[int, int] | None = None,
                  later: list[int] | None = None) -> int:
    """Each placed cell's digit leaves its peers and, with `forbid` (per cell: (a tied
    neighbour, per digit the digits it rules out there), for negative constraints), what it
    rules out leaves its tied neighbours; a cell left with one digit is placed in turn, until
    none is left. The bit sets `bits[p]` of the cells changed, or-ed together, or -1 when a
    cell would be left with none (then `blame`, if given, gets the placed cell and that one).
    `made`, if given, gets each cell placed here with its digit (the variants' branching);
    `later`, if given, gets the cells left with one digit instead of `placed` (not placed in
    turn: the variants' search places them a round later, as ISS's forced steps)."""
    touched = 0
    queue = placed if later is None else later
    while placed:
        c = placed.pop()
        m = cand[c]
        # take(cand, m, peers[c], placed, bits) inlined: classic Sudoku's hottest Python
        # loop (bench/ab_solver_propagate.py against the loop before the share: a call per
        # placed cell 1.052, inlined 1.028)
        for p in peers[c]:
            pm = cand[p]
            if pm & m:
                pm ^= m
                if not pm:
                    return _blamed(blame, c, p)
                cand[p] = pm
                touched |= bits[p]
                if not pm & (pm - 1):
                    queue.append(p)
                    if made is not None:
                        made[p] = pm
        if forbid is not None and forbid[c]:
            v = m.bit_length() - 1
            for p, table in forbid[c]:
                found = take(cand, table[v], (p,), queue, bits, made)
                if found < 0:
                    return _blamed(blame, c, p)
                touched |= found
    return touched


def _blamed(blame: list | None, *cells: int) -> int:
    if blame is not None:
        blame.extend(cells)
    return -1


def take(cand: list[int], digits: int, cells: Sequence[int], placed: list[int],
         bits: Sequence[int], made: dict[int, int] | None = None) -> int:
    """`digits` leave each of `cells` that holds one of them; a cell left with one digit
    joins `placed`. The bit sets `bits[p]` of the cells changed, or-ed together, or -1 when
    a cell would be left with none (it keeps its candidates)."""
    keep = ~digits
    touched = 0
    for p in cells:
        pm = cand[p]
        if pm & digits:
            pm &= keep
            if not pm:
                return -1
            cand[p] = pm
            touched |= bits[p]
            if not pm & (pm - 1):
                placed.append(p)
                if made is not None:
                    made[p] = pm
    return touched


def hidden_singles(cand: list[int], houses: Sequence[Sequence[int]], dirty: int, full: int,
                   placed: list[int]) -> int:
    """The houses of the bit set `dirty` in turn (lowest first), until one places something:
    a digit with one place left in the house goes there, the cell joining `placed`. The
    houses not looked at, or ~h (negative) when house h has a digit of `full` with no place,
    or two digits with only the same cell."""
    while dirty and not placed:
        low = dirty & -dirty
        dirty ^= low
        house = houses[low.bit_length() - 1]
        once = twice = solved = 0
        for c in house:
            m = cand[c]
            twice |= once & m
            once |= m
            if not m & (m - 1):
                solved |= m
        if once != full:
            return ~(low.bit_length() - 1)
        found = once & ~twice & ~solved
        if found:
            for c in house:
                h = cand[c] & found
                if h:
                    if h & (h - 1):
                        return ~(low.bit_length() - 1)  # two digits have only this cell
                    cand[c] = h
                    placed.append(c)
    return dirty
