"""Windows that reach into a hand: Espionage (its player, having seen an
opponent's hand, takes one card of it) and Desertion (a card of a hand discarded
at random: the chance outcome is its place in the hand, so a table types a
number and the outcome says nothing about the hand)."""

from __future__ import annotations

from toolkit.referee.protocol import Event, Illegal

from toolkit.referee.rulesets.last_front.moves import Take
from toolkit.referee.rulesets.last_front.state import BATTLE_DISCARD, HAND, State, move_cards


class Espionage:
    def candidates(self, s: State, side: str, w):
        return [Take(c) for c in sorted(set(s.hand(w.get("from"))))]

    def check(self, s: State, side: str, m, w) -> Illegal | None:
        other = w.get("from")
        if not isinstance(m, Take):
            return Illegal("LF-espionage", f"take one card from {other}'s hand: take CARD")
        if m.card not in s.hand(other):
            return Illegal("LF-espionage", f"{other} holds no {m.card}")
        return None

    def apply(self, s: State, side: str, m: Take, w):
        other = w.get("from")
        s = move_cards(s, [m.card], (HAND, other), (HAND, side))
        return s, (Event("take", f"{side} takes {m.card} from your hand", to=frozenset({other})),
                   Event("take", f"you take {m.card}", to=frozenset({side})),
                   Event("take", f"{side} takes a card from {other}'s hand"))


class Desert:
    def check(self, s, side, m, w):
        return None

    def apply(self, s: State, side, outcome, w):
        who = w.get("side")
        hand = s.hand(who)
        k = int(outcome.values[0]) - 1
        if not 0 <= k < len(hand):
            return s, ()
        card = hand[k]
        s = move_cards(s, [card], (HAND, who), (BATTLE_DISCARD, None))
        return s, (Event("desert", f"{who} discards {card} at random", reveals=True),)
