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
    kinds = {}
    for r in mine:
        kinds[r.uid] = _receiver_kind(s, side, r)
    out = []
    for u in mine:
        w = _carrier_weight(s, side, u, mine, ask, asked, soon, kinds)
        if w > 0:
            out.append((w, u))
    return out


def _receiver_kind(s: State, side: str, r: Unit) -> tuple:
    """All a carry order's weight reads of receiver `r`: its open boxes per class, what
    a top-up would bring it, whether it stands on a port, `bots.receiver_facts`, and
    the room to drop tokens on its node."""
    rr, want, at_port = receiver_wants(s, r)
    drop = 0 if at_port or all(rr[:3]) else TRANSPORT._drop_room(s, side, r.node)
    return rr, want, at_port, bots.receiver_facts(s, r), drop


def _carrier_weight(s: State, side: str, u: Unit, mine: list, ask: Asking, asked,
                    soon: bool, kinds: dict) -> float:
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
        w += _carry_weight(s, side, u, left, reach, mine, soon, kinds)
    return w


def _carry_weight(s: State, side: str, u: Unit, left: int, reach, mine: list,
                  soon: bool, kinds: dict) -> float:
    """What `u`'s carry orders weigh in all: to its receivers (counted by kind), from
    its card and its port's storage, then into its side's ports."""
    cfg = s.cfg
    counted: dict = {}
    for r in mine:
        if r is not u and r.node in reach:
            kind = kinds[r.uid]
            counted[kind] = counted.get(kind, 0) + 1
    sources = [("", u.tokens)]
    p = s.port(u.node)
    if p is not None and p.holder == side and sum(p.tokens):
        sources.append((cfg.names[u.node], p.tokens))
    drop_ok = int(cfg.opt("drop_limit")) > 0
    w = 0.0
    for src, have in sources:
        most = tuple(min(h, left) for h in have)
        for kind, n in counted.items():
            w += n * _to_receiver(kind, src, have, most, soon, drop_ok)
    for kp, node in enumerate(cfg.ports):
        if node in reach and s.ports[kp].holder == side and node != u.node:
            space = TRANSPORT._port_space(s, node)
            w += INTO_NODE_OR_PORT * sum(min(h, left, space) for h in u.tokens)
    return w


def _to_receiver(kind: tuple, src: str, have, most, soon: bool, drop_ok: bool) -> float:
    """What the carry orders from one source to one receiver of `kind` weigh in all,
    as `Transport._pair` lists them: a top-up, then per class 1..n tokens into its open
    boxes, or dropped beside it."""
    rr, want, at_port, facts, drop = kind
    w = 0.0
    if (want[0] and have[0]) or (want[1] and have[1]) or (want[2] and have[2]):
        w += bots.top_up_value(facts, have, soon)
    for cls in range(4):
        m = most[cls]
        if not m:
            continue
        if rr[cls]:
            n = min(m, rr[cls])
            if src and not facts[0]:  # 0.4 a token: the orders of 1..n tokens
                w += 0.2 * n * (n + 1)
            else:
                w += n * bots.carry_value(facts, src, cls, 1)
        elif cls != REPAIR and not at_port and drop_ok:
            w += INTO_NODE_OR_PORT * min(m, drop)
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
