"""The puzzle sites whose links the workbench reads and writes, and what a link looks like:
one place below both the registry (core/kinds.py says which family reads each site) and the
family that reads them, so that reading a link loads that family alone."""

from __future__ import annotations

import re
from urllib.parse import SplitResult, urlsplit

LINK = re.compile(r"^\s*https?://\S+\s*$|^\s*(www\.)?[\w-]+(\.[\w-]+)+/\S*\s*$", re.IGNORECASE)
MAX_LINK = 100_000  # characters: a longer line is not taken for a link
HOSTS = {
    "fpuzzles": ("f-puzzles.com", "www.f-puzzles.com"),
    "sudokupad": ("sudokupad.app", "www.sudokupad.app", "app.crackingthecryptic.com",
                  "beta.sudokupad.app"),
    "iss": ("sigh.github.io",),  # the Interactive Sudoku Solver
}
PATHS = {"iss": "/interactive-sudoku-solver"}  # a site that lives under a path of its host


def is_link(text: str) -> bool:
    """One web address and nothing else (a puzzle passed as a link)."""
    return len(text) < MAX_LINK and "\n" not in text.strip() and bool(LINK.match(text))


def address(link: str) -> SplitResult:
    """The link's parts, read as https when it names no scheme."""
    text = link.strip()
    if not re.match(r"^https?://", text, re.IGNORECASE):
        text = "https://" + text
    return urlsplit(text)


def site_of(link: str) -> str | None:
    """The site (a key of HOSTS) a link is on; None for another site's or for no link."""
    if not is_link(link):
        return None
    try:
        url = address(link)
        host = (url.hostname or "").lower()
    except ValueError:  # a malformed address (a bad port, brackets)
        return None
    path = url.path.lower()
    return next((site for site, hosts in HOSTS.items() if host in hosts
                 and path.startswith(PATHS.get(site, ""))), None)
