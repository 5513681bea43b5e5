"""How SudokuPad draws each kind of constraint: the colours, thicknesses and symbols
the reader recognises and the writer draws (SudokuPad's own, and those of f-puzzles'
constraint add-on it shows)."""

from __future__ import annotations

from core.variants import fpuzzles
from core.variants.cell_clues import EXTREMES
from core.variants.grid_rules import GRID_RULES
from core.variants.groups import WAYS
from core.variants.kinds import LINES
from core.variants.marks import MARKS, NEGATIVE_KINDS
from core.variants.shapes import SHAPES

GREY, ARROW_GREY, DIAGONAL_BLUE = "#CFCFCF", "#A1A1A1", "#34BBE6"
WHITE, BLACK, MINMAX_GREY = "#FFFFFF", "#000000", "#CCCCCC"
SIGNS = {"<": "<", ">": ">", "∧": "∧", "^": "∧", "∨": "∨", "v": "∨"}
# The lines the add-on exports (fpuzzles.ADDON_LINES): their colour, and SudokuPad's
# thickness (32 x the add-on's width). A whisper's colour says its difference: German
# (n+1)//2, Dutch one less (its record's `values`).
LINE_STYLES = {style: (addon.colour.upper(), round(32 * addon.width, 2))
               for style, addon in fpuzzles.ADDON_LINES.items()}
STYLE_OF_COLOUR = {colour: style for style, (colour, _) in LINE_STYLES.items()}
# SudokuPad's grey lines, told apart by thickness (a thermometer also by its bulb): its own
# drawings of f-puzzles' thermometers and of the line kinds whose record gives a grey.
GREY_LINES = {**{kind.word: kind.pad_grey for kind in SHAPES.values() if kind.pad_grey},
              **{name: kind.grey for name, kind in LINES.items() if kind.grey}}
# Each style's kind of line (the add-on's styles and SudokuPad's grey lines).
KIND_OF_STYLE = {**{style: name for name, kind in LINES.items() for style in kind.addon},
                 **{name: name for name, kind in LINES.items() if kind.grey}}
# The kinds SudokuPad draws grey with a white circle, grey-rimmed, on each end (between).
GREY_RINGED = tuple(name for name, kind in LINES.items() if kind.grey and kind.ends == "both")
# The filled circles the add-on puts on line ends: both ends of a double arrow, a slow
# thermometer's bulb.
END_CIRCLES = fpuzzles.ADDON_CIRCLES
OUTSIDE_SYMBOLS = {kind: symbol for kind, (_, symbol) in fpuzzles.ADDON_SYMBOLS.items()}
SYMBOL_KINDS = {v: k for k, v in OUTSIDE_SYMBOLS.items()}
# The add-on's one cage for each way of the ways shape; SudokuPad styles it
# by the add-on's name (Way.style).
WAY_STYLES = {way.style: (kind, way) for kind in WAYS for way in kind.ways}
# SudokuPad's `global` rules (and ours for a negative X or V alone).
GLOBAL = {**{kind.sudokupad: ("rules", {name}) for name, kind in GRID_RULES.items()
             if kind.sudokupad},
          **{MARKS[k].rule.sudokupad: ("negative", {o for o in NEGATIVE_KINDS
                                                    if MARKS[o].rule.sudokupad
                                                    == MARKS[k].rule.sudokupad})
             for k in NEGATIVE_KINDS},
          **{f"anti{k}": ("negative", {k}) for k in NEGATIVE_KINDS if sum(
              MARKS[o].rule.sudokupad == MARKS[k].rule.sudokupad for o in NEGATIVE_KINDS) > 1}}
# Each kind of mark by what SudokuPad draws: a letter's, a dot's by its fill.
LETTERS = {kind.glyph: name for name, kind in MARKS.items() if kind.shape == "letter"}
DOTS = {kind.filled: name for name, kind in MARKS.items() if kind.shape == "dot"}
STROKE = next(name for name, kind in MARKS.items() if kind.shape == "stroke")
SIGN = next(name for name, kind in MARKS.items() if kind.shape == "sign")
# The rules drawn as cages of their houses, by the cages' type.
CAGED = {kind.cages: name for name, kind in GRID_RULES.items() if kind.cages}
CHEVRON = {kind.field: kind.chevron for kind in EXTREMES}  # ends, tip: pointing in, out
