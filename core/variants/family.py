"""Sudoku variants as one registered family (see core/family.py for the contract): a classic
grid plus any set of constraints. A classic grid with no constraint is counted and rated by
the classic Sudoku engine it is (core.sudoku), so a classic puzzle read from a link loses
nothing by coming in as a variant."""

from __future__ import annotations

from dataclasses import replace

from core.family import NO_CONTEXT, Family, Generated, NotRated, rated_within
from core.search import where_differ
from core.variants import drawing, engine, formats, ipuz, iss, links, wording
from core.variants.model import DIGITS, Variant, cell_name


def _iss_text(text: str) -> Variant:
    """ISS's constraint string given as text; ParseError at the item that is wrong."""
    from core.errors import ParseError
    from core.variants.model import ModelError

    try:
        return iss.read(text)
    except iss.IssError as error:
        raise ParseError(f"ISS constraint string: {error}", error.line, error.column) from None
    except ModelError as error:
        raise ParseError(f"ISS constraint string: {error}", 1, 1) from None


def _classic(p: Variant):
    from core.sudoku.model import Puzzle, Shape

    return Puzzle(Shape.of_size(p.size), p.givens)


class Variants(Family):
    name = "variants"
    title = "Sudoku variant"
    puzzle_type = Variant
    styles = ("grid", "line")
    line_style = None  # a variant's constraints take lines of their own
    ipuz_kind = ipuz.KIND_PREFIX
    rated = True
    gives_candidates = True
    link_sites = links.SITES

    def recognise(self, text: str) -> int:
        """3 for an f-puzzles, SudokuPad or ISS link, or ISS's constraint string, or text with
        a variant's lines (cage:, thermo:, regions: ...), or an ipuz Sudoku that only a
        variant reads (a jigsaw, cages, diagonals); 2 for SadMan .sdk and HoDoKu lines
        (classic Sudoku)."""
        stripped = text.strip()
        if links.is_ours(stripped) or iss.looks_like(stripped):
            return 3
        if stripped.startswith("{"):
            return 3 if ipuz.needs_variants(stripped) else 0
        from core.variants import classic_formats

        return max(formats.recognise(text), classic_formats.recognise(text))

    def parse(self, text: str):
        stripped = text.strip()
        if links.is_ours(stripped):
            return self.read_link(stripped)
        if iss.looks_like(stripped):
            return _iss_text(text)
        from core.variants import classic_formats

        if classic_formats.recognise(text):
            return classic_formats.parse(text)
        return formats.parse(text)

    def iter_puzzles(self, text: str):
        from core.variants import classic_formats

        if classic_formats.recognise(text) and not formats.recognise(text):
            yield from classic_formats.iter_puzzles(text)
            return
        if len(text) > formats.MAX_TEXT or links.is_ours(text.strip()) or iss.looks_like(text):
            yield from super().iter_puzzles(text)
            return
        yield from formats.iter_puzzles(text)

    def read_link(self, link: str):
        """The puzzle of an f-puzzles, SudokuPad or ISS link; None for another site's."""
        from core.errors import ParseError
        from core.variants.lzlink import LinkError

        if not links.is_ours(link):
            return None
        try:
            return links.read(link)
        except LinkError as error:
            raise ParseError(f"the link: {error}", 1, 1) from None

    def to_link(self, puzzle, site: str, answer=None, style: str = "fpuzzles") -> str:
        return links.write(puzzle, site, answer, style)

    def format(self, puzzle: Variant, style: str | None = None) -> str:
        return formats.format(puzzle, style or "grid")

    def count(self, puzzle, limit=2, stop=None, context=NO_CONTEXT):
        if puzzle.classic:
            from core.sudoku.solver import count

            return count(_classic(puzzle), limit, stop)
        return engine.count(puzzle, limit, stop)

    def true_candidates(self, puzzle, support=1, stop=None):
        if puzzle.classic:
            from core.sudoku.solver import true_candidates

            return true_candidates(_classic(puzzle), support, stop)
        return engine.true_candidates(puzzle, support, stop)

    def candidates_text(self, puzzle, found, with_support=False):
        from core.candidates import pictures

        return pictures(found, puzzle.size, puzzle.regions, puzzle.givens,
                        DIGITS[puzzle.first:], with_support)

    def filled(self, puzzle: Variant, solution) -> Variant:
        return puzzle.with_givens(solution)

    def differs(self, puzzle, first, second) -> tuple:
        return where_differ(first, second)

    def cell_names(self, puzzle: Variant, cells) -> list[str]:
        return [cell_name(c, puzzle.size) for c in cells]

    def clashes_text(self, puzzle: Variant, clashes) -> str:
        said = []
        for group in clashes:
            names = " and ".join(self.cell_names(puzzle, group))
            values = "/".join(puzzle.digit(puzzle.givens[c]) for c in group)
            said.append(f"{names} ({values}) break a rule")
        return "; ".join(said)

    def givens(self, puzzle: Variant) -> tuple:
        return tuple(c for c, v in enumerate(puzzle.givens) if v)

    def without(self, puzzle: Variant, cell) -> Variant:
        return puzzle.with_givens(puzzle.givens[:cell] + (0,) + puzzle.givens[cell + 1:])

    def generate(self, options, rng, stop=None, context=NO_CONTEXT, rate=False) -> Generated:
        from core.variants.generator import generate

        puzzle, solution = generate(options, rng, stop)
        rating, notes = (rated_within(lambda: self.rate(puzzle, stop, context), stop) if rate
                         else (None, {}))
        return Generated(puzzle, solution, rating=rating, notes=notes)

    def rate(self, puzzle, stop=None, context=NO_CONTEXT):
        """The variants logic's rating, on its own scale; a classic grid keeps classic
        Sudoku's (Sudoku Explainer's on 9x9)."""
        from core.variants.logic import rate

        try:
            rating = rate(puzzle, stop)
        except ValueError as error:
            raise NotRated(str(error)) from None
        return rating if puzzle.classic else replace(rating, scale="variants")

    title_of = staticmethod(drawing.title)
    title_in = staticmethod(wording.name)
    rules_text = staticmethod(wording.rules_text)
    draw = staticmethod(drawing.draw)
    to_ipuz = staticmethod(ipuz.to_ipuz)
    from_ipuz = staticmethod(ipuz.from_ipuz)


def _generators():
    from core.variants.generator import GENERATORS

    return GENERATORS


Variants.generators = _generators()
VARIANTS = Variants()
