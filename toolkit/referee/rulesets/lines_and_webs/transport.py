"""Phase 3, Transport supplies (together, in secret, five minutes): each sustainment
unit uses one method a turn (LW-T1):

- move supplies: it carries up to half its boxes (its `carries`) tokens, each at most
  its sustainment points in links from its own node, taken from its own card or the
  port it stands on, into open boxes of a friendly unit, a friendly port's storage,
  or (when the receiving unit has no open box for them) onto that unit's node, up
  to three tokens a node, lost at the reset unless picked up (LW-T2, LW-T3);
- move and resupply: it first moves (one fuel token, its movement in links), then
  moves supplies as above (LW-T4);
- displace: face down; it cannot be fired on, nor give or take supplies (LW-T6).

Units on the same port may cross-level (LW-T7). What each side does is hidden from
the other until both are done; two units of opposing sides that end on one node
both go back where they began (LW-T5)."""

from __future__ import annotations

from toolkit.referee.kit.values import evolve
from toolkit.referee.protocol import PASS, Event, Illegal
from toolkit.referee.rulesets.lines_and_webs.config import FOOD, FUEL, LETTERS, REPAIR
from toolkit.referee.rulesets.lines_and_webs.moves import Order
from toolkit.referee.rulesets.lines_and_webs.network import carry_reach, moves_for
from toolkit.referee.rulesets.lines_and_webs.state import (
    State, Unit, add, one, with_port, with_unit)
from toolkit.referee.rulesets.lines_and_webs.units import pay, place, receive, room

RULE_METHOD = "LW-T1"
RULE_CARRY = "LW-T2"
RULE_DROP = "LW-T3"
RULE_MOVE = "LW-T4"
RULE_DISPLACED = "LW-T6"
RULE_XL = "LW-T7"
RULE_PHASE = "LW-phase"


def view_occupancy(s: State, side: str) -> dict[int, list[Unit]]:
    """Units as `side` knows them now: its own where they are, the enemy's where they
    stood when the phase began (the veil)."""
    enemy = s.veil[0] if s.veil is not None else s.units
    out: dict[int, list[Unit]] = {}
    for u in s.units:
        if u.side == side and u.alive:
            out.setdefault(u.node, []).append(u)
    for u in enemy:
        if u.side != side and u.alive:
            out.setdefault(u.node, []).append(u)
    return out


def is_carrier(s: State, u: Unit | None, side: str) -> bool:
    return (u is not None and u.side == side and u.alive
            and s.cfg.kinds[u.kind].role in ("sustainment", "port_operator"))


def lift_left(s: State, u: Unit) -> int:
    return s.cfg.kinds[u.kind].carries - u.lift


class Transport:
    def enter(self, s: State):
        units = tuple(evolve(u, method="", lift=0) if u.method or u.lift else u
                      for u in s.units)
        s = evolve(s, units=units)
        books = tuple(evolve(b, ready=False) for b in s.books)
        return evolve(s, books=books, veil=(s.units, s.ports, s.drops)), ()

    def complete(self, s: State, side: str) -> bool:
        return s.book(side).ready

    # ------------------------------------------------------------ listing

    def legal(self, s: State, side: str):
        return list(self._listing(s, side)[0])

    def _listing(self, s: State, side: str) -> tuple[tuple, frozenset]:
        """The legal orders in order and as a set, computed once a state (the kit lists
        them, then checks the one played)."""
        def make():
            out = tuple(self._legal(s, side))
            return out, frozenset(out)
        return _memo(s, side, make)

    def _legal(self, s: State, side: str):
        out: list = [PASS]
        occ = view_occupancy(s, side)
        mine = [r for r in s.units if r.side == side and r.alive and not r.displaced]
        rooms = {r.uid: (room(s, r, 0), room(s, r, 1), room(s, r, 2), room(s, r, 3))
                 for r in mine}
        for u in mine:
            if not is_carrier(s, u, side):
                continue
            k = s.cfg.kinds[u.kind]
            if u.method == "":
                out.append(Order("displace", unit=u.label))
                if u.tokens[FUEL] and not u.degraded and not u.pinned:
                    for node in sorted(moves_for(s, u, occ, k.movement)):
                        out.append(Order("move", unit=u.label, to=s.cfg.names[node]))
            if u.method != "displace" and lift_left(s, u) > 0:
                out += self._carries(s, side, u, occ, mine, rooms)
        out += self._cross_levels(s, side)
        return out

    def _carries(self, s: State, side: str, u: Unit, occ, mine, rooms) -> list:
        cfg = s.cfg
        out = []
        k = cfg.kinds[u.kind]
        reach = carry_reach(s, u.node, side, occ, k.sp)
        sources = [("", u.tokens)]
        p = s.port(u.node)
        if p is not None and p.holder == side and sum(p.tokens):
            sources.append((cfg.names[u.node], p.tokens))
        left = lift_left(s, u)
        drop_limit = int(cfg.opt("drop_limit"))
        for r in mine:
            if r.uid == u.uid or r.node not in reach:
                continue
            rr = rooms[r.uid]
            at_port = r.node in cfg.port_of
            for src, have in sources:
                if any(self._top_up(s, r, have, left, rr)):
                    out.append(Order("carry", unit=u.label, src=src, to=r.label))
                for cls in range(4):
                    if not have[cls]:
                        continue
                    letter = LETTERS[cls]
                    most = min(have[cls], left, rr[cls])
                    out += [Order("carry", unit=u.label, src=src, to=r.label, cls=letter,
                                  n=n) for n in range(1, most + 1)]
                    if rr[cls] == 0 and cls != REPAIR and not at_port and drop_limit:
                        most = min(have[cls], left, self._drop_room(s, side, r.node))
                        out += [Order("carry", unit=u.label, src=src,
                                      to=cfg.names[r.node], cls=letter, n=n)
                                for n in range(1, most + 1)]
        for node in cfg.ports:
            port = s.port(node)
            if node not in reach or port.holder != side or node == u.node:
                continue
            space = self._port_space(s, node)
            for cls, letter in enumerate(LETTERS):
                most = min(u.tokens[cls], left, space)
                out += [Order("carry", unit=u.label, to=cfg.names[node], cls=letter, n=n)
                        for n in range(1, most + 1)]
        return list(dict.fromkeys(out))

    def _cross_levels(self, s: State, side: str) -> list:
        out = []
        cfg = s.cfg
        for node in cfg.ports:
            here = [u for u in s.units if u.node == node and u.side == side and u.alive
                    and not u.displaced]
            port = s.port(node)
            holders: list = list(here)
            if cfg.opt("cross_level_port") and port.holder == side:
                holders.append(node)
            for a in holders:
                for b in holders:
                    if a is b:
                        continue
                    for cls, letter in enumerate(LETTERS[:3]):
                        most = self._xl_most(s, side, a, b, cls)
                        out += [Order("xl", unit=self._name(s, a), to=self._name(s, b),
                                      cls=letter, n=n) for n in range(1, most + 1)]
        return out

    def _name(self, s: State, h) -> str:
        return h.label if isinstance(h, Unit) else s.cfg.names[h]

    def _top_up(self, s: State, r: Unit, have, left: int, rr=None) -> tuple[int, int, int, int]:
        """What `DFSP1>DAR2` carries: the receiver's open basic-load boxes, food first,
        then fuel, then ammunition, as far as the carrier's lift and stock go."""
        k = s.cfg.kinds[r.kind]
        got = [0, 0, 0, 0]
        for cls in (FOOD, FUEL, 2):
            if not have[cls]:
                continue
            want = min(max(0, k.basic[cls] - r.tokens[cls]),
                       rr[cls] if rr is not None else room(s, r, cls))
            if cls == FOOD and r.degraded:
                want = max(want, 1)
            n = min(want, have[cls], left)
            got[cls] = n
            left -= n
        return tuple(got)  # type: ignore[return-value]

    def _drop_room(self, s: State, side: str, node: int) -> int:
        lying = sum(sum(t) for n, who, t in s.drops if n == node and who == side)
        return max(0, int(s.cfg.opt("drop_limit")) - lying)

    def _port_space(self, s: State, node: int) -> int:
        k = s.cfg.port_of[node]
        p = s.ports[k]
        return max(0, s.cfg.port_room(k, p.damage) - sum(p.tokens))

    def _xl_most(self, s: State, side: str, a, b, cls: int) -> int:
        ua, ub = isinstance(a, Unit), isinstance(b, Unit)
        if ua and ub:
            ka, kb = s.cfg.kinds[a.kind], s.cfg.kinds[b.kind]
            if ka.combat and kb.combat and cls == 2 and a.kind != b.kind:
                return 0
        have = a.tokens[cls] if ua else s.port(a).tokens[cls]
        space = room(s, b, cls) if ub else self._port_space(s, b)
        return min(have, space)

    # ------------------------------------------------------------ judging

    def check(self, s: State, side: str, m) -> Illegal | None:
        if m is PASS:
            return None
        if not isinstance(m, Order) or m.verb not in ("move", "displace", "carry", "xl"):
            return Illegal(RULE_PHASE, "in Transport supplies your sustainment units move "
                           "supplies, move and resupply, or displace; or you pass")
        if m in self.legal_set(s, side):
            return None
        return self._why(s, side, m)

    def legal_set(self, s: State, side: str) -> frozenset:
        return self._listing(s, side)[1]

    def _why(self, s: State, side: str, m: Order) -> Illegal:
        u = s.by_label(m.unit)
        if m.verb == "xl":
            return Illegal(RULE_XL, "cross-levelling is between your units (or a unit and "
                           "the port) on one seaport or airport; two combat units swap only "
                           "food and fuel, or ammunition when they are the same type, and "
                           "only into open boxes")
        if u is None or u.side != side or not u.alive:
            return Illegal(RULE_METHOD, f"you have no unit {m.unit} on the map")
        if not is_carrier(s, u, side):
            return Illegal(RULE_METHOD, f"{m.unit} is not a sustainment unit; combat units "
                           "get their orders in Issue orders")
        if u.displaced:
            return Illegal(RULE_DISPLACED, f"{m.unit} is displaced this turn: it can neither "
                           "give nor take supplies")
        if m.verb == "displace":
            return Illegal(RULE_METHOD, f"{m.unit} has already used its method this turn")
        if m.verb == "move":
            if u.method:
                return Illegal(RULE_METHOD, f"{m.unit} has already used its method this turn "
                               "(move first, then resupply)")
            if not u.tokens[FUEL]:
                return Illegal(RULE_MOVE, f"{m.unit} has no fuel token to move")
            return Illegal(RULE_MOVE, f"{m.unit} cannot reach {m.to} along links within its "
                           "movement (or may not stand there)")
        if u.method == "displace":
            return Illegal(RULE_METHOD, f"{m.unit} has displaced this turn")
        if lift_left(s, u) <= 0:
            return Illegal(RULE_CARRY, f"{m.unit} has moved all the tokens it can this turn")
        if m.to in s.cfg.index and s.port(s.cfg.index[m.to]) is None:
            return Illegal(RULE_DROP, "tokens go on a node only when the unit there has no "
                           "open box for them, three at most a node")
        return Illegal(RULE_CARRY, f"{m.unit} cannot carry that: each token goes at most "
                       f"{s.cfg.kinds[u.kind].sp} links, into open boxes, within "
                       f"{lift_left(s, u)} more token(s) this turn, from what it or its "
                       "port holds")

    # ------------------------------------------------------------ applying

    def apply(self, s: State, side: str, m):
        if m is PASS:
            from toolkit.referee.rulesets.lines_and_webs.state import with_book
            return with_book(s, side, ready=True), ()
        cfg = s.cfg
        if m.verb == "xl":
            return self._xl(s, m), ()
        u = s.by_label(m.unit)
        if m.verb == "displace":
            return with_unit(s, evolve(u, method="displace", displaced=True)), ()
        if m.verb == "move":
            u = evolve(pay(u, FUEL), method="move")
            return place(s, u, cfg.index[m.to]), ()
        # carry
        if not m.cls:
            r = s.by_label(m.to)
            have = s.port(u.node).tokens if m.src else u.tokens
            amounts = self._top_up(s, r, have, lift_left(s, u))
        else:
            amounts = one(LETTERS.index(m.cls), m.n)
        n = sum(amounts)
        u = evolve(u, lift=u.lift + n, method=u.method or "supply")
        if m.src:
            s = with_unit(s, u)
            s = with_port(s, u.node, tokens=add(s.port(u.node).tokens, amounts, -1))
        else:
            u = evolve(u, tokens=add(u.tokens, amounts, -1))
            s = with_unit(s, u)
        return give(s, side, m.to, amounts), ()

    def _xl(self, s: State, m: Order) -> State:
        cls = LETTERS.index(m.cls)
        t = one(cls, m.n)
        a = s.by_label(m.unit)
        if a is not None:
            s = with_unit(s, evolve(a, tokens=add(a.tokens, t, -1)))
        else:
            node = s.cfg.index[m.unit]
            s = with_port(s, node, tokens=add(s.port(node).tokens, t, -1))
        return give(s, s.by_label(m.to).side if s.by_label(m.to) else s.port(
            s.cfg.index[m.to]).holder, m.to, t)

    def resolve(self, s: State):
        """Both sides are done: units of both sides on one node go back (LW-T5), dropped
        tokens are picked up, and the transport is shown."""
        veil_units = s.veil[0] if s.veil else s.units
        occ = s.occupants()
        events = []
        for node, there in occ.items():
            if len({u.side for u in there}) > 1:
                for u in there:
                    start = veil_units[u.uid].node
                    if start != node:
                        s = with_unit(s, evolve(s.units[u.uid], node=start))
                        events.append(Event("transport", f"{u.label} meets the enemy at "
                                            f"{s.cfg.names[node]} and turns back"))
        s = pick_up(s)
        s = evolve(s, veil=None)
        for side in s.sides:
            moved = [f"{u.label} to {s.cfg.names[u.node]}" for u in s.units
                     if u.side == side and u.method == "move"]
            shown = [u.label for u in s.units if u.side == side and u.displaced]
            text = f"{side}'s transport: " + ("; ".join(
                (["moves " + ", ".join(moved)] if moved else [])
                + (["displaces " + ", ".join(shown)] if shown else [])) or "supplies moved")
            events.append(Event("transport", text, reveals=True))
        return s, tuple(events)


_LAST: list = [None, None, None]


def _memo(s: State, side: str, make):
    """The legal set of the last state asked about (one slot, holding the state itself so
    its id cannot be reused): checking every listed move costs one listing."""
    if _LAST[0] is s and _LAST[1] == side:
        return _LAST[2]
    value = make()
    _LAST[:] = [s, side, value]
    return value


def give(s: State, side: str, to: str, amounts) -> State:
    """Tokens arrive at a unit (its card), a port (its storage) or a node (dropped)."""
    r = s.by_label(to)
    if r is not None:
        for cls in range(4):
            if amounts[cls]:
                r = receive(s, r, cls, amounts[cls])
        return with_unit(s, r)
    node = s.cfg.index[to]
    port = s.port(node)
    if port is not None and port.holder == side:
        return with_port(s, node, tokens=add(port.tokens, amounts))
    drops = list(s.drops)
    for i, (n, who, t) in enumerate(drops):
        if n == node and who == side:
            drops[i] = (n, who, add(t, amounts))
            break
    else:
        drops.append((node, side, tuple(amounts)))
    return evolve(s, drops=tuple(sorted(drops)))


def pick_up(s: State) -> State:
    """Units standing on their side's dropped tokens load what fits (LW-T3)."""
    if not s.drops:
        return s
    drops = []
    for node, side, t in s.drops:
        left = list(t)
        for u in s.units:
            if u.node == node and u.side == side and u.alive and not u.displaced:
                for cls in range(4):
                    n = min(left[cls], room(s, u, cls))
                    if n:
                        u = receive(s, u, cls, n)
                        left[cls] -= n
                s = with_unit(s, u)
        if sum(left):
            drops.append((node, side, tuple(left)))
    return evolve(s, drops=tuple(drops))
