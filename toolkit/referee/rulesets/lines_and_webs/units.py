"""Unit blocks and tracker cards: strength by steps, tokens paid and received, hits
(the first suppresses, later ones cost steps), destruction, and the ports a unit
takes by standing on them."""

from __future__ import annotations

from toolkit.referee.kit.values import evolve
from toolkit.referee.rulesets.lines_and_webs.config import AMMO, FOOD, FUEL, REPAIR, Kind
from toolkit.referee.rulesets.lines_and_webs.state import (
    OFF, State, Tokens, Unit, add, one, put, with_book, with_tokens, with_unit)


def kind(s: State, u: Unit) -> Kind:
    return s.cfg.kinds[u.kind]


def strength(s: State, u: Unit) -> int:
    """Dice the unit rolls now: the number on the edge facing the enemy."""
    if u.lost >= 4 or u.node == OFF:
        return 0
    table = s.cfg.kinds[u.kind].strength
    return table[min(u.lost, len(table) - 1)]


def room(s: State, u: Unit, cls: int) -> int:
    """Open boxes for class `cls` on the unit's tracker card."""
    if cls == REPAIR:
        return 1 if (u.pinned or u.lost > 0) else 0
    if cls == FOOD and u.degraded:
        return 1  # eaten at once (LW-R18)
    cfg, t = s.cfg, u.tokens
    free_total = cfg.kinds[u.kind].storage - t[0] - t[1] - t[2]
    n = cfg.rooms[u.kind][cls] - t[cls]  # Kind.room, worked out once a scenario
    if free_total < n:
        n = free_total
    return n if n > 0 else 0


def full_load(k: Kind, fill: tuple[str, ...]) -> Tokens:
    """A unit's load on arrival (and at the start): the shaded boxes, and for a
    sustainment unit every other box too, filled class by class in `fill` order
    (LW-R07)."""
    load = list(k.basic)
    if k.role == "sustainment":
        order = [("food", "fuel", "ammo").index(c) for c in fill] or [FUEL]
        free = max(0, k.storage - sum(load[:3]))
        rounds, rest = divmod(free, len(order))  # box by box in turn, worked out at once
        for i, cls in enumerate(order):
            load[cls] += rounds + (1 if i < rest else 0)
    return tuple(load)  # type: ignore[return-value]


def pay(u: Unit, cls: int, n: int = 1) -> Unit:
    return with_tokens(u, add(u.tokens, one(cls, n), -1))


def receive(s: State, u: Unit, cls: int, n: int) -> Unit:
    """Tokens arrive on a tracker card. Food reaching a degraded unit is eaten at once
    and lifts the degradation (LW-R18); an orange cube removes a black cube, or else
    restores a step (LW-R19)."""
    if cls == REPAIR:
        if u.pinned:
            return evolve(u, pinned=False)
        return evolve(u, lost=max(0, u.lost - n))
    if cls == FOOD and u.degraded:
        u = evolve(u, degraded=False)
        n -= 1
        if n <= 0:
            return u
    return with_tokens(u, add(u.tokens, one(cls, n)))


def can_fuel(u: Unit) -> bool:
    return u.tokens[FUEL] > 0


def can_ammo(u: Unit) -> bool:
    return u.tokens[AMMO] > 0


def hit(s: State, uid: int, hits: int) -> tuple[State, str]:
    """`hits` hits on a unit: the first suppresses it if it is not yet suppressed, each
    other costs a step; four steps lost destroy it (LW-C4). Returns what happened."""
    u = s.units[uid]
    if hits <= 0 or not u.alive:
        return s, ""
    words = []
    if not u.suppressed:
        u = evolve(u, suppressed=True)
        hits -= 1
        words.append("suppressed")
    if hits:
        u = evolve(u, lost=u.lost + hits)
        words.append(f"loses {hits} step{'s' if hits > 1 else ''}")
    if u.lost >= 4:
        return destroy(s, u), f"{u.label} destroyed"
    return with_unit(s, u), f"{u.label} " + " and ".join(words)


def step_loss(s: State, uid: int, n: int = 1) -> tuple[State, str]:
    u = s.units[uid]
    if not u.alive:
        return s, ""
    u = evolve(u, lost=u.lost + n)
    if u.lost >= 4:
        return destroy(s, u), f"{u.label} destroyed"
    return with_unit(s, u), f"{u.label} loses a step"


def destroy(s: State, u: Unit) -> State:
    """The block leaves the map; its mission card leaves the decks."""
    s = with_unit(s, evolve(u, lost=4, node=OFF, suppressed=False, degraded=False,
                            pinned=False, tokens=(0, 0, 0, 0)))
    b = s.book(u.side)
    if u.label in b.execution or u.label in b.reserve:
        s = with_book(s, u.side, execution=tuple(c for c in b.execution if c != u.label),
                      reserve=tuple(c for c in b.reserve if c != u.label))
    return s


def place(s: State, u: Unit, node: int) -> State:
    """`u` stands on `node`; a port it stands on alone of its side is its side's."""
    s = with_unit(s, evolve(u, node=node))
    k = s.cfg.port_of.get(node)
    if k is not None and s.ports[k].holder != u.side:
        s = claim(s, k, u.side)
    return s


def claim(s: State, k: int, side: str) -> State:
    """A port changes hands (LW-V1: control is held by the last side to occupy it);
    the stores left in it are the new holder's (LW-R20). Tracks when a side began
    to hold every port."""
    ports = put(s.ports, k, evolve(s.ports[k], holder=side))
    held = list(s.held_all)
    for i, who in enumerate(s.sides):
        if all(p.holder == who for p in ports):
            if not held[i]:
                held[i] = s.turn
        else:
            held[i] = 0
    return evolve(s, ports=ports, held_all=tuple(held))
