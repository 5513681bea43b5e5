"""A publisher's house style: paper, margins and bleed, cell size, line weights, fonts and
sizes, ナンクロ numbers, greys, what a heading says, and where a puzzle's rules go and in
which language. Read from a TOML file (`export --style
FILE`), every key checked; what is not given keeps the built-in style's value (`magazine`, or
`large` for large print). Sizes of what is drawn in a grid (line weights, givens, clues) are
given at the style's `cell`; a page that draws a grid larger or smaller scales them with it."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, fields, replace
from pathlib import Path

PT = 0.3528  # mm in a point
PAPERS = {"a4": (210.0, 297.0), "a5": (148.0, 210.0), "b5": (182.0, 257.0),
          "letter": (215.9, 279.4)}
LAYOUTS = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3), 9: (3, 3)}  # a page: columns, rows
TABLES = ("beside", "under", "none")
HEADING_PARTS = ("number", "kind", "title", "level", "rating", "author", "date")
RULES_PLACES = ("above", "below", "none")  # a puzzle's rules: under its heading, under
# its grid, or not printed
LANGUAGES = ("en", "ja")  # of the words a page writes (a variant's rules)
PLACEMENTS = ("auto", "corner", "centre")  # ナンクロ numbers: auto: centred in Japanese
# (as ナンクロ magazines print them), in the corner in English (as UK codewords do)


class StyleError(ValueError):
    """A style file that cannot be used: what is wrong, where (file and line)."""


@dataclass(frozen=True)
class Margins:
    top: float = 20.0
    bottom: float = 20.0
    inside: float = 20.0  # by the spine: left on odd (right-hand) pages
    outside: float = 20.0


@dataclass(frozen=True)
class Font:
    file: str | None = None  # a TrueType or OpenType file; None: the print font (fonts.py)
    size: float = 11.0  # points


@dataclass(frozen=True)
class Style:
    name: str = "magazine"
    paper: tuple[float, float] = PAPERS["a4"]  # the trimmed page, mm
    margins: Margins = Margins()
    bleed: float = 0.0  # mm of paper beyond the trim on each side
    gutter: float = 8.0  # mm between puzzles on a page, across and down
    page_numbers: bool = True
    running_title: bool = True  # the book's title at the head of each page
    per_page: int | None = None  # puzzles a page (None: as few pages as hold four a page)
    solutions_per_page: int = 6
    cell: float = 10.0  # mm: a puzzle drawn alone (SVG, --bare), and the cell sizes are at
    max_cell: float = 16.0  # mm: the largest cell a page grows a grid to
    cell_line: float = 0.2  # mm, at `cell`
    box_line: float = 0.6
    outer_line: float = 0.9
    givens: Font = Font(size=20.0)  # digits and letters in the cells, at `cell`
    clues: Font = Font(size=7.0)  # killer sums, outside clues, ナンクロ numbers, at `cell`
    headings: Font = Font(size=11.0)  # a puzzle's heading (the first line; the rest smaller)
    numbers: str = "auto"  # ナンクロ numbers: "corner", "centre", or by the puzzle's language
    corner_size: float = 10.0  # pt at `cell`: ナンクロ numbers in the corner
    centre_size: float = 12.0  # pt at `cell`: ナンクロ numbers centred
    table: str = "beside"  # ナンクロ: the 50音 (A-Z) table to cross letters out: beside, under
    # the grid (a 50音表 as printed, a gyō a column), or none
    shading: float = 15.0  # % black: shaded cells, thermometers, even and odd cells
    grey: float = 50.0  # % black: arrows, diagonals, crossed-out letters
    number_grey: float = 80.0  # % black: ナンクロ numbers
    heading: tuple[str, ...] = HEADING_PARTS  # the parts a heading shows
    rules: str = "above"  # a puzzle's rules (a variant's): one of RULES_PLACES
    language: str = "en"  # the rules' language when written from the puzzle: LANGUAGES

    @property
    def shade(self) -> str:
        return grey_color(self.shading)

    @property
    def grey_ink(self) -> str:
        return grey_color(self.grey)

    @property
    def number_ink(self) -> str:
        return grey_color(self.number_grey)

    def size_mm(self, font: Font) -> float:
        return font.size * PT

    def shows(self, part: str) -> bool:
        return part in self.heading


MAGAZINE = Style()
LARGE = replace(MAGAZINE, name="large", per_page=1, solutions_per_page=4, max_cell=24.0,
                cell=14.0, cell_line=0.3, box_line=0.9, outer_line=1.2,
                givens=Font(size=28.0), clues=Font(size=11.0), headings=Font(size=16.0),
                corner_size=14.0, centre_size=17.0, grey=70.0, number_grey=100.0,
                table="under")
BUILT_IN = {"magazine": MAGAZINE, "large": LARGE}


def grey_color(percent: float) -> str:
    level = round(255 * (1 - percent / 100))
    return f"#{level:02x}{level:02x}{level:02x}"


# --- reading a style file --------------------------------------------------------------------

def _number(low: float, high: float, unit: str = "mm"):
    def check(value):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"expected a number ({unit}), got {value!r}")
        if not low <= value <= high:
            raise ValueError(f"{value:g} {unit}? from {low:g} to {high:g}")
        return float(value)
    return check


def _boolean(value):
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, got {value!r}")
    return value


def _choice(*choices):
    def check(value):
        if value not in choices:
            raise ValueError(f"{value!r}? one of {', '.join(map(str, choices))}")
        return value
    return check


def _paper(value):
    if isinstance(value, str):
        if value.lower() not in PAPERS:
            raise ValueError(f"{value!r}? one of {', '.join(PAPERS)}, or [width, height] in mm")
        return PAPERS[value.lower()]
    if isinstance(value, list) and len(value) == 2:
        return tuple(_number(50, 1000)(v) for v in value)
    raise ValueError(f"expected a paper name or [width, height] in mm, got {value!r}")


def _margins(value):
    check = _number(0, 100)
    if isinstance(value, dict):
        unknown = sorted(set(value) - {f.name for f in fields(Margins)})
        if unknown:
            raise ValueError(f"unknown side {unknown[0]!r}; top, bottom, inside, outside")
        return Margins(**{side: check(v) for side, v in value.items()})
    width = check(value)
    return Margins(width, width, width, width)


def _per_page(value):
    if value not in LAYOUTS or isinstance(value, bool):
        raise ValueError(f"{value!r}? one of {', '.join(map(str, LAYOUTS))}")
    return value


# table -> key -> (Style field, check); fonts are tables of their own (fonts.givens.size)
KEYS = {
    "page": {"paper": ("paper", _paper), "margins": ("margins", _margins),
             "bleed": ("bleed", _number(0, 20)), "gutter": ("gutter", _number(0, 60)),
             "page_numbers": ("page_numbers", _boolean),
             "running_title": ("running_title", _boolean),
             "per_page": ("per_page", _per_page),
             "solutions_per_page": ("solutions_per_page", _per_page)},
    "grid": {"cell": ("cell", _number(3, 40)), "max_cell": ("max_cell", _number(3, 60))},
    "lines": {"cell": ("cell_line", _number(0.02, 3)), "box": ("box_line", _number(0.02, 5)),
              "outer": ("outer_line", _number(0.02, 6))},
    "numcro": {"numbers": ("numbers", _choice(*PLACEMENTS)),
               "corner_size": ("corner_size", _number(3, 60, "pt")),
               "centre_size": ("centre_size", _number(3, 60, "pt")),
               "table": ("table", _choice(*TABLES))},
    "grey": {"shading": ("shading", _number(0, 100, "% black")),
             "lines": ("grey", _number(0, 100, "% black")),
             "numbers": ("number_grey", _number(0, 100, "% black"))},
    "rules": {"place": ("rules", _choice(*RULES_PLACES)),
              "language": ("language", _choice(*LANGUAGES))},
}
FONT_KEYS = ("givens", "clues", "headings")
TOP_KEYS = ("based_on", "page", "grid", "lines", "fonts", "numcro", "grey", "heading",
            "rules")


def load_style(name_or_path: str | None) -> Style:
    """A built-in style by name (magazine, large), or a TOML file; StyleError otherwise."""
    if name_or_path is None:
        return MAGAZINE
    if name_or_path in BUILT_IN:
        return BUILT_IN[name_or_path]
    path = Path(name_or_path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise StyleError(f"--style {name_or_path}: no such file (or one of the built-in "
                         f"styles: {', '.join(BUILT_IN)})") from None
    except (OSError, UnicodeDecodeError) as error:
        raise StyleError(f"{name_or_path}: cannot read it: {error}") from None
    return parse_style(text, str(path))


def parse_style(text: str, source: str = "style") -> Style:
    _not_too_deep(text, source)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise StyleError(f"{source}: not TOML: {error}") from None
    except RecursionError:  # what the scan below missed: tomllib recurses into each level
        raise StyleError(f"{source}: arrays or tables nested too deep") from None
    reader = _Reader(text, source)
    reader.known(data, TOP_KEYS, ())
    base = data.get("based_on", "magazine")
    if base not in BUILT_IN:
        reader.fail(("based_on",), f"{base!r}? one of {', '.join(BUILT_IN)}")
    changes: dict = {"name": Path(source).stem}
    for table, keys in KEYS.items():
        values = reader.table(data, (table,))
        reader.known(values, keys, (table,))
        for key, value in values.items():
            name, check = keys[key]
            changes[name] = reader.checked(check, value, (table, key))
    fonts = reader.table(data, ("fonts",))
    reader.known(fonts, FONT_KEYS, ("fonts",))
    for role in fonts:
        changes[role] = _font(reader, fonts, role, getattr(BUILT_IN[base], role))
    changes.update(_heading(reader, reader.table(data, ("heading",)), BUILT_IN[base]))
    style = replace(BUILT_IN[base], **changes)
    _consistent(style, reader)
    return style


MAX_DEPTH = 16  # a style is two levels deep; Python's TOML reader recurses into each level
# strings and comments, blanked (their line breaks kept) before brackets are counted
TOML_TEXT = re.compile(r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:\\.|[^"\\\n])*"|\'[^\'\n]*\''
                       r"|#[^\n]*")


def _not_too_deep(text: str, source: str) -> None:
    """StyleError at the line where arrays or inline tables nest deeper than MAX_DEPTH."""
    bare = TOML_TEXT.sub(lambda m: "\n" * m.group().count("\n"), text)
    depth = 0
    for number, line in enumerate(bare.split("\n"), 1):
        for ch in line:
            depth += (ch in "[{") - (ch in "]}")
            if depth > MAX_DEPTH:
                raise StyleError(f"{source}:{number}: arrays or tables nested more than "
                                 f"{MAX_DEPTH} deep: a style is two levels deep")


def _font(reader: _Reader, fonts: dict, role: str, default: Font) -> Font:
    values = reader.table(fonts, (role,), ("fonts", role))
    reader.known(values, ("file", "size"), ("fonts", role))
    size = reader.checked(_number(3, 96, "pt"), values.get("size", default.size),
                          ("fonts", role, "size"))
    file = values.get("file", default.file)
    if file is not None:
        if not isinstance(file, str):
            reader.fail(("fonts", role, "file"), f"expected a file name, got {file!r}")
        found = (Path(reader.source).parent / file).expanduser()
        if not found.is_file():
            reader.fail(("fonts", role, "file"), f"{file}: no such font file")
        if found.suffix.lower() not in (".ttf", ".otf"):
            reader.fail(("fonts", role, "file"), f"{file}: a .ttf or .otf font file, please")
        file = str(found)
    return Font(file, size)


def _heading(reader: _Reader, values: dict, base: Style) -> dict:
    reader.known(values, HEADING_PARTS, ("heading",))
    for part, value in values.items():
        reader.checked(_boolean, value, ("heading", part))
    return {"heading": tuple(part for part in HEADING_PARTS
                             if values.get(part, part in base.heading))}


def _consistent(style: Style, reader: _Reader) -> None:
    width, height = style.paper
    m = style.margins
    if width - m.inside - m.outside < 40 or height - m.top - m.bottom < 40:
        reader.fail(("page", "margins"), f"leave at least 40 mm of the {width:g} x {height:g} "
                    f"mm paper inside the margins")
    if style.max_cell < style.cell:
        reader.fail(("grid", "max_cell"), f"{style.max_cell:g} mm is less than the cell "
                    f"({style.cell:g} mm)")


class _Reader:
    """Checks with errors that name the key and, where it can be found, its line."""

    def __init__(self, text: str, source: str):
        self.lines, self.source = text.splitlines(), source

    def fail(self, path: tuple[str, ...], message: str):
        line = self.line_of(path)
        where = f"{self.source}:{line}" if line else self.source
        raise StyleError(f"{where}: {'.'.join(path)}: {message}")

    def checked(self, check, value, path):
        try:
            return check(value)
        except ValueError as error:
            self.fail(path, str(error))

    def table(self, data: dict, path: tuple[str, ...], full: tuple[str, ...] | None = None
              ) -> dict:
        value = data.get(path[-1], {})
        if not isinstance(value, dict):
            self.fail(full or path, f"expected a table ([{'.'.join(full or path)}]), "
                      f"got {value!r}")
        return value

    def known(self, data: dict, keys, path: tuple[str, ...]) -> None:
        for key in data:
            if key not in keys:
                self.fail(path + (key,), f"unknown key; one of {', '.join(keys)}")

    def line_of(self, path: tuple[str, ...]) -> int | None:
        """The line where the key is set: `key =` under its [table] header, or a dotted
        `table.key =`; None where it cannot be told (inline tables)."""
        current: tuple[str, ...] = ()
        for number, line in enumerate(self.lines, 1):
            header = re.match(r"\s*\[([^\]]+)\]\s*(#.*)?$", line)
            if header:
                current = tuple(part.strip().strip('"') for part in header[1].split("."))
                if current == path:
                    return number
                continue
            assigned = re.match(r"\s*([\w.\" -]+?)\s*=", line)
            if assigned:
                keys = current + tuple(p.strip().strip('"') for p in assigned[1].split("."))
                if keys[:len(path)] == path:
                    return number
        return None
