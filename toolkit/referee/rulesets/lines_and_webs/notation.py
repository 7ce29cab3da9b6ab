"""Lines and Webs's notation as the rules kit reads it (toolkit.referee.kit.rules): `parse`
reads a move, `str(move)` writes it back, `HELP` is the help line of `frontkit play`,
`group` names what a move is listed under."""

from __future__ import annotations

from toolkit.referee.rulesets.lines_and_webs.moves import HELP, parse


def group(move) -> str:
    """A move is listed under its unit, or its verb (buy, fly, card), or as a pass."""
    return getattr(move, "unit", "") or getattr(move, "verb", "pass")


__all__ = ["HELP", "group", "parse"]
