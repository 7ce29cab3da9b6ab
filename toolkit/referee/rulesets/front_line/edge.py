"""The Edge token: a re-roll for the side holding it face up, passed on by a
finalised 1 or 6 of the white die (FL-edge-*)."""

from __future__ import annotations


from toolkit.referee.protocol import Event
from toolkit.referee.rulesets.front_line.state import Edge, State, evolve


def can_reroll(s: State) -> str | None:
    """The side that may re-roll now, if any."""
    if not s.cfg.opt("edge"):
        return None
    return s.edge.holder if s.edge.on else None


def used(s: State) -> tuple[State, list[Event]]:
    """A re-roll sets the token off, beside the middle (FL-edge-reroll)."""
    side = s.edge.holder
    return evolve(s, edge=Edge(None, False)), [Event("edge", f"{side} uses the Edge: re-roll")]


def after_roll(s: State, die: int, attacker: str, defender: str) -> tuple[State, list[Event]]:
    """A finalised 1 sends the token (off side up) to the defender unless the
    defender holds it; a 6 sends it to the attacker unless the attacker holds it
    (FL-edge-pass)."""
    if not s.cfg.opt("edge"):
        return s, []
    holder = s.edge.holder
    if die == 1 and holder != defender:
        return evolve(s, edge=Edge(defender, False)), [
            Event("edge", f"a 1: the Edge goes to {defender} (off until the turn ends)")]
    if die == 6 and holder != attacker:
        return evolve(s, edge=Edge(attacker, False)), [
            Event("edge", f"a 6: the Edge goes to {attacker} (off until the turn ends)")]
    return s, []


def turn_end(s: State) -> State:
    """At a turn's end a held token turns face up; one in the off area stays off (FL-R16)."""
    if s.edge.holder is not None and not s.edge.on:
        return evolve(s, edge=Edge(s.edge.holder, True))
    return s
