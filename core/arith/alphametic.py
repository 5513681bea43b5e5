"""Alphametics from a word list by simulated annealing: w1 + ... + w(n-1) = wn with at most ten
letters and exactly one solution.

The state is a result word and n-1 addends drawn from the words whose letters lie in a pool of
ten letters (the result's, plus others). The energy is how close the sum can come to balancing:
log10(1 + min |sum of weight x digit|) over all ways to give the letters different digits, found
by branch and bound; 0 means the puzzle has a solution, and then the counter decides uniqueness.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

from core.arith.model import Puzzle
from core.arith.rating import level_of_puzzle
from core.arith.solver import count
from core.errors import GenerationFailed
from core.search import with_deadline

MAX_LETTERS = 10
CLOSEST_NODES = 20_000  # a budget for one energy: past it, the best found so far stands
RUN_STEPS = 1000  # moves in one annealing run before a fresh start


def english_words(limit: int = 30_000, max_level: float = 4.0,
                  stop: Callable[[], bool] | None = None) -> list[str]:
    """Common English words a reader knows, upper-case, 3 to 10 letters: those of
    dictionaries.importers.common_english (frequent, CEFR B2 or easier) that a spelling
    dictionary also knows as ordinary words (known_words); GenerationFailed when `stop` (a
    time budget) ends the reading (about a second)."""
    try:
        from dictionaries.importers import common_english

        known = known_words()
    except ImportError as error:  # dependencies of the project: say how to get them
        raise GenerationFailed("the English word list needs the wordfreq, cefrpy and "
                               "chunspell packages (make run installs them)") from error
    words = set()
    # any frequency for 4+ letters: the sums need many words to choose from
    for i, (word, _, _) in enumerate(common_english(limit, max_level, 0.0)):
        if i % 50 == 0 and stop is not None and stop():
            raise GenerationFailed("the time budget ran out while the English word list was "
                                   "read (it takes about a second)")
        if 3 <= len(word) <= 10 and known(word):
            words.add(word.upper())
    return sorted(words)


# abbreviations en_US also spells in lower case: of the 22 common words it also has in
# capitals, all but est are words (act, care, now, who, ...)
LOWER_CASE_ABBREVIATIONS = frozenset({"est"})


def known_words() -> Callable[[str], bool]:
    """Whether Hunspell's en_US dictionary spells a word in lower case: names (Anna, Arabs)
    are capitalised there, abbreviations (DNA) written in capitals, rare or foreign forms
    (massa) are not in it; nor are British spellings (colour)."""
    from pathlib import Path

    import hunspell

    folder = Path(hunspell.__file__).parent / "dictionaries"
    speller = hunspell.Hunspell("en_US", hunspell_data_dir=str(folder))
    return lambda word: (word.lower() not in LOWER_CASE_ABBREVIATIONS
                         and speller.spell(word.lower()))


def read_words(text: str) -> list[str]:
    """A word list's text: one word a line (a frequency or other columns may follow); words
    of 3 to 10 letters are kept."""
    words = set()
    for line in text.splitlines():
        word = line.split()[0].upper() if line.split() else ""
        if word.isalpha() and 3 <= len(word) <= 10 and len(set(word)) <= MAX_LETTERS:
            words.add(word)
    return sorted(words)


def weights(addends: Sequence[str], result: str) -> tuple[dict[str, int], set[str]]:
    """Each letter's weight in sum(addends) - result, and the letters that lead a word."""
    weight: dict[str, int] = {}
    leading = set()
    for word, sign in [*((w, 1) for w in addends), (result, -1)]:
        for i, letter in enumerate(word):
            weight[letter] = weight.get(letter, 0) + sign * 10 ** (len(word) - 1 - i)
        if len(word) > 1:
            leading.add(word[0])
    return weight, leading


def closest(addends: Sequence[str], result: str) -> int:
    """The smallest |sum(addends) - result| over assignments of different digits to letters
    (0: a solution exists), by branch and bound within CLOSEST_NODES nodes."""
    weight, leading = weights(addends, result)
    letters = sorted(weight, key=lambda x: -abs(weight[x]))
    ws = [weight[x] for x in letters]
    lows = [1 if x in leading else 0 for x in letters]
    spans = [(min(w * lo, w * 9), max(w * lo, w * 9)) for w, lo in zip(ws, lows, strict=True)]
    rest_min = [sum(s[0] for s in spans[i:]) for i in range(len(ws) + 1)]
    rest_max = [sum(s[1] for s in spans[i:]) for i in range(len(ws) + 1)]
    best = [abs(rest_max[0]) + abs(rest_min[0]) + 1]
    nodes = [0]

    def dfs(i: int, total: int, used: int) -> None:
        nodes[0] += 1
        low, high = total + rest_min[i], total + rest_max[i]
        bound = 0 if low <= 0 <= high else min(abs(low), abs(high))
        if bound >= best[0] or nodes[0] > CLOSEST_NODES:
            return
        if i == len(ws):
            best[0] = abs(total)
            return
        # try digits nearest to balancing first: the best bound shrinks sooner
        w = ws[i]
        ideal = -total / w if w else 0
        for d in sorted(range(lows[i], 10), key=lambda d: abs(d - ideal)):
            if not used >> d & 1:
                dfs(i + 1, total + w * d, used | 1 << d)
                if best[0] == 0:
                    return

    dfs(0, 0, 0)
    return best[0]


def energy(addends: Sequence[str], result: str) -> float:
    return math.log10(1 + closest(addends, result))


def generate_alphametic(n_words: int, rng: random.Random, words: Sequence[str] | None = None,
                        seconds: float = 60.0, stop: Callable[[], bool] | None = None,
                        level: str | None = None) -> Puzzle:
    """A unique alphametic of `n_words` words (the last is the sum), within `seconds`; with a
    level, only one a person solves at that level (core/arith/rating.py)."""
    if n_words < 3:
        raise ValueError("an alphametic here has at least three words (two addends and a sum)")
    deadline = time.monotonic() + seconds
    stop = with_deadline(stop, seconds)  # reading the word list is part of the budget
    words = list(words) if words is not None else english_words(stop=stop)
    while time.monotonic() < deadline and not (stop and stop()):
        found = _anneal(n_words, rng, words, deadline, stop, level)
        if found is not None:
            return found
    of_level = f" of level {level} (fewer --words find easier ones)" if level else ""
    raise GenerationFailed(f"no unique {n_words}-word alphametic within {seconds:.0f} s"
                           f"{of_level}")


def _anneal(n_words: int, rng: random.Random, words: Sequence[str], deadline: float,
            stop, level: str | None = None) -> Puzzle | None:
    """One annealing run from a fresh result word and letter pool."""
    digits_needed = len(str(9 * (n_words - 1))) - 1  # how much longer the sum is than a term
    results = [w for w in words if len(w) >= 3 + digits_needed and len(set(w)) <= MAX_LETTERS]
    if not results:
        raise GenerationFailed("the word list has no word long enough to be the sum")
    result = rng.choice(results)
    pool = set(result)
    others = sorted(set("".join(words)) - pool)
    rng.shuffle(others)
    pool |= set(others[:MAX_LETTERS - len(pool)])
    candidates = [w for w in words if set(w) <= pool and w != result
                  and len(w) <= len(result) - (1 if n_words > 3 else 0)]
    if len(candidates) < n_words - 1:
        return None
    addends = rng.sample(candidates, n_words - 1)
    current = energy(addends, result)
    temperature = 1.0
    for _ in range(RUN_STEPS):
        if time.monotonic() > deadline or (stop and stop()):
            return None
        if current == 0:
            puzzle = Puzzle("add", tuple(addends), result)
            if count(puzzle, limit=2, stop=stop).unique and (
                    level is None or level_of_puzzle(puzzle, stop) == level):
                return puzzle
            current = 0.3  # a solution, but not the only one (or not the level): keep moving
        i = rng.randrange(len(addends))
        word = rng.choice(candidates)
        if word in addends:
            continue
        trial = addends[:i] + [word] + addends[i + 1:]
        e = energy(trial, result)
        if e <= current or rng.random() < math.exp((current - e) / temperature):
            addends, current = trial, e
        temperature = max(0.05, temperature * 0.995)
    return None
