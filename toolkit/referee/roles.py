"""Seats with roles: a side played by a team, each seat answering some of its decisions.

The referee asks sides (`decision(state).players`); who at the table answers for a
side is, by default, that side's one player. A ruleset may split a side into roles
through two optional hooks:

    roles(state) -> tuple[Role, ...]
        the roles every side is played by in this game (empty: one seat a side, as
        when the hook is missing); a scenario option usually turns them on
    role_of(state, side) -> Duty | None
        which role answers `side`'s part of the current decision, the words for
        what is decided and the rule that gives it to that role (None: any seat of
        the side may answer)

A seat is then a side and a role, named `"Delta logistics"`. Both seats of a side
are one team: they see the side's view (`view(state, side)`) and the events the side
is told, and nothing the ruleset does not show the side; roles add no secrets. What
roles add is who may type: a move from the wrong seat of the side asked is refused
with the duty's rule (`it is Delta logistics's decision: Transport supplies is the
logistics player's (LW-R42)`), the state unchanged. Chance typed at the table is the
table's: any seat may type it. Records, replays and bots play sides, as before: a
role is checked only where a caller says which seat is typing (`frontkit play`,
`frontkit serve`, `Match.play(..., role=...)`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from toolkit.referee import game
from toolkit.referee.protocol import Decision, DecisionKind, Illegal, Ruleset, State

#: The rule of a seat that is not one of the game's seats at all.
RULE_SEAT = "seat"


@dataclass(frozen=True, slots=True)
class Role:
    """One seat of every side: `name` ("logistics") and, in the players' words, what
    it decides (`decides`: "Spend resources and Transport supplies")."""

    name: str
    decides: str = ""


@dataclass(frozen=True, slots=True)
class Duty:
    """Who answers a side's part of the decision now: the `role`, `what` is decided
    ("Transport supplies"), and the `rule` that gives it to that role."""

    role: str
    what: str
    rule: str


def roles(rules: Ruleset, state: State) -> tuple[Role, ...]:
    """The roles of every side (empty: one seat a side)."""
    hook = getattr(rules, "roles", None)
    return tuple(hook(state)) if hook is not None else ()


def duty(rules: Ruleset, state: State, side: str) -> Duty | None:
    """The role that answers `side` now (None: no roles, or any seat of the side)."""
    hook = getattr(rules, "role_of", None)
    if hook is None or not roles(rules, state):
        return None
    return hook(state, side)


def seat_name(side: str, role: str | None) -> str:
    """`Delta logistics`, or the side alone when there are no roles."""
    return f"{side} {role}" if role else side


def seats(rules: Ruleset, state: State, sides: Iterable[str]) -> list[tuple[str, str | None]]:
    """Every seat of the game as (side, role), side by side in the given order; one
    (side, None) a side when the game has no roles."""
    names = [r.name for r in roles(rules, state)] or [None]
    return [(side, role) for side in sides for role in names]


def asked(rules: Ruleset, state: State, side: str) -> str:
    """The name of the seat that answers for `side` now (the side itself without roles)."""
    d = duty(rules, state, side)
    return seat_name(side, d.role if d is not None else None)


def waiting_for(rules: Ruleset, state: State, decision: Decision | None) -> str:
    """`waiting for Delta logistics and Gamma logistics`: the core's words
    (`game.waiting_for`), with each side asked named by the seat that answers."""
    if decision is None or decision.kind is DecisionKind.CHANCE or not roles(rules, state):
        return game.waiting_for(decision)
    return "waiting for " + " and ".join(asked(rules, state, p) for p in decision.players)


def check(rules: Ruleset, state: State, side: str, role: str | None,
          decision: Decision | None) -> Illegal | None:
    """None if the seat (`side`, `role`) may answer for its side now, else why not.
    `role` None: the caller seats nobody by role (records, bots): nothing to check.
    Only the seat is judged here: a side not asked, or chance, is the core's
    (`game.check`) to refuse or allow."""
    if role is None:
        return None
    names = [r.name for r in roles(rules, state)]
    if role not in names:
        return Illegal(RULE_SEAT, f"{side} has no {role} seat" + (
            f"; its seats are {', '.join(seat_name(side, n) for n in names)}" if names
            else "; one player plays each side"))
    if decision is None or decision.kind is DecisionKind.CHANCE or side not in decision.players:
        return None
    d = duty(rules, state, side)
    if d is None or d.role == role:
        return None
    return Illegal(d.rule, f"it is {seat_name(side, d.role)}'s decision: {d.what} is the "
                   f"{d.role} player's")


__all__ = ["Role", "Duty", "roles", "duty", "seat_name", "seats", "asked", "waiting_for",
           "check", "RULE_SEAT"]
