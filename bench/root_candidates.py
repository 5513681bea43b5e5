"""Our candidates after the root's propagation beside ISS's, puzzle by puzzle (issue 34 part 4:
where ISS's handlers propagate more than ours before the first guess, the search starts from
a wider grid). Ours: engine.start (the compiled engine when built, else the Python one: the
same candidates); ISS's: where its run is about to make its first guess, its forced steps
taken (bench/iss_peer.mjs, {"root": true}: ISS places singles in its run loop), on the
f-puzzles links, the setters' puzzles and the community sample (those ISS can hold).

Prints each puzzle where the two differ: the candidates left on each side, how many of ours
ISS removes and of ISS's we remove, and the first few digits only ISS removes (cell and
digit as shown); then the totals and the puzzles where ISS removes more.

    python bench/root_candidates.py [--sets links,setters,iss] [--only NAME ...] [--show 6]
        [--iss PATH]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from bench_variants import puzzle_sets
from iss_convert import DEFAULT_ISS, Peer, Unshared, to_iss

from core import native
from core.variants import compiled, engine


def ours(p) -> list[int] | None:
    plan = engine.plan_of(engine.shape_of(p))
    program = compiled.program(plan)[0] if native.variants is not None else None
    return engine.start(p, plan, program)


def digits_of(p, m: int) -> str:
    return "".join(p.digit(d + 1) for d in range(p.size) if m >> d & 1)


def compare(p, mine: list[int], theirs: list[int], show: int) -> tuple[int, int, str]:
    """(digits only ISS removes, digits only we remove, the first `show` of the first kind)."""
    only_iss = only_ours = 0
    said = []
    for c, (a, b) in enumerate(zip(mine, theirs, strict=True)):
        extra = a & ~b
        only_iss += extra.bit_count()
        only_ours += (b & ~a).bit_count()
        if extra and len(said) < show:
            said.append(f"{p.name(c)}-{digits_of(p, extra)}")
    return only_iss, only_ours, " ".join(said)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", default="links,setters,iss")
    parser.add_argument("--only", nargs="*", default=())
    parser.add_argument("--show", type=int, default=6)
    parser.add_argument("--iss", type=Path, default=DEFAULT_ISS)
    args = parser.parse_args()
    peer = Peer(args.iss)
    compared = differ = more_iss = more_ours = 0
    totals = [0, 0, 0, 0]  # our candidates, ISS's, only ISS removes, only we remove
    worst = []
    for set_name, rows in puzzle_sets(args.sets.split(",")).items():
        for name, p, _ in rows:
            if isinstance(p, ValueError) or (args.only and not any(name.startswith(o)
                                                                   for o in args.only)):
                continue
            try:
                theirs = peer.root(to_iss(p))
            except (Unshared, ValueError) as e:
                print(f"{set_name:8} {name[:40]:40} not compared: {e}")
                continue
            mine = ours(p)
            compared += 1
            if mine is None or theirs is None or len(theirs) != len(mine):
                if (mine is None) != (theirs is None):
                    print(f"{set_name:8} {name[:40]:40} contradiction at the root: "
                          f"ours {mine is None}, ISS {theirs is None}")
                continue
            only_iss, only_ours, said = compare(p, mine, theirs, args.show)
            count_ours = sum(m.bit_count() for m in mine)
            count_iss = sum(m.bit_count() for m in theirs)
            totals = [t + x for t, x in zip(totals, (count_ours, count_iss, only_iss,
                                                     only_ours), strict=True)]
            if only_iss or only_ours:
                differ += 1
                more_iss += only_iss > 0
                more_ours += only_ours > 0
                worst.append((only_iss, name))
                print(f"{set_name:8} {name[:40]:40} ours {count_ours:5} ISS {count_iss:5}  "
                      f"only ISS removes {only_iss:4}  only we remove {only_ours:4}  {said}",
                      flush=True)
    peer.close()
    print(f"\n{compared} puzzles compared, {differ} differ: ISS removes digits we keep on "
          f"{more_iss}, we remove digits ISS keeps on {more_ours}")
    print(f"candidates at the root: ours {totals[0]:,}, ISS's {totals[1]:,}; only ISS removes "
          f"{totals[2]:,}, only we remove {totals[3]:,}")
    worst.sort(reverse=True)
    print("most only ISS removes: " + ", ".join(f"{n} {k}" for k, n in worst[:8] if k))


if __name__ == "__main__":
    main()
