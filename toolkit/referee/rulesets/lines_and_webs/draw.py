"""The random bot's Transport draw without the listing: what each carrier's orders
weigh in all (bots.weights, order by order) worked out from counts.

A carrier's carry orders to one receiver are, per class, the orders for 1..n tokens,
n the least of what the source holds, the carrier's lift left and the receiver's open
boxes (or the room to drop beside it): their weights depend only on a few facts of the
receiver (its open boxes, what a top-up brings it, `bots.receiver_facts`, the room to
drop on its node) and of the source. So a carrier is weighed from its receivers
counted by those facts, one sum per kind of receiver, never an order made or weighed
one by one; only the carrier the draw picks has its orders listed (tree.py).
tests/test_lines_and_webs_bots.py holds each carrier's weight to the sum of its listed
orders' weights.
"""

from __future__ import annotations

from toolkit.referee.rulesets.lines_and_webs import bots, transport
from toolkit.referee.rulesets.lines_and_webs.config import FUEL, REPAIR
from toolkit.referee.rulesets.lines_and_webs.network import carry_reach
from toolkit.referee.rulesets.lines_and_webs.state import State, Unit
from toolkit.referee.rulesets.lines_and_webs.transport import (
    CARRIERS, Asking, Transport, receiver_wants)

TRANSPORT = Transport()
DISPLACE_WEIGHT = 0.005  # bots.part_weights: a displacement stays rare
INTO_NODE_OR_PORT = 0.002  # bots._carry_weight: tokens onto a node or into a port


def carrier_weights(s: State, side: str, mine: list, ask: Asking, asked,
                    soon: bool) -> list[tuple[float, Unit]]:
    """(the summed weight of its orders, the unit) for each of `mine` with an order
    open to it, in listing order (`Transport.unit_parts`, weighed as bots.weights)."""
    drop_ok = int(s.cfg.opt("drop_limit")) > 0
    receivers = [_receiver(s, side, r, drop_ok) for r in mine]
    out = []
    for u in mine:
        w = _carrier_weight(s, side, u, ask, asked, soon, receivers)
        if w > 0:
            out.append((w, u))
    return out


def _receiver(s: State, side: str, r: Unit, drop_ok: bool) -> tuple:
    """All a carry order's weight reads of receiver `r`, worked out once a draw: the
    unit, what a top-up would bring it, `bots.receiver_facts`, and per class from a
    unit's card and from a port's storage (cap, weight): the orders of 1..n tokens go
    up to `cap` (its open boxes, or the room to drop beside it), each weighing
    `weight` (None: 0.4 a token, restocking a sustainment unit from a port)."""
    rr, want, at_port = receiver_wants(s, r)
    facts = bots.receiver_facts(s, r)
    drop = 0 if at_port or not drop_ok or all(rr[:3]) else TRANSPORT._drop_room(
        s, side, r.node)
    card, port = [], []
    for cls in range(4):
        if rr[cls]:
            v = bots.carry_value(facts, "", cls, 1)
            card.append((rr[cls], v))
            port.append((rr[cls], v if facts[0] else None))
        elif cls != REPAIR and drop:
            card.append((drop, INTO_NODE_OR_PORT))
            port.append((drop, INTO_NODE_OR_PORT))
        else:
            card.append((0, 0.0))
            port.append((0, 0.0))
    return r, want, facts, tuple(card), tuple(port)


def _carrier_weight(s: State, side: str, u: Unit, ask: Asking, asked, soon: bool,
                    receivers: list) -> float:
    """`u`'s orders' summed weight (0.0: it has none), part by part as
    `Transport.unit_parts` lists them."""
    k = s.cfg.kinds[u.kind]
    if k.role not in CARRIERS:
        return 0.0
    w = 0.0
    if u.method == "":
        w += DISPLACE_WEIGHT
        if u.tokens[FUEL] and not u.degraded and not u.pinned:
            for m in TRANSPORT._moves(s, u, k, ask.occ, ask.where):
                w += bots._move_weight(asked, u, m)
    left = k.carries - u.lift
    if u.method in ("", "move", "supply") and left > 0:
        reach = carry_reach(s, u.node, side, ask.occ, k.sp, ask.table)
        w += _carry_weight(s, side, u, left, reach, soon, receivers)
    return w


def _carry_weight(s: State, side: str, u: Unit, left: int, reach, soon: bool,
                  receivers: list) -> float:
    """What `u`'s carry orders weigh in all: to its receivers, from its card and its
    port's storage (as `Transport._pair` lists them: a top-up, then per class 1..n
    tokens into open boxes or dropped beside), then into its side's ports."""
    cfg = s.cfg
    sources = [(False, u.tokens)]
    p = s.port(u.node)
    if p is not None and p.holder == side and sum(p.tokens):
        sources.append((True, p.tokens))
    w = 0.0
    for from_port, have in sources:
        most = [min(h, left) for h in have]
        for r, want, facts, card, port in receivers:
            if r is u or r.node not in reach:
                continue
            if (want[0] and have[0]) or (want[1] and have[1]) or (want[2] and have[2]):
                w += bots.top_up_value(facts, have, soon)
            for m, (cap, each) in zip(most, port if from_port else card):
                if m and cap:
                    n = m if m < cap else cap
                    w += 0.2 * n * (n + 1) if each is None else each * n
    for kp, node in enumerate(cfg.ports):
        if node in reach and s.ports[kp].holder == side and node != u.node:
            space = TRANSPORT._port_space(s, node)
            w += INTO_NODE_OR_PORT * sum(min(h, left, space) for h in u.tokens)
    return w


def carrier_orders(s: State, side: str, u: Unit, mine: list, ask: Asking, asked,
                   soon: bool) -> tuple[list, list[float]]:
    """Carrier `u`'s orders and their weights, in listing order (`Transport.unit_parts`
    flattened, weighed as `bots.part_weights`), run by run: a receiver's orders of one
    class are one slice of the scenario's ready-made orders, weighed at once."""
    k = s.cfg.kinds[u.kind]
    orders: list = []
    weights: list[float] = []
    if u.method == "":
        orders.append(_made(s, "displace", u.label, ""))
        weights.append(DISPLACE_WEIGHT)
        if u.tokens[FUEL] and not u.degraded and not u.pinned:
            moves = TRANSPORT._moves(s, u, k, ask.occ, ask.where)
            orders += moves
            weights += [bots._move_weight(asked, u, m) for m in moves]
    left = k.carries - u.lift
    if u.method in ("", "move", "supply") and left > 0:
        reach = carry_reach(s, u.node, side, ask.occ, k.sp, ask.table)
        _carry_orders(s, side, u, k, left, reach, mine, soon, orders, weights)
    return orders, weights


def _carry_orders(s: State, side: str, u: Unit, k, left: int, reach, mine: list,
                  soon: bool, orders: list, weights: list) -> None:
    """`Transport._carrier` run by run, with the weights (`carrier_orders`)."""
    cfg = s.cfg
    sources = [("", u.tokens)]
    p = s.port(u.node)
    if p is not None and p.holder == side and sum(p.tokens):
        sources.append((cfg.names[u.node], p.tokens))
    drop_ok = int(cfg.opt("drop_limit")) > 0
    for r in mine:
        if r is u or r.node not in reach:
            continue
        rr, want, at_port = receiver_wants(s, r)
        facts = bots.receiver_facts(s, r)
        for src, have in sources:
            block = _run(cfg, u.label, r.label, src, k.carries)
            if (want[0] and have[0]) or (want[1] and have[1]) or (want[2] and have[2]):
                orders.append(block[4])
                weights.append(bots.top_up_value(facts, have, soon))
            for cls in range(4):
                h = have[cls]
                if not h:
                    continue
                if rr[cls]:
                    n = min(h, left, rr[cls])
                    orders += block[cls][:n]
                    if src and not facts[0]:
                        weights += [bots.carry_value(facts, src, cls, i)
                                    for i in range(1, n + 1)]
                    else:
                        weights += [bots.carry_value(facts, src, cls, 1)] * n
                elif cls != REPAIR and not at_port and drop_ok:
                    n = min(h, left, TRANSPORT._drop_room(s, side, r.node))
                    there = _run(cfg, u.label, cfg.names[r.node], src, k.carries)
                    orders += there[cls][:n]
                    weights += [INTO_NODE_OR_PORT] * n
    for kp, node in enumerate(cfg.ports):
        if node not in reach or s.ports[kp].holder != side or node == u.node:
            continue
        space = TRANSPORT._port_space(s, node)
        block = _run(cfg, u.label, cfg.names[node], "", k.carries)
        for cls in range(4):
            most = min(u.tokens[cls], left, space)
            if most > 0:
                orders += block[cls][:most]
                weights += [INTO_NODE_OR_PORT] * most


def _made(s: State, verb: str, label: str, to: str):
    return transport._one(s.cfg, verb, label, to)


def _run(cfg, label: str, to: str, src: str, most: int) -> tuple:
    """The scenario's ready-made carry orders from `label` (out of `src`) to `to`."""
    return cfg.order_runs.get(("carry", label, to, src)) or transport._block(
        cfg, label, to, src, most)
