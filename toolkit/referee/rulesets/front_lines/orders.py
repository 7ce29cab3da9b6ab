"""Planning: which orders a side may give now, and what giving one changes.

A side plans its turn one action at a time (sub-decisions of one secret
ORDERS decision, FL-turn-1). Each order is checked against the side's own
planning picture (`Plan`): its units where they will stand after the orders
planned so far. Nothing about the enemy is consulted, so a rejection never
leaks a hidden fact (FL-fog-4).

`why_not` is the one legality function. `legal_orders` enumerates with the
same predicates (`stack_problem`, `move_problem`, the zone tables) and
`tests/test_front_lines_orders.py` checks the two agree on random positions.
"""

from __future__ import annotations

from toolkit.referee.kit.titles import a
from toolkit.referee.protocol import PASS, Illegal
from toolkit.referee.rulesets.front_lines.config import BACKWARD, SIDEWAYS, Config
from toolkit.referee.rulesets.front_lines.notation import DEPLOY, MOVE, SKILL, SPAWN, Order
from toolkit.referee.rulesets.front_lines.state import DEPLOY as DEPLOY_PHASE
from toolkit.referee.rulesets.front_lines.state import PLAN as PLAN_PHASE
from toolkit.referee.rulesets.front_lines.state import Plan, State
from toolkit.referee.rulesets.front_lines.stacking import joinable, stack_problem

__all__ = ["why_not", "legal_orders", "plan_order", "plan_complete", "auto_deploy",
           "stack_problem"]

# ------------------------------------------------------------ predicates


def _kinds(plan: Plan, sq: int, without: int | None = None) -> tuple[str, ...]:
    uids = plan.occ.get(sq)
    if not uids:
        return ()
    return tuple(plan.kinds[u] for u in uids if u != without)


def move_problem(cfg: Config, plan: Plan, uid: int, way: int) -> Illegal | None:
    """The direction rules of one move (FL-move-2, FL-move-4)."""
    if way == BACKWARD or (way == SIDEWAYS and cfg.sideways == "backward"):
        if plan.backed.get(uid, 0) >= cfg.back_limit:
            if cfg.back_limit == 0:
                return Illegal("FL-move-2", "units may not move backward")
            return Illegal("FL-move-2", f"a unit may move backward only {cfg.back_limit} "
                           f"time{'s' if cfg.back_limit != 1 else ''} a turn")
    elif way == SIDEWAYS and cfg.sideways == "forbidden":
        return Illegal("FL-move-4", "units may not move sideways")
    return None


def _find_unit(plan: Plan, sq: int, kind: str) -> int | None:
    for uid in plan.occ.get(sq, ()):
        if plan.kinds[uid] == kind:
            return uid
    return None


def _way(cfg: Config, side: int, kind: str, src: int, dst: int) -> int | None:
    return cfg.ways[side][cfg.pieces[kind].moves][src].get(dst)


# ------------------------------------------------------------ validation


def why_not(state: State, side: int, order: object) -> Illegal | None:
    """None if `side` may give `order` now, else the rule that forbids it."""
    cfg = state.cfg
    plan = state.plans[side]
    if order is PASS:
        return None
    if not isinstance(order, Order):
        return Illegal("FL-notation-1", "that is not a Front Lines order")
    action, piece, src, dst = order
    if action == SKILL:
        kind = None
    else:
        kind = cfg.by_letter.get(piece)
        if kind is None:
            return Illegal("FL-notation-2", f"no piece has the letter {piece}")
    if dst not in cfg.index or (src and src not in cfg.index):
        bad = dst if dst not in cfg.index else src
        return Illegal("FL-notation-2", f"there is no square {bad} on this board")
    to = cfg.index[dst]
    if state.phase == DEPLOY_PHASE:
        if action != DEPLOY:
            return Illegal("FL-deploy-1", "during deployment, place units (I=C2) or pass")
        if plan.pool.get(kind, 0) <= 0:
            return Illegal("FL-deploy-2", f"all your {kind} units are already placed")
        if to not in cfg.deploy[side]:
            return Illegal("FL-deploy-1", f"{dst} is not in your deployment rows")
        return stack_problem(cfg, _kinds(plan, to), kind)
    if state.phase != PLAN_PHASE:
        return Illegal("over", "the game is over")
    if action == DEPLOY:
        return Illegal("FL-deploy-1", "deployment is over")
    if action == MOVE:
        frm = cfg.index[src]
        uid = _find_unit(plan, frm, kind)
        if uid is None:
            return Illegal("FL-move-1", f"you have no {kind} on {src} (as planned so far)")
        way = _way(cfg, side, kind, frm, to)
        if way is None:
            n = cfg.pieces[kind].moves
            return Illegal("FL-move-3", f"{a(kind)} moves up to {n} square{'s' if n > 1 else ''} "
                           "in a straight line, not diagonally")
        return move_problem(cfg, plan, uid, way) or stack_problem(cfg, _kinds(plan, to), kind)
    if action == SPAWN:
        if plan.pool.get(kind, 0) <= 0:
            return Illegal("FL-spawn-1", f"your reserve has no {kind} left")
        if to not in cfg.spawn[side]:
            return Illegal("FL-spawn-2", f"reserves arrive only on your back two rows, not {dst}")
        return stack_problem(cfg, _kinds(plan, to), kind)
    # a Commander skill
    if piece not in plan.skills:
        return Illegal("FL-skill-1", f"your Commander has already used {piece}")
    if to not in cfg.skill_zone[side]:
        return Illegal("FL-skill-2", f"{dst} is out of your Commander's reach")
    if piece == "reinforce":
        return stack_problem(cfg, _kinds(plan, to), cfg.reinforce_piece)
    if piece == "mine" and to in plan.mines:
        return Illegal("FL-skill-6", f"you have already mined {dst}")
    return None


# ----------------------------------------------------------- enumeration


def legal_orders(state: State, side: int) -> list:
    """Every order `why_not` accepts now, in a stable order (moves, spawns, skills, pass)."""
    plan = state.plans[side]
    table = state.cfg.orders
    if state.phase == DEPLOY_PHASE:
        out: list = []
        for kind, left in plan.pool.items():
            if left > 0:
                out.extend(table.deploy_lists[side][kind].minus(plan.blocked[kind]))
        out.append(PASS)
        return out
    if state.phase != PLAN_PHASE:
        return []
    out = _move_orders(state, side, plan)
    for kind, left in plan.pool.items():
        if left > 0:
            out.extend(table.spawn_lists[side][kind].minus(plan.blocked[kind]))
    if plan.skills:
        _add_skill_orders(state, side, plan, out)
    out.append(PASS)
    return out


def _move_orders(state: State, side: int, plan) -> list:
    """Each planned unit's moves, square by square: stacking, and where the scenario
    limits them, sideways and backward moves, decide."""
    cfg = state.cfg
    table = cfg.orders
    out: list = []
    pkinds = plan.kinds
    room = plan.room
    blocked = plan.blocked
    moves = table.moves[side]
    targets = table.targets[side]
    free, limit = cfg.sideways == "free", cfg.back_limit
    sideways = cfg.sideways
    backed_by = plan.backed
    for src, uids in sorted(plan.occ.items()):
        for uid in uids:
            kind = pkinds[uid]
            backed = backed_by.get(uid, 0) >= limit
            if free and not backed:
                # the common case: only stacking can stop a move
                t = targets[kind][src]
                m = blocked[kind] & t.mask
                if m:  # Targets.minus, written out
                    got = t.cuts.get(m)
                    out.extend(got if got is not None else
                               [o for sq, o in t.pairs if not m >> sq & 1])
                else:
                    out.extend(t.orders)
                continue
            for dst, way, order in moves[kind][src]:
                if way == BACKWARD and backed:
                    continue
                if way == SIDEWAYS and (sideways == "forbidden" or
                                        (sideways == "backward" and backed)):
                    continue
                if dst in room and kind not in room[dst]:
                    continue
                out.append(order)
    return out


def _add_skill_orders(state: State, side: int, plan, out: list) -> None:
    """The Commander's skills not yet used, onto the side's skill zone: an airstrike on
    any square of it, a reinforcement where it may stand, a mine where the side has none."""
    skills = plan.skills
    lists = state.cfg.orders.skill_lists[side]
    if "airstrike" in skills:
        out.extend(lists["airstrike"].orders)
    if "reinforce" in skills:
        out.extend(lists["reinforce"].minus(plan.blocked[state.cfg.reinforce_piece]))
    if "mine" in skills:
        mines = plan.mines
        if mines:
            out.extend(o for sq, o in lists["mine"].pairs if sq not in mines)
        else:
            out.extend(lists["mine"].orders)


# ------------------------------------------------------------- planning


def _place(plan: Plan, uid: int, kind: str, sq: int) -> tuple[dict, dict, dict]:
    occ = dict(plan.occ)
    occ[sq] = occ.get(sq, ()) + (uid,)
    where = dict(plan.where)
    where[uid] = sq
    kinds = dict(plan.kinds)
    kinds[uid] = kind
    return occ, where, kinds


def _room(cfg: Config, plan: Plan, occ: dict, kinds: dict, *squares: int) -> tuple[dict, dict]:
    """`plan.room` and `plan.blocked` with the squares whose units changed brought up
    to date (one square's bit in a few masks, rather than every mask made again)."""
    room = dict(plan.room)
    blocked = dict(plan.blocked)
    refused = cfg.refused
    for sq in squares:
        bit = 1 << sq
        old = room.get(sq)
        if old is not None:
            for k in refused[old]:
                blocked[k] &= ~bit
        uids = occ.get(sq)
        if uids:
            new = room[sq] = joinable(cfg, tuple(kinds[u] for u in uids))
            for k in refused[new]:
                blocked[k] |= bit
        else:
            room.pop(sq, None)
    return room, blocked


def plan_order(state: State, side: int, order: object) -> Plan:
    """The side's planning picture after adding a legal `order`."""
    cfg = state.cfg
    plan = state.plans[side]
    if order is PASS:
        if state.phase == DEPLOY_PHASE:
            return auto_deploy(cfg, side, plan)
        return plan._replace(orders=plan.orders + ((PASS, None),), slots=plan.slots + 1)
    action, piece, src, dst = order  # type: ignore[misc]
    to = cfg.index[dst]
    if action == MOVE:
        kind = cfg.by_letter[piece]
        frm = cfg.index[src]
        uid = _find_unit(plan, frm, kind)
        way = _way(cfg, side, kind, frm, to)
        occ = dict(plan.occ)
        left = tuple(u for u in occ[frm] if u != uid)
        if left:
            occ[frm] = left
        else:
            del occ[frm]
        occ[to] = occ.get(to, ()) + (uid,)
        where = dict(plan.where)
        where[uid] = to
        backed = plan.backed
        if way == BACKWARD or (way == SIDEWAYS and cfg.sideways == "backward"):
            backed = dict(backed)
            backed[uid] = backed.get(uid, 0) + 1
        # Plan(...) written out rather than plan._replace(...): this runs on most orders
        return Plan(occ, where, plan.kinds, plan.pool, plan.skills, plan.mines, backed,
                    plan.orders + ((order, uid),), plan.slots + 1, plan.next_tmp,
                    *_room(cfg, plan, occ, plan.kinds, frm, to))
    if action == SPAWN:
        return _from_pool(cfg, plan, order, cfg.by_letter[piece], to, slots=plan.slots + 1)
    if action == SKILL:
        skills = plan.skills - {piece}
        if piece == "reinforce":
            uid = plan.next_tmp
            occ, where, kinds = _place(plan, uid, cfg.reinforce_piece, to)
            room, blocked = _room(cfg, plan, occ, kinds, to)
            return plan._replace(occ=occ, where=where, kinds=kinds, skills=skills,
                                 room=room, blocked=blocked,
                                 orders=plan.orders + ((order, uid),), slots=plan.slots + 1,
                                 next_tmp=uid - 1)
        mines = plan.mines | {to} if piece == "mine" else plan.mines
        return plan._replace(skills=skills, mines=mines,
                             orders=plan.orders + ((order, None),), slots=plan.slots + 1)
    # deployment takes no action slot
    return _from_pool(cfg, plan, order, cfg.by_letter[piece], to, slots=plan.slots)


def _from_pool(cfg: Config, plan: Plan, order: object, kind: str, to: int, slots: int) -> Plan:
    """The plan after a unit of `kind` leaves the pool for square `to` (a spawn or a deployment)."""
    uid = plan.next_tmp
    occ, where, kinds = _place(plan, uid, kind, to)
    pool = dict(plan.pool)
    pool[kind] -= 1
    return Plan(occ, where, kinds, pool, plan.skills, plan.mines, plan.backed,
                plan.orders + ((order, uid),), slots, uid - 1,
                *_room(cfg, plan, occ, kinds, to))


def plan_complete(state: State, side: int) -> bool:
    plan = state.plans[side]
    if state.phase == DEPLOY_PHASE:
        return not any(plan.pool.values())
    return plan.slots >= state.cfg.actions


def auto_deploy(cfg: Config, side: int, plan: Plan) -> Plan:
    """`pass` in deployment (FL-deploy-3): every unit not yet placed goes to its
    square in the scenario's setup, or, if that square cannot take it, to the
    first square of the deployment rows (in reading order) that can."""
    pool = dict(plan.pool)
    for kind, home in cfg.armies[side]:
        if pool.get(kind, 0) <= 0:
            continue
        for sq in (home,) + cfg.deploy_list[side]:
            if stack_problem(cfg, _kinds(plan, sq), kind) is None:
                break
        pool[kind] -= 1
        uid = plan.next_tmp
        occ, where, kinds = _place(plan, uid, kind, sq)
        order = Order(DEPLOY, cfg.letter[kind], "", cfg.names[sq])
        room, blocked = _room(cfg, plan, occ, kinds, sq)
        plan = plan._replace(occ=occ, where=where, kinds=kinds, pool=dict(pool),
                             room=room, blocked=blocked,
                             orders=plan.orders + ((order, uid),), next_tmp=uid - 1)
    return plan
