"""Reading a file someone sent: only a regular file, never more than a cap.

`/dev/zero`, a FIFO, a device node, a socket, a folder or a symlink loop is
refused before any byte is read (a FIFO is opened without blocking), and a
file is read at most `cap + 1` bytes, so a file that grows while it is read
cannot take more memory than its limit either.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from dsl.limits import limit_message, value

BOM = "\ufeff"


class FileRefused(Exception):
    """Why a file was not read, in words for a message (`str(err)`)."""


def read_capped(path: str | os.PathLike, limit: str, cap: int) -> bytes:
    """The bytes of the regular file at `path`; FileRefused if it is anything else or
    larger than `cap` bytes (`limit` names the limit in the message)."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise FileRefused("no such file") from None
    except OSError as err:
        raise FileRefused(_reason(err)) from None
    _refuse_kind(info.st_mode)
    if info.st_size > cap:
        raise FileRefused(f"the file is {limit_message(limit, f'{info.st_size:,} bytes')}")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as err:
        raise FileRefused(_reason(err)) from None
    try:
        _refuse_kind(os.fstat(fd).st_mode)  # it may have been swapped since the stat
        chunks, total = [], 0
        while total <= cap:
            chunk = os.read(fd, min(1 << 20, cap + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as err:
        raise FileRefused(_reason(err)) from None
    finally:
        os.close(fd)
    if total > cap:
        raise FileRefused(f"the file is {limit_message(limit, 'larger')}")
    return b"".join(chunks)


def _refuse_kind(mode: int) -> None:
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        raise FileRefused("is a folder, not a file")
    kind = ("a FIFO (named pipe)" if stat.S_ISFIFO(mode) else
            "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else
            "a socket" if stat.S_ISSOCK(mode) else "not a regular file")
    raise FileRefused(f"is {kind}, not a regular file; only regular files are read")


def _reason(err: OSError) -> str:
    if err.errno == errno.ELOOP:
        return "is a symbolic link that loops"
    if err.errno == errno.EISDIR:
        return "is a folder, not a file"
    if err.errno == errno.ENOENT:
        return "no such file"
    return f"cannot read: {err.strerror or err}"


def decode_text(data: bytes) -> str:
    """UTF-8 text without a leading byte-order mark (Windows editors write one).
    Raises UnicodeDecodeError like bytes.decode."""
    text = data.decode("utf-8")
    return text[1:] if text.startswith(BOM) else text


def inside(path: Path, root: Path) -> bool:
    return path == root or path.is_relative_to(root)


def declares_scenario(path: Path) -> bool:
    """The file's first statement is `scenario …` (else it holds statements to be included)."""
    try:  # a FIFO or /dev/zero named *.scn is never read here: the loader refuses it
        text = read_capped(path, "scenario_bytes", value("scenario_bytes")).decode("utf-8", "replace")
    except FileRefused:
        return True  # let the loader report it
    for line in text.splitlines():
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            return stripped.startswith("scenario")
    return False
