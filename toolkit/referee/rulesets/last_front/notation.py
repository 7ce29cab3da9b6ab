"""Last Front's notation as the rules kit reads it (toolkit.referee.kit.rules): `parse` reads a
move, `str(move)` writes it back, `HELP` is the help line of `frontkit play`, `group` names
what a move is listed under, `move_space` every move worth trying."""

from __future__ import annotations

from toolkit.referee.rulesets.last_front.moves import HELP, group, parse
from toolkit.referee.rulesets.last_front.space import move_space

__all__ = ["HELP", "group", "move_space", "parse"]
