"""The random bot's Transport draw, in steps (the move tree, tree.py), each step cheap.

1. **What acts**: the pass, a sustainment unit, or a port's cross-levelling. A unit
   weighs the sum of its branches' weights (step 2); its carrying is summed from the
   side's receivers added up node by node (`Needs`) over the nodes in its reach, never
   a carrier-receiver pair at a time, and kept from draw to draw (tally.py).
2. **What it does**: displace, move then resupply (by the nodes within its movement),
   carry to one receiver in its reach (what that receiver needs of what the carrier or
   its port holds: `Needs.of`), or carry into its side's ports.
3. **The orders of that branch**, listed as the listing lists them
   (`Transport._receiver_orders`, `_moves`, `_into_ports`) and drawn by the bot's own
   weights (bots.weights): a top-up or a class, and how many.

A branch with no order open is struck and the draw repeats at its step, so every draw
ends on a legal order. The odds differ from the flat weighted list's (which weighed
every order of every carrier, some 300 carrier-receiver pairs a decision): a carrier is
chosen by what its receivers need, not by how many orders of 1..N tokens it could
give them, and among its receivers by the same needs; within a receiver the flat
weights hold. docs/balance.md says what this changes in random play.
"""

from __future__ import annotations

import random

from toolkit.referee.protocol import PASS
from toolkit.referee.rulesets.lines_and_webs import bots, levelling, transport
from toolkit.referee.rulesets.lines_and_webs.config import FUEL
from toolkit.referee.rulesets.lines_and_webs.network import carry_reach
from toolkit.referee.rulesets.lines_and_webs.state import State, Unit
from toolkit.referee.rulesets.lines_and_webs.tally import (
    Needs, Tally, gives, move_weight, ports_weight, sources)
from toolkit.referee.rulesets.lines_and_webs.transport import (
    Asking, Transport, transporters)

TRANSPORT = Transport()
DISPLACE_WEIGHT, INTO_PORT = bots.DISPLACE_WEIGHT, bots.INTO_PORT

#: the steps the draw takes to an order of each kind (the benchmark's decision steps):
#: the unit, what it does, and the order among that branch's
STEPS = {"displace": 2, "move": 3, "carry": 3, "xl": 2}


def sample_transport(s: State, side: str, rng: random.Random):
    """One legal Transport order of `side`, drawn step by step (the module's text)."""
    mine = transporters(s, side)
    ask, asked, soon = Asking(s, side), bots.asked(s, side), bots._food_soon(s)
    tally = Tally.of(s, side, mine, ask, asked, soon)
    needs, weighed = tally.needs, tally.weights
    heads: list = [[weighed[u.uid], u] for u in mine
                   if u.uid in weighed and weighed[u.uid] > 0]
    levels = levelling.weight(s, side, mine, TRANSPORT._port_space)
    if levels > 0:
        heads.append([levels, None])
    while True:
        total = sum(h[0] for h in heads)
        at = _pick(rng, [bots.transport_pass(total)] + [h[0] for h in heads])
        if at == 0:
            return PASS
        head = heads[at - 1]
        if head[1] is None:
            return _level(s, asked, TRANSPORT.level_parts(s, side, mine), soon, rng)
        got = _carrier_order(s, side, head[1], ask, asked, needs, soon, rng)
        if got is not None:
            return got
        heads.remove(head)  # nothing open to it after all: strike it


def _pick(rng: random.Random, weights: list[float]) -> int:
    """The index drawn with probability proportional to its weight."""
    x = rng.random() * sum(weights)
    for i, w in enumerate(weights):
        x -= w
        if x < 0:
            return i
    return len(weights) - 1


def _level(s: State, asked, levels: list, soon: bool, rng: random.Random):
    """A port's cross-levelling order, by the bot's weights."""
    orders: list = []
    weights: list[float] = []
    for what, run, _ in levels:
        orders += run
        weights += bots.part_weights(s, asked, what, run, soon)
    return orders[_pick(rng, weights)]


def _carrier_order(s: State, side: str, u: Unit, ask: Asking, asked, needs: Needs,
                   soon: bool, rng: random.Random):
    """Step 2 and 3 for carrier `u`: a branch by weight, then one of its orders by the
    bot's weights; None when no branch has an order open."""
    branches = _branches(s, side, u, ask, asked, needs)
    while branches:
        at = _pick(rng, [b[0] for b in branches])
        orders, weights = _orders(s, side, u, ask, asked, soon, branches[at][1])
        if orders:
            return orders[_pick(rng, weights)]
        del branches[at]
    return None


def _branches(s: State, side: str, u: Unit, ask: Asking, asked, needs: Needs) -> list:
    """`u`'s branches as [weight, what]: ("displace",), ("move",), ("to", receiver),
    ("ports", reach)."""
    k = s.cfg.kinds[u.kind]
    out: list = []
    if u.method == "":
        out.append([DISPLACE_WEIGHT, ("displace",)])
        if u.tokens[FUEL] and not u.degraded and not u.pinned:
            w = move_weight(s, side, u, k, ask, asked)
            if w > 0:
                out.append([w, ("move",)])
    left = k.carries - u.lift
    if u.method in ("", "move", "supply") and left > 0:
        own, stock = sources(s, side, u)
        if sum(own) or stock is not None:
            kind = Needs.kind(*gives(own, stock))
            reach = carry_reach(s, u.node, side, ask.occ, k.sp, ask.table)
            occ, by_unit = ask.occ, needs.by_unit
            for node in reach:
                for r in occ.get(node, ()):
                    if r.side == side and r is not u and r.uid in by_unit:
                        out.append([by_unit[r.uid][kind], ("to", r)])
            w = ports_weight(s, side, u, left, reach)
            if w > 0:
                out.append([w, ("ports", reach)])
    return out


def _orders(s: State, side: str, u: Unit, ask: Asking, asked, soon: bool,
            what: tuple) -> tuple[list, list[float]]:
    """The orders of one of `u`'s branches and their weights (bots.weights), as the
    listing lists them."""
    cfg = s.cfg
    k = cfg.kinds[u.kind]
    if what[0] == "displace":
        return [transport._one(cfg, "displace", u.label, "")], [DISPLACE_WEIGHT]
    if what[0] == "move":
        moves = list(TRANSPORT._moves(s, u, k, ask.occ, ask.where))
        return moves, [bots._move_weight(asked, u, m) for m in moves]
    left = k.carries - u.lift
    if what[0] == "ports":
        orders = list(TRANSPORT._into_ports(s, side, u, k, left, what[1]))
        return orders, [INTO_PORT] * len(orders)
    own, stock = sources(s, side, u)
    whence = [("", own)]
    if stock is not None:
        whence.append((cfg.names[u.node], stock))
    drop_ok = int(cfg.opt("drop_limit")) > 0
    orders = list(TRANSPORT._receiver_orders(s, side, u, k, left, what[1], whence,
                                             cfg.order_runs, drop_ok))
    return orders, bots.piece_weights(s, orders, soon)


def steps_taken(move) -> int:
    """How many steps the draw takes to reach `move` (1: the pass)."""
    return 1 if move is PASS else STEPS.get(move.verb, 1)
