"""Every move of Last Front's notation worth trying in a position, legal or not (the
`move_space` hook): the contract test checks that `check` accepts exactly the listed
legal moves over all of it. Bounded by what lies on the table: every card name of the
Battle deck played, declared and taken; targets drawn from every player and every
card in a bid or hand; piles from the player's bid; attacks on every player and
nation."""

from __future__ import annotations

from itertools import combinations

from toolkit.referee.protocol import PASS

from toolkit.referee.rulesets.last_front.config import BATTLE
from toolkit.referee.rulesets.last_front.moves import DONE, WITHDRAW, Attack, Dig, Face, Play, Take
from toolkit.referee.rulesets.last_front.state import State

#: the largest pile of a dig-in tried (a pile of 10 takes at most a few cards)
PILE_CARDS = 3


def move_space(s: State, player: str) -> list:
    cards = sorted(set(s.cfg.decks[BATTLE]))
    mine = sorted(set(s.hand(player)))
    bid = sorted(set(s.bid(player)))
    others = [p for p in s.sides if p != player]
    in_bids = sorted({c for p in s.sides for c in s.bid(p)})
    out: list = [PASS, DONE, WITHDRAW]
    out += [Play(c) for c in cards] + [Face(c) for c in cards] + [Take(c) for c in cards]
    for c in mine:  # targets: a player; a player and a card; a swap
        out += [Play(c, (p,)) for p in s.sides]
        out += [Play(c, (p, t)) for p in s.sides for t in in_bids + mine[:1]]
        out += [Play(c, (p, t, m)) for p in others for t in in_bids for m in bid + mine[:1]]
    out += [Dig(tuple(sorted(pile))) for k in range(1, PILE_CARDS + 1)
            for pile in combinations(s.bid(player), k)]
    nations = sorted({s.cfg.cards[c].nation for c in s.cfg.decks["territory"]})
    out += [Attack()] + [Attack(p, n) for p in s.sides for n in nations]
    return list(dict.fromkeys(out))
