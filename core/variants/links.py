"""f-puzzles, SudokuPad and Interactive Sudoku Solver links, in and out:

    https://www.f-puzzles.com/?load=<LZ-string base64 of f-puzzles JSON>
    https://sudokupad.app/fpuzzles<the same data>
    https://sudokupad.app/scl<LZ-string base64 of SudokuPad's zipped JSON>
    https://sigh.github.io/Interactive-Sudoku-Solver/?q=<ISS's constraint string, URL-encoded>

(also `sudokupad.app/?puzzleid=...` and the crackingthecryptic.com app's addresses). Short
links (f-puzzles `?id=`, SudokuPad puzzle names) live on the sites' servers: they are refused
with a word on how to get the long form."""

from __future__ import annotations

import json
from urllib.parse import parse_qs, unquote

from core import sites
from core.files import read_json
from core.variants import fpuzzles, iss, sudokupad
from core.variants.lzlink import LinkError, compress, decompress
from core.variants.model import ModelError, Variant

SITES = tuple(sites.HOSTS)  # f-puzzles, SudokuPad and ISS


def is_ours(link: str) -> bool:
    """An f-puzzles, SudokuPad or ISS address."""
    return sites.site_of(link) is not None


def read(link: str) -> Variant:
    """The puzzle of a link; LinkError saying what is wrong with it."""
    url = sites.address(link)
    try:
        site = sites.site_of(link)
        if site == "fpuzzles":
            return _fpuzzles(_fpuzzles_data(url))
        if site == "iss":
            return iss.read(_iss_text(url), located=False)
        return _sudokupad(_sudokupad_id(url))
    except (fpuzzles.FPuzzlesError, sudokupad.SclError, iss.IssError, ModelError) as error:
        raise LinkError(f"{error}") from None


def _fpuzzles_data(url) -> str:
    query = parse_qs(url.query, keep_blank_values=True)
    if "load" in query:
        return query["load"][0].replace(" ", "+")  # a + read as a space by the query rules
    if "id" in query:
        raise LinkError("a short f-puzzles link (?id=) lives on f-puzzles' server: open it "
                        "and copy the long link (Export, ?load=...)")
    raise LinkError("an f-puzzles link carries its puzzle after ?load=")


def _iss_text(url) -> str:
    """The constraint string after ?q= (the query rules read a + as a space; ISS drops
    spaces, as iss.items does)."""
    query = parse_qs(url.query, keep_blank_values=True)
    if not query.get("q", [""])[0].strip():
        raise LinkError("an Interactive Sudoku Solver link carries its puzzle after ?q=")
    return query["q"][0]


def _sudokupad_id(url) -> str:
    query = parse_qs(url.query, keep_blank_values=True)
    found = query.get("puzzleid", [""])[0] or unquote(url.path.lstrip("/"))
    if found.startswith("sudoku/"):
        found = found[len("sudoku/"):]
    if not found:
        raise LinkError("the SudokuPad link names no puzzle")
    return found


def _fpuzzles(data: str) -> Variant:
    text = decompress(unquote(data) if "%" in data else data)
    try:
        obj = read_json(text)
    except Exception as error:  # read_json says what is wrong: malformed, too deep
        raise LinkError(f"the link's data is not f-puzzles JSON ({error})") from None
    return fpuzzles.read(obj)


def _sudokupad(puzzle_id: str) -> Variant:
    if puzzle_id.startswith("fpuzzles"):
        return _fpuzzles(puzzle_id[len("fpuzzles"):])
    if puzzle_id.startswith("scl"):
        return sudokupad.read(sudokupad.unzip_json(decompress(puzzle_id[len("scl"):])))
    if puzzle_id.startswith(("ctc", "sclN")) or len(puzzle_id) < 40:
        raise LinkError(f"SudokuPad puzzle {puzzle_id[:30]!r} lives on SudokuPad's server: "
                        "open it, Share, and copy a link that carries the puzzle (scl... or "
                        "fpuzzles...)")
    raise LinkError("a SudokuPad link carries its puzzle as fpuzzles... or scl...")


def write(p: Variant, site: str, answer=None, style: str = "fpuzzles") -> str:
    """The link of a puzzle on a site (fpuzzles, sudokupad or iss); SudokuPad's is its
    f-puzzles form unless `style` is scl. ISS's carries no solution (it finds it)."""
    if site == "iss":
        try:
            return iss.link(p)
        except iss.IssError as error:
            raise ModelError(f"an ISS link cannot hold this puzzle: {error}") from None
    data = fpuzzles.write(p, answer)
    payload = compress(json.dumps(data, separators=(",", ":"), ensure_ascii=False))
    if site == "fpuzzles":
        return f"https://www.f-puzzles.com/?load={payload}"
    if site == "sudokupad":
        if style == "scl":
            return "https://sudokupad.app/scl" + compress(sudokupad.zip_json(sudokupad.write(p)))
        return f"https://sudokupad.app/fpuzzles{payload}"
    raise ValueError(f"no link for {site!r}; one of {', '.join(SITES)}")
