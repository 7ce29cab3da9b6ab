"""After a battle: every bid is discarded; the winner takes the territory
(from the open card or from its holder), a new Territory card is turned face up
if the open one was taken, then the winner draws one card (the draw's window is
opened first and the turn-up's on top of it, so the chance lines come in that
order, after the last withdrawing player's draw: notation.md), and the winner
declares the next battle (`attack open`, or `attack SIDE NATION` for a territory
another player holds) and bids first. A Ceasefire leaves the territory where it
was (an open one goes to the bottom of the Territory deck and a new card is
turned up: LF-R18) and whoever declared the battle declares the next."""

from __future__ import annotations

from toolkit.referee.kit.flow import open_window
from toolkit.referee.kit.phases import CHANCE, Window
from toolkit.referee.kit.values import evolve
from toolkit.referee.protocol import Event, Illegal

from toolkit.referee.rulesets.last_front.config import TERRITORY
from toolkit.referee.rulesets.last_front.deal import open_draws
from toolkit.referee.rulesets.last_front.territories import with_holders
from toolkit.referee.rulesets.last_front.moves import Attack
from toolkit.referee.rulesets.last_front.state import (
    BATTLE_DISCARD, BID, CAPTURED, State, move_cards, zone_at, zones_with)

FLIP = "flip"


def next_declarer(s: State) -> str:
    return s.winner if s.winner is not None else s.declarer


def flip(s: State) -> State:
    """Turn the top Territory card face up (a public chance draw). Cards put under
    the deck (Ceasefire) come up only once the cards above them are gone: the deck
    keeps them at its bottom (`Zone.put_bottom`, LF-R18)."""
    deck = s.zone(TERRITORY)
    if deck.count == 0:
        return evolve(s, open_card=None)
    return open_window(s, Window(FLIP, CHANCE, spec=deck.draw(
        1, "the Territory deck, turned face up")))


class Flip:
    def check(self, s, side, m, w):
        return None

    def apply(self, s: State, side, outcome, w):
        card = outcome.values[0]
        s = evolve(s, zones=zones_with(s, s.zone(TERRITORY).drawn(card)), open_card=card)
        if s.contested is None:  # the first battle is for the first card turned up
            s = evolve(s, contested=card)
        return s, (Event("flip", f"the Territory card turned up is {card}", reveals=True),)


def battle_targets(s: State, side: str) -> list[Attack]:
    out = [Attack()] if s.open_card is not None else []
    for other in s.sides:
        if other != side:
            out += [Attack(other, n) for n in sorted({s.cfg.cards[c].nation for c in s.captured(other)})]
    return out


class Spoils:
    def order(self, s: State):
        return (next_declarer(s),)

    def enter(self, s: State):
        events = []
        zones = list(s.zones)
        thrown: list[str] = []
        for side in s.sides:  # every bid and dug-in pile to the discard pile
            i = zone_at(s, BID, side)
            thrown += zones[i].cards
            thrown += [c for pile in s.dug[s.at(side)] for c in pile]
            if zones[i].cards:
                zones[i] = zones[i].clear()
        d = zone_at(s, BATTLE_DISCARD)
        zones[d] = zones[d].add(*thrown)
        s = evolve(s, zones=tuple(zones), faces=((),) * len(s.sides),
                   dug=((),) * len(s.sides), mods=(), cancelled=(), propaganda=None,
                   digging=(), high_by=None)
        card = s.contested
        if s.winner is not None:
            if s.holder is not None:
                s = move_cards(s, [card], (CAPTURED, s.holder), (CAPTURED, s.winner))
                events.append(Event("capture", f"{s.winner} takes {card} from {s.holder}"))
            else:
                s = evolve(s, zones=zones_with(s, s.zone(CAPTURED, s.winner).add(card)),
                           open_card=None)
                events.append(Event("capture", f"{s.winner} captures {card}"))
            s = open_draws(s, s.winner, 1, events)
        elif s.holder is None:  # a ceasefire over the open card: it goes under the deck
            s = evolve(s, zones=zones_with(s, s.zone(TERRITORY).put_bottom(card)),
                       open_card=None)
        s = with_holders(evolve(s, contested=None, holder=None))
        if s.open_card is None:
            s = flip(s)
        return s, tuple(events)

    def candidates(self, s: State, side: str):
        return battle_targets(s, side)

    def check(self, s: State, side: str, m) -> Illegal | None:
        if not isinstance(m, Attack):
            return Illegal("LF-declare", "declare the next battle: attack open, or attack SIDE "
                           "NATION for a territory another player holds")
        if m.holder is None:
            if s.open_card is None:
                return Illegal("LF-declare", "the Territory deck is empty: attack a territory "
                               "another player holds")
            return None
        if m.holder == side:
            return Illegal("LF-declare", "you cannot attack your own territory")
        if m.holder not in s.sides:
            return Illegal("LF-declare", f"there is no player {m.holder}")
        if m not in battle_targets(s, side):
            return Illegal("LF-declare", f"{m.holder} holds no {m.nation} territory")
        return None

    def apply(self, s: State, side: str, m: Attack):
        if m.holder is None:
            s = evolve(s, contested=s.open_card, holder=None, declarer=side)
        else:
            card = next(c for c in s.captured(m.holder) if s.cfg.cards[c].nation == m.nation)
            s = evolve(s, contested=card, holder=m.holder, declarer=side)
        return s, (Event("declare", f"{side} attacks "
                         + ("the open territory" if m.holder is None
                            else f"{m.holder}'s {m.nation} territory")),)
