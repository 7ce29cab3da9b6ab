"""Drawing cards and discarding down to the hand limits.

Every draw is a chance decision over the cards left in a deck, told only to the
drawer (the other player learns that a card was drawn). Draws owed wait in
`State.draws` and are asked one card at a time. An empty deck takes its discard
pile back, reshuffled (FLB-R11); with both empty the draw is lost.

Hand limits (FLB-hands): five Character cards (seven with a Merchant placed or in
the line); per spell category four cards with a live character giving access, two
when only a dead one does, none otherwise. A death that lowers a limit opens a
`discard` window for its owner at once.
"""

from __future__ import annotations

from functools import lru_cache

from toolkit.referee.kit.flow import open_window
from toolkit.referee.kit.phases import CHANCE, SIDE, Window
from toolkit.referee.kit.values import evolve
from toolkit.referee.protocol import Event, Illegal

from toolkit.referee.rulesets.fantasy_line_battle.config import CATEGORIES, CHARACTERS
from toolkit.referee.rulesets.fantasy_line_battle.moves import Discard
from toolkit.referee.rulesets.fantasy_line_battle.state import (
    CHARACTER_DISCARD, DEAD, HAND, SPELLS, State, discard_of, zone_index)

DRAW, DISCARD = "draw", "discard"


def _discard_pile(deck: str) -> str:
    return CHARACTER_DISCARD if deck == CHARACTERS else discard_of(deck)


def _hand_of(deck: str) -> str:
    return HAND if deck == CHARACTERS else SPELLS


def character_limit(s: State, side: str) -> int:
    """Five, or seven with a Merchant placed or standing in the line (FLB-merchant)."""
    extra = 0
    cards = list(s.selection(side)) + [f.card for f in s.line(side)]
    for card in set(cards):
        for call in s.cfg.characters[card].effects:
            if call.name == "hand_size":
                args = dict(call.args)
                if args.get("deck", CHARACTERS) == CHARACTERS:
                    extra = max(extra, int(args.get("n", 0)))
    return s.cfg.character_hand + extra


def spell_limits(s: State, side: str) -> dict[str, int]:
    """Per category: 4 with a live character giving access, 2 with only a dead one."""
    cfg = s.cfg
    live = {c for f in s.lines[s.at(side)] for c in f.spells}
    dead = s.zones[zone_index(s.sides)[DEAD, side]].cards
    gone = {c for card in dead for c in cfg.characters[card].spells} if dead else ()
    return {c: cfg.hand_live if c in live else cfg.hand_dead if c in gone else 0
            for c in CATEGORIES}


def held(s: State, side: str) -> dict[str, int]:
    """How many spells of each category `side` holds."""
    spells = s.cfg.spells
    out = dict.fromkeys(CATEGORIES, 0)
    for card in s.zones[zone_index(s.sides)[SPELLS, side]].cards:
        out[spells[card].category] += 1
    return out


def _owed(s: State, side: str, deck: str) -> int:
    return sum(1 for d in s.draws if d == (side, deck))


def refill_characters(s: State, side: str, events: list | None = None) -> State:
    short = character_limit(s, side) - len(s.hand(side)) - _owed(s, side, CHARACTERS)
    return owe(s, side, CHARACTERS, short, events)


def refill_spells(s: State, side: str, events: list | None = None) -> State:
    """Draw up to every spell limit (FLB-hands)."""
    has = held(s, side)
    for category, limit in spell_limits(s, side).items():
        if limit > has[category]:
            s = owe(s, side, category, limit - has[category] - _owed(s, side, category), events)
    return s


def owe(s: State, side: str, deck: str, n: int, events: list | None = None) -> State:
    """`side` owes `n` draws from `deck`; a reshuffle on the way is told in `events`."""
    if n <= 0:
        return s
    return next_draw(evolve(s, draws=s.draws + ((side, deck),) * n), events)


def _window(s: State, side: str, deck: str) -> Window:
    return _draw_window(s.zone(deck), side, deck)


def _draw_window(zone, side: str, deck: str) -> Window:
    label, data = _draw_words(side, deck)
    return Window(DRAW, CHANCE, spec=zone.draw(1, label), data=data)


@lru_cache(maxsize=256)
def _draw_words(side: str, deck: str) -> tuple[str, tuple]:
    """A draw window's label and data (the same values for every draw of `side` from
    `deck`, made once)."""
    return f"{side}, from {_deck_words(deck)}", (("side", side), ("deck", deck))


def _deck_words(deck: str) -> str:
    return "the Character deck" if deck == CHARACTERS else f"the {deck} spell deck"


@lru_cache(maxsize=1024)
def _told(who: str, deck: str, card: str) -> tuple[Event, Event]:
    """What a draw tells: the card to the drawer, that a card was drawn to everyone
    (events are immutable values: the same ones are handed out again)."""
    return (Event(DRAW, f"you draw {card}", to=frozenset({who})),
            Event(DRAW, f"{who} draws a card from " + _deck_words(deck)))


def redraw(s: State, w: Window) -> Window:
    """`w` asked of the decks as they stand in `s` (a draw window opened earlier)."""
    if w.name != DRAW:
        return w
    return _window(s, w.get("side"), w.get("deck"))


def next_draw(s: State, events: list | None = None) -> State:
    """Open the window of the first draw owed, unless one is open already."""
    if any(w.name == DRAW for w in s.flow.windows):
        return s
    while s.draws:
        side, deck = s.draws[0]
        if not s.zone(deck).count and s.zone(_discard_pile(deck)).count:
            pile = s.zone(_discard_pile(deck)).cards
            s = s.move_cards(pile, (_discard_pile(deck), None), (deck, None))
            if events is not None:
                events.append(Event("reshuffle", f"the {deck} discard pile becomes the deck"))
        if s.zone(deck).count:
            return open_window(s, _window(s, side, deck))
        s = evolve(s, draws=s.draws[1:])  # nothing left to draw
    return s


class Draw:
    """The draw window: the chance outcome is the card drawn."""

    def check(self, s, side, m, w):  # the core checks a chance outcome by its spec
        return None

    def apply(self, s: State, side, outcome, w: Window):
        who, deck = w.get("side"), w.get("deck")
        card = outcome.values[0]
        told = _told(who, deck, card)
        zones = s.zones_moved((card,), (deck, None), (_hand_of(deck), who))
        rest = s.draws[1:]
        if rest and not any(x.name == DRAW for x in s.flow.windows):
            # the next draw owed, from a deck that is not empty: its window opens in the
            # same new state (what next_draw does, without the state in between)
            side2, deck2 = rest[0]
            zone = zones[zone_index(s.sides)[deck2, None]]
            if zone.count:
                return open_window(s, _draw_window(zone, side2, deck2), zones=zones,
                                   draws=rest), told
        events = list(told)
        return next_draw(evolve(s, zones=zones, draws=rest), events), tuple(events)


# ------------------------------------------------------------------ discards


def over_limit(s: State, side: str) -> str | None:
    """A spell category `side` holds more cards of than its limit allows."""
    limits = spell_limits(s, side)
    has = held(s, side)
    for category in CATEGORIES:
        if has[category] > limits[category]:
            return category
    return None


def open_discards(s: State) -> State:
    """A `discard` window for each side over a spell limit (FLB-limit)."""
    for side in s.sides:
        category = over_limit(s, side)
        if category is not None and not any(
                w.name == DISCARD and w.players == (side,) for w in s.flow.windows):
            s = open_window(s, Window(DISCARD, SIDE, (side,),
                                      f"discard a {category} spell down to your limit",
                                      data=(("category", category),)))
    return s


class DiscardDown:
    """The discard window: a death lowered a limit; the owner discards one card of
    that category at a time until within it (FLB-limit)."""

    def candidates(self, s: State, side: str, w: Window):
        category = w.get("category")
        return [Discard(c) for c in sorted(set(s.spells(side)))
                if s.cfg.spells[c].category == category]

    def check(self, s: State, side: str, m, w: Window) -> Illegal | None:
        if not isinstance(m, Discard):
            return Illegal("FLB-limit", f"you hold too many {w.get('category')} spells: "
                           "discard one first")
        if m.card not in s.spells(side):
            return Illegal("FLB-limit", f"you hold no {m.card}")
        if s.cfg.spells[m.card].category != w.get("category"):
            return Illegal("FLB-limit", f"{m.card} is not a {w.get('category')} spell")
        return None

    def apply(self, s: State, side: str, m: Discard, w: Window):
        category = s.cfg.spells[m.card].category
        s = s.move_cards([m.card], (SPELLS, side), (discard_of(category), None))
        events = (Event(DISCARD, f"{side} discards {m.card} (hand limit)", reveals=True),)
        return open_discards(s), events

