"""The font of printed puzzles: one TrueType font with kana, kanji, digits and Latin letters,
embedded (subset) in every PDF. Found, in order: $PUZZLE_WORKBENCH_FONT; the copy that
`puzzle-tui install` fetched (IPAexGothic from the PyPI package matplotlib-fontja, IPA Font
License); Debian's fonts-ipaexfont-gothic or fonts-ipafont-gothic."""

from __future__ import annotations

import os
import tempfile
import zipfile
from pathlib import Path

from core.places import data_dir

FONT_PROJECT = "matplotlib-fontja"
FONT_WHEEL = "matplotlib_fontja-1.1.0-py2.py3-none-any.whl"  # a wheel: no code runs to unpack it
FONT_SHA256 = "930603aaffd420ad89a6cf3399f074b14e939e8e349843ed1cb558ac97c8c94a"
FONT_FILE = "ipaexg.ttf"
SYSTEM_FONTS = (
    "/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf",
    "/usr/share/fonts/truetype/ipaexfont-gothic/ipaexg.ttf",
    "/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf",
    "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf",
)


class FontMissing(Exception):
    """No font with Japanese glyphs: the message says what to install."""


def installed_font() -> Path:
    return data_dir() / "fonts" / FONT_FILE


def find_font() -> Path:
    chosen = os.environ.get("PUZZLE_WORKBENCH_FONT")
    if chosen:
        if not Path(chosen).is_file():
            raise FontMissing(f"PUZZLE_WORKBENCH_FONT={chosen}: no such font file")
        return Path(chosen)
    for candidate in (installed_font(), *map(Path, SYSTEM_FONTS)):
        if candidate.is_file():
            return candidate
    raise FontMissing("no font with Japanese glyphs for the PDF: run `puzzle-tui install` "
                      "(make run does), or `apt-get install fonts-ipaexfont-gothic`, or set "
                      "PUZZLE_WORKBENCH_FONT to a .ttf file")


def install_font(force: bool = False, say=print) -> Path:
    """Fetch IPAexGothic from its PyPI package: the pinned wheel, from pip's configured
    index, checked against its SHA-256 (core.download), unzipped without running it."""
    from core.download import DownloadError, fetch  # ssl and urllib: only when installing

    target = installed_font()
    if target.is_file() and not force:
        return target
    say(f"fetching the Japanese print font ({FONT_WHEEL}, IPA Font License) ...")
    with tempfile.TemporaryDirectory() as work:
        try:
            wheel_path = fetch(FONT_PROJECT, FONT_WHEEL, FONT_SHA256, Path(work), say)
        except DownloadError as error:
            raise FontMissing(str(error)) from None
        target.parent.mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(wheel_path) as wheel:
            for name in wheel.namelist():
                if name.endswith(("/" + FONT_FILE, "IPA_Font_License_Agreement_v1.0.txt")):
                    partial = target.parent / (Path(name).name + ".part")
                    partial.write_bytes(wheel.read(name))
                    os.replace(partial, target.parent / Path(name).name)
    if not target.is_file():
        raise FontMissing(f"{FONT_WHEEL} holds no {FONT_FILE}")
    return target
