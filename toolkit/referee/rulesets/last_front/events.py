"""The Event deck: a Draw Event card turns over the top Event card (event_deck.py); its
effect is carried out at once, shown to everyone and cannot be blocked; withdrawn
players are not affected (effects reach only players still in the battle).
An empty Event deck takes its discard pile back (LF-R10)."""

from __future__ import annotations

from toolkit.referee.kit.phases import Window
from toolkit.referee.protocol import Event

from toolkit.referee.rulesets.last_front import effects
from toolkit.referee.rulesets.last_front.config import EVENT
from toolkit.referee.rulesets.last_front.event_deck import EVENT_WINDOW
from toolkit.referee.rulesets.last_front.state import EVENT_DISCARD, State, move_cards

__all__ = ["EVENT_WINDOW", "TurnOver"]


class TurnOver:
    """The event window: the outcome is the Event card turned over."""

    def check(self, s, side, m, w):
        return None

    def apply(self, s: State, side, outcome, w: Window):
        who = w.get("side")
        card = outcome.values[0]
        s = move_cards(s, [card], (EVENT, None), (EVENT_DISCARD, None))
        events = [Event("event", f"{who} turns over the Event {card}", reveals=True)]
        s, more = effects.play(s, who, card)
        return s, tuple(events + more)
