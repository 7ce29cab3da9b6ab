"""The random bot's Issue orders draw: the cards a side may deal, weighed as they are
listed (`Orders.dealable`, each unit at hand: bots.deal_weight), where the flat draw
listed them and then looked each order's unit up again to weigh it. The same orders
in the same order with the same weights, drawn the same way (`rng.choices`), so the
same card is dealt from the same random numbers."""

from __future__ import annotations

import random

from toolkit.referee.protocol import PASS
from toolkit.referee.rulesets.lines_and_webs import bots
from toolkit.referee.rulesets.lines_and_webs.orders import Orders
from toolkit.referee.rulesets.lines_and_webs.state import State

ORDERS = Orders()
#: bots.deal_weight of a card dealt into each deck, by whether its unit is fit to fight
#: (indexed by that bool), read from it once
INTO_EXECUTION = (bots.deal_weight("x", False), bots.deal_weight("x", True))
INTO_RESERVE = (bots.deal_weight("r", False), bots.deal_weight("r", True))


def sample_deal(s: State, side: str, rng: random.Random):
    """One legal Issue orders order of `side`, drawn by the bot's weights."""
    orders, weights = weighed(s, side)
    return rng.choices(orders, weights)[0]


def weighed(s: State, side: str) -> tuple[list, list[float]]:
    """The Issue orders listing of `side` (`Orders.legal`) and its weights."""
    orders: list = [PASS]
    weights = [bots.DEAL_PASS]
    kinds, fit = s.cfg.kinds, bots.fit_to_fight
    for u, execute, reserve in ORDERS.dealable(s, side):
        able = fit(kinds, u)
        if execute is not None:
            orders.append(execute)
            weights.append(INTO_EXECUTION[able])
        if reserve is not None:
            orders.append(reserve)
            weights.append(INTO_RESERVE[able])
    for m in ORDERS.command_posts(s, side):
        orders.append(m)
        weights.append(bots.deal_weight(m.verb, True))
    return orders, weights
