"""Errors that a user's input can cause; each names where the problem is."""


class BadInput(ValueError):
    """Input a user gave that cannot be used (puzzle text, a dictionary, a download): the one
    error type callers catch to report bad input of any family; the message says what and
    where."""


class ParseError(BadInput):
    """Bad puzzle text: what is wrong, and the line and column (both 1-based) where it is."""

    def __init__(self, message: str, line: int = 0, column: int = 0):
        self.message = message
        self.line = line
        self.column = column
        where = f"line {line}, column {column}: " if line else ""
        super().__init__(where + message)


class GenerationFailed(Exception):
    """A generator could not meet its constraints within the attempts or time allowed."""


def did_you_mean(word: str, known: list[str]) -> str:
    """'; did you mean X?': the one name the word begins, else the closest (difflib); or ''."""
    import difflib

    begun = [name for name in known if name.startswith(word)]
    found = begun if len(begun) == 1 else difflib.get_close_matches(word, known, n=1, cutoff=0.6)
    return f"; did you mean {found[0]}?" if found else ""
