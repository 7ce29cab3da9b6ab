"""Weights for random bots: keep bidding while it is cheap, finish a bid once it
stands, withdraw rather than throw the whole hand at one battle."""

from __future__ import annotations

from toolkit.referee.kit.values import evolve
from toolkit.referee.protocol import PASS

from toolkit.referee.rulesets.last_front.moves import DONE, WITHDRAW, Attack, Dig, Face, Play


def weights(s, player, legal) -> list[float]:
    out = []
    can_finish = DONE in legal
    for m in legal:
        if m == DONE:
            out.append(20.0)
        elif m == WITHDRAW:
            out.append(1.0 if can_finish else 3.0)
        elif m is PASS:
            out.append(5.0)
        elif isinstance(m, Play):
            out.append(0.5 if can_finish else 4.0)
        elif isinstance(m, Face):
            out.append(0.2 if can_finish else 1.0)
        elif isinstance(m, Dig):
            out.append(2.0)
        elif isinstance(m, Attack):
            out.append(1.0)
        else:
            out.append(1.0)
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
