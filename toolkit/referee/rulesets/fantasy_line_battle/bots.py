"""What search bots need (issue 14): `determinize` deals again what one side cannot see,
and `evaluate` judges a position from one side's chair."""

from __future__ import annotations

from toolkit.referee.kit import zones as zn
from toolkit.referee.kit.values import evolve

from toolkit.referee.rulesets.fantasy_line_battle import draws, line
from toolkit.referee.rulesets.fantasy_line_battle.config import CATEGORIES, CHARACTERS
from toolkit.referee.rulesets.fantasy_line_battle.state import (
    HAND, SELECTION, SET_ASIDE, SPELLS, State)

#: tries at a face-down selection the other side could have paid for
TRIES = 20


def _deal(pool: list, n: int) -> tuple[str, ...]:
    out = tuple(pool[:n])
    del pool[:n]
    return out


def determinize(s: State, side: str, rng) -> State:
    """A position `side` cannot tell from the true one: the other side's character hand
    (and, while choosing, its face-down selection and set-aside cards, at a cost its
    Money paid) dealt again from the cards `side` has not seen, and its spell hand dealt
    again category by category from that category's deck. Open draws are asked of the
    decks as dealt."""
    other = s.cfg.other(side)
    choosing = s.flow.round == 1 and s.flow.phase == "select"
    shown = s.forced == other and other in s.done
    hidden = [HAND] + ([SET_ASIDE] + ([] if shown else [SELECTION]) if choosing else [])
    unseen = list(s.zone(CHARACTERS).cards)
    for name in hidden:
        unseen += s.zone(name, other).cards
    sizes = {name: s.zone(name, other).count for name in hidden}
    spent = s.cfg.money[other] - s.get(s.money, other) if SELECTION in sizes else None
    for _ in range(TRIES):
        pool = list(unseen)
        rng.shuffle(pool)
        dealt = {name: _deal(pool, sizes[name]) for name in hidden}
        if spent is None or sum(s.cfg.characters[c].cost for c in dealt[SELECTION]) <= \
                s.cfg.money[other]:
            break
    else:
        return s  # no affordable deal found: play on the position as it stands
    zones = s.zones
    for name in hidden:
        zones = zn.put(zones, evolve(s.zone(name, other), cards=dealt[name]))
    zones = zn.put(zones, evolve(s.zone(CHARACTERS), cards=tuple(sorted(pool))))
    money = s.money
    if spent is not None:
        left = s.cfg.money[other] - sum(s.cfg.characters[c].cost for c in dealt[SELECTION])
        money = s.put("money", other, left).money
    hand = s.spells(other)
    new_hand: list[str] = []
    for category in CATEGORIES:
        mine = [c for c in hand if s.cfg.spells[c].category == category]
        deck = s.zone(category)
        pool = list(deck.cards) + mine
        rng.shuffle(pool)
        new_hand += _deal(pool, len(mine))
        zones = zn.put(zones, evolve(deck, cards=tuple(sorted(pool))))
    zones = zn.put(zones, evolve(s.zone(SPELLS, other), cards=tuple(new_hand)))
    out = evolve(s, zones=zones, money=money)
    windows = tuple(draws.redraw(out, w) for w in s.flow.windows)
    return evolve(out, flow=evolve(s.flow, windows=windows))


def _strength(s: State, side: str, viewer: str) -> float:
    """Health standing in the line (while choosing: placed face down, when `viewer` may
    see it) less the damage waiting on its Front, with the damage it deals each Day,
    its targeted damage held, its production and mana as extras."""
    fighters = list(s.live(side))
    health = sum(f.health for f in fighters) - s.get(s.front, side)
    hits = sum(f.hits() for f in fighters if line.in_range(s, side, f))
    if side == viewer:
        for card in s.selection(side):
            c = s.cfg.characters[card]
            health, hits = health + c.health, hits + c.damage
    return max(0.0, health) + 2 * hits + 2 * s.get(s.pool, side) + \
        2 * line.production(s, side) + 0.2 * s.get(s.mana, side)


def evaluate(s: State, side: str) -> float:
    """-1 to 1 for `side`: the result once the game is over; else its strength against
    the other's (FLB-end: the side that runs out of characters loses)."""
    outcome = s.flow.outcome
    if outcome is not None:
        return 0.0 if outcome.winner is None else 1.0 if outcome.winner == side else -1.0
    mine, theirs = _strength(s, side, side), _strength(s, s.cfg.other(side), side)
    return 0.0 if mine + theirs == 0 else (mine - theirs) / (mine + theirs)
