"""Front Lines orders in the players' words (toolkit.referee.wording): a unit by its
piece's name, never its letter, as the printed kit names it.

    IC2-C3        Infantry C2 to C3
    A@B9          Armor from the reserve onto B9
    reinforce@E5  Reinforce E5   (airstrike@D6: Airstrike D6; mine@C4: Mine C4)
    I=C2          Infantry on C2
    pass          Hold (in deployment: the rest of the army as set up)

The orders panel and the log of a side's own orders say them the same way (fog.py,
rules.py).
"""

from __future__ import annotations

from dsl.names import words
from toolkit.referee.kit.titles import capital
from toolkit.referee.protocol import PASS
from toolkit.referee.rulesets.front_lines.notation import DEPLOY, MOVE, SKILL, SPAWN
from toolkit.referee.rulesets.front_lines.state import DEPLOY as DEPLOYING

HOLD = "Hold"
AS_SET_UP = "Place the rest of the army as set up"


def kind_of(cfg, letter: str) -> str:
    """A piece letter's piece in words (`T` -> `anti tank`)."""
    return words(cfg.by_letter.get(letter, letter))


def order_words(cfg, order, deploying: bool = False) -> str:
    """One order as a sentence (`IC2-C3` -> `Infantry C2 to C3`)."""
    if order is PASS:
        return AS_SET_UP if deploying else HOLD
    action, piece, src, dst = order
    if action == MOVE:
        return f"{capital(kind_of(cfg, piece))} {src} to {dst}"
    if action == SPAWN:
        return f"{capital(kind_of(cfg, piece))} from the reserve onto {dst}"
    if action == SKILL:
        return f"{capital(piece)} {dst}"
    if action == DEPLOY:
        return f"{capital(kind_of(cfg, piece))} on {dst}"
    return str(order)


def orders_words(cfg, orders) -> str:
    """A side's orders so far, in order: `1. Infantry C2 to C3; 2. Hold`."""
    return "; ".join(f"{n}. {order_words(cfg, o)}" for n, o in enumerate(orders, 1))


def describe_move(state, player: str, move) -> str:
    """The ruleset's `describe_move` hook."""
    return order_words(state.cfg, move, state.phase == DEPLOYING)


def describe_group(state, player: str, group: str) -> str:
    """A group of orders (the notation before `-`, `@` or `=`): a piece letter alone
    (place one, or bring one in), a letter and a square (that unit), a skill."""
    cfg = state.cfg
    if group in cfg.by_letter:
        kind = capital(kind_of(cfg, group))
        return f"Place {kind_of(cfg, group)}" if state.phase == DEPLOYING \
            else f"{kind} from the reserve"
    if group[:1] in cfg.by_letter and group[1:] in cfg.index:
        return f"{capital(kind_of(cfg, group[0]))} on {group[1:]}"
    return capital(words(group))
