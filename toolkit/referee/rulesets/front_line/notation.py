"""Front Line's notation as the rules kit reads it (toolkit.referee.kit.rules): `parse` reads a
move, `str(move)` writes it back, `HELP` is the help line of `frontkit play`, `group` names
what a move is listed under."""

from __future__ import annotations

from toolkit.referee.rulesets.front_line.moves import HELP, group, parse

__all__ = ["HELP", "group", "parse"]
