"""ナンクロ text formats.

Read: the blog's text (`numbers:`, `width:`, `height:`, `table:` row by row with 0 for a block,
`assign: 1:と 2:き`); the JSON cases of ../shared/data/numcro (a grid, or only entries); and a
readable grid (numbers and ■ or # for blocks, a line a row, `givens: 1:ト 2:キ`, `lang: ja`).
Givens in hiragana or katakana are normalised like the dictionaries' words.
Write: the readable grid, and the blog's text.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace

from core.errors import ParseError
from core.files import read_json
from core.numcro.model import BLOCK, Puzzle
from dictionaries.normalize import fold

MAX_SIDE = 60
LANGUAGES = ("ja", "en")  # the languages dictionaries are built for
MAX_TEXT = 1_000_000
BLOCKS = ("■", "#", "0")
HEADER = re.compile(r"^\s*([A-Za-z_]+)\s*:\s*(.*)$")


def parse(text: str) -> Puzzle:
    if len(text) > MAX_TEXT:
        raise ParseError(f"the text is too long ({len(text)} characters)", 1, 1)
    if text.lstrip().startswith("{"):
        return _json_case(text)
    headers, rows = _headers_and_rows(text)
    if "table" in headers:
        return _blog(headers)
    return _grid(headers, rows)


# The keys each text format reads; any other key, or one said twice, is refused (a misspelt
# `given:` would otherwise drop the givens and change the count).
GRID_KEYS = ("kind", "lang", "givens", "rules", "keyword", "variant")
BLOG_KEYS = ("kind", "numbers", "width", "height", "table", "assign", "lang", "rules",
             "keyword", "variant")


def iter_puzzles(text: str):
    """(line, puzzle or ParseError) for each puzzle of a file: puzzles are separated by a
    blank line (as `generate --count` writes them); a paragraph without grid rows belongs to
    the puzzle around it, unless it repeats one of that puzzle's `key:` lines."""
    if len(text) > MAX_TEXT or text.lstrip().startswith("{"):
        yield from _one(text, 1)
        return
    lines = text.splitlines()
    starts, keys, has_grid = [], set(), False
    for first, paragraph in _paragraphs(lines):
        grid = any(_is_row(line) for line in paragraph) or any(
            _key(line) == "table" for line in paragraph)
        own = {_key(line) for line in paragraph} - {None}
        if not starts or (has_grid and (grid or own & keys)):
            starts.append(first)
            keys, has_grid = set(), False
        keys |= own
        has_grid = has_grid or grid
    for start, end in zip(starts, [*starts[1:], len(lines) + 1], strict=True):
        yield from _one("\n" * (start - 1) + "\n".join(lines[start - 1:end - 1]), start)


def _one(text: str, line: int):
    try:
        yield line, parse(text)
    except ParseError as error:
        yield error.line, error


def _paragraphs(lines: list[str]):
    """(first line number, lines) of each run of lines that are not blank."""
    run: list[str] = []
    for number, line in enumerate([*lines, ""], 1):
        if line.strip():
            run.append(line)
        elif run:
            yield number - len(run), run
            run = []


def _is_row(line: str) -> bool:
    tokens = line.split()
    return bool(tokens) and all(_is_digits(t) or t in BLOCKS for t in tokens)


def _key(line: str) -> str | None:
    match = HEADER.match(line)
    return match.group(1).lower() if match and not _is_row(line) else None


def _headers_and_rows(text: str):
    headers: dict[str, tuple[int, int, str]] = {}  # key -> (line, column of value, value)
    keys_at: dict[str, tuple[int, int]] = {}  # key -> (line, column of the key)
    rows = []
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped:
            continue
        if _is_row(stripped):
            rows.append((number, line))
            continue
        if stripped.startswith("#"):
            continue
        match = HEADER.match(line)
        if not match:
            raise ParseError("expected a grid row (numbers and ■) or a `key: value` line",
                             number, len(line) - len(line.lstrip()) + 1)
        key, at = match.group(1).lower(), (number, match.start(1) + 1)
        if key in headers:
            raise ParseError(f"`{key}:` again (it was on line {keys_at[key][0]}): say it once "
                             "(puzzles in one file are separated by a blank line)", *at)
        headers[key], keys_at[key] = (number, match.start(2) + 1, match.group(2)), at
    _known_keys(headers, keys_at)
    return headers, rows


def _is_digits(token: str) -> bool:
    """ASCII digits only (Python's int() also reads ² and ٣), few enough to be a number."""
    return token.isascii() and token.isdigit() and len(token) <= 6


def _number(token: str, line: int, column: int, what: str, high: int = 0,
            bound: str = "") -> int:
    """A number of the grid, 0 (a block) to `high` (`bound` says where that limit comes
    from): ParseError at (line, column) otherwise."""
    high = high or MAX_NUMBER
    if not _is_digits(token):
        raise ParseError(f"{what}: {token[:20]!r} is not a number", line, column)
    if int(token) > high:
        raise ParseError(f"number {token} is beyond {bound or high}", line, column)
    return int(token)


def _int(headers, key: str, low: int, high: int) -> int:
    if key not in headers:
        raise ParseError(f"missing `{key}:`", 1, 1)
    line, column, value = headers[key]
    if not _is_digits(value.strip()) or not low <= int(value) <= high:
        raise ParseError(f"`{key}:` takes a number from {low} to {high}", line, column)
    return int(value)


def _blog(headers) -> Puzzle:
    count = _int(headers, "numbers", 1, 200)
    width = _int(headers, "width", 2, MAX_SIDE)
    height = _int(headers, "height", 2, MAX_SIDE)
    line, column, value = headers["table"]
    cells = []
    for match in re.finditer(r"\S+", value):
        cells.append(_number(match.group(), line, column + match.start(), "in the table",
                             count, f"`numbers: {count}`"))
    if len(cells) != width * height:
        raise ParseError(f"the table has {len(cells)} cells; {width}x{height} needs "
                         f"{width * height}", line, column)
    lang = _language(*headers.get("lang", (1, 1, "ja")))
    givens = _givens(headers.get("assign"), lang, set(cells) - {BLOCK})
    return _extras(Puzzle(lang, givens, width, height, tuple(cells)), headers)


def _grid(headers, rows) -> Puzzle:
    if not rows:
        raise ParseError("no grid rows found", 1, 1)
    width = len(rows[0][1].split())
    cells = []
    for number, line in rows:
        tokens = list(re.finditer(r"\S+", line))
        if len(tokens) != width:
            raise ParseError(f"this row has {len(tokens)} cells; the first has {width}",
                             number, 1)
        cells += [BLOCK if t.group() in BLOCKS else
                  _number(t.group(), number, t.start() + 1, "a cell") for t in tokens]
    if not 2 <= width <= MAX_SIDE or not 2 <= len(rows) <= MAX_SIDE:
        raise ParseError(f"a grid is 2 to {MAX_SIDE} cells a side", rows[0][0], 1)
    lang = _language(*headers.get("lang", (1, 1, "ja")))
    givens = _givens(headers.get("givens"), lang, set(cells) - {BLOCK})
    return _extras(Puzzle(lang, givens, width, len(rows), tuple(cells)), headers)


def _extras(puzzle: Puzzle, headers) -> Puzzle:
    """House-rule settings (`rules:`), the keyword cells (`keyword: r1c2 r3c4`) and the
    variant (`variant: dakuten`, 濁点ナンクロ) of a grid."""
    from core.numcro.rules import parse_settings

    house, keyword, voiced = (), (), False
    if "rules" in headers:
        house = parse_settings(headers["rules"][2], *headers["rules"][:2])
    if "keyword" in headers:
        keyword = _keyword_cells(puzzle, *headers["keyword"])
    if "variant" in headers:
        line, column, value = headers["variant"]
        if value.strip() not in VARIANTS:
            raise ParseError(f"variant {value.strip()[:20]!r}? {', '.join(VARIANTS)}", line,
                             column)
        voiced = True
    return replace(puzzle, house=house, keyword=keyword, voiced_as_one=voiced)


VARIANTS = ("dakuten", "濁点")  # 濁点ナンクロ: voiced kana are their unvoiced letter


def _keyword_cells(puzzle: Puzzle, line: int, column: int, value: str) -> tuple[int, ...]:
    """`r1c2 r3c4 ...`: white cells, each once, in the order their letters spell the word."""
    cells = []
    for match in re.finditer(r"\S+", value):
        found = re.fullmatch(r"[rR]([0-9]{1,2})[cC]([0-9]{1,2})", match.group())  # not \d: １
        at = column + match.start()
        if not found:
            raise ParseError(f"a keyword cell reads r3c5, not {match.group()[:20]!r}", line, at)
        r, c = int(found.group(1)) - 1, int(found.group(2)) - 1
        cell = r * puzzle.width + c
        if not (0 <= r < puzzle.height and 0 <= c < puzzle.width) or \
                puzzle.cells[cell] == BLOCK or cell in cells:
            raise ParseError(f"{match.group()} is not a white cell of the grid (or is listed "
                             f"twice)", line, at)
        cells.append(cell)
    return tuple(cells)


def cell_name(puzzle: Puzzle, cell: int) -> str:
    r, c = divmod(cell, puzzle.width)
    return f"r{r + 1}c{c + 1}"


def _extra_lines(puzzle: Puzzle) -> list[str]:
    from core.numcro.rules import settings_text

    lines = []
    if puzzle.voiced_as_one:
        lines.append("variant: dakuten")
    if puzzle.house:
        lines.append(f"rules: {settings_text(puzzle.house)}")
    if puzzle.keyword:
        lines.append("keyword: " + " ".join(cell_name(puzzle, c) for c in puzzle.keyword))
    return lines


def _language(line: int, column: int, value) -> str:
    """A language the dictionaries know (a code, never a path)."""
    lang = value.strip().lower() if isinstance(value, str) else value
    if lang not in LANGUAGES:
        raise ParseError(f"language {value!r}? one of {', '.join(LANGUAGES)}", line, column)
    return lang


def _givens(header, lang: str, numbers: set[int]) -> tuple[tuple[int, str], ...]:
    if header is None:
        return ()
    line, column, value = header
    found: dict[int, str] = {}
    for match in re.finditer(r"\S+", value):
        number, sep, letter = match.group().partition(":")
        at = column + match.start()
        if not sep or not _is_digits(number) or not letter:
            raise ParseError(f"a given reads NUMBER:LETTER, not {match.group()[:20]!r}", line,
                             at)
        if int(number) not in numbers:
            raise ParseError(f"number {number} is not in the grid", line, at)
        folded, why = fold(letter, lang)
        if folded is None or len(folded) != 1:
            raise ParseError(f"{letter!r} is not one letter of the grid ({why or 'length'})",
                             line, at + len(number) + 1)
        if folded in found.values():
            raise ParseError(f"{folded} is given to two numbers", line, at)
        found[int(number)] = folded
    return tuple(sorted(found.items()))


# A JSON case's keys: those read, and those that only describe it (the answer among them).
JSON_READ = {"language", "givens", "grid", "entries", "block"}
JSON_WORDS = {"id", "alphabet", "key", "key_status", "source", "licence", "note", "title",
              "author"}


def _json_case(text: str) -> Puzzle:
    case = read_json(text)
    if not isinstance(case, dict):
        raise ParseError("a JSON case is an object", 1, 1)
    unknown = sorted(k for k in case if k not in JSON_READ | JSON_WORDS)
    if unknown:  # a misspelt `givens` read as nothing would be a rule dropped
        raise ParseError(f"unknown key {unknown[0]!r}: the keys are "
                         f"{', '.join(sorted(JSON_READ | JSON_WORDS))}", 1, 1)
    if case.get("block", BLOCK) != BLOCK:
        raise ParseError(f"`block` is {BLOCK} in a JSON case's grid", 1, 1)
    lang = _language(1, 1, case.get("language", "ja"))
    givens = case.get("givens") or {}
    if not isinstance(givens, dict):
        raise ParseError("`givens` is an object of number: letter", 1, 1)
    givens_text = " ".join(f"{n}:{letter}" for n, letter in givens.items())
    if case.get("grid") is not None:
        rows = case["grid"]
        if not (isinstance(rows, list) and rows and all(isinstance(r, list) for r in rows)
                and len({len(r) for r in rows}) == 1):
            raise ParseError("`grid` is a list of rows of equal length", 1, 1)
        if not 2 <= len(rows[0]) <= MAX_SIDE or not 2 <= len(rows) <= MAX_SIDE:
            raise ParseError(f"a grid is 2 to {MAX_SIDE} cells a side", 1, 1)
        cells = [v for row in rows for v in row]
        if not all(_is_number(v, 0) for v in cells):
            raise ParseError(f"`grid` holds numbers up to {MAX_NUMBER}, 0 for a block", 1, 1)
        givens = _givens((1, 1, givens_text), lang, set(cells) - {BLOCK})
        return Puzzle(lang, givens, len(rows[0]), len(rows), tuple(cells))
    numbers = _entries(case.get("entries"))
    givens = _givens((1, 1, givens_text), lang, {n for e in numbers for n in e})
    return Puzzle(lang, givens, entry_numbers=numbers)


MAX_NUMBER = MAX_SIDE * MAX_SIDE  # no grid has more numbers than cells


def _is_number(value, low: int = 1) -> bool:
    return type(value) is int and low <= value <= MAX_NUMBER


def _entries(entries) -> tuple[tuple[int, ...], ...]:
    """A codeword without geometry: its entries, each a list of numbers or {"nums": [...]}."""
    if not isinstance(entries, list) or not entries or len(entries) > MAX_NUMBER:
        raise ParseError(f"a JSON case needs `grid`, or `entries` (1 to {MAX_NUMBER})", 1, 1)
    found = []
    for i, entry in enumerate(entries, 1):
        numbers = entry.get("nums") if isinstance(entry, dict) else entry
        if not (isinstance(numbers, list) and 2 <= len(numbers) <= MAX_SIDE
                and all(_is_number(n) for n in numbers)):
            raise ParseError(f"entry {i}: a list of 2 to {MAX_SIDE} numbers (1 to "
                             f"{MAX_NUMBER}), or an object with such a list as `nums`", 1, 1)
        found.append(tuple(numbers))
    return tuple(found)


def format_grid(puzzle: Puzzle) -> str:
    """The readable grid (puzzles without a grid are written as JSON)."""
    if not puzzle.has_grid:
        return json.dumps({"language": puzzle.lang, "givens": dict(puzzle.givens),
                           "entries": [{"nums": list(e)} for e in puzzle.entry_numbers]},
                          ensure_ascii=False, indent=1) + "\n"
    width = max(len(str(n)) for n in puzzle.cells)
    lines = [f"lang: {puzzle.lang}"]
    for r in range(puzzle.height):
        row = puzzle.cells[r * puzzle.width:(r + 1) * puzzle.width]
        lines.append(" ".join(("■" if v == BLOCK else str(v)).rjust(width) for v in row))
    if puzzle.givens:
        lines.append("givens: " + " ".join(f"{n}:{letter}" for n, letter in puzzle.givens))
    lines += _extra_lines(puzzle)
    return "\n".join(lines) + "\n"


def format_blog(puzzle: Puzzle) -> str:
    """The blog's text format."""
    lines = [f"numbers: {max(puzzle.numbers())}", f"width: {puzzle.width}",
             f"height: {puzzle.height}", "table: " + " ".join(map(str, puzzle.cells))]
    if puzzle.lang != "ja":
        lines.append(f"lang: {puzzle.lang}")
    if puzzle.givens:
        lines.append("assign: " + " ".join(f"{n}:{letter}" for n, letter in puzzle.givens))
    lines += _extra_lines(puzzle)
    return "\n".join(lines) + "\n"


def format_key(puzzle: Puzzle) -> str:
    """The givens on one line, `1:ト 2:キ ...`: a solution's key when every number is given."""
    return " ".join(f"{n}:{letter}" for n, letter in puzzle.givens) + "\n"


def format(puzzle: Puzzle, style: str = "grid") -> str:  # noqa: A001 - the family interface
    if style in ("key", "line"):
        return format_key(puzzle)
    if style == "grid":
        return format_grid(puzzle)
    if style == "blog":
        return format_blog(puzzle)
    raise ValueError(f"unknown ナンクロ text style {style!r} (grid, blog or key)")


WHITE_MARKS = ".0□"  # what an author draws for a white cell ...
BLOCK_MARKS = "#■"  # ... and for a block


def parse_blocks(text: str) -> tuple[int, tuple[bool, ...]]:
    """An author's block pattern for the generator: (side, True for each block), row by row.
    Rows of `.`, `0` or `□` (white) and `#` or `■` (block), with or without spaces; or a ナンクロ
    puzzle (a grid with numbers), whose blocks are taken. The grid is square."""
    if any(ch in "123456789" for ch in text):
        puzzle = parse(text)
        if puzzle.width != puzzle.height:
            raise ParseError(f"the grid is {puzzle.width} wide and {puzzle.height} tall: the "
                             "generator makes square grids", 1, 1)
        return puzzle.width, tuple(n == BLOCK for n in puzzle.cells)
    rows = []
    for number, line in enumerate(text.splitlines(), 1):
        cells = [(column, ch) for column, ch in enumerate(line, 1) if not ch.isspace()]
        for column, ch in cells:
            if ch not in WHITE_MARKS + BLOCK_MARKS:
                raise ParseError(f"{ch!r} is not a cell: draw white cells as . 0 or □ and "
                                 f"blocks as # or ■", number, column)
        if cells:
            if rows and len(cells) != len(rows[0][1]):
                raise ParseError(f"this row has {len(cells)} cells; the first has "
                                 f"{len(rows[0][1])}", number, cells[-1][0])
            rows.append((number, [ch in BLOCK_MARKS for _, ch in cells]))
    if not rows:
        raise ParseError("no rows: draw white cells as . 0 or □ and blocks as # or ■", 1, 1)
    side = len(rows[0][1])
    if len(rows) != side:
        raise ParseError(f"{len(rows)} rows of {side} cells: the generator makes square grids",
                         rows[-1][0], 1)
    return side, tuple(b for _, row in rows for b in row)


def _known_keys(headers, keys_at) -> None:
    """Every key is one the format reads: the blog's (with `table:`) or the grid's."""
    known = BLOG_KEYS if "table" in headers else GRID_KEYS
    unknown = sorted((at, key) for key, at in keys_at.items() if key not in known)
    if unknown:
        at, key = unknown[0]
        raise ParseError(f"unknown key {key!r}: the keys are {', '.join(sorted(known))}", *at)
    if "kind" in headers and headers["kind"][2].strip().lower() != "numcro":
        line, column, value = headers["kind"]
        raise ParseError(f"kind is {value.strip()[:20]!r}, not numcro", line, column)
