"""What SE's nested chains use inside a dynamic chain: when propagation stops, basic techniques
(pointing and claiming, hidden and naked pairs, X-Wing), and at deeper levels whole chains, are
tried on the chain's board; their removals continue the chain, with the candidates the chain
had removed to make them possible as parents."""

from __future__ import annotations

from functools import partial

from core.sudoku.explainer.board import CELL_REGIONS, REGION_MASK, REGIONS, Board, cell_bits
from core.sudoku.explainer.chain_hint import NAKED, ChainHint, java_map_order
from core.sudoku.explainer.fish import fish
from core.sudoku.explainer.intersections import locked_candidates
from core.sudoku.explainer.subsets import hidden_sets, naked_sets


def other_rules(chaining) -> list:
    """SE's otherRules of a nested chaining producer (core/sudoku/explainer/chains.py's
    Chaining), made once per producer; the chains among them are of its own class."""
    Chaining = type(chaining)  # noqa: N806 (a class)
    if chaining._others is None:
        rules = [partial(locked_candidates, classic=chaining.classic), hidden_sets(2),
                 naked_sets(2), fish(2)]
        if chaining.level < 4:
            if chaining.level >= 2:
                rules.append(Chaining(False, False, stop=chaining.stop))
            if chaining.level >= 3:
                rules.append(Chaining(True, False, stop=chaining.stop))
        elif chaining.classic:
            rules.append(Chaining(True, True, stop=chaining.stop))
            if chaining.level >= 5:
                rules.append(Chaining(True, True, level=chaining.level - 3, stop=chaining.stop,
                                      classic=True))
        else:
            rules.append(Chaining(True, True, level=chaining.nesting_limit, stop=chaining.stop))
        chaining._others = rules
    return chaining._others


def _rule_hints(rule, board: Board, chaining_type: type):
    if isinstance(rule, chaining_type):
        return distinct(rule.hints(board))
    return list(rule(board))


def distinct(hints: list[ChainHint]) -> list[ChainHint]:
    """SE keeps one hint per removal set (a LinkedHashSet of hints equal by removals)."""
    seen, out = set(), []
    for hint in hints:
        sig = tuple(sorted(hint.removals.items()))
        if sig not in seen:
            seen.add(sig)
            out.append(hint)
    return out


def advanced_offs(chaining, board: Board, source: Board, run) -> list:
    """(off key, parents, nested chain hint) from the first rule that finds anything."""
    found, real = run.found, {}
    result = []
    for off, parents, nested in advanced_removals(chaining, board, source):
        met = real.get(id(parents))  # a hint's removals share their parents
        if met is None:
            met = real[id(parents)] = tuple(p for p in parents if p in found)
        result.append((off, met, nested))
    return result


def advanced_removals(chaining, board: Board, source: Board) -> list:
    """advanced_offs with all the rule's parents, even those the chain has not met (the
    compiled chains leave those out themselves); a hint's removals share one tuple."""
    result = []
    for rule in other_rules(chaining):
        for hint in _rule_hints(rule, board, type(chaining)):
            parents = rule_parents(hint, source, board)
            if not parents:
                continue
            real = tuple(parents)
            nested = hint if isinstance(hint, ChainHint) else None
            for cell in java_map_order(hint.removals):
                for d in cell_bits(hint.removals[cell]):
                    result.append(((cell * 9 + d) << 1, real, nested))
        if result:
            break
    return result


def rule_parents(hint, initial: Board, current: Board) -> list[int]:
    """The candidates (as "off" keys) that had to go for the hint to apply: gone from
    `current` since `initial`."""
    if isinstance(hint, ChainHint):
        return _chain_parents(hint, initial, current)
    kind = hint.shape[0]
    if kind == "locking":
        return _locking_parents(hint.shape, initial, current)
    if kind == "hidden":
        return _hidden_parents(hint.shape, initial, current)
    return _naked_parents(hint.shape, initial, current)


def _locking_parents(shape, initial, current) -> list[int]:
    _, v, bases, covers = shape
    d = v - 1
    covered = 0
    for region in covers:
        covered |= REGION_MASK[region]
    out = []
    for region in bases:
        for cell in REGIONS[region]:
            if initial.cands[cell] >> d & 1 and not current.cands[cell] >> d & 1 \
                    and not covered >> cell & 1:
                out.append((cell * 9 + d) << 1)
    return out


def _hidden_parents(shape, initial, current) -> list[int]:
    _, region, keep = shape
    mine = 0
    for d in cell_bits(keep):
        mine |= current.positions[region * 9 + d]
    out = []
    for i, cell in enumerate(REGIONS[region]):
        if not mine >> i & 1:
            for d in cell_bits(keep):
                if initial.cands[cell] >> d & 1:
                    out.append((cell * 9 + d) << 1)
    return out


def _naked_parents(shape, initial, current) -> list[int]:
    _, cells, common = shape
    out = []
    for cell in cells:
        for d in cell_bits(initial.cands[cell] & ~common):
            out.append((cell * 9 + d) << 1)
    return out


def _chain_parents(hint: ChainHint, initial: Board, current: Board) -> list[int]:
    """SE's collectRuleParents: for every "on" of the chains, the candidates that had to be
    gone for it to follow (its cell's others, or the digit's other places in its region)."""
    out: dict[int, None] = {}
    default = NAKED if hint.kind == "cell" else (hint.shape[1] // 9 if hint.kind == "region"
                                                  else None)
    for end in hint.targets:
        found = end.run.found
        done: set[int] = set()
        todo = [end.key]
        first = True
        while todo:
            nxt = []
            for k in todo:
                if k in done:
                    continue
                done.add(k)
                if first:
                    parents, cause = end.parents, end.cause
                else:
                    parents, cause, _ = found[k]
                if cause is None and not parents:
                    cause = default
                if k & 1 and cause is not None:
                    _gone(k, cause, initial, current, out)
                nxt.extend(parents)
            first = False
            todo = nxt
    return list(out)


def _gone(k: int, cause: int, initial: Board, current: Board, out: dict) -> None:
    cell, d = divmod(k >> 1, 9)
    if cause == NAKED:
        for d2 in cell_bits(initial.cands[cell] & ~current.cands[cell]):
            out.setdefault((cell * 9 + d2) << 1, None)
    else:
        region = CELL_REGIONS[cell][cause]
        for c in REGIONS[region]:
            if initial.cands[c] >> d & 1 and not current.cands[c] >> d & 1:
                out.setdefault((c * 9 + d) << 1, None)

