"""Drawing Battle cards: every draw is a chance decision over the cards left in
the deck, told only to the drawer (the others learn that a card was drawn).
Draws owed are queued and asked one card at a time, so each is drawn from the
deck as it then is. An empty Battle deck takes its discard pile back,
reshuffled (LF-R10); with both empty the draw is lost."""

from __future__ import annotations

from toolkit.referee.kit.flow import open_window
from toolkit.referee.kit.phases import CHANCE, Window
from toolkit.referee.kit.values import evolve
from toolkit.referee.protocol import Event

from toolkit.referee.rulesets.last_front.config import BATTLE
from toolkit.referee.rulesets.last_front.state import (
    BATTLE_DISCARD, HAND, State, move_cards, moved, zone_at)

DRAW = "draw"


def _window(deck, side: str) -> Window:
    """The chance decision of `side` drawing from the Battle deck zone `deck`."""
    return Window(DRAW, CHANCE, spec=deck.draw(1, f"{side}, from the Battle deck"),
                  data=(("side", side),))


def _refill(s: State, events: list) -> State:
    if s.cfg.reshuffle and s.zone(BATTLE).count == 0 and s.zone(BATTLE_DISCARD).count:
        pile = s.zone(BATTLE_DISCARD).cards
        s = move_cards(s, pile, (BATTLE_DISCARD, None), (BATTLE, None))
        events.append(Event("reshuffle", "the Battle discard pile is shuffled into a new deck"))
    return s


def open_draws(s: State, side: str, n: int = 1, events: list | None = None) -> State:
    """`side` draws `n` cards, one chance decision each (after what is open now); a
    reshuffled discard pile is told in `events`."""
    if n <= 0:
        return s
    queued = s.draws
    if not queued and s.zone(BATTLE).count:  # the first draw asked at once, in one step
        return open_window(s, _window(s.zone(BATTLE), side), draws=(side,) * n)
    s = evolve(s, draws=queued + (side,) * n)
    if not queued:
        s = _refill(s, events if events is not None else [])
        if s.zone(BATTLE).count:
            s = open_window(s, _window(s.zone(BATTLE), side))
        else:
            s = evolve(s, draws=())
    return s


class Draw:
    """The draw window: the chance outcome is the card drawn."""

    def check(self, s, side, m, w):  # the core checks a chance outcome by its spec
        return None

    def apply(self, s: State, side, outcome, w: Window):
        who = w.get("side")
        card = outcome.values[0]
        events = [Event(DRAW, f"you draw {card}", to=frozenset({who})),
                  Event(DRAW, f"{who} draws a card")]
        rest = s.draws[1:]
        zones = moved(s, [card], (BATTLE, None), (HAND, who))
        deck = zones[zone_at(s, BATTLE)]
        if rest and deck.cards:  # the next draw owed, in the same step
            return open_window(s, _window(deck, rest[0]), zones=zones, draws=rest), tuple(events)
        s = evolve(s, zones=zones, draws=rest)
        if rest:
            s = _refill(s, events)
            if s.zone(BATTLE).count:
                s = open_window(s, _window(s.zone(BATTLE), rest[0]))
            else:
                s = evolve(s, draws=())
                events.append(Event(DRAW, "the Battle deck and its discard pile are empty"))
        return s, tuple(events)
