"""Our Sudoku variant (core.variants.model.Variant) as a constraint string of the Interactive
Sudoku Solver (github.com/sigh/Interactive-Sudoku-Solver, MIT; `.Type~arg~cell...`, its
js/sudoku_constraint.js), and that solver run headless in node (bench/iss_peer.mjs) as the
peer of bench_variants.py. Bench code only: core does not know ISS, and none of ISS's code is
in this repository. Get it with `git clone https://github.com/sigh/Interactive-Sudoku-Solver`
beside the checkout (../Interactive-Sudoku-Solver, or say where with --iss); it needs node 20.

Each of our constraints as ISS builds it (js/solver/sudoku_builder.js), checked against its
meaning there:
  size and regions   .Shape~NxN; ISS's own boxes where they are ours, else .NoBoxes.Jigsaw
  givens, even/odd and given candidates   .~R1C1_5~R2C3_2_4_6  (one cell's allowed digits)
  diagonal / antidiagonal   .Diagonal~-1 (╲) / .Diagonal~1 (╱)
  antiknight, antiking, disjoint groups   .AntiKnight .AntiKing .DisjointSets (ISS's boxes)
  extra regions, cages without a sum   .AllDifferent
  marks   .WhiteDot .BlackDot .X .V .GreaterThan (bigger cell first); a dot of another
          difference or ratio, and a pair under a negative rule alone, as .Pair with the
          relation's table (ISS's binary key); white and black together .StrictKropki, X and V
          together .StrictXV (both exempt every marked pair of their family, as ours do)
  cages, little killers   .Cage~total  .Sum~total (the handler ISS's LittleKiller builds)
  thermometers, arrows   .Thermo  .Arrow; a pill as .Sum~0_=_-10_-1_1... (PillArrow's handler)
  sandwiches, X-sums, skyscrapers   .Sandwich~total~R1  .XSum~R1~left~right  .Skyscraper
  lines   .Whisper~k .Renban .RegionSumLine .Palindrome .Between .Entropic (9x9 only)
          .Modular~3 .Zipper .DoubleArrow; a slow thermometer as .Pair (x <= y, each step), a
          Nabner line as .PairX (neither equal nor consecutive, every two cells)
  quadruples, clones, minima/maxima   .Quad~R1C1~d...  .Pair (equal)  .GreaterThan
  row / column indexers   .Indexing~R / .Indexing~C
Box indexers have no ISS counterpart: such a puzzle raises Unshared.

    to_iss(puzzle) -> str      Peer(path).count(text, 2) -> dict (see bench/iss_peer.mjs)
"""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path

from core.variants import rules
from core.variants.model import Variant, diagonal_cells, disjoint_groups

DEFAULT_ISS = Path(__file__).resolve().parent.parent.parent / "Interactive-Sudoku-Solver"
PEER_SCRIPT = Path(__file__).resolve().parent / "iss_peer.mjs"
BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
NATIVE_MARKS = {"white": "WhiteDot", "bar": "WhiteDot", "black": "BlackDot", "x": "X", "v": "V"}


class Unshared(ValueError):
    """The puzzle uses something ISS cannot express."""


def cell_id(cell: int, n: int) -> str:
    """ISS's cell id: row and column in base 17 (column 10 is 'a')."""
    r, c = divmod(cell, n)
    return f"R{_base17(r + 1)}C{_base17(c + 1)}"


def _base17(v: int) -> str:
    return "0123456789abcdefg"[v]


def binary_key(fits, n: int) -> str:
    """ISS's key of a relation between a first digit x and a second y (fnToBinaryKey): the
    n*n answers, x major, six to a base64url character, least bit first, trailing zeros
    trimmed."""
    chars, v, bit = [], 0, 0
    for x in range(1, n + 1):
        for y in range(1, n + 1):
            v |= bool(fits(x, y)) << bit
            bit += 1
            if bit == 6:
                chars.append(v)
                v = bit = 0
    chars.append(v)
    while chars and not chars[-1]:
        chars.pop()
    return "".join(BASE64[c] for c in chars)


def iss_boxes(n: int) -> tuple[int, ...] | None:
    """The region of each cell under ISS's default boxes (CellGeometry.boxDimsForSize), or
    None when ISS gives this size none."""
    for small in range(int(n ** 0.5), 1, -1):
        if n % small == 0:
            height, width = small, n // small
            return tuple((r // height) * (n // width) + c // width
                         for r in range(n) for c in range(n))
    return None


def to_iss(p: Variant) -> str:
    n = p.size
    parts = [f".Shape~{n}x{n}"] if n != 9 else []
    parts += _regions(p) + _givens(p) + _rules(p) + _marks(p) + _shapes(p) + _lines(p)
    parts += _cell_clues(p) + _outside(p)
    return "".join(parts)


def _ids(cells, n: int) -> str:
    return "~".join(cell_id(c, n) for c in cells)


def _same_partition(a, b) -> bool:
    if b is None:
        return False
    first: dict = {}
    return all(first.setdefault(x, y) == y for x, y in zip(a, b, strict=True)) and len(
        set(first.values())) == len(first)


def _regions(p: Variant) -> list[str]:
    if _same_partition(p.regions, iss_boxes(p.size)):
        return []
    layout = "".join("0123456789abcdefghijklmnopqrstuvwxyz"[r] for r in p.regions)
    return [".NoBoxes", f".Jigsaw~{layout}"]


def _givens(p: Variant) -> list[str]:
    n, full = p.size, (1 << p.size) - 1
    allowed = dict(p.candidates)
    evens = sum(1 << (d - 1) for d in range(2, n + 1, 2))
    for c in p.even:
        allowed[c] = allowed.get(c, full) & evens
    for c in p.odd:
        allowed[c] = allowed.get(c, full) & ~evens
    items = []
    for c in range(p.cells):
        digits = [p.givens[c]] if p.givens[c] else [
            d for d in range(1, n + 1) if allowed.get(c, full) >> (d - 1) & 1]
        if p.givens[c] and c in allowed and not allowed[c] >> (p.givens[c] - 1) & 1:
            digits = []  # a given its candidates rule out: no solution, as ours says
        if len(digits) < n:
            items.append("_".join([cell_id(c, n), *map(str, digits)]) if digits else None)
    if None in items:
        raise Unshared("a given outside its own candidates (ISS refuses an empty cell)")
    return [".~" + "~".join(items)] if items else []


def _rules(p: Variant) -> list[str]:
    n, found = p.size, []
    if "diagonal" in p.rules:
        found.append(".Diagonal~-1")
    if "antidiagonal" in p.rules:
        found.append(".Diagonal~1")
    found += [".AntiKnight"] if "antiknight" in p.rules else []
    found += [".AntiKing"] if "antiking" in p.rules else []
    if "disjoint" in p.rules:
        found += [f".AllDifferent~{_ids(g, n)}" for g in disjoint_groups(n)]
    found += [f".AllDifferent~{_ids(r, n)}" for r in p.extra]
    assert diagonal_cells(n)[1] == n + 1  # ╲ from r1c1, as ISS's direction -1
    return found


def _marks(p: Variant) -> list[str]:
    """Each mark as its own constraint; the negative rules of a pair as one .Pair, unless ISS's
    strict rule says the same: it exempts the pairs its family's native marks join, so a dot
    of another difference or ratio (a .Pair) rules it out."""
    n, found = p.size, []
    covered = set()
    if {"white", "black"} <= p.negative and not any(
            m.value for m in p.marks if m.kind in ("white", "black")):
        found.append(".StrictKropki")
        covered |= {"white", "black"}
    if {"x", "v"} <= p.negative:
        found.append(".StrictXV")
        covered |= {"x", "v"}
    for (a, b), tests in rules.pair_rules(p).items():
        for kind, _ in (t for t in tests if t[1]):
            if kind in NATIVE_MARKS:
                found.append(f".{NATIVE_MARKS[kind]}~{_ids((a, b), n)}")
            elif kind == "less":
                found.append(f".GreaterThan~{_ids((b, a), n)}")
            else:
                key = binary_key(rules.RELATIONS[kind], n)
                found.append(f".Pair~{key}~{_ids((a, b), n)}")
        negative = tuple(kind for kind, holds in tests if not holds and kind not in covered)
        if negative:
            key = binary_key(lambda x, y, t=negative: not any(
                rules.RELATIONS[kind](x, y) for kind in t), n)
            found.append(f".Pair~{key}~{_ids((a, b), n)}")
    return found


def _shapes(p: Variant) -> list[str]:
    n, found = p.size, []
    for cage in p.cages:
        if cage.total is not None:
            found.append(f".Cage~{cage.total}~{_ids(cage.cells, n)}")
        elif len(cage.cells) > 1:
            found.append(f".AllDifferent~{_ids(cage.cells, n)}")
    found += [f".Sum~{k.total}~{_ids(k.cells, n)}" for k in p.little]
    found += [f".Thermo~{_ids(t, n)}" for t in p.thermos]
    for a in p.arrows:
        if len(a.bulb) == 1:
            found.append(f".Arrow~{_ids(a.bulb + a.shaft, n)}")
        else:
            coeffs = [-10 ** (len(a.bulb) - 1 - i) for i in range(len(a.bulb))]
            coeffs += [1] * len(a.shaft)
            found.append(f".Sum~0_=_{'_'.join(map(str, coeffs))}~{_ids(a.bulb + a.shaft, n)}")
    for s in p.sandwiches:
        found.append(f".Sandwich~{s.total}~{'R' if s.line == 'row' else 'C'}{s.index + 1}")
    return found


def _lines(p: Variant) -> list[str]:
    n, found = p.size, []
    plain = {"renban": "Renban", "regionsum": "RegionSumLine", "palindrome": "Palindrome",
             "between": "Between", "zipper": "Zipper", "doublearrow": "DoubleArrow"}
    for line in p.lines:
        cells = _ids(line.cells, n)
        if line.kind in plain:
            found.append(f".{plain[line.kind]}~{cells}")
        elif line.kind == "whisper":
            found.append(f".Whisper~{line.value}~{cells}")
        elif line.kind == "modular":
            found.append(f".Modular~3~{cells}")
        elif line.kind == "entropic":
            if n != 9:
                raise Unshared("an entropic line off 9x9 (ISS reads them on digits 1-9 only)")
            found.append(f".Entropic~{cells}")
        elif line.kind == "slowthermo":
            found.append(f".Pair~{binary_key(lambda x, y: x <= y, n)}~{cells}")
        else:  # nabner
            found.append(f".PairX~{binary_key(lambda x, y: abs(x - y) > 1, n)}~{cells}")
    return found


def _cell_clues(p: Variant) -> list[str]:
    n, found = p.size, []
    for q in p.quads:
        found.append(f".Quad~{cell_id(q.cells[0], n)}~{'~'.join(map(str, q.digits))}")
    if p.clones:
        pairs = [_ids(pair, n) for c in p.clones for pair in zip(c.a, c.b, strict=True)]
        found.append(f".Pair~{binary_key(lambda x, y: x == y, n)}~{'~~'.join(pairs)}")
    for cells, smaller in ((p.minima, True), (p.maxima, False)):
        for c in cells:
            for x in range(p.cells):
                if x not in cells and abs(x // n - c // n) + abs(x % n - c % n) == 1:
                    found.append(f".GreaterThan~{_ids((x, c) if smaller else (c, x), n)}")
    for kind, c in p.indexers:
        if kind == "box":
            raise Unshared("a box indexer (ISS indexes rows and columns only)")
        found.append(f".Indexing~{'R' if kind == 'row' else 'C'}~{cell_id(c, n)}")
    return found


def _outside(p: Variant) -> list[str]:
    clues: dict[tuple[str, str, int], list[str]] = {}
    for o in p.outside:
        key = ("XSum" if o.kind == "xsum" else "Skyscraper",
               "R" if o.line == "row" else "C", o.index)
        clues.setdefault(key, ["", ""])[1 if o.reverse else 0] = str(o.total)
    return [f".{kind}~{line}{index + 1}~{ahead}~{back}"
            for (kind, line, index), (ahead, back) in clues.items()]


class IssMissing(RuntimeError):
    """ISS or node is not where the bench looks."""


class Peer:
    """One long-lived node process running ISS (bench/iss_peer.mjs serve): puzzles in as
    constraint strings, solutions and its own build and search times out."""

    def __init__(self, iss: Path = DEFAULT_ISS):
        self.iss = Path(iss)
        if not (self.iss / "js" / "solver" / "sudoku_builder.js").exists():
            raise IssMissing(
                f"the Interactive Sudoku Solver is not at {self.iss}: clone "
                "https://github.com/sigh/Interactive-Sudoku-Solver there (MIT; node 20 runs "
                "it) or give its folder with --iss PATH")
        self.proc, self.startup = self._start()

    def _start(self):
        start = time.perf_counter()
        try:
            proc = subprocess.Popen(["node", str(PEER_SCRIPT), str(self.iss), "serve"],
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        except FileNotFoundError as e:
            raise IssMissing("node is not on the PATH (ISS runs in node 20)") from e
        ready = proc.stdout.readline()
        if not ready.startswith('{"ready"'):
            raise IssMissing(f"ISS did not start: {ready.strip() or 'no answer'}")
        return proc, time.perf_counter() - start

    def count(self, text: str, limit: int = 2) -> dict:
        self.proc.stdin.write(json.dumps({"input": text, "limit": limit}) + "\n")
        self.proc.stdin.flush()
        reply = json.loads(self.proc.stdout.readline())
        if "error" in reply:
            raise ValueError(f"ISS refused the puzzle: {reply['error']}")
        return reply

    def candidates(self, text: str, support: int) -> dict:
        """ISS's all possibilities with candidate support up to `support` (counts: numValues
        numbers a cell, value 1 first)."""
        self.proc.stdin.write(json.dumps({"input": text, "support": support}) + "\n")
        self.proc.stdin.flush()
        reply = json.loads(self.proc.stdout.readline())
        if "error" in reply:
            raise ValueError(f"ISS refused the puzzle: {reply['error']}")
        return reply

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait()


def startup_seconds(iss: Path = DEFAULT_ISS, times: int = 5) -> list[float]:
    """Node start-up plus loading ISS's modules, to its first answer's readiness, each in a
    fresh process."""
    found = []
    for _ in range(times):
        peer = Peer(iss)
        found.append(peer.startup)
        peer.close()
    return found


def agree(iss: Path = DEFAULT_ISS, per_kind: int = 3) -> None:
    """Solution counts (up to 50) and the solutions themselves, ours and ISS's, on random 4x4,
    6x6 and 9x9 (45 givens) puzzles of every constraint kind the brute-force tests build, and
    of the negative rules alone and together beside marks of their families."""
    import random

    from core.variants import engine
    from core.variants.model import make, parts_of
    from tests.core.variants.helpers import KINDS, random_puzzle

    peer, compared, skipped = Peer(iss), 0, []
    negatives = ({"white"}, {"black"}, {"white", "black"}, {"x"}, {"v"}, {"x", "v"})
    cases = [(kind, None) for kind in KINDS] + [(k, neg) for k in ("white", "black", "x", "v",
                                                                    "white-k", "bar")
                                                for neg in negatives]
    for kind, negative in cases:
        rng = random.Random(f"iss-{kind}-{sorted(negative or ())}")
        for n, givens, times in ((4, 2, per_kind), (6, 10, per_kind), (6, 12, per_kind),
                                 (9, 45, 1)):
            for _ in range(times if kind != "jigsaw" or n < 9 else 0):
                p = random_puzzle(kind, n, rng, givens=givens)
                if negative is not None:
                    parts = dict(parts_of(p), negative=negative)
                    p = make(n, p.givens, p.regions, **parts)
                try:
                    text = to_iss(p)
                except Unshared as e:
                    skipped.append(f"{kind} {n}x{n}: {e}")
                    continue
                ours = engine.count(p, 50)
                theirs = peer.count(text, 50)
                mine = sorted("".join(f"{v:x}" for v in s) for s in ours.solutions)
                same = ours.count == 50 or mine == sorted(theirs["solutions"])  # 50: the cap
                assert ours.count == len(theirs["solutions"]) and same, (kind, negative, text)
                compared += 1
    peer.close()
    print(f"ISS agrees on {compared} puzzles; not shared: {len(skipped)}")
    for line in sorted(set(skipped)):
        print("  ", line)


if __name__ == "__main__":
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    agree(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_ISS)
