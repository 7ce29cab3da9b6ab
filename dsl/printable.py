"""Text from a file, made safe to show on a terminal.

A scenario line, a card name or a record move can hold control characters;
written raw, `\\x1b[2J` clears the user's screen and worse. `printable` shows
every control character (C0, DEL, C1) and every bidirectional override as an
escape such as `\\x1b` or `\\u202e`, keeping only the line breaks and tabs the
caller allows. `cut_around` shows a long line as a window around one column.
"""

from __future__ import annotations

import re

# C0 and C1 controls, DEL, and the bidirectional formatting characters
# ("Trojan Source"): a line may display other than it reads.
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]")


def _escape(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, keep: str = "\n\t") -> str:
    """`text` with every control character but those in `keep` shown escaped."""
    if not _UNSAFE.search(text):
        return text
    return _UNSAFE.sub(lambda m: m.group() if m.group() in keep else _escape(m.group()), text)


def cut_around(line: str, column: int, width: int) -> tuple[str, int]:
    """A window of at most `width` characters of `line` around `column` (1-based), with
    `…` where it was cut, and the column of the same character in the window."""
    if len(line) <= width:
        return line, column
    half = width // 2
    start = max(0, min(column - 1 - half, len(line) - width))
    end = start + width
    head = "…" if start > 0 else ""
    tail = "…" if end < len(line) else ""
    return head + line[start:end] + tail, column - start + len(head)
