"""Zones: decks, hands, discard piles, displays and bids, as values.

A zone holds cards (by card name; copies of a card are equal) and says who
owns it and who may see what is in it:

    PUBLIC   everyone sees the cards (a display, a bid laid face up)
    OWNER    its owner sees the cards, everyone else their number (a hand)
    COUNT    everyone sees how many, nobody which (a deck, face down)
    NOBODY   nobody sees anything, not even how many (a set-aside pile)

Views and secrets come from this alone (`Zone.seen_by`, `secrets_of`): a
ruleset writes no per-game hiding code for its cards. A deck holds no order:
a draw is a chance decision (`Zone.draw`, a `Draw` spec over the cards left),
so the table can type the card it drew and the state never knows what is
"on top" before it is drawn.

    deck = deck_zone(scenario.decks["battle"])              # 98 cards, COUNT
    hand = Zone("hand", "hand", owner="Ann", visibility=OWNER)
    Decision.roll(deck.draw(1, "Ann draws"))                 # the chance decision
    deck, hand = deck.remove(card), hand.add(card)           # when it is applied
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from toolkit.referee.chance import Draw
from toolkit.referee.kit.values import replacer


class Visibility(str, enum.Enum):
    PUBLIC = "public"
    OWNER = "owner"
    COUNT = "count"
    NOBODY = "nobody"


PUBLIC, OWNER, COUNT, NOBODY = (Visibility.PUBLIC, Visibility.OWNER, Visibility.COUNT,
                                Visibility.NOBODY)

#: The kinds of zone the common view knows how to show.
KINDS = ("deck", "hand", "discard", "display", "bid", "pile")


class ZoneError(ValueError):
    """A card asked of a zone that does not hold it (a ruleset bug, not a player's)."""


@dataclass(frozen=True, slots=True)
class Zone:
    """`name`: what players call it ("battle deck", "hand"); `kind`: one of KINDS;
    `owner`: a side or None; `cards`: card names, in the order they were added
    (a display or a bid keeps it; a deck's order means nothing)."""

    name: str
    kind: str
    owner: str | None = None
    visibility: Visibility = PUBLIC
    cards: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"zone {self.name}: kind {self.kind!r} is not one of {KINDS}")
        if self.visibility is OWNER and self.owner is None:
            raise ValueError(f"zone {self.name}: only an owned zone can be seen by its owner")

    # --------------------------------------------------------------- reading

    @property
    def count(self) -> int:
        return len(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def holds(self, cards: Iterable[str]) -> bool:
        """Whether every card (with repeats) is here."""
        need, have = Counter(cards), Counter(self.cards)
        return all(have[c] >= n for c, n in need.items())

    def seen_by(self, viewer: str | None) -> tuple[str, ...] | None:
        """The cards `viewer` (None: a spectator) may see, or None for "only the count"
        (and for NOBODY zones not even that: see `count_seen_by`)."""
        if self.visibility is PUBLIC:
            return self.cards
        if self.visibility is OWNER and viewer is not None and viewer == self.owner:
            return self.cards
        return None

    def count_seen_by(self, viewer: str | None) -> int | None:
        if self.visibility is NOBODY:
            return None
        return self.count

    # --------------------------------------------------------------- changing

    def add(self, *cards: str) -> "Zone":
        return _holding(self, self.cards + cards)

    def remove(self, *cards: str) -> "Zone":
        left = list(self.cards)
        for card in cards:
            try:
                left.remove(card)
            except ValueError:
                raise ZoneError(f"{self.name} holds no {card}") from None
        return _holding(self, tuple(left))

    def clear(self) -> "Zone":
        return _holding(self, ())

    def draw(self, count: int = 1, label: str = "") -> Draw:
        """The chance spec of drawing `count` cards from here (the cards left,
        as a multiset, sorted so that two equal zones give equal specs)."""
        if count > len(self.cards):
            raise ZoneError(f"{self.name} has {len(self.cards)} card(s), not {count}")
        return Draw(tuple(sorted(self.cards)), count, label or f"draw from {self.name}")


#: `_holding(zone, cards)`: `zone` holding `cards` (the cards change at nearly every move)
_holding = replacer(Zone, "cards")


# -------------------------------------------------------------- collections


def find(zones: Iterable[Zone], name: str, owner: str | None = None) -> Zone:
    for z in zones:
        if z.name == name and z.owner == owner:
            return z
    raise ZoneError(f"no zone {name!r}" + (f" of {owner}" if owner else ""))


def put(zones: tuple[Zone, ...], zone: Zone) -> tuple[Zone, ...]:
    """`zones` with the zone of the same name and owner replaced by `zone`."""
    out = tuple(zone if (z.name, z.owner) == (zone.name, zone.owner) else z for z in zones)
    if out == zones and zone not in zones:
        return zones + (zone,)
    return out


def move(zones: tuple[Zone, ...], cards: Iterable[str], source: tuple[str, str | None],
         target: tuple[str, str | None]) -> tuple[Zone, ...]:
    """Move `cards` from the zone `source` (name, owner) to `target`."""
    cards = tuple(cards)
    zones = put(zones, find(zones, *source).remove(*cards))
    return put(zones, find(zones, *target).add(*cards))


def deck_zone(deck, name: str | None = None, owner: str | None = None,
              visibility: Visibility = COUNT) -> Zone:
    """A deck of the scenario (`dsl.model.Deck`) as a zone: every card definition
    `quantity` times, face down."""
    cards = tuple(card.name for card in deck.cards for _ in range(card.quantity))
    return Zone(name or deck.name, "deck", owner, visibility, cards)


def secrets_of(zones: Iterable[Zone], player: str) -> list:
    """What only `player` may know of these zones, in the form its own view shows
    it (`PileView`): a leak shows up as that exact value in another view."""
    from toolkit.referee.kit.view import pile_view

    out = []
    for z in zones:
        if z.visibility is OWNER and z.owner == player and z.cards:
            out.append(pile_view(z, player))
    return out
