"""How a search bot judges a Fantasy Line Battle position (issue 14): `evaluate`.

Everything here is measured in points of health, the game's one currency: a
character is worth the damage it takes to kill it plus what it will deal and
make over the Days still to come. A side's strength adds its live characters,
the targeted damage it holds, its shield, its mana and its spells in hand, and
takes off the damage already waiting on its own Front (the Front character
is that much nearer death). `evaluate` compares the two strengths.
"""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.referee.rulesets.fantasy_line_battle import victory
from toolkit.referee.rulesets.fantasy_line_battle.config import Config
from toolkit.referee.rulesets.fantasy_line_battle.state import State
from toolkit.referee.rulesets.fantasy_line_battle.unseen import choosing, selection_shown

#: A point of damage a Day is worth three of health: a game lasts about four Days
#: (median, docs/balance.md), so a character hits about three times before it falls.
DAMAGE = 3.0
#: Out of range now, it may step into range as the line ahead of it dies: half.
OUT_OF_RANGE = 0.5
#: Targeted damage picks its victim (a kill where it counts most): a little more.
TARGETED = 0.5
#: A mana a Day: spells turn about a mana into a damage (Fireball 3 for 3), over
#: the Days to come, but only with spells to spend it on: a little less than damage.
MANA_MADE = 2.5
#: Access to a spell category lets its hand hold four cards of it.
ACCESS = 2.0
#: Mana in the pool and spells in hand: a damage's worth each, roughly, once spent.
MANA_HELD = 0.7
SPELL_HELD = 1.5
#: Money not yet spent while choosing: what it may still buy, at half the average
#: worth of a Money (the hand may not hold the card that fits); nothing once done.
MONEY_LEFT = 0.5


def character_worth(cfg: Config, card: str, hits: int, health: int, in_range: bool) -> float:
    c = cfg.characters[card]
    reach = 1.0 if in_range else OUT_OF_RANGE
    return (health + DAMAGE * hits * reach * (1 + (TARGETED / DAMAGE if c.targeted else 0))
            + MANA_MADE * c.mana + ACCESS * len(c.spells))


@dataclass(frozen=True, slots=True)
class Averages:
    """Of a card drawn at random from the character deck: the worth of a Money (each
    card at its best place), the cost, and the worth at each place of a line."""

    money: float
    cost: float
    at_place: tuple[float, ...]


_AVERAGES: dict[int, tuple[Config, Averages]] = {}


def _reaches(c, place: int) -> bool:
    return c.low <= place and (c.high is None or place <= c.high)


def averages(cfg: Config) -> Averages:
    known = _AVERAGES.get(id(cfg))
    if known is not None and known[0] is cfg:
        return known[1]
    cards = [cfg.characters[card] for card in cfg.character_deck]
    cost = sum(c.cost for c in cards)
    best = sum(character_worth(cfg, c.name, c.damage, c.health, True) for c in cards)
    at_place = tuple(
        sum(character_worth(cfg, c.name, c.damage, c.health, _reaches(c, place))
            for c in cards) / max(len(cards), 1)
        for place in range(1, cfg.max_line + 1))
    value = Averages(best / cost if cost else 0.0, cost / max(len(cards), 1), at_place)
    _AVERAGES[id(cfg)] = (cfg, value)
    return value


def _chosen(s: State, side: str, viewer: str) -> float:
    """While choosing: the worth of `side`'s selection as placed, and of the Money it
    has left (MONEY_LEFT of the average, while it may still place).

    A selection `viewer` may not see counts as that many cards drawn at random and
    placed in a random order (what `determinize` deals, so that a position just
    before the reveal and just after it are judged on one scale), with the Money
    left estimated from the average cost: the number placed is all it knows."""
    cfg = s.cfg
    avg = averages(cfg)
    chosen = s.selection(side)
    if side != viewer and not selection_shown(s, side):
        total = sum(avg.at_place[:len(chosen)])
        money = max(0.0, cfg.money[side] - avg.cost * len(chosen))
    else:
        total = 0.0
        for place, card in enumerate(chosen, 1):
            c = cfg.characters[card]
            total += character_worth(cfg, card, c.damage, c.health, _reaches(c, place))
        money = s.get(s.money, side)
    if side not in s.done:
        total += MONEY_LEFT * avg.money * money
    return total


def strength(s: State, side: str, viewer: str) -> float:
    """`side`'s strength in points of health, from what `viewer` can see."""
    if choosing(s):
        return _chosen(s, side, viewer)
    total = 0.0
    place = 0
    for f in s.line(side):
        if f.dying:
            continue
        place += 1
        lasting = max(0, f.damage + f.curse)  # a curse lasts the game
        reach = f.reaches(place)
        total += character_worth(s.cfg, f.card, lasting, f.health, reach)
        today = 0 if f.stunned else f.hits()  # a stun or a blessing lasts the Day: once
        total += (today - lasting) * (1.0 if reach else OUT_OF_RANGE)
    total += s.get(s.pool, side) + s.get(s.shield, side) - s.get(s.front, side)
    total += MANA_HELD * s.get(s.mana, side) + SPELL_HELD * len(s.spells(side))
    for who, kind, n, whose in s.lasting:  # a fire burning every Day (Wall of Flame)
        if kind == "burn" and who == side and whose != "own":
            total += DAMAGE * n
    return max(total, 0.0)


def evaluate(s: State, side: str) -> float:
    """-1 (lost) to 1 (won) for `side`: the result once the game is decided; else the
    two strengths compared, (mine - theirs) / (mine + theirs), each read from what
    `side` can see (both lines once revealed, every public figure, hand sizes; its
    own selection while choosing, and for the other only what its Money buys)."""
    out = victory.outcome(s)
    if out is not None:
        return 0.0 if out.winner is None else (1.0 if out.winner == side else -1.0)
    other = s.cfg.other(side)
    mine, theirs = strength(s, side, side), strength(s, other, side)
    if mine + theirs <= 0:
        return 0.0
    return max(-1.0, min(1.0, (mine - theirs) / (mine + theirs)))
