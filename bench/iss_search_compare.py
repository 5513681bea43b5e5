"""Our variants search beside ISS's inside the search, not only at the root (issue 34 part 4:
where two searches from the same root candidates part). Two views, on one puzzle of the bench
sets (a name's prefix):

  states  every --every-th node of our search (the Python engine's Search, up to --nodes
          nodes) given to ISS as its starting candidates (bench/iss_peer.mjs "cands"): the
          digits ISS's propagation removes that ours keeps, cell by cell, and where ISS finds a
          contradiction ours does not. What ISS removes and we keep is a step we lack.
  trace   our first --events search events beside ISS's (bench/iss_peer.mjs "trace"): g a
          guess (cell=digit, k its choices, H a digit's place in a house), c a conflict
          charged (cell/digit), d a demoted cell. The first <<< is where the branching parts.

    python bench/iss_search_compare.py states "Hard renban 2" [--every 97] [--nodes 5000]
    python bench/iss_search_compare.py trace "Hard renban 2" [--events 60]
"""

from __future__ import annotations

import argparse
import json

from bench_variants import puzzle_sets
from iss_convert import DEFAULT_ISS, Peer, to_iss

from core import native
from core.variants import compiled, engine


class Enough(Exception):
    pass


def cell_name(c: int, n: int) -> str:
    return f"r{c // n + 1}c{c % n + 1}"


def digits_of(p, m: int) -> str:
    return "".join(p.digit(d + 1) for d in range(p.size) if m >> d & 1)


def _search(search, p, plan) -> None:
    """Our count to 2 of p with `search` (an engine.Search that records), until it says
    Enough."""
    try:
        search(p, plan, 2, None).run(engine.start(p, plan))
    except Enough:
        pass


def sampled_states(p, plan, every: int, most: int) -> list[tuple[int, list[int]]]:
    """(node, candidates) at every `every`-th node of our search, up to `most` nodes."""
    found = []

    class Sampled(engine.Search):
        def run(self, cand, front=0, expect=-1, parent=-1):
            if self.nodes >= most:
                raise Enough
            if self.nodes % every == 0:
                found.append((self.nodes, cand[:]))
            super().run(cand, front, expect, parent)

    _search(Sampled, p, plan)
    return found


def compare_states(p, peer: Peer, every: int, most: int) -> None:
    plan = engine.plan_of(engine.shape_of(p))
    program = compiled.program(plan)[0] if native.variants is not None else None
    text, more, compared = to_iss(p), 0, 0
    for node, cand in sampled_states(p, plan, every, most):
        theirs = peer.root(text, cand)
        mine = _propagated(plan, program, cand)
        compared += 1
        if theirs is None or mine is None:
            if (theirs is None) != (mine is None):
                more += theirs is None
                print(f"node {node}: contradiction: ISS {theirs is None}, ours {mine is None}")
            continue
        extra = [(c, a & ~b) for c, (a, b) in enumerate(zip(mine, theirs, strict=True))
                 if a & ~b]
        if extra:
            more += 1
            said = " ".join(f"{cell_name(c, p.size)}-{digits_of(p, m)}" for c, m in extra[:8])
            print(f"node {node}: ISS removes {sum(m.bit_count() for _, m in extra)} we keep: "
                  f"{said}")
    print(f"{compared} states compared, ISS goes further on {more}")


def _propagated(plan, program, cand: list[int]) -> list[int] | None:
    if program is not None:
        return native.variants.propagate(program, cand[:])
    cand = cand[:]
    placed = [c for c, m in enumerate(cand) if not m & (m - 1)]
    ok = engine.propagate(cand, plan, placed, (1 << len(plan.houses)) - 1,
                          (1 << len(plan.props)) - 1)
    return cand if ok else None


def our_events(p, most: int) -> list[tuple]:
    """Our first `most` search events, as ISS's trace gives its own."""
    plan = engine.plan_of(engine.shape_of(p))
    found: list[tuple] = []

    def add(event):
        found.append(event)
        if len(found) >= most:
            raise Enough

    class Traced(engine.Search):
        house = None

        def branch(self, cand, front, cell, bit, lost, expect):
            if self.house is not None:
                if cell == self.house[0]:
                    add(("g", cell, bit, 2, True))
                self.house = None if cell == self.house[1] else self.house
            elif cand[cell].bit_count() > 1:
                add(("g", cell, bit, cand[cell].bit_count(), False))
            return super().branch(cand, front, cell, bit, lost, expect)

        def house_branch(self, cand, cell, front):
            chosen = super().house_branch(cand, cell, front)
            self.house = chosen[0] if chosen else None
            return chosen

        def conflict(self, cell, bit):
            super().conflict(cell, bit)
            add(("c", cell, bit))

        def run(self, cand, front=0, expect=-1, parent=-1):
            if expect >= 0 and sum(m.bit_count() for m in cand) == expect:
                add(("d", parent))
            super().run(cand, front, expect, parent)

    _search(Traced, p, plan)
    return found


def event_text(e, n: int) -> str:
    if e[0] == "g":
        return f"g {cell_name(e[1], n)}={e[2].bit_length()} k{e[3]}{' H' if e[4] else ''}"
    if e[0] == "c":
        return f"  c {cell_name(e[1], n)}/{e[2].bit_length()}"
    return f"  d {cell_name(e[1], n)}"


def compare_traces(p, peer: Peer, most: int) -> None:
    peer.proc.stdin.write(json.dumps({"input": to_iss(p), "trace": most}) + "\n")
    peer.proc.stdin.flush()
    theirs = json.loads(peer.proc.stdout.readline())["trace"]
    print(f"{'':5}{'ours':20}ISS")
    for i, (a, b) in enumerate(zip(our_events(p, most), theirs, strict=False)):  # the shorter
        sa, sb = event_text(a, p.size), event_text(b, p.size)
        print(f"{i:4} {sa:20}{sb:20}{'' if sa == sb else '<<<'}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("view", choices=("states", "trace"))
    ap.add_argument("name", help="a puzzle of the bench sets (a prefix of its name)")
    ap.add_argument("--every", type=int, default=97)
    ap.add_argument("--nodes", type=int, default=5000)
    ap.add_argument("--events", type=int, default=60)
    ap.add_argument("--iss", default=DEFAULT_ISS)
    args = ap.parse_args()
    rows = [row for rows in puzzle_sets(("links", "setters", "iss")).values() for row in rows]
    p = next((p for name, p, _ in rows if name.startswith(args.name)
              and not isinstance(p, ValueError)), None)
    if p is None:
        ap.exit(2, f"no bench puzzle's name starts with {args.name!r}\n")
    peer = Peer(args.iss)
    try:
        if args.view == "states":
            compare_states(p, peer, args.every, args.nodes)
        else:
            compare_traces(p, peer, args.events)
    finally:
        peer.close()


if __name__ == "__main__":
    main()
