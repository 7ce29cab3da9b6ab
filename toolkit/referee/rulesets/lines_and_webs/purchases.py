"""The random bot's Spend resources draw, run by run: the purchases listed in the
parts the listing is made of (`Spend.legal`: the pass, units by type, tokens by class
and count, cards, SF in the Area! plays), each part weighed as a whole, where the
flat draw weighed some 300 orders one by one (tokens 1..25 of four classes, by sea
and by air; a block on every node). The weights are the flat draw's (bots.spend_*),
in the listing's order, and the draw is the flat draw's (`rng.choices` over them), so
the same purchase is drawn from the same random numbers."""

from __future__ import annotations

import random
from itertools import repeat
from operator import mul, truediv

from toolkit.referee.protocol import PASS
from toolkit.referee.rulesets.lines_and_webs import bots
from toolkit.referee.rulesets.lines_and_webs.spending import Spend
from toolkit.referee.rulesets.lines_and_webs.state import State

SPENDING = Spend()


def sample_spend(s: State, side: str, rng: random.Random):
    """One legal Spend resources order of `side`, drawn by the bot's weights."""
    parts = weighed_parts(s, side)
    weights: list = []
    for _, w in parts:
        weights += w
    at = rng.choices(range(len(weights)), weights)[0]
    for orders, _ in parts:
        if at < len(orders):
            return orders[at]
        at -= len(orders)
    raise AssertionError("the draw fell outside the listing")  # pragma: no cover


def weighed_parts(s: State, side: str) -> list:
    """The Spend listing of `side` in its parts, each (orders, their weights): the
    pass, units, each run of tokens, then cards and plays (`Spend.legal`'s order)."""
    facts = bots.spend_facts(s, side)
    parts: list = [((PASS,), (bots.spend_pass(facts),))]
    units = SPENDING.unit_buys(s, side)
    parts.append((units, (bots.spend_unit(facts),) * len(units)))
    for verb, letter, run in SPENDING.token_buys(s, side):
        parts.append((run, _token_weights(facts, verb, letter, len(run))))
    cards = SPENDING.card_buys(s, side) + SPENDING.plays(s, side)
    parts.append((cards, (bots.spend_card(facts),) * len(cards)))
    return parts


def _token_weights(facts: tuple, verb: str, letter: str, most: int) -> list:
    """The weights of `verb` 1..`most` tokens of class `letter`, each the very float
    bots.spend_tokens gives it (the same operations in the same order), worked out for
    the run at once: below the lot that closes the gap by count, the lot, above it one
    weight (each product made by `map` over `operator.mul`, the same floats as a
    comprehension's `w * factor`, without a Python frame a token)."""
    gaps, rp, _, tokens_wait, airhead, _, soon = facts
    gap = gaps[bots.CLASS[letter]] if letter in bots.CLASS else 0
    if gap <= 0:
        return [0.01] * most
    lot = min(gap, rp)
    out = list(map(truediv, map(mul, repeat(2.0), range(1, min(lot, most + 1))), repeat(lot)))
    if lot <= most:
        out += [6.0] + [0.02] * (most - lot)
    for factor, applies in ((2, letter == "r" and soon), (0.1, verb == "buy" and tokens_wait),
                            (0.01, verb == "fly" and not airhead)):
        if applies:
            out = list(map(mul, out, repeat(factor)))
    if verb == "buy":  # times 1.0: the very same floats
        return out
    return list(map(mul, out, repeat(0.7)))
