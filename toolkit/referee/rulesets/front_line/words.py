"""Front Line moves in the players' words (toolkit.referee.wording): the unit by its
kind and square, the rest as the rules say it.

    B3-C4          Tank B3 to C4
    B3xC4          Tank B3 attacks C4
    take air       Take the air stack
    maneuver C3-D4 Maneuver: infantry C3 to D4
    relieve C3-C4  Relieve: C3 and C4 swap
    place tank C4  Place a tank on C4
"""

from __future__ import annotations

from dsl.names import words
from toolkit.referee.kit.titles import capital
from toolkit.referee.protocol import PASS

_SAID = {"commission": "Commission your Leadership card", "cache": "Cache: one more chit",
         "rally": "Rally", "reroll": "Re-roll (the Edge)", "retreat": "Retreat",
         "hold": "Hold", "displace": "Displace into the square", "stay": "Stay",
         "decline": "Decline"}
_GROUPS = {"take": "Take a supply stack", "build": "Build a unit",
           "relieve": "Relieve (Leadership)", "shift": "Shift the retreating unit",
           "use": "Use a die", "first": "Name the first player", "place": "Place a unit",
           "pass": "Pass"}


def a(noun: str) -> str:
    """`noun` with its article: `a tank`, `an infantry`."""
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def unit(s, square: str) -> str:
    """The unit on `square` as `tank B3` (the square alone when it holds none)."""
    sq = s.cfg.index.get(square)
    u = s.squares[sq] if sq is not None else None
    return f"{words(u.kind)} {square}" if u is not None else square


def describe_move(s, player: str, m) -> str:
    """The ruleset's `describe_move` hook."""
    if m is PASS:
        return "End your turn (pass)" if s.flow.actor == player and not s.flow.windows \
            else "Pass"
    v = m.verb
    if v in ("go", "sail", "fire", "opfire", "para", "maneuver"):
        return _unit_act(s, m)
    if v == "relieve":
        return f"Relieve: {unit(s, m.src)} and {unit(s, m.dst)} swap"
    if v == "regroup":
        return f"Regroup {unit(s, m.src)}"
    if v == "shift":
        return f"Shift the retreating unit to {m.src}"
    if v == "take":
        return f"Take the {words(m.what)} stack"
    if v == "build":
        return f"Build {a(words(m.what))}"
    if v == "use":
        return f"Use the {m.what} die"
    if v == "first":
        return f"{m.what} goes first"
    if v == "place":
        return f"Place {a(words(m.what))} on {m.src}"
    return _SAID.get(v, capital(words(v)))


def _unit_act(s, m) -> str:
    who = capital(unit(s, m.src))
    if m.verb == "go":
        return f"{who} to {m.dst}"
    if m.verb == "sail":
        return f"{who} by sea to {m.dst}"
    if m.verb == "fire":
        return f"{who} attacks {m.dst}"
    if m.verb == "opfire":
        return f"Opportunity fire: {unit(s, m.src)} attacks {m.dst}"
    if m.verb == "para":
        return f"Paratroop {unit(s, m.src)} to {m.dst}"
    return f"Maneuver: {unit(s, m.src)} to {m.dst}"


def describe_group(s, player: str, group: str) -> str:
    """A group (moves.group: a unit's square, or a verb)."""
    sq = s.cfg.index.get(group)
    if sq is not None and s.squares[sq] is not None:
        return f"The {words(s.squares[sq].kind)} on {group}"
    return _GROUPS.get(group, capital(words(group)))
