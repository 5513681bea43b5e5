"""Headless engine of the puzzle workbench: models, formats, solvers and generators.

Nothing here imports a terminal library; the app and the command line sit on top of it.
"""

from core.errors import ParseError

__all__ = ["ParseError"]
