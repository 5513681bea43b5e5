"""The answer of every family's `count`: solutions found up to a limit, and where two differ."""

from __future__ import annotations

from dataclasses import dataclass

KEPT = 1000  # solutions a count keeps: a count to a million keeps only the first of them


class Found:
    """The solutions a search finds: every one counted (`len`), the first KEPT kept (iterated
    and indexed), so a count to a large limit does not hold them all in memory."""

    def __init__(self):
        self.kept: list = []
        self.count = 0

    def append(self, solution) -> None:
        self.count += 1
        if len(self.kept) < KEPT:
            self.kept.append(solution)

    def __len__(self) -> int:
        return self.count

    def __iter__(self):
        return iter(self.kept)

    def __getitem__(self, index):
        return self.kept[index]


@dataclass(frozen=True)
class Count:
    """`solutions` (the first KEPT found) and `differs` are in the family's own terms
    (Sudoku: symbols and cell indices; arithmetic: filled rows and (row, column) pairs);
    `count` is every one found, up to `limit`."""

    count: int
    limit: int
    solutions: tuple = ()
    differs: tuple = ()
    clashes: tuple = ()  # Sudoku: pairs of equal givens in one unit
    stopped: bool = False  # the count is a lower bound: `stop` ended the search
    nodes: int = 0  # search effort, where a family reports it (ナンクロ)

    @property
    def unique(self) -> bool:
        """Exactly one solution: proven only by a finished count that looked for two."""
        return self.count == 1 and self.limit >= 2 and not self.stopped

    @property
    def solution(self):
        return self.solutions[0] if self.solutions else None


UNIQUE, SEVERAL, NONE, UNKNOWN = "unique", "several", "none", "unknown"
NOT_RATED_YET = "— (rated once the puzzle is unique)"


def listed(names, most: int | None = None) -> str:
    """Names in a sentence; past `most`, the first few and how many in all (a narrow panel)."""
    if most is None or len(names) <= most:
        return ", ".join(names)
    return f"{', '.join(names[:most - 2])}, … ({len(names)} in all)"


@dataclass(frozen=True)
class Verdict:
    """What a count means, the one place it is put into words: the command line's check and
    solve say `line()` and `rule_lines()` (check --json its `level` too), every editor's
    panel `headline()`, `where()`, `rule_lines()` and `difficulty()`. Built by the family
    (Family.verdict), which names the cells, the clashes, the house rules broken and the
    level in its own terms."""

    status: str  # UNIQUE, SEVERAL, NONE or UNKNOWN (a budget ended the count undecided)
    found: int  # solutions found
    more: bool = False  # several: the count stopped at its limit, there may be more
    differ: tuple[str, ...] = ()  # several: the cells two solutions differ in, named
    differ_words: str = "two solutions differ in"  # several: how the family says it
    clashes: str = ""  # none: the givens that break a rule at sight, in words
    seconds: float | None = None  # unknown: the budget that ended the count
    # the house rules the puzzle (with its solution, when unique) breaks: records with a
    # `message` and the `cells` named (core.family.RuleBroken)
    broken: tuple = ()
    level: str = ""  # once rated: the level, as the rating names it (check --json's level)
    level_words: str = ""  # once rated: the rating in the family's words (an editor's panel)

    def headline(self) -> str:
        return {UNIQUE: "✓ unique", SEVERAL: "⚠ several solutions", NONE: "✗ no solution",
                UNKNOWN: "? not decided"}[self.status]

    def where(self, most: int | None = None) -> str:
        """Several: where two solutions differ; past `most` names, the first few and how
        many in all (a narrow panel)."""
        return f"{self.differ_words} {listed(self.differ, most)}"

    def rule_lines(self, most_cells: int | None = None) -> list[str]:
        """A line a house rule broken, its cells named (past `most_cells`, the first and …)."""
        lines = []
        for broken in self.broken:
            cells = list(broken.cells)
            if most_cells is not None and len(cells) > most_cells:
                cells = cells[:most_cells] + ["…"]
            lines.append(f"house rule: {broken.message}"
                         + (f" ({' '.join(cells)})" if cells else ""))
        return lines

    def difficulty(self) -> str:
        """The level once rated; before, why there is none yet."""
        if self.level_words:
            return self.level_words
        return "rating…" if self.status == UNIQUE else NOT_RATED_YET

    def line(self) -> str:
        if self.status == UNIQUE:
            return "unique"
        if self.status == UNKNOWN:
            found = ("one solution found, a second not ruled out" if self.found
                     else "no solution found yet")
            return f"unknown{f' within {self.seconds:g} s' if self.seconds else ''}: {found}"
        if self.status == NONE:
            return f"no solution: {self.clashes}" if self.clashes else "no solution"
        more = " or more" if self.more else ""
        return f"not unique: {self.found}{more} solutions; {self.where()}"
