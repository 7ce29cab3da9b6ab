"""What one side cannot see, drawn again for search bots (`determinize`, issue 14).

A side sees both lines once revealed, the dead, the discard piles, every public
figure, its own hands and selection, and of the other side: how many cards it
holds in its character hand and of each spell category (its draws are announced
by deck), and how many characters it has placed (each placing is announced).
It does not see which cards those are, nor the order or the contents of any deck
(a deck holds no order: a draw is a chance decision over what is left in it).

So the other side's hidden cards and the deck they came from are one pool, per
deck: its character hand, its face-down selection (while it is still face down)
and the characters a Merchant set aside go back into the character deck's pool;
its spells go back into the pool of their category. Each is dealt again at its
size. The pool is sorted before it is shuffled, so two true positions that look
the same to `side` give the same sample from the same generator: nothing of the
true hidden cards survives but what `side` could count.

While characters are chosen the other side's Money is secret too; in the sample
it is what the drawn selection leaves of the Money it started with. A drawn
selection must be one the other side could have placed: with the revealed
Farseer in it if it forced `side` to finish first, with a Merchant in it if the
other side holds more Character cards than the plain limit or set a card aside
(those cards are put in first), and within that Money (the rest is drawn again
until it fits, a few tries, then the cheapest cards of the pool are taken). The
split between the selection and the set-aside pile is kept (a small leak to the
search only: who took a card back is not announced).

An open draw window names the cards left in its deck; it is opened again on the
redealt deck, so a sample's draws come from the sample's deck.
"""

from __future__ import annotations

from toolkit.referee.kit import zones as zn
from toolkit.referee.kit.flow import with_flow
from toolkit.referee.kit.values import evolve

from toolkit.referee.rulesets.fantasy_line_battle.config import CATEGORIES, CHARACTERS
from toolkit.referee.rulesets.fantasy_line_battle import draws
from toolkit.referee.rulesets.fantasy_line_battle.draws import DRAW
from toolkit.referee.rulesets.fantasy_line_battle.state import (
    HAND, SELECTION, SET_ASIDE, SPELLS, State)

TRIES = 30  # draws of a selection before the cheapest cards are taken instead


def selection_shown(s: State, side: str) -> bool:
    """`side`'s selection is face up: the lines are revealed, or a Farseer forced it
    out and it is complete (FLB-farseer)."""
    return s.forced == side and side in s.done


def choosing(s: State) -> bool:
    return s.flow.round == 1 and s.flow.phase == "select"


def _with(s: State, name: str, owner: str | None, cards) -> State:
    return evolve(s, zones=zn.put(s.zones, evolve(s.zone(name, owner), cards=tuple(cards))))


def _has(s: State, card: str, effect: str) -> bool:
    return any(call.name == effect for call in s.cfg.characters[card].effects)


def _known(s: State, side: str, other: str) -> list[str]:
    """The effects `other`'s hidden selection must hold, as far as `side` can tell: the
    Farseer that forced `side` to finish first; a Merchant when `other` holds more
    Character cards than the plain limit or set a card aside."""
    need = []
    if s.forced == side:
        need.append("reveal_first")
    if len(s.hand(other)) > s.cfg.character_hand or s.zone(SET_ASIDE, other).count:
        need.append("unplay_free")
    return need


def _draw_selection(s: State, side: str, other: str, pool: list[str], n: int,
                    rng) -> list[str]:
    """`n` cards of `pool` (removed from it) that `other` could have placed, in the
    order placed: the cards it must hold first, the rest at random within its Money."""
    pinned = []
    for effect in _known(s, side, other):
        card = next((c for c in pool if _has(s, c, effect)), None)
        if card is not None and len(pinned) < n:
            pool.remove(card)
            pinned.append(card)
    money = s.cfg.money[other] - sum(s.cfg.characters[c].cost for c in pinned)
    k = n - len(pinned)
    for _ in range(TRIES):
        if sum(s.cfg.characters[c].cost for c in pool[:k]) <= money:
            break
        rng.shuffle(pool)
    else:  # the cheapest cards: within the Money, since the true selection was
        pool.sort(key=lambda c: s.cfg.characters[c].cost)
        rest = pool[k:]
        rng.shuffle(rest)
        pool[k:] = rest
    chosen = pinned + pool[:k]
    del pool[:k]
    rng.shuffle(chosen)
    return chosen


def _deal_characters(s: State, side: str, other: str, rng) -> State:
    hidden_selection = choosing(s) and not selection_shown(s, other)
    hand = s.zone(HAND, other)
    selection = s.zone(SELECTION, other)
    aside = s.zone(SET_ASIDE, other)
    pool = list(s.zone(CHARACTERS).cards) + list(hand.cards) + list(aside.cards)
    if hidden_selection:
        pool += selection.cards
    pool.sort()
    rng.shuffle(pool)
    if hidden_selection:
        chosen = _draw_selection(s, side, other, pool, selection.count, rng)
        s = _with(s, SELECTION, other, chosen)
        s = s.put("money", other,
                  s.cfg.money[other] - sum(s.cfg.characters[c].cost for c in chosen))
    for zone in (hand, aside):
        s = _with(s, zone.name, other, pool[:zone.count])
        del pool[:zone.count]
    return _with(s, CHARACTERS, None, pool)


def _deal_spells(s: State, other: str, rng) -> State:
    held = s.spells(other)
    dealt: list[str] = []
    for category in CATEGORIES:
        n = sum(1 for c in held if s.cfg.spells[c].category == category)
        pool = sorted(list(s.zone(category).cards)
                      + [c for c in held if s.cfg.spells[c].category == category])
        rng.shuffle(pool)
        dealt += pool[:n]
        s = _with(s, category, None, pool[n:])
    return _with(s, SPELLS, other, sorted(dealt))


def _reopen_draws(s: State) -> State:
    """Draw windows opened again on the decks as they now stand."""
    if not any(w.name == DRAW for w in s.flow.windows):
        return s
    return with_flow(s, windows=tuple(draws.redraw(s, w) for w in s.flow.windows))


def determinize(s: State, side: str, rng) -> State:
    """A position `side` cannot tell from `s`, with everything it cannot see drawn
    again from `rng` (see the module docstring)."""
    other = s.cfg.other(side)
    s = _deal_characters(s, side, other, rng)
    s = _deal_spells(s, other, rng)
    return _reopen_draws(s)
