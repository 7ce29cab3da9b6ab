"""The Event deck: a Draw Event card turns over the top Event card; its effect
is carried out at once, shown to everyone and cannot be blocked; withdrawn
players are not affected (effects reach only players still in the battle).
An empty Event deck takes its discard pile back (LF-R10)."""

from __future__ import annotations

from toolkit.referee.kit.flow import open_window
from toolkit.referee.kit.phases import CHANCE, Window
from toolkit.referee.protocol import Event

from toolkit.referee.rulesets.last_front.config import EVENT
from toolkit.referee.rulesets.last_front.state import EVENT_DISCARD, State, move_cards

EVENT_WINDOW = "event"


def open_event(s: State, side: str) -> State:
    if s.cfg.reshuffle and s.zone(EVENT).count == 0 and s.zone(EVENT_DISCARD).count:
        s = move_cards(s, s.zone(EVENT_DISCARD).cards, (EVENT_DISCARD, None), (EVENT, None))
    if s.zone(EVENT).count == 0:
        return s
    return open_window(s, Window(EVENT_WINDOW, CHANCE, spec=s.zone(EVENT).draw(
        1, f"{side}, turned over from the Event deck"), data=(("side", side),)))


class TurnOver:
    """The event window: the outcome is the Event card turned over."""

    def check(self, s, side, m, w):
        return None

    def apply(self, s: State, side, outcome, w: Window):
        from toolkit.referee.rulesets.last_front import effects

        who = w.get("side")
        card = outcome.values[0]
        s = move_cards(s, [card], (EVENT, None), (EVENT_DISCARD, None))
        events = [Event("event", f"{who} turns over the Event {card}", reveals=True)]
        s, more = effects.play(s, who, card)
        return s, tuple(events + more)
