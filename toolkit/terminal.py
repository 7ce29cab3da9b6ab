"""Writing text from files and players to a terminal: control characters escaped.

`printable` is the one function (it lives in `dsl.printable`, since the
language's diagnostics need it and `dsl` never imports `toolkit`);
`PrintableWriter` applies it to everything written to a stream, for output
that mixes our words with the players' (`frontkit play`).
"""

from __future__ import annotations

import io
from typing import TextIO

from dsl.printable import cut_around, printable  # noqa: F401

REPLACEMENT = "\ufffd"


class PrintableWriter(io.TextIOBase):
    """A text stream that writes `printable(text)` to `out` (line breaks kept)."""

    def __init__(self, out: TextIO):
        self.out = out

    def write(self, text: str) -> int:
        self.out.write(printable(text, keep="\n\t"))
        return len(text)

    def flush(self) -> None:
        self.out.flush()

    def isatty(self) -> bool:
        return bool(getattr(self.out, "isatty", lambda: False)())

    def writable(self) -> bool:
        return True


def lines_of(stdin) -> io.TextIOBase:
    """stdin as text where a byte that is not UTF-8 becomes U+FFFD (the line is then
    refused as unreadable) instead of stopping the program with UnicodeDecodeError."""
    buffer = getattr(stdin, "buffer", None)
    if buffer is None:  # already text (a test's StringIO)
        return stdin
    return io.TextIOWrapper(buffer, encoding="utf-8", errors="replace", newline=None)
