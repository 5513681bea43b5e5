"""The pieces every kind's record is made of (core/variants/kinds.py: lines, marks.py: marks
between two cells): its words in a puzzle's name and its rules sentence, and its logic steps."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Words:
    """What a kind is called in a puzzle's name (None: it names nothing) and its rule, in
    English and Japanese; a rule's {fields} come from core.variants.wording."""

    name: str | None
    name_ja: str | None
    rule: str
    rule_ja: str


@dataclass(frozen=True)
class Step:
    """A logic step of a propagator: technique, score (Sudoku Explainer's scale), words."""

    technique: str
    score: float
    words: str
