"""ナンクロ (number crosswords, codewords) as a registered family: see core/family.py for the
contract. A cell, where two solutions differ or a given could go, is a number; counting and
generating read a dictionary (the context's, else the built-in one of the puzzle's language)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.family import NO_CONTEXT, Family, Field, Generated, Generator, NotRated
from core.numcro import drawing, formats, ipuz
from core.numcro.model import Puzzle
from core.numcro.solver import count
from core.search import STOP_EVERY
from core.symmetry import SYMMETRIES

# the blog's `table:`, a JSON case, block cells (■), or the grid format's own headers
HINTS = re.compile(r"^\s*(table|givens|assign|lang)\s*:|^\s*\{|■", re.MULTILINE)
LEVEL_NODES = 20_000  # a rating's count is stopped here: past it, the level is "expert"


@dataclass(frozen=True)
class Rating:
    """A ナンクロ's level, from the search effort of its uniqueness proof."""

    level: str
    nodes: int
    steps: tuple = ()

    def as_dict(self) -> dict:
        return {"level": self.level, "nodes": self.nodes}

    def summary(self) -> str:
        return f"{self.level} (search effort {self.nodes} nodes)"

    def walkthrough(self) -> list[str]:
        return []


class Numcro(Family):
    name = "numcro"
    title = "ナンクロ"
    puzzle_type = Puzzle
    styles = ("grid", "blog")
    ipuz_kind = ipuz.KIND.split("#")[0]
    needs_dictionary = True
    rated = True

    def recognise(self, text: str) -> int:
        content = "\n".join(line for line in text.splitlines()
                            if not line.lstrip().startswith("#"))
        return 3 if HINTS.search(content) else 0

    parse = staticmethod(formats.parse)

    def format(self, puzzle: Puzzle, style: str | None = None) -> str:
        return formats.format(puzzle, style or "grid")

    def solution_text(self, puzzle, solution, one_line=False) -> str:
        """On one line, the key (`1:ト 2:キ ...`); else the grid with every letter given."""
        solved = self.filled(puzzle, solution)
        return formats.format(solved, "key" if one_line else "grid").rstrip("\n")

    def count(self, puzzle, limit=2, stop=None, context=NO_CONTEXT):
        return count(puzzle, context.dictionary_for(puzzle.lang), limit, stop)

    def filled(self, puzzle: Puzzle, solution) -> Puzzle:
        return Puzzle(puzzle.lang, tuple(solution), puzzle.width, puzzle.height, puzzle.cells,
                      puzzle.entry_numbers)

    def differs(self, puzzle, first, second) -> tuple:
        a, b = dict(first), dict(second)
        return tuple(n for n in sorted(a) if a[n] != b.get(n))

    def cell_names(self, puzzle: Puzzle, cells) -> list[str]:
        return [str(n) for n in cells]

    def givens(self, puzzle: Puzzle) -> tuple:
        return tuple(n for n, _ in puzzle.givens)

    def without(self, puzzle: Puzzle, cell) -> Puzzle:
        return Puzzle(puzzle.lang, tuple(g for g in puzzle.givens if g[0] != cell),
                      puzzle.width, puzzle.height, puzzle.cells, puzzle.entry_numbers)

    def generate(self, options, rng, stop=None, context=NO_CONTEXT, rate=False) -> Generated:
        from core.numcro.generator import generate

        words = _word_sets(context.dictionary_for(options.lang), options)
        made = generate(options, words, words, rng, stop)
        notes = {}
        if words.preferred_words:
            notes = {"own_words_used": made.own_used, "own_words": len(words.preferred_words)}
        return Generated(made.puzzle, made.solution, rating=Rating(made.level, made.nodes),
                         notes=notes)

    def rate(self, puzzle, stop=None, context=NO_CONTEXT) -> Rating:
        from core.numcro.generator import difficulty

        calls = [0]

        def capped() -> bool:  # a hard proof is "expert" however long it would run
            calls[0] += 1
            return calls[0] * STOP_EVERY >= LEVEL_NODES or bool(stop and stop())

        result = count(puzzle, context.dictionary_for(puzzle.lang), 2, capped)
        if result.stopped and not (stop and stop()):
            return Rating("expert", result.nodes)
        if not result.unique:
            raise NotRated("no solution" if result.count == 0 else
                           "not unique: cannot be rated")
        return Rating(difficulty(result.nodes), result.nodes)

    # print and exchange: the family's drawing.py and ipuz.py
    title_of = staticmethod(drawing.title)
    draw = staticmethod(drawing.draw)
    to_ipuz = staticmethod(ipuz.to_ipuz)
    from_ipuz = staticmethod(ipuz.from_ipuz)


def _word_sets(dictionary, options):
    """The words this generation fills from and checks against: the dictionary's, the
    blocklisted and avoided words out of the fill, the author's own words (a preferred
    list, the words of their prose) in and tried first."""
    from core.numcro.tailoring import prose_words, tailored

    lang = dictionary.meta["lang"]
    prefer = options.prefer + (prose_words(options.text, lang) if options.text else ())
    return tailored(dictionary, lang, options.allow_sensitive, options.avoid,
                    tuple(dict.fromkeys(prefer)))


def _options(values: dict):
    from core.numcro.generator import Options
    from core.numcro.tailoring import prose_words, word_list

    size, blocks = values["size"], None
    if values.get("blocks") is not None:
        size, blocks = formats.parse_blocks(values["blocks"])
    lang = values["lang"]
    lists = {name: word_list(values[name], lang, f"--{name}") if values.get(name) else ()
             for name in ("avoid", "prefer")}
    if values.get("text") is not None:
        prose_words(values["text"], lang)  # no words at all is said now, not after the search
    return Options(size=size, symmetry=values["symmetry"], lang=lang,
                   max_word=values.get("max_word") or 0, blocks=blocks,
                   seconds=values["seconds"], min_givens=values["min_givens"],
                   text=values.get("text"), allow_sensitive=bool(values.get("allow_sensitive")),
                   **lists)


Numcro.generators = (Generator("numcro", "a unique ナンクロ or codeword", (
    Field("size", "the grid's side", int, 9),
    Field("symmetry", "of the blocks", str, "rot180", SYMMETRIES),
    Field("lang", "language", str, "ja", formats.LANGUAGES),
    Field("text", "fill first with the words of this text: Japanese prose (kanji and kana, "
          "read by SudachiPy) or English; dictionary words fill the rest", file=True),
    Field("prefer", "fill first with these words (one a line or spaced)", file=True),
    Field("avoid", "never fill with these words (one a line or spaced)", file=True),
    Field("allow_sensitive", "let words of the built-in blocklist fill (off: they are left "
          "out)", bool, False),
    Field("blocks", "the author's block pattern: rows of . 0 □ (white) and # ■ (block), or a "
          "ナンクロ grid", file=True),
    Field("max_word", "longest entry (ja 6, en 8)", int),
    Field("min_givens", "give at least this many letters (codewords often give 2-3)", int, 0),
    Field("seconds", "time budget for one puzzle", float, 60.0),
), _options, "grid", "grid"),)
NUMCRO = Numcro()
