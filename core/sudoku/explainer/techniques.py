"""Which techniques each scale tries, in its order (SE's Solver: direct hints first, then
indirect ones, then chains; the first that finds something gives the step). Techniques carry
SE's own names (its SolvingTechnique list), which `generate --must-use` and `--first-hard`
take."""

from __future__ import annotations

from functools import partial

from core.sudoku.explainer.chains import Chaining
from core.sudoku.explainer.exclusion import aligned_exclusion
from core.sudoku.explainer.fish import fish
from core.sudoku.explainer.intersections import direct_locked_candidates, locked_candidates
from core.sudoku.explainer.singles import hidden_singles, naked_singles
from core.sudoku.explainer.stronglinks import strong_link_fishes
from core.sudoku.explainer.subsets import hidden_sets, naked_sets
from core.sudoku.explainer.turbot import turbot_fishes
from core.sudoku.explainer.uniqueness import bug, unique_loops
from core.sudoku.explainer.wings import big_wings, xy_wings

SINGLES = ("Hidden Single", "Naked Single")
NESTED = "Nested Forcing Chains"


def _direct(classic: bool = False):
    return [("Hidden Single", hidden_singles),
            ("Direct Pointing", partial(direct_locked_candidates, classic=classic)),
            ("Direct Hidden Pair", hidden_sets(2, direct=True)),
            ("Naked Single", naked_singles),
            ("Direct Hidden Triplet", hidden_sets(3, direct=True))]


def _chains(deepest: tuple[tuple[int, int], ...], stop, classic: bool = False):
    """Chains in SE's order; the nested levels (level, nesting limit) at the end."""
    return [
        ("Forcing Chains & Cycles", Chaining(False, False, stop=stop)),
        ("Aligned Triplet Exclusion", aligned_exclusion(3, classic)),
        ("Nishio Forcing Chains", Chaining(False, True, nishio=True, stop=stop)),
        ("Multiple Forcing Chains", Chaining(True, False, stop=stop)),
        ("Dynamic Forcing Chains", Chaining(True, True, stop=stop)),
        ("Dynamic Forcing Chains (+)", Chaining(True, True, level=1, stop=stop)),
    ] + [(NESTED, Chaining(True, True, level=level, nesting_limit=limit, stop=stop,
                           classic=classic)) for level, limit in deepest]


def sukaku(stop=None):
    return tuple(_direct() + [
        ("Pointing & Claiming", locked_candidates), ("Naked Pair", naked_sets(2)),
        ("X-Wing", fish(2)), ("Hidden Pair", hidden_sets(2)), ("Naked Triplet", naked_sets(3)),
        ("Swordfish", fish(3)), ("Hidden Triplet", hidden_sets(3)),
        ("Scraper, Kite, Turbot", turbot_fishes()), ("XY-Wing", xy_wings(False)),
        ("XYZ-Wing", xy_wings(True)),
        ("Unique Rectangle / Loop", partial(unique_loops, stop=stop)),
        ("Naked Quad", naked_sets(4)), ("Jellyfish", fish(4)), ("Hidden Quad", hidden_sets(4)),
        ("3 Strong-linked Fishes", strong_link_fishes()), ("WXYZ-Wing", big_wings(3)),
        ("Bivalue Universal Grave", bug), ("VWXYZ-Wing", big_wings(4)),
        ("Aligned Pair Exclusion", aligned_exclusion(2)),
    ] + _chains(((2, 0), (3, 0), (4, 0), (4, 1), (4, 2), (4, 3)), stop))


def classic(stop=None):
    return tuple(_direct(classic=True) + [
        ("Pointing & Claiming", partial(locked_candidates, classic=True)),
        ("Naked Pair", naked_sets(2)), ("X-Wing", fish(2)), ("Hidden Pair", hidden_sets(2)),
        ("Naked Triplet", naked_sets(3)), ("Swordfish", fish(3)),
        ("Hidden Triplet", hidden_sets(3)), ("XY-Wing", xy_wings(False, classic=True)),
        ("XYZ-Wing", xy_wings(True, classic=True)),
        ("Unique Rectangle / Loop", partial(unique_loops, corrected=False, stop=stop)),
        ("Naked Quad", naked_sets(4)), ("Jellyfish", fish(4)), ("Hidden Quad", hidden_sets(4)),
        ("Bivalue Universal Grave", partial(bug, corrected=False)),
        ("Aligned Pair Exclusion", aligned_exclusion(2, classic=True)),
    ] + _chains(((2, 0), (3, 0), (4, 0), (5, 0)), stop, classic=True))


SCALE_PRODUCERS = {"sukaku": sukaku, "classic": classic}


def technique_names(scale: str) -> tuple[str, ...]:
    """SE's techniques of a scale, in its order, each once."""
    return tuple(dict.fromkeys(name for name, _ in SCALE_PRODUCERS[scale]()))


def techniques_up_to(name: str, scale: str) -> frozenset[str]:
    """SE's techniques of a scale from the easiest to `name`, included."""
    names = technique_names(scale)
    return frozenset(names[:names.index(name) + 1])


# names authors use for SE's techniques, lower case -> SE's name
ALIASES = {
    "pointing": "Pointing & Claiming", "claiming": "Pointing & Claiming",
    "locked candidates": "Pointing & Claiming", "skyscraper": "Scraper, Kite, Turbot",
    "two-string kite": "Scraper, Kite, Turbot", "2-string kite": "Scraper, Kite, Turbot",
    "turbot fish": "Scraper, Kite, Turbot", "turbot crane": "Scraper, Kite, Turbot",
    "empty rectangle": "Scraper, Kite, Turbot", "unique rectangle": "Unique Rectangle / Loop",
    "unique loop": "Unique Rectangle / Loop", "bug": "Bivalue Universal Grave",
    "ape": "Aligned Pair Exclusion", "ate": "Aligned Triplet Exclusion",
    "forcing chain": "Forcing Chains & Cycles", "x-chain": "Forcing Chains & Cycles",
    "xy-chain": "Forcing Chains & Cycles", "nishio": "Nishio Forcing Chains",
    "3 strong links": "3 Strong-linked Fishes", "naked triple": "Naked Triplet",
    "hidden triple": "Hidden Triplet",
}


def technique_of(name: str, scale: str = "sukaku") -> str:
    """SE's name of a technique an author names (its own name or a common one, in any case,
    with spaces or hyphens); ValueError when the scale has no such technique."""
    names = technique_names(scale)
    wanted = _plain(name)
    for known in names:
        if _plain(known) == wanted:
            return known
    for alias, known in ALIASES.items():
        if _plain(alias) == wanted and known in names:
            return known
    listed = "; ".join(names)  # (some names hold commas: "Scraper, Kite, Turbot")
    common = "; ".join(sorted(a for a, known in ALIASES.items() if known in names))
    raise ValueError(f"no technique {name!r} on the {scale} scale; one of: {listed}; or a "
                     f"common name: {common}")


def _plain(name: str) -> str:
    return " ".join(name.lower().replace("-", " ").replace("_", " ").split())
