"""A puzzle as a drawing in millimetres: lines, boxes and text. Each family draws its own
(`Family.draw`, in the family's drawing.py); SVG and PDF render the same drawing, so a printed
page and a shared picture never disagree. A solution is drawn from the filled puzzle: the
givens in ink, the rest in the answer colour."""

from __future__ import annotations

from dataclasses import dataclass, field

THIN, THICK = 0.25, 0.8  # line widths, mm
INK, ANSWER, GREY = "#000000", "#1f5fbf", "#808080"


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    width: float = THIN
    color: str = INK
    dash: float | None = None  # dash length (mm), for killer cages; None: solid
    cap: str = "square"  # the ends of a solid line: "square" or "round" (pill-shaped bulbs)


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None  # None: outline only
    width: float = THIN  # 0: no outline


@dataclass(frozen=True)
class Label:
    x: float  # the centre of the text
    y: float  # the baseline
    text: str
    size: float  # font size in mm (cap height about 0.7 of it)
    color: str = INK
    anchor: str = "middle"  # or "start": x is the left end (a killer cage's sum)


@dataclass(frozen=True)
class Circle:
    """A disc or ring: kropki dots, arrow bulbs, thermometer bulbs, odd cells."""

    x: float
    y: float
    r: float
    fill: str | None = None  # None: outline only
    width: float = THIN  # 0: no outline
    color: str = INK


@dataclass
class Drawing:
    width: float
    height: float
    items: list = field(default_factory=list)

    def texts(self) -> list[str]:
        return [item.text for item in self.items if isinstance(item, Label)]
