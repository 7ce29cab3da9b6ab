"""Phase 6, Execute orders (sides in turn, the initiative first): on its turn a side
turns over the top card of its execution deck, or of its reserve, and that unit acts
(LW-E1..LW-E8). Every order costs a fuel token (field artillery may instead spend
ammunition to fire from afar); moving goes along links up to the unit's movement;
a unit that enters or starts in contact must attack (one more link, onto the enemy,
for one ammunition token); engineers repair a port for one more fuel token. Reserve
cards may be played while either side still has execution cards; once both
execution decks are spent, each side may play one more reserve card."""

from __future__ import annotations

from toolkit.referee.kit.values import evolve
from toolkit.referee.protocol import PASS, Event, Illegal
from toolkit.referee.rulesets.lines_and_webs import artillery, combat, special
from toolkit.referee.rulesets.lines_and_webs.config import AMMO, FUEL
from toolkit.referee.rulesets.lines_and_webs.moves import Order, made
from toolkit.referee.rulesets.lines_and_webs.network import (
    enemy_next_to, enemy_nodes, moves_for, occupancy_without, room_for)
from toolkit.referee.rulesets.lines_and_webs.orders import CP
from toolkit.referee.rulesets.lines_and_webs.state import (
    State, Unit, put, replace_books, with_book, with_port, with_turned, with_unit)
from toolkit.referee.rulesets.lines_and_webs.transport import pick_up
from toolkit.referee.rulesets.lines_and_webs.units import pay, place

RULE_CARD = "LW-E1"
RULE_ACT = "LW-E2"
RULE_CONTACT = "LW-E3"
RULE_REPAIR = "LW-E6"
RULE_PASS = "LW-E7"
RULE_PHASE = "LW-phase"


def both_spent(s: State) -> bool:
    return not s.books[0].execution and not s.books[1].execution


def playable_cards(s: State, side: str) -> list[tuple[str, str]]:
    """(card, deck) the side may turn over now: the execution deck's top card, and the
    reserve's top card while the reserve may be used (LW-E1, LW-E7)."""
    b = s.book(side)
    if b.joint > 0:
        return [(b.execution[0], "x")] if b.execution else []
    if b.joint < 0:
        return [(b.reserve[0], "r")] if b.reserve else []
    out = []
    if b.execution:
        out.append((b.execution[0], "x"))
    if b.reserve and (not both_spent(s) or not b.final):
        out.append((b.reserve[0], "r"))
    return out


def unit_actions(s: State, u: Unit, occ: dict) -> list[Order]:
    """Everything the unit on a turned card may do (LW-E2..LW-E6). The enemy's nodes
    are gathered once (`enemy_nodes`), for the unit's contact, its moves and each
    destination's: the unit itself is never among them, so its leaving its node
    changes none."""
    label = u.label
    cfg = s.cfg
    runs = cfg.order_runs
    out = [made(runs, "hold", label)]
    if not u.alive or u.degraded or u.pinned:
        return out
    k = cfg.kinds[u.kind]
    fuel, ammo = u.tokens[FUEL], u.tokens[AMMO]
    links = cfg.links
    enemy = s.enemy_nodes(u.side) if occ is s.occupants() else enemy_nodes(occ, u.side)
    contact = [n for n in links[u.node] if n in enemy]
    if contact:
        if fuel and ammo:
            return [made(runs, "move", label, target=cfg.names[n]) for n in contact]
        return out
    if fuel and not u.suppressed:
        for dest in sorted(moves_for(s, u, occ, k.movement, enemy)):
            name = cfg.names[dest]
            near = () if enemy.isdisjoint(links[dest]) else [
                n for n in links[dest] if n in enemy]
            if not near:
                out.append(made(runs, "move", label, name))
            elif ammo:
                out += [made(runs, "move", label, name, cfg.names[n]) for n in near]
            if k.repairs and fuel >= 2 and not near and _repairable(s, dest, u.side):
                out.append(made(runs, "repair", label, name))
    if k.repairs and fuel >= 2 and _repairable(s, u.node, u.side):
        out.append(made(runs, "repair", label))
    if k.indirect is not None and ammo:
        most = min(k.indirect_max_ammo or 1, ammo)
        for node in artillery.fire_targets(s, u):
            out += [made(runs, "fire", label, target=cfg.names[node], n=n)
                    for n in range(1, most + 1)]
    return out


def _contact_problem(u: Unit, m: Order) -> Illegal:
    """A unit whose card turns up in contact attacks if it can pay, else holds (LW-E3)."""
    fuel, ammo = u.tokens[FUEL], u.tokens[AMMO]
    if m.verb == "move" and m.target and not m.to and not (fuel and ammo):
        lack = " and ".join(w for w, n in (("fuel", fuel), ("ammunition", ammo)) if not n)
        return Illegal(RULE_CONTACT, f"{u.label} has no {lack} to pay for an attack: "
                       "a unit in contact that cannot pay holds")
    return Illegal(RULE_CONTACT, f"{u.label} is in contact: it must attack an enemy next to "
                   "it" + (" (UNITxNODE)" if fuel and ammo else "; it cannot pay, so it holds"))


def _move_problem(s: State, u: Unit, m: Order) -> Illegal:
    """Why a move (or a move and attack) of the unit on the turned card is refused:
    each cause in its own words (LW-E2, LW-capacity, LW-K10, LW-C1)."""
    cfg = s.cfg
    if not u.tokens[FUEL]:
        return Illegal(RULE_ACT, f"{u.label} has no fuel: a move costs one fuel token")
    if u.suppressed:
        return Illegal(RULE_ACT, f"{u.label} is suppressed: it may fight but not move "
                       "this turn")
    dest = cfg.index.get(m.to) if m.to else None
    occ = s.occupants()
    if dest is not None:
        if (dest, u.side) in s.blocked:
            return Illegal("LW-K10", f"{m.to} is blocked to your units by special forces "
                           "until the reset")
        there = [x for x in occ.get(dest, ()) if x.uid != u.uid]
        if there and there[0].side != u.side:
            return Illegal(RULE_ACT, f"{m.to} holds an enemy unit: attack it from a node "
                           f"next to it ({u.label}-NODEx{m.to})")
        if there and not room_for(s, dest, u.side, occupancy_without(occ, u.uid, u.node)):
            return Illegal("LW-capacity", f"{m.to} is full: " + (
                f"the port holds {len(there)} units already" if cfg.port_of.get(dest)
                is not None else f"{there[0].label} stands there (one unit a node)"))
        if dest not in moves_for(s, u, occ, cfg.kinds[u.kind].movement):
            return Illegal(RULE_ACT, f"{u.label} cannot reach {m.to}: it moves along links "
                           f"up to {cfg.kinds[u.kind].movement} and stops on meeting the enemy")
    if m.target and not u.tokens[AMMO]:
        return Illegal("LW-C1", f"{u.label} has no ammunition: an attack costs one")
    return Illegal(RULE_ACT, f"{u.label} cannot do that: it moves along links up to its "
                   "movement for one fuel, stops on meeting the enemy, and an attack "
                   "needs one ammunition more")


def _repairable(s: State, node: int, side: str) -> bool:
    p = s.port(node)
    return p is not None and p.holder == side and p.damage > 0 and not p.repaired


class Execute:
    def order(self, s: State):
        first = s.initiative or s.sides[0]
        return (first, s.other(first))

    def done(self, s: State) -> bool:
        if s.fight is not None:
            return False
        return both_spent(s) and all(b.final or not b.reserve for b in s.books) and \
            all(b.joint == 0 for b in s.books)

    def begin_turn(self, s: State, side: str):
        return (with_turned(s, False) if s.turned else s), ()

    def turn_over(self, s: State, side: str) -> bool:
        return s.turned and s.fight is None and s.book(side).joint == 0

    def legal(self, s: State, side: str):
        return self._legal(s, side)

    def _legal(self, s: State, side: str):
        b = s.book(side)
        out: list = []
        if not b.execution and b.joint == 0:
            out.append(PASS)
        occ = s.occupants()
        if s.fight is None and b.joint == 0:
            out += special.turn_plays(s, side)
        done = None  # a card on top of both decks is listed once
        for card, _deck in playable_cards(s, side):
            if card == done:
                continue
            done = card
            if card == CP:
                out.append(_COMMAND_POST)
                continue
            out += unit_actions(s, s.by_label(card), occ)
        return out

    def check(self, s: State, side: str, m) -> Illegal | None:
        """One move judged on its own: a pass, a special card (that card's plays), the
        Command Post, or what the unit on a card turned over may do (that unit's
        actions); the listing is never built for it."""
        if self._allowed(s, side, m):
            return None
        if m is PASS:
            return Illegal(RULE_PASS, "you must play while your execution deck holds cards")
        if isinstance(m, Order) and m.verb == "play":
            return special.play_problem(s, side, m)
        if not isinstance(m, Order) or m.verb not in ("move", "hold", "fire", "repair",
                                                      "command_post"):
            return Illegal(RULE_PHASE, "in Execute orders the unit on your turned card moves, "
                           "attacks, fires, repairs or holds")
        cards = [c for c, _ in playable_cards(s, side)]
        if m.verb == "command_post":
            return Illegal(RULE_CARD, "your Command Post card is not on top of a deck")
        if m.unit not in cards:
            return Illegal(RULE_CARD, f"{m.unit}'s card is not on top of your execution deck"
                           " (or of your reserve, while it may be used)")
        u = s.by_label(m.unit)
        if u.degraded or u.pinned:
            return Illegal(RULE_ACT, f"{m.unit} may neither move nor fight")
        if enemy_next_to(s, u.node, side, s.occupants()) and m.verb != "fire":
            return _contact_problem(u, m)
        if m.verb == "repair":
            return Illegal(RULE_REPAIR, "an engineer repairs one damage of your port it "
                           "stands on (or reaches), once a port a turn, for one more fuel")
        if m.verb == "fire":
            return artillery.fire_problem(s, u, m)
        return _move_problem(s, u, m)

    def _allowed(self, s: State, side: str, m) -> bool:
        b = s.book(side)
        if m is PASS:
            return not b.execution and b.joint == 0
        if not isinstance(m, Order):
            return False
        if m.verb == "play":
            if s.fight is not None or b.joint != 0 or m.unit not in b.hand:
                return False
            call = special.main_call(s, m.unit)
            return (call is not None and call.name in special.TURN_PRIMITIVES
                    and m in special.targets(s, side, m.unit, call))
        cards = playable_cards(s, side)
        if m.verb == "command_post":
            return m == _COMMAND_POST and any(card == CP for card, _ in cards)
        if m.verb not in ("move", "hold", "fire", "repair") or m.unit == CP \
                or all(card != m.unit for card, _ in cards):
            return False
        u = s.by_label(m.unit)
        return u is not None and m in unit_actions(s, u, s.occupants())

    def apply(self, s: State, side: str, m):
        if m is PASS:
            if both_spent(s):
                s = with_book(s, side, final=True)
            return with_turned(s, True), (Event("pass", f"{side} passes"),)
        b = s.book(side)
        if m.verb == "play":
            s, events = special.play_card(s, side, m)
            return s, tuple(events)
        if m.verb == "command_post":
            if b.execution and b.execution[0] == CP:
                s = with_book(s, side, execution=b.execution[1:], joint=3)
            else:
                s = with_book(s, side, reserve=b.reserve[1:], joint=-3)
            b = s.book(side)
            s = with_book(s, side, joint=_joint_cap(b.joint, len(b.execution), len(b.reserve)))
            s = special.after_command_post(s, side)
            return s, (Event("orders", f"{side} plays a Command Post: its next cards act "
                             "together"),)
        s = self._turn_card(s, side, m.unit)
        u = s.by_label(m.unit)
        cfg = s.cfg
        events = [Event("card", f"{side} turns over {u.label}'s card")]
        if m.verb == "hold":
            if u.tokens[FUEL] and u.alive:
                s = with_unit(s, pay(u, FUEL))
            events.append(Event("hold", f"{u.label} holds"))
            return s, tuple(events)
        if m.verb == "fire":
            s, more = artillery.fire(s, u.uid, cfg.index[m.target], m.n)
            return s, tuple(events + more)
        u = pay(u, FUEL)
        if m.to:
            s = place(s, u, cfg.index[m.to])
            u = s.units[u.uid]
            events.append(Event("move", f"{u.label} moves to {m.to}"))
        else:
            s = with_unit(s, u)
        if m.verb == "repair":
            u = pay(u, FUEL)
            s = with_unit(s, u)
            p = s.port(u.node)
            s = with_port(s, u.node, damage=p.damage - 1, repaired=True)
            events.append(Event("repair", f"{u.label} repairs {cfg.names[u.node]}"))
            return pick_up(s), tuple(events)
        s = pick_up(s)
        if m.target:
            u = pay(s.units[u.uid], AMMO)
            s = with_unit(s, u)
            s, more = combat.start(s, u.uid, cfg.index[m.target], moved=bool(m.to))
            events += more
        return s, tuple(events)

    def _turn_card(self, s: State, side: str, label: str) -> State:
        """`side` turns over `label`'s card, from its execution deck or its reserve (the
        last reserve card once both execution decks are spent), the card turned."""
        b = s.book(side)
        joint = b.joint
        if b.execution and b.execution[0] == label:
            b = evolve(b, execution=b.execution[1:],
                       joint=_joint_cap(joint - 1 if joint > 0 else joint,
                                        len(b.execution) - 1, len(b.reserve)))
        else:
            b = evolve(b, reserve=b.reserve[1:], final=b.final or both_spent(s),
                       joint=_joint_cap(joint + 1 if joint < 0 else joint,
                                        len(b.execution), len(b.reserve) - 1))
        return with_turned(replace_books(s, put(s.books, s.at(side), b)), True)


def _joint_cap(joint: int, execution: int, reserve: int) -> int:
    """A Command Post's joint play ends early when its deck runs out (`execution` and
    `reserve`: the cards left in each)."""
    if joint > 0:
        return min(joint, execution)
    if joint < 0:
        return -min(-joint, reserve)
    return 0


_COMMAND_POST = Order("command_post")
