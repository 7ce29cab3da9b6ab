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

Units on the same port may cross-level, each unit once a turn (LW-T7). What each side does is hidden from
the other until both are done; two units of opposing sides that end on one node
both go back where they began (LW-T5)."""

from __future__ import annotations

from itertools import chain, count

from toolkit.referee.kit.values import evolve
from toolkit.referee.protocol import PASS, Event, Illegal
from toolkit.referee.rulesets.lines_and_webs.config import FOOD, FUEL, LETTERS, REPAIR
from toolkit.referee.rulesets.lines_and_webs.levelling import on_ports
from toolkit.referee.rulesets.lines_and_webs.moves import Order
from toolkit.referee.rulesets.lines_and_webs.network import (
    carry_reach, enemy_nodes, moves_for, reach_table)
from toolkit.referee.rulesets.lines_and_webs.state import (
    OFF, State, Unit, add, changed_uids, moved, one, regrouped, side_uids_where, still_enemy,
    with_book, with_port, with_unit, with_units)
from toolkit.referee.rulesets.lines_and_webs.units import claim, pay, place, receive, room

RULE_METHOD = "LW-T1"
RULE_CARRY = "LW-T2"
RULE_DROP = "LW-T3"
RULE_MOVE = "LW-T4"
RULE_DISPLACED = "LW-T6"
RULE_XL = "LW-T7"
RULE_PHASE = "LW-phase"


def view_occupancy(s: State, side: str) -> dict[int, list[Unit]]:
    """Units as `side` knows them now: its own where they are, the enemy's where they
    stood when the phase began (the veil); on each node its own first, then the
    enemy's, each in uid order. Not to be changed by the caller: the last one worked
    out for each side is kept while the units and the veil are the same (a draw, then
    the check of what it drew, read it of one state), and the next state's is that
    one brought up to date by the few units that changed (state.regrouped)."""
    units = s.units
    enemy = s.veil[0] if s.veil is not None else units
    kept = s.cfg.occupancy_memo.get(side)
    out = key = None
    if kept is not None:
        if kept[0] is units and kept[1] is enemy:
            return kept[2]
        moves = _view_moves(side, kept[0], units, kept[1], enemy)
        if moves is not None:
            touched: list = []
            out = regrouped(kept[2], moves, lambda u: (u.side != side, u.uid), touched)
            key = still_enemy(kept[3], out, side, touched)
    if out is None:
        out = _occupancy(s, side, enemy)
    s.cfg.occupancy_memo[side] = [units, enemy, out, key]
    return out


def view_enemy(s: State, side: str, occ: dict) -> frozenset:
    """The nodes of `occ` (`view_occupancy`) that `side` finds the enemy on (the first
    unit there is the enemy's: network.enemy_nodes), kept with the view and brought up
    to date with it: while they are the same nodes, they are the same set."""
    kept = s.cfg.occupancy_memo.get(side)
    if kept is None or kept[2] is not occ:
        return frozenset(enemy_nodes(occ, side))
    if kept[3] is None:
        kept[3] = frozenset(enemy_nodes(occ, side))
    return kept[3]


def _view_moves(side: str, was_units, units, was_enemy, enemy) -> list | None:
    """The (before, after) moves between two views of `side` (`view_occupancy`): its
    own units that changed, and the enemy's as it sees them; None when too many did."""
    own = changed_uids(was_units, units)
    if was_enemy is enemy:
        foe: list | None = []
    elif was_enemy is was_units and enemy is units:
        foe = own
    else:
        foe = changed_uids(was_enemy, enemy)
    if own is None or foe is None:
        return None
    moves = moved(was_units, units, [i for i in own if units[i].side == side])
    if foe:
        moves += moved(was_enemy, enemy, [i for i in foe if enemy[i].side != side])
    return moves


def _occupancy(s: State, side: str, enemy) -> dict[int, list[Unit]]:
    out: dict[int, list[Unit]] = {}
    for u in s.units:
        if u.side == side and u.node != OFF and u.lost < 4:
            there = out.get(u.node)
            if there is None:
                out[u.node] = [u]
            else:
                there.append(u)
    for u in enemy:
        if u.side != side and u.node != OFF and u.lost < 4:
            there = out.get(u.node)
            if there is None:
                out[u.node] = [u]
            else:
                there.append(u)
    return out


def is_carrier(s: State, u: Unit | None, side: str) -> bool:
    return (u is not None and u.side == side and u.alive
            and s.cfg.kinds[u.kind].role in CARRIERS)


def lift_left(s: State, u: Unit) -> int:
    return s.cfg.kinds[u.kind].carries - u.lift


class Transport:
    def enter(self, s: State):
        units = tuple(evolve(u, method="", lift=0, levelled=False)
                      if u.method or u.lift or u.levelled else u for u in s.units)
        s = evolve(s, units=units)
        books = tuple(evolve(b, ready=False) for b in s.books)
        return evolve(s, books=books, veil=(s.units, s.ports, s.drops)), ()

    def complete(self, s: State, side: str) -> bool:
        return s.book(side).ready

    # ------------------------------------------------------------ listing

    def legal(self, s: State, side: str) -> list:
        """Every legal order, listed directly (never a candidate checked against the
        rules): each unit's method, then what each carrier may carry, then
        cross-levelling. Orders come ready-made from the scenario's table (`_carry_run`),
        a run of counts 1..N at a time; what a carrier (or a port's holders) may do is
        kept with the unit values it was worked out from and reused while they last."""
        mine = transporters(s, side)
        ask = Asking(s, side)
        parts: list = []  # (what, orders, whose): the listing in runs (`listed_parts`)
        for u in mine:
            parts += self.unit_parts(s, side, u, mine, ask)
        self._cross_levels(s, side, mine, parts)
        out: list = [PASS]
        for what, run, _ in parts:
            if what is CARRY:
                out += chain.from_iterable(run)
            else:
                out += run
        s.cfg.transport_listed = (s, side, out, parts)
        return out

    def unit_parts(self, s: State, side: str, u: Unit, mine: list, ask: "Asking") -> list:
        """One unit's orders as runs of the listing (`listed_parts`): its displacement
        and move-and-resupply while it has not used its method, then what it may carry
        while it has lift left (LW-T1..LW-T4). Empty for a unit that is no carrier."""
        k = s.cfg.kinds[u.kind]
        if k.role not in CARRIERS:
            return []
        parts: list = []
        if u.method == "":
            parts.append((DISPLACE, (_one(s.cfg, "displace", u.label, ""),), u.uid))
            if u.tokens[FUEL] and not u.degraded and not u.pinned:
                parts.append((MOVE, self._moves(s, u, k, ask.occ, ask.where), u.uid))
        if u.method in ("", "move", "supply") and k.carries - u.lift > 0:
            reach = carry_reach(s, u.node, side, ask.occ, k.sp, ask.table)
            parts.append((CARRY, self._carrier(s, side, u, k, mine, reach, ask.diffs),
                          u.uid))
        return parts

    def level_parts(self, s: State, side: str, mine: list | None,
                    at_ports: dict | None = None) -> list:
        """The cross-levelling runs, one a port (LW-T7); `at_ports`: the holders on
        each port (levelling.on_ports of `mine`), if the caller has them."""
        parts: list = []
        self._cross_levels(s, side, mine, parts, at_ports)
        return parts

    def _moves(self, s: State, u: Unit, k, occ, where) -> tuple:
        """`u`'s move-and-resupply orders (LW-T4), kept while the unit and where
        everybody stands (as its side sees it) are the same."""
        cfg = s.cfg
        seen = cfg.move_memo.get(u.uid)
        if seen is not None and seen[0] is u and seen[1] == where:
            return seen[2]
        names = cfg.names
        got = tuple(_one(cfg, "move", u.label, names[node])
                    for node in sorted(moves_for(s, u, occ, k.movement,
                                                 view_enemy(s, u.side, occ))))
        cfg.move_memo[u.uid] = (u, where, got)
        return got

    def _carrier(self, s: State, side: str, u: Unit, k, mine, reach, diffs: dict) -> tuple:
        """What `u` may carry: to each unit of its side within its reach, from its card
        and the port it stands on, then into its side's ports (LW-T2, LW-T3); as a
        tuple of runs, one a receiver (with drops beside it; empty when it gets
        nothing) and last one for the ports.

        The orders to one receiver depend only on the receiver and what they read of
        the carrier (its lift left, its tokens, its node and its port's stock) and the
        tokens lying on the map. They are kept (per carrier, with the values they came
        from): while the carrier, its port's stock, its reach and the dropped tokens
        are the same, only the receivers that changed since (`diffs`: the units that
        differ between two unit tuples) are worked out again, and the orders into
        ports if a port changed; otherwise every receiver still the same value keeps
        its orders while what they read of the carrier is the same."""
        cfg = s.cfg
        p = s.port(u.node)
        stock = p.tokens if p is not None and p.holder == side and sum(p.tokens) else None
        drops, ports, units = s.drops, s.ports, s.units
        seen = cfg.carrier_memo.get(u.uid)
        left = k.carries - u.lift
        basis = (left, u.tokens, stock, u.node, drops)  # all a receiver's orders read of u
        runs = cfg.order_runs
        drop_ok = int(cfg.opt("drop_limit")) > 0
        sources = [("", u.tokens)]
        if stock is not None:
            sources.append((cfg.names[u.node], stock))
        before: dict = {}
        if seen is not None:
            if seen[0] is u and seen[1] is stock and seen[2] is reach and seen[3] is drops:
                got = self._receivers_changed(s, side, u, k, left, reach, seen, diffs,
                                              sources, runs, drop_ok)
                if got is not None:
                    return got
            if seen[9] == basis:
                before = seen[7]
        near = [r for r in mine if r.node in reach and r is not u]
        pieces: list = []
        segs: dict = {}
        for r_unit in near:
            kept = before.get(r_unit.uid)
            if kept is not None and kept[0] is r_unit:
                seg = kept[1]
            else:
                seg = self._receiver_orders(s, side, u, k, left, r_unit, sources, runs,
                                            drop_ok)
            segs[r_unit.uid] = (r_unit, seg)
            pieces.append(seg)
        pieces.append(self._into_ports(s, side, u, k, left, reach))
        got = tuple(pieces)
        index = {r.uid: i for i, r in enumerate(near)}
        cfg.carrier_memo[u.uid] = (u, stock, reach, drops, ports, units, index, segs, got,
                                   basis)
        return got

    def _receivers_changed(self, s: State, side: str, u: Unit, k, left: int, reach,
                           seen, diffs: dict, sources, runs, drop_ok: bool):
        """`_carrier` when only units (and ports) changed since `seen` was kept: the
        orders of the receivers that changed are worked out again, the others kept, and
        those into ports again if a port changed. None when a unit came into or left
        its reach (the receivers are listed afresh)."""
        units, was = s.units, seen[5]
        index, segs = seen[6], seen[7]
        pieces = None
        if was is not units:
            changed = diffs.get(id(was))
            if changed is None or changed[0] is not was:
                changed = diffs[id(was)] = (was, [i for i, a, b in zip(count(), was, units)
                                                  if a is not b] if len(was) == len(units)
                                            else None)
            if changed[1] is None:
                return None
            for uid in changed[1]:
                r = units[uid]
                near = (r.side == side and r.node != OFF and r.lost < 4 and not r.displaced
                        and r.node in reach and uid != u.uid)
                at = index.get(uid)
                if at is None:
                    if near:
                        return None
                    continue
                if not near:
                    return None
                if pieces is None:
                    pieces = list(seen[8])
                    segs = dict(segs)
                seg = self._receiver_orders(s, side, u, k, left, r, sources, runs, drop_ok)
                segs[uid] = (r, seg)
                pieces[at] = seg
        ports = s.ports
        if seen[4] is not ports:
            into = self._into_ports(s, side, u, k, left, reach)
            if into != seen[8][-1]:
                if pieces is None:
                    pieces = list(seen[8])
                pieces[-1] = into
        got = seen[8] if pieces is None else tuple(pieces)
        s.cfg.carrier_memo[u.uid] = seen[:4] + (ports, units, index, segs, got, seen[9])
        return got

    def _receiver_orders(self, s: State, side: str, u: Unit, k, left: int, r_unit: Unit,
                         sources, runs, drop_ok: bool) -> tuple:
        """`u`'s carry orders to `r_unit`, from each source in turn."""
        r = receiver(s, r_unit)
        seg = ()
        for src, have in sources:
            seg += self._pair(s, side, u, k, left, r, src, have, runs, drop_ok)
        return seg

    def _into_ports(self, s: State, side: str, u: Unit, k, left: int, reach) -> tuple:
        """`u`'s carry orders into its side's ports' storage (LW-T2)."""
        cfg = s.cfg
        runs = cfg.order_runs
        ports = s.ports
        label = u.label
        out: list = []
        for kp, node in enumerate(cfg.ports):
            if node not in reach or ports[kp].holder != side or node == u.node:
                continue
            space = self._port_space(s, node)
            name = cfg.names[node]
            for cls in range(4):
                most = min(u.tokens[cls], left, space)
                if most > 0:
                    out += _carry_run(runs, label, name, "", cls, most)
        return tuple(out)

    def _pair(self, s: State, side: str, u: Unit, k, left: int, r, src: str, have,
              runs, drop_ok: bool) -> tuple:
        """The carry orders from `u` (out of `src`, holding `have`) to receiver `r`: a
        top-up if it brings something, then per class 1..N tokens into its open boxes,
        or dropped beside it when it has none (LW-T2, LW-T3)."""
        cfg = s.cfg
        r_unit, rr, want, at_port = r[0], r[1], r[2], r[3]
        label, to = u.label, r_unit.label
        out: list = []
        if (want[0] and have[0]) or (want[1] and have[1]) or (want[2] and have[2]):
            out.append(_top_up_order(runs, label, to, src))
        for cls in range(4):
            h = have[cls]
            if not h:
                continue
            room_here = rr[cls]
            if room_here:
                out += _carry_run(runs, label, to, src, cls, min(h, left, room_here))
            elif cls != REPAIR and not at_port and drop_ok:
                drop = self._drop_room(s, side, r_unit.node)
                name = cfg.names[r_unit.node]
                out += _carry_run(runs, label, name, src, cls, min(h, left, drop))
        return tuple(out)

    def _cross_levels(self, s: State, side: str, mine, out: list,
                      at_ports: dict | None = None) -> None:
        """LW-T7: between every two holders on a port (its side's units that have not
        cross-levelled, and the port's storage when the option allows), added to `out`
        as one (LEVEL, orders, node) part a port."""
        cfg = s.cfg
        if at_ports is None:
            at_ports = on_ports(cfg, mine)
        level_port = cfg.opt("cross_level_port")
        memo = cfg.level_memo
        for kp, node in enumerate(cfg.ports):
            holders: list = at_ports.get(node, [])
            port = s.ports[kp]
            if level_port and port.holder == side:
                holders = holders + [node]
            if len(holders) < 2:
                continue
            key = (node, side)
            seen = memo.get(key)
            if seen is not None and seen[0] is port and seen[1] == holders:
                if seen[2]:
                    out.append((LEVEL, seen[2], node))
                continue
            seg: list = []
            facts = [self._holding(s, h) for h in holders]
            for a in facts:
                for b in facts:
                    if a is b:
                        continue
                    both_combat = a[3] and b[3] and a[4] != b[4]
                    for cls in range(3):
                        most = min(a[1][cls], b[2][cls])
                        if most > 0 and not (cls == 2 and both_combat):
                            seg += _xl_run(cfg, a[0], b[0], cls, most)
            seg = tuple(seg)
            memo[key] = (port, holders, seg)
            if seg:
                out.append((LEVEL, seg, node))

    def _holding(self, s: State, h) -> tuple:
        """A holder on a port, as cross-levelling reads it: its name, what it holds and
        its room per class, whether it is a combat unit, and its type (`_xl_most`)."""
        if isinstance(h, Unit):
            return (h.label, h.tokens, tuple(room(s, h, c) for c in range(3)),
                    s.cfg.kinds[h.kind].combat, h.kind)
        space = self._port_space(s, h)
        return (s.cfg.names[h], s.port(h).tokens, (space, space, space), False, None)

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
        if not s.drops:
            return max(0, int(s.cfg.opt("drop_limit")))
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
        """One order judged on its own (the listing is never built for it)."""
        if m is PASS:
            return None
        if not isinstance(m, Order) or m.verb not in ("move", "displace", "carry", "xl"):
            return Illegal(RULE_PHASE, "in Transport supplies your sustainment units move "
                           "supplies, move and resupply, or displace; or you pass")
        if self._allowed(s, side, m):
            return None
        return self._why(s, side, m)

    def _allowed(self, s: State, side: str, m: Order) -> bool:
        if m.target:
            return False
        if m.verb == "xl":
            return self._xl_allowed(s, side, m)
        cfg = s.cfg
        u = s.by_label(m.unit)
        if u is None or u.side != side or not u.alive or u.displaced:
            return False
        k = cfg.kinds[u.kind]
        if k.role not in CARRIERS:
            return False
        if m.verb == "displace":
            return u.method == "" and not (m.to or m.cls or m.n or m.src)
        if m.verb == "move":
            if u.method or m.cls or m.n or m.src or not u.tokens[FUEL] or u.degraded \
                    or u.pinned or m.to not in cfg.index:
                return False
            return cfg.index[m.to] in moves_for(s, u, view_occupancy(s, side), k.movement)
        return self._carry_allowed(s, side, m, u, k)

    def _carry_allowed(self, s: State, side: str, m: Order, u: Unit, k) -> bool:
        """LW-T1..LW-T3: a carrier with lift left, from its card or the port it stands on,
        to a unit of its side within its SP (open boxes; a top-up brings some), to a
        node beside such a unit with no open box (a drop), or to its side's port."""
        cfg = s.cfg
        left = k.carries - u.lift
        if u.method not in ("", "move", "supply") or left <= 0:
            return False
        if m.cls:
            if m.cls not in LETTERS or m.n < 1:
                return False
            cls = LETTERS.index(m.cls)
        elif m.n:
            return False
        if m.src:
            p = s.port(u.node)
            if m.src != cfg.names[u.node] or p is None or p.holder != side \
                    or not sum(p.tokens):
                return False
            have = p.tokens
        else:
            have = u.tokens
        reach = carry_reach(s, u.node, side, view_occupancy(s, side), k.sp)
        r = s.by_label(m.to)
        if r is not None:
            if r.side != side or not r.alive or r.displaced or r.uid == u.uid \
                    or r.node not in reach:
                return False
            rr, want = _wants(s, r)
            if not m.cls:
                return any(want[c] and have[c] for c in range(3))
            return 0 < m.n <= min(have[cls], left, rr[cls])
        node = cfg.index.get(m.to)
        if node is None or not m.cls or node not in reach:
            return False
        if node in cfg.port_of:  # into its side's port storage, from its own card
            return (not m.src and s.port(node).holder == side and node != u.node
                    and m.n <= min(u.tokens[cls], left, self._port_space(s, node)))
        if cls == REPAIR or int(cfg.opt("drop_limit")) <= 0:
            return False
        beside = any(r.node == node and r.uid != u.uid and _wants(s, r)[0][cls] == 0
                     for r in s.units if r.side == side and r.alive and not r.displaced)
        return beside and m.n <= min(have[cls], left, self._drop_room(s, side, node))

    def _xl_allowed(self, s: State, side: str, m: Order) -> bool:
        """LW-T7: between two holders on one port (its side's units that have not
        cross-levelled this turn, and the port's storage when the option allows)."""
        if m.src or not m.cls or m.cls not in LETTERS[:3] or m.n < 1 or m.unit == m.to:
            return False
        a, b = self._holder(s, side, m.unit), self._holder(s, side, m.to)
        if a is None or b is None:
            return False
        node_a = a.node if isinstance(a, Unit) else a
        node_b = b.node if isinstance(b, Unit) else b
        return node_a == node_b and m.n <= self._xl_most(s, side, a, b,
                                                         LETTERS.index(m.cls))

    def _holder(self, s: State, side: str, name: str):
        cfg = s.cfg
        u = s.by_label(name)
        if u is not None:
            ok = (u.side == side and u.alive and not u.displaced and not u.levelled
                  and u.node in cfg.port_of)
            return u if ok else None
        node = cfg.index.get(name)
        if node is None or node not in cfg.port_of or not cfg.opt("cross_level_port") \
                or s.port(node).holder != side:
            return None
        return node

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
            blocked = _blocked(s, side, m.to)
            if blocked is not None:
                return blocked
            return Illegal(RULE_MOVE, f"{m.unit} cannot reach {m.to} along links within its "
                           "movement (or may not stand there)")
        if u.method == "displace":
            return Illegal(RULE_METHOD, f"{m.unit} has displaced this turn")
        if lift_left(s, u) <= 0:
            return Illegal(RULE_CARRY, f"{m.unit} has moved all the tokens it can this turn")
        taker = s.by_label(m.to)
        if taker is not None and taker.side == side and taker.displaced:
            return Illegal(RULE_DISPLACED, f"{m.to} is displaced this turn: it takes no "
                           "supplies")
        blocked = _blocked(s, side, taker if taker is not None else m.to)
        if blocked is not None:
            return blocked
        if m.to in s.cfg.index and s.port(s.cfg.index[m.to]) is None:
            return Illegal(RULE_DROP, "tokens go on a node only when the unit there has no "
                           "open box for them, three at most a node")
        left = lift_left(s, u)
        return Illegal(RULE_CARRY, f"{m.unit} cannot carry that: each token goes at most "
                       f"{s.cfg.kinds[u.kind].sp} links, into open boxes, within "
                       f"{left} more token{'' if left == 1 else 's'} this turn, from what it "
                       "or its port holds")

    # ------------------------------------------------------------ applying

    def apply(self, s: State, side: str, m):
        if m is PASS:
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
        if m.src:
            u = evolve(u, lift=u.lift + n, method=u.method or "supply")
            s = with_port(s, u.node, tokens=add(s.port(u.node).tokens, amounts, -1))
        else:
            u = evolve(u, lift=u.lift + n, method=u.method or "supply",
                       tokens=add(u.tokens, amounts, -1))
        return give(s, side, m.to, amounts, carrier=u), ()

    def _xl(self, s: State, m: Order) -> State:
        cls = LETTERS.index(m.cls)
        t = one(cls, m.n)
        a = s.by_label(m.unit)
        if a is not None:
            s = with_unit(s, evolve(a, tokens=add(a.tokens, t, -1), levelled=True))
        else:
            node = s.cfg.index[m.unit]
            s = with_port(s, node, tokens=add(s.port(node).tokens, t, -1))
        return give(s, s.by_label(m.to).side if s.by_label(m.to) else s.port(
            s.cfg.index[m.to]).holder, m.to, t, levelled=True)

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
                k = s.cfg.port_of.get(node)
                if k is not None and s.veil is not None:
                    held = s.veil[1][k].holder
                    if held is not None and s.ports[k].holder != held:
                        s = claim(s, k, held)
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


CARRIERS = ("sustainment", "port_operator")


def carriers(s: State, side: str) -> tuple[int, ...]:
    """The uids of `side`'s sustainment units and port operators, on the map or not (a
    unit's type and side never change), in uid order."""
    return side_uids_where(s, side, "carriers", lambda kind: kind.role in CARRIERS)


def transporters(s: State, side: str) -> list[Unit]:
    """`side`'s units on the map that may give or take supplies this phase."""
    return [r for r in s.units if r.side == side and r.node != OFF and r.lost < 4
            and not r.displaced]


class Asking:
    """What a listing reads of where everybody stands (as `side` sees it), worked out
    once a listing and only if asked: occupancy, the carry reach table, where units
    stand (`_where`) and the unit changes between listings (`Transport._carrier`)."""

    def __init__(self, s: State, side: str):
        self.s, self.side = s, side
        self.occ = view_occupancy(s, side)
        self.diffs: dict = {}
        self._table = self._where = None

    @property
    def table(self):
        if self._table is None:
            self._table = reach_table(self.s, self.side, self.occ,
                                      view_enemy(self.s, self.side, self.occ))
        return self._table

    @property
    def where(self):
        if self._where is None:
            self._where = _where(self.s, self.side)
        return self._where

#: what a run of the transport listing holds (`listed_parts`)
DISPLACE, MOVE, CARRY, LEVEL = "displace", "move", "carry", "xl"


def listed_parts(s: State, side: str, moves: list) -> list | None:
    """The transport listing `moves` (as `Transport.legal` last made it for `side` in
    this very state) in the runs it was built from, in order after the pass, each as
    (what, orders, whose): (DISPLACE, the displace order, carrier uid), (MOVE, one
    carrier's move-and-resupply orders, its uid), (CARRY, one carrier's carry orders
    as a tuple of runs, one a receiver and last one into ports, its uid), (LEVEL, one
    port's cross-levelling orders, its node). A carry run object is handed out again
    only while every value it was worked out from is the same (the receiver, and the
    carrier's lift left, tokens, node and port stock, and the dropped tokens), so what
    is read from those values may be kept with it (bots.weights). None when `moves`
    is not that listing."""
    last = s.cfg.transport_listed
    if last is None or last[0] is not s or last[1] != side or last[2] != moves:
        return None
    return last[3]


def _one(cfg, verb: str, label: str, to: str) -> Order:
    """A displace or move order, made once per scenario."""
    key = (verb, label, to)
    m = cfg.order_runs.get(key)
    if m is None:
        m = cfg.order_runs[key] = Order(verb, unit=label, to=to)
    return m


def _carry_run(runs: dict, label: str, to: str, src: str, cls: int, most: int) -> tuple:
    """The carry orders of 1..`most` tokens of class `cls` from `label` (out of `src`)
    to `to`, made once per scenario and only as far as some listing asked (a carrier
    meets most receivers once a game, and then wants a few tokens of a class or two)."""
    key = ("carry", label, to, src, cls)
    run = runs.get(key)
    if run is None or len(run) < most:
        letter = LETTERS[cls]
        run = runs[key] = tuple(Order("carry", label, to, "", letter, n, src)
                                for n in range(1, most + 1))
    return run[:most]


def _top_up_order(runs: dict, label: str, to: str, src: str) -> Order:
    """The top-up order from `label` (out of `src`) to `to`, made once per scenario."""
    key = ("carry", label, to, src)
    m = runs.get(key)
    if m is None:
        m = runs[key] = Order("carry", label, to, "", "", 0, src)
    return m


def _xl_run(cfg, a: str, b: str, cls: int, most: int) -> tuple:
    """Cross-levelling orders for 1..`most` tokens of class `cls` from `a` to `b`, made
    once per scenario and only as far as some listing asked (as `_carry_run`: most
    pairs are met once, for a token or two)."""
    key = ("xl", a, b, cls)
    run = cfg.order_runs.get(key)
    if run is None or len(run) < most:
        letter = LETTERS[cls]
        run = cfg.order_runs[key] = tuple(Order("xl", unit=a, to=b, cls=letter, n=n)
                                          for n in range(1, most + 1))
    return run[:most]


def _wants(s: State, r: Unit) -> tuple[tuple[int, int, int, int], tuple[int, int, int]]:
    """A receiver's open boxes per class (as `units.room`) and what a top-up would bring
    it: open basic-load boxes, and food for a degraded unit."""
    k = s.cfg.kinds[r.kind]
    t = r.tokens
    free = k.storage - t[0] - t[1] - t[2]
    cap = s.cfg.rooms[r.kind]
    basic = k.basic
    boxes = []
    want = []
    for c in (0, 1, 2):  # open boxes: what the class may still hold, within the free ones
        have = t[c]
        n = cap[c] - have
        if free < n:
            n = free
        if n < 0:
            n = 0
        if c == 0 and r.degraded:
            n = 1
        boxes.append(n)
        top = basic[c] - have  # a top-up: the basic load's open boxes
        if top < 0:
            top = 0
        want.append(top if top < n else n)
    if r.degraded and want[0] < 1:
        want[0] = 1
    boxes.append(1 if (r.pinned or r.lost > 0) else 0)
    return tuple(boxes), tuple(want)


def receiver(s: State, r: Unit) -> tuple:
    """A receiver as the listing and the draw read it, kept per unit value (`_receiver`):
    itself, its open boxes per class, what a top-up would bring it, whether it stands
    on a port, and the draw's [consumption turn near, weights] (draw.Needs: one memo
    serves both, so a draw that weighs a receiver and then lists its orders works out
    its boxes once)."""
    seen = s.cfg.receiver_memo.get(r.uid)
    if seen is not None and seen[0] is r:
        return seen
    return _receiver(s, r)


def _where(s: State, side: str) -> tuple:
    """Where everybody stands as `side` sees it in Transport supplies (its own units
    now, the enemy's as the phase began), and the nodes blocked: all a move depends on
    besides the unit itself."""
    own = tuple([u.node if u.lost < 4 else OFF for u in s.units if u.side == side])
    return (own, s.veil[0] if s.veil is not None else s.units, s.blocked)


def _receiver(s: State, r: Unit) -> tuple:
    """A unit that may receive: itself, its open boxes per class, what a top-up would
    bring it, whether it stands on a port, and a place for the draw's weights (kept per
    unit value: `receiver`)."""
    memo = s.cfg.receiver_memo
    seen = memo.get(r.uid)
    if seen is not None and seen[0] is r:
        return seen
    rr, want = _wants(s, r)
    seen = memo[r.uid] = (r, rr, want, r.node in s.cfg.port_of, [None, None])
    return seen


def give(s: State, side: str, to: str, amounts, levelled: bool = False,
         carrier: Unit | None = None) -> State:
    """Tokens arrive at a unit (its card), a port (its storage) or a node (dropped);
    `carrier`: the unit that brought them, as it is now (set in the same change)."""
    r = s.by_label(to)
    if r is not None:
        if levelled:
            r = evolve(r, levelled=True)
        for cls in range(4):
            if amounts[cls]:
                r = receive(s, r, cls, amounts[cls])
        return with_unit(s, r) if carrier is None else with_units(s, carrier, r)
    if carrier is not None:
        s = with_unit(s, carrier)
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
    occ = s.occupants()
    for node, side, t in s.drops:
        left = list(t)
        for x in occ.get(node, ()):
            u = s.units[x.uid]
            if u.side == side and not u.displaced:
                got = u
                for cls in range(4):
                    n = min(left[cls], room(s, u, cls))
                    if n:
                        got = receive(s, got, cls, n)
                        left[cls] -= n
                if got is not u:
                    s = with_unit(s, got)
        if sum(left):
            drops.append((node, side, tuple(left)))
    drops_ = tuple(drops)
    return s if drops_ == s.drops else evolve(s, drops=drops_)


def _blocked(s: State, side: str, where) -> Illegal | None:
    """SF in the Area!: a node (or a unit's node) blocked to `side`'s units and
    supplies until the reset (LW-K10)."""
    node = where.node if isinstance(where, Unit) else s.cfg.index.get(where)
    if node is None or (node, side) not in s.blocked:
        return None
    name = s.cfg.names[node]
    return Illegal("LW-K10", f"{name} is blocked to your units and supplies by special "
                   "forces until the reset")
