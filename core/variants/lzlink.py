"""LZ-string's base64 form, as f-puzzles and SudokuPad links carry it, through PyPI's
`lzstring` (byte-for-byte the JavaScript library's output on real links). JavaScript strings
are UTF-16, so text outside the BMP is passed as surrogate pairs, as the browser does; input
is capped, since a crafted link could decompress to a huge text."""

from __future__ import annotations

MAX_LINK = 20_000  # characters of compressed data; real puzzle links are a few thousand
MAX_TEXT = 2_000_000  # characters of decompressed JSON


class LinkError(ValueError):
    """A link's data that cannot be read: what is wrong with it."""


def _as_utf16_units(text: str) -> str:
    data = text.encode("utf-16-le", "surrogatepass")
    return "".join(chr(int.from_bytes(data[i:i + 2], "little")) for i in range(0, len(data), 2))


def _from_utf16_units(text: str) -> str:
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


def compress(text: str) -> str:
    from lzstring import LZString

    return LZString.compressToBase64(_as_utf16_units(text))


def decompress(data: str) -> str:
    """The text of a base64 LZ-string payload; LinkError when it is not one."""
    from lzstring import LZString

    if len(data) > MAX_LINK:
        raise LinkError(f"the link's data is {len(data)} characters long; at most {MAX_LINK}")
    alphabet = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=")
    bad = next((ch for ch in data if ch not in alphabet), None)
    if bad is not None:
        raise LinkError(f"the link's data holds {bad!r}, which is not base64")
    if not data:
        raise LinkError("the link carries no puzzle data")
    try:
        text = LZString.decompressFromBase64(data)
    except (IndexError, ValueError, TypeError, KeyError, OverflowError):
        text = None
    if not text:
        raise LinkError("the link's data is damaged: it does not decompress (cut short?)")
    if len(text) > MAX_TEXT:
        raise LinkError(f"the link's data decompresses to more than {MAX_TEXT} characters")
    return _from_utf16_units(text)
