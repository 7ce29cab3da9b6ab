"""Last Front moves in the players' words (toolkit.referee.wording): each card by its
printed title, a target said as whose it is.

    play troops_2                    Play Troops 2
    play sabotage P2 tanks_3         Play Sabotage on P2's Tanks 3
    play lend_lease P2 tanks_3 troops_1   Play Lend-Lease: take P2's Tanks 3, give Troops 1
    face patton                      Bid Patton at face value
    attack P2 soviet                 Attack P2's Soviet territory
"""

from __future__ import annotations

from toolkit.referee.kit.titles import capital
from toolkit.referee.protocol import PASS
from toolkit.referee.rulesets.last_front.moves import (
    DONE, WITHDRAW, Attack, Dig, Face, Play, Take)

_SAID = {DONE: "Done: my bid stands", WITHDRAW: "Withdraw from the battle"}


def describe_move(s, player: str, m) -> str:
    """The ruleset's `describe_move` hook."""
    t = s.cfg.titles
    if m is PASS:
        return "Pass"
    if isinstance(m, Play):
        return _play(t, m)
    if isinstance(m, Face):
        return f"Bid {t(m.card)} at face value"
    if isinstance(m, Take):
        return f"Take {t(m.card)}"
    if isinstance(m, Dig):
        return "Dig in " + ", ".join(t(c) for c in m.cards)
    if isinstance(m, Attack):
        return ("Declare the battle for the open territory" if m.holder is None
                else f"Attack {m.holder}'s {t.capital(m.nation)} territory")
    return _SAID.get(m, capital(t(str(m))))


def _play(t, m: Play) -> str:
    said = f"Play {t(m.card)}"
    if not m.target:
        return said
    whose, cards = m.target[0], [t(c) for c in m.target[1:]]
    if len(cards) == 2:  # Lend-Lease: one of theirs for one of yours
        return f"{said}: take {whose}'s {cards[0]}, give {cards[1]}"
    if cards:
        return f"{said} on {whose}'s {', '.join(cards)}"
    return f"{said} on {whose}"
