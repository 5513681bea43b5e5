"""Keys the grid widgets share."""

from textual.binding import Binding

# Arrows only: in the arithmetic and ナンクロ grids every letter is something to type.
ARROWS = [
    Binding("up", "move(-1, 0)", "Up", show=False),
    Binding("down", "move(1, 0)", "Down", show=False),
    Binding("left", "move(0, -1)", "Left", show=False),
    Binding("right", "move(0, 1)", "Right", show=False),
]
# Where keys are not text (Sudoku): the vi keys move too
VI_MOVES = {"k": (-1, 0), "j": (1, 0), "h": (0, -1), "l": (0, 1)}
