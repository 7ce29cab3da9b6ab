"""Territories held and the Territory Bonuses they carry (LF-R03): a bonus is
held by the player with strictly more territories of its nation than every
other player; on a tie (nobody holding any included) it lies in the bonus row.
Computed from the captured displays, so it changes hands as soon as counts do."""

from __future__ import annotations

from collections import Counter

from toolkit.referee.rulesets.last_front.state import State


def nations(s: State, side: str) -> Counter:
    cards = s.cfg.cards
    return Counter(cards[c].nation for c in s.captured(side))


def bonus_holder(s: State, nation: str, held: dict | None = None) -> str | None:
    """The side with the controlling share of `nation`, or None (`held`: each
    side's `nations`, when the caller has them already)."""
    if held is None:
        held = {side: nations(s, side) for side in s.sides}
    counts = sorted(((held[side][nation], side) for side in s.sides), reverse=True)
    if not counts or counts[0][0] == 0:
        return None
    if len(counts) > 1 and counts[1][0] == counts[0][0]:
        return None
    return counts[0][1]


def with_holders(s: State) -> State:
    """`s` with each bonus's holder worked out again (after territories change hands)."""
    from toolkit.referee.kit.values import evolve

    held = {side: nations(s, side) for side in s.sides}
    return evolve(s, holders=tuple((card, bonus_holder(s, nation, held))
                                   for nation, card in sorted(s.cfg.bonus_of.items())))


def bonuses_of(s: State, side: str) -> tuple[str, ...]:
    """The Territory Bonus cards `side` holds now."""
    return tuple(card for card, holder in s.holders if holder == side)


def bonus_row(s: State) -> tuple[str, ...]:
    return tuple(card for card, holder in s.holders if holder is None)
