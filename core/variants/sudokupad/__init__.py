"""SudokuPad's own puzzle JSON ("scl"): a picture of the puzzle (cells, regions, cages, lines,
arrows, overlays and underlays), compacted by SudokuPad's zipper before LZ-string.

SudokuPad draws constraints rather than naming them, so a picture is read back by its
shapes. The shapes are SudokuPad's own: what its f-puzzles import (sudokupad.app's
fpuzzlesdecoder) draws from f-puzzles JSON, including the copies f-puzzles' constraint
add-on exports of the constraints SudokuPad has no drawing for (coloured lines for renban,
whispers, entropic, modular, region-sum, zipper, Nabner lines, double arrows and slow
thermometers; a cage for each way of marked cells; a symbol and a number outside the grid for
X-sums and skyscrapers). `write` draws each constraint so and `read` reads those drawings;
anything else is an error that says what was not understood, since a rule this workbench
cannot see must not be dropped.

Its parts: `scl` (the zipper), `styles` (how each kind is drawn), `geometry` (where a
point falls), `reader` and `writer`.

Twin shapes: SudokuPad shades every twin shape's cell the same grey and does not draw which
cell copies which, so `write` also names the pairs in the metadata (under the kind's field:
cells and the other shape's key, as f-puzzles does, each cell a [row, column] from 0), which
SudokuPad leaves alone; grey cells that no such list explains are refused on reading. Not
carried: whispers of another difference than German's or Dutch (their colour is their
difference). A cell's given digits (the pencil shape) travel
as a cell's given centre marks (`centremarks`); given corner marks (`pencilMarks`) are
refused, since in corner notation a digit says where in a region it goes, not what the cell
holds. A negative X or V alone goes in `global` as "antix" / "antiv" (SudokuPad's own
words cover both together, "antixv").
"""

from core.variants.sudokupad.reader import ITEM_KEYS, read
from core.variants.sudokupad.scl import SclError, unzip_json, zip_json
from core.variants.sudokupad.styles import ARROW_GREY, GREY
from core.variants.sudokupad.writer import CARRIED, write

__all__ = ["ARROW_GREY", "CARRIED", "GREY", "ITEM_KEYS", "SclError", "read", "unzip_json",
           "write", "zip_json"]
