"""What an author asks of `generate numcro` that no grid can give, said before the search
(it used to search to the time budget and say only "no unique ナンクロ within 60 s"):

- a block pattern (`--blocks`) whose white cells are cut off from one another or lie in no
  entry, or with entries no fill word fits: longer than any fill word, or whose words and
  the words of the entries crossing them agree on no letter (each cell keeps the letters
  both its entries' words can put there, to a fixpoint: what is left empty cannot be filled);
- a count of numbers (`--numbers A-B`) out of the range that grids of the size hold with
  these fill words: a few grids are drawn without the rule (the same ones whatever the seed)
  and the refills of the search move the count only a little (REFILL_REACH); when none of
  the grids drawn fills, the fill words are said to be too few for the size (the search
  would spend its whole budget and then blame the count)."""

from __future__ import annotations

import random
from dataclasses import replace

from core.numcro.generator import block_pattern, fill, house_settings, reached, runs, slot_name
from core.numcro.wordsets import WordSets

PROBE_GRIDS = 8  # grids drawn to see how many numbers the fill words give a grid
PROBE_TRIES = 4 * PROBE_GRIDS  # patterns tried for them
REFILL_REACH = 4  # numbers the refills gain or lose on the drawn grids' (measured: 1-3)


def in_reach(options, fill_words: WordSets) -> None:
    """ValueError, before any search, for a block pattern no fill can fill or a count of
    numbers the grids do not hold."""
    if options.blocks is not None:
        faults = pattern_faults(options.blocks, options.size, fill_words)
        if faults:
            raise ValueError("--blocks: the pattern cannot be filled:\n  " + "\n  ".join(faults))
    said = numbers_faults(options, fill_words)
    if said:
        raise ValueError(said)


def pattern_faults(blocks: tuple[bool, ...], size: int, words: WordSets) -> list[str]:
    """Why this block pattern cannot be filled with `words` (fill words only), one reason a
    line, the entries named; empty when nothing is seen (the search may still fail)."""
    whites = [i for i, block in enumerate(blocks) if not block]
    if not whites:
        return ["the pattern has no white cell"]
    faults = _regions(blocks, size, whites)
    slots = [tuple(run) for run in runs(list(blocks), size) if len(run) >= 2]
    alone = sorted(set(whites) - {c for slot in slots for c in slot})
    if alone:
        faults.append(f"{_cells(alone, size)}: in no entry (a block or the edge on every side)")
    return faults + _no_word_fits(slots, size, words)


def _regions(blocks, size: int, whites: list[int]) -> list[str]:
    """The white cells split into parts cut off from one another, each named by a cell."""
    parts, seen = [], set()
    for start in whites:
        if start not in seen:
            parts.append(reached(blocks, size, start))
            seen |= parts[-1]
    if len(parts) == 1:
        return []
    named = ", ".join(f"{len(p)} cells from {_cells([min(p)], size)}" for p in parts)
    return [f"the white cells are in {len(parts)} regions cut off from one another "
            f"({named}): a ナンクロ's whites are connected"]


def _cells(cells: list[int], size: int) -> str:
    shown = " ".join(f"r{c // size + 1}c{c % size + 1}" for c in cells[:6])
    return shown + (f" and {len(cells) - 6} more" if len(cells) > 6 else "")


def _no_word_fits(slots, size: int, words: WordSets) -> list[str]:
    """Entries left without a fill word once each cell keeps only the letters the words of
    both its entries can put there (arc consistency: sound, so an empty entry is certain)."""
    longest = max((n for n in range(2, 26) if words.length(n).fill), default=0)
    fits = {slot: words.length(len(slot)).fill for slot in slots}
    wordless: dict[int, list] = {}  # entries of a length no fill word has
    for slot in slots:
        if not fits[slot]:
            wordless.setdefault(len(slot), []).append(slot)
    if wordless:
        return [f"{_named(group, size)}: no fill word is that long (the longest has "
                f"{longest} letters): more blocks, for shorter entries" if n > longest else
                f"{_named(group, size)}: no fill word has {n} letters"
                for n, group in sorted(wordless.items())]
    through: dict[int, list[tuple[tuple[int, ...], int]]] = {}
    for slot in slots:
        for p, cell in enumerate(slot):
            through.setdefault(cell, []).append((slot, p))
    crossings = [places for places in through.values() if len(places) == 2]
    changed = True
    while changed:
        changed = False
        for places in crossings:
            letters = set.intersection(*(_letters_at(words, slot, p, fits[slot])
                                         for slot, p in places))
            for slot, p in places:
                length = words.length(len(slot))
                allowed = 0
                for letter in letters:
                    allowed |= length.letter(p, letter)
                if fits[slot] & ~allowed:
                    fits[slot] &= allowed
                    changed = True
    empty: dict[int, list] = {}
    for slot in slots:
        if not fits[slot]:
            empty.setdefault(len(slot), []).append(slot)
    return [f"{_named(group, size)}: none of the {words.length(n).fill.bit_count()} fill "
            f"words of {n} letters fits with the entries crossing {_it(group)}"
            for n, group in sorted(empty.items())]


def _it(group) -> str:
    return "them" if len(group) > 1 else "it"


def _named(slots, size: int) -> str:
    """One entry by name, or several: `3 entries of 9 letters (across r1c1, ...)`."""
    if len(slots) == 1:
        return slot_name(slots[0], size)
    names = [slot_name(slot, size).split(" (")[0] for slot in slots]
    more = f" and {len(names) - 4} more" if len(names) > 4 else ""
    return f"{len(slots)} entries of {len(slots[0])} letters ({', '.join(names[:4])}{more})"


def _letters_at(words: WordSets, slot, p: int, fits: int) -> set[str]:
    length = words.length(len(slot))
    return {letter for (at, letter), ids in length.letters.items() if at == p and ids & fits}


def numbers_faults(options, fill_words: WordSets) -> str | None:
    """Why --numbers cannot be met on grids of this size with these fill words, or None:
    the drawn grids' counts, and the reach of the refills past them."""
    numbers = house_settings(options).numbers
    if numbers is None:
        return None
    low, high = numbers
    counts = _numbers_held(options, fill_words)
    size = f"{options.lang} {options.size}x{options.size} grid"
    if not counts and not options.blocks:  # an author's pattern: the search names its entries
        return (f"the fill words fill no {size} with these settings (none of {PROBE_TRIES} "
                f"drawn filled, --numbers {low}-{high} aside), so no puzzle can be made: "
                f"more words (a larger dictionary, --prefer), a smaller --size or another "
                f"--max-word")
    if not counts or (min(counts) - REFILL_REACH <= high and low <= max(counts) + REFILL_REACH):
        return None
    grid = "this block pattern" if options.blocks else f"{size}s"
    return (f"--numbers {low}-{high}: {grid} hold {min(counts)}-{max(counts)} numbers with "
            f"these fill words ({len(counts)} drawn; refilling moves that by a few), so "
            f"{low}-{high} cannot be met: ask for numbers near that range"
            + (", or a larger --size" if low > max(counts) and not options.blocks else ""))


def _numbers_held(options, fill_words: WordSets) -> list[int]:
    """How many numbers grids drawn as the options ask (but for --numbers) hold; the same
    grids whatever the seed, drawn once a process for the same options and words."""
    rules = replace(house_settings(options), numbers=None)
    key = (options.size, options.symmetry, options.lang, options.longest, options.blocks,
           rules)
    held = getattr(fill_words, "numbers_held", None)
    if held is None:  # kept with the words, as their fill-only sets are (family._fill_only)
        held = fill_words.numbers_held = {}
    if key not in held:
        rng, counts = random.Random(0), []
        for _ in range(PROBE_TRIES):
            blocks = options.blocks or block_pattern(options.size, options.symmetry,
                                                     options.lang, options.longest, rng, rules)
            letters = blocks and fill(blocks, options.size, fill_words, rng, rules=rules)
            if letters:
                counts.append(len(set(letters) - {None}))
                if len(counts) == PROBE_GRIDS:
                    break
        held[key] = counts
    return held[key]
