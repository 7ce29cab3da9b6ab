"""What cross-levelling on the ports weighs in the random bot's Transport draw
(draw.py, step 1), worked out from what the holders on each port hold and have room
for (LW-T7), without making the orders: each order's weight is the one bots.weights
gives it (from the port's storage onto a unit: 0.5 a token, or 3.0 into a combat unit;
between units, or into the storage: 0.01), listed and summed in the listing's order
(`Transport._cross_levels`), so the sum is the very float the port's run weighs. The
orders are listed only once cross-levelling is drawn."""

from __future__ import annotations

from toolkit.referee.rulesets.lines_and_webs.state import State, Unit
from toolkit.referee.rulesets.lines_and_webs.units import room

#: at most this many holders' sums are kept (a run of many games meets more)
KEPT = 4096


def weight(s: State, side: str, mine: list | None, space, at_ports: dict | None = None) -> float:
    """All cross-levelling orders of `side` weigh in all, port by port (0.0: none is
    open). `mine`: its units that may give or take supplies, or `at_ports`, those of
    them on the ports (`on_ports`); `space(s, node)`: the room left in a port's
    storage."""
    cfg = s.cfg
    if at_ports is None:
        at_ports = on_ports(cfg, mine)
    level_port = cfg.opt("cross_level_port")
    if not at_ports and not level_port:
        return 0.0
    facts_of = cfg.weight_memo.setdefault(("xl holder",), {})
    sums = cfg.weight_memo.setdefault(("xl sums",), {})
    w = 0.0
    for kp, node in enumerate(cfg.ports):
        facts = [_unit_facts(facts_of, s, u) for u in at_ports.get(node, ())]
        if level_port and s.ports[kp].holder == side:
            room_left = space(s, node)
            facts.append((cfg.names[node], s.ports[kp].tokens, (room_left,) * 3, False,
                          None, True))
        if len(facts) < 2:
            continue
        key = tuple(facts)
        got = sums.get(key)
        if got is None:
            if len(sums) >= KEPT:
                sums.clear()
            got = sums[key] = _port_weight(facts)
        w += got
    return w


def on_ports_seen(s: State, side: str, occ: dict) -> dict:
    """`on_ports` of `side`'s units that may give or take supplies, read from its view
    of where units stand (`occ`: transport.view_occupancy, its own units first on each
    node, in uid order), not from every unit."""
    out: dict = {}
    for node in s.cfg.ports:
        there = occ.get(node)
        if there:
            held = [u for u in there if u.side == side and not u.displaced and not u.levelled]
            if held:
                out[node] = held
    return out


def on_ports(cfg, mine: list) -> dict:
    """Of `mine`, the units on a port that have not cross-levelled this turn, by port
    node, in the order of `mine` (LW-T7: the holders that may give or take)."""
    port_of = cfg.port_of
    at_ports: dict = {}
    for u in mine:
        if u.node in port_of and not u.levelled:
            at_ports.setdefault(u.node, []).append(u)
    return at_ports


def _unit_facts(memo: dict, s: State, u: Unit) -> tuple:
    """A unit on a port as cross-levelling reads it (`Transport._holding`): its name,
    what it holds, its room per class, whether it is a combat unit, its type; and that
    it is no port. Kept while the unit is the same value."""
    kept = memo.get(u.uid)
    if kept is None or kept[0] is not u:
        kept = memo[u.uid] = (u, (u.label, u.tokens, tuple(room(s, u, c) for c in range(3)),
                                  s.cfg.kinds[u.kind].combat, u.kind, False))
    return kept[1]


def _port_weight(facts: list) -> float:
    """The sum of the weights of a port's cross-levelling orders, between every two
    holders in `facts`, class by class, 1..N tokens (0: none is open)."""
    weights: list[float] = []
    for i, a in enumerate(facts):
        for j, b in enumerate(facts):
            if i == j:
                continue
            both_combat = a[3] and b[3] and a[4] != b[4]
            for cls in range(3):
                most = min(a[1][cls], b[2][cls])
                if most <= 0 or (cls == 2 and both_combat):
                    continue
                if a[5] and not b[5]:  # from the port's storage onto a unit
                    weights += [3.0] * most if b[3] else [0.5 * n for n in range(1, most + 1)]
                else:
                    weights += [0.01] * most
    return sum(weights)
