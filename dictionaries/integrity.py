"""Damage checks of a dictionary folder, cheap enough for every open.

LMDB maps data.mdb and trusts it: reading a page past the end of a cut-short file is SIGBUS,
which kills the process without a word. So before LMDB opens the file:
- LMDB's two meta pages (the start of data.mdb) give the page size and the last page in use:
  the file must hold every page up to it (this works for any dictionary, old ones too);
- check.json, written by the build, gives data.mdb's size, which must match, the SHA-256 of
  all of data.mdb, checked next (a changed letter would be a word no source holds, and a
  count against it wrong), and the SHA-256 of the meta record, checked when it is read.
Hashing costs ~0.5 ms a MB (the English built-in dictionary, 22 MB: ~12 ms), once a process:
a folder is opened once and again only when it was built again. A dictionary built before
check.json has no hash: LMDB's meta pages are all that is checked.
"""

from __future__ import annotations

import hashlib
import json
import os
import struct
from pathlib import Path

CHECK_FILE = "check.json"
MAX_CHECK_FILE = 1 << 16
# LMDB's file format (version 1, 64-bit): a page header of 16 bytes, then MDB_meta: magic,
# version, address, map size, the free-page db (whose first field holds the page size), the
# main db, the last page in use, the transaction id
LMDB_MAGIC, LMDB_VERSION, META_FLAG = 0xBEEFC0DE, 1, 0x08
META_AT, PAGE_SIZE_AT, LAST_PAGE_AT = 16, 16 + 24, 16 + 120
META_PAGE_BYTES = LAST_PAGE_AT + 16


class Damage(Exception):
    """What is wrong with a dictionary's files (the store says where, and how to rebuild)."""


def lmdb_bytes_needed(data: Path) -> int:
    """Bytes data.mdb must hold: (last page in use + 1) * page size, by both meta pages (LMDB
    keeps two and reads from the newer)."""
    needed, offset = 0, 0
    with open(data, "rb") as f:
        for _ in range(2):
            f.seek(offset)
            page = f.read(META_PAGE_BYTES)
            if len(page) < META_PAGE_BYTES:
                raise Damage("data.mdb is cut short: its meta pages are not whole")
            flags, = struct.unpack_from("<H", page, 10)
            magic, version = struct.unpack_from("<II", page, META_AT)
            if not flags & META_FLAG or magic != LMDB_MAGIC or version != LMDB_VERSION:
                raise Damage("data.mdb does not begin like an LMDB file")
            page_size, = struct.unpack_from("<I", page, PAGE_SIZE_AT)
            last_page, = struct.unpack_from("<Q", page, LAST_PAGE_AT)
            if page_size < 512 or page_size > 65536 or page_size & (page_size - 1):
                raise Damage(f"data.mdb gives a page size of {page_size}")
            needed = max(needed, (last_page + 1) * page_size)
            offset += page_size
    return needed


def check_on_open(folder: Path) -> dict | None:
    """check.json's record (None for a dictionary built before it), once data.mdb is known to
    be as long as LMDB and the build say."""
    data = folder / "data.mdb"
    size = data.stat().st_size
    check = read_check(folder)
    if check is not None and size != check["data_bytes"]:
        raise Damage(f"data.mdb has {size} bytes, the build wrote {check['data_bytes']}")
    needed = lmdb_bytes_needed(data)
    if size < needed:
        raise Damage(f"data.mdb is cut short: {size} bytes of {needed}")
    return check


def read_check(folder: Path) -> dict | None:
    path = folder / CHECK_FILE
    if not path.exists():
        return None
    with open(path, "rb") as f:
        raw = f.read(MAX_CHECK_FILE + 1)
    try:
        check = json.loads(raw)
        if (len(raw) > MAX_CHECK_FILE or not isinstance(check["data_bytes"], int)
                or not all(isinstance(check[k], str) for k in ("data_sha256", "meta_sha256"))):
            raise ValueError
    except (ValueError, RecursionError, TypeError, KeyError):
        raise Damage(f"{CHECK_FILE} is unreadable") from None
    return check


def check_meta(record: bytes, check: dict | None) -> None:
    if check is not None and hashlib.sha256(record).hexdigest() != check["meta_sha256"]:
        raise Damage(f"its meta record does not match {CHECK_FILE}")


def verify(folder: Path, check: dict | None) -> bool:
    """All of data.mdb against its SHA-256; False when no build recorded one."""
    if check is None:
        return False
    if file_sha256(folder / "data.mdb") != check["data_sha256"]:
        raise Damage(f"data.mdb does not match the SHA-256 in {CHECK_FILE}")
    return True


def write_check(folder: Path, meta_record: bytes) -> None:
    data = folder / "data.mdb"
    record = {"data_bytes": data.stat().st_size, "data_sha256": file_sha256(data),
              "meta_sha256": hashlib.sha256(meta_record).hexdigest()}
    with open(folder / CHECK_FILE, "w") as f:
        json.dump(record, f, indent=1)
        f.flush()
        os.fsync(f.fileno())  # LMDB synced data.mdb; its check must be as lasting


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        while chunk := f.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()
