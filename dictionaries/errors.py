"""The one error of the dictionaries package (its own module, so every part can raise it)."""

from core.errors import BadInput


class DictionaryError(BadInput):
    """A dictionary that is missing, damaged, or of another format, or a build that cannot be
    done (no words, an output folder that holds other files): bad input, like a bad puzzle
    file."""
