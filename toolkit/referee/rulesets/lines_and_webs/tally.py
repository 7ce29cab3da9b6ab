"""What each sustainment unit weighs in the first step of the random bot's Transport
draw (draw.py): the sum of its branches' weights (displace, move then resupply, carry
to each receiver in its reach, carry into its side's ports), its receivers summed node
by node (`Needs`), never a carrier-receiver pair at a time.

Weights are counted in thousandths, as integers (every weight the draw uses is a
whole number of them), so a sum is exact whatever its order and can be brought up to
date: a side's `Tally` is kept between draws, and a later position of the same phase
works out again only what the orders since changed (the needs of the units that
changed, added to the carriers whose reach holds their nodes; the orders into a port
whose storage changed; the moves towards stock nobody carries on). A kept weight is
the very number a fresh tally gives."""

from __future__ import annotations

from itertools import count

from toolkit.referee.rulesets.lines_and_webs import bots
from toolkit.referee.rulesets.lines_and_webs.config import AMMO, FOOD, FUEL
from toolkit.referee.rulesets.lines_and_webs.network import carry_reach
from toolkit.referee.rulesets.lines_and_webs.state import OFF, State, Unit
from toolkit.referee.rulesets.lines_and_webs.transport import (
    CARRIERS, Asking, Transport, receiver_wants)

TRANSPORT = Transport()
DISPLACE_WEIGHT, INTO_PORT = bots.DISPLACE_WEIGHT, bots.INTO_PORT
#: a receiver's weight in the draw, whatever it needs: its other orders (a class it
#: has room for, tokens dropped beside it) are what bots.weights call rare (0.01)
FLOOR = 0.01
#: a sustainment unit restocked from its carrier's port, per open box (at most
#: RESTOCK_BOXES counted): bots.carry_value's large lots (0.4 a token of the lot)
RESTOCK, RESTOCK_BOXES = 1.0, 6
#: how many of a hungry unit's open ration boxes count, at bots.carry_value's 3.0 each
HUNGRY_BOXES = 3
#: weights are counted in these parts of one
PARTS = 1000
NO_NEEDS = (0,) * 8


def milli(weight: float) -> int:
    """A weight in thousandths (every weight of the draw is a whole number of them)."""
    return round(weight * PARTS)


class Tally:
    """`side`'s carriers' weights in the first step, by uid, in thousandths: each as
    (kind, its receivers, its moves, its orders into ports, its displacement, whether
    it may move) (`_parts`), and the receivers' `Needs` they were summed from."""

    __slots__ = ("units", "ports", "fixed", "needs", "stocked", "parts", "weights")

    def __init__(self, s: State, fixed: tuple, needs: "Needs", stocked, parts: dict):
        self.units, self.ports, self.fixed = s.units, s.ports, fixed
        self.needs, self.stocked, self.parts = needs, stocked, parts
        self.weights = {uid: (p[1] + p[2] + p[3] + p[4]) / PARTS for uid, p in parts.items()}

    @staticmethod
    def of(s: State, side: str, mine: list, ask: Asking, asked, soon: bool) -> "Tally":
        """`side`'s tally in `s`, from the last one kept where it still holds (the same
        veil, blocks, queue, reach table and consumption turn: the same phase)."""
        memo = s.cfg.weight_memo
        fixed = (s.veil, s.blocked, s.book(side).queue, soon, ask.table)
        was = memo.get(("tally", side))
        if was is None or len(was.units) != len(s.units) or any(
                a is not b for a, b in zip(was.fixed, fixed)):
            needs = Needs(s, side, mine, soon)
            kinds = s.cfg.kinds
            parts = {u.uid: _parts(s, side, u, kinds[u.kind], ask, asked, needs)
                     for u in mine if kinds[u.kind].role in CARRIERS}
            got = Tally(s, fixed, needs, asked.stocked_nodes, parts)
        else:
            got = was._since(s, side, mine, ask, asked, soon)
        memo[("tally", side)] = got
        return got

    def _since(self, s: State, side: str, mine: list, ask: Asking, asked,
               soon: bool) -> "Tally":
        """This tally brought up to `s`, a position of the same phase."""
        old, units = self.units, s.units
        changed = set() if old is units else {
            i for i, a, b in zip(count(), old, units) if a is not b}
        needs, deltas = self.needs.since(s, side, soon, changed, old)
        stores = set() if self.ports is s.ports else {
            node for node, p, q in zip(s.cfg.ports, self.ports, s.ports) if p is not q}
        stocked = asked.stocked_nodes
        moved = stocked ^ self.stocked
        parts, kept, kinds = {}, self.parts, s.cfg.kinds
        for u in mine:
            k = kinds[u.kind]
            if k.role not in CARRIERS:
                continue
            p = kept.get(u.uid)
            if p is None or u.uid in changed or u.node in stores:
                p = _parts(s, side, u, k, ask, asked, needs)
            elif deltas or stores or moved:
                p = _brought(s, side, u, k, ask, asked, p, (deltas, stores, moved))
            parts[u.uid] = p
        return Tally(s, self.fixed, needs, stocked, parts)


def _parts(s: State, side: str, u: Unit, k, ask: Asking, asked, needs: "Needs") -> tuple:
    """Carrier `u`'s weight in parts (`Tally`)."""
    base = move = carry = ports = 0
    kind = None
    moves = False
    if u.method == "":
        base = milli(DISPLACE_WEIGHT)
        moves = bool(u.tokens[FUEL] and not u.degraded and not u.pinned)
        if moves:
            move = milli(move_weight(s, side, u, k, ask, asked))
    left = k.carries - u.lift
    if u.method in ("", "move", "supply") and left > 0:
        own, stock = sources(s, side, u)
        if stock is not None or own[0] or own[1] or own[2] or own[3]:
            kind = Needs.kind(*gives(own, stock))
            reach = carry_reach(s, u.node, side, ask.occ, k.sp, ask.table)
            by_node = needs.by_node
            carry = sum(by_node[node][kind] for node in by_node.keys() & reach.keys())
            carry -= needs.by_unit_int[u.uid][kind]  # not a receiver of its own
            ports = milli(ports_weight(s, side, u, left, reach))
    return kind, carry, move, ports, base, moves


def _brought(s: State, side: str, u: Unit, k, ask: Asking, asked, p: tuple,
             since: tuple) -> tuple:
    """Parts `p` of a carrier that did not change, after the needs on some nodes
    changed by `deltas`, the ports on the nodes `stores` did, and the stock nobody
    carries on moved on the nodes `moved`."""
    deltas, stores, moved = since
    kind, carry, move, ports, base, moves = p
    if kind is not None and (deltas or stores):
        reach = carry_reach(s, u.node, side, ask.occ, k.sp, ask.table)
        for node, delta in deltas.items():
            if node in reach:
                carry += delta[kind]
        if any(node in reach for node in stores):
            ports = milli(ports_weight(s, side, u, k.carries - u.lift, reach))
    if moves and moved:
        reach = carry_reach(s, u.node, side, ask.occ, k.movement, ask.table)
        if any(node in reach for node in moved):
            move = milli(move_weight(s, side, u, k, ask, asked))
    return kind, carry, move, ports, base, moves


def carrier_weight(s: State, side: str, u: Unit, k, ask: Asking, asked,
                   needs: "Needs") -> float:
    """The sum of `u`'s branches' weights (draw._branches), worked out afresh."""
    p = _parts(s, side, u, k, ask, asked, needs)
    return (p[1] + p[2] + p[3] + p[4]) / PARTS


class Needs:
    """What each receiver of `side` weighs in the draw: per unit a tuple of eight
    weights, one for each kind of carrier (`kind`: can it give food, fuel or
    ammunition, restock from a port), and the same in thousandths (`by_unit_int`),
    summed node by node (`by_node`). A unit's are worked out from that unit alone and
    kept while it is the same value (the scenario's memo)."""

    def __init__(self, s: State, side: str, mine: list, soon: bool):
        memo = s.cfg.weight_memo.setdefault(("needs", side), {})
        self.by_unit: dict[int, tuple] = {}
        self.by_unit_int: dict[int, tuple] = {}
        self.by_node: dict[int, tuple] = {}
        for r in mine:
            self._add(r, _unit_needs(memo, s, r, soon))

    def _add(self, r: Unit, kept: tuple) -> None:
        self.by_unit[r.uid], one = kept
        self.by_unit_int[r.uid] = one
        there = self.by_node.get(r.node, NO_NEEDS)
        self.by_node[r.node] = tuple(a + b for a, b in zip(there, one))

    def since(self, s: State, side: str, soon: bool, changed: set,
              old: tuple) -> tuple["Needs", dict]:
        """These needs after the units `changed` (by uid; `old` the units before) did,
        and by how much each node's sum changed."""
        if not changed:
            return self, {}
        memo = s.cfg.weight_memo.setdefault(("needs", side), {})
        new = Needs.__new__(Needs)
        new.by_unit, new.by_unit_int = dict(self.by_unit), dict(self.by_unit_int)
        by_node = new.by_node = dict(self.by_node)
        touched = set()
        for uid in changed:
            was = new.by_unit_int.pop(uid, None)
            if was is not None:
                del new.by_unit[uid]
                node = old[uid].node
                left = tuple(a - b for a, b in zip(by_node[node], was))
                if any(left):
                    by_node[node] = left
                else:
                    del by_node[node]
                touched.add(node)
        for uid in changed:
            r = s.units[uid]
            if r.side == side and r.node != OFF and r.lost < 4 and not r.displaced:
                new._add(r, _unit_needs(memo, s, r, soon))
                touched.add(r.node)
        deltas = {}
        for node in touched:
            delta = tuple(a - b for a, b in zip(by_node.get(node, NO_NEEDS),
                                                self.by_node.get(node, NO_NEEDS)))
            if any(delta):
                deltas[node] = delta
        return new, deltas

    @staticmethod
    def kind(food: bool, supply: bool, port: bool) -> int:
        """The index of a carrier's weights: whether it can give food, fuel or
        ammunition, and restock from a port."""
        return 4 * food + 2 * supply + port


def _unit_needs(memo: dict, s: State, r: Unit, soon: bool) -> tuple:
    """Receiver `r`'s weights (`_weights`) and the same in thousandths, kept in `memo`
    while it is the same value."""
    kept = memo.get(r.uid)
    if kept is None or kept[0] is not r or kept[1] != soon:
        weights = _weights(_needs(s, r, soon))
        kept = memo[r.uid] = (r, soon, (weights, tuple(milli(w) for w in weights)))
    return kept[2]


def _weights(need: tuple) -> tuple:
    """A receiver's weights to each kind of carrier (`Needs.kind`)."""
    n, base, hungry, short, boxes = need
    return tuple(n * FLOOR + base + (hungry if food else 0.0) + (short if supply else 0.0)
                 + (RESTOCK * boxes if port else 0.0)
                 for food in (False, True) for supply in (False, True)
                 for port in (False, True))


def _needs(s: State, r: Unit, soon: bool) -> tuple:
    """One receiver's [1, base, food, fuel-and-ammunition, restock boxes]: a top-up
    of its basic load (bots.top_up_value: the hungry and degraded first, combat units
    short of fuel or ammunition next), rations into a hungry unit's open boxes
    (bots.carry_value), and a sustainment unit's open boxes to restock from a port."""
    rr, want, _ = receiver_wants(s, r)
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


def sources(s: State, side: str, u: Unit) -> tuple[tuple, object]:
    """What `u` carries from: its card, and the stock of its side's port it stands on
    (None when there is none)."""
    p = s.port(u.node)
    stock = p.tokens if p is not None and p.holder == side and sum(p.tokens) else None
    return u.tokens, stock



def gives(own, stock) -> tuple[bool, bool, bool]:
    """(food, fuel or ammunition, a port to restock from) a carrier holding `own` and
    standing on `stock` can give."""
    food = own[FOOD] > 0 or (stock is not None and stock[FOOD] > 0)
    supply = (own[FUEL] > 0 or own[AMMO] > 0
              or (stock is not None and (stock[FUEL] > 0 or stock[AMMO] > 0)))
    return food, supply, stock is not None



def move_weight(s: State, side: str, u: Unit, k, ask: Asking, asked) -> float:
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



def ports_weight(s: State, side: str, u: Unit, left: int, reach) -> float:
    """What `u`'s orders into its side's ports weigh (INTO_PORT an order)."""
    w = 0.0
    food, fuel, ammo, repair = u.tokens
    for node, space in _open_ports(s, side):
        if node in reach and node != u.node:
            most = left if left < space else space
            w += INTO_PORT * (min(food, most) + min(fuel, most) + min(ammo, most)
                              + min(repair, most))
    return w



def _open_ports(s: State, side: str) -> list:
    """(node, room left in its storage) of each port `side` holds, kept while the
    ports are the same value."""
    memo = s.cfg.weight_memo.setdefault(("open ports", side), [None, None])
    if memo[0] is not s.ports:
        memo[:] = [s.ports, [(node, TRANSPORT._port_space(s, node))
                             for kp, node in enumerate(s.cfg.ports)
                             if s.ports[kp].holder == side]]
    return memo[1]
