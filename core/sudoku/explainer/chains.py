"""Sudoku Explainer's chains: bidirectional cycles and forcing X/Y chains (6.5-7.x), Nishio
(7.5), multiple (cell and region) forcing chains (8.0), dynamic forcing chains (8.5), dynamic
chains using basic techniques (+, 9.0) and nested forcing chains (9.5 and up).

A candidate assumed true or false is a *potential*, keyed as (cell * 9 + digit - 1) * 2 + on.
Consequences are found breadth first, in SE's order, and each remembers the potentials it
follows from (its parents): the step's difficulty grows with the number of potentials behind
its conclusion, so the order in which SE meets them decides the rating.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from core import native
from core.search import Stopped
from core.sudoku.explainer.board import (
    CELL_REGIONS,
    HOUSE_ORDER,
    PEERS,
    REGIONS,
    SLOTS,
    Board,
    cell_bits,
    cell_name,
    region_name,
)
from core.sudoku.explainer.chain_hint import NAKED, ChainHint
from core.sudoku.explainer.nested import advanced_offs, advanced_removals

ADVANCED = 4  # cause of an "off" found by a technique inside the chain (nested chains)
BIG = 1 << 30  # no limit on a chain's length


PEER_ORDER = HOUSE_ORDER  # the peers an "on" turns off, in SE's order


def key(cell: int, v: int, on: bool) -> int:
    return ((cell * 9 + v - 1) << 1) | on


def describe(k: int) -> str:
    cell, d = divmod(k >> 1, 9)
    return f"{cell_name(cell)}{'=' if k & 1 else '<>'}{d + 1}"


# --- one step of inference -----------------------------------------------------------------

def on_to_off(board: Board, k: int, with_cells: bool) -> list[int]:
    """The potentials an "on" turns off: the cell's other candidates (unless X-only), then
    the digit in its peers."""
    cell, d = divmod(k >> 1, 9)
    cands = board.cands
    bit = 1 << d
    out = []
    if with_cells:
        base = cell * 9
        for d2 in cell_bits(cands[cell] & ~bit):
            out.append((base + d2) << 1)
    for p in PEER_ORDER[cell]:
        if cands[p] & bit:
            out.append((p * 9 + d) << 1)
    return out


def off_to_on(board: Board, k: int, source: Board | None, with_cells: bool,
              with_regions: bool) -> list[tuple[int, tuple[int, ...], int]]:
    """The potentials an "off" turns on, as (key, parents, cause): the other candidate of a
    bivalue cell, then the last other place of the digit in its block, row and column.
    In dynamic chains `source` is the board before the chain: candidates gone since are
    parents too (SE's hidden parents)."""
    cell, d = divmod(k >> 1, 9)
    cands = board.cands
    out = []
    if with_cells:
        m = cands[cell]
        if m.bit_count() == 2:
            other = (m & ~(1 << d)).bit_length() - 1
            parents = (k,)
            if source is not None:
                gone = source.cands[cell] & ~m
                if gone:
                    parents += tuple(((cell * 9 + g) << 1) for g in cell_bits(gone))
            out.append((((cell * 9 + other) << 1) | 1, parents, NAKED))
    if with_regions:
        positions = board.positions
        for region, i in SLOTS[cell]:
            places = positions[region * 9 + d] & ~(1 << i)
            if places and not places & (places - 1):
                cells = REGIONS[region]
                other = cells[places.bit_length() - 1]
                parents = (k,)
                if source is not None:
                    gone = source.positions[region * 9 + d] & ~positions[region * 9 + d]
                    if gone:
                        parents += tuple(((cells[j] * 9 + d) << 1) for j in cell_bits(gone))
                out.append((((other * 9 + d) << 1) | 1, parents, region // 9))
    return out


def length_bonus(complexity: int) -> float:
    """SE's getLengthDifficulty: 0.1 for each of 4, 6, 8, 12, 16, 24, ... exceeded by the
    number of potentials minus two."""
    added, ceiling, length, odd = 0.0, 4, complexity - 2, False
    while length > ceiling:
        added += 0.1
        ceiling = ceiling * 4 // 3 if odd else ceiling * 3 // 2
        odd = not odd
    return added


# --- what a chain found ------------------------------------------------------------------------

@dataclass(eq=False)
class Run:
    """The potentials one assumption led to: key -> (parents, cause, nested chain hint)."""

    found: dict = field(default_factory=dict)
    plain: bool = False  # known to hold no nested chain hint (the compiled chains say so)


@dataclass(eq=False)
class End:
    """A conclusion of a chain: its key and parents (it may not be stored in its run, as SE's
    contradicting potential is not), in a run."""

    run: Run
    key: int
    parents: tuple[int, ...]
    cause: int | None = None
    nested: object = None
    known: tuple | None = None  # its chain, when the compiled chains worked it out

    def chain(self) -> list[int]:
        """SE's getChain: the potentials behind this one, breadth first, by parent order."""
        if self.known is not None:
            return list(self.known)
        found = self.run.found
        done = {self.key}
        result = [self.key]
        todo = list(self.parents)
        while todo:
            nxt = []
            for k in todo:
                if k not in done:
                    done.add(k)
                    result.append(k)
                    nxt.extend(found[k][0])
            todo = nxt
        return result


def stored(run: Run, k: int) -> End:
    parents, cause, nested = run.found[k]
    return End(run, k, parents, cause, nested)


def ancestor_count(end: End) -> int:
    return len(end.chain())


def off_cause(k: int, parent: int) -> int:
    """Why an "off" follows from its parent "on": same cell (naked), else the first of block,
    row and column they share (SE lists block peers first)."""
    cell, pcell = (k >> 1) // 9, (parent >> 1) // 9
    if cell == pcell:
        return NAKED
    mine, theirs = CELL_REGIONS[cell], CELL_REGIONS[pcell]
    for kind in range(3):
        if mine[kind] == theirs[kind]:
            return kind
    raise ValueError("not peers")


# --- cycles and forcing X/Y chains (one assumption, no branching) --------------------------------

class _Offs(dict):
    """on key -> the offs it gives (on_to_off), each worked out once."""

    def __init__(self, board: Board, with_y: bool):
        super().__init__()
        self.board, self.with_y = board, with_y

    def __missing__(self, k: int) -> list[int]:
        found = self[k] = on_to_off(self.board, k, self.with_y)
        return found


class _Ons(dict):
    """off key -> the (on, cause) it gives (off_to_on), each worked out once."""

    def __init__(self, board: Board, with_y: bool, with_x: bool):
        super().__init__()
        self.board, self.with_y, self.with_x = board, with_y, with_x

    def __missing__(self, k: int) -> list[tuple[int, int]]:
        found = self[k] = [(on, cause) for on, _, cause in
                           off_to_on(self.board, k, None, self.with_y, self.with_x)]
        return found


class Links:
    """on_to_off and off_to_on on a board that does not change, each worked out once a key
    (the searches from every candidate meet the same potentials again and again):
    `offs[k]`, `ons[k]`."""

    __slots__ = ("offs", "ons")

    def __init__(self, board: Board, with_y: bool, with_x: bool):
        self.offs = _Offs(board, with_y)
        self.ons = _Ons(board, with_y, with_x)


def _is_ancestor(node, k: int) -> bool:
    node = node[1]
    while node is not None:
        if node[0] == k:
            return True
        node = node[1]
    return False


def _path(node) -> list:
    out = []
    while node is not None:
        out.append(node)
        node = node[1]
    return out


def _run_of(node) -> End:
    """A path of nodes as an End in a Run of its own (each key once, the end first)."""
    found = {}
    path = _path(node)
    for n in reversed(path[1:]):
        parent = n[1]
        found[n[0]] = ((parent[0],) if parent is not None else (), n[2], None)
    parent = node[1]
    return End(Run(found), node[0], (parent[0],) if parent is not None else (), node[2])


def _cycles(board: Board, source: int, with_y: bool, with_x: bool, limit: int = BIG,
            links: Links | None = None) -> list:
    """SE's doCycles: alternate "on" and "off" layers from `source`; an "on" that is the
    source again, four or more layers on, closes a cycle. A cycle closed at layer n has n
    potentials: layers past `limit` are not explored (the same cycles up to it)."""
    links = links or Links(board, with_y, with_x)
    offs_of, ons_of = links.offs, links.ons
    cycles = []
    seen_on = {source}
    pending_on = deque([(source, None, None)])
    pending_off: deque = deque()
    length = 0
    while pending_on or pending_off:
        if length + 2 > limit:
            break
        length += 1
        while pending_on:
            node = pending_on.popleft()
            for off in offs_of[node[0]]:
                # an "off" that adds no new "on" and cannot close the cycle is left out (its
                # "on"s only get more seen); one already on the path would close a false
                # cycle, and SE leaves those out
                for on, _ in ons_of[off]:
                    if on == source:
                        if not _is_ancestor(node, off):
                            pending_off.append((off, node, None))
                        break
                    if on not in seen_on:
                        pending_off.append((off, node, None))
                        break
        length += 1
        while pending_off:
            node = pending_off.popleft()
            for on, cause in ons_of[node[0]]:
                if length >= 4 and on == source:
                    cycles.append((on, node, cause))
                if on not in seen_on:
                    seen_on.add(on)
                    pending_on.append((on, node, cause))
    return cycles


def _forcing(board: Board, start: int, with_y: bool, chains: list, taken: set,
             limit: int = BIG, links: Links | None = None) -> None:
    """SE's doForcingChains: follow `start`; a potential whose opposite is `start` is a
    conclusion (each kept once; there is one key it can be, so the first found ends the
    search). Each pending queue holds one layer; a conclusion found from
    layer n has n + 2 potentials, so layers that could only give longer ones than `limit`
    are not explored (the search is breadth first: the same conclusions up to it)."""
    links = links or Links(board, with_y, True)
    offs, ons = links.offs, links.ons
    seen = {start}
    pending_on: deque = deque()
    pending_off: deque = deque()
    (pending_on if start & 1 else pending_off).append((start, None, None))
    depth = 0  # of the layer about to be expanded: on and off layers alternate
    while pending_on or pending_off:
        if depth + 2 > limit:
            return
        depth += 1
        if pending_on:
            while pending_on:
                node = pending_on.popleft()
                for off in offs[node[0]]:
                    if off | 1 == start and off not in taken:
                        taken.add(off)
                        chains.append((off, node, None))
                        return  # the only conclusion there can be
                    if off not in seen:
                        seen.add(off)
                        pending_off.append((off, node, None))
            continue
        while pending_off:
            node = pending_off.popleft()
            for on, cause in ons[node[0]]:
                if on & ~1 == start and on not in taken:
                    taken.add(on)
                    chains.append((on, node, cause))
                    return  # the only conclusion there can be
                if on not in seen:
                    seen.add(on)
                    pending_on.append((on, node, cause))


def unary_chains(board: Board, with_y: bool, with_x: bool, limit: int = BIG,
                 easiest: float | None = None) -> list[ChainHint]:
    """Cycles and forcing chains from every candidate of every cell with two or more. With a
    `limit`, only chains of at most that many potentials; with `easiest`, also none that
    must be harder than the easiest hint found so far (the others the same, in order)."""
    if native.chains is not None:
        return _native_unary_chains(board, with_y, with_x, limit, easiest)
    result = []
    cands = board.cands
    links = Links(board, with_y, with_x)
    base = 7.0 if with_x and with_y else 6.5
    if easiest is not None:
        limit = min(limit, max_length(base, easiest))
    for cell in range(81):
        m = cands[cell]
        if board.values[cell] or m.bit_count() < 2:
            continue
        if not with_x and m.bit_count() > 2:
            continue  # Y-cycles start from bivalue cells
        for d in cell_bits(m):
            if limit < 2:
                return result
            source = ((cell * 9 + d) << 1) | 1
            cycles = _cycles(board, source, with_y, with_x, limit, links)
            chains: list = []
            if with_x:
                taken: set = set()
                _forcing(board, source, with_y, chains, taken, limit, links)
                _forcing(board, source ^ 1, with_y, chains, taken, limit, links)
            for node in cycles:
                hint = _cycle_hint(board, node, with_y, with_x)
                if hint.removals:
                    result.append(hint)
            for node in chains:
                hint = _forcing_hint(board, node, with_y, with_x)
                if hint.removals:
                    result.append(hint)
            if easiest is not None and result:
                hardest_wanted = min(easiest, min(h.difficulty for h in result))
                limit = min(limit, max_length(base, hardest_wanted))
    return result


def _native_unary_chains(board: Board, with_y: bool, with_x: bool, limit: int,
                         easiest: float | None) -> list[ChainHint]:
    """unary_chains on the compiled engine (core/native/chains.c): it finds the same chains
    with removals, in the same order, as paths of (key, cause) from the end to the root;
    their hints are made here, as above."""
    found = native.chains.unary_chains(board.values, board.cands, with_y, with_x,
                                       min(limit, BIG), None if easiest is None
                                       else float(easiest))
    result = []
    for kind, _, path in found:
        node = None
        for k, cause in reversed(path):
            node = (k, node, cause)
        make = _forcing_hint if kind else _cycle_hint
        result.append(make(board, node, with_y, with_x))
    return result


def _cycle_hint(board: Board, node, with_y: bool, with_x: bool) -> ChainHint:
    path = _path(node)[:-1]  # the root is the end again
    cells = {(n[0] >> 1) // 9 for n in path}
    forward, backward = {}, set()
    cands = board.cands
    for n in path:
        cell, d = divmod(n[0] >> 1, 9)
        for peer in PEERS[cell]:
            if peer not in cells and cands[peer] >> d & 1:
                if n[0] & 1:
                    forward.setdefault((peer, d), None)
                else:
                    backward.add((peer, d))
    removals: dict[int, int] = {}
    for peer, d in forward:
        if (peer, d) in backward:
            removals[peer] = removals.get(peer, 0) | 1 << d
    end = _run_of(node)
    flat = len(end.chain())
    both = with_x and with_y
    difficulty = (7.0 if both else 6.5) + length_bonus(flat)
    name = ("Bidirectional Cycle" if both else "Bidirectional Y-Cycle" if with_y else
            "Generalized X-Wing" if len(cells) == 4 else "Bidirectional X-Cycle")
    return ChainHint(name, difficulty, removals, text=_chain_text(path),
                     targets=(end, _reversed(node)), sort_key=4 if both else 3 if with_y else 2,
                     kind="cycle", flat=flat)


def _reversed(node) -> End:
    """SE's reversed cycle: every potential flipped, keeping its cause, each linked to the one
    after it; it starts at the flipped root (whose key is the flipped end's)."""
    path = _path(node)  # the end first, the root last
    keys = [n[0] ^ 1 for n in path]
    causes = [n[2] if n[0] & 1 or n[1] is None else off_cause(n[0], n[1][0]) for n in path]
    found = {keys[0]: ((), causes[0], None)}
    for i in range(1, len(keys) - 1):
        found[keys[i]] = ((keys[i - 1],), causes[i], None)
    return End(Run(found), keys[-1], (keys[-2],), causes[-1])


def _forcing_hint(board: Board, node, with_y: bool, with_x: bool) -> ChainHint:
    k = node[0]
    cell, d = divmod(k >> 1, 9)
    bit = 1 << d
    if k & 1:
        removals = {cell: board.cands[cell] & ~bit} if board.cands[cell] & ~bit else {}
    else:
        removals = {cell: bit}
    end = _run_of(node)
    flat = len(end.chain())
    both = with_x and with_y
    difficulty = (7.0 if both else 6.6) + length_bonus(flat)
    name = ("Forcing Chain" if both else "Forcing Y-Chain" if with_y else
            "Turbot Fish" if flat == 6 else "Forcing X-Chain")
    hint = ChainHint(name, difficulty, removals, text=_chain_text(_path(node)),
                     targets=(end,), sort_key=4 if both else 3 if with_y else 2,
                     kind="forcing", flat=flat)
    if k & 1:
        hint.cell, hint.value = cell, d + 1
    return hint


def _chain_text(path) -> str:
    return " -> ".join(describe(n[0]) for n in reversed(path))


def _after_on(board: Board, run: Run, k: int, with_cells: bool, pending_off: deque):
    """An "on" turns off its cell's other candidates and the digit in its peers; a clash
    when one of those is already "on"."""
    found = run.found
    cands = board.cands
    cell, d = divmod(k >> 1, 9)
    bit = 1 << d
    parents = (k,)
    if with_cells:
        others = cands[cell] & ~bit
        while others:
            low = others & -others
            others ^= low
            off = (cell * 9 + low.bit_length() - 1) << 1
            if off | 1 in found:
                return stored(run, off | 1), End(run, off, parents)
            if off not in found:
                found[off] = (parents, None, None)
                pending_off.append(off)
    for p in PEER_ORDER[cell]:
        if cands[p] & bit:
            off = (p * 9 + d) << 1
            if off | 1 in found:
                return stored(run, off | 1), End(run, off, parents)
            if off not in found:
                found[off] = (parents, None, None)
                pending_off.append(off)
    return None


def _after_off(board: Board, run: Run, k: int, with_cells: bool, source: Board | None,
               pending_on: deque, made_of: dict | None = None):
    """An "off" turns on the other candidate of a bivalue cell and the last other place of
    its digit in a region; in dynamic chains it then leaves the board. `made_of`: what each
    off turned on before, on this board (static chains, where the board does not change)."""
    if made_of is None:
        made = off_to_on(board, k, source, with_cells, True)
    else:
        made = made_of.get(k)
        if made is None:
            made = made_of[k] = off_to_on(board, k, source, with_cells, True)
    if source is not None:
        cell, d = divmod(k >> 1, 9)
        board.cands[cell] &= ~(1 << d)
        positions = board.positions
        for base, keep in SLOT_CLEAR[cell]:
            positions[base + d] &= keep
    found = run.found
    for on, parents, cause in made:
        if on ^ 1 in found:
            return End(run, on, parents, cause), stored(run, on ^ 1)
        if on not in found:
            found[on] = (parents, cause, None)
            pending_on.append(on)
    return None


SLOT_CLEAR = tuple(tuple((r * 9, ~(1 << i)) for r, i in SLOTS[cell]) for cell in range(81))


# --- forcing chains that branch: Nishio, multiple, dynamic, nested -------------------------------

class Chaining:
    """One of SE's chaining producers: (multiple, dynamic, nishio, level)."""

    def __init__(self, multiple: bool, dynamic: bool, nishio: bool = False, level: int = 0,
                 nesting_limit: int = 0, stop=None, classic: bool = False):
        self.multiple, self.dynamic, self.nishio = multiple, dynamic, nishio
        self.level, self.nesting_limit = level, nesting_limit
        self.classic = classic  # classic SE nests other chains at levels 4 and 5
        self.stop = stop  # asked once a cell: True ends the search (Stopped)
        self._others = None
        self._last: tuple | None = None  # (board state, hints): SE reuses them on the same board
        self._memo: dict = {}  # key -> (run, contradiction) on the board being searched
        self._made_of: dict = {}  # off key -> what it turns on, on that board (static chains)

    @property
    def difficulty(self) -> float:
        if self.level > 0:
            return 8.5 + 0.5 * self.level
        if self.nishio:
            return 7.5
        if self.dynamic:
            return 8.5
        return 8.0

    @property
    def unary(self) -> bool:
        return not (self.multiple or self.dynamic)

    def __call__(self, board: Board):
        if self.unary:
            return iter(self._first_unary(board))
        hints = self.hints(board)
        return iter(hints[:1])

    def _first_unary(self, board: Board) -> list[ChainHint]:
        """The first of `hints()` without finding them all. A flavour's chains of n potentials
        are at least its least base plus length_bonus(n) hard, so once the easiest hint found
        is d hard, the next flavours' chains beyond max_length(base, d) cannot come first
        (XY chains, 7.0 and up, are not searched at all after an X- or Y-chain under 7.0)."""
        state = (tuple(board.values), tuple(board.cands))
        if self._last is not None and self._last[0] == state:
            return self._last[1][:1]
        if self.stop is not None and self.stop():
            raise Stopped
        hints: list[ChainHint] = []
        easiest = BIG
        for with_y, with_x, _ in UNARY_FLAVOURS:
            found = unary_chains(board, with_y, with_x, easiest=easiest)
            if found:
                hints += found
                easiest = min(h.difficulty for h in hints)
        keyed = [(h.difficulty, h.complexity(), h.sort_key, i, h) for i, h in enumerate(hints)]
        return [min(keyed, key=lambda t: t[:4])[4]] if keyed else []

    def hints(self, board: Board) -> list[ChainHint]:
        """Every hint, easiest (then shortest) first, as SE sorts them."""
        state = (tuple(board.values), tuple(board.cands))
        if self._last is not None and self._last[0] == state:
            return self._last[1]
        self._memo = {}
        self._made_of = {}
        if self.unary:
            if self.stop is not None and self.stop():
                raise Stopped
            found = (unary_chains(board, False, True) + unary_chains(board, True, False)
                     + unary_chains(board, True, True))
        elif self.level == 0 and native.chains is not None:
            found = self._native_chains(board)
        else:
            found = self._multiple_chains(board)
        keyed = [(h.difficulty, h.complexity(), h.sort_key, i, h) for i, h in enumerate(found)]
        keyed.sort(key=lambda t: t[:4])
        hints = [t[4] for t in keyed]
        self._last = (state, hints)
        return hints

    # the breadth-first propagation of one assumption (SE's doChaining)

    def propagate(self, board: Board, run: Run, pending_on: deque, pending_off: deque):
        """Follow the pending potentials to the end; (on, off) when a potential would be
        both, else None. "On"s go first. Dynamic chains remove each "off" from the board as
        they go (the board is restored after)."""
        source = board.copy() if self.dynamic else None
        made_of = None if self.dynamic else self._made_of
        with_cells = not self.nishio
        try:
            while True:
                if pending_on:
                    clash = _after_on(board, run, pending_on.popleft(), with_cells, pending_off)
                elif pending_off:
                    clash = _after_off(board, run, pending_off.popleft(), with_cells, source,
                                       pending_on, made_of)
                elif self.level > 0 and self._advance(board, source, run, pending_off):
                    continue
                else:
                    return None
                if clash is not None:
                    return clash
        finally:
            if source is not None:
                source.copy_to(board)

    def chain_from(self, board: Board, k: int) -> tuple[Run, tuple | None]:
        """Where assuming potential k leads (the same every time on one board)."""
        known = self._memo.get(k)
        if known is not None:
            return known
        if self.level > 0 and self.dynamic and not self.nishio and native.chains is not None:
            self._memo[k] = self._native_run(board, k)
            return self._memo[k]
        run = Run({k: ((), None, None)})
        pending = deque([k])
        if k & 1:
            absurd = self.propagate(board, run, pending, deque())
        else:
            absurd = self.propagate(board, run, deque(), pending)
        self._memo[k] = (run, absurd)
        return run, absurd

    def _native_run(self, board: Board, k: int) -> tuple[Run, tuple | None]:
        """chain_from of a nested chaining on the compiled engine: the same propagation, and
        the same techniques (here) where it stops."""
        values = board.values

        def advance(cands: list, positions: list) -> list:
            return advanced_removals(self, Board(values[:], cands, positions), board)

        found, ends = native.chains.nested_run(values, board.cands, k, advance)
        run = Run({key: (parents, cause, nested) for key, parents, cause, nested in found})
        if ends is None:
            return run, None
        return run, tuple(End(run, *end) for end in ends)

    # multiple chains: for each cell, each of its candidates on and off

    def _multiple_chains(self, board: Board) -> list[ChainHint]:
        result: list[ChainHint] = []
        for cell in range(81):
            if board.values[cell]:
                continue
            if self.stop is not None and self.stop():
                raise Stopped
            n = board.cands[cell].bit_count()
            if n > 2 or (n > 1 and self.dynamic):
                self._for_cell(board, cell, n, result)
        return result

    def _for_cell(self, board: Board, cell: int, n: int, result: list) -> None:
        by_value: dict[int, Run] = {}
        common: dict | None = None
        for d in cell_bits(board.cands[cell]):
            run = self._binary(board, cell, d, n, result)
            if not self.nishio:
                self._regions(board, cell, d, run, result)
            by_value[d] = run
            if common is None:
                common = dict.fromkeys(run.found)
            else:
                common = {k: None for k in common if k in run.found}
        if self.nishio or not (n == 2 or (self.multiple and n > 2)):
            return
        for on in (1, 0):
            for k in common:
                if k & 1 == on:
                    hint = self._reduction(board, k, [stored(by_value[d], k) for d in by_value],
                                           "cell", f"{cell_name(cell)}")
                    if hint.removals:
                        result.append(hint)

    def _native_chains(self, board: Board) -> list[ChainHint]:
        """_multiple_chains on the compiled engine (core/native/chains.c, no nesting): the
        same conclusions with the same chains, in the same order; their hints made here."""
        found = native.chains.chaining(board.values, board.cands, self.multiple, self.dynamic,
                                       self.nishio, self.stop)
        if found is None:
            raise Stopped
        raw, runs_found = found
        runs: dict[int, Run] = {}

        def run_of(i: int) -> Run:
            run = runs.get(i)
            if run is None:
                run = runs[i] = Run({k: (parents, cause, None)
                                     for _, k, parents, cause in runs_found[i]}, plain=True)
            return run

        result = []
        for kind, target, turn_on, a, b, ends in raw:
            ends = tuple(End(run_of(i), k, parents, cause, None, chain)
                         for i, k, parents, cause, chain in ends)
            if kind == NATIVE_CELL:
                hint = self._reduction(board, target, ends, "cell", cell_name(a))
            elif kind == NATIVE_REGION:
                hint = self._reduction(board, target, ends, "region",
                                       f"{a + 1} in {region_name(b)}", b)
            else:
                hint = self._binary_hint(board, target, ends, kind == NATIVE_ABSURD,
                                         bool(turn_on))
            result.append(hint)
        return result

    def _binary(self, board: Board, cell: int, d: int, n: int, result: list) -> Run:
        """The candidate on, then off: contradictions (Nishio, dynamic) and conclusions both
        states share (dynamic, cells of three or more candidates)."""
        double = n >= 3 and not self.nishio and self.dynamic
        contradiction = self.dynamic or self.nishio
        on_key = ((cell * 9 + d) << 1) | 1
        on_run, absurd = self.chain_from(board, on_key)
        if contradiction and absurd is not None:
            result.append(self._binary_hint(board, on_key, absurd, True, False))
        if not (double or contradiction):
            return on_run
        off_run, absurd = self.chain_from(board, on_key ^ 1)
        if contradiction and absurd is not None:
            hint = self._binary_hint(board, on_key ^ 1, absurd, True, True)
            if hint.removals:
                result.append(hint)
        if double:
            for on in (1, 0):
                for k in on_run.found:
                    if k & 1 == on and k in off_run.found:
                        hint = self._binary_hint(board, k, (stored(on_run, k),
                                                            stored(off_run, k)), False, on)
                        if hint.removals:
                            result.append(hint)
        return on_run

    def _binary_hint(self, board, target: int, ends, absurd: bool, turn_on: bool) -> ChainHint:
        cell, d = divmod(target >> 1, 9)
        if absurd:
            turn_on = not target & 1
        flat = len(ends[0].chain()) + len(ends[1].chain())
        name = ("Forcing" if self.nishio else "Contradiction Forcing" if absurd
                else "Double Forcing")
        hint = self._hint(board, cell, d, turn_on, ends, name, 7 if absurd else 1, "binary", flat)
        return hint

    def _regions(self, board: Board, cell: int, d: int, run: Run, result: list) -> None:
        """Region forcing chains: each place of the digit in a region where `cell` is its
        first place."""
        for kind in range(3):
            region = CELL_REGIONS[cell][kind]
            places = board.positions[region * 9 + d]
            count = places.bit_count()
            if not (count == 2 or (self.multiple and count > 2)):
                continue
            cells = REGIONS[region]
            if cells[(places & -places).bit_length() - 1] != cell:
                continue
            runs = []
            common = dict.fromkeys(run.found)
            for i in cell_bits(places):
                other = cells[i]
                if other == cell:
                    runs.append(run)
                    continue
                other_run, _ = self.chain_from(board, ((other * 9 + d) << 1) | 1)
                runs.append(other_run)
                common = {k: None for k in common if k in other_run.found}
            for on in (1, 0):
                for k in common:
                    if k & 1 == on:
                        hint = self._reduction(board, k, [stored(r, k) for r in runs], "region",
                                               f"{d + 1} in {region_name(region)}",
                                               region)
                        if hint.removals:
                            result.append(hint)

    def _reduction(self, board, k, ends, kind, where, region=None) -> ChainHint:
        cell, d = divmod(k >> 1, 9)
        flat = sum(len(e.chain()) for e in ends)
        name = "Cell Forcing" if kind == "cell" else "Region Forcing"
        hint = self._hint(board, cell, d, bool(k & 1), ends, name, 5 if kind == "cell" else 6,
                          kind, flat)
        hint.text = f"{where}: {hint.text}"
        hint.shape = (kind, region)
        return hint

    def _hint(self, board, cell, d, turn_on, ends, name, sort_key, kind, flat) -> ChainHint:
        bit = 1 << d
        if turn_on:
            rest = board.cands[cell] & ~bit
            removals = {cell: rest} if rest else {}
        else:
            removals = {cell: bit}
        prefix = "Dynamic " if self.level > 0 or (self.dynamic and not self.nishio) else ""
        if self.nishio:
            prefix = "Nishio "
        suffix = " Chains" + NESTED_SUFFIX.get(self.level, "")
        hint = ChainHint(prefix + name + suffix, 0.0, removals,
                         text=f"{cell_name(cell)}{'=' if turn_on else '<>'}{d + 1}",
                         targets=tuple(ends), sort_key=sort_key, kind=kind, flat=flat)
        hint.difficulty = self.difficulty + length_bonus(hint.complexity())
        if turn_on:
            hint.cell, hint.value = cell, d + 1
        return hint

    # nested chains: basic techniques (and chains) applied inside a dynamic chain

    def _advance(self, board: Board, source: Board, run: Run, pending_off: deque) -> bool:
        added = False
        for off, parents, nested in advanced_offs(self, board, source, run):
            if off not in run.found:
                run.found[off] = (parents, ADVANCED, nested)
                pending_off.append(off)
                added = True
        return added


NATIVE_ABSURD, NATIVE_DOUBLE, NATIVE_CELL, NATIVE_REGION = range(4)  # chains.c's hint kinds
UNARY_FLAVOURS = ((False, True, 6.5), (True, False, 6.5), (True, True, 7.0))  # y, x, least base


def max_length(base: float, difficulty: float) -> int:
    """The most potentials a chain of this base can have and be at most `difficulty` hard
    (-1: none can), compared as the hints' own difficulties are computed."""
    if difficulty >= 100:
        return BIG
    if base + length_bonus(0) > difficulty:
        return -1
    n = 0
    while base + length_bonus(n + 1) <= difficulty:
        n += 1
        if n > 4096:
            return BIG
    return n


NESTED_SUFFIX = {1: " (+)", 2: " (+ Forcing Chains)", 3: " (+ Multiple Forcing Chains)",
                 4: " (+ Dynamic Forcing Chains)"}

