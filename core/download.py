"""Downloads (the built-in dictionaries' sources, the print font): one pinned file of a PyPI
project, fetched from the package index pip is set up to use, without pip: `pip download` of
a source archive runs the archive's setup.py, and nothing is needed here but the file. The
pinned SHA-256 is what makes the file trusted, so any index (a mirror, a local copy) may
serve it.
"""

from __future__ import annotations

import hashlib
import os
import re
import ssl
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit
from urllib.request import url2pathname, urlopen

from core.errors import BadInput

PYPI = "https://pypi.org/simple/"
MAX_INDEX_PAGE = 8 << 20
MAX_DOWNLOAD = 512 << 20
BLOCK = 1 << 20
TIMEOUT = 60  # seconds without a byte before giving up
# pip's settings, most binding first: the environment, then pip's config files
SECTIONS = (":env:", "download", "global")



class DownloadError(BadInput):
    """A pinned file no index serves, or one that is not the pinned file."""


def fetch(project: str, filename: str, sha256: str, into: Path,
          say: Callable[[str], None]) -> Path:
    """`filename` of `project`, downloaded into the folder `into` and checked against its
    SHA-256; DownloadError when no index has it or it is not the pinned file."""
    settings = pip_settings()
    context = ssl.create_default_context(cafile=setting(settings, "cert") or None)
    url = find(project, filename, index_urls(settings), context)
    target = into / filename
    try:
        digest = download(url, target, say, context)
    except OSError as error:
        raise DownloadError(f"could not download {filename}: {error}") from None
    if digest != sha256:
        target.unlink()
        raise DownloadError(f"{filename} from {url} is not the pinned file (SHA-256 "
                              f"{digest}, expected {sha256}): not using it")
    return target


def find(project: str, filename: str, indexes: list[str], context=None) -> str:
    """The file's address on the first index that lists it."""
    tried = []
    for index in indexes:
        page = urljoin(index.rstrip("/") + "/", normalized(project) + "/")
        try:
            links = links_on(page, context)
        except (OSError, ValueError) as error:
            tried.append(f"{page}: {error}")
            continue
        for link in links:
            if unquote(urlsplit(link).path).rsplit("/", 1)[-1] == filename:
                return link.split("#", 1)[0]
        tried.append(f"{page}: not listed")
    raise DownloadError(f"could not find {filename}: {'; '.join(tried)}")


def pip_settings() -> dict[str, str]:
    """pip's settings as `pip config list` gives them (pip is asked, not imported: its Python
    API is internal)."""
    try:
        listed = subprocess.run([sys.executable, "-m", "pip", "config", "list"],
                                stdin=subprocess.DEVNULL, capture_output=True, text=True,
                                timeout=TIMEOUT).stdout
    except (OSError, subprocess.SubprocessError):
        listed = ""
    settings = {}
    for line in listed.splitlines():
        key, _, value = line.partition("=")
        settings[key.strip()] = value.strip().strip("'\"").replace("\\n", " ")
    return settings


def setting(settings: dict[str, str], name: str) -> str | None:
    return next((settings[f"{s}.{name}"] for s in SECTIONS if f"{s}.{name}" in settings), None)


def index_urls(settings: dict[str, str]) -> list[str]:
    """pip's index-url (PyPI unless set), then its extra-index-url."""
    main = setting(settings, "index-url") or PYPI
    return [*main.split(), *(setting(settings, "extra-index-url") or "").split()]


def normalized(project: str) -> str:
    return re.sub(r"[-_.]+", "-", project).lower()  # PEP 503


def links_on(page: str, context=None) -> list[str]:
    """The links of a simple-index page (a local index is a folder of index.html files)."""
    address = page
    if urlsplit(page).scheme == "file" and os.path.isdir(url2pathname(urlsplit(page).path)):
        address = urljoin(page, "index.html")
    with urlopen(address, timeout=TIMEOUT, context=context) as response:
        text = response.read(MAX_INDEX_PAGE).decode("utf-8", "replace")
    return [urljoin(page, href) for href in re.findall(r'href\s*=\s*["\']([^"\']+)', text)]


def download(url: str, target: Path, say: Callable[[str], None], context=None) -> str:
    """The file at `url` written to `target`, with a line of progress every tenth; returns
    its SHA-256."""
    digest = hashlib.sha256()
    with urlopen(url, timeout=TIMEOUT, context=context) as response, open(target, "wb") as out:
        total = int(response.headers.get("Content-Length") or 0)
        progress = Progress(f"downloading {target.name}", total, say)
        while block := response.read(BLOCK):
            digest.update(block)
            out.write(block)
            progress.add(len(block))
            if progress.done > MAX_DOWNLOAD:
                raise DownloadError(f"{url}: more than {MAX_DOWNLOAD >> 20} MB: not using it")
    progress.finish()
    return digest.hexdigest()


class Progress:
    """Says `what` has done so much (of so much), each time another tenth (or, when the total
    is unknown, another 64 MB) is done, and at the end."""

    def __init__(self, what: str, total: int, say: Callable[[str], None]):
        self.what, self.total, self.say, self.done, self.said = what, total, say, 0, 0
        self.step = max(total // 10, BLOCK) if total else 64 << 20
        self.next = self.step

    def add(self, count: int) -> None:
        self.done += count
        if self.done >= self.next:
            self._say()
            while self.next <= self.done:
                self.next += self.step

    def finish(self) -> None:
        if self.said != self.done:
            self._say()

    def _say(self) -> None:
        of = f" of {amount(self.total)}" if self.total else ""
        self.say(f"  {self.what}: {amount(self.done)}{of}")
        self.said = self.done


def amount(count: int) -> str:
    return f"{count / 1e6:.1f} MB" if count >= 1e6 else f"{count / 1e3:.0f} kB"
