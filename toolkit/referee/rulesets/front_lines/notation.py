"""Front Lines notation (content/front_lines/notation.md): one text per order.

    IC2-C3        move: piece letter, from, to (a Recon may go two squares: RE3-E5)
    A@B9          spawn an Armor from the reserve onto B9
    airstrike@D6  a Commander skill on a square (airstrike, reinforce, mine)
    I=C2          deployment: place an Infantry on C2
    pass          hold: this action does nothing (in deployment: place the rest as set up)
"""

from __future__ import annotations

import re
from typing import NamedTuple

from toolkit.referee.protocol import PASS, MoveSyntaxError

MOVE, SPAWN, SKILL, DEPLOY = "move", "spawn", "skill", "deploy"
SKILL_WORDS = ("airstrike", "reinforce", "mine")
RULE = "FL-notation-1"

_SQUARE = r"[A-Z]+[1-9][0-9]*"
_MOVE = re.compile(rf"([A-Z])({_SQUARE})-({_SQUARE})")
_SPAWN = re.compile(rf"([A-Z])@({_SQUARE})")
_SKILL = re.compile(rf"([a-z]+)@({_SQUARE})")
_DEPLOY = re.compile(rf"([A-Z])=({_SQUARE})")

#: What `frontkit play` shows under `help` (the ruleset's notation_help).
HELP = """\
Plan one action at a time; your three actions resolve together with the enemy's.
  IC2-C3        move the Infantry on C2 to C3 (letters: C I A T R; a Recon may go 2: RE3-E5)
  A@B9          bring an Armor from your reserve onto your back two rows
  airstrike@D6  reinforce@D6  mine@D6   use a Commander skill (once a game each)
  pass          hold: this action does nothing
Deployment: I=C2 places an Infantry on C2; pass places the rest as the scenario shows."""


class Order(NamedTuple):
    """One planned action. `piece` is a piece letter, or a skill word for skills;
    squares are grid ids (`C3`); `src` is empty except for moves."""

    action: str
    piece: str
    src: str
    dst: str

    def __str__(self) -> str:
        return format_order(self)


def format_order(order: object) -> str:
    if order is PASS:
        return "pass"
    action, piece, src, dst = order  # type: ignore[misc]
    if action == MOVE:
        return f"{piece}{src}-{dst}"
    if action == SPAWN:
        return f"{piece}@{dst}"
    if action == SKILL:
        return f"{piece}@{dst}"
    return f"{piece}={dst}"


def parse(text: str) -> object:
    """The order a text names; raises MoveSyntaxError with an example of each form."""
    t = text.strip()
    if t == "pass":
        return PASS
    m = _MOVE.fullmatch(t)
    if m:
        return Order(MOVE, m[1], m[2], m[3])
    m = _SPAWN.fullmatch(t)
    if m:
        return Order(SPAWN, m[1], "", m[2])
    m = _SKILL.fullmatch(t)
    if m:
        if m[1] not in SKILL_WORDS:
            raise MoveSyntaxError(RULE, f"the Commander's skills are {', '.join(SKILL_WORDS)}",
                                  text)
        return Order(SKILL, m[1], "", m[2])
    m = _DEPLOY.fullmatch(t)
    if m:
        return Order(DEPLOY, m[1], "", m[2])
    raise MoveSyntaxError(RULE, "write a move as IC2-C3, a spawn as A@B9, a skill as "
                          "airstrike@D6, a deployment as I=C2, or pass", text)
