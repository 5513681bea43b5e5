"""ナンクロ (number crosswords, codewords) as a registered family: see core/family.py for the
contract. A cell, where two solutions differ or a given could go, is a number; counting and
generating read a dictionary (the context's, else the built-in one of the puzzle's language)."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from core.errors import ParseError
from core.family import (
    NO_CONTEXT,
    Context,
    Family,
    Field,
    Generated,
    Generator,
    NotRated,
    RuleBroken,
)
from core.numcro import drawing, formats, ipuz
from core.numcro.logic import LEVELS
from core.numcro.model import Puzzle
from core.numcro.solver import count
from core.search import STOP_EVERY, Stopped
from core.symmetry import SYMMETRIES, SYMMETRY_WORDS

# the blog's `table:`, a JSON case, block cells (■), or the grid format's own headers
HINTS = re.compile(r"^\s*(table|givens|assign|lang)\s*:|^\s*\{|■", re.MULTILINE)
LEVEL_NODES = 20_000  # a rating's count is stopped here: past it, the level is "expert"
# The family's own need (Context.own): the dictionary, `builtin:LANG` or a folder; not
# chosen, the built-in one of the puzzle's language
DICTIONARY = "dict"


def with_dictionary(source: str | None, context: Context = NO_CONTEXT) -> Context:
    """`context` with the dictionary `source` chosen (None: the built-in one)."""
    chosen = {**dict(context.own), DICTIONARY: source}
    return replace(context, own=Context.choosing(**chosen).own)


def dictionary_for(context: Context, lang: str):
    """The opened dictionary (once a process); DictionaryError when missing or broken."""
    from dictionaries.defaults import open_source

    return open_source(context.chosen(DICTIONARY) or f"builtin:{lang}")


@dataclass(frozen=True)
class Rating:
    """A ナンクロ's level from how a person solves it (core/numcro/logic.py): the steps, how
    many needed crossing entries at once, and the walkthrough in words."""

    level: str
    steps: tuple[str, ...] = ()  # the walkthrough, a sentence a step
    kinds: tuple[tuple[str, int], ...] = ()  # steps of each kind
    complete: bool = True  # the steps finish the grid (else trial and error is needed)
    nodes: int = 0  # search effort of the uniqueness proof, where one was run

    def as_dict(self) -> dict:
        return {"level": self.level, "steps": len(self.steps), "deductions": dict(self.kinds),
                "crossing": dict(self.kinds).get("crossing entries", 0),
                "complete": self.complete}

    def score_text(self) -> str:
        """The scale its level is on (it has no score): `workbench ナンクロ scale`."""
        return "workbench ナンクロ scale" + ("" if self.complete else ", trial and error needed")

    def headline(self) -> str:
        """The level, its scale named: `medium (workbench ナンクロ scale)`."""
        rest = "" if self.complete else ": trial and error needed"
        return f"{self.level} (workbench ナンクロ scale{rest})"

    def summary(self) -> str:
        kinds = dict(self.kinds)
        crossing = kinds.get("crossing entries", 0)
        tried = kinds.get("what if", 0)
        tried = f", {tried} trying choices out" if tried else ""
        rest = "" if self.complete else "; then trial and error"
        return (f"{self.level} ({len(self.steps)} steps, {crossing} of them with crossing "
                f"entries at once{tried}{rest})")

    def walkthrough(self) -> list[str]:
        return [f"{i}. {text}" for i, text in enumerate(self.steps, 1)]


def rating_of(solved, nodes: int = 0) -> Rating:
    from core.numcro.logic import CROSSING, ONLY_LETTER, ONLY_NUMBER, ONLY_WORD, WHAT_IF

    kinds = tuple((k, solved.used(k)) for k in (ONLY_WORD, ONLY_LETTER, ONLY_NUMBER, CROSSING,
                                                WHAT_IF))
    return Rating(solved.level, tuple(s.text for s in solved.steps), kinds, solved.complete,
                  nodes)


class Numcro(Family):
    name = "numcro"
    title = "ナンクロ"
    differ_words = "letters not fixed for numbers"
    puzzle_type = Puzzle
    styles = ("grid", "blog")
    ipuz_kind = ipuz.KIND.split("#")[0]
    needs = (DICTIONARY,)
    rated = True
    house_rules = True

    def recognise(self, text: str) -> int:
        content = "\n".join(line for line in text.splitlines()
                            if not line.lstrip().startswith("#"))
        return 3 if HINTS.search(content) else 0

    parse = staticmethod(formats.parse)
    iter_puzzles = staticmethod(formats.iter_puzzles)

    def format(self, puzzle: Puzzle, style: str | None = None) -> str:
        return formats.format(puzzle, style or "grid")

    def solution_text(self, puzzle, solution, one_line=False) -> str:
        """On one line, the key (`1:ト 2:キ ...`); else the grid with every letter given."""
        solved = self.filled(puzzle, solution)
        return formats.format(solved, "key" if one_line else "grid").rstrip("\n")

    def count(self, puzzle, limit=2, stop=None, context=NO_CONTEXT):
        return count(puzzle, _checking(puzzle, context), limit, stop)

    def rules(self, puzzle, solution=None) -> tuple[RuleBroken, ...]:
        from core.numcro.rules import broken

        return tuple(RuleBroken(b.rule, b.message,
                                tuple(formats.cell_name(puzzle, c) for c in b.cells))
                     for b in broken(puzzle, solution))

    def filled(self, puzzle: Puzzle, solution) -> Puzzle:
        return replace(puzzle, givens=tuple(solution))

    def canonical(self, puzzle: Puzzle) -> str:
        """Numbers relabelled and the grid transposed are one puzzle in disguise."""
        from core.numcro.authoring import canonical

        return super().canonical(canonical(puzzle))

    def differs(self, puzzle, first, second) -> tuple:
        a, b = dict(first), dict(second)
        return tuple(n for n in sorted(a) if a[n] != b.get(n))

    def cell_names(self, puzzle: Puzzle, cells) -> list[str]:
        return [str(n) for n in cells]

    def givens(self, puzzle: Puzzle) -> tuple:
        return tuple(n for n, _ in puzzle.givens)

    def without(self, puzzle: Puzzle, cell) -> Puzzle:
        return replace(puzzle, givens=tuple(g for g in puzzle.givens if g[0] != cell))

    def generate(self, options, rng, stop=None, context=NO_CONTEXT, rate=False) -> Generated:
        from core.numcro.generator import generate
        from core.numcro.reach import in_reach

        words = _word_sets(dictionary_for(context, options.lang), options)
        in_reach(options, _fill_only(words))  # what no grid can give, said before the search
        made = generate(options, _fill_only(words), words, rng, stop)
        notes = _own_notes(made, words, options) if words.preferred_words else {}
        rating = rating_of(made.solved, made.nodes) if made.solved else None
        return Generated(made.puzzle, made.solution, rating=rating, notes=notes)

    def level_words(self, rating) -> str:
        """The level with the summary of the steps (no list of techniques beside it)."""
        return f"level: {rating.summary()}"

    def rate(self, puzzle, stop=None, context=NO_CONTEXT) -> Rating:
        """The level from the steps a person takes (core/numcro/logic.py); where they do
        not finish the grid, a capped count says whether it is unique at all."""
        from core.numcro.logic import solve
        from core.numcro.wordsets import WordSets, word_sets

        words = _checking(puzzle, context)
        sets = words if isinstance(words, WordSets) else word_sets(words)
        try:
            solved = solve(puzzle, sets, stop)
        except Stopped:
            raise NotRated("stopped") from None
        if solved.complete:
            return rating_of(solved)
        calls = [0]

        def capped() -> bool:  # a hard proof is "expert" however long it would run
            calls[0] += 1
            return calls[0] * STOP_EVERY >= LEVEL_NODES or bool(stop and stop())

        result = count(puzzle, sets, 2, capped)
        if not result.stopped and not result.unique:
            raise NotRated("no solution" if result.count == 0 else
                           "not unique: cannot be rated")
        return rating_of(solved, result.nodes)

    # print and exchange: the family's drawing.py and ipuz.py
    title_of = staticmethod(drawing.title)
    draw = staticmethod(drawing.draw)
    to_ipuz = staticmethod(ipuz.to_ipuz)
    from_ipuz = staticmethod(ipuz.from_ipuz)


def _checking(puzzle, context):
    """The words a puzzle is counted against: its dictionary's, voiced kana folded for a
    濁点ナンクロ."""
    from core.numcro.wordsets import folded_word_sets

    dictionary = dictionary_for(context, puzzle.lang)
    return folded_word_sets(dictionary) if puzzle.voiced_as_one else dictionary


def _fill_only(words):
    """The fill words alone, numbered anew (made once per word set)."""
    from core.numcro.wordsets import FillOnly

    made = getattr(words, "fill_only", None)
    if made is None:
        made = words.fill_only = FillOnly(words)
    return made


def _word_sets(dictionary, options):
    """The words this generation fills from and checks against: the dictionary's, the
    blocklisted and avoided words out of the fill, the author's own words (a preferred
    list, the words of their prose) in and tried first."""
    from core.numcro.tailoring import prose_words, tailored

    lang = dictionary.meta["lang"]
    prefer = options.prefer + (prose_words(options.text, lang) if options.text else ())
    return tailored(dictionary, lang, options.allow_sensitive, options.avoid,
                    tuple(dict.fromkeys(prefer)), options.voiced_as_one)


def _house(values: dict, lang: str) -> tuple[tuple[str, str], ...]:
    """The house rules asked for on the command line, as a puzzle's settings."""
    from core.numcro.rules import parse_settings

    words = []
    if values.get("corners"):
        words.append("corners")
    if values.get("large_print"):
        words.append("large")
    if values.get("pangram"):
        if lang != "en":
            raise ValueError("--pangram: all 26 letters, for --lang en")
        words.append("pangram")
    for name in ("uses", "numbers", "starters"):
        if values.get(name) is not None:
            words.append(f"{name}={values[name]}")
    try:
        return parse_settings(" ".join(words))
    except ParseError as error:
        raise ValueError(error.message) from None


def parse_givens(text: str | None) -> tuple[int, int] | None:
    from core.numcro.rules import parse_range

    if text is None:
        return None
    given = parse_range(text.strip())
    if given is None:
        raise ValueError(f"--givens {text!r}? how many letters are given: a number, or a "
                         f"range such as 2-4")
    return given


AVOIDED = "in --avoid"  # an author's word kept out of the fill, and why
BLOCKLISTED = "blocklisted (--allow-sensitive lets them fill)"


def _own_notes(made, words, options) -> dict:
    """Which of the author's words the grid holds, and why each other one is not there, the
    words grouped by reason (core/numcro/seeding.py): no entry of their length, every such
    entry holding another of theirs, letters clashing with theirs, no dictionary word
    fitting across them, taken out where the dictionary could not fill around them, or kept
    out of the fill (in --avoid, or blocklisted)."""
    from core.numcro.generator import entry_words
    from core.numcro.seeding import LEFT_OUT, NO_ENTRY

    own = words.preferred_order
    entries = entry_words(made.puzzle, made.solution)
    used = [w for w in dict.fromkeys(entries) if w in words.preferred_words]
    lengths = {len(w) for w in entries}
    why = dict(made.own_unplaced)
    reasons: dict[str, list[str]] = {}
    for word in own:
        if word in used:
            continue
        reason = why.get(word, NO_ENTRY if len(word) not in lengths else "not placed")
        if reason == LEFT_OUT:
            reason = AVOIDED if word in options.avoid else BLOCKLISTED
        reasons.setdefault(reason, []).append(word)
    fitting = [w for w in own if len(w) in lengths and why.get(w) != LEFT_OUT]
    notes = {"own_words_used": made.own_used, "own_words": len(own),
             "own_words_fitting": len(fitting), "own_words_in_grid": used,
             "own_words_not_placed": reasons}
    more = _more_room(options, len(own), used, reasons)
    return {**notes, "for_more_of_your_words": more} if more else notes


def _more_room(options, listed: int, used: list, reasons: dict) -> str | None:
    """Where the author's words were left out for want of room or of letters given (not
    kept out of the fill), which size or --givens held more of a list as long
    (core/numcro/held.py's measured table); None when none did, or for a pattern of
    theirs or house rules of their own (not measured)."""
    from core.numcro.held import more_room

    if options.blocks is not None or options.house or \
            not any(r not in (AVOIDED, BLOCKLISTED) for r in reasons):
        return None
    return more_room(options.lang, options.size, options.givens, listed, len(used))


def _fits(lang: str, size: int, blocks, max_word: int):
    """Why no entry of the grid asked for can hold a word (a complaint), or None: shorter
    than the language's entries, or longer than the longest the grid can have."""
    from core.numcro.generator import LONGEST, MIN_WORD, runs

    shortest = MIN_WORD.get(lang, 2)
    if blocks is not None:
        longest = max((len(r) for r in runs(list(blocks), size)), default=0)
        where, more = "the --blocks pattern's longest entry has", "a pattern with longer entries"
    else:
        longest = min(size, max_word or LONGEST.get(lang, size))
        where = f"a {size}x{size} grid's entries have at most"
        more = "a larger --max-word" if longest < size else "a larger --size"

    def fits(word: str) -> str | None:
        if len(word) < shortest:
            return (f"has {len(word)} letters: {lang} entries have {shortest} or more"
                    + (" (English codewords have no two-letter entries)" if lang == "en"
                       else ""))
        if len(word) > longest:
            return (f"has {len(word)} letters: {where} {longest}, so no entry can hold it "
                    f"({more})")
        return None
    return fits


def _options(values: dict):
    from core.numcro.generator import Options
    from core.numcro.tailoring import prose_words, word_list

    size, blocks = values["size"], None
    if values.get("blocks") is not None:
        size, blocks = formats.parse_blocks(values["blocks"])
    lang = values["lang"]
    fits = _fits(lang, size, blocks, values.get("max_word") or 0)
    lists = {name: word_list(values[name], lang, f"--{name}", fits if name == "prefer" else
                             None) if values.get(name) else ()
             for name in ("avoid", "prefer")}
    both = [w for w in lists["prefer"] if w in lists["avoid"]]
    if both:
        raise ValueError(f"--prefer and --avoid both name {' '.join(both[:5])}: one of them")
    if values.get("text") is not None:
        prose_words(values["text"], lang)  # no words at all is said now, not after the search
    house = _house(values, lang)
    if values.get("dakuten") and lang != "ja":
        raise ValueError("--dakuten: 濁点ナンクロ, for --lang ja")
    return Options(size=size, symmetry=values["symmetry"], lang=lang, house=house,
                   givens=parse_givens(values.get("givens")),
                   level=values.get("level"), keyword=values.get("keyword") or 0,
                   voiced_as_one=bool(values.get("dakuten")),
                   no_hints=bool(values.get("no_hints")),
                   max_word=values.get("max_word") or 0, blocks=blocks,
                   seconds=values["seconds"],
                   text=values.get("text"), allow_sensitive=bool(values.get("allow_sensitive")),
                   **lists)


Numcro.generators = (Generator("numcro", "a unique ナンクロ or codeword", (
    Field("size", "the grid's side", int, 9, label="Size (the grid's side, 4 to 25)"),
    Field("symmetry", "of the blocks", str, "rot180", SYMMETRIES,
          label="Symmetry of the blocks", words=SYMMETRY_WORDS),
    Field("lang", "language", str, "ja", formats.LANGUAGES, label="Language (dictionary)",
          words=("Japanese", "English")),
    Field("text", "fill first with the words of this text: Japanese prose (kanji and kana, "
          "read by SudachiPy) or English; dictionary words fill the rest", file=True,
          label="Your own text, its words tried first (a file)", blank="none"),
    Field("prefer", "fill first with these words (one a line or spaced)", file=True,
          label="Words to prefer (a file)", blank="none", more=True),
    Field("avoid", "never fill with these words (one a line or spaced)", file=True,
          label="Words to avoid (a file)", blank="none", more=True),
    Field("allow_sensitive", "let words of the built-in blocklist fill (off: they are left "
          "out)", bool, False, label="Allow blocklisted words", more=True),
    Field("blocks", "the author's block pattern: rows of . 0 □ (white) and # ■ (block), or a "
          "ナンクロ grid", file=True, label="Your block pattern (a file)",
          blank="none: blocks drawn at random", more=True),
    Field("max_word", "longest entry (ja 6, en 8)", int, label="Longest entry",
          blank="ja 6, en 8", more=True),
    Field("givens", "how many letters are given, e.g. 2-4 or 3 (default: 2-4 up to 11x11, "
          "3-5 up to 15x15, 4-6 above, and with --level as many more as it needs): as few "
          "as make it unique, then the letters in the most cells", str, metavar="A-B",
          label="Letters given, e.g. 2-4 or 3", blank="as magazines print"),
    Field("seconds", "time budget for one puzzle", float, 60.0, label="Time budget (seconds)",
          more=True),
    Field("level", "how a person solves it: easy (one entry at a time), medium (one step "
          "with crossing entries at once), hard (more, or a letter tried out), expert (deeper "
          "trial and error); default: any level a person finishes without trial and error "
          "(no letter tried out)", str, choices=LEVELS, blank="no trial and error"),
    Field("corners", "house rule: blocks may stand in the corners (Japanese grids keep them "
          "white otherwise)", bool, False, label="Blocks in the corners allowed", more=True),
    Field("uses", "house rule: every number used at least N times (ja 2, en 1)", int,
          label="Every number used at least", blank="ja 2, en 1", more=True),
    Field("numbers", "house rule: how many numbers the grid has, e.g. 40-46", str,
          metavar="A-B", label="Numbers in the grid, e.g. 40-46", blank="any", more=True),
    Field("pangram", "codewords: all 26 letters in the grid", bool, False,
          label="Codeword: all 26 letters (English)"),
    Field("starters", "codewords: give 2-3 starter letters, the rarest to deduce", str,
          metavar="A-B", label="Codeword: starter letters, e.g. 2-3", blank="none"),
    Field("keyword", "二重マス: N marked cells spell a final word (a fill word), printed as a "
          "strip under the grid", int, 0, label="二重マス: keyword letters (0: none)",
          more=True),
    Field("dakuten", "濁点ナンクロ: voiced and unvoiced kana are one number (ガ is カ)", bool,
          False, label="濁点ナンクロ: ガ is カ", more=True),
    Field("no_hints", "no letter given (--givens 0): unique from the dictionary alone "
          "(use --seconds for the time budget)", bool, False, label="No letter given",
          more=True),
    Field("large_print", "print large: bigger cells and numbers", bool, False,
          label="Large print", more=True),
), _options, "grid", "grid"),)
NUMCRO = Numcro()
