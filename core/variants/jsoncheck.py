"""Checked access to JSON values for the variants readers (f-puzzles, SudokuPad, ipuz): a
value of the wrong type is the reader's own error naming its place (`lines[2].wayPoints`),
never a TypeError further on."""

from __future__ import annotations

from collections.abc import Callable


class Checks:
    """Type checks raising `error(message)`, each message led by `prefix`."""

    def __init__(self, error: Callable[[str], Exception], prefix: str = ""):
        self.error, self.prefix = error, prefix

    def type_error(self, where: str, expected: str, value) -> Exception:
        shown = repr(value)
        return self.error(f"{self.prefix}{where}: expected {expected}, found "
                          f"{shown[:40] + '...' if len(shown) > 40 else shown}")

    def list(self, value, where: str) -> list:
        if not isinstance(value, list):
            raise self.type_error(where, "a list", value)
        return value

    def listed(self, data: dict, key: str, where: str | None = None) -> list:
        """The list under `key`; none when it is absent or null."""
        return [] if data.get(key) is None else self.list(data[key], where or key)
