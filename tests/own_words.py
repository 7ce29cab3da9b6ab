"""Our own words: the runs of eight words a text shares with a source rulebook. Used by
the tests that hold the printed sheets and their templates to "everything the project
says, it says in its own words"."""

from __future__ import annotations

import re


def shingles(text: str, n: int = 8) -> set[tuple[str, ...]]:
    """Every run of `n` words of `text` (lower case, letters, digits and apostrophes)."""
    ws = re.findall(r"[a-z0-9']+", text.lower())
    return {tuple(ws[i:i + n]) for i in range(len(ws) - n + 1)}
