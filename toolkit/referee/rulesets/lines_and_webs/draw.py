"""The random bot's Transport draw, in steps (the move tree, tree.py), each step cheap.

1. **What acts**: the pass, a sustainment unit, or a port's cross-levelling, drawn by
   rejection, so that only the heads met are weighed: a head (a unit with its method
   or lift open, or cross-levelling) is picked uniformly and weighed (a unit: the sum
   of its branches' weights, step 2; cross-levelling: levelling.weight); one that
   weighs nothing is struck; else the side passes with chance `PASS_CHANCE`, and the
   head is kept with chance min(1, weight / `CAP`), or the pick is made again. So a
   head is drawn in proportion to its weight capped at `CAP` (one hungry combat unit
   in reach weighs some 8-12: a carrier with three or more is as likely as one with
   ten), and the pass as `PASS_CHANCE` against the mean of the heads' capped shares:
   likely when the side has little worth doing, one pick in twenty when it has much.
2. **What it does**: displace, move then resupply (by the nodes within its movement),
   carry to one receiver in its reach (what that receiver needs of what the carrier or
   its port holds: `Needs.of`), or carry into its side's ports.
3. **The orders of that branch**, listed as the listing lists them
   (`Transport._receiver_orders`, `_moves`, `_into_ports`) and drawn by the bot's own
   weights (bots.weights): a top-up or a class, and how many.

A branch with no order open is struck and the draw repeats at its step, so every draw
ends on a legal order. Until 28 November the first step weighed every carrier each
draw (some fifteen, each its receivers summed over its reach: a sixth of a random
game's time) with the pass at 0.15 of their sum; the rejection weighs two or so.
docs/balance.md says what this changes in random play.
"""

from __future__ import annotations

import random

from toolkit.referee.protocol import PASS
from toolkit.referee.rulesets.lines_and_webs import bots, levelling, transport
from toolkit.referee.rulesets.lines_and_webs.config import AMMO, FOOD, FUEL
from toolkit.referee.rulesets.lines_and_webs.network import carry_reach
from toolkit.referee.rulesets.lines_and_webs.state import OFF, State, Unit
from toolkit.referee.rulesets.lines_and_webs.transport import (
    Asking, Transport, carriers, receiver)

TRANSPORT = Transport()
DISPLACE_WEIGHT, INTO_PORT = bots.DISPLACE_WEIGHT, bots.INTO_PORT
#: a head weighing this much or more is as likely as any other (step 1's rejection)
CAP = 30.0
#: the chance, at each head met that weighs something, that the side passes instead
PASS_CHANCE = 0.05
#: a receiver's weight in the draw, whatever it needs: its other orders (a class it
#: has room for, tokens dropped beside it) are what bots.weights call rare (0.01)
FLOOR = 0.01
#: a sustainment unit restocked from its carrier's port, per open box (at most
#: RESTOCK_BOXES counted): bots.carry_value's large lots (0.4 a token of the lot)
RESTOCK, RESTOCK_BOXES = 1.0, 6
#: how many of a hungry unit's open ration boxes count, at bots.carry_value's 3.0 each
HUNGRY_BOXES = 3
#: step 1's head for the ports' cross-levelling (a unit is its own head)
LEVEL = None

#: the most steps the draw takes to an order of each kind: the unit, what it does, and
#: the order among that branch's (`sample_transport` says how many it took: a step
#: with one choice open is no step)
STEPS = {"displace": 2, "move": 3, "carry": 3, "xl": 2}
#: step 2's branches other than a receiver (a receiver is the unit itself)
DISPLACE, MOVE = ("displace",), ("move",)


def sample_transport(s: State, side: str, rng: random.Random) -> tuple:
    """One legal Transport order of `side`, drawn step by step (the module's text), and
    how many steps the draw took: the first, then each that chose among more than one
    (the benchmark's decision steps; a pass is one)."""
    units, kinds = s.units, s.cfg.kinds
    heads: list = []
    for uid in carriers(s, side):
        u = units[uid]
        if u.node != OFF and u.lost < 4 and not u.displaced \
                and (u.method == "" or kinds[u.kind].carries > u.lift):
            heads.append([u, None])
    heads.append([LEVEL, None])
    ask, asked, soon = Asking(s, side), bots.asked(s, side), bots._food_soon(s)
    needs = Needs(s, soon)
    while heads:
        at = int(rng.random() * len(heads))
        head = heads[at]
        if head[1] is None:  # weighed once a draw, when first met
            head[1] = _weigh(s, side, head[0], ask, asked, needs)
        weight, branches = head[1]
        if weight > 0:
            if rng.random() < PASS_CHANCE:
                return PASS, 1
            if rng.random() * CAP >= weight:
                continue  # not kept: pick again
            if head[0] is LEVEL:
                at_ports = levelling.on_ports_seen(s, side, ask.occ)
                return _level(s, asked, TRANSPORT.level_parts(s, side, None, at_ports),
                              soon, rng)
            order = _carrier_order(s, side, head[0], branches, ask, asked, soon, rng)
            if order is not None:
                return order
        heads[at] = heads[-1]  # struck: nothing open to it
        heads.pop()
    return PASS, 1


def _weigh(s: State, side: str, head, ask: Asking, asked, needs: "Needs") -> tuple:
    """(weight, branches) of a head of step 1: a unit's branches (`_branches`: their
    weights and what each is) and their sum, or cross-levelling's weight
    (levelling.weight) and no branches."""
    if head is LEVEL:
        return levelling.weight(s, side, None, TRANSPORT._port_space,
                                levelling.on_ports_seen(s, side, ask.occ)), None
    branches = _branches(s, side, head, ask, asked, needs)
    return sum(branches[0]), branches


def _pick(rng: random.Random, weights: list[float]) -> int:
    """The index drawn with probability proportional to its weight."""
    x = rng.random() * sum(weights)
    for i, w in enumerate(weights):
        x -= w
        if x < 0:
            return i
    return len(weights) - 1


def _level(s: State, asked, levels: list, soon: bool, rng: random.Random) -> tuple:
    """A port's cross-levelling order, by the bot's weights, and the steps taken."""
    orders: list = []
    weights: list[float] = []
    for what, run, _ in levels:
        orders += run
        weights += bots.part_weights(s, asked, what, run, soon)
    return orders[_pick(rng, weights)], 1 + (len(orders) > 1)


class Needs:
    """What each receiver weighs in the draw, worked out only for the receivers met
    (`of`): a tuple of eight weights, one for each kind of carrier (`kind`: can it
    give food, fuel or ammunition, restock from a port), from that unit alone, kept
    while it is the same value, with what the listing reads of it (transport.receiver:
    one memo for both); and the room in the side's ports (`open_ports`), once a draw."""

    def __init__(self, s: State, soon: bool):
        self.s, self.soon = s, soon
        self.memo = s.cfg.receiver_memo
        self._ports: list | None = None

    def open_ports(self, side: str) -> list:
        """(node, room left in its storage) of each port `side` holds, worked out once
        a draw and only if asked (a carrier's orders into ports weigh by it), where it
        was kept in the scenario's memo while the ports were the same value."""
        if self._ports is None:
            s = self.s
            self._ports = [(node, TRANSPORT._port_space(s, node))
                           for kp, node in enumerate(s.cfg.ports)
                           if s.ports[kp].holder == side]
        return self._ports

    def of(self, r: Unit) -> tuple:
        """Receiver `r`'s weights to each kind of carrier."""
        seen = self.memo.get(r.uid)
        if seen is None or seen[0] is not r:
            seen = receiver(self.s, r)
        kept = seen[4]
        if kept[0] is not self.soon:
            kept[1] = _weights(_needs(self.s, seen, self.soon))
            kept[0] = self.soon
        return kept[1]

    @staticmethod
    def kind(food: bool, supply: bool, port: bool) -> int:
        """The index of a carrier's weights: whether it can give food, fuel or
        ammunition, and restock from a port."""
        return 4 * food + 2 * supply + port


def _weights(need: tuple) -> tuple:
    """A receiver's weights to each kind of carrier (`Needs.kind`): its floor and base,
    plus its hunger to a carrier with food, its shortage to one with fuel or
    ammunition, its open boxes to one on a port, added in that order (a term a kind
    cannot give is left out, where adding 0.0 would give the very same float)."""
    n, base, hungry, short, boxes = need
    a = n * FLOOR + base
    fed = a + hungry
    restock = RESTOCK * boxes
    a_short, fed_short = a + short, fed + short
    return (a, a + restock, a_short, a_short + restock,
            fed, fed + restock, fed_short, fed_short + restock)


def _needs(s: State, seen: tuple, soon: bool) -> tuple:
    """One receiver's [1, base, food, fuel-and-ammunition, restock boxes]: a top-up
    of its basic load (bots.top_up_value: the hungry and degraded first, combat units
    short of fuel or ammunition next), rations into a hungry unit's open boxes
    (bots.carry_value), and a sustainment unit's open boxes to restock from a port.
    `seen`: the receiver as transport.receiver gives it."""
    r, rr, want = seen[0], seen[1], seen[2]
    combat, degraded, starving, low_fuel, low_ammo = bots.receiver_facts(s, r)
    scale = 1.0 if combat else 0.6
    base = 0.5 * scale if (want[0] or want[1] or want[2]) else 0.0
    food = 0.0
    if (degraded or starving) and rr[FOOD]:
        food = (12.0 if degraded else 8.0 if soon else 5.0) * scale - base
        food += 3.0 * min(rr[FOOD], HUNGRY_BOXES)
    short = 0.0
    if combat and ((low_fuel and want[FUEL]) or (low_ammo and want[AMMO])):
        short = 4.0 - base
    boxes = 0 if combat else min(sum(rr), RESTOCK_BOXES)
    return (1, base, food, short, boxes)


def _sources(s: State, side: str, u: Unit) -> tuple[tuple, object]:
    """What `u` carries from: its card, and the stock of its side's port it stands on
    (None when there is none)."""
    p = s.port(u.node)
    stock = p.tokens if p is not None and p.holder == side and sum(p.tokens) else None
    return u.tokens, stock


def _gives(own, stock) -> tuple[bool, bool, bool]:
    """(food, fuel or ammunition, a port to restock from) a carrier holding `own` and
    standing on `stock` can give."""
    food = own[FOOD] > 0 or (stock is not None and stock[FOOD] > 0)
    supply = (own[FUEL] > 0 or own[AMMO] > 0
              or (stock is not None and (stock[FUEL] > 0 or stock[AMMO] > 0)))
    return food, supply, stock is not None


def _move_weight(s: State, side: str, u: Unit, k, ask: Asking, asked) -> float:
    """What `u`'s move-and-resupply branch weighs, from the nodes within its movement
    by links through no enemy and no block (the carry table's reach: where it might
    end, its moves listed only once the branch is drawn): as bots._move_weight, 2.0 a
    node off its crowded seaport, 3.0 a port whose stock nobody carries on, 0.02 a node
    else."""
    reach = carry_reach(s, u.node, side, ask.occ, k.movement, ask.table)
    n = len(reach) - 1
    if n <= 0:
        return 0.0
    if u.node == asked.spod and asked.crowded:
        return 2.0 * n
    to = len(asked.stocked_nodes & reach.keys())
    return 3.0 * to + 0.02 * (n - to)


def _ports_weight(u: Unit, left: int, reach, open_ports: list) -> float:
    """What `u`'s orders into its side's ports weigh (INTO_PORT an order);
    `open_ports`: `Needs.open_ports`."""
    w = 0.0
    food, fuel, ammo, repair = u.tokens
    for node, space in open_ports:
        if node in reach and node != u.node:
            most = left if left < space else space
            w += INTO_PORT * (min(food, most) + min(fuel, most) + min(ammo, most)
                              + min(repair, most))
    return w


def _carrier_order(s: State, side: str, u: Unit, branches: tuple, ask: Asking, asked,
                   soon: bool, rng: random.Random) -> tuple | None:
    """Step 2 and 3 for carrier `u`: a branch of `branches` (their weights, what each
    is) by weight, then one of its orders by the bot's weights, and the steps taken;
    None when no branch has an order open."""
    weights, whats = branches
    chose = len(weights) > 1
    while weights:
        at = _pick(rng, weights)
        orders, order_weights = _orders(s, side, u, ask, asked, soon, whats[at])
        if orders:
            return orders[_pick(rng, order_weights)], 1 + chose + (len(orders) > 1)
        del weights[at], whats[at]
    return None


def _branches(s: State, side: str, u: Unit, ask: Asking, asked, needs: Needs) -> tuple:
    """`u`'s branches as two lists, their weights and what each is: DISPLACE, MOVE, a
    receiver (the unit), ("ports", reach)."""
    k = s.cfg.kinds[u.kind]
    weights: list = []
    whats: list = []
    if u.method == "":
        weights.append(DISPLACE_WEIGHT)
        whats.append(DISPLACE)
        if u.tokens[FUEL] and not u.degraded and not u.pinned:
            w = _move_weight(s, side, u, k, ask, asked)
            if w > 0:
                weights.append(w)
                whats.append(MOVE)
    left = k.carries - u.lift
    if u.method in ("", "move", "supply") and left > 0:
        own, stock = _sources(s, side, u)
        if sum(own) or stock is not None:
            kind = Needs.kind(*_gives(own, stock))
            reach = carry_reach(s, u.node, side, ask.occ, k.sp, ask.table)
            occ, of, memo, soon = ask.occ, needs.of, needs.memo, needs.soon
            for node in reach:
                there = occ.get(node)
                if there is not None:
                    for r in there:
                        if r.side == side and r is not u and not r.displaced:
                            seen = memo.get(r.uid)  # Needs.of, its kept answer in line
                            if seen is not None and seen[0] is r and seen[4][0] is soon:
                                weights.append(seen[4][1][kind])
                            else:
                                weights.append(of(r)[kind])
                            whats.append(r)
            w = _ports_weight(u, left, reach, needs.open_ports(side))
            if w > 0:
                weights.append(w)
                whats.append(("ports", reach))
    return weights, whats


def _orders(s: State, side: str, u: Unit, ask: Asking, asked, soon: bool,
            what: tuple) -> tuple[list, list[float]]:
    """The orders of one of `u`'s branches and their weights (bots.weights), as the
    listing lists them."""
    cfg = s.cfg
    k = cfg.kinds[u.kind]
    if what is DISPLACE:
        return [transport._one(cfg, "displace", u.label, "")], [DISPLACE_WEIGHT]
    if what is MOVE:
        moves = list(TRANSPORT._moves(s, u, k, ask.occ, ask.where))
        return moves, [bots._move_weight(asked, u, m) for m in moves]
    left = k.carries - u.lift
    if not isinstance(what, Unit):  # into the ports
        orders = list(TRANSPORT._into_ports(s, side, u, k, left, what[1]))
        return orders, [INTO_PORT] * len(orders)
    own, stock = _sources(s, side, u)
    sources = [("", own)]
    if stock is not None:
        sources.append((cfg.names[u.node], stock))
    drop_ok = int(cfg.opt("drop_limit")) > 0
    orders = list(TRANSPORT._receiver_orders(s, side, u, k, left, what, sources,
                                             cfg.order_runs, drop_ok))
    return orders, bots.piece_weights(s, orders, soon)


def steps_taken(move) -> int:
    """The most steps the draw takes to reach `move` (1: the pass)."""
    return 1 if move is PASS else STEPS.get(move.verb, 1)
