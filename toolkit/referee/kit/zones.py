"""Zones: decks, hands, discard piles, displays and bids, as values.

A zone holds cards (by card name; copies of a card are equal) and says who
owns it and who may see what is in it:

    PUBLIC   everyone sees the cards (a display, a bid laid face up)
    OWNER    its owner sees the cards, everyone else their number (a hand)
    COUNT    everyone sees how many, nobody which (a deck, face down)
    NOBODY   nobody sees anything, not even how many (a set-aside pile)

Views and secrets come from this alone (`Zone.seen_by`, `secrets_of`): a
ruleset writes no per-game hiding code for its cards. A deck keeps only what is
known of its order: cards put on its top (`put_top`) or at its bottom
(`put_bottom`, a Ceasefire's territory) stay there, and the unknown rest between
them is a chance draw (`Zone.draw`, a `Draw` spec over those cards), so the table
can type the card it drew and the state never knows what is in the middle before
it is drawn. A known card's draw is a chance line too, with one possible card:
the record says which card came up either way, and its prompt says it was known.

    deck = deck_zone(scenario.decks["battle"])              # 98 cards, COUNT
    hand = Zone("hand", "hand", owner="Ann", visibility=OWNER)
    Decision.roll(deck.draw(1, "Ann draws"))                 # the chance decision
    deck, hand = deck.remove(card), hand.add(card)           # when it is applied
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from toolkit.referee.chance import Draw
from toolkit.referee.kit.values import WHEN_SET, evolve, replacer


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
    (a display or a bid keeps it; a deck's order means nothing but for `top` and
    `bottom`: cards among `cards` known to lie on the top, the top one first, and at
    the bottom, in the order they come up, the bottom one last)."""

    name: str
    kind: str
    owner: str | None = None
    visibility: Visibility = PUBLIC
    cards: tuple[str, ...] = ()
    top: tuple[str, ...] = field(default=(), metadata={"hash": WHEN_SET})
    bottom: tuple[str, ...] = field(default=(), metadata={"hash": WHEN_SET})

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

    def middle(self) -> tuple[str, ...]:
        """The cards whose place is not known: all but `top` and `bottom`."""
        left = list(self.cards)
        for card in self.top + self.bottom:
            left.remove(card)
        return tuple(left)

    # --------------------------------------------------------------- changing

    def add(self, *cards: str) -> "Zone":
        """`cards` shuffled into the unknown part (a deck), or laid on the rest."""
        return _holding(self, self.cards + cards)

    def put_top(self, *cards: str) -> "Zone":
        """`cards` put on top, face down, in this order (the first one on top)."""
        return _known(self, self.cards + cards, cards + self.top, self.bottom)

    def put_bottom(self, *cards: str) -> "Zone":
        """`cards` put at the bottom, in this order (the last one at the very bottom):
        they come up only once every card above them is gone."""
        return _known(self, self.cards + cards, self.top, self.bottom + cards)

    def remove(self, *cards: str) -> "Zone":
        """`cards` taken out, from the unknown part where it holds them (a search of
        the deck), else from the known top, else the known bottom."""
        left = list(self.cards)
        if not (self.top or self.bottom):  # nothing known: the cards are simply taken out
            for card in cards:
                try:
                    left.remove(card)
                except ValueError:
                    raise ZoneError(f"{self.name} holds no {card}") from None
            return _holding(self, tuple(left))
        top, bottom = list(self.top), list(self.bottom)
        middle = Counter(left) - Counter(top) - Counter(bottom)
        for card in cards:
            try:
                left.remove(card)
            except ValueError:
                raise ZoneError(f"{self.name} holds no {card}") from None
            if middle[card] > 0:
                middle[card] -= 1
            elif card in top:
                top.remove(card)
            elif card in bottom:
                bottom.remove(card)
        if not (self.top or self.bottom):
            return _holding(self, tuple(left))
        return _known(self, tuple(left), tuple(top), tuple(bottom))

    def drawn(self, *cards: str) -> "Zone":
        """`cards` drawn one by one from the top: the known top card first, then the
        unknown part, then the known bottom, as `draw` offered them."""
        z = self
        for card in cards:
            if z.top:
                if card != z.top[0]:
                    raise ZoneError(f"{z.name}: {z.top[0]} is on top, not {card}")
                z = _known(z, _without(z.cards, card), z.top[1:], z.bottom)
            elif card in z.middle():
                z = z.remove(card)
            elif z.bottom and card == z.bottom[0]:
                z = _known(z, _without(z.cards, card), z.top, z.bottom[1:])
            else:
                raise ZoneError(f"{z.name} cannot draw {card} next")
        return z

    def clear(self) -> "Zone":
        return _known(self, (), (), ()) if self.top or self.bottom else _holding(self, ())

    def draw(self, count: int = 1, label: str = "") -> Draw:
        """The chance spec of drawing `count` cards from here (the cards left,
        as a multiset, sorted so that two equal zones give equal specs). With a known
        top or bottom, one card at a time: the top card, else the unknown part, else
        the bottom card; the label says when the card is known."""
        if count > len(self.cards):
            raise ZoneError(f"{self.name} has {len(self.cards)} card(s), not {count}")
        label = label or f"draw from {self.name}"
        if not (self.top or self.bottom):
            return Draw(tuple(sorted(self.cards)), count, label)
        if count != 1:
            raise ZoneError(f"{self.name} has cards of known place: draw them one at a time")
        if self.top:
            return Draw(self.top[:1], 1, f"{label} (the card known to be on top)")
        middle = self.middle()
        if middle:
            return Draw(tuple(sorted(middle)), 1, label)
        return Draw(self.bottom[:1], 1, f"{label} (the card known to be at the bottom)")


#: `_holding(zone, cards)`: `zone` holding `cards` (the cards change at nearly every move)
_holding = replacer(Zone, "cards")


def _known(zone: Zone, cards: tuple[str, ...], top: tuple[str, ...],
           bottom: tuple[str, ...]) -> Zone:
    return evolve(zone, cards=cards, top=top, bottom=bottom)


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    left = list(cards)
    left.remove(card)
    return tuple(left)


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
