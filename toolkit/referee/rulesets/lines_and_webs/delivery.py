"""Phase 1, Deploy: the offshore delivery queue moves one space; what leaves it
lands at the side's seaport, or an aerial port squadron at the side's airport, with
a full basic load, within the port's unit capacity and token storage. What does
not fit waits in the last space (LW-R09, LW-R21)."""

from __future__ import annotations

from toolkit.referee.kit.values import evolve
from toolkit.referee.protocol import Event
from toolkit.referee.rulesets.lines_and_webs.state import (
    NONE, State, Tokens, add, with_book, with_port)
from toolkit.referee.rulesets.lines_and_webs.units import full_load, place


def aps_holds(s: State, side: str) -> bool:
    """The side's airport is controlled by its Aerial Port Squadron (occupation)."""
    apod = s.cfg.apod.get(side)
    if apod is None or s.port(apod).holder != side:
        return False
    kinds = s.cfg.kinds
    return any(u.side == side and kinds[u.kind].opens_apod
               for u in s.occupants().get(apod, ()))


def units_at(s: State, node: int) -> int:
    return len(s.occupants().get(node, ()))


def port_space(s: State, node: int) -> int:
    """Tokens the port can still store."""
    k = s.cfg.port_of[node]
    p = s.ports[k]
    return max(0, s.cfg.port_room(k, p.damage) - sum(p.tokens))


def land_unit(s: State, uid: int, node: int) -> State:
    u = s.units[uid]
    load = full_load(s.cfg.kinds[u.kind], tuple(s.cfg.opt("unshaded_fill")))
    return place(s, evolve(u, tokens=load), node)


def land_tokens(s: State, node: int, tokens: Tokens) -> tuple[State, Tokens]:
    """Store what fits at the port; return what is left over."""
    space = port_space(s, node)
    stored = [0, 0, 0, 0]
    left = list(tokens)
    for cls in range(4):
        n = min(left[cls], space)
        stored[cls] += n
        left[cls] -= n
        space -= n
    if sum(stored):
        s = with_port(s, node, tokens=add(s.port(node).tokens, tuple(stored)))
    return s, tuple(left)  # type: ignore[return-value]


def can_land(s: State, side: str, node: int | None) -> bool:
    if node is None:
        return False
    p = s.port(node)
    if p.holder != side:
        return False
    return not any(u.side != side for u in s.occupants().get(node, ()))


class Deploy:
    def enter(self, s: State):
        events = []
        for side in s.sides:
            s, told = self._advance(s, side)
            events.extend(told)
        return s, tuple(events)

    def _advance(self, s: State, side: str):
        cfg = s.cfg
        queue = list(s.book(side).queue)
        if not queue:
            return s, []
        uids, tokens = queue[-1]
        waiting_units: list[int] = []
        spod, apod = cfg.spod.get(side), cfg.apod.get(side)
        landed = []
        for uid in uids:
            u = s.units[uid]
            k = cfg.kinds[u.kind]
            where = None
            if k.opens_apod and can_land(s, side, apod) and units_at(s, apod) < \
                    cfg.port_capacity[cfg.port_of[apod]]:
                where = apod
            elif can_land(s, side, spod) and units_at(s, spod) < \
                    cfg.port_capacity[cfg.port_of[spod]]:
                where = spod
            if where is None:
                waiting_units.append(uid)
                continue
            s = land_unit(s, uid, where)
            landed.append(f"{u.label} at {cfg.names[where]}")
        left = tokens
        if sum(tokens) and can_land(s, side, spod):
            s, left = land_tokens(s, spod, tokens)
            got = add(tokens, left, -1)
            if sum(got):
                landed.append(_tokens_words(cfg, got) + f" at {cfg.names[spod]}")
        moved = [((), NONE)] + queue[:-1]
        last_uids, last_tokens = moved[-1]
        moved[-1] = (last_uids + tuple(waiting_units), add(last_tokens, left))
        s = with_book(s, side, queue=tuple(moved))
        text = f"{side} lands " + ", ".join(landed) if landed else \
            f"{side}'s delivery queue moves on"
        return s, [Event("deploy", text)]


def _tokens_words(cfg, t: Tokens) -> str:
    """Tokens in the kit's words (the scenario's `table words`): `4 rations, 2 fuel`."""
    return ", ".join(f"{n} {cfg.class_words[i]}" for i, n in enumerate(t) if n)


def tokens_words(cfg, t: Tokens) -> str:
    return _tokens_words(cfg, t) or "nothing"

