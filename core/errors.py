"""Errors that a user's input can cause; each names where the problem is."""


class ParseError(ValueError):
    """Bad puzzle text: what is wrong, and the line and column (both 1-based) where it is."""

    def __init__(self, message: str, line: int = 0, column: int = 0):
        self.message = message
        self.line = line
        self.column = column
        where = f"line {line}, column {column}: " if line else ""
        super().__init__(where + message)


class GenerationFailed(Exception):
    """A generator could not meet its constraints within the attempts or time allowed."""
