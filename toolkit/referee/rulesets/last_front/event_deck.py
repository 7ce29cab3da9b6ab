"""Turning over the top Event card: a chance decision over the Event deck, which takes
its discard pile back when it is empty (LF-R10). Carrying the Event out is events.py's."""

from __future__ import annotations

from toolkit.referee.kit.flow import open_window
from toolkit.referee.kit.phases import CHANCE, Window

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
