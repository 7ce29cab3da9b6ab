"""How a search bot judges a Fantasy Line Battle position (issue 14): `evaluate`.

Everything here is measured in points of health, the game's one currency: a
character is worth the damage it takes to kill it plus what it will deal and
make over the Days still to come. A side's strength adds its live characters,
the targeted damage it holds, its shield, its mana and its spells in hand, and
takes off the damage already waiting on its own Front (the Front character
is that much nearer death). `evaluate` compares the two strengths.
"""

from __future__ import annotations

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


_MONEY: dict[int, tuple[Config, float]] = {}


def money_worth(cfg: Config) -> float:
    """The average worth of a Money over the character deck, each at its best place."""
    known = _MONEY.get(id(cfg))
    if known is not None and known[0] is cfg:
        return known[1]
    worth = cost = 0.0
    for card in cfg.character_deck:
        c = cfg.characters[card]
        worth += character_worth(cfg, card, c.damage, c.health, True)
        cost += c.cost
    value = worth / cost if cost else 0.0
    _MONEY[id(cfg)] = (cfg, value)
    return value


def _chosen(s: State, side: str, viewer: str) -> float:
    """While choosing: the worth of `side`'s selection, as placed, if `viewer` may see
    it; else what its Money buys on average (a hidden selection tells nothing more)."""
    cfg = s.cfg
    if side != viewer and not selection_shown(s, side):
        return cfg.money[side] * money_worth(cfg)
    total = 0.0
    for place, card in enumerate(s.selection(side), 1):
        c = cfg.characters[card]
        total += character_worth(cfg, card, c.damage, c.health,
                                 c.low <= place and (c.high is None or place <= c.high))
    if side not in s.done:
        total += MONEY_LEFT * money_worth(cfg) * s.get(s.money, side)
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
        hits = 0 if f.stunned else f.hits()
        total += character_worth(s.cfg, f.card, hits, f.health, f.reaches(place))
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
