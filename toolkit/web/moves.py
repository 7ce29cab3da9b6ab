"""Which spaces a move's notation mentions, so a click can pick a move.

The page groups a seat's legal moves by the spaces their notation mentions, in
the order written: `move B1 B3` mentions B1 then B3, `IC2-C3` C2 then C3,
`enter infantry A1` only A1. Clicking a space then another picks the moves that
mention both in that order. A space id is found where it stands on its own: not
inside a longer id (`C3` is not in `C30`, nor in `AC3` when AC3 is a space), and
an id that begins with a small letter (a map's node name) not inside a word.
"""

from __future__ import annotations

from collections.abc import Iterable


class SpaceFinder:
    def __init__(self, space_ids: Iterable[str]):
        self.ids = set(space_ids)
        self.longest = max((len(i) for i in self.ids), default=0)

    def _fits(self, text: str, start: int, sid: str) -> bool:
        end = start + len(sid)
        before = text[start - 1] if start > 0 else ""
        after = text[end] if end < len(text) else ""
        if after and (after.isdigit() or (sid[-1].isalpha() and after.isalpha())
                      or after == "_"):
            return False
        if before and (before.isdigit() or before == "_" or before.islower()
                       or (sid[0].islower() and before.isalpha())):
            return False
        return True

    def mentioned(self, text: str) -> list[str]:
        """The space ids in `text`, in the order written (the longest id at each place)."""
        out: list[str] = []
        i = 0
        while i < len(text):
            found = None
            for length in range(min(self.longest, len(text) - i), 0, -1):
                sid = text[i:i + length]
                if sid in self.ids and self._fits(text, i, sid):
                    found = sid
                    break
            if found is None:
                i += 1
            else:
                out.append(found)
                i += len(found)
        return out


def from_to(mentioned: list[str], a: str, b: str) -> bool:
    """True when `a` is mentioned and `b` after it."""
    if a not in mentioned:
        return False
    return b in mentioned[mentioned.index(a) + 1:]
