"""One step of Sudoku Explainer's solution: what it removes or places, what it is called and
what it adds to the rating."""

from __future__ import annotations

from dataclasses import dataclass, field

from core.sudoku.explainer.board import Board, cell_name, digits


@dataclass(eq=False)
class Hint:
    name: str  # SE's name of the technique, e.g. "Hidden Single", "Unique Rectangle type 2"
    difficulty: float  # SE's value of the step (a float computed as SE computes it)
    removals: dict[int, int] = field(default_factory=dict)  # cell -> candidates to remove
    cell: int = -1  # a cell the step fills (SE's getCell()), or -1
    value: int = 0
    text: str = ""  # what the step sees, in a line
    # what nested chains need: the hint's shape (kind and parameters) to find its parents
    shape: tuple = ()

    def apply(self, board: Board) -> None:
        """As SE applies a hint: remove the candidates, then fill the cell if there is one."""
        for cell, mask in self.removals.items():
            board.remove_mask(cell, mask)
        if self.cell >= 0:
            board.place(self.cell, self.value)

    @property
    def worth(self) -> bool:
        """SE's isWorth() of an indirect hint: it removes something."""
        return bool(self.removals)

    def describe(self) -> str:
        parts = [self.text] if self.text else []
        if self.removals:
            parts.append("; ".join(f"{cell_name(c)}<>{''.join(map(str, digits(m)))}"
                                   for c, m in self.removals.items()))
        if self.cell >= 0:
            parts.append(f"{cell_name(self.cell)}={self.value}")
        return f"{self.name}: " + ", ".join(parts)


def se_round(difficulty: float) -> float:
    """The rating as serate prints it: (int)((d + 0.05) * 10), one decimal."""
    return int((difficulty + 0.05) * 10) / 10
