"""Each kind of shape drawn over or beside cells whose digits keep a sum or an order (killer
cages, little killers, thermometers, arrows and pill arrows, sandwich sums), declared once: a
`ShapeKind` record holds everything the workbench knows of it, and every aspect loops over
SHAPES instead of naming kinds. The records are in the plan's order (the propagators compile
so: bench/plan_check.py); where an aspect has always written the kinds in another order, a
record's `ranks` keeps it (`ranked(aspect)`), so that no output changed with the records.

  model     field (the Variant's tuple of them, each an item of its class below: Cage,
            LittleKiller, Arrow, Sandwich; a thermometer is its cells), normal
            (how make() stores them), check (what the model refuses), cells (an item's
            cells, kept inside the grid, dropped with a cleared cell), held (on a grid of
            digits from 0: the items with their sums as held), from_zero (what of it is not
            read there, and why)
  rules     units (groups whose digits differ, named), broken (what a filled grid breaks)
  engine    compile (its propagators, in the plan's order), houses (what it says with the
            houses: the 45 rule), speed (propagators for speed only: the logic says none)
  logic     steps (technique, score, words by the propagator's class)
  wording   words (name and rules sentence, English and Japanese), sentence (the values its
            sentence needs)
  text      word (the text format's word), numbered and worded (a number, a word, before
            its colon), read_text, write_text
  f-puzzles fpuzzles (its key), read_fpuzzles, write_fpuzzles
  SudokuPad pad_cages (SudokuPad cages drawing it) and pad_draw (its other items),
            pad_places (its clues outside the grid); read: pad_cage (a plain cage),
            pad_pointed (a boxed number with a pointer outside the grid), pad_boxed (one
            alone beside a row or column), pad_grey and pad_line (a grey line from a grey
            bulb), pad_arrow (a grey arrow from a round bulb)
  ISS       iss (its types' readers), iss_sum (what ISS's Sum of its shape reads as),
            iss_or (its types inside an Or), write_iss
  ipuz      ipuz (written to and read from an ipuz Sudoku's own field)
  print     caption, draw (over the cells), draw_lines (with the lines, under the grid),
            draw_outside (in the margin), corner (numbers in a cell's top-left corner, which
            the digit there keeps clear of), margin (clues outside the grid by place)
  terminal  tinted (cells tinted and outlined, one tint a shape), glyphs (in empty cells),
            corner, margin
  editor    key and title (makes one of the picked cells), prompt and made (its number
            asked, what a short pick lacks), here (its words on a cell), example (a line of
            the text format in the help), sided (a clue set by the outside clue's words)
  generator grow and grow_path (the shapes generator's words and how it draws them off a
            filling: after the outside clues, or in the room before the lines)

Like the line records, they compile into propagators above the model: the package imports
this module first, and it fills core.variants.model.SHAPE_RECORDS, which the model, rules
and engine read. It imports no module that reads the records (the layering test forbids
the cycle): each format, the print drawing and the generator pass a record's reader, writer,
drawing or grower what it uses of theirs (the module itself, as f, iss, text, drawing,
generator; SudokuPad's writer its PAD; ipuz its whole_number).
tests/core/variants/test_shapes.py checks every record.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from core.variants import propagators as pr
from core.variants.model import DIRECTIONS, SHAPE_RECORDS, ModelError, Variant, touching
from core.variants.records import Step, Words


def _none(*_args) -> list:
    return []


# --- the items the records store in the Variant -----------------------------------------------

@dataclass(frozen=True)
class Cage:
    """Killer cage: digits differ; they add up to `total` when it is given."""

    cells: tuple[int, ...]
    total: int | None = None


@dataclass(frozen=True)
class LittleKiller:
    """A sum outside the grid at (row, col) (-1 or size on one axis), along a diagonal."""

    row: int
    col: int
    direction: str  # DR, DL, UR, UL
    total: int
    cells: tuple[int, ...] = ()


@dataclass(frozen=True)
class Arrow:
    """The shaft's digits add up to the bulb (a pill of 2-3 cells reads as one number)."""

    bulb: tuple[int, ...]
    shaft: tuple[int, ...]


@dataclass(frozen=True)
class Sandwich:
    """The digits between 1 and the largest digit in a row or column add up to `total`."""

    line: str  # row or col
    index: int  # 0-based
    total: int


@dataclass(frozen=True)
class Mode:
    """A generator mode of a kind's own (`generate WORD`): what it makes (the registry's
    words), its own yes/no option (name, help, label) and how it makes one puzzle:
    make(options, rng, stop, generator) gives (puzzle, solution), or None to start again."""

    word: str
    says: str
    option: tuple[str, str, str]
    make: Callable


@dataclass(frozen=True)
class ShapeKind:
    field: str
    word: str
    called: str
    caption: str
    words: Words
    steps: dict[str, Step]
    normal: Callable[[object, int], tuple]
    check: Callable[[Variant], None]
    cells: Callable[[object], tuple]
    broken: Callable[[Variant, list], list]
    compile: Callable[[Variant, list], list]
    sentence: Callable[[Variant], dict]
    read_text: Callable
    write_text: Callable[[Variant], list]
    fpuzzles: str
    read_fpuzzles: Callable
    write_fpuzzles: Callable[[Variant], list]
    pad_cages: Callable[[Variant], list]
    iss: dict
    write_iss: Callable[[Variant], list]
    draw: Callable
    held: Callable[[Variant], tuple] | None = None
    units: Callable[[Variant], list] = _none
    houses: Callable[[Variant, list], list] = _none
    speed: Callable[[Variant, list, list], list] = _none  # (p, houses, peers)
    numbered: bool = False  # takes a number before the text format's colon
    title: str = ""  # the editor's key's name
    example: str = ""  # a line of it in the text format, as the editor's help shows one
    pad_cage: Callable | None = None
    ipuz: tuple | None = None  # (writer, reader, the ipuz field it reads)
    corner: Callable[[Variant], dict] = lambda p: {}
    tinted: Callable[[Variant], list] = _none
    key: str = ""
    prompt: Callable[[int], str] | None = None
    made: Callable | None = None
    here: Callable[[Variant, int], list] = _none
    grow: tuple = ()
    margin: Callable[[Variant], dict] = lambda p: {}
    draw_outside: Callable = _none
    pad_draw: Callable = _none
    pad_places: Callable[[Variant], list] = _none
    pad_pointed: Callable | None = None
    iss_sum: Callable | None = None
    ranks: dict = field(default_factory=dict)
    # what of it is not read on digits from 0, and why (None: all is)
    from_zero: Callable[[Variant], tuple[str, str] | None] = lambda p: None
    draw_lines: Callable = _none
    glyphs: Callable[[Variant], dict] = lambda p: {}
    pad_arrow: Callable | None = None
    iss_or: dict = field(default_factory=dict)
    grow_path: tuple = ()  # (words, grow): drawn in the generator's room, before the lines
    pad_grey: int = 0  # SudokuPad's grey line of it (its thickness), its style its word
    pad_line: Callable | None = None  # the item a grey line from its bulb draws
    worded: bool = False  # takes a word before its number in the text format (row 3)
    pad_boxed: Callable | None = None  # the item a boxed number beside a row or column draws
    sided: tuple = ()  # (make(line, index, total), (line, index) of one): a clue beside a
    # row or column on its left or top side, set in the editor's outside clue words
    mode: Mode | None = None  # a generator mode of its own
    grown: str = ""  # what the shapes generator makes of it, in its help

    def of(self, p: Variant) -> tuple:
        return getattr(p, self.field)


# --- killer cages ------------------------------------------------------------------------------

def _cage_key(cage: Cage):
    return (cage.cells, -1 if cage.total is None else cage.total)


def _cages_normal(given, n: int) -> tuple:
    return tuple(sorted({Cage(tuple(sorted(set(c.cells))), c.total) for c in given},
                        key=_cage_key))


def _cages_check(p: Variant) -> None:
    n = p.size
    for cage in p.cages:
        k = len(cage.cells)
        if not 1 <= k <= n:
            raise ModelError(f"a cage has 1 to {n} cells; found {k}")
        if cage.total is not None:
            low = k * (k + 1) // 2 - k * p.shift  # the digits as shown
            high = k * (2 * n - k + 1) // 2 - k * p.shift
            if not low <= cage.total <= high:
                raise ModelError(f"a cage of {k} cells at {p.name(cage.cells[0])} adds up to "
                                 f"{low} to {high}, not {cage.total}")


def _cages_held(p: Variant) -> tuple:
    return tuple(replace(c, total=c.total + len(c.cells) * p.shift)
                 if c.total is not None else c for c in p.cages)


def _cages_units(p: Variant) -> list:
    return [(cage.cells, f"the cage at {p.name(cage.cells[0])}") for cage in p.cages
            if len(cage.cells) > 1]


def _cages_broken(p: Variant, values) -> list:
    return [f"the cage at {p.name(cage.cells[0])} does not add up to {cage.total}"
            for cage in p.cages
            if cage.total is not None and sum(values[c] for c in cage.cells) != cage.total]


def _cages_compile(p: Variant, peers) -> list:
    n, props = p.size, []
    for cage in p.cages:
        if cage.total is None:
            continue
        combos = pr.digit_sets(n, len(cage.cells), cage.total)
        if len(combos) <= pr.COMBOS_UP_TO:
            props.append(pr.CageSum(cage.cells, combos))
        else:
            props.append(pr.SumBounds(cage.cells, cage.total, cage.total, n,
                                      (tuple(range(len(cage.cells))),)))
    return props


def innies(p: Variant, houses) -> list:
    """The 45 rule: in a house, the cells its whole cages leave add up to the rest."""
    n, found = p.size, []
    summed = [(c, set(c.cells)) for c in p.cages if c.total is not None]
    full = n * (n + 1) // 2
    for house in houses:
        inside, covered, region = [], set(), set(house)
        for c, cells in summed:  # cages may overlap in a puzzle: only disjoint ones add up
            if cells <= region and not covered & cells:
                inside.append(c)
                covered |= cells
        rest = tuple(c for c in house if c not in covered)
        if inside and 0 < len(rest) < n:
            total = full - sum(c.total for c in inside)
            combos = pr.digit_sets(n, len(rest), total) if total > 0 else ()
            if len(combos) <= pr.COMBOS_UP_TO:
                innie = pr.Innie(rest, combos)
                innie.house, innie.full, innie.total = house, full, total
                found.append(innie)
    return found


def leftovers(p: Variant, peers) -> list:
    """The law of leftovers for killer cages, as ISS's optimizer finds it (its
    _makeInnieOutieSumHandlers): sweep the rows (down and up), the columns (right and left)
    and the regions in order, growing a band of houses; a sum (a cage or a little killer,
    kept apart as ISS keeps them, and the cells no sum covers when they are fewer than n: ISS's
    _fillInSumGap, itself a sum kept) joins the band once more than half of it lies inside.
    The band adds up to its houses' totals and its sums to theirs, so the sums' cells outside
    the band (outies) less the band's cells outside its sums (innies) add up to the
    difference: a SignedSum, the smaller side taken away, kept when it is short (at most n
    cells, one side at most 2, at most 6 cells where every one is already in a sum). Bands of
    one house are innies() and hidden_sums() already."""
    n, full = p.size, p.size * (p.size + 1) // 2
    pieces = apart(fixed_sums(p))  # sums that overlap another are left out: they would not add
    if not pieces:
        return []
    used = {c for cells, _ in pieces for c in cells}
    gap = ()
    if 0 < n * n - len(used) < n:  # ISS's _fillInSumGap: the cells left add up to the rest
        gap = tuple(c for c in range(n * n) if c not in used)
        pieces.append((gap, n * full - sum(total for _, total in pieces)))
        used |= set(gap)
    rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
    cols = [tuple(r * n + c for r in range(n)) for c in range(n)]
    regions: dict[int, list[int]] = {}
    for cell, region in enumerate(p.regions):
        regions.setdefault(region, []).append(cell)
    found, seen = [], set()
    if gap:
        found.append(pr.SumBounds(gap, pieces[-1][1], pieces[-1][1], n, pr.cliques(gap, peers)))
    for order in (rows, rows[::-1], cols, cols[::-1], [regions[r] for r in sorted(regions)]):
        band, inside, total = set(), set(), 0
        left = [(cells, piece_total, set(cells)) for cells, piece_total in pieces]
        for i, house in enumerate(order[:-1], 1):
            band |= set(house)
            for piece in [c for c in left if 2 * len(band & c[2]) > len(c[0])]:
                left.remove(piece)
                inside |= piece[2]
                total += piece[1]
            plus, minus = sorted(inside - band), sorted(band - inside)
            delta = total - i * full
            if len(minus) > len(plus):  # the smaller side less, as ISS writes it (one of two alike)
                plus, minus, delta = minus, plus, -delta
            key = (tuple(plus), tuple(minus))
            if i == 1 or key in seen or not plus and not minus or len(plus) + len(minus) > n:
                continue
            if min(len(plus), len(minus)) > 2 or (
                    len(plus) + len(minus) > 6 and set(plus + minus) <= used):
                continue
            seen.add(key)
            groups = pr.cliques(plus, peers) + tuple(
                tuple(len(plus) + j for j in g) for g in pr.cliques(minus, peers))
            found.append(pr.SignedSum(plus, minus, delta, n, groups))
    return found


def fixed_sums(p: Variant) -> list[tuple[tuple[int, ...], int]]:
    """The sums of a known total that ISS's sum optimizer reasons with, as (cells, total):
    the cages with a number and the little killers (their digits may repeat)."""
    return ([(c.cells, c.total) for c in p.cages if c.total is not None]
            + [(k.cells, k.total) for k in p.little])


def apart(sums, masks=None) -> list:
    """The sums ISS's optimizer keeps when they must not share a cell (its
    _findNonOverlappingSubset): those crossing the fewest others first, each kept unless it
    shares a cell with one kept. `masks`: the sums' cells as bit sets, when known."""
    masks = masks or [sum(1 << c for c in cells) for cells, _ in sums]
    crossing = [sum(1 for j, t in enumerate(masks) if j != i and m & t)
                for i, m in enumerate(masks)]
    used, kept = 0, []
    for i in sorted(range(len(sums)), key=crossing.__getitem__):
        if not used & masks[i]:
            kept.append(sums[i])
            used |= masks[i]
    return kept


def hidden_sums(p: Variant, houses, peers) -> list:
    """ISS's hidden cages (its _makeHiddenCageHandlers), speed only: for each house, the
    sums that cross it (cages and little killers, kept apart), and from them
    - the sums sticking out of the house by one cell (outies): the house's cells outside
      its whole sums and outside that sum, less the cell outside, add up to what is left
      (a SignedSum of at most 6 cells);
    - the house's cells outside its whole sums, when a little killer is among them (the
      cages alone are innies());
    - the cells the crossing sums cover outside the house, holes filled with houses that
      cross it, houses wholly inside taken out (crossing_sum)."""
    n, full, sums = p.size, p.size * (p.size + 1) // 2, fixed_sums(p)
    if not sums:
        return []
    house_sets = [set(h) for h in houses]
    masks = [sum(1 << c for c in cells) for cells, _ in sums]
    cages = {cells for cells, _ in fixed_sums(replace(p, little=()))}
    found, seen = [], set()

    def add(prop, key):
        if key not in seen:
            seen.add(key)
            found.append(prop)

    for h, house in enumerate(houses):
        region, mask = house_sets[h], sum(1 << c for c in house)
        crossed = [i for i, m in enumerate(masks) if m & mask]
        kept = apart([sums[i] for i in crossed], [masks[i] for i in crossed])
        if not kept:
            continue
        crossing = crossing_sum(h, kept, house_sets, full, n, peers)
        if crossing:
            add(crossing, (tuple(crossing.cells), (), crossing.low))
        whole = [(cells, total) for cells, total in kept if set(cells) <= region]
        inside = {c for cells, _ in whole for c in cells}
        rest = [c for c in house if c not in inside]
        left = full - sum(total for _, total in whole)
        for cells, total in kept:
            out = [c for c in cells if c not in region]
            if len(out) != 1:
                continue
            plus = [c for c in rest if c not in cells]
            if len(plus) + 1 > 6:
                continue
            groups = pr.cliques(plus, peers) + ((len(plus),),)
            add(pr.SignedSum(plus, out, left - total, n, groups),
                (tuple(sorted(plus)), tuple(out), left - total))
        if len(inside) > 1 and rest and any(c not in cages for c, _ in whole):
            combos = pr.digit_sets(n, len(rest), left) if left > 0 else ()
            if len(combos) <= pr.COMBOS_UP_TO:
                add(pr.CageSum(tuple(rest), combos), (tuple(sorted(rest)), (), left))
    return found


def sum_optimizer(p: Variant, houses, peers) -> list:
    """What ISS's sum optimizer adds to the cages and little killers (its _optimizeSums),
    speed only: the law of leftovers, the hidden cages, the combined sums, and for each sum
    lying in one house the digits the rest of the house holds (complements)."""
    found = leftovers(p, peers) + hidden_sums(p, houses, peers) + combined_sums(p, peers)
    return found + complements(p, houses, found)


def complements(p: Variant, houses, found) -> list:
    """ISS's complement cells (its _addSumComplementCells): a sum of 3 cells or more lying in
    a house leaves the rest of the house the digits its own set lacks, so the rest keeps the
    complements of the sets that fit (a CageSum of them). The sums: the cages and little
    killers, the innies and those found (the plain ones)."""
    n = p.size
    full = (1 << n) - 1
    inside = innies(p, houses)
    sums = fixed_sums(p) + [(x.cells, x.total) for x in inside]
    for x in found:
        if isinstance(x, pr.SumBounds) and x.low == x.high:
            sums.append((x.cells, x.low))
        elif isinstance(x, pr.SignedSum) and not x.minus:
            sums.append((x.plus, x.total))
    # what the plan already holds: a house's one cage and its innie are each other's complement
    seen = {(tuple(sorted(c.cells)), pr.digit_sets(n, len(c.cells), c.total))
            for c in p.cages if c.total is not None}
    seen |= {(tuple(sorted(x.cells)), tuple(sorted(x.combos)))
             for x in inside + [x for x in found if type(x) is pr.CageSum]}
    made = []
    for cells, total in sums:
        within = set(cells)
        house = next((h for h in houses if within <= set(h)), None)
        if house is None or not 3 <= len(within) < n or len(within) < len(cells):
            continue
        combos = pr.digit_sets(n, len(within), total)
        rest = tuple(c for c in house if c not in within)
        key = (tuple(sorted(rest)), tuple(sorted(full ^ m for m in combos)))
        if len(combos) <= pr.COMBOS_UP_TO and key not in seen:
            seen.add(key)
            made.append(pr.Complement(rest, key[1]))
    return made


def _scored_sum(cells, total: int, n: int, peers, sizes_of: dict):
    """A sum as combined_sums weighs it: (score, key, cells, total, cells as bits), or None
    when no digits of its groups reach the total. `sizes_of` keeps each cell set's groups."""
    if cells not in sizes_of:
        sizes_of[cells] = [len(g) for g in pr.cliques(cells, peers)]
    sizes = sizes_of[cells]
    least = sum(k * (k + 1) // 2 for k in sizes)
    most = least + sum((n - k) * k for k in sizes)
    if not least <= total <= most:
        return None
    room = min(total - least, most - total)
    return (sum(k * (n - k) - room for k in sizes), ",".join(map(str, cells)), cells, total,
            sum(1 << c for c in cells))


def combined_sums(p: Variant, peers) -> list:
    """ISS's combined sums (its _makeCombinedSumHandlers), speed only: two sums that share no
    cell, of 6 or more cells the smaller, 6 or more of which see a cell of the other, merge
    into one when the merged sum scores better than both (or than the two together); the
    best merge first, until none is left. A sum's score is, over its groups of cells that
    see each other, the sum of k(n - k) less its room (how far its total lies from the
    nearer end of its range). The merged sums that score above 0 are kept."""
    n, sizes_of, near = p.size, {}, []

    def record(cells, total):
        return _scored_sum(tuple(sorted(cells)), total, n, peers, sizes_of)

    def related(a, b) -> bool:
        if a[4] & b[4]:
            return False
        small, big = (b, a) if len(b[2]) < len(a[2]) else (a, b)
        return len(small[2]) >= 6 and sum(1 for c in small[2] if near[c] & big[4]) >= 6

    active, original = {}, set()
    for cells, total in fixed_sums(p):
        r = record(cells, total)
        if r and r[1] not in active:
            active[r[1]] = r
            original.add(r[1])
    if len(active) < 2:
        return []  # nothing to merge
    near[:] = [pr.bit_set(qs) for qs in peers]
    merges = []

    def consider(a, b) -> None:
        if not related(a, b):
            return
        both = record(a[2] + b[2], a[3] + b[3])
        if both is None or both[1] in active:
            return
        if (both[0] <= a[0] or both[0] <= b[0]) and both[0] <= a[0] + b[0]:
            return
        merges.append((a, b, both))

    firsts = list(active.values())
    for i, a in enumerate(firsts):
        for b in firsts[i + 1:]:
            consider(a, b)
    while True:
        merges = [m for m in merges if active.get(m[0][1]) is m[0]
                  and active.get(m[1][1]) is m[1] and m[2][1] not in active]
        if not merges:
            break
        a, b, best = max(merges, key=lambda m: (m[2][0], m[2][1]))
        merges.remove((a, b, best))
        del active[a[1]], active[b[1]]
        active[best[1]] = best
        for other in list(active.values()):
            if other is not best:
                consider(best, other)
    return [pr.SumBounds(r[2], r[3], r[3], n, pr.cliques(r[2], peers))
            for key, r in active.items() if key not in original and r[0] > 0]


def crossing_sum(h: int, kept, house_sets, full: int, n: int, peers):
    """ISS's sum of a house's crossing sums (its _addSumIntersectionHandler): they cover the
    house (holes filled by houses crossing it there alone, in two or more cells); less the
    house and the houses now wholly inside, the cells left add up to the rest. Kept only
    when it narrows (the range of its sums more than 4 times the room in it), else None."""
    base = house_sets[h]
    total = sum(t for _, t in kept)
    cells = {c for s, _ in kept for c in s}
    holes = base - cells
    for gap in house_sets if holes else ():
        meet = len(holes & gap)
        if gap & cells or meet < 2 or meet != len(base & gap):
            continue
        total += full
        cells |= gap
        holes -= cells
        if not holes:
            break
    if holes:
        return None
    cells -= base
    total -= full
    for house in house_sets:
        if len(house) > len(cells):
            break
        if house <= cells:
            total -= full
            cells -= house
    if not cells:
        return None
    cells = tuple(sorted(cells))
    groups = pr.cliques(cells, peers)
    sizes = [len(g) for g in groups]
    least = sum(k * (k + 1) // 2 for k in sizes)
    spread = sum((n - k) * k for k in sizes)
    room = min(total - least, least + spread - total)
    if room >= 0 and (spread == 0 or spread <= 4 * room):
        return None  # (out of range: kept, it fails at the root as ISS's False does)
    return pr.SumBounds(cells, total, total, n, groups)


def _cages_sentence(p: Variant) -> dict:
    blank = any(c.total is None for c in p.cages)
    return {"cage_blank": "; a cage without a number may have any sum" if blank else "",
            "cage_blank_ja": "(数字のない枠は和を問いません)" if blank else ""}


def _cages_text(total, word, value, read_cells, text):
    """`cage 15: r1c1 r1c2` (`cage:` without a sum): the cage, once the grid's size is known."""
    cells, total = read_cells(value), int(total) if total is not None else None
    return lambda cell, n, where: Cage(tuple(cell(rc) for rc in cells), total)


def _cages_write_text(p: Variant, text) -> list:
    return [f"{'cage' if c.total is None else f'cage {c.total}'}: {text.names(c.cells, p.size)}"
            for c in p.cages]


def _cages_fpuzzles(data, key, n, parts, f):
    for where, item in f.items_of(data, key):
        f.only(item, where, {"cells", "value"})
        total = None if f.blank(item.get("value")) else f.number(item["value"], f"{where}.value")
        parts.setdefault("cages", []).append(Cage(f.cells_of(item.get("cells"), n,
                                                             f"{where}.cells"), total))


def _cages_write_fpuzzles(p: Variant, f) -> list:
    return [{"cells": [f.cell_id(c, p.size) for c in cage.cells],
             **({"value": str(cage.total)} if cage.total is not None else {})}
            for cage in p.cages]


def _cages_sudokupad(p: Variant) -> list:
    n = p.size
    return [{"cells": [[c // n, c % n] for c in cage.cells], "unique": True,
             **({"value": str(cage.total), "sum": cage.total}
                if cage.total is not None else {})} for cage in p.cages]


def _cages_iss(reading, item, iss) -> None:
    if not item.args:
        raise item.error("a cage needs its sum and cells")
    total = iss.number_of(item.args[0], item, "the sum") if item.args[0] else 0
    cells = iss.cells_of(reading, item, item.args[1:])
    reading.add("cages", Cage(cells, total or None))  # 0: any sum, as ISS reads it


def _cages_write_iss(p: Variant, iss) -> list:
    return [f".Cage~{'' if c.total is None else c.total}~"
            + "~".join(iss.cell_id(x, p.size) for x in c.cells) for c in p.cages]


def _cages_ipuz_write(p: Variant, xy) -> dict:
    if not p.cages:
        return {}
    return {"cageborder": "dashed",
            "cages": [{"cells": [xy(c) for c in cage.cells],
                       **({"value": cage.total, "operator": "+"}
                          if cage.total is not None else {})} for cage in p.cages]}


def _cages_ipuz_read(data: dict, zone_cells, listed, whole_number) -> list:
    return [Cage(zone_cells(c, f"cages[{i}]"), _ipuz_total(c, f"cages[{i}]", whole_number))
            for i, c in enumerate(listed(data, "cages"))]


def _ipuz_total(cage: dict, where: str, whole_number) -> int | None:
    from core.errors import ParseError

    value = cage.get("value")
    if value is None:
        return None
    operator = cage.get("operator", "+")
    if operator != "+":
        raise ParseError(f"ipuz {where}: operator {str(operator)[:10]!r}: killer cages add (+)",
                         1, 1)
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 5:
        return int(value)
    return whole_number(value, f"{where}.value")


def _cages_draw(p: Variant, at, drawing) -> None:
    """Each cage's outline, a dashed loop at a constant inset inside its cells; the sum in
    the top-left cell's corner, on a white patch that breaks the dashes under it."""
    from core.export.drawing import INK, THIN, Box, Label, Path

    n = p.size
    for cage in p.cages:
        for loop in drawing.inset_outline({divmod(c, n) for c in cage.cells}, drawing.INSET):
            at.add(Path(tuple(at.xy(row, col) for row, col in loop), THIN, dash=0.08 * at.cell,
                        closed=True))
        if cage.total is not None:
            first = min(cage.cells)
            x, y = at.xy(first // n, first % n)
            text = str(cage.total)
            size = at.clue
            at.add(Box(x + 0.03 * at.cell, y + 0.04 * at.cell, 0.04 * at.cell + 0.6 * size
                       * len(text), 1.05 * size, fill="#ffffff", width=0))
            at.add(Label(x + 0.05 * at.cell, y + 0.04 * at.cell + 0.9 * size, text, size, INK,
                         anchor="start", font="clues"))


def _cages_made(cells, total, p: Variant) -> dict:
    """The editor's new cage over the picked cells: the cages it overlaps go."""
    return {"cages": [*(c for c in p.cages if not set(c.cells) & set(cells)),
                      Cage(tuple(sorted(cells)), total)]}


def _cages_grow(solution, n: int, rng, generator) -> list:
    return [Cage(c) for c in grow_cages(solution, n, rng, generator, singles=False) or []
            if len(c) > 1]


def grow_cages(solution, n: int, rng, generator, largest: int = 5, singles: bool = True
                ) -> list[tuple[int, ...]] | None:
    """Random connected cages of 1..largest cells covering the grid, digits differing; with
    `singles` False every cage has two cells or more (None when one cell finds no cage)."""
    free = set(range(n * n))
    cages = []
    while free:
        start = min(free) if rng.random() < 0.5 else rng.choice(sorted(free))
        cage, want = [start], rng.choice([2, 2, 3, 3, 3, 4, 4, largest])
        free.discard(start)
        while len(cage) < want:
            options = [d for c in cage for d in generator.around(c, n) if d in free
                       and solution[d] not in {solution[e] for e in cage}]
            if not options:
                break
            nxt = rng.choice(options)
            cage.append(nxt)
            free.discard(nxt)
        cages.append(tuple(sorted(cage)))
    cages = _merge_singles(cages, solution, n, rng, generator)
    if not singles:
        cages = _merge_singles(cages, solution, n, rng, generator, largest=n)
        if any(len(c) == 1 for c in cages):
            return None
    return cages


def _merge_singles(cages, solution, n: int, rng, generator, largest: int = 5
                   ) -> list[tuple[int, ...]]:
    """A one-cell cage is a given in disguise: join it to a neighbouring cage of at most
    `largest` cells that lacks its digit, where there is one."""
    cages = [list(c) for c in cages]
    for single in [c for c in cages if len(c) == 1]:
        cell = single[0]
        hosts = [c for c in cages if c is not single and len(c) <= largest
                 and any(d in c for d in generator.around(cell, n))
                 and solution[cell] not in {solution[x] for x in c}]
        if hosts and single in cages:
            rng.choice(hosts).append(cell)
            cages.remove(single)
    return [tuple(sorted(c)) for c in cages]


def _cages_generate(options, rng, stop, generator):
    """The zero-given killer (`generate killer`): cages grown over a random filling, each sum
    from the filling, split (or a cell handed to a neighbouring cage) where two solutions
    differ until one is left; no one-cell cage unless `singles`."""
    n = options.size
    base = generator.make(n, None, None)
    solution = generator.random_filling(base, rng)
    cages = grow_cages(solution, n, rng, generator, singles=options.singles)

    def puzzle_of(cages):
        return replace(base, cages=tuple(sorted(
            (Cage(c, sum(solution[x] for x in c)) for c in cages), key=lambda k: k.cells)))

    reshapes = 2 * n * n  # hand-overs can go round in circles: a new filling after these
    while cages is not None and not stop():
        puzzle = puzzle_of(cages)
        result = generator.engine.count(puzzle, 2, stop)
        if result.stopped:
            raise generator.Stopped
        if result.unique:
            return puzzle, solution
        if options.singles:
            cages = _split_where(cages, result.differs, n, rng, generator)
        else:
            reshapes -= 1
            cages = (_reshape_where(cages, result.differs, solution, n, rng, generator)
                     if reshapes else None)
    if cages is None:
        return None
    raise generator.Stopped


def _split_where(cages, differs, n: int, rng, generator):
    """Split a cage that holds a cell where two solutions differ (more, smaller sums)."""
    touched = [c for c in cages if set(c) & set(differs) and len(c) > 1]
    if not touched:
        return None
    cage = rng.choice(touched)
    cell = rng.choice([c for c in cage if c in differs] or list(cage))
    partner = [c for c in generator.around(cell, n) if c in cage] if len(cage) >= 4 else []
    first = (cell, rng.choice(partner)) if partner else (cell,)  # a pair, not a given
    rest = [c for c in cage if c not in first]
    parts = [tuple(sorted(first))] + _pieces(rest, n, generator)
    return [c for c in cages if c != cage] + parts


def _reshape_where(cages, differs, solution, n: int, rng, generator):
    """Change the cages around a cell where two solutions differ, keeping every cage at two
    cells or more: split its cage into pieces of two or more, or hand the cell to a
    neighbouring cage that lacks its digit. None when no such change is left."""
    changes = []
    for cell in differs:
        cage = next(c for c in cages if cell in c)
        for partner in generator.around(cell, n):
            if partner in cage and len(cage) >= 4:
                rest = _pieces([c for c in cage if c not in (cell, partner)], n, generator)
                if all(len(piece) >= 2 for piece in rest):
                    changes.append(((cage,), [tuple(sorted((cell, partner)))] + rest))
        if len(cage) < 3:
            continue
        rest = _pieces([c for c in cage if c != cell], n, generator)
        if any(len(piece) < 2 for piece in rest):
            continue
        for host in {c for c in cages
                     if c != cage and any(d in c for d in generator.around(cell, n))}:
            if solution[cell] not in {solution[x] for x in host}:
                changes.append(((cage, host), rest + [tuple(sorted(host + (cell,)))]))
    splits = [change for change in changes if len(change[0]) == 1]
    if not changes:
        return None
    old, new = rng.choice(splits or changes)  # a split is progress; a hand-over may undo one
    return [c for c in cages if c not in old] + new


def _pieces(cells, n: int, generator) -> list[tuple[int, ...]]:
    """The connected pieces of a set of cells."""
    left, pieces = set(cells), []
    while left:
        seed = left.pop()
        piece, todo = {seed}, [seed]
        while todo:
            for d in generator.around(todo.pop(), n):
                if d in left:
                    left.discard(d)
                    piece.add(d)
                    todo.append(d)
        pieces.append(tuple(sorted(piece)))
    return pieces


# --- little killers ---------------------------------------------------------------------------

def diagonal_cells(row: int, col: int, direction: str, size: int) -> tuple[int, ...]:
    """The cells a little killer clue at (row, col) points along."""
    dr, dc = DIRECTIONS[direction]
    cells, r, c = [], row + dr, col + dc
    while 0 <= r < size and 0 <= c < size:
        cells.append(r * size + c)
        r, c = r + dr, c + dc
    return tuple(cells)


def _little_normal(given, n: int) -> tuple:
    return tuple(sorted({replace(k, cells=diagonal_cells(k.row, k.col, k.direction, n))
                         for k in given}, key=lambda k: (k.row, k.col, k.direction, k.total)))


def _little_check(p: Variant) -> None:
    n = p.size
    for clue in p.little:
        if not clue.cells:
            raise ModelError(f"the little killer clue at r{clue.row + 1}c{clue.col + 1} "
                             f"({clue.direction}) points at no cell")
        k = len(clue.cells)
        if not k * (1 - p.shift) <= clue.total <= k * (n - p.shift):
            raise ModelError(f"the little killer clue at r{clue.row + 1}c{clue.col + 1} sums "
                             f"{len(clue.cells)} cells: {clue.total} cannot be")


def _little_held(p: Variant) -> tuple:
    return tuple(replace(k, total=k.total + len(k.cells) * p.shift) for k in p.little)


def _little_broken(p: Variant, values) -> list:
    return [f"the little killer {clue.total} does not add up" for clue in p.little
            if sum(values[c] for c in clue.cells) != clue.total]


def _little_compile(p: Variant, peers) -> list:
    return [pr.SumBounds(k.cells, k.total, k.total, p.size, pr.cliques(k.cells, peers))
            for k in p.little]


def _little_text(total, word, value, read_cells, text):
    """`little 23: r0c1 DR`: a place just outside the grid and the direction it points."""
    def made(cell, n: int, where) -> LittleKiller:
        from core.errors import ParseError

        words = value.split()
        if total is None or len(words) != 2 or not text.CELL.fullmatch(words[0]) or (
                words[1].upper() not in DIRECTIONS):
            raise ParseError("a little killer is `little SUM: r0c3 DR` (a place outside the "
                             "grid and a direction DR, DL, UR or UL)", *where)
        r, c = (int(v) for v in text.CELL.fullmatch(words[0]).groups())
        outside = r in (0, n + 1) or c in (0, n + 1)
        if not (outside and 0 <= r <= n + 1 and 0 <= c <= n + 1):
            raise ParseError(f"r{r}c{c}: a little killer clue sits just outside the grid",
                             *where)
        return LittleKiller(r - 1, c - 1, words[1].upper(), int(total))
    return made


def _little_write_text(p: Variant, text) -> list:
    return [f"little {k.total}: r{k.row + 1}c{k.col + 1} {k.direction}" for k in p.little]


def _little_fpuzzles(data, key, n, parts, f):
    for where, item in f.items_of(data, key):
        f.only(item, where, {"cell", "cells", "direction", "value"})
        r, c = f.place_of(item.get("cell"), n, f"{where}.cell", outside=True)
        if r not in (-1, n) and c not in (-1, n):
            raise f.FPuzzlesError(f"{where}: a little killer clue at {item.get('cell')} is "
                                  "inside the grid")
        direction = item.get("direction")
        if direction not in tuple(DIRECTIONS):  # (a tuple: a list there is no key)
            raise f.type_error(f"{where}.direction", "DR, DL, UR or UL", direction)
        if f.blank(item.get("value")):
            raise f.FPuzzlesError(f"{where}: a little killer clue without a sum")
        parts.setdefault("little", []).append(
            LittleKiller(r, c, direction, f.number(item["value"], f"{where}.value")))


def _little_write_fpuzzles(p: Variant, f) -> list:
    return [{"cell": f"R{k.row + 1}C{k.col + 1}", "direction": k.direction,
             "value": str(k.total), "cells": [f.cell_id(c, p.size) for c in k.cells]}
            for k in p.little]


def iss_diagonals(n: int) -> dict[int, tuple[int, ...]]:
    """ISS's little killer diagonals (LittleKiller.cellMap), by their first cell, in order."""
    found: dict[int, tuple[int, ...]] = {}
    seen = set()

    def add(r, c, dr, dc):
        cells = []
        while 0 <= r < n and 0 <= c < n:
            cells.append(r * n + c)
            r, c = r + dr, c + dc
        if len(cells) > 1 and frozenset(cells) not in seen:
            seen.add(frozenset(cells))
            found[cells[0]] = tuple(cells)

    for row in range(n - 1):
        add(row, 0, 1, 1)
    for row in range(1, n - 1):
        add(row, n - 1, -1, -1)
    for col in range(1, n):
        add(0, col, 1, -1)
    for col in range(1, n - 1):
        add(n - 1, col, -1, 1)
    return found


def _clue_before(cells, total: int, n: int) -> LittleKiller:
    """The little killer clue just outside the grid before the first of a diagonal's cells."""
    (r0, c0), (r1, c1) = divmod(cells[0], n), divmod(cells[1], n)
    direction = next(d for d, step in DIRECTIONS.items() if step == (r1 - r0, c1 - c0))
    return LittleKiller(r0 - (r1 - r0), c0 - (c1 - c0), direction, total)


def diagonal_clue(cells, total: int, n: int) -> LittleKiller | None:
    """The little killer whose clue points along exactly these cells, else None; a corner
    cell alone (a clue beside the corner, above or below the grid: either reads the same)."""
    if len(cells) == 1:
        r, c = divmod(cells[0], n)
        if r in (0, n - 1) and c in (0, n - 1):
            row, step = (-1, 1) if r == 0 else (n, -1)
            col = c + 1 if c == 0 else c - 1
            direction = next(d for d, s in DIRECTIONS.items() if s == (step, c - col))
            return LittleKiller(row, col, direction, total)
    if len(cells) < 2:
        return None
    (r0, c0), (r1, c1) = divmod(cells[0], n), divmod(cells[1], n)
    if (r1 - r0, c1 - c0) not in DIRECTIONS.values():
        return None
    clue = _clue_before(cells, total, n)
    outside = clue.row in (-1, n) or clue.col in (-1, n)
    if not outside or diagonal_cells(clue.row, clue.col, clue.direction, n) != cells:
        return None
    return clue


def _little_iss(reading, item, iss) -> None:
    if len(item.args) != 2:
        raise item.error("LittleKiller~sum~first cell")
    total = iss.number_of(item.args[0], item, "the sum")
    start = iss.cell_of(item.args[1], reading.n, item)
    cells = iss_diagonals(reading.n).get(start)
    if cells is None:
        raise item.error(f"{item.args[1]} starts no little killer diagonal of ISS's")
    reading.placed[("LittleKiller", start)] = ("little", _clue_before(cells, total, reading.n))


def _little_iss_sum(cells, parts, item, n: int, iss):
    """ISS's Sum of one total along a little killer's diagonal (as the writer puts one)."""
    if len(parts) != 1:
        return None
    return diagonal_clue(cells, iss.number_of(parts[0], item, "the sum"), n)


def _little_write_iss(p: Variant, iss) -> list:
    n, said, used, diagonals = p.size, [], set(), iss_diagonals(p.size)
    for k in p.little:
        same = diagonals.get(k.cells[0]) == k.cells and k.cells[0] not in used
        used |= {k.cells[0]} if same else set()  # ISS keeps one clue an arrow
        said.append(f".LittleKiller~{k.total}~{iss.cell_id(k.cells[0], n)}" if same
                    else f".Sum~{k.total}~" + "~".join(iss.cell_id(c, n) for c in k.cells))
    return said


def _little_pad_draw(p: Variant, data: dict, pad) -> None:
    """SudokuPad's pointer and boxed sum of each clue."""
    for clue in p.little:
        dr, dc = DIRECTIONS[clue.direction]
        r, c = clue.row + 0.5, clue.col + 0.5
        data["arrows"].append({"color": pad.BLACK, "thickness": 2, "wayPoints": [
            [r + 0.3 * dr, c + 0.3 * dc], [r + 0.48 * dr, c + 0.48 * dc]]})
        data["overlays"].append(pad.text_overlay([r, c], str(clue.total), 28))


def _little_draw(p: Variant, at) -> None:
    """Each sum outside the grid, a short stroke from it along its diagonal."""
    from core.export.drawing import INK, THIN, Label, Line

    size = at.cell
    for clue in p.little:
        x, y = at.xy(clue.row + 0.5, clue.col + 0.5)
        at.add(Label(x, y + 0.12 * size, str(clue.total), 0.34 * size, INK))
        dr, dc = DIRECTIONS[clue.direction]
        xa, ya = at.xy(clue.row + 0.5 + 0.3 * dr, clue.col + 0.5 + 0.3 * dc)
        xb, yb = at.xy(clue.row + 0.5 + 0.48 * dr, clue.col + 0.5 + 0.48 * dc)
        at.add(Line(xa, ya, xb, yb, THIN))


POINTERS = {"DR": "↘", "DL": "↙", "UR": "↗", "UL": "↖"}  # the terminal's


def _little_grow(solution, n: int, rng, generator) -> list:
    starts = [(-1, k, d) for k in range(n) for d in ("DR", "DL")]
    starts += [(k, -1, "DR") for k in range(n)] + [(k, n, "DL") for k in range(n)]
    found, seen = [], set()
    for row, col, direction in rng.sample(starts, len(starts)):
        cells = diagonal_cells(row, col, direction, n)
        if 2 <= len(cells) < n and cells not in seen and len(found) < n // 2 + 1:
            seen.add(cells)
            found.append(LittleKiller(row, col, direction, sum(solution[c] for c in cells)))
    return found


# --- thermometers -------------------------------------------------------------------------------

def _thermos_check(p: Variant) -> None:
    from core.variants.model import check_path

    n = p.size
    for thermo in p.thermos:
        if not 2 <= len(thermo) <= n or len(set(thermo)) != len(thermo):
            raise ModelError(f"a thermometer has 2 to {n} different cells")
        check_path(p, thermo, "thermometer")


def _thermos_broken(p: Variant, values) -> list:
    return [f"the thermometer at {p.name(thermo[0])} does not rise" for thermo in p.thermos
            if any(values[a] >= values[b] for a, b in zip(thermo, thermo[1:], strict=False))]


def _thermos_text(total, word, value, read_cells, text):
    """`thermo: r1c1 r1c2 r1c3`, from the bulb."""
    cells = read_cells(value)
    return lambda cell, n, where: tuple(cell(rc) for rc in cells)


def _thermos_write_text(p: Variant, text) -> list:
    return [f"thermo: {text.names(t, p.size)}" for t in p.thermos]


def _thermos_fpuzzles(data, key, n, parts, f):
    for where, item in f.items_of(data, key):
        f.only(item, where, {"lines"})
        parts.setdefault("thermos", []).extend(f.polylines(item, n, where))


def _thermos_iss(reading, item, iss) -> None:
    reading.add("thermos", iss.cells_of(reading, item))


def _thermos_write_iss(p: Variant, iss) -> list:
    return [".Thermo~" + "~".join(iss.cell_id(c, p.size) for c in t) for t in p.thermos]


def _thermos_pad_draw(p: Variant, data: dict, pad) -> None:
    """A grey round bulb under the first cell, a grey line from it."""
    n = p.size
    for thermo in p.thermos:
        data["underlays"].append({"borderColor": pad.GREY, "backgroundColor": pad.GREY,
                                  "center": pad.centre_of(thermo[0], n), "rounded": True,
                                  "width": 0.85, "height": 0.85})
        data["lines"].append({"color": pad.GREY, "thickness": pad.GREY_LINES["thermo"],
                              "wayPoints": [pad.centre_of(c, n) for c in thermo]})


def _thermos_draw(p: Variant, answer, at, drawing) -> None:
    for thermo in p.thermos:
        drawing.thermometer(at, thermo, at.light, 0)


def _thermos_made(cells, total, p: Variant) -> dict | str:
    """The editor's thermometer along the picked path, from its bulb (or what is wrong)."""
    if len(cells) < 2:
        return "a thermometer needs two cells or more: shift+arrows from the bulb"
    return {"thermos": [*p.thermos, tuple(cells)]}


def _thermos_grow(solution, n: int, rng, room, words) -> list:
    from core.variants import paths

    return [t for t in (paths.rising_path(solution, room, rng) for _ in range(n // 2)) if t]


# --- arrows (a pill of 2 or 3 cells reads as one number) ---------------------------------------

def number_of(digits) -> int:
    """The number a bulb's digits read as (a pill's, left to right, top to bottom)."""
    value = 0
    for d in digits:
        value = value * 10 + d
    return value


def _arrows_check(p: Variant) -> None:
    from core.variants.model import check_path

    n = p.size
    for arrow in p.arrows:
        if not 1 <= len(arrow.bulb) <= 3 or (len(arrow.bulb) > 1 and n > 9):
            raise ModelError("an arrow's bulb is one cell (a pill of 2-3 cells on grids up to "
                             "9x9)")
        if not arrow.shaft or set(arrow.bulb) & set(arrow.shaft):
            raise ModelError(f"the arrow at {p.name(arrow.bulb[0])} needs a shaft of other "
                             "cells")
        check_path(p, arrow.bulb, "arrow's bulb")
        check_path(p, arrow.shaft, "arrow")


def _arrows_from_zero(p: Variant) -> tuple[str, str] | None:
    return ("an arrow with a pill", "") if any(len(a.bulb) > 1 for a in p.arrows) else None


def _arrows_broken(p: Variant, values) -> list:
    return [f"the arrow at {p.name(arrow.bulb[0])} does not add up" for arrow in p.arrows
            if number_of(values[c] for c in arrow.bulb) != sum(values[c] for c in arrow.shaft)]


def _arrows_compile(p: Variant, peers) -> list:
    """A shaft adding up to its bulb; on a grid of digits from 0, a one-cell bulb's held
    digit is the shaft's held sum less (cells - 1) x shift: a signed sum."""
    n, found = p.size, []
    for a in p.arrows:
        groups = pr.cliques(a.shaft, peers)
        if not p.shift:
            found.append(pr.ArrowSum(a.bulb, a.shaft, n, groups))
        else:
            found.append(pr.SignedSum(a.shaft, a.bulb, (len(a.shaft) - 1) * p.shift, n,
                                      groups + ((len(a.shaft),),)))
    return found


def _arrows_sentence(p: Variant) -> dict:
    pills = any(len(a.bulb) > 1 for a in p.arrows)
    return {"bulb": "number" if pills else "digit", "bulb_ja": "数" if pills else "数字",
            "pill": " or oval (read left to right, top to bottom)" if pills else "",
            "pill_ja": "(長丸の中の数字は左から右、上から下に読む数です)" if pills else ""}


def _arrows_text(total, word, value, read_cells, text):
    """`arrow: r5c5 | r4c4 r3c3`: the bulb (a pill: several cells), then the shaft."""
    def made(cell, n: int, where) -> Arrow:
        return Arrow(*text.two_shapes(value, where, lambda rc, w: cell(rc), "an arrow is `arrow: "
                                 "BULB | SHAFT`, e.g. arrow: r1c1 | r1c2 r1c3"))
    return made


def _arrows_write_text(p: Variant, text) -> list:
    return [f"arrow: {text.names(a.bulb, p.size)} | {text.names(a.shaft, p.size)}"
            for a in p.arrows]


def _arrows_fpuzzles(data, key, n, parts, f):
    for where, item in f.items_of(data, key):
        f.only(item, where, {"cells", "lines"})
        bulb = f.cells_of(item.get("cells"), n, f"{where}.cells")
        for line in f.polylines(item, n, where):
            shaft = tuple(c for c in line if c not in bulb)
            parts.setdefault("arrows", []).append(Arrow(bulb, shaft))


def _arrows_write_fpuzzles(p: Variant, f) -> list:
    def ids(cells):
        return [f.cell_id(c, p.size) for c in cells]

    return [{"cells": ids(a.bulb), "lines": [ids((a.bulb[-1],) + a.shaft)]} for a in p.arrows]


def readable(pill, n: int) -> bool:
    """ISS reads a pill in the order of its sorted cells, each one step right, down or
    down-right of the one before."""
    return list(pill) == sorted(pill) and all(
        b - a in (1, n, n + 1) and (b - a == n or b % n == a % n + (b - a) % n)
        for a, b in zip(pill, pill[1:], strict=False))


def _arrows_iss(reading, item, iss) -> None:
    cells = iss.cells_of(reading, item, least=2)
    reading.add("arrows", Arrow(cells[:1], cells[1:]))


def _pill_iss(reading, item, iss) -> None:
    if not item.args or item.args[0] not in ("2", "3"):
        raise item.error("PillArrow~2 or ~3 (the pill's cells), then its cells")
    size = int(item.args[0])
    cells = iss.cells_of(reading, item, item.args[1:], least=size + 1)
    pill = tuple(sorted(cells[:size]))
    if not readable(pill, reading.n):
        raise item.error("the pill's cells are not in reading order (right, down or down-"
                         "right, one step at a time)")
    reading.add("arrows", Arrow(pill, cells[size:]))


def _arrows_iss_sum(cells, parts, item, n: int, iss):
    """ISS's Sum of the shaft less the bulb's number (0 = ...), as the writer puts a pill
    ISS would read in another order."""
    if parts[1:2] != ["="] or parts[0] != "0":
        return None
    coeffs = [iss.number_of(v, item, "a coefficient") for v in parts[2:]]
    bulb = next((k for k in (1, 2, 3) if coeffs == [-10 ** (k - 1 - i) for i in range(k)]
                 + [1] * (len(cells) - k)), None)
    return Arrow(cells[:bulb], cells[bulb:]) if bulb is not None and len(cells) > bulb else None


def _arrows_iss_or(scratch, node, iss) -> list:
    """An arrow inside ISS's Or: its shaft's sum equals its bulb's (one cell)."""
    from core.variants import model

    cells = iss.cells_of(scratch, node, least=2)
    iss.distinct(scratch, node, cells)
    return [model.equal_sums([cells[:1], cells[1:]])]


def _arrows_write_iss(p: Variant, iss) -> list:
    n, said = p.size, []
    for a in p.arrows:
        ids = "~".join(iss.cell_id(c, n) for c in a.bulb + a.shaft)
        if len(a.bulb) == 1:
            said.append(f".Arrow~{ids}")
        elif readable(a.bulb, n):
            said.append(f".PillArrow~{len(a.bulb)}~{ids}")
        else:  # a pill read in another order than ISS reads one: its sum, as ISS builds it
            coeffs = [-10 ** (len(a.bulb) - 1 - i) for i in range(len(a.bulb))]
            coeffs += [1] * len(a.shaft)
            said.append(f".Sum~0_=_{'_'.join(map(str, coeffs))}~{ids}")
    return said


def _arrows_pad_draw(p: Variant, data: dict, pad) -> None:
    """A grey shaft from the bulb; the bulb a round overlay (one cell, or a straight pill in
    reading order), else a grey band with a white inside that keeps the pill's order."""
    n = p.size
    for arrow in p.arrows:
        points = [pad.centre_of(c, n) for c in (arrow.bulb[-1],) + arrow.shaft]
        points[0] = pad.shortened(points, 0.4, 2)
        data["arrows"].append({"color": pad.ARROW_GREY, "headLength": 0.3, "thickness": 5,
                               "wayPoints": points})
        centres = [pad.centre_of(c, n) for c in arrow.bulb]
        rows, cols = {r for r, _ in centres}, {c for _, c in centres}
        if (len(rows) == 1 or len(cols) == 1) and list(arrow.bulb) == sorted(arrow.bulb):
            data["overlays"].append({
                "borderColor": pad.ARROW_GREY, "backgroundColor": pad.WHITE,
                "center": [sum(rows) / len(rows), sum(cols) / len(cols)], "fontSize": 16,
                "borderSize": 5, "rounded": True, "text": "",
                "width": 0.83 + max(cols) - min(cols), "height": 0.83 + max(rows) - min(rows)})
        else:
            data["lines"].append({"color": pad.ARROW_GREY, "thickness": 45, "opacity": 0.7,
                                  "wayPoints": centres})
            data["lines"].append({"color": pad.WHITE, "thickness": 35, "opacity": 0.8,
                                  "wayPoints": centres})


def _arrows_draw(p: Variant, answer, at, drawing) -> None:
    """A circle round the bulb (a pill: a rounded band), a grey shaft to an arrowhead."""
    from core.export.drawing import THIN, Circle

    for arrow in p.arrows:
        if len(arrow.bulb) > 1:
            drawing.pill(at, arrow.bulb)
        else:
            x, y = at.centre(arrow.bulb[0])
            at.add(Circle(x, y, 0.38 * at.cell, fill="#ffffff", width=THIN, color=at.grey))
        tip = arrow.shaft[-1]
        drawing.pointed_shaft(at, arrow.bulb[-1], arrow.shaft,
                            bool(p.givens[tip] or answer is not None))


def _arrows_made(cells, total, p: Variant) -> dict | str:
    """The editor's arrow from the picked path, its first cell the bulb (or what is wrong)."""
    if len(cells) < 2:
        return "an arrow needs a bulb and a shaft: shift+arrows from the bulb"
    return {"arrows": [*p.arrows, Arrow((cells[0],), tuple(cells[1:]))]}


def _arrow_of(solution, room, rng, pill: bool, paths) -> Arrow | None:
    """An arrow: a bulb and a shaft of touching free cells adding up to it. The bulb is one
    cell (a shaft of 1 to 3), or with `pill` two cells side by side (never diagonal) read in
    reading order as a two-digit number (a shaft of 2 to 5 from the second, leaving away from
    the first)."""
    k, n, longest = (2, room.n, 5) if pill else (1, room.n, 3)

    def number(path) -> int:
        return sum(solution[c] * 10 ** (k - 1 - i) for i, c in enumerate(path[:k]))

    def ok(path) -> bool:
        shaft = path[k:]
        return (sum(solution[c] for c in shaft) <= number(path) <= n * longest
                and not (pill and len(shaft) == 1 and touching(shaft[0], path[0], n)))

    def done(path) -> bool:
        return len(path) > k and sum(solution[c] for c in path[k:]) == number(path)

    for _ in range(60):
        bulb = room.start(rng)
        if not bulb:
            return None
        if pill:  # a pill is two cells side by side, as setters draw them: never diagonal
            beside = [c for c in room.steps(bulb) if not paths.corners(bulb[0], c, n)]
            if not beside:
                continue
            bulb = tuple(sorted((bulb[0], rng.choice(beside))))
        path = paths.grow(room, rng, bulb, ok, done, k + longest)
        if path:
            room.take(path)
            return Arrow(path[:k], path[k:])
    return None


def _arrows_grow(solution, n: int, rng, room, words) -> list:
    from core.variants import paths

    arrows = []
    for word, pill in (("arrow", False), ("pill", True)):
        if word in words:
            arrows += [a for a in (_arrow_of(solution, room, rng, pill, paths)
                                   for _ in range(n // 2)) if a]
    return arrows


# --- sandwiches --------------------------------------------------------------------------------

def line_cells(p: Variant, line: str, index: int) -> tuple[int, ...]:
    """The cells of row or column `index`, in reading order."""
    n = p.size
    if line == "row":
        return tuple(index * n + c for c in range(n))
    return tuple(r * n + index for r in range(n))


def _sandwiches_check(p: Variant) -> None:
    n = p.size
    for s in p.sandwiches:
        if s.line not in ("row", "col") or not 0 <= s.index < n:
            raise ModelError(f"a sandwich clue names {s.line} {s.index + 1}")
        if not 0 <= s.total <= sum(range(2, n)):
            raise ModelError(f"a sandwich sum is 0 to {sum(range(2, n))}, not {s.total}")


def _sandwiches_broken(p: Variant, values) -> list:
    found = []
    for s in p.sandwiches:
        line = [values[c] for c in line_cells(p, s.line, s.index)]
        if 1 not in line or p.size not in line:  # a grid that breaks its houses too
            found.append(f"the sandwich of {s.line} {s.index + 1} has no 1 and {p.size}")
            continue
        i, j = sorted((line.index(1), line.index(p.size)))
        if sum(line[i + 1:j]) != s.total:
            found.append(f"the sandwich of {s.line} {s.index + 1} is not {s.total}")
    return found


def _sandwiches_text(total, word, value, read_cells, text):
    """`sandwich row 3: 15` (`sandwich col 2: 0`)."""
    def made(cell, n: int, where) -> Sandwich:
        from core.errors import ParseError

        if word not in ("row", "col", "column") or total is None:
            raise ParseError("a sandwich clue is `sandwich row 3: 15` or `sandwich col 2: 0`",
                             *where)
        index = int(total)
        if not 1 <= index <= n:
            raise ParseError(f"{word} {index}: the grid has {n}", *where)
        return Sandwich("row" if word == "row" else "col", index - 1, text.number_at(value, *where))
    return made


def _sandwiches_fpuzzles(data, key, n, parts, f):
    for where, item in f.items_of(data, key):
        f.only(item, where, {"cell", "value"})
        line, index, _ = f.beside(item, n, where)
        total = f.number(item.get("value"), f"{where}.value")
        parts.setdefault("sandwiches", []).append(Sandwich(line, index, total))


def _sandwiches_write_fpuzzles(p: Variant, f) -> list:
    return [{"cell": f.outside_id(s.line, s.index, False, p.size), "value": str(s.total)}
            for s in p.sandwiches]


def _sandwiches_iss(reading, item, iss) -> None:
    if len(item.args) != 2:
        raise item.error("Sandwich~sum~R1 (or C1)")
    line, index = iss.line_of(item.args[1], reading.n, item)
    reading.placed[("Sandwich", line, index)] = ("sandwiches", Sandwich(
        line, index, iss.number_of(item.args[0], item, "the sum")))


def _sandwiches_write_iss(p: Variant, iss) -> list:
    lines = [(s.line, s.index) for s in p.sandwiches]
    if len(set(lines)) < len(lines):
        raise iss.IssError("two sandwich clues on one line (ISS keeps one clue a line)")
    return [f".Sandwich~{s.total}~{'R' if s.line == 'row' else 'C'}{s.index + 1}"
            for s in p.sandwiches]


def _place(s: Sandwich) -> tuple[int, int]:
    """Where a sandwich clue sits outside the grid: left of its row or above its column."""
    return (-1, s.index) if s.line == "col" else (s.index, -1)


def _sandwiches_pad_draw(p: Variant, data: dict, pad) -> None:
    for s in p.sandwiches:
        centre = [-0.5, s.index + 0.5] if s.line == "col" else [s.index + 0.5, -0.5]
        data["overlays"].append(pad.text_overlay(centre, str(s.total), 32))


def _sandwiches_draw(p: Variant, at) -> None:
    from core.export.drawing import INK, Label

    for s in p.sandwiches:
        row, col = (s.index, -1) if s.line == "row" else (-1, s.index)
        x, y = at.xy(row + 0.5, col + 0.5)
        at.add(Label(x, y + 0.12 * at.cell, str(s.total), 0.38 * at.cell, INK))


def _sandwiches_grow(solution, n: int, rng, generator) -> list:
    found = []
    for line in ("row", "col"):
        for k in rng.sample(range(n), n // 2 + 1):
            values = ([solution[k * n + c] for c in range(n)] if line == "row"
                      else [solution[r * n + k] for r in range(n)])
            i, j = sorted((values.index(1), values.index(n)))
            found.append(Sandwich(line, k, sum(values[i + 1:j])))
    return found


SHAPE_RECORDS.update({kind.field: kind for kind in (
    ShapeKind(
        "cages", "cage", "a cage", "killer",
        Words("Killer", "キラー",
              "Digits in a cage may not repeat and add up to the small number in its "
              "top-left corner{cage_blank}.",
              "点線で囲まれた枠の中の数字は重複せず、その和は左上の小さな数字です"
              "{cage_blank_ja}。"),
        {"CageSum": Step("cage combinations", 2.0, "the cage {cells} can only hold {combos}"),
         "Innie": Step("innies", 2.8, "{house} adds up to {full}; its cages leave {cells} "
                                      "to make {total}")},
        _cages_normal, _cages_check, lambda cage: cage.cells, _cages_broken, _cages_compile,
        _cages_sentence, _cages_text, _cages_write_text, "killercage", _cages_fpuzzles,
        _cages_write_fpuzzles, _cages_sudokupad, {"Cage": _cages_iss}, _cages_write_iss,
        _cages_draw, held=_cages_held, units=_cages_units, houses=innies,
        speed=sum_optimizer,
        numbered=True, title="Cage", example="cage 15: r1c1 r1c2",
        pad_cage=lambda cells, total: Cage(cells, total),
        ipuz=(_cages_ipuz_write, _cages_ipuz_read, "cages"),
        corner=lambda p: {min(c.cells): c.total for c in p.cages if c.total is not None},
        tinted=lambda p: [c.cells for c in p.cages], key="k",
        prompt=lambda k: f"Cage of {k} cells: its sum (empty: none)", made=_cages_made,
        here=lambda p, cell: [f"cage {c.total if c.total is not None else ''}".strip()
                              for c in p.cages if cell in c.cells],
        grow=("cages", _cages_grow), ranks={"generator": 4},
        grown="cages without sums", mode=Mode("killer", "a unique killer Sudoku with no givens",
                  ("singles", "allow one-cell cages (givens in disguise)",
                   "One-cell cages allowed"), _cages_generate)),
    ShapeKind(
        "little", "little", "a little killer clue", "little killer",
        Words("Little Killer", "リトルキラー",
              "A number outside the grid gives the sum of the digits along the diagonal its "
              "arrow points at; digits may repeat.",
              "盤外の数字は、矢印の指す斜め方向のマスの数字の和です(同じ数字が入っても"
              "かまいません)。"),
        {}, _little_normal, _little_check, lambda clue: clue.cells, _little_broken,
        _little_compile, lambda p: {}, _little_text, _little_write_text, "littlekillersum",
        _little_fpuzzles, _little_write_fpuzzles, _none, {"LittleKiller": _little_iss},
        _little_write_iss, _none, held=_little_held, numbered=True,
        margin=lambda p: {(k.row, k.col): f"{k.total}{POINTERS[k.direction]}"
                          for k in p.little},
        draw_outside=_little_draw, pad_draw=_little_pad_draw,
        pad_places=lambda p: [((k.row, k.col), "a little killer sum") for k in p.little],
        pad_pointed=lambda place, direction, total: LittleKiller(*place, direction, total),
        iss_sum=_little_iss_sum, grown="little killers", grow=("little", _little_grow),
        ranks={"text": 3, "fpuzzles": 1, "sudokupad": 2, "generator": 2}),
    ShapeKind(
        "thermos", "thermo", "a thermometer", "thermo",
        Words("Thermo", "サーモ", "Digits along a thermometer increase from the bulb end.",
              "温度計の数字は、丸い端から順に大きくなります。"),
        {"Thermo": Step("thermometer", 1.9, "digits rise along the thermometer {cells}")},
        lambda given, n: tuple(sorted(set(tuple(t) for t in given))), _thermos_check,
        lambda thermo: thermo, _thermos_broken,
        lambda p, peers: [pr.Thermo(t, p.size) for t in p.thermos], lambda p: {},
        _thermos_text, _thermos_write_text, "thermometer", _thermos_fpuzzles,
        lambda p, f: [{"lines": [[f.cell_id(c, p.size) for c in t]]} for t in p.thermos], _none,
        {"Thermo": _thermos_iss}, _thermos_write_iss, _none, title="Thermometer", key="t",
        made=_thermos_made, here=lambda p, cell: ["thermometer" for t in p.thermos if cell in t],
        pad_draw=_thermos_pad_draw, pad_grey=21, pad_line=lambda cells: cells,
        draw_lines=_thermos_draw,
        glyphs=lambda p: {c: g for t in p.thermos for c, g in (
            *((c, "┅") for c in t[1:]), (t[0], "◉"))},
        grown="thermometers", example="thermo: r1c1 r1c2", grow_path=(("thermo",), _thermos_grow),
        ranks={"text": 1, "fpuzzles": 3, "sudokupad": 0, "editor": 1, "generator": 0}),
    ShapeKind(
        "arrows", "arrow", "an arrow", "arrow",
        Words("Arrow", "アロー",
              "Digits along an arrow add up to the {bulb} in its circle{pill}.",
              "矢印上の数字の和は、丸の中の{bulb_ja}です{pill_ja}。"),
        {"ArrowSum": Step("arrow", 2.2, "the arrow's shaft adds up to its bulb ({cells})"),
         # on a grid of digits from 0
         "SignedSum": Step("arrow", 2.2, "the arrow's shaft adds up to its bulb ({cells})")},
        lambda given, n: tuple(sorted(set(given), key=lambda a: (a.bulb, a.shaft))),
        _arrows_check, lambda a: a.bulb + a.shaft, _arrows_broken, _arrows_compile,
        _arrows_sentence, _arrows_text, _arrows_write_text, "arrow", _arrows_fpuzzles,
        _arrows_write_fpuzzles, _none, {"Arrow": _arrows_iss, "PillArrow": _pill_iss},
        _arrows_write_iss, _none, title="Arrow", key="r", made=_arrows_made,
        here=lambda p, cell: ["arrow" for a in p.arrows if cell in a.bulb + a.shaft],
        pad_draw=_arrows_pad_draw, pad_arrow=lambda bulb, shaft: Arrow(bulb, shaft),
        iss_sum=_arrows_iss_sum, iss_or={"Arrow": _arrows_iss_or}, from_zero=_arrows_from_zero,
        draw_lines=_arrows_draw,
        glyphs=lambda p: {c: g for a in p.arrows for c, g in (
            *((c, "→") for c in a.shaft), *((c, "◯") for c in a.bulb))},
        grown="arrows, pill arrows", grow_path=(("arrow", "pill"), _arrows_grow),
        ranks={"text": 2, "fpuzzles": 4, "sudokupad": 1, "editor": 2, "generator": 1}),
    ShapeKind(
        "sandwiches", "sandwich", "a sandwich clue", "sandwich",
        Words("Sandwich", "サンドイッチ",
              "A number left of a row or above a column gives the sum of the digits between "
              "the 1 and the {high} in it.",
              "行の左、列の上の数字は、その行・列の1と{high}の間にある数字の和です。"),
        {"SandwichSum": Step("sandwich", 2.6, "the digits between 1 and the largest in "
                                              "{cells} add up to {total}")},
        lambda given, n: tuple(sorted(set(given), key=lambda s: (s.line, s.index, s.total))),
        _sandwiches_check, lambda s: (), _sandwiches_broken,
        lambda p, peers: [pr.SandwichSum(line_cells(p, s.line, s.index), s.total, p.size)
                          for s in p.sandwiches],
        lambda p: {}, _sandwiches_text,
        lambda p, text: [f"sandwich {s.line} {s.index + 1}: {s.total}" for s in p.sandwiches],
        "sandwichsum", _sandwiches_fpuzzles, _sandwiches_write_fpuzzles, _none,
        {"Sandwich": _sandwiches_iss}, _sandwiches_write_iss, _none, numbered=True,
        worded=True,
        from_zero=lambda p: ("a sandwich clue", "how many digits it adds depends on the "
                             "digits") if p.sandwiches else None,
        margin=lambda p: {_place(s): str(s.total) for s in p.sandwiches},
        draw_outside=_sandwiches_draw, pad_draw=_sandwiches_pad_draw,
        pad_places=lambda p: [(_place(s), "a sandwich sum") for s in p.sandwiches],
        pad_boxed=lambda line, index, total: Sandwich(line, index, total),
        sided=(lambda line, index, total: Sandwich(line, index, total),
               lambda s: (s.line, s.index)),
        grown="sandwiches", grow=("sandwich", _sandwiches_grow),
        ranks={"fpuzzles": 2, "sudokupad": 3, "generator": 3}),
)})
SHAPES = SHAPE_RECORDS


def ranked(aspect: str) -> tuple[ShapeKind, ...]:
    """The records in the order `aspect` has always written them (`ranks`; else the plan's)."""
    plan = list(SHAPES.values())
    return tuple(sorted(plan, key=lambda kind: kind.ranks.get(aspect, plan.index(kind))))
