"""Resolving a turn step by step (FL-turn-2).

When both sides have planned all their actions, the turn resolves in as
many steps as there are actions. Step k takes each side's k-th action, and
runs in this order:

1. moves and spawns happen at the same time; two units that swap squares
   meet on the way and fight first (FL-combat-6);
2. mines on squares just entered go off (FL-skill-6);
3. combat on every square where both sides now stand (FL-combat-1);
4. Recon adjacent to an enemy Commander assassinate it (FL-recon-2);
5. this step's Commander skills: airstrikes, then reinforcements, then mines
   (FL-skill-3).

After each step a fallen Commander ends the game (FL-win-1); the other
endings are checked when the turn is over (victory.py). An order whose unit
was destroyed earlier in the turn lapses (FL-turn-4).
"""

from __future__ import annotations

from toolkit.referee.protocol import PASS, Event
from toolkit.referee.rulesets.front_lines import victory
from toolkit.referee.rulesets.front_lines.combat import fight
from toolkit.referee.rulesets.front_lines.notation import MOVE, SKILL, SPAWN
from toolkit.referee.rulesets.front_lines.skills import Skills
from toolkit.referee.rulesets.front_lines.state import (
    OVER, PLAN, State, Unit, deploy_plan, fresh_plans, position_key)


class Battle(Skills):
    """A mutable working copy of the units for the length of one resolution (its
    Commander skills in skills.py)."""

    def __init__(self, state: State):
        self.state = state
        self.cfg = state.cfg
        self.units: dict[int, Unit] = dict(state.units)
        self.pools = [dict(p) for p in state.pools]
        self.skills = [set(s) for s in state.skills]
        self.mines = [set(m) for m in state.mines]
        self.next_uid = state.next_uid
        self.ids: list[dict[int, int]] = [{}, {}]
        self.events: list[Event] = []
        self.casualties = 0
        self.fallen = [False, False]            # a Commander destroyed, per side
        self.check_all = state.turn == 1        # look for assassinations even without moves
        self._to = self.cfg.only

    # -------------------------------------------------------------- words

    def side_name(self, side: int) -> str:
        return self.cfg.sides[side]

    def sq_name(self, sq: int) -> str:
        return self.cfg.names[sq]

    def say(self, side: int, kind: str, text: str) -> None:
        self.events.append(Event(kind, text, self._to[side]))

    def say_all(self, kind: str, text: str, reveals: bool = False, data: tuple = ()) -> None:
        self.events.append(Event(kind, text, None, reveals, data))

    def losses(self, victims: list[Unit]) -> tuple:
        """Event data for destroyed units: ("destroyed", side, type, square) each."""
        return tuple(("destroyed", self.cfg.sides[u.side], u.kind, self.cfg.names[u.sq])
                     for u in victims if u.uid in self.units)

    def describe_losses(self, victims: list[Unit]) -> str:
        if not victims:
            return "nothing is hit"
        parts = [f"{self.cfg.sides[u.side]} {u.kind}" for u in
                 sorted(victims, key=lambda u: (u.side, u.kind))]
        return ", ".join(parts) + " destroyed"

    def seen_by(self, viewer: int, sq: int) -> bool:
        cfg = self.cfg
        if sq not in cfg.hidden[1 - viewer]:
            return True
        for u in self.units.values():
            if u.side == viewer:
                r = cfg.pieces[u.kind].reveals
                if r and cfg.distance(u.sq, sq) <= r:
                    return True
        return False

    def looks(self, u: Unit) -> str:
        if u.disguised:
            return self.cfg.pieces[u.kind].disguise or u.kind
        return u.kind

    def tell_arrival(self, u: Unit, how: str) -> None:
        """Tell the owner where a new unit arrived, and the enemy only what it can see."""
        where = self.sq_name(u.sq)
        self.events.append(Event("arrive", f"your {u.kind} arrives on {where} ({how})",
                                 self._to[u.side], False,
                                 (("arrived", self.side_name(u.side), u.kind, where, how),)))
        enemy = 1 - u.side
        if self.seen_by(enemy, u.sq):
            self.say(enemy, "arrive", f"{self.side_name(u.side)} {self.looks(u)} arrives on "
                     f"{where} ({how})")
        else:
            self.say(enemy, "arrive", f"{self.side_name(u.side)} brings a unit in out of sight")

    # ------------------------------------------------------------- pieces

    def units_at(self, sq: int) -> list[Unit]:
        return [u for u in self.units.values() if u.sq == sq]

    def destroy(self, victims: list[Unit]) -> None:
        commander = self.cfg.commander
        for u in victims:
            if u.uid in self.units:
                del self.units[u.uid]
                self.casualties += 1
                if u.kind == commander:
                    self.fallen[u.side] = True

    def add_unit(self, side: int, kind: str, sq: int, tmp_uid: int | None) -> Unit:
        uid = self.next_uid
        self.next_uid += 1
        if tmp_uid is not None:
            self.ids[side][tmp_uid] = uid
        u = Unit(uid, side, kind, sq, self.cfg.pieces[kind].disguise is not None)
        self.units[uid] = u
        return u

    def real_uid(self, side: int, uid: int) -> int:
        return self.ids[side].get(uid, uid) if uid < 0 else uid

    def arrived(self, sq: int) -> None:
        """A unit just came onto `sq`: mines there go off, then any fight there."""
        self.trigger_mines((sq,))
        self.fight_on((sq,))

    def trigger_mines(self, squares) -> None:
        if not (self.mines[0] or self.mines[1]):
            return
        for sq in squares:
            owners = [s for s in (0, 1) if sq in self.mines[s]]
            if not owners:
                continue
            victims = self.units_at(sq)
            for s in owners:
                self.mines[s].discard(sq)
            layers = " and ".join(self.side_name(s) for s in owners)
            self.say_all("mine", f"a mine laid by {layers} goes off on {self.sq_name(sq)}: "
                         f"{self.describe_losses(victims)}", True, self.losses(victims))
            self.destroy(victims)

    def fight_on(self, squares) -> None:
        for sq in sorted(set(squares)):
            here = [u for u in self.units.values() if u.sq == sq]
            if len(here) < 2:
                continue
            a = [u for u in here if u.side == 0]
            b = [u for u in here if u.side == 1]
            if not a or not b:
                continue
            da, db = fight(self.cfg, [u.kind for u in a], [u.kind for u in b])
            victims = [a[i] for i in da] + [b[i] for i in db]
            self.say_all("combat", f"combat on {self.sq_name(sq)}: "
                         f"{self.describe_losses(victims)}", True, self.losses(victims))
            self.destroy(victims)
            self.reveal([u for u in here if u.uid in self.units])

    def reveal(self, units: list[Unit]) -> None:
        for u in units:
            if u.disguised and u.uid in self.units:
                self.units[u.uid] = u._replace(disguised=False)

    def assassinations(self) -> None:
        cfg = self.cfg
        recons = [u for u in self.units.values() if cfg.role[u.kind] == "recon"]
        if not recons:
            return
        victims = []
        for c in list(self.units.values()):
            if c.kind != cfg.commander:
                continue
            killers = [r for r in recons if r.side != c.side and c.sq in cfg.near[r.sq]]
            if killers:
                victims.append(c)
                self.reveal(killers)
                self.say_all("assassination", f"{self.side_name(killers[0].side)} recon on "
                             f"{self.sq_name(killers[0].sq)} assassinates the "
                             f"{self.side_name(c.side)} Commander on {self.sq_name(c.sq)}",
                             True, self.losses([c]))
        self.destroy(victims)

    def commanders_alive(self) -> tuple[bool, bool]:
        return not self.fallen[0], not self.fallen[1]

    # --------------------------------------------------------------- steps

    def step(self, k: int) -> None:
        moving, spawning, skill_orders = self.orders_of_step(k)
        if self.cfg.swap_fight and len(moving) == 2:
            self.meet_on_the_way(moving)                                # 1. a swap
        done = self.move(moving)
        self.tell_moves(done)
        entered = [moved.sq for _, _, moved, _ in done] + self.spawn(spawning)
        # 2-4. mines, combat, assassination (a Recon and an enemy Commander can only
        # come next to each other when one of them moved or arrived)
        self.trigger_mines(entered)
        self.fight_on(entered)
        roles = self.cfg.role
        if self.check_all or any(roles[u.kind] != "combat" for _, u, _, _ in done) or \
                any(roles[kind] != "combat" for _, kind, _, _ in spawning):
            self.check_all = False
            self.assassinations()
        self.use_skills(skill_orders)                                   # 5. skills

    def orders_of_step(self, k: int) -> tuple[dict[int, tuple[Unit, int]], list, list]:
        """Each side's k-th order, sorted into moves (side -> unit, square), spawns and
        skills; a move whose unit is gone lapses (FL-turn-4)."""
        cfg = self.cfg
        moving: dict[int, tuple[Unit, int]] = {}
        spawning = []
        skill_orders = []
        for s in (0, 1):
            order, uid = self.state.plans[s].orders[k]
            if order is PASS:
                continue
            action = order.action
            if action == MOVE:
                u = self.units.get(self.real_uid(s, uid))
                if u is None:
                    self.say(s, "lapse", f"your order {order} lapses: that unit is gone")
                    continue
                moving[s] = (u, cfg.index[order.dst])
            elif action == SPAWN:
                spawning.append((s, cfg.by_letter[order.piece], cfg.index[order.dst], uid))
            elif action == SKILL:
                skill_orders.append((s, order.piece, cfg.index[order.dst], uid))
        return moving, spawning, skill_orders

    def meet_on_the_way(self, moving: dict[int, tuple[Unit, int]]) -> None:
        """Two units that swap squares meet on the way and fight first (FL-combat-6);
        `moving` keeps the survivors, revealed."""
        (u0, d0), (u1, d1) = moving[0], moving[1]
        if d0 != u1.sq or d1 != u0.sq:
            return
        da, db = fight(self.cfg, [u0.kind], [u1.kind])
        victims = [u0 for _ in da] + [u1 for _ in db]
        self.say_all("combat", f"{self.side_name(0)} {u0.kind} and {self.side_name(1)} "
                     f"{u1.kind} meet between {self.sq_name(u0.sq)} and "
                     f"{self.sq_name(u1.sq)}: {self.describe_losses(victims)}",
                     True, self.losses(victims))
        self.destroy(victims)
        for s in (0, 1):
            if moving[s][0].uid not in self.units:
                del moving[s]
            else:
                self.reveal([moving[s][0]])
                moving[s] = (self.units[moving[s][0].uid], moving[s][1])

    def move(self, moving: dict[int, tuple[Unit, int]]) -> list[tuple[int, Unit, Unit, bool]]:
        """Both sides' moves at once: (side, unit before, unit after, moved far) each; a
        disguised Recon moving more than one square is revealed."""
        done = []
        for s, (u, dst) in moving.items():
            far = self.cfg.distance(u.sq, dst) > 1
            moved = Unit(u.uid, u.side, u.kind, dst, u.disguised and not far)
            self.units[u.uid] = moved
            done.append((s, u, moved, far))
        return done

    def tell_moves(self, done: list[tuple[int, Unit, Unit, bool]]) -> None:
        """What each side saw of the moves, after both have moved."""
        names = self.cfg.names
        for s, u, moved, far in done:
            dst = moved.sq
            frm_name, dst_name = names[u.sq], names[dst]
            self.say(s, "move", f"your {u.kind} moves {frm_name} to {dst_name}"
                     + (" and is revealed" if u.disguised and far else ""))
            enemy = 1 - s
            seen_from, seen_to = self.seen_by(enemy, u.sq), self.seen_by(enemy, dst)
            name = self.side_name(s)
            if u.disguised and far and seen_to:
                self.say_all("reveal", f"{name} recon on {dst_name} is revealed",
                             reveals=True)
            if seen_from and seen_to:
                self.say(enemy, "move", f"{name} {self.looks(moved)} moves "
                         f"{frm_name} to {dst_name}")
            elif seen_to:
                self.say(enemy, "move", f"{name} {self.looks(moved)} comes out of the fog "
                         f"onto {dst_name}")
            elif seen_from:
                self.say(enemy, "move", f"{name} {self.looks(u)} on {frm_name} "
                         "moves out of sight")

    def spawn(self, spawning: list) -> list[int]:
        """Units from the reserve arrive; the squares they arrive on."""
        entered = []
        for s, kind, sq, tmp in spawning:
            self.pools[s][kind] -= 1
            u = self.add_unit(s, kind, sq, tmp)
            entered.append(sq)
            self.tell_arrival(u, "from the reserve")
        return entered


def resolve_turn(state: State) -> tuple[State, tuple[Event, ...]]:
    """Both plans are complete: play the turn out and check for the end."""
    cfg = state.cfg
    battle = Battle(state)
    battle.say_all("turn", f"turn {state.turn}: both sides' orders are carried out", reveals=True)
    outcome = None
    for k in range(cfg.actions):
        battle.step(k)
        outcome = victory.commander_check(cfg, battle.commanders_alive())
        if outcome is not None:
            break
    units = battle.units
    pools = (battle.pools[0], battle.pools[1])
    quiet = 0 if battle.casualties else state.quiet + 1
    hold = victory.next_hold(cfg, units.values(), state.hold)
    # One new State, finished in place below before anyone else sees it (cheaper
    # than a chain of `replace` calls; this runs every turn).
    new = State(cfg, state.phase, state.turn + 1, units, battle.next_uid, pools,
                (frozenset(battle.skills[0]), frozenset(battle.skills[1])),
                (frozenset(battle.mines[0]), frozenset(battle.mines[1])),
                state.plans, quiet, hold, state.history, None)
    if outcome is None:
        vals = units.values()
        key = position_key(new)
        history = dict(state.history)
        history[key] = history.get(key, 0) + 1
        new.history = history
        outcome = (victory.only_commanders(cfg, vals, pools)
                   or victory.infantry_wipe(cfg, vals, pools)
                   or victory.hold_check(cfg, hold)
                   or victory.repetition_check(cfg, history[key])
                   or victory.quiet_check(cfg, quiet))
    events = battle.events
    if outcome is not None:
        new.phase, new.outcome, new.turn = OVER, outcome, state.turn
        new.plans = (state.plans[0]._replace(orders=()), state.plans[1]._replace(orders=()))
        events.append(Event("end", str(outcome), None, True))
    else:
        new.plans = fresh_plans(new)
    return new, tuple(events)


def finish_deployment(state: State) -> tuple[State, tuple[Event, ...]]:
    """Both armies are placed: put them on the board and start turn 1."""
    cfg = state.cfg
    units: dict[int, Unit] = {}
    uid = 1
    for s in (0, 1):
        for order, _ in state.plans[s].orders:
            kind = cfg.by_letter[order.piece]
            units[uid] = Unit(uid, s, kind, cfg.index[order.dst],
                              cfg.pieces[kind].disguise is not None)
            uid += 1
    new = state.replace(phase=PLAN, turn=1, units=units, next_uid=uid)
    new = new.replace(plans=fresh_plans(new), history={position_key(new): 1})
    return new, (Event("deployed", "both armies are deployed", None, True),)


def setup_deployment(state: State) -> State:
    """`deployment setup`: the armies stand where the scenario puts them."""
    from toolkit.referee.rulesets.front_lines.orders import auto_deploy

    plans = tuple(auto_deploy(state.cfg, s, deploy_plan(state.cfg, s)) for s in (0, 1))
    return finish_deployment(state.replace(plans=plans))[0]


__all__ = ["Battle", "resolve_turn", "finish_deployment", "setup_deployment"]
