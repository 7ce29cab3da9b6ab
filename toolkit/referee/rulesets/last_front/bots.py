"""Weights for random bots: keep bidding while it is cheap, finish a bid once it
stands, withdraw rather than throw the whole hand at one battle."""

from __future__ import annotations

from toolkit.referee.kit.values import evolve
from toolkit.referee.protocol import PASS

from toolkit.referee.rulesets.last_front.moves import DONE, WITHDRAW, Attack, Dig, Face, Play


#: the weight of a card move or an attack, while the bid cannot stand yet and once it can
_BUILDING = {Play: 4.0, Face: 1.0, Dig: 2.0, Attack: 1.0}
_STANDING = {Play: 0.5, Face: 0.2, Dig: 2.0, Attack: 1.0}


def weights(s, player, legal) -> list[float]:
    can_finish = DONE in legal
    by_type = _STANDING if can_finish else _BUILDING
    withdraw = 1.0 if can_finish else 3.0
    out = []
    for m in legal:
        w = by_type.get(type(m))
        if w is None:
            if m == DONE:
                w = 20.0
            elif m == WITHDRAW:
                w = withdraw
            elif m is PASS:
                w = 5.0
            else:
                w = 1.0
        out.append(w)
    return out


# ------------------------------------------------------------ search bots


def determinize(s, side: str, rng):
    """A position `side` cannot tell from the true one: every other player's hand
    dealt again, at its size, from those hands and the Battle deck shuffled together
    (the decks keep no order, so nothing else is hidden). Search bots play on such
    samples, never on the hands they cannot see (issue 14)."""
    from toolkit.referee.rulesets.last_front.config import BATTLE
    from toolkit.referee.rulesets.last_front.state import HAND, with_zone

    others = [p for p in s.sides if p != side]
    deck = s.zone(BATTLE)
    pool = list(deck.cards)
    for p in others:
        pool += s.hand(p)
    rng.shuffle(pool)
    for p in others:
        hand = s.zone(HAND, p)
        n = len(hand.cards)
        s = with_zone(s, evolve(hand, cards=tuple(pool[:n])))
        del pool[:n]
    return with_zone(s, evolve(deck, cards=tuple(pool)))


def _progress(s, side: str) -> float:
    """How near `side` stands to a victory: territories held (three win the quick
    game, and two of a nation or three nations the normal one), with a little for
    the cards in hand that will fight the next battles."""
    taken = s.captured(side)
    nations = [s.cfg.cards[c].nation for c in taken]
    best = max((nations.count(n) for n in set(nations)), default=0)
    near = max(len(taken) / 3, best / 2, len(set(nations)) / 3)
    return near + 0.02 * len(s.hand(side))


def evaluate(s, side: str) -> float:
    """-1 to 1 for `side`: the game's result once it is over; else its progress toward
    a victory against the best placed of the others."""
    outcome = s.flow.outcome
    if outcome is not None:
        if outcome.winner is not None:
            return 1.0 if outcome.winner == side else -1.0
        first = outcome.ranking[0] if outcome.ranking else ()
        return 0.5 if side in first else -1.0
    mine = _progress(s, side)
    best_other = max(_progress(s, p) for p in s.sides if p != side)
    return max(-1.0, min(1.0, mine - best_other))
