"""ナンクロ generation: a block pattern (the author's, or drawn at random with a symmetry), a fill
with words of the fill tier (no word twice; an author's own words put in first and the fill
made around them: core/numcro/seeding.py), numbers given to the letters at random, then the
fewest givens that make the answer unique against the check tier.

Givens are added where two solutions differ (or, when a capped search cannot decide, on the
number with the most cells), then a clean-up pass drops every given the puzzle stays unique
without. The level comes from how a person solves it (core/numcro/logic.py); the house rules
(core/numcro/rules.py) are kept by the block pattern, the fill and the givens."""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace

from core.errors import GenerationFailed
from core.numcro import layout, logic, seeding
from core.numcro.model import BLOCK, Puzzle
from core.numcro.solver import STOP_EVERY, count
from core.numcro.wordsets import WordSets, member_at_or_after
from core.search import bits as members
from core.symmetry import SYMMETRIES, orbits
from dictionaries.store import CHECK, FILL

MIN_WORD = {"ja": 2, "en": 3}  # English codewords have no two-letter entries
LONGEST = {"ja": 6, "en": 8}  # the longest entry when --max-word does not say
ALPHABET_SIZE = {"ja": 81, "en": 26}  # letters a normalised word can hold (ja: big kana, ー)
MAX_KEYWORD = 12  # 二重マス: the final word's letters
FILL_STEPS = 4000  # search steps for one fill before a fresh pattern
FILL_TRIES = 4  # candidate words tried per entry before backing up
REPAIRS = 200  # refills around a letter the house rules miss, before a fresh pattern
REPAIR_STEPS = 100  # search steps for one refill
SEEDED_FILLS = 3  # fills around the same words of the author's before one is moved
SEEDED_ROUNDS = 6  # words moved or taken out, where the fill ran out of words around them
MOVING_MOST = 6  # placed words moved where the rules on letters were missed around them;
# around more, the plain fill at once (a diary's 10-18 placed words: 6 rounds on 5-7 patterns
# took 7 s median; seasons_ja's 6 words held a median 3.5 with moves, 2 without)
SEEDED_PATTERNS = 1  # block patterns the author's words are placed on first; then the plain
# fill alone (their words tried first in its order): on a diary's 70 words, 2 patterns took
# 1.8x as long as 1 (paired, loaded machine) for no more of them in the grid
LATIN_MOVED = 30  # a Latin-alphabet list up to this many words: PLACEMENTS drawn, its words
# moved for all SEEDED_ROUNDS, the pattern given up where they fail, fresh patterns around
# half as many till half the time is gone, as at 822d612 (pets/garden/kitchen_en, seeds 1-5,
# paired: 822d612's placements, a median 5 of 6, 5 of 8, 6 of 19 words held, where the plain
# fill after one pattern held 3, 3, 5); kana lists have their own paths
OWN_REFILLS = 40  # refills that keep or add an author's words, once the grid is full
OWN_FIRST = 8  # an entry an author's word fits is filled as if it had 8x fewer candidates
PROOF_NODES = 2000  # a uniqueness search past this is undecided: give a letter first
NO_HINT_NODES = 20_000  # with no letter given, a proof may search this far
LEVELS = ((40, "easy"), (120, "medium"), (400, "hard"))  # proof nodes; past them: expert
PATTERN_DRAWS = 8  # block patterns drawn for an author's words: the one with room for most
SHORT_AGAIN = 1  # patterns more for short words, when a grid around them is no puzzle
SEEDED_LONGEST = 5  # entries of a pattern an author's words are placed on, at most (or their
# longest word), under the rule that each kana is used twice: seasons_ja's 6 words, 10 9x9
# patterns, one round of fills around all 6: entries up to 6 kana kept the rule on 0-2, up
# to 4 on 9-10 but then needed 5-12 letters given (2-4 asked); up to 5, with the rounds of
# moves, 4.4 words held (mean of 8) and 1-4 letters given
# under the rule that each kana is used twice, an author's words are put in one at a time
# (generator._kana_twice), each kept where a fill around it keeps the rule:
ENTRIES_TRIED = 2  # entries tried for a word (4: as many words kept, twice the time)
COMMON_LETTERS = 20  # the fill's words spelt with the 20 commonest kana and the author's
# (theme_ja, 8 patterns: 16 kept 5.0 words, 20 kept 5.25, 26 kept 4.4)
KANA_AGAIN = 4  # rounds more (12, 6, 3, 1, 1 words), when no grid of a round is a puzzle
LAYOUT_DRAWS = 300  # layouts of an author's words drawn for a pattern around them (1 in
# 10-35 is completed to a pattern, a quarter of those with at most TWO_LETTER_ROOM pairs)
KANA_PATTERNS = 4  # patterns of the first round, the words grown on each: the grids holding
# most tried first, then the next (theme_ja, seeds 1-5: 8 6 7 7 8 of 12 held, one pattern 7
# 5 4 6 3); one pattern a round after it (4 a round: bench_own_words' diary 8 4 0 8 8 words,
# the half of --seconds gone before a puzzle was made). Every other one is drawn around a
# layout of the words: all four so, the diary held 7 6 8 9 7 (main 8 6 9 8 8), in turn
# 9 6 7 9 9; theme_ja 8 6 8 8 8 and 8 8 8 7 6, food_ja 7 7 8 6 7 and 8 10 6 6 6
TWO_LETTER_ROOM = 10  # two-letter entries counted as room for an author's two-kana words:
# grids with 14-20 of them (a diary's 18 two-kana words) needed 5-6 letters given, 2-4 asked
KANA_LARGEST = 15  # 11x11 to 15x15 too (paired, seeds 1-3, load 6: food_ja 11 9 12 words
# held on 11x11 against 9 6 8 placed all at once, the diary 7 11 13 against 5 2 11, theme_ja
# 9 11 9 against 6 6 1, seasons_ja 6 6 6 against 6 3 6; 9-35 s against 3-26 s; 13x13 and
# 15x15 with kana_most's 25 and 33 words: docs/benchmarks.md); 17x17 and larger keep the
# placement of all words at once (before the layouts, on 11x11 food_ja held 5 words against
# 7.5, in 35 s against 23)
KANA_LARGEST_NUMBERS = 11  # with --numbers, reach.in_reach's draws take 20 s of a loaded
# machine's --seconds before generate starts: `--size 13 --numbers 40-46 --prefer food_ja`
# at load 6 found no puzzle in 60 s one at a time (61.6 s without the command line's stop,
# 17 words), where placing all at once made one in 45 s (8 words)
KANA_ORDERS = 2  # orders the words are put in (shortest first, then random): the most kept
KANA_FILLS = 48  # fills tried in all the orders on 9x9 (a word's entry a fill; larger grids
# as many more as kana_most words): the second order held more of food_ja's 26 words (5.4
# against 4.0, seeds 1-5) and none more of theme_ja's
KANA_MOST = seeding.KANA_MOST
KANA_TRIES = 2  # words tried an entry by that fill (3: the same words kept, 1.6x the time)
BLOCKS_GIVE_UP = 6  # an author's pattern no fill fills in a sixth of the time is given up
# letters given by default, by the grid's side: a foothold, as magazines print them
PRINTED_GIVENS = ((11, (2, 4)), (15, (3, 5)), (25, (4, 6)))


@dataclass(frozen=True)
class Options:
    size: int = 9
    symmetry: str = "rot180"
    lang: str = "ja"
    max_word: int = 0  # longest entry; 0: 6 for Japanese, 8 for English
    blocks: tuple[bool, ...] | None = None  # the author's pattern (True = block)
    seconds: float = 60.0
    givens: tuple[int, int] | None = None  # letters given, fewest to most; None: given_range
    text: str | None = None  # an author's prose (a diary page): its words are tried first
    allow_sensitive: bool = False  # blocklisted words may fill
    avoid: tuple[str, ...] = ()  # an author's words never to fill with
    prefer: tuple[str, ...] = ()  # an author's words to fill with first
    house: tuple[tuple[str, str], ...] = ()  # house-rule settings (core/numcro/rules.py)
    # how a person solves it (core/numcro/logic.py); None: any level a person finishes
    # without trial and error
    level: str | None = None
    keyword: int = 0  # 二重マス: cells spelling a fill word of this length (0: none)
    voiced_as_one: bool = False  # 濁点ナンクロ: ガ and カ are one number
    no_hints: bool = False  # no given letter: unique from the dictionary alone

    def __post_init__(self):
        if not 4 <= self.size <= 25:
            raise ValueError(f"a ナンクロ of size {self.size}? sizes 4 to 25")
        if self.symmetry not in SYMMETRIES:
            raise ValueError(f"unknown symmetry {self.symmetry!r}; one of {', '.join(SYMMETRIES)}")
        if self.lang not in MIN_WORD:
            raise ValueError(f"unknown language {self.lang!r}: ja or en")
        if self.level is not None and self.level not in logic.LEVELS:
            raise ValueError(f"level {self.level!r}? one of {', '.join(logic.LEVELS)}")
        if self.blocks is not None and len(self.blocks) != self.size ** 2:
            raise ValueError(f"the block pattern has {len(self.blocks)} cells, "
                             f"a {self.size}x{self.size} grid {self.size ** 2}")
        if self.max_word and not MIN_WORD[self.lang] <= self.max_word <= 25:
            raise ValueError(f"--max-word {self.max_word}? {MIN_WORD[self.lang]} to 25 for "
                             f"{self.lang} (0: the language's default)")
        if self.keyword and not 2 <= self.keyword <= MAX_KEYWORD:
            raise ValueError(f"--keyword {self.keyword}? a word of 2 to {MAX_KEYWORD} letters "
                             f"(0: none)")
        if self.givens is not None and not 0 <= self.givens[0] <= self.givens[1]:
            raise ValueError(f"--givens {self.givens[0]}-{self.givens[1]}? a range such as "
                             f"2-4")
        if not self.seconds > 0:
            raise ValueError(f"--seconds {self.seconds:g}? a time budget above 0")
        rules = house_settings(self)
        for other, says in (("--no-hints", (0, 0) if self.no_hints else None),
                            ("--starters", rules.starters)):
            if None not in (self.givens, says) and self.givens != says:
                raise ValueError(f"--givens {self.givens[0]}-{self.givens[1]} and {other}: "
                                 f"both say how many letters are given; one of them")
        if rules.numbers and not (1 <= rules.numbers[0] and
                                  rules.numbers[1] <= ALPHABET_SIZE[self.lang]):
            raise ValueError(f"numbers={rules.numbers[0]}-{rules.numbers[1]}? 1 to "
                             f"{ALPHABET_SIZE[self.lang]} for {self.lang}")
        whites = self.most_whites()
        if rules.numbers and rules.numbers[0] * rules.uses > whites:
            raise ValueError(f"numbers={rules.numbers[0]}-{rules.numbers[1]}: a {self.size}x"
                             f"{self.size} grid holds at most {whites} white cells, too few "
                             f"for {rules.numbers[0]} numbers used {rules.uses} times each "
                             f"(a larger --size, or fewer numbers)")

    def most_whites(self) -> int:
        """White cells a grid can have: every row needs blocks to keep its entries short."""
        if self.blocks is not None:
            return self.blocks.count(False)
        side, longest = self.size, self.longest
        return side * (side - max(0, -(-(side - longest) // (longest + 1))))

    @property
    def longest(self) -> int:
        return self.max_word or LONGEST[self.lang]

    @property
    def given_range(self) -> tuple[int, int]:
        """How many letters are given: as asked (--givens, a codeword's --starters), none
        with --no-hints, else what publishers print (PRINTED_GIVENS); with a --level asked,
        as many more as that level needs (easy often needs 5 to 12)."""
        asked = self.givens or house_settings(self).starters or (self.no_hints and (0, 0))
        if asked:
            return asked
        low, high = next(given for side, given in PRINTED_GIVENS if self.size <= side)
        return (low, high if self.level is None else ALPHABET_SIZE[self.lang])


@dataclass(frozen=True)
class Generated:
    puzzle: Puzzle
    solution: tuple[tuple[int, str], ...]
    nodes: int  # search effort of the uniqueness proof
    own_used: int = 0  # entries filled with an author's own (preferred) words
    own_unplaced: tuple[tuple[str, str], ...] = ()  # (word, why) for words not placed first
    solved: object = None  # how a person solves it (core/numcro/logic.Solved)

    @property
    def level(self) -> str:
        """How a person solves it; by search effort where it was not solved so."""
        return self.solved.level if self.solved is not None else difficulty(self.nodes)


def difficulty(nodes: int) -> str:
    return next((name for limit, name in LEVELS if nodes <= limit), "expert")


def generate(options: Options, fill_words: WordSets, check_words: WordSets,
             rng: random.Random, stop: Callable[[], bool] | None = None) -> Generated:
    """A unique ナンクロ, or GenerationFailed when none was made within `options.seconds`
    (an author's block pattern that no fill fills: within a sixth of it, saying where).
    What no grid can give is said before, by core/numcro/reach.py's `in_reach`."""
    start = time.monotonic()
    rules = house_settings(options)
    own, cannot = seeding.own_words(fill_words, options.size)
    # their words all short, they are placed on patterns of shorter entries (seeded_longest),
    # MOVING_MOST at most; such a grid may need more letters given than asked: one more
    # pattern then
    short = bool(own) and seeded_longest(options, own, rules) < options.longest
    kana = kana_twice(rules, options.size)  # _kana_twice places the words
    most = min(len(own), kana_most(options.size) if kana else MOVING_MOST if short else
               len(own))  # of
    # them placed on a pattern: halved after a pattern fails with them (under the kana rule,
    # also after its grid is no puzzle: fewer words, fewer two-letter entries to tell apart)
    seeded = SEEDED_PATTERNS if own else 0  # patterns left to place the author's words on
    again = SHORT_AGAIN if short and not kana else 0  # patterns more after one filled
    if kana and own:  # rounds of KANA_PATTERNS grids grown around the words
        seeded = 1 + KANA_AGAIN
    waiting: list = []  # the round's grids not tried yet, those holding most words first
    why: dict[str, str] = {}
    missed = None  # of the grids that were no puzzle, the one holding most of their words
    dead_ends: Counter | None = Counter()  # entries the fills ran out of words on, till one fills
    while time.monotonic() < start + options.seconds and not (stop and stop()):
        if dead_ends is not None and options.blocks and \
                time.monotonic() > start + options.seconds / BLOCKS_GIVE_UP:
            break
        if own and time.monotonic() > start + options.seconds / 2:
            seeded = 0  # half the time gone: the grids made are tried, then the plain fill
        if kana and (waiting or seeded):
            if not waiting:
                first, seeded = seeded > KANA_AGAIN, seeded - 1
                waiting = _kana_grids(options, own, fill_words, rng, rules, most,
                                      KANA_PATTERNS if first else 1,
                                      lambda: time.monotonic() > start + options.seconds / 2)
            if not waiting:
                seeded = 0  # no grid around the words: the plain fill
                continue
            letters, why = waiting.pop(0)
        else:
            around = seeded > 0
            letters, why, seeded, most = _one_grid(options, own, fill_words, rng, rules,
                                                   dead_ends, seeded, most)
            if around and letters is not None and again:
                again, seeded = again - 1, seeded + 1
        if letters is None:
            continue
        dead_ends = None
        found = _finished(letters, options, fill_words, check_words, rng, stop, rules)
        if found is not None:
            why = _more_givens(missed, found, own, why, options, check_words, stop)
            return _with_reasons(found, fill_words, {**cannot, **why})
        if own and _held(letters, own) > _held(missed, own):
            missed = letters  # the grid no puzzle holding most of the author's words
        if kana and not waiting:
            most = max(1, most // 2)
    raise GenerationFailed(_failure(options, dead_ends))


def _with_reasons(found: Generated, fill_words: WordSets, why: dict) -> Generated:
    """The puzzle with the author's words it holds counted and why each other one is not
    (a word placed first and left out may have been put in by the plain fill after: grids
    above KANA_LARGEST)."""
    held = set(entry_words(found.puzzle, found.solution))
    return replace(found, own_used=own_words_used(found, fill_words),
                   own_unplaced=tuple((w, r) for w, r in why.items() if w not in held))


def _one_grid(options: Options, own: list[str], words: WordSets, rng: random.Random, rules,
              dead_ends: Counter | None, seeded: int, most: int):
    """A grid (letters, None where none was made) on the author's pattern or a fresh one:
    around the author's words while `seeded` patterns are left for them (the words moved
    over fresh patterns, `moved_only`, keep it), else by the plain fill; why each of their
    words is not in it, and `seeded` and `most` for the next (half as many words after a
    pattern given up)."""
    moved = moved_only(options, own)
    if options.blocks:
        blocks = options.blocks
    elif seeded:
        blocks = roomiest_pattern(options, own, rng, rules)
    else:
        blocks = block_pattern(options.size, options.symmetry, options.lang,
                               options.longest, rng, rules)
    if blocks is None:
        return None, {}, seeded, most
    if not seeded:
        letters = fill(blocks, options.size, words, rng, rules=rules, dead_ends=dead_ends)
        return letters, seeding.plain_reasons(letters, entries(blocks, options.size)[0],
                                              own), seeded, most
    letters, why = fill_around(blocks, options.size, words, rng, own, rules, dead_ends, most,
                               moved)
    longest = seeded_longest(options, own, rules)
    if longest < options.longest:  # short words: MOVING_MOST at most, not a time limit
        said = seeding.SHORT_MOST.format(most=MOVING_MOST, longest=longest)
        why = {w: said if r == seeding.TOO_MANY else r for w, r in why.items()}
    if letters is None:
        return None, why, seeded - (0 if moved else 1), most // 2  # fewer on the next
    return letters, why, seeded - (0 if moved else 1), most


def _held(letters, own: list[str]) -> int:
    """How many of the author's words a grid's entries hold (0 for no grid)."""
    return len(_words_of(letters) & set(own))


def _more_givens(missed, found: Generated, own: list[str], why: dict, options: Options,
                 check_words: WordSets, stop) -> dict[str, str]:
    """Why, with the author's words a grid tried before held and the puzzle does not said
    to need more letters given, where that grid held more of them and was a puzzle a person
    solves (at the level asked) with more givens than asked: how many, so they can ask."""
    lost = [w for w in why if w in _words_of(missed)]
    if _held(missed, own) <= len(set(entry_words(found.puzzle, found.solution)) & set(own)):
        return why
    low, high = options.given_range
    most = ALPHABET_SIZE[options.lang]
    puzzle, solution = numbered(missed, options.size, options.lang, random.Random(0))
    puzzle = replace(puzzle, house=options.house, voiced_as_one=options.voiced_as_one)
    made = with_givens(puzzle, solution, check_words, random.Random(0), stop, (low, most))
    made = made and to_level(made, check_words, options.level, (low, most), stop)
    if made is None or len(made.puzzle.givens) <= high:
        return why
    said = seeding.MORE_GIVENS.format(needed=len(made.puzzle.givens), low=low, high=high)
    return {**why, **{w: said for w in lost}}


def _words_of(letters) -> set[str]:
    """The words of a grid's entries (none for no grid)."""
    if letters is None:
        return set()
    size = int(len(letters) ** 0.5)
    slots = entries([ch is None for ch in letters], size)[0]
    return {"".join(letters[c] for c in slot) for slot in slots}


def _finished(letters, options: Options, fill_words: WordSets, check_words: WordSets,
              rng: random.Random, stop, rules) -> Generated | None:
    """A filled grid made the puzzle asked: numbered, its givens, its keyword and its level;
    None when it cannot be."""
    puzzle, solution = numbered(letters, options.size, options.lang, rng)
    puzzle = replace(puzzle, house=options.house, voiced_as_one=options.voiced_as_one)
    given = options.given_range
    if given[1] == 0:
        found = without_givens(puzzle, solution, check_words, stop)
    else:
        found = with_givens(puzzle, solution, check_words, rng, stop, given,
                            rarest=rules.starters is not None)
    if found is not None and options.keyword:
        found = with_keyword(found, fill_words, options.keyword, rng)
    return None if found is None else to_level(found, check_words, options.level, given, stop)


def _failure(options: Options, dead_ends: Counter | None) -> str:
    """Why no puzzle was made: no grid filled (where the fills ran out of words, for an
    author's pattern), or none of the grids was the puzzle asked for."""
    from core.numcro.rules import settings_text

    if dead_ends is None:
        more = "" if options.level else " (--level expert allows trial and error)"
        return f"no unique ナンクロ within {options.seconds:g} s {_asked(options)}{more}"
    if options.blocks is None:
        rules = settings_text(options.house)
        return (f"no grid filled within {options.seconds:g} s" +
                (f" keeping the house rules ({rules})" if rules else ""))
    worst = ", ".join(slot_name(slot, options.size) for slot, _ in dead_ends.most_common(4))
    return (f"--blocks: no fill of the pattern within {options.seconds / BLOCKS_GIVE_UP:g} s "
            f"(a sixth of --seconds); the entries the fill "
            f"ran out of words on most: {worst or 'none'}. More blocks (shorter entries, "
            f"fewer crossings) fill more easily")


def _asked(options: Options) -> str:
    """What was asked of the puzzle, for a failure: its level and the letters given."""
    level = f"of level {options.level}" if options.level else \
        "that a person finishes without trial and error"
    low, high = options.given_range
    given = "no letter" if high == 0 else f"{low} letters" if low == high else \
        f"{low} or more letters" if high >= ALPHABET_SIZE[options.lang] else \
        f"{low}-{high} letters"
    return f"{level}, with {given} given"


# --- the block pattern ---------------------------------------------------------------------

def house_settings(options: Options):
    """The house rules the generator keeps: the language's, with the author's settings."""
    from core.numcro.rules import settings

    size = options.size
    return settings(Puzzle(options.lang, (), size, size, house=options.house))


def block_pattern(size: int, symmetry: str, lang: str, longest: int,
                  rng: random.Random, rules=None, around=None) -> tuple[bool, ...] | None:
    """Blocks (True) in symmetric groups until no entry is longer than `longest`. Japanese
    grids: no two blocks side by side; English: the lattice of a British grid (every other
    cell of every other row a block), no two-letter entries. Whites stay connected and each
    white cell lies in an entry; with `rules` (core/numcro/rules.Settings), the house rules on
    blocks too (corners, unchecked cells). With `around` (core/numcro/layout.Layout), its
    blocks first and none on its letters. None when the drawing ran into a dead end."""
    blocks = [lang == "en" and r % 2 == 1 and c % 2 == 1
              for r in range(size) for c in range(size)]
    letters = around.letters if around is not None else {}
    for cell in around.blocks if around is not None else ():
        blocks[cell] = True
    group_of = {cell: orbit for orbit in orbits(size, symmetry) for cell in orbit}
    for _ in range(size * size):
        long_runs = [run for run in runs(blocks, size) if len(run) > longest]
        if not long_runs:
            return tuple(blocks) if around is None or acceptable(
                blocks, size, lang, *((rules.corners, rules.unchecked) if rules else ())) \
                else None
        run = rng.choice(long_runs)
        for cell in rng.sample(run, len(run)):
            group = group_of[cell]
            if any(blocks[c] or c in letters for c in group):
                continue
            for c in group:
                blocks[c] = True
            if acceptable(blocks, size, lang, *((rules.corners, rules.unchecked) if rules
                                                 else ())):
                break
            for c in group:
                blocks[c] = False
        else:
            return None
    return None


def runs(blocks: list[bool], size: int) -> list[list[int]]:
    """Maximal runs of white cells, across then down (one-cell runs too)."""
    found = []
    for lines in ([[r * size + c for c in range(size)] for r in range(size)],
                  [[r * size + c for r in range(size)] for c in range(size)]):
        for line in lines:
            run: list[int] = []
            for cell in [*line, None]:
                if cell is not None and not blocks[cell]:
                    run.append(cell)
                elif run:
                    found.append(run)
                    run = []
    return found


def slot_name(slot: tuple[int, ...], size: int) -> str:
    """`across r1c1 (5 letters)`: a run of cells by its first cell and direction."""
    r, c = divmod(slot[0], size)
    direction = "across" if len(slot) == 1 or slot[1] == slot[0] + 1 else "down"
    return f"{direction} r{r + 1}c{c + 1} ({len(slot)} letters)"


def acceptable(blocks: list[bool], size: int, lang: str, corners: bool = True,
               unchecked: str = "any") -> bool:
    """The pattern keeps the house rules on blocks: connected whites each in an entry, no
    entry too short, and as asked, white corners (`corners` False), no two blocks side by
    side (Japanese), no two unchecked cells side by side (`unchecked` alternate)."""
    whites = [i for i, b in enumerate(blocks) if not b]
    if not whites:
        return False
    if not corners and any(blocks[c] for c in (0, size - 1, size * (size - 1), size * size - 1)):
        return False
    if lang == "ja" and any(
            blocks[i] and ((i % size and blocks[i - 1]) or (i >= size and blocks[i - size]))
            for i in range(size * size)):
        return False
    covered: Counter = Counter()
    for run in runs(blocks, size):
        if len(run) >= 2:
            if len(run) < MIN_WORD[lang]:
                return False
            covered.update(run)
    if len(covered) != len(whites):
        return False
    if unchecked == "alternate" and _unchecked_side_by_side(covered, size):
        return False
    return len(reached(blocks, size, whites[0])) == len(whites)


def reached(blocks, size: int, start: int) -> set[int]:
    """The white cells a path across or down reaches from `start` (its region)."""
    seen, todo = {start}, [start]
    while todo:
        r, c = divmod(todo.pop(), size)
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            cell = nr * size + nc
            if 0 <= nr < size and 0 <= nc < size and not blocks[cell] and cell not in seen:
                seen.add(cell)
                todo.append(cell)
    return seen


def _unchecked_side_by_side(covered: Counter, size: int) -> bool:
    """Two cells in one entry each (unchecked) touch across or down."""
    single = {cell for cell, n in covered.items() if n == 1}
    return any((cell % size < size - 1 and cell + 1 in single) or cell + size in single
               for cell in single)


# --- the fill ------------------------------------------------------------------------------

def entries(blocks, size: int) -> tuple[list[tuple[int, ...]], dict]:
    """The grid's entries (runs of 2 or more white cells), and the entries crossing each."""
    slots = [tuple(run) for run in runs(list(blocks), size) if len(run) >= 2]
    return slots, {slot: [s for s in slots if s != slot and set(s) & set(slot)]
                   for slot in slots}


def fill(blocks, size: int, words: WordSets, rng: random.Random,
         steps: int = FILL_STEPS, rules=None,
         dead_ends: Counter | None = None, start: dict | None = None,
         seeds=frozenset()) -> list[str | None] | None:
    """A letter for every white cell such that every entry is a fill word, no word repeats,
    and the letters keep the house rules (`rules`: each used `uses` times, their count in
    range, all 26 for a pangram), or None (see Fill). With `start` (entry -> word: a full
    fill made by fill_around, or some entries), the search goes on from those entries, the
    entries `seeds` kept by the refills."""
    return Fill(blocks, size, words, rng, rules, dead_ends, seeds).run(start or {}, steps)


class Fill:
    """A randomised depth-first search, the entry with the fewest candidates first (an entry
    an author's word fits as if it had OWN_FIRST times fewer), FILL_TRIES words tried an
    entry, words with the letters still wanted tried first; then refills around a cell
    until the house rules on letters are kept, then refills that hold more of the author's
    words. `dead_ends` counts the entries the search found no word for."""

    def __init__(self, blocks, size: int, words: WordSets, rng: random.Random, rules=None,
                 dead_ends: Counter | None = None, seeds=frozenset()):
        self.slots, self.crossing = entries(blocks, size)
        self.whites = sorted({c for slot in self.slots for c in slot})
        self.size, self.words, self.rng, self.rules = size, words, rng, rules
        self.dead_ends, self.seeds = dead_ends, seeds
        self.grid: list[str | None] = []
        self.budget = 0  # search steps left
        self.accept = lambda: True  # what a full grid must be (the refills ask for more)
        self.fitting: dict[tuple, int] = {}  # the letters of an entry -> the fill words allowed

    def run(self, start: dict, steps: int) -> list[str | None] | None:
        self.grid, self.budget = _letters(start, self.size), steps
        first = frozenset(start)
        if not self.search(first, _mark(first, self.grid, self.words, {})):
            return None
        if self.rules is not None and not self.keep_house_rules():
            return None
        self.hold_more_own_words()
        return self.grid

    def candidates(self, slot, used) -> int:
        """The fill words the entry's letters allow, less the words used."""
        key = tuple(self.grid[cell] for cell in slot)
        bits = self.fitting.get(key)
        if bits is None:
            length = self.words.length(len(slot))
            bits = length.fill
            for p, letter in enumerate(key):
                if letter is not None:
                    bits &= length.letter(p, letter)
                    if not bits:
                        break
            self.fitting[key] = bits
        return bits & ~used.get(len(slot), 0)

    def search(self, placed: frozenset, used: dict[int, int]) -> bool:
        self.budget -= 1
        if self.budget < 0:
            return False
        found = self.fewest_candidates(placed, used)
        if found is None:
            return self.accept()
        slot, bits = found
        return bool(bits) and self.try_words(slot, bits, placed, used)

    def fewest_candidates(self, placed: frozenset, used) -> tuple | None:
        """The open entry with the fewest candidates and them (none: a dead end, counted),
        or None when every entry holds a word."""
        best, best_bits, best_key = None, 0, (0, 0)
        for slot in self.slots:
            if slot in placed:
                continue
            bits = self.candidates(slot, used)
            if not bits:
                if self.dead_ends is not None:
                    self.dead_ends[slot] += 1
                return slot, 0
            # the fewest candidates first, an entry an author's word fits as if it had fewer
            key = (bits.bit_count() // (OWN_FIRST if bits & self.words.length(len(slot)).preferred
                                        else 1), bits.bit_count())
            if best is None or key < best_key:
                best, best_bits, best_key = slot, bits, key
        return None if best is None else (best, best_bits)

    def try_words(self, slot, bits: int, placed: frozenset, used) -> bool:
        """Up to FILL_TRIES of the entry's candidates, each followed by the search."""
        length = self.words.length(len(slot))
        wanted = _wanted(slot, self.grid, length, self.rules) if self.rules is not None else 0
        for _ in range(min(FILL_TRIES, bits.bit_count())):
            word_id = _choose(bits, length, self.rng, wanted)
            bits &= ~(1 << word_id)
            if self.try_word(slot, word_id, placed, used):
                return True
        return False

    def try_word(self, slot, word_id: int, placed: frozenset, used) -> bool:
        """The word in the entry and the search on; undone when it finds no fill. Entries
        the word completes across count as placed words too."""
        grid, words = self.grid, self.words
        word = words.length(len(slot)).words[word_id]
        before = [grid[c] for c in slot]
        for c, letter in zip(slot, word, strict=True):
            grid[c] = letter
        now_used = {**used, len(slot): used.get(len(slot), 0) | (1 << word_id)}
        done = placed | {slot} | {s for s in self.crossing[slot]
                                  if s not in placed and all(grid[c] for c in s)}
        completed = done - placed - {slot}
        if (not completed or _distinct(completed, grid, word, words, now_used)) and \
                self.search(done, _mark(completed, grid, words, now_used)):
            return True
        for c, letter in zip(slot, before, strict=True):
            grid[c] = letter
        return False

    def refill(self, cell: int, good) -> None:
        """Fill the entries around a cell anew, keeping the rest; undone unless `good()`."""
        grid = self.grid
        region = _region(cell, self.slots, self.crossing) - self.seeds
        kept = [slot for slot in self.slots if slot not in region]
        saved = grid[:]
        for slot in region:
            for c in slot:
                grid[c] = None
        for slot in kept:
            for c in slot:
                grid[c] = saved[c]
        self.budget, self.accept = REPAIR_STEPS, good
        if not self.search(frozenset(kept), _mark(kept, grid, self.words, {})):
            grid[:] = saved

    def keep_house_rules(self) -> bool:
        """Most full grids miss a rule on letters: refills around a rare letter (to lose it)
        or anywhere (to use it again: the fill tries words with wanted letters first),
        sideways moves too, REPAIRS at most. False when a rule is still missed."""
        grid, rules, rng = self.grid, self.rules, self.rng
        for _ in range(REPAIRS):
            misses = shortfall(grid, rules)
            if not misses:
                break
            cell = _missing_cell(grid, rules, self.whites, rng) if rng.random() < 0.5 else \
                rng.choice(self.whites)
            self.refill(cell, lambda misses=misses: shortfall(grid, rules) <= misses)
        return not shortfall(grid, rules)

    def hold_more_own_words(self) -> None:
        """OWN_REFILLS refills kept where they hold as many of the author's words or more,
        the house rules still kept."""
        own = getattr(self.words, "preferred_words", frozenset())
        grid, slots, rules = self.grid, self.slots, self.rules
        for _ in range(OWN_REFILLS if own else 0):
            held = _own_held(grid, slots, own)
            self.refill(self.rng.choice(self.whites),
                        lambda held=held: _own_held(grid, slots, own) >= held and (
                            rules is None or not shortfall(grid, rules)))


def fill_around(blocks, size: int, words: WordSets, rng: random.Random, own: list[str],
                rules=None, dead_ends: Counter | None = None, most: int | None = None,
                moved: bool = False, laid=None, late=None):
    """The author's words placed first (core/numcro/seeding.py), then the fill around them,
    the board kept arc consistent (seeding.Board.filled), then the house rules on letters
    met by refilling around a cell (as `fill` does). Where that fails, the placed word
    nearest the trouble is moved to another entry of its length (one it has not been in),
    or taken out when none is left, and the fill runs again (SEEDED_ROUNDS times at most:
    counted, not timed, so a seed makes the same grid however busy the machine); `most` of
    the words are placed at most. When those rounds place no more, the plain fill
    (`fill`, the author's words tried first) completes the grid around the words still
    placed, or else from nothing. Returns the letters (None: no fill; the pattern is given
    up) and why each word not placed is not."""
    slots, crossing = entries(blocks, size)
    if kana_twice(rules, size):
        return _kana_twice(blocks, size, words, rng, rules, slots, crossing, own,
                           len(own) if most is None else most, laid or {}, late)
    placed = seeding.place(slots, crossing, own, words, rng, most=most,
                           placements=seeding.PLACEMENTS if moved else None)
    tried = {word: {slot} for slot, word in placed.seeds.items()}
    stuck: Counter = Counter()
    filled = False  # a fill was made around the words: the rules on letters failed
    for round_ in range(SEEDED_ROUNDS):
        if round_:
            slot = seeding.to_move(placed.seeds, stuck, crossing, rng)
            seeding.move(placed, slot, slots, crossing, words, rng, tried[placed.seeds[slot]],
                         seeding.LETTERS_MISSED if filled else seeding.TAKEN_OUT)
        letters, stuck, filled = _seeded_fills(blocks, size, words, rng, placed, rules)
        if letters is not None:
            return letters, seeding.said_of(placed.why, letters, slots, own)
        if dead_ends is not None:  # where an author's pattern runs out of words, for its failure
            dead_ends.update(stuck)
        if not placed.seeds or (filled and len(placed.seeds) > MOVING_MOST and not moved):
            break  # the rules on letters missed around many words: moves cost, rarely help
    if moved and most != 0:  # given up: a fresh pattern, half as many words (none: the
        return None, placed.why  # plain fill below, as on an author's pattern they miss)
    if filled and 1 < len(placed.seeds) <= MOVING_MOST:  # the rules on letters missed in
        # every round of moves: half the words, those nearest where the fills were stuck out
        for slot in seeding.nearest_trouble(placed.seeds, stuck, crossing)[
                :len(placed.seeds) // 2]:
            placed.why[placed.seeds.pop(slot)] = seeding.LETTERS_MISSED
        letters, _, _ = _seeded_fills(blocks, size, words, rng, placed, rules)
        if letters is not None:
            return letters, seeding.said_of(placed.why, letters, slots, own)
    return _plain_fill(blocks, size, words, rng, placed, rules, dead_ends, slots, own)


def _kana_grids(options: Options, own: list[str], words: WordSets, rng: random.Random,
                rules, most: int, patterns: int, late=lambda: False) -> list[tuple[list, dict]]:
    """A round under the kana rule: the author's words grown (fill_around, `most` of them
    at most) on `patterns` patterns, drawn around a layout of them (pattern_around) and by
    their entries' lengths (roomiest_pattern) in turn (the author's pattern each time, when
    given); the grids made and why each word is not in it, those holding most words first.
    Counted, not timed, unless it is `late` (half of --seconds gone) with a grid made: no
    pattern more then (an 11x11 round on a machine busy enough to take that long left too
    little time to make the grids a puzzle)."""
    grids = []
    for k in range(patterns):
        if grids and late():
            break
        if options.blocks:
            blocks, laid = options.blocks, None
        elif k % 2 == 0:  # every other pattern drawn around a layout of the words
            blocks, laid = pattern_around(options, own, rng, rules, most)
        else:
            blocks, laid = roomiest_pattern(options, own, rng, rules), None
        if blocks is None:
            continue
        letters, why = fill_around(blocks, options.size, words, rng, own, rules, None, most,
                                   laid=laid, late=late)
        if letters is not None:
            slots = entries(blocks, options.size)[0]
            grids.append((-_own_held(letters, slots, set(own)), len(grids), letters, why))
    return [(letters, why) for _, _, letters, why in sorted(grids)]


def _kana_twice(blocks, size: int, words: WordSets, rng: random.Random, rules, slots,
                crossing, own: list[str], most: int, laid: dict, late=None):
    """Under the house rule that each letter is used `rules.uses` times (Japanese): the
    author's words put in one at a time, the shortest first, each kept only where a fill of
    the whole grid around it and the words kept before keeps the rule (the rule part of that
    fill's search: seeding.Board.filled; its words spelt with the COMMON_LETTERS letters
    and the author's), in one of ENTRIES_TRIED entries (the one `laid` out for it first,
    pattern_around); then the grid is that fill. The
    letters (None: no fill; the pattern is given up) and why each word not kept is not."""
    common = seeding.common_letters(words, {len(s) for s in slots}, COMMON_LETTERS)
    best, fills = None, [KANA_FILLS * kana_most(size) // KANA_MOST]
    for attempt in range(KANA_ORDERS):
        order = sorted(own, key=lambda w: (len(w), rng.random())) if attempt == 0 else \
            rng.sample(own, len(own))
        grown = _grown(order, slots, crossing, words, rng, rules, common, most, fills, laid,
                       late)
        if best is None or len(grown[0].seeds) > len(best[0].seeds):
            best = grown
    kept, solved, why = best
    said = seeding.KANA_MOST_SAID.format(size=size, most=kana_most(size))
    kept.why = why = {w: said if r == seeding.KANA_MOST_SAID else r for w, r in why.items()}
    letters = fill(blocks, size, words, rng, rules=rules, start=solved,
                   seeds=frozenset(kept.seeds)) if solved is not None else None
    if letters is not None:
        return letters, seeding.said_of(why, letters, slots, own)
    return _plain_fill(blocks, size, words, rng, kept, rules, None, slots, own)


def _grown(order: list[str], slots, crossing, words: WordSets, rng: random.Random, rules,
           common: set[str], most: int, fills: list[int], laid: dict, late=None):
    """The author's words put in one at a time in `order` (`most` at most), each kept
    where a fill around it and those kept before keeps the house rules on letters (`fills`
    of them left, shared with other orders; none more once `late` says half of --seconds
    is gone and one is kept): the placement, that fill (None: no word kept, no fill made)
    and why each other word is not kept."""
    kept, solved, why = seeding.Placement(), None, {}
    board = seeding.Board(slots, crossing, words)
    for word in order:
        timed_out = bool(kept.seeds) and late is not None and late()  # half of --seconds
        # gone: no word more (a 13x13 on a busy machine ran past --seconds growing them)
        if len(kept.seeds) >= most or fills[0] <= 0 or timed_out:
            why[word] = seeding.TOO_MANY if fills[0] <= 0 or timed_out else \
                seeding.KANA_MOST_SAID
            continue
        grown = _one_more(word, kept, board, slots, rng, rules, common, fills,
                          solved, laid.get(word))
        if isinstance(grown, str):
            why[word] = grown
        else:
            kept, board, solved = grown
    return kept, solved, why


def _one_more(word: str, kept, board, slots, rng: random.Random, rules, common,
              fills: list[int], hint=None, at=None):
    """The placement and board with `word` put in a free entry (`at`, the entry laid out
    for it, first), and a fill of the grid around them keeping the house rules on letters
    (the words of `hint`, the last such fill, tried first: most of it still fits); else why
    the word is not put in."""
    tried: set = set()
    for _ in range(ENTRIES_TRIED):
        made = seeding.Placement(seeds=dict(kept.seeds))
        after, why = seeding.put_word(word, slots, made, board, rng, tried, at)
        if why:
            return why if not tried else seeding.KANA_TWICE
        tried |= set(made.seeds) - set(kept.seeds)
        trial = after.copy()
        trial.keep_letters(common | set("".join(made.seeds.values())))
        fills[0] -= 1
        found = trial.filled(rng, None, rules.uses, tries=KANA_TRIES, rule_kept=True,
                             hint=hint) \
            if trial.ok else None
        if found is not None:
            return made, after, found
    return seeding.KANA_TWICE


def _seeded_fills(blocks, size: int, words: WordSets, rng: random.Random, placed, rules):
    """A grid around the placed words keeping the house rules (SEEDED_FILLS tries: the fill
    is random, another may keep them), or None; the entries where it was stuck, and whether
    a fill was made (the house rules on letters were then what failed)."""
    stuck: Counter = Counter()
    slots, crossing = entries(blocks, size)
    board = seeding.Board(slots, crossing, words)
    for slot, word in placed.seeds.items():
        board.put(slot, word)
    for _ in range(SEEDED_FILLS):
        solved = board.filled(rng, stuck, rules.uses if rules is not None else 1)
        if solved is None:
            return None, stuck, False
        letters = fill(blocks, size, words, rng, rules=rules, start=solved,
                       seeds=frozenset(placed.seeds))
        if letters is not None:
            return letters, stuck, True
        stuck.update(_rare(solved, size, rules))
    return None, stuck, True


def _plain_fill(blocks, size: int, words: WordSets, rng: random.Random, placed, rules,
                dead_ends, slots, own):
    """The fill as made before words were placed first (the author's words tried first in
    its order), around the words still placed, else from nothing: a placed word it leaves
    out is said taken out."""
    letters = fill(blocks, size, words, rng, rules=rules, start=placed.seeds,
                   seeds=frozenset(placed.seeds)) if placed.seeds else None
    if letters is None:
        letters = fill(blocks, size, words, rng, rules=rules, dead_ends=dead_ends)
    if letters is None:
        return None, placed.why  # this pattern is given up: a fresh one is drawn
    held = {"".join(letters[c] for c in slot) for slot in slots}
    why = {**placed.why, **{w: seeding.TAKEN_OUT for w in placed.seeds.values()
                            if w not in held}}
    return letters, seeding.said_of({w: r for w, r in why.items() if w not in held},
                                    letters, slots, own)


def _letters(solved: dict, size: int) -> list[str | None]:
    grid: list[str | None] = [None] * (size * size)
    for slot, word in solved.items():
        for c, letter in zip(slot, word, strict=True):
            grid[c] = letter
    return grid


def _rare(solved: dict, size: int, rules):
    """The entries holding a letter used fewer times than the house rules ask."""
    grid = _letters(solved, size)
    counts = Counter(ch for ch in grid if ch is not None)
    return [s for s in solved if any(counts[grid[c]] < rules.uses for c in s)]


def roomiest_pattern(options: Options, own: list[str], rng: random.Random, rules):
    """Of PATTERN_DRAWS block patterns drawn (no entry longer than `seeded_longest`), the one
    with entries for most of the author's words (their lengths counted against the entries
    of each length). Under the rule that each kana is used twice, at most TWO_LETTER_ROOM
    two-letter entries count (more make a grid that needs more letters given), and between
    patterns with as much room, the one with more longer entries."""
    wanted = Counter(map(len, own))
    kana = kana_twice(rules, options.size)
    longest = seeded_longest(options, own, rules)
    best, best_room = None, None
    for _ in range(PATTERN_DRAWS):
        blocks = block_pattern(options.size, options.symmetry, options.lang, longest, rng,
                               rules)
        if blocks is None:
            continue
        have = Counter(map(len, entries(blocks, options.size)[0]))
        if kana:
            have[2] = min(have[2], TWO_LETTER_ROOM)
        room = (sum(min(n, have[length]) for length, n in wanted.items()),
                sum(n for length, n in have.items() if length > 2) if kana else 0)
        if best_room is None or room > best_room:
            best, best_room = blocks, room
    return best


def pattern_around(options: Options, own: list[str], rng: random.Random, rules, most: int):
    """A block pattern drawn around `most` of the author's words laid out crossing one
    another (core/numcro/layout.py), with TWO_LETTER_ROOM two-letter entries at most (more
    make a grid that needs more letters given); LAYOUT_DRAWS at most, then roomiest_pattern's.
    Also the entry laid out for each word ({} for roomiest_pattern's)."""
    longest = seeded_longest(options, own, rules)
    fitting = [w for w in own if len(w) <= longest]
    for _ in range(LAYOUT_DRAWS):
        laid = layout.laid_out(fitting, options.size, options.symmetry, options.lang, rng,
                               most, rules.corners)
        blocks = block_pattern(options.size, options.symmetry, options.lang, longest, rng,
                               rules, around=laid)
        slots = entries(blocks, options.size)[0] if blocks is not None else []
        if set(laid.words) <= set(slots) and \
                sum(len(s) == 2 for s in slots) <= TWO_LETTER_ROOM:
            return blocks, {word: slot for slot, word in laid.words.items()}
    return roomiest_pattern(options, own, rng, rules), {}


def kana_twice(rules, size: int) -> bool:
    """The author's words are kept one at a time (_kana_twice): under a rule that each
    letter is used twice, on grids up to KANA_LARGEST (KANA_LARGEST_NUMBERS with a rule on
    how many numbers)."""
    largest = KANA_LARGEST if rules is None or not rules.numbers else KANA_LARGEST_NUMBERS
    return rules is not None and rules.uses >= 2 and size <= largest


def kana_most(size: int) -> int:
    """An author's kana words put in a first grid at most (half as many in the next):
    KANA_MOST up to 11x11, on a larger grid as many more as it has cells (25 on 13x13:
    food_ja's 26 words, seeds 1-2, 17 and 18 held against 12 and 13 with 12). On 11x11, 17
    (paired, seeds 1-5) held food_ja 10 11 10 13 11 against 11 9 12 11 11 and the diary
    12 11 13 12 11 against 7 9 13 12 12, the diary in 1.5x the time (34 s median, 55 s at
    most at load 3): within --seconds on a busy machine, 12 is kept there."""
    return KANA_MOST if size <= 11 else KANA_MOST * size * size // 81


def moved_only(options: Options, own: list[str]) -> bool:
    """Whether the author's words are moved over fresh patterns (LATIN_MOVED) rather than
    completed by the plain fill: a short list in a Latin alphabet."""
    return options.lang != "ja" and 0 < len(own) <= LATIN_MOVED


def seeded_longest(options: Options, own: list[str], rules) -> int:
    """The longest entry of a pattern the author's words are placed on: under a house rule
    on letters (each used twice), their longest word or SEEDED_LONGEST if longer, within
    the grid's longest; else the grid's longest."""
    if rules is None or rules.uses < 2:
        return options.longest
    theirs = max((len(w) for w in own if len(w) <= options.longest), default=0)
    return min(options.longest, max(SEEDED_LONGEST, theirs))


def _own_held(grid, slots, own) -> int:
    return sum(1 for slot in slots if "".join(grid[c] for c in slot) in own)


def shortfall(grid, rules) -> int:
    """How far a full grid's letters are from the house rules: the uses missing, the letters
    a pangram lacks, the numbers out of range (0: kept)."""
    counts = Counter(ch for ch in grid if ch is not None)
    short = sum(rules.uses - n for n in counts.values() if n < rules.uses)
    if rules.pangram:
        short += sum(1 for ch in ALPHABET if ch not in counts)
    if rules.numbers:
        low, high = rules.numbers
        short += max(0, low - len(counts), len(counts) - high)
    return short


def _missing_cell(grid, rules, whites, rng: random.Random) -> int:
    """A cell to refill around: one holding a letter used too rarely, else any."""
    counts = Counter(grid[c] for c in whites)
    rare = [c for c in whites if counts[grid[c]] < rules.uses]
    return rng.choice(rare or whites)


def _region(cell: int, slots, crossing) -> set:
    """The entries through a cell and the entries crossing them."""
    through = [slot for slot in slots if cell in slot]
    return set(through) | {s for slot in through for s in crossing[slot]}


def _choose(candidates: int, length, rng: random.Random, wanted: int = 0) -> int:
    """A random candidate: an author's own word while one fits, else one with a letter the
    house rules still want."""
    pick = candidates & length.preferred or candidates & wanted or candidates
    return member_at_or_after(pick, rng.randrange(len(length.words)))


ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _wanted(slot, grid, length, rules) -> int:
    """The words of the slot's length with a wanted letter on one of its empty cells: a
    letter a pangram still lacks, or one used fewer times than the house asks."""
    counts = Counter(ch for ch in grid if ch is not None)
    wanted = [ch for ch, n in counts.items() if n < rules.uses]
    if rules.pangram:
        wanted += [ch for ch in ALPHABET if ch not in counts]
    found = 0
    for p, cell in enumerate(slot):
        if grid[cell] is None:
            for ch in wanted:
                found |= length.letter(p, ch)
    return found


def _distinct(completed, grid, word: str, words: WordSets, used: dict[int, int]) -> bool:
    """Entries completed by crossing words must be fill words not used yet (nor equal to the
    word just placed, nor to one another)."""
    seen = {word}
    for slot in completed:
        text = "".join(grid[c] for c in slot)
        length = words.length(len(slot))
        bits = length.fill & ~used.get(len(slot), 0)
        for p, letter in enumerate(text):
            bits &= length.letter(p, letter)
        if not bits or text in seen:
            return False
        seen.add(text)
    return True


def _mark(completed, grid, words: WordSets, used: dict[int, int]) -> dict[int, int]:
    used = dict(used)
    for slot in completed:
        length = words.length(len(slot))
        bits = length.all
        for p, cell in enumerate(slot):
            bits &= length.letter(p, grid[cell])
        used[len(slot)] = used.get(len(slot), 0) | bits
    return used


# --- numbers and givens --------------------------------------------------------------------

def numbered(letters: list[str | None], size: int, lang: str, rng: random.Random):
    """The puzzle (no givens yet) with each distinct letter under a random number 1..k."""
    distinct = sorted({ch for ch in letters if ch is not None})
    numbers = list(range(1, len(distinct) + 1))
    rng.shuffle(numbers)
    number_of = dict(zip(distinct, numbers, strict=True))
    cells = tuple(BLOCK if ch is None else number_of[ch] for ch in letters)
    puzzle = Puzzle(lang, (), size, size, cells)
    return puzzle, tuple(sorted((n, ch) for ch, n in number_of.items()))


def with_givens(puzzle: Puzzle, solution, words: WordSets, rng: random.Random,
                stop=None, wanted: tuple[int, int] = (0, 0), rarest: bool = False
                ) -> Generated | None:
    """The puzzle with a unique answer against `words` and `wanted` (low, high) givens, or
    None: the fewest that make it unique (None when more than `high`), then more up to
    `low`: the letters in the most cells (the widest foothold), or with `rarest` (a
    codeword's starters) the rarest (the hardest to deduce: fewest crossings)."""
    answer = dict(solution)
    cells_of = {n: puzzle.cells.count(n) for n in answer}
    givens: set[int] = set()
    while True:
        result = _count(puzzle, givens, answer, words, stop)
        if result.unique:
            break
        if result.count >= 2:
            choices = [n for n in result.differs if n not in givens]
        elif result.stopped:
            choices = [max((n for n in answer if n not in givens), key=cells_of.get)]
        else:
            return None  # no solution: the fill used a word the check tier lacks
        if not choices or (stop and stop()):
            return None
        givens.add(rng.choice(choices))
    for n in sorted(givens, key=lambda _: rng.random()):
        result = _count(puzzle, givens - {n}, answer, words, stop)
        if result.unique:
            givens.discard(n)
    low, high = wanted
    if len(givens) > high:
        return None
    extra = sorted((n for n in answer if n not in givens),
                   key=lambda n: (cells_of[n] if rarest else -cells_of[n], n))
    givens |= set(extra[:max(0, low - len(givens))])
    final = _count(puzzle, givens, answer, words, stop)
    if not final.unique:
        return None
    given = tuple(sorted((n, answer[n]) for n in givens))
    return Generated(replace(puzzle, givens=given), tuple(sorted(answer.items())),
                     final.nodes)


def without_givens(puzzle: Puzzle, solution, words: WordSets, stop=None) -> Generated | None:
    """The puzzle with no letter given, when the dictionary alone makes it unique (a search
    of up to NO_HINT_NODES; past that, undecided, None)."""
    calls = [0]

    def capped() -> bool:
        calls[0] += 1
        return calls[0] * STOP_EVERY >= NO_HINT_NODES or bool(stop and stop())

    result = count(puzzle, words, limit=2, stop=capped)
    if not result.unique:
        return None
    return Generated(puzzle, tuple(sorted(solution)), result.nodes)


def with_keyword(made: Generated, words: WordSets, size: int,
                 rng: random.Random) -> Generated | None:
    """二重マス: a fill word of `size` letters, not an entry of the grid, spelt by that many
    cells (one a letter, chosen at random among the cells holding it)."""
    letters = dict(made.solution)
    cells_of: dict[str, list[int]] = {}
    for cell, n in enumerate(made.puzzle.cells):
        if n != BLOCK:
            cells_of.setdefault(letters[n], []).append(cell)
    length = words.length(size)
    entries = set(entry_words(made.puzzle, made.solution))
    fits = [i for i in members(length.fill) if length.words[i] not in entries and all(
        length.words[i].count(ch) <= len(cells_of.get(ch, ())) for ch in length.words[i])]
    if not fits:
        return None
    word = length.words[rng.choice(fits)]
    chosen: list[int] = []
    for ch in word:
        chosen.append(rng.choice([c for c in cells_of[ch] if c not in chosen]))
    return replace(made, puzzle=replace(made.puzzle, keyword=tuple(chosen)))


def to_level(made: Generated, words: WordSets, wanted: str | None,
             given: tuple[int, int] = (0, 99), stop=None) -> Generated | None:
    """The puzzle rated by how a person solves it, at the `wanted` level (None: any level a
    person finishes without trial and error). Where it is harder, letters are given where
    the person is stuck or needs crossing entries (None: tries a letter out) until it is,
    then the givens it is that level without are taken back, down to `given[0]`. None when
    it cannot be: it is easier, or more than `given[1]` letters are needed."""
    while True:
        solved = logic.solve(made.puzzle, words, stop)
        if _at_level(solved, wanted):
            return _fewer_givens(replace(made, solved=solved), words, wanted, given[0], stop)
        if wanted is not None and logic.LEVELS.index(solved.level) < logic.LEVELS.index(wanted):
            return None
        hard = (logic.WHAT_IF,) if wanted is None else (logic.CROSSING, logic.WHAT_IF)
        number = _hardest_number(made.puzzle, solved, hard)
        if number is None or len(made.puzzle.givens) >= given[1]:
            return None
        answer = dict(made.solution)
        givens = tuple(sorted({*made.puzzle.givens, (number, answer[number])}))
        made = replace(made, puzzle=replace(made.puzzle, givens=givens))


def _at_level(solved, wanted: str | None) -> bool:
    return solved.level == wanted or (wanted is None and solved.without_trial)


def _fewer_givens(made: Generated, words: WordSets, wanted: str | None, fewest: int,
                  stop=None) -> Generated:
    """Givens a person still solves the puzzle at the level without, taken back (those in the
    fewest cells first: the others are the wider foothold). A puzzle the steps finish is
    unique (each step is sound), so no count is needed; an expert one keeps its givens."""
    if wanted == "expert":
        return made
    cells = made.puzzle.cells
    for given in sorted(made.puzzle.givens, key=lambda g: (cells.count(g[0]), g[0])):
        if len(made.puzzle.givens) <= fewest:
            break
        fewer = replace(made.puzzle, givens=tuple(g for g in made.puzzle.givens if g != given))
        solved = logic.solve(fewer, words, stop)
        if _at_level(solved, wanted):
            made = replace(made, puzzle=fewer, solved=solved)
    return made


def _hardest_number(puzzle: Puzzle, solved, hard: tuple[str, ...]) -> int | None:
    """Where a person first takes a step of a `hard` kind (needs more than one entry at
    once, or tries a letter out), or else the number with the most cells among those the
    steps left unknown."""
    step = next((s for s in solved.steps if s.kind in hard), None)
    if step is not None:
        return step.numbers[0][0]
    known = dict(solved.letters)
    unknown = [n for n in puzzle.numbers() if n not in known]
    return max(unknown, key=puzzle.cells.count) if unknown else None


def _count(puzzle: Puzzle, givens, answer, words: WordSets, stop):
    calls = [0]

    def capped() -> bool:
        calls[0] += 1
        return calls[0] * STOP_EVERY >= PROOF_NODES or bool(stop and stop())

    trial = replace(puzzle, givens=tuple(sorted((n, answer[n]) for n in givens)))
    return count(trial, words, limit=2, stop=capped)


def entry_words(puzzle: Puzzle, solution) -> list[str]:
    """The words of the answer, entry by entry."""
    letters = dict(solution)
    return ["".join(letters[n] for n in e.numbers) for e in puzzle.entries()]


def own_words_used(made: Generated, words: WordSets) -> int:
    """How many entries hold one of the author's own words."""
    own = getattr(words, "preferred_words", frozenset())
    return sum(1 for w in entry_words(made.puzzle, made.solution) if w in own)


def own_words(words, dictionary=None) -> tuple[WordSets, WordSets]:
    """Fill and check sets for a puzzle made of an author's own words (a diary, a theme): they
    alone fill; the answer must be unique against them and every word of `dictionary`."""
    own = [(w, FILL) for w in words]
    if dictionary is None:
        sets = WordSets.from_words(own)
        return sets, sets
    known = [(w, CHECK) for n in dictionary.meta["lengths"]
             for w in dictionary.words_of(int(n))[0]]
    return WordSets.from_words(own), WordSets.from_words(known + own)
